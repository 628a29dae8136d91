"""The Spanish words are a preference every command honours: chosen once (``--words`` typed to
any command, or the options of a game), they are kept in the player's preferences file and
``drill``, ``hint``, ``stats``, ``replay``, ``showdown`` and a new ``play`` game speak in them
without ``--words``; a ``--words`` typed wins and is remembered; a damaged or unwritable file
never stops a command. Run in process, in a private data folder (conftest), each command's
lines read on the console it prints them to."""

from __future__ import annotations

import dataclasses
import errno
import json
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from persistence_support import history_files, play_saved_game
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from side_support import hosted_table, remote_player

from audiopoker.cli import main
from audiopoker.commands import play
from audiopoker.commands.words_choice import WordsRemembered, prefs_file
from audiopoker.i18n import DEFAULT_WORDS, Language, current_words, set_words
from audiopoker.narration.catalog import get_catalog
from audiopoker.output.backends import RecordingBackend
from audiopoker.output.router import Router
from audiopoker.persistence import StatsDB, data_dir, now_text
from audiopoker.persistence.drills import DrillLog
from audiopoker.persistence.stats import DB_NAME
from audiopoker.ui import player_prefs
from audiopoker.ui.keymap import default_keymap
from audiopoker.ui.player_prefs import FILE_NAME, OLD_FILE_NAME, PrefsFile
from audiopoker.ui.session import Settings

LANGS: tuple[Language, ...] = ("en", "es")
CONSOLE = ["--output", "console"]
HINT = ["--board", "Ah 7d 2c", "--hand", "Js Jd", "--pot", "60", "--to-call", "20"]
SHOWDOWN = ["--board", "Kd 8c 4s 3h 2d", "--hand", "Jh Jc", "--hand", "Ks Qd"]

# What each command says, in each vocabulary: the room's words (sala) and poker Spanish;
# English is the same whichever is chosen.
SAID = {
    "hint": {
        "sala": ["Seguir con 20 para ganar 60", "pareja de sotas"],
        "poker": ["Pagar 20 para ganar 60", "pareja de jotas"],
        "en": ["Calling 20 to win 60", "pair of jacks"],
    },
    "showdown": {
        "sala": ["sota de corazones y sota de tréboles: pareja de sotas"],
        "poker": ["jota de corazones y jota de tréboles: pareja de jotas"],
        "en": ["jack of hearts and jack of clubs: pair of jacks"],
    },
    "stats": {
        "sala": ["Práctica de mostrar las cartas: 1 sesión"],
        "poker": ["Práctica de showdown: 1 sesión"],
        "en": ["Showdown drill: 1 session"],
    },
    "replay": {"sala": ["Bob se va."], "poker": ["Bob se retira."], "en": ["Bob folds."]},
    "drill": {
        "sala": ["Mano 1: reina de picas, sota de picas"],
        "poker": ["Mano 1: reina de picas, jota de picas"],
        "en": ["Hand 1: queen of spades, jack of spades"],
    },
}
# A sentence of the game itself (the table's narration), as a new play game would say it.
FOLD = {"sala": "Te vas.", "poker": "Te retiras.", "en": "You fold."}


@pytest.fixture(autouse=True)
def default_words() -> Iterator[None]:
    """The words are the process's: every test leaves them at the default."""
    yield
    set_words(DEFAULT_WORDS)


@pytest.fixture
def records() -> None:
    """A finished game (its hand histories, for replay) and a showdown drill round (for
    stats), in the private data folder."""
    play_saved_game(data_dir(), hands=3, seed=4)
    stats = StatsDB(data_dir() / DB_NAME)
    try:
        log = DrillLog.start(stats, "showdown", now_text(), planned=1, seed=1, lang="es")
        log.record(1, now_text(), "q", "1", 1, True, best_streak=1)
        log.finish(now_text())
    finally:
        stats.close()


def command_line(command: str, lang: Language) -> list[str]:
    """``command`` as a player of ``lang`` types it, no --words: a Spanish player types the
    suits' Spanish initials (picas, corazones, diamantes, tréboles)."""
    spanish = str.maketrans("chs", "tcp" if lang == "es" else "chs")
    rest = {
        "hint": [*HINT, "--players", "2"],
        "showdown": SHOWDOWN,
        "replay": [str(history_files(data_dir())[0])] if command == "replay" else [],
        "drill": ["ranking", "--seed", "1", "--no-save"],
        "stats": [],
    }[command]
    if command in ("hint", "showdown"):
        rest = [a if a.startswith("-") else a.translate(spanish) for a in rest]
    return [command, *rest, "--lang", lang, *CONSOLE]


