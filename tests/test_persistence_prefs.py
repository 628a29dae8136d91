"""Preferences are saved when they change: a verbosity or pace changed in the middle of a
hand survives a quit, without the half-played hand being saved as finished; the reminder's
wait is kept with the game too, and a resumed game takes them back unless the command line
gives them. Through the real key loop on a pipe input, with a store in a temp folder."""

from __future__ import annotations

import argparse
import dataclasses
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from prompt_toolkit.input import PipeInput, create_pipe_input
from session_harness import Chips

from audiopoker.commands.play import _given_options_win, words_to_use
from audiopoker.i18n import DEFAULT_WORDS, set_words
from audiopoker.narration.catalog import get_catalog
from audiopoker.narration.language import Language
from audiopoker.output.backends import RecordingBackend
from audiopoker.output.message import Verbosity
from audiopoker.output.router import Router
from audiopoker.persistence import SavedGame, Store
from audiopoker.ui.keymap import default_keymap
from audiopoker.ui.session import Session, Settings


def wait(condition: Callable[[], bool], timeout: float = 20.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.005)
    return False


@contextmanager
def game(
    folder: Path, settings: Settings, saved: SavedGame | None = None
) -> Iterator[tuple[Session, PipeInput, Chips, threading.Thread]]:
    store = Store(folder)
    store.open()
    router = Router(RecordingBackend(), lang=settings.lang)
    try:
        with create_pipe_input() as pipe:
            session = Session(
                settings, router, default_keymap(), input=pipe, store=store, saved=saved
            )
            chips = Chips(settings.chips * settings.players)
            session.game.add_listener(chips)
            thread = threading.Thread(target=session.run, daemon=True)
            thread.start()
            try:
                yield session, pipe, chips, thread
            finally:
                if thread.is_alive():
                    session.stopping.set()
                    pipe.send_text("\x03")
                thread.join(10)
    finally:
        router.close()
        store.close()


def saved_prefs(folder: Path) -> dict[str, object]:
    saved = Store(folder).load().saved
    return dict(saved.prefs) if saved is not None else {}


SETTINGS = Settings(players=3, chips=40, seed=7, bot_delay=0, hands=6, bot_time_budget=None)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_change_mid_hand_is_saved_at_once_and_survives_a_quit(
    lang: Language, tmp_path: Path
) -> None:
    settings = dataclasses.replace(SETTINGS, lang=lang)
    with game(tmp_path, settings) as (session, pipe, chips, thread):
        assert wait(lambda: chips.asked > chips.taken)  # the player's turn: mid-hand
        finished = chips.hands
        before = session.router.verbosity
        pipe.send_text("o\r\x1b")  # the options: Enter changes the first, verbosity; Escape
        assert wait(lambda: session.router.verbosity != before)
        chosen = session.router.verbosity.name.lower()
        assert wait(lambda: saved_prefs(tmp_path).get("verbosity") == chosen)
        pipe.send_text("-")  # slower
        assert wait(lambda: saved_prefs(tmp_path).get("bot_delay") == session.pacer.delay > 0)
        delay = session.pacer.delay
        pipe.close()  # a closed input quits, mid-hand
        thread.join(20)
        assert not thread.is_alive()
    saved = Store(tmp_path).load().saved
    assert saved is not None
    assert saved.prefs["verbosity"] == chosen and saved.prefs["bot_delay"] == delay
    assert saved.hand_number == finished  # the hand being played is not saved as finished
    # Resumed, the game speaks and paces as the player left it.
    with game(tmp_path, settings, saved) as (session, _, _, _):
        assert session.router.verbosity is Verbosity[chosen.upper()]
        assert session.pacer.delay == delay


def test_the_reminder_wait_is_kept_with_the_game(tmp_path: Path) -> None:
    with game(tmp_path, dataclasses.replace(SETTINGS, remind=45)) as (_, _, chips, _):
        assert wait(lambda: chips.asked > chips.taken)
        assert saved_prefs(tmp_path)["remind"] == 45
    saved = Store(tmp_path).load().saved
    assert saved is not None
    with game(tmp_path, SETTINGS, saved) as (session, _, _, _):
        assert session.reminder is not None and session.reminder.seconds == 45


def _args(**given: object) -> argparse.Namespace:
    return argparse.Namespace(**{"bot_delay": 1.0, "verbosity": "normal", "remind": None, **given})


