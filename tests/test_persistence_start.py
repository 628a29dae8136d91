"""Starting a game with a saved game around: resumed with --resume or offered (Enter or Y
resumes; only Delete gives it up, and the file is kept aside; Escape, N and any other key
say the offer again and keep it); a save that cannot be used (truncated, garbage, another version,
impossible values) reported in words in the player's language, kept aside untouched, and a
new game started; two copies at once: the second is refused with a clear message and a
non-zero exit code, and may still play with --no-save."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest
from persistence_support import (
    finish,
    history_files,
    play_saved_game,
    read_histories,
    save_path,
    start_game,
    stats,
)
from prompt_toolkit.input import create_pipe_input

from audiopoker.output.backends import RecordingBackend
from audiopoker.output.router import Router, RoutingPolicy
from audiopoker.persistence import SavedGame, SaveProblem, Store
from audiopoker.ui.keymap import default_keymap
from audiopoker.ui.record_texts import RecordText
from audiopoker.ui.session import Settings
from audiopoker.ui.startup import EXIT_LOCKED, Answer, choose_game

LOCK_EN = "Another copy of audiopoker is playing and saving in"


def router(lang: str = "en") -> tuple[Router, RecordingBackend]:
    backend = RecordingBackend()
    return Router(backend, policy=RoutingPolicy(echo=True), lang=lang), backend


Chosen = tuple[SavedGame, Settings] | Answer | None


def choose(
    folder: Path,
    keys: str = "",
    resume: bool = False,
    lang: str = "en",
    options: tuple[str, ...] = (),
) -> tuple[Chosen, list[str]]:
    """choose_game on ``folder`` with ``keys`` typed once the first line (the offer, or
    the refusal) was spoken, so a key that cuts speech cannot race it; (result, spoken).
    ``options``: typed for a new game, the save not following them."""
    out, backend = router(lang)
    store = Store(folder)
    store.open()
    result: list[Chosen] = []
    try:
        with create_pipe_input() as pipe:

            def run() -> None:
                result.append(
                    choose_game(
                        store,
                        resume=resume,
                        lang="es" if lang == "es" else "en",
                        autopilot=False,
                        text=RecordText("es" if lang == "es" else "en"),
                        router=out,
                        keymap=default_keymap(),
                        input=pipe,
                        new_options=lambda saved, settings: options,
                    )
                )

            thread = threading.Thread(target=run, daemon=True)
            thread.start()
            deadline = time.monotonic() + 30
            while not backend.spoken and thread.is_alive():
                assert time.monotonic() < deadline, "nothing was said"
                time.sleep(0.005)
            for key in keys:
                pipe.send_text(key)
            thread.join(30)
            assert not thread.is_alive(), "choose_game is still waiting for a key"
        out.drain(5)
        return result[0], list(backend.spoken)
    finally:
        store.close()
        out.close()


# -- resuming ----------------------------------------------------------------------------


def test_resume_continues_the_saved_game_without_asking(tmp_path: Path) -> None:
    saved = play_saved_game(tmp_path, hands=4)
    result, spoken = choose(tmp_path, resume=True)
    assert isinstance(result, tuple)
    game, settings = result
    assert game == saved and spoken == []
    assert settings.players == 3 and settings.chips == 100 and settings.bots == "easy"


DELETE = "\x1b[3~"


def status_of(folder: Path, game_id: str) -> str:
    db = stats(folder)
    try:
        row = db.db.execute("SELECT status FROM games WHERE id = ?", (game_id,)).fetchone()
        return str(row[0])
    finally:
        db.close()


@pytest.mark.parametrize("key", ["\r", "y"])
def test_the_offer_says_chips_and_hand_and_enter_or_y_resumes(tmp_path: Path, key: str) -> None:
    saved = play_saved_game(tmp_path, hands=4)
    result, spoken = choose(tmp_path, keys="x" + key)
    assert isinstance(result, tuple) and result[0] == saved
    chips = saved.table.stacks[0]
    assert spoken == [
        f"A saved game is waiting: a cash game of 3 players; you have {chips} chips, and "
        "hand 5 is next. "
        "Enter resumes it; Delete puts it aside and starts a new game.",
        # after the X
        "Press Enter to resume the saved game, or Delete to put it aside and start a new one.",
    ]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_escape_n_and_other_keys_keep_the_saved_game(tmp_path: Path, lang: str) -> None:
    saved = play_saved_game(tmp_path, hands=2)
    before = save_path(tmp_path).read_bytes()
    result, spoken = choose(tmp_path, keys="\x1b" + "nNsqf\x03", lang=lang)
    assert result is Answer.QUIT  # Control+C at last: the save is as it was
    # The offer, then said again at each key (each cutting the one before).
    assert len(spoken) >= 2 and spoken[-1] == spoken[1] != spoken[0]
    assert save_path(tmp_path).read_bytes() == before
    assert not list(tmp_path.glob("saved-game.json.*"))
    assert status_of(tmp_path, saved.game_id) != "abandoned"


@pytest.mark.parametrize(
    ("lang", "offer_end", "put_aside"),
    [
        (
            "en",
            "Enter resumes it; Delete puts it aside and starts a new game.",
            "The saved game was put aside, not deleted; a new game starts. To get it back, "
            "quit and rename the file named on screen to saved-game.json.",
        ),
        (
            "es",
            "Intro la continúa; Suprimir la aparta y empieza una partida nueva.",
            "La partida guardada se apartó, sin borrarla; empieza una partida nueva. Para "
            "recuperarla, sal y cambia el nombre del archivo que se muestra en pantalla a "
            "saved-game.json.",
        ),
    ],
)
def test_delete_puts_the_saved_game_aside_never_deletes_it(
    tmp_path: Path, lang: str, offer_end: str, put_aside: str, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = play_saved_game(tmp_path, hands=2)
    before = save_path(tmp_path).read_bytes()
    result, spoken = choose(tmp_path, keys=DELETE, lang=lang)
    assert result is None
    assert spoken[0].endswith(offer_end)
    (kept,) = tmp_path.glob("saved-game.json.discarded-*")
    assert kept.read_bytes() == before and not save_path(tmp_path).exists()
    # Said without the file's name (seconds of English letters); the name is printed.
    assert spoken[-1] == put_aside and not any(kept.name in line for line in spoken)
    assert str(kept) in capsys.readouterr().err
    assert status_of(tmp_path, saved.game_id) == "abandoned"


def test_escape_at_the_offer_keeps_the_save_in_the_real_program(tmp_path: Path) -> None:
    play_saved_game(tmp_path, hands=2)
    before = save_path(tmp_path).read_bytes()
    process = start_game(tmp_path, "--hands", "2", "--seed", "4")
    try:
        assert process.stdin is not None
        process.stdin.write(b"\x1b")  # Escape, pressed by reflex to cut the long offer
        process.stdin.flush()
        time.sleep(0.3)  # apart from the next key, so it is a lone Escape
        process.stdin.write(b"n\x03")  # N, then Control+C
        process.stdin.flush()
        code, err = finish(process, timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            finish(process)
    assert code == 0, err
    assert save_path(tmp_path).read_bytes() == before
    assert not list(tmp_path.glob("saved-game.json.*"))


def test_control_c_at_the_offer_quits(tmp_path: Path) -> None:
    play_saved_game(tmp_path, hands=1)
    result, _ = choose(tmp_path, keys="\x03")
    assert result is Answer.QUIT


def test_resume_with_nothing_saved_says_so(tmp_path: Path) -> None:
    result, spoken = choose(tmp_path, resume=True)
    assert result is None
    assert spoken == ["There is no saved game to resume; a new game starts."]


def test_records_a_crash_left_ahead_of_the_save_are_cut(tmp_path: Path) -> None:
    saved = play_saved_game(tmp_path, hands=3)
    (history,) = history_files(tmp_path)
    with open(history, "ab") as file:
        file.write(b'\n[4]\nvariant = "NT"\nantes = [0, 0')  # a hand being written
    result, _ = choose(tmp_path, resume=True)
    assert isinstance(result, tuple)
    assert history.stat().st_size == saved.history.size
    assert [h.extra["hand"] for h in read_histories(history)] == [1, 2, 3]


# -- saves that cannot be used -----------------------------------------------------------


def damaged_variants(good: bytes) -> dict[str, tuple[bytes, SaveProblem]]:
    document = json.loads(good)
    newer = dict(document, version=document["version"] + 1)
    negative = json.loads(good)
    negative["table"]["stacks"][1] = -5
    wrong_rng = json.loads(good)
    wrong_rng["bots"][1]["rng"] = "not a generator"
    return {
        "truncated": (good[: len(good) // 2], SaveProblem.DAMAGED),
        "cut at the end": (good[:-3], SaveProblem.DAMAGED),
        "empty": (b"", SaveProblem.DAMAGED),
        "garbage": (bytes(range(256)) * 4, SaveProblem.DAMAGED),
        "another format": (b'{"hello": "world"}', SaveProblem.NOT_A_SAVE),
        "wrong version": (json.dumps(newer).encode(), SaveProblem.WRONG_VERSION),
        "negative stack": (json.dumps(negative).encode(), SaveProblem.BAD_CONTENT),
        "bad generator": (json.dumps(wrong_rng).encode(), SaveProblem.BAD_CONTENT),
    }


def test_saves_that_cannot_be_used_are_reported_and_kept_aside(tmp_path: Path) -> None:
    play_saved_game(tmp_path / "good", hands=2)
    good = save_path(tmp_path / "good").read_bytes()
    for name, (data, problem) in damaged_variants(good).items():
        folder = tmp_path / name.replace(" ", "_")
        folder.mkdir()
        save_path(folder).write_bytes(data)
        store = Store(folder)
        store.open()
        try:
            found = store.load()
        finally:
            store.close()
        assert found.saved is None and found.error is not None, name
        assert found.error.problem is problem, name
        assert found.kept_as is not None and found.kept_as.read_bytes() == data, name
        assert "damaged" in found.kept_as.name and not save_path(folder).exists(), name


@pytest.mark.parametrize(
    ("lang", "sentence"),
    [
        (
            "en",
            "The saved game could not be used: it was saved in format 2, and this version of "
            "audiopoker reads format 1. It was kept as {file}, and a new game starts.",
        ),
        (
            "es",
            "No se pudo usar la partida guardada: se guardó en el formato 2 y esta versión de "
            "audiopoker lee el formato 1. Se guardó aparte como {file} y empieza una partida "
            "nueva.",
        ),
    ],
)
def test_a_wrong_version_is_said_in_the_players_language(
    tmp_path: Path, lang: str, sentence: str
) -> None:
    play_saved_game(tmp_path, hands=1)
    document = json.loads(save_path(tmp_path).read_bytes())
    save_path(tmp_path).write_text(json.dumps(dict(document, version=2)))
    result, spoken = choose(tmp_path, keys="y", lang=lang)
    assert result is None
    (kept,) = tmp_path.glob("saved-game.json.damaged-*")
    assert spoken == [sentence.format(file=kept.name)]


def test_a_save_the_game_cannot_continue_is_kept_aside_too(tmp_path: Path) -> None:
    play_saved_game(tmp_path, hands=2)
    document = json.loads(save_path(tmp_path).read_bytes())
    document["settings"]["players"] = 5  # three names, five players
    save_path(tmp_path).write_text(json.dumps(document))
    result, spoken = choose(tmp_path, resume=True)
    assert result is None
    assert spoken[0].startswith("The saved game could not be used: some of its values cannot")
    assert len(list(tmp_path.glob("saved-game.json.damaged-*"))) == 1


def test_the_real_game_reports_a_garbled_save_and_plays_a_new_game(tmp_path: Path) -> None:
    tmp_path.mkdir(exist_ok=True)
    garbage = b"\x00\xff garbled {"
    save_path(tmp_path).write_bytes(garbage)
    code, err = finish(start_game(tmp_path, "--hands", "2", "--seed", "4"))
    assert code == 0, err
    (kept,) = tmp_path.glob("saved-game.json.damaged-*")
    assert kept.read_bytes() == garbage
    assert (
        "The saved game could not be used: the file is damaged, cut short or garbled. "
        f"It was kept as {kept.name}, and a new game starts." in err
    )
    (history,) = history_files(tmp_path)
    assert [h.extra["hand"] for h in read_histories(history)] == [1, 2]
    assert not save_path(tmp_path).exists()  # that game ended at its hand limit


def test_a_closed_input_quits_the_real_game_and_keeps_its_save(tmp_path: Path) -> None:
    # Long enough not to end by itself: 5,000 chips each, blinds 1/2.
    process = start_game(tmp_path, "--seed", "3", "--chips", "5000", "--hands", "100000")
    try:
        deadline = time.monotonic() + 60
        while not (history_files(tmp_path) and read_histories(history_files(tmp_path)[0])):
            assert process.poll() is None and time.monotonic() < deadline, "no hand recorded"
            time.sleep(0.02)
        assert process.stdin is not None
        process.stdin.close()  # the keyboard's stream ends, as with stdin at end of file
        code, err = finish(process, timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            finish(process)
    assert code == 0, err
    assert "Traceback" not in err and "EOFError" not in err
    saved = SavedGame.from_json(save_path(tmp_path).read_bytes())  # kept, as after Q and Y
    (history,) = history_files(tmp_path)
    hands = read_histories(history)
    assert saved.hand_number == len(hands) >= 1 and saved.history.size == history.stat().st_size
    assert [h.hand_number for h in hands] == list(range(1, len(hands) + 1))


# -- two copies at once ------------------------------------------------------------------


def wait_for_save(folder: Path, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while not save_path(folder).exists():
        assert time.monotonic() < deadline, "the first copy never saved"
        time.sleep(0.02)


def test_two_copies_at_once_one_plays_the_other_is_refused(tmp_path: Path) -> None:
    # Enough hands and chips that the copy that plays cannot end its game during the test
    # (a loaded machine once let 500 hands finish before the last check); it is killed below.
    playing_options = ("--hands", "100000", "--chips", "5000")
    copies = [start_game(tmp_path, "--seed", str(n), *playing_options) for n in (1, 2)]
    try:
        deadline = time.monotonic() + 60
        while all(copy.poll() is None for copy in copies):
            assert time.monotonic() < deadline, "neither copy was refused"
            time.sleep(0.05)
        (refused,) = [copy for copy in copies if copy.poll() is not None]
        (playing,) = [copy for copy in copies if copy is not refused]
        code, err = finish(refused)
        assert code == EXIT_LOCKED
        assert f"{LOCK_EN} {tmp_path}. Close it first, or start this one with --no-save" in err
        wait_for_save(tmp_path)
        saved = save_path(tmp_path).read_bytes()
        # Meanwhile a copy may play without saving: it writes nothing to the folder.
        code, err = finish(start_game(tmp_path, "--no-save", "--seed", "2", "--hands", "2"))
        assert code == 0, err
        assert playing.poll() is None  # the first copy plays on
    finally:
        for copy in copies:
            if copy.poll() is None:
                copy.kill()
                copy.wait(10)
            finish(copy)
    assert len(history_files(tmp_path)) == 1  # one game, one history
    assert SavedGame.from_json(saved).hand_number >= 0  # the save read back whole
