"""Backend probing and selection, with fake screen reader libraries standing in for NVDA,
JAWS and Prism (no test needs a running screen reader)."""

from __future__ import annotations

import argparse
import enum
import io
import sys
import threading
import types
from pathlib import Path
from typing import Any, ClassVar

import pytest

from audiopoker.output import (
    Message,
    PairBackend,
    RecordingBackend,
    SilentBackend,
    add_output_arguments,
    build_router,
    factory,
    read_transcript,
    screenreader,
    select_backend,
)
from audiopoker.output.backends import Attempt, Call, ConsoleBackend
from audiopoker.output.clipboard import ClipboardCommand, copy_to_clipboard, find_clipboard_command
from audiopoker.output.sysmodules import import_system_module

# A fake accessible-output2 with one output of each kind the probe must handle.


class Output:
    name = "Unnamed Output"
    priority = 100
    system_output = False

    def braille(self, text: str, **options: Any) -> bool:
        return False


class SpeechDispatcher(Output):
    name = "Linux Speech Dispatcher"

    def __init__(self) -> None:
        print("Cannot find Speech Dispatcher. Please install python3-speechd.")

    def is_active(self) -> bool:
        return False


class Dolphin(Output):
    name = "Dolphin"

    def __init__(self) -> None:
        raise OSError("dolapi64.dll: cannot load")


class Hanging(Output):
    name = "Hanging Reader"

    def __init__(self) -> None:
        self.release = threading.Event()

    def is_active(self) -> bool:
        self.release.wait(2)
        return False


class Sapi(Output):
    name = "sapi5"
    priority = 101
    system_output = True


class NVDA(Output):
    name = "NVDA"
    instances: ClassVar[list[NVDA]] = []

    def __init__(self) -> None:
        self.calls: list[Call] = []
        self.threads: set[int] = set()
        NVDA.instances.append(self)

    def is_active(self) -> bool:
        return True

    def speak(self, text: str, interrupt: bool = False) -> None:
        self.threads.add(threading.get_ident())
        self.calls.append(Call("speak", text, interrupt))

    def braille(self, text: str, **options: Any) -> bool:
        self.calls.append(Call("braille", text))
        return True

    def silence(self) -> None:
        self.calls.append(Call("silence"))


class Jaws(NVDA):
    name = "jaws"
    silence = None  # type: ignore[assignment]  # JAWS has no silence() in accessible-output2


@pytest.fixture
def fake_ao2(monkeypatch: pytest.MonkeyPatch) -> list[type]:
    classes: list[type] = [SpeechDispatcher, Dolphin, Hanging, Sapi, NVDA, Jaws]
    package = types.ModuleType("accessible_output2")
    package.get_output_classes = lambda: list(classes)  # type: ignore[attr-defined]
    outputs = types.ModuleType("accessible_output2.outputs")
    base = types.ModuleType("accessible_output2.outputs.base")
    base.Output = Output  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "accessible_output2", package)
    monkeypatch.setitem(sys.modules, "accessible_output2.outputs", outputs)
    monkeypatch.setitem(sys.modules, "accessible_output2.outputs.base", base)
    NVDA.instances.clear()
    return classes


def test_ao2_probe_explains_each_skip_and_keeps_stdout_clean(
    fake_ao2: list[type], capsys: pytest.CaptureFixture[str]
) -> None:
    backend, attempts = screenreader.probe_accessible_output2("en", timeout=0.3)
    assert capsys.readouterr().out == ""
    reasons = {attempt.name: attempt for attempt in attempts}
    # What the library printed becomes the reason (or, without python3-speechd, the import).
    assert "python3-speechd" in reasons["accessible-output2 Linux Speech Dispatcher"].reason
    assert "OSError" in reasons["accessible-output2 Dolphin"].reason
    hanging = reasons["accessible-output2 Hanging Reader"]
    assert hanging.reason == "no answer within 0.3 s"
    assert hanging.reason_in("es") == "sin respuesta en 0.3 s"
    assert "not a screen reader" in reasons["accessible-output2 sapi5"].reason
    assert reasons["accessible-output2 sapi5"].reason_in("es") == (
        "un motor de voz, no un lector de pantalla"
    )
    # A library's own words have no translation: they are shown as they are in any language.
    dolphin = reasons["accessible-output2 Dolphin"]
    assert dolphin.reason_in("es") == dolphin.reason
    assert reasons["accessible-output2 NVDA"].ok
    assert "not needed" in reasons["accessible-output2 jaws"].reason
    assert backend is not None and backend.name == "accessible-output2 NVDA"
    assert backend.has_braille and backend.reads_console
    assert backend.is_speaking() is None  # NVDA's API cannot tell
    backend.speak("Ana calls.", False)
    backend.speak("Pot 30.", True)
    backend.braille("Pot 30")
    backend.silence()
    backend.close()
    nvda = NVDA.instances[0]
    assert nvda.calls == [
        Call("speak", "Ana calls."),
        Call("speak", "Pot 30.", True),
        Call("braille", "Pot 30"),
        Call("silence"),
    ]
    assert threading.get_ident() not in nvda.threads  # the owner thread makes the calls