def test_options_given_on_the_command_line_win_over_the_saved_ones(tmp_path: Path) -> None:
    with game(tmp_path, SETTINGS) as (_, _, chips, _):
        assert wait(lambda: chips.asked > chips.taken)
    saved = Store(tmp_path).load().saved
    assert saved is not None
    saved = dataclasses.replace(saved, prefs={"bot_delay": 3.0, "remind": 45})
    kept, settings = _given_options_win(saved, SETTINGS, _args())
    assert kept.prefs == {"bot_delay": 3.0, "remind": 45} and settings == SETTINGS
    kept, settings = _given_options_win(saved, SETTINGS, _args(remind=0, bot_delay=2.5))
    assert kept.prefs == {}
    assert (settings.remind, settings.bot_delay) == (0, 2.5)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_spanish_words_are_kept_with_the_game_and_typed_ones_win(
    lang: Language, tmp_path: Path
) -> None:
    """--words poker is saved with the game's preferences; resumed with no --words, the game
    speaks poker Spanish again; a --words typed on resuming wins and is saved in its place."""
    set_words("poker")  # as run_play does for --words poker, before the session is built
    try:
        with game(tmp_path, dataclasses.replace(SETTINGS, lang=lang)) as (_, _, chips, _):
            assert wait(lambda: chips.asked > chips.taken)
            assert saved_prefs(tmp_path)["words"] == "poker"
    finally:
        set_words(DEFAULT_WORDS)
    saved = Store(tmp_path).load().saved
    assert saved is not None
    kept, _ = _given_options_win(saved, SETTINGS, _args(words=None))
    assert words_to_use(None, kept) == "poker"  # nothing typed: the saved choice
    set_words(words_to_use(None, kept))  # the resumed table's sentences: poker Spanish
    try:
        assert (
            get_catalog(lang).text("action.fold.you")
            == {"es": "Te retiras.", "en": "You fold."}[lang]
        )
    finally:
        set_words(DEFAULT_WORDS)
    assert get_catalog(lang).text("action.fold.you") == {"es": "Te vas.", "en": "You fold."}[lang]
    kept, _ = _given_options_win(saved, SETTINGS, _args(words="sala"))
    assert "words" not in kept.prefs and words_to_use("sala", kept) == "sala"  # typed wins
    set_words(words_to_use("sala", kept))
    with game(tmp_path, dataclasses.replace(SETTINGS, lang=lang), kept) as (_, _, chips, _):
        assert wait(lambda: chips.asked > chips.taken)
        assert wait(lambda: saved_prefs(tmp_path).get("words") == "sala")
    # A game saved before the choice existed, or with a value this version does not know.
    assert words_to_use(None, dataclasses.replace(saved, prefs={})) == DEFAULT_WORDS == "sala"
    assert words_to_use(None, dataclasses.replace(saved, prefs={"words": "jerga"})) == "sala"


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_game_in_the_room_words_stays_in_them_and_a_typed_poker_wins(
    lang: Language, tmp_path: Path
) -> None:
    """The other way round: a game played in the default words (sala) is saved with them and
    resumed in them when nothing is typed; --words poker typed on resuming wins, is what the
    resumed table speaks and is saved in their place."""
    settings = dataclasses.replace(SETTINGS, lang=lang)
    with game(tmp_path, settings) as (_, _, chips, _):
        assert wait(lambda: chips.asked > chips.taken)
        assert saved_prefs(tmp_path)["words"] == "sala"
    saved = Store(tmp_path).load().saved
    assert saved is not None
    kept, _ = _given_options_win(saved, SETTINGS, _args(words=None))
    assert words_to_use(None, kept) == "sala"
    kept, _ = _given_options_win(saved, SETTINGS, _args(words="poker"))
    assert "words" not in kept.prefs and words_to_use("poker", kept) == "poker"
    set_words(words_to_use("poker", kept))  # as run_play does, before the session is built
    try:
        with game(tmp_path, settings, kept) as (session, _, chips, _):
            assert wait(lambda: chips.asked > chips.taken)
            assert wait(lambda: saved_prefs(tmp_path).get("words") == "poker")
            backend = session.router.backend
            assert isinstance(backend, RecordingBackend)
            spoken = " ".join(call.text for call in backend.calls if call.method == "speak")
            # The resumed table's turn: poker Spanish's choices, English's as ever.
            if lang == "es":
                assert " o retirarte." in spoken and " o irte." not in spoken, spoken
            else:
                assert " or fold." in spoken, spoken
    finally:
        set_words(DEFAULT_WORDS)
    resumed = Store(tmp_path).load().saved
    assert resumed is not None and words_to_use(None, resumed) == "poker"