def said_by(command: str, lang: Language, capsys: pytest.CaptureFixture[str], *typed: str) -> str:
    """What ``command`` prints (and says) run with the options ``typed``; it must succeed."""
    capsys.readouterr()
    if command == "drill":  # Q asks to leave, Q again ends the round
        with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
            pipe.send_text("qq")
            assert main([*command_line(command, lang), *typed]) == 0
    else:
        assert main([*command_line(command, lang), *typed]) == 0
    return capsys.readouterr().out


def assert_in_words(said: str, command: str, lang: Language, words: str) -> None:
    """``said`` is in ``words`` (for Spanish), and not in the other vocabulary's."""
    expected = SAID[command]["en" if lang == "en" else words]
    for part in expected:
        assert part in said, (part, said)
    if lang == "es":
        other = "sala" if words == "poker" else "poker"
        for part in SAID[command][other]:
            assert part not in said, (part, said)


def kept_words() -> object:
    return json.loads((data_dir() / FILE_NAME).read_text("utf-8")).get("words")


class NewGame:
    """``play`` up to the game: the session is made, then its run only notes the words the
    game speaks in (no keys, no table played)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.heard: list[tuple[str, str, bool]] = []
        heard = self.heard

        def run(session: play.PlaySession) -> int:
            fold = get_catalog(session.settings.lang).text("action.fold.you")
            heard.append((current_words(), fold, session.remembered is not None))
            return 0

        monkeypatch.setattr(play.PlaySession, "run", run)

    def start(self, lang: Language, *typed: str) -> tuple[str, str, bool]:
        arguments = ["play", "--lang", lang, "--no-save", "--no-sound", "--output", "silent"]
        assert main([*arguments, *typed]) == 0
        return self.heard[-1]


COMMANDS = ("hint", "showdown", "stats", "replay", "drill")


@pytest.mark.usefixtures("records")
@pytest.mark.parametrize("lang", LANGS)
def test_poker_chosen_once_is_spoken_by_every_command(
    lang: Language, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """play --words poker once: every command after it speaks poker Spanish with no --words,
    and so does a new game; English is English whatever the choice."""
    for command in COMMANDS:  # nothing chosen yet: the room's words
        assert_in_words(said_by(command, lang, capsys), command, lang, "sala")
    game = NewGame(monkeypatch)
    assert game.start(lang, "--words", "poker") == (
        "poker",
        FOLD["en" if lang == "en" else "poker"],
        True,
    )
    assert kept_words() == "poker"
    for command in COMMANDS:
        assert_in_words(said_by(command, lang, capsys), command, lang, "poker")
    set_words(DEFAULT_WORDS)  # a new process: only the file remembers
    assert game.start(lang) == ("poker", FOLD["en" if lang == "en" else "poker"], True)


@pytest.mark.usefixtures("records")
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("command", COMMANDS)
def test_words_typed_win_and_are_remembered(
    lang: Language, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each command takes --words: what it says is in the words typed, which are then the
    last choice, for it and for the next command run without them."""
    for words in ("poker", "sala", "poker"):
        assert_in_words(said_by(command, lang, capsys, "--words", words), command, lang, words)
        assert kept_words() == words
        assert_in_words(said_by(command, lang, capsys), command, lang, words)
        other = "showdown" if command != "showdown" else "hint"
        assert_in_words(said_by(other, lang, capsys), other, lang, words)


@pytest.mark.parametrize("lang", LANGS)
def test_a_new_game_takes_the_last_choice_and_a_resumed_one_its_own(
    lang: Language, monkeypatch: pytest.MonkeyPatch
) -> None:
    """play: --words typed, else a resumed game's words, else the last chosen, else sala."""
    saved = play_saved_game(data_dir(), hands=1)
    assert play.words_to_use(None, None, "poker") == "poker"  # a new game: the last choice
    assert play.words_to_use(None, None, None) == DEFAULT_WORDS
    in_sala = dataclasses.replace(saved, prefs={"words": "sala"})
    assert play.words_to_use(None, in_sala, "poker") == "sala"  # resumed: its own words
    assert play.words_to_use("poker", in_sala, "sala") == "poker"  # typed: always
    game = NewGame(monkeypatch)
    assert prefs_file().write({"words": "poker"}) is None
    assert game.start(lang)[0] == "poker"
    assert game.start(lang, "--words", "sala")[0] == "sala" and kept_words() == "sala"
    assert game.start(lang)[0] == "sala"


def options_words(session: play.PlaySession) -> tuple[str, ...]:
    return tuple(s.name for s in session.controller.settings() if s.name == "words")


