"""`audiopoker speech-test`: it names the active paths, the echo and why, and why the
others were skipped, all in the player's language: no Python reprs, no library text (that
goes to the log), and the truth about a built-in voice with no sound device."""

from __future__ import annotations

import argparse
import io
import logging
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from tts_support import FakeEngine, FakePlayer

from audiopoker.commands import speech_test
from audiopoker.output import echo as echo_module
from audiopoker.output import factory, read_transcript
from audiopoker.output.backends import Attempt, RecordingBackend
from audiopoker.output.factory import Selection
from audiopoker.output.tts import TtsBackend


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="audiopoker")
    speech_test.register(parser.add_subparsers(dest="command"))
    return parser.parse_args(["speech-test", *argv])


@pytest.fixture(autouse=True)
def no_reader_running(monkeypatch: pytest.MonkeyPatch) -> None:
    """The echo's default must not depend on the machine running the tests."""
    monkeypatch.setattr(echo_module, "running_screen_readers", lambda: ())


def no_display(monkeypatch: pytest.MonkeyPatch) -> None:
    missing = Attempt.said("braille", "BrlAPI", False, "attempt.brlapi_missing")
    monkeypatch.setattr(factory, "probe_brlapi", lambda lang="en": (None, missing))


def reported(monkeypatch: pytest.MonkeyPatch, selection: Selection, argv: list[str]) -> str:
    monkeypatch.setattr(speech_test, "select_backend", lambda *args, **kwargs: selection)
    out = io.StringIO()
    speech_test.run(parse(argv), stream=out)
    return out.getvalue()


def test_console_in_spanish_says_and_prints_the_paths(tmp_path: Path) -> None:
    out = io.StringIO()
    transcript = tmp_path / "t.jsonl"
    args = parse(["--output", "console", "--lang", "es", "--transcript", str(transcript)])
    assert args.func is speech_test.run
    assert speech_test.run(args, stream=out) == 0
    lines = out.getvalue().splitlines()
    spoken = "Prueba de voz. Hablo a través de la consola. Braille: ninguno."
    assert lines[:2] == [spoken, "Si puedes oír o leer esto, la salida funciona."]
    assert "Voz activa: la consola" in lines and "Braille: ninguno" in lines
    assert "Eco en la consola: activado (la consola es la única salida)" in lines
    records = read_transcript(transcript)
    assert [r["kind"] for r in records] == ["speech_test", "speech_test"]
    assert records[0]["text"] == spoken and records[0]["braille"] is True


def test_silent_in_english_prints_only_the_report() -> None:
    out = io.StringIO()
    assert speech_test.run(parse(["--output", "silent", "--lang", "en"]), stream=out) == 0
    assert out.getvalue().splitlines()[:3] == [
        "Active speech: silence",
        "Braille: none",
        "Console echo: off (the output is silent)",
    ]


