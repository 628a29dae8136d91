"""Every command that prints also speaks: hint, showdown, stats, replay and drill, run in
process with a recording voice in place of the screen reader, send their lines to speech in
the language asked for, and print them too (the echo is off, as with a screen reader that
reads the terminal, so the command prints them itself). ``--json`` only prints."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest
from persistence_support import history_files, play_saved_game
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from audiopoker.cli import main
from audiopoker.output import factory
from audiopoker.output.backends import RecordingBackend
from audiopoker.persistence import data_dir

SPOT = ["--board", "Ah 7d 2c", "--hand", "Ks Kd", "--pot", "60", "--to-call", "20"]
SHOWDOWN = ["--board", "Kd 8c 4s 3h 2d", "--hand", "Kh Qc", "--hand", "Ks Jd"]
# A Spanish player writes the suits' Spanish initials: picas, corazones, diamantes, tréboles.
SPANISH_LETTERS = str.maketrans("chs", "tcp")


def in_spanish(args: list[str]) -> list[str]:
    """The card values of ``args`` in a Spanish player's letters; the options unchanged."""
    return [arg if arg.startswith("-") else arg.translate(SPANISH_LETTERS) for arg in args]


@pytest.fixture
def voice(monkeypatch: pytest.MonkeyPatch) -> Iterator[RecordingBackend]:
    """A recording voice chosen for every ``--output``, as a screen reader would be."""
    backend = RecordingBackend("recording")

    def select(output: str, lang: str, *rest: object, **named: object) -> factory.Selection:
        return factory.Selection(output, backend, "recording", "none", output, True)

    monkeypatch.setattr(factory, "select_backend", select)
    yield backend


def spoken(backend: RecordingBackend) -> list[str]:
    return [call.text for call in backend.calls if call.method == "speak"]


@pytest.mark.parametrize(
    ("lang", "first_words"),
    [("en", "Calling 20 to win 60: you need 25 percent."), ("es", "Seguir con 20 para ganar 60:")],
)
def test_hint_speaks_its_two_answers(
    voice: RecordingBackend, capsys: pytest.CaptureFixture[str], lang: str, first_words: str
) -> None:
    spot = SPOT if lang == "en" else in_spanish(SPOT)
    code = main(["hint", *spot, "--players", "3", "--lang", lang, "--output", "screenreader"])
    out = capsys.readouterr().out.splitlines()
    said = spoken(voice)
    assert code == 0 and len(said) == 2 and said == out
    assert said[0].startswith(first_words), said[0]


@pytest.mark.parametrize(
    ("lang", "verdict"),
    [
        ("en", "Player 1 wins with a pair of kings, queen kicker."),
        ("es", "Gana Jugador 1 con pareja de reyes, kicker reina."),
    ],
)
def test_showdown_speaks_each_hand_and_the_verdict(
    voice: RecordingBackend, capsys: pytest.CaptureFixture[str], lang: str, verdict: str
) -> None:
    cards = SHOWDOWN if lang == "en" else in_spanish(SHOWDOWN)
    code = main(["showdown", *cards, "--lang", lang, "--output", "screenreader"])
    out = capsys.readouterr().out.splitlines()
    said = spoken(voice)
    assert code == 0 and len(said) == 3 and said == out
    assert said[2].startswith(verdict), said[2]


@pytest.mark.parametrize("command", ["hint", "showdown"])
def test_json_is_printed_not_spoken(
    voice: RecordingBackend, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    spot = [*SPOT, "--players", "3"] if command == "hint" else SHOWDOWN
    assert main([command, *spot, "--json", "--output", "screenreader"]) == 0
    assert capsys.readouterr().out.startswith("{") and spoken(voice) == []


@pytest.mark.parametrize(("lang", "words"), [("en", "hands played"), ("es", "manos jugadas")])
def test_stats_speaks_the_numbers(
    voice: RecordingBackend, capsys: pytest.CaptureFixture[str], lang: str, words: str
) -> None:
    play_saved_game(data_dir(), hands=2)
    assert main(["stats", "--lang", lang, "--output", "screenreader"]) == 0
    said = spoken(voice)
    assert said == capsys.readouterr().out.splitlines() and len(said) > 3
    assert any(words in line.lower() for line in said), said


@pytest.mark.parametrize(("lang", "words"), [("en", "Hand 1"), ("es", "Mano 1")])
def test_replay_speaks_the_hands(voice: RecordingBackend, lang: str, words: str) -> None:
    play_saved_game(data_dir(), hands=1)
    (history,) = history_files(data_dir())
    assert main(["replay", str(history), "--lang", lang, "--output", "screenreader"]) == 0
    said = spoken(voice)
    assert len(said) > 3 and any(line.startswith(words) for line in said), said


@pytest.mark.parametrize(("lang", "goodbye"), [("en", "Goodbye."), ("es", "Adiós.")])
def test_drill_speaks_its_question_and_goodbye(
    voice: RecordingBackend, lang: str, goodbye: str
) -> None:
    def quit_once_asked() -> None:
        # Q asks, Q again ends the round: pressed once the drill's first words were said
        # (pressed before, the quit could silence them before any was spoken).
        deadline = time.monotonic() + 30
        while len(spoken(voice)) < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        pipe.send_text("qq")

    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        keys = threading.Thread(target=quit_once_asked, daemon=True)
        keys.start()
        arguments = ["drill", "ranking", "--seed", "1", "--no-save", "--lang", lang]
        assert main([*arguments, "--output", "screenreader"]) == 0
        keys.join(5)
    said = spoken(voice)
    assert len(said) >= 3 and said[-1] == goodbye, said
