"""Log records go to the log file, never onto the player's console mid-game; what the
player must know is said through the router in their language (a failed sound device, a
failed speech backend, a refused save)."""

from __future__ import annotations

import dataclasses
import io
import logging
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from persistence_support import (
    finish,
    history_files,
    play_saved_game,
    save_path,
    start_game,
)
from prompt_toolkit.input import create_pipe_input
from session_harness import running
from sound_support import BreaksAfter, broken_at_start

from audiopoker.audio.listener import build_sound
from audiopoker.audio.sound_backends import RecordingBackend as SoundRecording
from audiopoker.cli import main
from audiopoker.logfile import LOG_FILE_NAME, log_path
from audiopoker.output import Message
from audiopoker.output.backends import ConsoleBackend, RecordingBackend
from audiopoker.output.router import Router, RoutingPolicy
from audiopoker.persistence import Store
from audiopoker.persistence.store import HISTORY_DIR
from audiopoker.ui.keymap import default_keymap
from audiopoker.ui.record_keys import RecordKeys
from audiopoker.ui.record_texts import RecordText
from audiopoker.ui.session import Session, Settings
from audiopoker.ui.startup import choose_game

# Said to the console only: no voice is probed (that would start Speech Dispatcher).
SHOWDOWN = [
    "showdown", "--board", "Ac Kd Qh Js Tc", "--hand", "2h 2s", "--hand", "9d 9c",
    "--output", "console",
]  # fmt: skip