def test_missing_screen_reader_is_explained_and_fails(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A reason that is only a library's text is logged; the line says it failed."""

    def nothing(lang: str, attempts: list[Attempt], *choice: str) -> None:
        attempts.append(Attempt("screen reader", "accessible-output2 NVDA", False, "not running"))
        attempts.append(Attempt("screen reader", "prism jaws", False, "OSError: no DLL"))

    monkeypatch.setattr(factory, "_screen_reader", nothing)
    no_display(monkeypatch)
    caplog.set_level(logging.INFO, logger="audiopoker.commands.speech_test")
    out = io.StringIO()
    assert speech_test.run(parse(["--output", "screenreader", "--lang", "en"]), stream=out) == 1
    text = out.getvalue()
    assert (
        "Skipped accessible-output2 NVDA, prism jaws: it failed (the details are in the log file)"
    ) in text
    assert "The requested output (screenreader) is not available; using the console." in text
    assert "OSError" not in text and "OSError: no DLL" in caplog.text


def test_spanish_report_through_the_recording_backend(monkeypatch: pytest.MonkeyPatch) -> None:
    """--lang es: what is spoken and brailled, the printed report and every reason come
    from the output catalog in Spanish; a library's own error text goes to the log."""
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
    text = reported(
        monkeypatch, selection, ["--output", "screenreader", "--lang", "es", "--no-echo"]
    )
    spoken = "Prueba de voz. Hablo a través de pyttsx3 espeak. Braille: ninguno."
    assert backend.spoken == [spoken, "Si puedes oír o leer esto, la salida funciona."]
    assert backend.brailled == ["pyttsx3 espeak / ninguno", backend.spoken[1]]
    assert text.splitlines() == [
        "Voz activa: pyttsx3 espeak",
        "Braille: ninguno",
        "Eco en la consola: desactivado (lo pediste con --no-echo)",
        "Descartado prism nvda, prism jaws: no está en marcha",
        "Descartado prism orca: no compilado para este sistema",
        "Descartado accessible-output2 Dolphin: falló (los detalles están en el archivo de "
        "registro)",
        "La salida pedida (screenreader) no está disponible; uso la voz integrada.",
    ]
    # The English text stays on the attempt for the logs.
    assert attempts[0].reason == "not running" and attempts[4].reason == "voice es"


def test_no_python_repr_or_library_text_is_printed(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A display named with bytes reprs is said plainly; an error field holding a
    library's message (with reprs and line breaks) says "details in the log file"."""
    backend = RecordingBackend()
    error = (
        "couldn't connect to b':0' with key b'keyfile:/etc/brlapi.key': connect: No such "
        "file or directory\n(brlerrno 11, libcerrno 2, gaierrno 0)\nIs BRLTTY really running?"
    )
    attempts = [
        Attempt.said("braille", "BrlAPI", False, "attempt.brltty_unreachable", error=error),
        Attempt.said("tts", "pyttsx3", False, "attempt.could_not_start", error="<object at 0x7f>"),
    ]
    selection = Selection(
        "auto", backend, "Speech Dispatcher", "BrlAPI (b'TTY', 40 cells)", "screenreader", False
    )
    selection.attempts.extend(attempts)
    caplog.set_level(logging.INFO, logger="audiopoker.commands.speech_test")
    for lang in ("en", "es"):
        text = reported(monkeypatch, selection, ["--lang", lang])
        assert not re.search(r"\bb'|\bb\"|<|0x|brlerrno|Traceback", text), text
        assert len(text.splitlines()) == 7  # the two spoken lines echoed, and the report
    assert "Braille: BrlAPI (TTY, 40 cells)" in text
    assert "Descartado BrlAPI: no se puede contactar con BRLTTY: detalles en el archivo" in text
    assert "Descartado pyttsx3: no pudo arrancar: detalles en el archivo de registro" in text
    assert "brlerrno 11" in caplog.text and "<object at 0x7f>" in caplog.text
    assert backend.spoken[-2] == (
        "Prueba de voz. Hablo a través de Speech Dispatcher. Braille: BrlAPI (TTY, 40 cells)."
    )


@pytest.mark.parametrize(
    ("readers", "argv", "line"),
    [
        ((), [], "Console echo: on (no screen reader reads the terminal)"),
        (
            ("fenrir",),
            [],
            "Console echo: off (a screen reader that reads the terminal is running: Fenrir)",
        ),
        (("fenrir",), ["--echo"], "Console echo: on (you asked for it with --echo)"),
    ],
)
def test_the_echo_line_says_why(
    monkeypatch: pytest.MonkeyPatch, readers: tuple[str, ...], argv: list[str], line: str
) -> None:
    monkeypatch.setattr(echo_module, "running_screen_readers", lambda: readers)
    selection = Selection("auto", RecordingBackend(), "pyttsx3 espeak", "none", "tts", False)
    text = reported(monkeypatch, selection, ["--lang", "en", *argv])
    assert line in text.splitlines()
    assert (line.startswith("Console echo: on")) == (text.startswith("Speech test."))


@pytest.mark.skipif(
    shutil.which("aplay") is None, reason="needs aplay (apt-get install alsa-utils)"
)
def test_tts_with_no_sound_device_says_so_once_and_uses_the_console(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty-alsa.conf"
    empty.write_text("")
    monkeypatch.setenv("ALSA_CONFIG_PATH", str(empty))  # no default device, on any machine
    no_display(monkeypatch)
    out = io.StringIO()
    assert speech_test.run(parse(["--output", "tts", "--lang", "es"]), stream=out) == 1
    lines = out.getvalue().splitlines()
    assert "Voz activa: la consola" in lines
    assert (
        "Descartado pyttsx3: sin dispositivo de sonido: aplay no puede reproducir en la "
        "salida predeterminada"
    ) in lines
    notice = (
        "La voz integrada no tiene dispositivo de sonido; cada mensaje se escribe aquí en su lugar."
    )
    assert lines[-1] == notice
    assert [line for line in lines if "no tiene dispositivo de sonido" in line] == [notice]
    assert capfd.readouterr() == ("", "")  # no ALSA or aplay text


def test_a_voice_that_loses_its_device_during_the_test_says_so(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """The start probe played, yet the voice's player fails: the report tells the truth."""
    fake: Any = FakeEngine()
    voice = TtsBackend(engine_factory=lambda: fake, player=FakePlayer(tmp_path, "fail").command)
    attempts = [Attempt.said("tts", "pyttsx3 espeak", True, "attempt.voice", voice="gmw/en")]
    selection = Selection("tts", voice, "pyttsx3 espeak", "none", "tts", False, attempts)
    monkeypatch.setattr(speech_test, "select_backend", lambda *args, **kwargs: selection)
    out = io.StringIO()
    assert speech_test.run(parse(["--output", "tts", "--lang", "en"]), stream=out) == 1
    assert out.getvalue().splitlines()[-1] == (
        "The built-in voice has no sound device; every message is printed here instead."
    )
    assert capfd.readouterr().err == ""


def test_an_unavailable_output_is_said_in_the_players_language(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """build_router (play, watch, replay, stats) tells the player when --output fell back."""
    monkeypatch.setattr(factory, "_screen_reader", lambda *args: None)
    no_display(monkeypatch)
    out = io.StringIO()
    transcript = tmp_path / "t.jsonl"
    router = factory.build_router("screenreader", transcript, lang="es", stream=out)
    router.close()
    notice = "La salida pedida (screenreader) no está disponible; uso la consola."
    assert out.getvalue().splitlines() == [notice]
    assert [(r["kind"], r["text"]) for r in read_transcript(transcript)] == [
        ("output_fallback", notice)
    ]
    out = io.StringIO()
    factory.build_router("console", lang="es", stream=out).close()
    assert out.getvalue() == ""  # nothing to say when the output asked for is there


def test_the_game_says_once_that_the_voice_has_no_sound_device(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With --output tts or auto, a voice without a sound device is said once at start
    (instead of the generic fallback line), and the console prints every message."""
    no_sound = Attempt.said("tts", "pyttsx3", False, "attempt.no_sound_device")
    monkeypatch.setattr(factory, "tts_problem", lambda: no_sound)
    monkeypatch.setattr(factory, "_screen_reader", lambda *args: None)
    no_display(monkeypatch)
    for output in ("tts", "auto"):
        out = io.StringIO()
        router = factory.build_router(output, lang="en", stream=out)
        assert router.policy.echo is True
        router.close()
        assert out.getvalue().splitlines() == [
            "The built-in voice has no sound device; every message is printed here instead."
        ]