def test_ao2_backend_silences_jaws_with_an_interrupting_utterance(fake_ao2: list[type]) -> None:
    fake_ao2[:] = [Jaws]
    backend, _ = screenreader.probe_accessible_output2("en")
    assert backend is not None
    backend.silence()
    backend.close()
    assert NVDA.instances[0].calls == [Call("speak", " ", True)]


def test_ao2_load_failure_is_a_reason_not_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(name: str, package: str | None = None) -> Any:
        if name.startswith("accessible_output2"):
            raise ImportError("No module named 'appscript'")
        return real(name, package)

    real = screenreader.importlib.import_module
    monkeypatch.setattr(screenreader.importlib, "import_module", broken)
    backend, attempts = screenreader.probe_accessible_output2("en")
    assert backend is None
    (attempt,) = attempts
    assert (attempt.name, attempt.ok) == ("accessible-output2", False)
    assert "appscript" in attempt.reason


# A fake prismatoid.


class FakeBackendId(enum.IntEnum):
    NVDA = 1
    SPEECH_DISPATCHER = 2


class Features:
    supports_braille = False
    supports_stop = True
    supports_is_speaking = True
    supports_set_voice = True
    supports_speak = True


class FakePrismBackend:
    name = "Speech Dispatcher"
    features = Features()
    voices_count = 2

    def __init__(self) -> None:
        self.calls: list[Call] = []
        self.voice = 0
        self.speaking = False

    def get_voice_language(self, index: int) -> str:
        return ["en-US", "es_ES"][index]

    def speak(self, text: str, interrupt: bool = False) -> None:
        self.calls.append(Call("speak", text, interrupt))

    def stop(self) -> None:
        self.calls.append(Call("silence"))


class FakeContext:
    created: ClassVar[list[FakePrismBackend]] = []

    def exists(self, backend_id: FakeBackendId) -> bool:
        return True

    def create(self, backend_id: FakeBackendId) -> FakePrismBackend:
        if backend_id is FakeBackendId.NVDA:
            raise RuntimeError("Backend not available")
        backend = FakePrismBackend()
        FakeContext.created.append(backend)
        return backend


@pytest.fixture
def fake_prism(monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("prism")
    module.BackendId = FakeBackendId  # type: ignore[attr-defined]
    module.Context = FakeContext  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "prism", module)
    FakeContext.created.clear()


def test_prism_probe_picks_the_first_running_reader_and_keeps_the_players_voice(
    fake_prism: None,
) -> None:
    backend, attempts = screenreader.probe_prism("es", keys=("NVDA", "JAWS", "SPEECH_DISPATCHER"))
    by_name = {a.name: a for a in attempts}
    assert "not available" in by_name["prism nvda"].reason
    assert by_name["prism jaws"].reason == "not built for this system"
    assert backend is not None and backend.name == "prism Speech Dispatcher"
    assert not backend.has_braille
    backend.speak("Hola.", False)
    backend.speak("", True)  # Prism refuses empty text: an empty interrupt only stops
    backend.braille("ignored: no braille here")
    assert backend.is_speaking() is False
    backend.close()
    raw = FakeContext.created[0]
    assert raw.voice == 0  # the voice the player chose, not one picked by language
    assert backend.speech_timing == "polled"  # this fake says whether it speaks
    assert raw.calls == [Call("speak", "Hola."), Call("silence")]


def test_prism_missing_is_reported_with_the_extra_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "prism", None)  # makes `import prism` fail
    backend, attempts = screenreader.probe_prism("en")
    assert backend is None
    assert "audiopoker[prism]" in attempts[0].reason


# Selection: the chain order and the fallbacks.


