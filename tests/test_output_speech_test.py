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
    assert speech_test.run(parse(["--output", "silent", "--lang", "en"]), stream=out) == 0
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
    assert speech_test.run(parse(["--output", "screenreader", "--lang", "en"]), stream=out) == 1
    text = out.getvalue()
    assert "Skipped accessible-output2 NVDA, prism jaws: not running" in text
    assert "The requested output (screenreader) is not available; using console." in text


def test_spanish_report_through_the_recording_backend(monkeypatch: pytest.MonkeyPatch) -> None:
    """--lang es: what is spoken and brailled, the printed report and every reason of ours
    come from the output catalog in Spanish; a library's own error text stays as it is."""
    from audiopoker.output.backends import RecordingBackend
    from audiopoker.output.factory import Selection

    backend = RecordingBackend()
    attempts = [
        Attempt.said("screen reader", "prism nvda", False, "attempt.not_running"),
        Attempt.said("screen reader", "prism jaws", False, "attempt.not_running"),
        Attempt.said("screen reader", "prism orca", False, "attempt.not_built"),
        Attempt("screen reader", "accessible-output2 Dolphin", False, "OSError: no DLL"),
        Attempt.said("tts", "pyttsx3 espeak", True, "attempt.voice", voice="es"),
        Attempt.said("braille", "none", False, "attempt.no_braille"),
    ]
    selection = Selection("screenreader", backend, "pyttsx3 espeak", "none", "tts", False, attempts)
    monkeypatch.setattr(speech_test, "select_backend", lambda *args: selection)
    out = io.StringIO()
    args = parse(["--output", "screenreader", "--lang", "es", "--no-echo"])
    assert speech_test.run(args, stream=out) == 1
    spoken = "Prueba de voz. Hablo a través de pyttsx3 espeak. Braille: ninguno."
    assert backend.spoken == [spoken, "Si puedes oír o leer esto, la salida funciona."]
    assert backend.brailled == ["pyttsx3 espeak / ninguno", backend.spoken[1]]
    assert out.getvalue().splitlines() == [
        "Voz activa: pyttsx3 espeak",
        "Braille: ninguno",
        "Eco en la consola: desactivado",
        "Descartado prism nvda, prism jaws: no está en marcha",
        "Descartado prism orca: no compilado para este sistema",
        "Descartado accessible-output2 Dolphin: OSError: no DLL",
        "La salida pedida (screenreader) no está disponible; uso tts.",
    ]
    # The English text stays on the attempt for the logs.
    assert attempts[0].reason == "not running" and attempts[4].reason == "voice es"


def test_an_unavailable_output_is_said_in_the_players_language(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """build_router (play, watch, replay, stats) tells the player when --output fell back."""
    from audiopoker.output import factory

    monkeypatch.setattr(factory, "_screen_reader", lambda lang, attempts: None)
    no_display = Attempt.said("braille", "BrlAPI", False, "attempt.brlapi_missing")
    monkeypatch.setattr(factory, "probe_brlapi", lambda: (None, no_display))
    out = io.StringIO()
    transcript = tmp_path / "t.jsonl"
    router = factory.build_router("screenreader", transcript, lang="es", stream=out)
    router.close()
    notice = "La salida pedida (screenreader) no está disponible; uso console."
    assert out.getvalue().splitlines() == [notice]
    assert [(r["kind"], r["text"]) for r in read_transcript(transcript)] == [
        ("output_fallback", notice)
    ]
    out = io.StringIO()
    factory.build_router("console", lang="es", stream=out).close()
    assert out.getvalue() == ""  # nothing to say when the output asked for is there