@pytest.fixture(autouse=True)
def quiet_logging() -> Iterator[None]:
    """Leave the process's logging as this test found it."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    ours = logging.getLogger("audiopoker").level
    yield
    for handler in list(root.handlers):
        if handler not in handlers:
            root.removeHandler(handler)
            handler.close()
    root.setLevel(level)
    logging.getLogger("audiopoker").setLevel(ours)
    logging.captureWarnings(False)


def test_warnings_go_to_the_log_file_in_the_data_folder_not_the_console(
    private_data_dir: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    assert main(SHOWDOWN) == 0
    capfd.readouterr()
    logging.getLogger("audiopoker.audio").warning("Sound is off: no device. The game goes on.")
    logging.getLogger("some.library").warning("a library's complaint")
    logging.getLogger("audiopoker.persistence").info("dropped 1 unsaved hand")
    logging.getLogger("some.library").info("a library's chatter")
    with warnings.catch_warnings():
        warnings.simplefilter("always")
        # pytest puts its own hook back around each test: hand the warnings to logging
        # again, as configure_logging did.
        logging.captureWarnings(False)
        logging.captureWarnings(True)
        warnings.warn("an old API", DeprecationWarning, stacklevel=1)
    for handler in logging.getLogger().handlers:
        handler.flush()
    assert capfd.readouterr().err == ""
    path = private_data_dir / "logs" / LOG_FILE_NAME
    assert log_path() == path
    written = path.read_text("utf-8")
    assert "WARNING audiopoker.audio" in written and "Sound is off: no device" in written
    assert "a library's complaint" in written and "dropped 1 unsaved hand" in written
    assert "an old API" in written
    assert "a library's chatter" not in written  # libraries below warning stay out


@pytest.mark.parametrize("arguments", [["--debug", *SHOWDOWN], [*SHOWDOWN, "--debug"]])
def test_debug_prints_the_log_on_stderr_as_well(
    arguments: list[str], private_data_dir: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    assert main(arguments) == 0
    capfd.readouterr()
    logging.getLogger("audiopoker.output").debug("the reader answered")
    assert "DEBUG audiopoker.output" in capfd.readouterr().err
    for handler in logging.getLogger().handlers:
        handler.flush()
    assert "the reader answered" in (private_data_dir / "logs" / LOG_FILE_NAME).read_text()


def test_a_refused_save_is_said_in_spanish_and_only_logged_in_english(tmp_path: Path) -> None:
    save_path(tmp_path).write_bytes(b"\x00\xff garbled {")
    code, err = finish(start_game(tmp_path, "--hands", "1", "--seed", "4", "--lang", "es"))
    assert code == 0, err
    assert "No se pudo usar la partida guardada: el archivo está dañado" in err
    assert "saved game refused" not in err and "WARNING" not in err
    logged = (tmp_path / "logs" / LOG_FILE_NAME).read_text("utf-8")
    assert "saved game refused" in logged


def test_with_debug_the_game_prints_its_log_on_stderr(tmp_path: Path) -> None:
    save_path(tmp_path).write_bytes(b"\x00\xff garbled {")
    code, err = finish(start_game(tmp_path, "--hands", "1", "--seed", "4", "--debug"))
    assert code == 0, err
    assert "WARNING audiopoker.persistence.store [MainThread] saved game refused" in err


# -- what the log says is also said to the player ---------------------------------------

WATCH = Settings(
    players=3, chips=30, seed=9, bot_delay=0, hands=3, watch=True, bot_time_budget=None
)
OFF_EN = "Sound cues are off: no sound device works here. The game goes on in words."
OFF_ES = (
    "Los sonidos están desactivados: aquí no funciona ningún dispositivo de sonido. "
    "La partida sigue con palabras."
)


def said(sound_factory: object, settings: Settings = WATCH) -> list[str]:
    sound = build_sound(enabled=True, backend=sound_factory)  # type: ignore[arg-type]
    with running(settings, sound=sound) as game:
        assert game.wait(lambda: game.finished, 60), "the game did not end"
        return [str(record["text"]) for record in game.records()]


def test_a_sound_device_failing_at_the_start_is_said_once_after_the_welcome() -> None:
    texts = said(broken_at_start)
    assert texts.count(OFF_EN) == 1
    assert texts.index(OFF_EN) == 1  # right after the welcome
    spanish = said(broken_at_start, dataclasses.replace(WATCH, lang="es"))
    assert spanish.count(OFF_ES) == 1


def test_a_sound_device_failing_mid_game_is_said_once_when_it_happens() -> None:
    unplugged = BreaksAfter(good=30)
    texts = said(lambda: unplugged)
    assert texts.count(OFF_EN) == 1
    assert 1 < texts.index(OFF_EN) < len(texts) - 1


def test_working_sound_says_nothing_about_sound() -> None:
    texts = said(SoundRecording)
    assert OFF_EN not in texts and OFF_EN.split(":")[0] not in " ".join(texts)


class FailingSpeech(RecordingBackend):
    def speak(self, text: str, interrupt: bool) -> None:
        raise OSError("the reader went away")


@pytest.mark.parametrize(
    ("lang", "notice"),
    [
        ("en", "Speech stopped working; from now on every message is printed here too."),
        (
            "es",
            "La voz ha dejado de funcionar; a partir de ahora cada mensaje también se "
            "escribe aquí.",
        ),
    ],
)
def test_failing_speech_is_printed_once_with_the_message_it_failed_and_every_one_after(
    lang: str, notice: str
) -> None:
    stream = io.StringIO()
    policy = RoutingPolicy(echo=False)  # a screen reader reads the terminal: no echo
    with Router(
        FailingSpeech(), policy=policy, console=ConsoleBackend(stream), lang=lang
    ) as router:
        router.send(Message("x", "first"))
        router.drain()
        router.send(Message("x", "second"))
        router.send(Message("x", "third"))
        router.drain()
    # The message whose speech failed is printed too: nothing the player missed is lost.
    assert stream.getvalue().splitlines() == [notice, "first", "second", "third"]


@pytest.mark.parametrize(
    ("lang", "opening"),
    [
        ("en", "This game's hand history was shorter than saved; it was kept as "),
        ("es", "El historial de manos de esta partida era más corto de lo guardado; "),
    ],
)
def test_a_hand_history_found_short_on_resume_is_said_and_kept_aside_once(
    tmp_path: Path, lang: str, opening: str
) -> None:
    play_saved_game(tmp_path, hands=3)
    (history,) = history_files(tmp_path)
    history.write_bytes(history.read_bytes()[:40])  # hands lost outside the game
    backend = RecordingBackend()
    router = Router(backend, policy=RoutingPolicy(echo=False), lang=lang)
    store = Store(tmp_path)
    store.open()
    try:
        chosen = choose_game(
            store,
            resume=True,
            lang="es" if lang == "es" else "en",
            autopilot=True,
            text=RecordText("es" if lang == "es" else "en"),
            router=router,
            keymap=default_keymap(),
        )
        assert isinstance(chosen, tuple)
        saved, settings = chosen
        with create_pipe_input() as pipe:
            session = Session(
                settings, router, default_keymap(), input=pipe, store=store, saved=saved
            )
        session.greet()
        router.drain(5)
    finally:
        router.close()
        store.close()
    (kept,) = (tmp_path / HISTORY_DIR).glob("*.short-*")
    assert len(kept.read_bytes()) == 40  # the short file itself, not an empty copy
    notice = [text for text in backend.spoken if text.startswith(opening)]
    assert len(notice) == 1 and kept.name in notice[0]


class UnreadableRecords:
    """A recorder whose history file cannot be read back."""

    def last_hand(self) -> None:
        raise OSError("input/output error")

    def numbers(self) -> object:
        raise AssertionError("not asked")


def test_a_last_hand_that_cannot_be_read_is_said_so_not_that_none_was_played() -> None:
    keys = RecordKeys(UnreadableRecords(), RecordText("es"), 0)  # type: ignore[arg-type]
    (message,) = keys.replay()
    assert message.kind == "error" and message.interrupt
    assert message.text == RecordText("es").replay_failed()
