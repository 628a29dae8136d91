"""`audiopoker speech-test`: it names the active paths and why the others were skipped."""

from __future__ import annotations

import argparse
import io
from pathlib import Path

import pytest

from audiopoker.commands import speech_test
from audiopoker.output import read_transcript
from audiopoker.output.backends import Attempt


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="audiopoker")
    speech_test.register(parser.add_subparsers(dest="command"))
    return parser.parse_args(["speech-test", *argv])


def test_console_in_spanish_says_and_prints_the_paths(tmp_path: Path) -> None:
    out = io.StringIO()
    transcript = tmp_path / "t.jsonl"
    args = parse(["--output", "console", "--lang", "es", "--transcript", str(transcript)])
    assert args.func is speech_test.run
    assert speech_test.run(args, stream=out) == 0
    lines = out.getvalue().splitlines()
    spoken = "Prueba de voz. Hablo a través de console. Braille: ninguno."
    assert lines[:2] == [spoken, "Si puedes oír o leer esto, la salida funciona."]
    assert "Voz activa: console" in lines and "Braille: ninguno" in lines
    assert "Eco en la consola: activado" in lines
    records = read_transcript(transcript)
    assert [r["kind"] for r in records] == ["speech_test", "speech_test"]
    assert records[0]["text"] == spoken and records[0]["braille"] is True


def test_silent_in_english_prints_only_the_report() -> None:
    out = io.StringIO()
    assert speech_test.run(parse(["--output", "silent"]), stream=out) == 0
    assert out.getvalue().splitlines()[:3] == [
        "Active speech: silent",
        "Braille: none",
        "Console echo: off",
    ]


def test_missing_screen_reader_is_explained_and_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    from audiopoker.output import factory

    def nothing(lang: str, attempts: list[Attempt]) -> None:
        attempts.append(Attempt("screen reader", "accessible-output2 NVDA", False, "not running"))

    def nothing_either(lang: str, attempts: list[Attempt]) -> None:
        nothing(lang, attempts)
        attempts.append(Attempt("screen reader", "prism jaws", False, "not running"))

    monkeypatch.setattr(factory, "_screen_reader", nothing_either)
    monkeypatch.setattr(
        factory, "probe_brlapi", lambda: (None, Attempt("braille", "BrlAPI", False, "no BRLTTY"))
    )
    out = io.StringIO()
    assert speech_test.run(parse(["--output", "screenreader"]), stream=out) == 1
    text = out.getvalue()
    assert "Skipped accessible-output2 NVDA, prism jaws: not running" in text
    assert "The requested output (screenreader) is not available; using console." in text