@pytest.mark.parametrize("start", ["sala", "poker"])
def test_words_changed_in_a_games_options_are_the_last_choice(
    start: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The options (O) of a local game change the words: the change is every command's
    choice from then on; another preference changed leaves the words kept as they were."""
    set_words(start)
    router = Router(RecordingBackend(), lang="es")
    with create_pipe_input() as pipe:
        session = play.PlaySession(
            Settings(players=3, lang="es", seed=1), router, default_keymap(), input=pipe
        )
        session.remembered = (WordsRemembered(prefs_file()),)
        try:
            assert prefs_file().write({"words": "poker" if start == "sala" else "sala"}) is None
            (verbosity,) = [s for s in session.controller.settings() if s.name == "verbosity"]
            verbosity.change()  # not the words: the last choice stays the file's
            assert kept_words() != start
            (words,) = [s for s in session.controller.settings() if s.name == "words"]
            now = "poker" if start == "sala" else "sala"
            assert words.change() == session.text.option("words." + now)
            assert current_words() == now and kept_words() == now
        finally:
            session.local.close()
            router.close()
    set_words(DEFAULT_WORDS)  # the next command is another process
    assert_in_words(said_by("showdown", "es", capsys), "showdown", "es", now)
    # In English the words are not offered: nothing to change.
    with create_pipe_input() as pipe:
        english = play.PlaySession(
            Settings(players=3, lang="en", seed=1),
            Router(RecordingBackend(), lang="en"),
            default_keymap(),
            input=pipe,
        )
        try:
            assert options_words(english) == ()
        finally:
            english.local.close()
            english.router.close()


def test_words_changed_at_a_network_table_are_every_commands(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A network seat's options keep the words in the same file (with its preferences):
    the next command speaks in them."""
    prefs = prefs_file()
    with (
        hosted_table(seats=3, hands=2, lang="es") as hosted,
        remote_player(hosted, "Zoe", "es", prefs=prefs) as zoe,
    ):
        (words,) = [s for s in zoe.side.controller.settings() if s.name == "words"]
        words.change()
        assert current_words() == "poker" and prefs.read()["words"] == "poker"
    set_words(DEFAULT_WORDS)
    assert_in_words(said_by("showdown", "es", capsys), "showdown", "es", "poker")


@pytest.mark.parametrize("lang", LANGS)
def test_a_damaged_preferences_file_never_stops_a_command(
    lang: Language, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A damaged file: kept aside, the command speaks in the default words, and a choice
    typed then is kept in a new file."""
    path = data_dir() / FILE_NAME
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"words": "pok', encoding="utf-8")
    assert_in_words(said_by("showdown", lang, capsys), "showdown", lang, "sala")
    (aside,) = data_dir().glob(f"{FILE_NAME}.damaged-*")
    assert aside.read_text("utf-8") == '{"words": "pok'
    game = NewGame(monkeypatch)
    path.write_text("[1, 2]", encoding="utf-8")  # JSON, but no preferences
    assert game.start(lang)[0] == "sala"
    said = said_by("showdown", lang, capsys, "--words", "poker")
    assert_in_words(said, "showdown", lang, "poker")
    assert kept_words() == "poker"


@pytest.mark.parametrize("lang", LANGS)
def test_an_unwritable_preferences_file_never_stops_a_command(
    lang: Language,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The disk refuses: the words typed are spoken all the same, the command ends well,
    and the log says why they are not remembered."""

    def full(path: Path, data: bytes) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(player_prefs, "atomic_write", full)
    with caplog.at_level(logging.WARNING, logger=player_prefs.__name__):
        said = said_by("showdown", lang, capsys, "--words", "poker")
        assert NewGame(monkeypatch).start(lang, "--words", "poker")[0] == "poker"
    assert_in_words(said, "showdown", lang, "poker")
    assert not (data_dir() / FILE_NAME).exists()
    assert "preferences not kept (full)" in caplog.text, caplog.text
    set_words(DEFAULT_WORDS)
    assert_in_words(said_by("showdown", lang, capsys), "showdown", lang, "sala")


def test_the_old_network_preferences_are_read_and_moved() -> None:
    """network-prefs.json (before the file held every command's words) is read while there
    is no preferences.json; the next change writes its contents there."""
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / OLD_FILE_NAME).write_text('{"words": "poker", "verbosity": "brief"}', "utf-8")
    file = PrefsFile(folder)
    assert file.read() == {"words": "poker", "verbosity": "brief"}
    assert file.update({"words": "sala"}) is None
    assert json.loads((folder / FILE_NAME).read_text("utf-8")) == {
        "words": "sala",
        "verbosity": "brief",
    }
    assert file.read()["words"] == "sala"