@pytest.fixture
def chain(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Replace each stage with a controllable fake and record which stages were tried."""
    state: dict[str, Any] = {"tried": [], "prism": None, "ao2": None, "tts": None}

    def stage(name: str) -> Any:
        def probe(*args: Any, **kwargs: Any) -> tuple[Any, list[Attempt]]:
            state["tried"].append(name)
            found = state[name]
            return found, [Attempt("screen reader", name, found is not None, "fake")]

        return probe

    def tts(lang: str, rate: Any, volume: Any, attempts: list[Attempt]) -> Any:
        state["tried"].append("tts")
        return state["tts"]

    monkeypatch.delenv("AUDIOPOKER_NO_PRISM", raising=False)
    # No Speech Dispatcher here: its real client would start the machine's own daemon.
    monkeypatch.setattr(
        factory,
        "probe_speech_dispatcher",
        lambda lang="en": (None, Attempt("screen reader", "speech-dispatcher", False, "fake")),
    )
    monkeypatch.setattr(factory, "probe_prism", stage("prism"))
    monkeypatch.setattr(factory, "probe_accessible_output2", stage("ao2"))
    monkeypatch.setattr(factory, "_tts", tts)
    monkeypatch.setattr(
        factory,
        "probe_brlapi",
        lambda lang="en": (None, Attempt("braille", "BrlAPI", False, "fake")),
    )
    return state


def reader(name: str, braille: bool, reads_console: bool = True) -> RecordingBackend:
    backend = RecordingBackend(name)
    backend.has_braille = braille  # type: ignore[attr-defined]
    backend.reads_console = reads_console  # type: ignore[attr-defined]
    return backend


def test_auto_prefers_prism_then_accessible_output2(chain: dict[str, Any]) -> None:
    chain["prism"] = reader("prism NVDA", braille=True)
    chain["ao2"] = reader("accessible-output2 NVDA", braille=True)
    selection = select_backend("auto")
    assert chain["tried"] == ["prism"]
    assert selection.speech == "prism NVDA" and selection.stage == "screenreader"
    assert selection.braille == "prism NVDA braille"
    assert factory.default_echo(selection) is False  # NVDA would read the echo again


def test_on_linux_speech_dispatcher_comes_first_even_with_prismatoid_installed(
    chain: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its own client is the only path that says when each message ended (bots wait for
    speech, answers cut in at once): Prism, which would only pace by estimate, is not even
    asked (tests/test_output_speech_timing.py runs both for real)."""
    monkeypatch.setattr(factory.sys, "platform", "linux")
    spd = reader("Speech Dispatcher", braille=False)
    found = Attempt("screen reader", "speech-dispatcher", True, "running")
    monkeypatch.setattr(factory, "probe_speech_dispatcher", lambda lang="en": (spd, found))
    monkeypatch.setattr(factory, "orca_running", lambda: True)
    chain["prism"] = reader("prism Speech Dispatcher", braille=False)
    selection = select_backend("auto")
    assert chain["tried"] == []
    assert selection.speech == "Speech Dispatcher" and selection.stage == "screenreader"
    skipped = [a for a in selection.attempts if a.name in ("prism", "accessible-output2")]
    assert [(a.ok, a.key) for a in skipped] == [(False, "attempt.not_needed")] * 2


def test_auto_falls_through_to_ao2_then_tts_then_console(chain: dict[str, Any]) -> None:
    chain["ao2"] = reader("accessible-output2 Linux Speech Dispatcher", False, False)
    selection = select_backend("auto")
    assert chain["tried"] == ["prism", "ao2"]
    assert selection.braille == "none"
    assert factory.default_echo(selection) is True  # no Orca: nothing reads the terminal
    chain["ao2"], chain["tried"] = None, []
    chain["tts"] = RecordingBackend("pyttsx3 espeak")
    selection = select_backend("auto")
    assert chain["tried"] == ["prism", "ao2", "tts"] and selection.stage == "tts"
    chain["tts"], chain["tried"] = None, []
    selection = select_backend("auto")
    assert selection.stage == "console" and selection.satisfied
    assert isinstance(selection.backend, SilentBackend)


def test_explicit_output_that_is_missing_falls_back_and_says_so(chain: dict[str, Any]) -> None:
    selection = select_backend("screenreader")
    assert chain["tried"] == ["prism", "ao2"]  # never the TTS: the player asked for a reader
    assert selection.stage == "console" and not selection.satisfied


def test_brlapi_is_paired_with_the_speech_backend(
    chain: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    display = RecordingBackend("BrlAPI (fake, 40 cells)")
    monkeypatch.setattr(
        factory, "probe_brlapi", lambda lang="en": (display, Attempt("braille", "b", True, ""))
    )
    monkeypatch.setattr(factory.sys, "platform", "linux")
    chain["ao2"] = reader("accessible-output2 Linux Speech Dispatcher", False)
    selection = select_backend("auto")
    assert isinstance(selection.backend, PairBackend)
    assert selection.braille == "BrlAPI (fake, 40 cells)"
    selection.backend.speak("hi", False)
    selection.backend.braille("hi")
    assert chain["ao2"].spoken == ["hi"] and display.brailled == ["hi"]


def test_console_and_silent_touch_no_library(chain: dict[str, Any]) -> None:
    assert select_backend("console").stage == "console"
    assert select_backend("silent").stage == "silent"
    assert chain["tried"] == []
    with pytest.raises(ValueError):
        select_backend("speakers")


def test_build_router_console_prints_and_writes_the_transcript(tmp_path: Path) -> None:
    stream = io.StringIO()
    path = tmp_path / "t.jsonl"
    router = build_router("console", transcript=path, lang="es", stream=stream)
    router.send(Message("your_turn", "Te toca."))
    router.close()
    assert stream.getvalue() == "Te toca.\n"
    assert [r["text"] for r in read_transcript(path)] == ["Te toca."]


def test_silent_output_still_transcribes_what_a_reader_user_would_get(tmp_path: Path) -> None:
    stream = io.StringIO()
    path = tmp_path / "t.jsonl"
    router = build_router("silent", transcript=path, stream=stream)
    router.send(Message("action_taken", "Ana folds."))
    router.close()
    assert stream.getvalue() == ""
    (record,) = read_transcript(path)
    assert record["speech"] is True and record["braille"] is True


def test_output_arguments_parse_and_validate() -> None:
    parser = argparse.ArgumentParser()
    add_output_arguments(parser)
    args = parser.parse_args([])
    assert (args.output, args.transcript, args.echo, args.verbosity) == (
        "auto",
        None,
        None,
        "normal",
    )
    args = parser.parse_args(
        ["--output", "tts", "--no-echo", "--rate", "250", "--volume", "80", "--transcript", "t"]
    )
    assert (args.output, args.echo, args.rate, args.volume) == ("tts", False, 250, 80)
    assert args.transcript == Path("t")
    for bad in (["--rate", "5"], ["--volume", "101"], ["--output", "speakers"]):
        with pytest.raises(SystemExit):
            parser.parse_args(bad)


# Small pieces.


def test_import_system_module_restores_sys_path(tmp_path: Path) -> None:
    package = tmp_path / "apfakesys"
    package.mkdir()
    (package / "__init__.py").write_text("VALUE = 7\n")
    before = list(sys.path)
    try:
        module = import_system_module("apfakesys", folders=(str(tmp_path),))
        assert module.VALUE == 7
        assert sys.path == before
        with pytest.raises(ImportError):
            import_system_module("apfakesys_missing", folders=(str(tmp_path),))
    finally:
        sys.modules.pop("apfakesys", None)


def test_orca_detection_reads_process_names(tmp_path: Path) -> None:
    for pid, comm in (("12", "bash\n"), ("40", "orca\n"), ("self", "x\n")):
        (tmp_path / pid).mkdir()
        (tmp_path / pid / "comm").write_text(comm)
    assert screenreader.orca_running(tmp_path)
    (tmp_path / "40" / "comm").write_text("python3\n")
    assert not screenreader.orca_running(tmp_path)


def test_clipboard_command_per_platform(monkeypatch: pytest.MonkeyPatch) -> None:
    present = {"clip", "pbcopy", "wl-copy", "xsel"}
    monkeypatch.setattr(
        "audiopoker.output.clipboard.shutil.which",
        lambda name: f"/bin/{name}" if name in present else None,
    )
    assert find_clipboard_command("win32", {}) == ClipboardCommand(("/bin/clip",), "utf-16")
    assert find_clipboard_command("darwin", {}) == ClipboardCommand(("/bin/pbcopy",))
    wayland = {"WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"}
    assert find_clipboard_command("linux", wayland) == ClipboardCommand(("/bin/wl-copy",))
    assert find_clipboard_command("linux", {"DISPLAY": ":0"}) == ClipboardCommand(
        ("/bin/xsel", "--clipboard", "--input")
    )
    assert find_clipboard_command("linux", {}) is None  # a text console has no clipboard


def test_copy_to_clipboard_feeds_the_command(tmp_path: Path) -> None:
    target = tmp_path / "clip.txt"
    command = ClipboardCommand(
        (
            sys.executable,
            "-c",
            f"import sys; open({str(target)!r}, 'wb').write(sys.stdin.buffer.read())",
        )
    )
    assert copy_to_clipboard("Escalera de color ♠", command)
    assert target.read_text(encoding="utf-8") == "Escalera de color ♠"
    assert not copy_to_clipboard(
        "x", ClipboardCommand((sys.executable, "-c", "raise SystemExit(1)"))
    )
    assert not copy_to_clipboard("x", ClipboardCommand((str(tmp_path / "missing"),)))


def test_console_backend_survives_a_closed_stream() -> None:
    stream = io.StringIO()
    console = ConsoleBackend(stream)
    stream.close()
    console.speak("nobody reads this", False)  # must not raise


def test_recording_backend_is_a_backend() -> None:
    from audiopoker.output import Backend

    assert isinstance(RecordingBackend(), Backend)
    assert isinstance(SilentBackend(), Backend)
    assert isinstance(ConsoleBackend(io.StringIO()), Backend)
