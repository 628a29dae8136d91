"""Stand-ins for what only Windows and macOS have: prismatoid's readers (NVDA, JAWS, SAPI,
VoiceOver, AVSpeech), accessible-output2's outputs, pyttsx3's voice, COM, miniaudio's
device. Each records what the game did with it, so tests can check the order of the chain
and which thread made each call. They are put in place with monkeypatch (sys.modules), so
nothing leaks into other tests."""

from __future__ import annotations

import enum
import sys
import threading
import types
from dataclasses import dataclass, field
from typing import Any, ClassVar

import pytest

from audiopoker.output import factory
from audiopoker.output.backends import RecordingBackend


class PrismBackendNotAvailableError(RuntimeError):
    """What prismatoid raises when a reader's backend cannot start (not running)."""


BackendId = enum.Enum(
    "BackendId",
    "NVDA JAWS ZDSR SAPI ONE_CORE UIA VOICE_OVER AV_SPEECH SPEECH_DISPATCHER ORCA",
)


@dataclass
class Features:
    supports_speak: bool = True
    supports_braille: bool = False
    supports_stop: bool = True
    supports_is_speaking: bool = False


@dataclass
class PrismReader:
    """One prismatoid backend: what it was asked, and on which thread."""

    name: str
    features: Features = field(default_factory=Features)
    said: list[tuple[str, bool]] = field(default_factory=list)
    brailled: list[str] = field(default_factory=list)
    stops: int = 0
    threads: set[int] = field(default_factory=set)

    def speak(self, text: str, interrupt: bool) -> None:
        self.threads.add(threading.get_ident())
        self.said.append((text, interrupt))

    def braille(self, text: str) -> None:
        self.brailled.append(text)

    def stop(self) -> None:
        self.stops += 1

    @property
    def speaking(self) -> bool:
        return False


@dataclass
class Prism:
    """The fake prism module's state: which backends are built in, which readers run."""

    built: set[str]
    running: dict[str, PrismReader]
    created: list[str] = field(default_factory=list)

    def context(self) -> Any:
        prism = self

        class Context:
            def exists(self, backend: Any) -> bool:
                return str(backend.name) in prism.built

            def create(self, backend: Any) -> PrismReader:
                prism.created.append(backend.name)
                reader = prism.running.get(backend.name)
                if reader is None:
                    raise PrismBackendNotAvailableError(f"{backend.name} is not running")
                return reader

        return Context()


def install_prism(
    monkeypatch: pytest.MonkeyPatch, built: set[str], running: dict[str, PrismReader]
) -> Prism:
    """Make ``import prism`` give a fake with ``built`` backends, ``running`` started."""
    state = Prism(built, running)
    module = types.ModuleType("prism")
    module.BackendId = BackendId  # type: ignore[attr-defined]
    module.Context = state.context  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "prism", module)
    return state


# accessible-output2's outputs, as 0.17 declares them (name, priority, system_output).
class Output:
    name = "Unnamed Output"
    priority = 100
    system_output = False
    instances: ClassVar[list[Output]] = []

    def __init__(self) -> None:
        self.said: list[tuple[str, bool]] = []
        self.threads: set[int] = set()
        Output.instances.append(self)

    def is_active(self) -> bool:
        return False

    def speak(self, text: str, interrupt: bool = False) -> None:
        self.threads.add(threading.get_ident())
        self.said.append((text, interrupt))

    def braille(self, text: str, **options: Any) -> bool:
        return False


def install_ao2(monkeypatch: pytest.MonkeyPatch, classes: list[type]) -> None:
    """Make ``import accessible_output2`` give a fake whose outputs are ``classes``."""
    package = types.ModuleType("accessible_output2")
    package.get_output_classes = lambda: list(classes)  # type: ignore[attr-defined]
    outputs = types.ModuleType("accessible_output2.outputs")
    base = types.ModuleType("accessible_output2.outputs.base")
    base.Output = Output  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "accessible_output2", package)
    monkeypatch.setitem(sys.modules, "accessible_output2.outputs", outputs)
    monkeypatch.setitem(sys.modules, "accessible_output2.outputs.base", base)
    Output.instances.clear()


class FakeVoice(RecordingBackend):
    """pyttsx3's voice (SAPI 5 on Windows, NSSpeechSynthesizer on macOS)."""

    def __init__(self, name: str, voice: str = "") -> None:
        super().__init__(name)
        self.voice = voice


def install_voice(monkeypatch: pytest.MonkeyPatch, name: str | None) -> list[str]:
    """The built-in voice starts as ``name``, or fails as a COM error would (None).
    Returns the list of start attempts' languages."""
    started: list[str] = []

    def start(lang: str = "en", rate: int | None = None, volume: int | None = None) -> FakeVoice:
        started.append(lang)
        if name is None:
            raise OSError("-2147221005: Invalid class string")  # SAPI not registered
        return FakeVoice(name)

    monkeypatch.setattr(factory, "TtsBackend", start)
    return started


def no_linux_paths(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail if anything Linux-only is probed: Speech Dispatcher, BrlAPI, aplay."""

    def linux_only(*args: object, **kwargs: object) -> Any:
        raise AssertionError("a Linux-only path was probed")

    monkeypatch.setattr(factory, "probe_speech_dispatcher", linux_only)
    monkeypatch.setattr(factory, "probe_brlapi", linux_only)
    monkeypatch.setattr("audiopoker.output.tts.default_player", linux_only)
    monkeypatch.delenv("AUDIOPOKER_NO_PRISM", raising=False)


class FakeMiniaudio:
    """The miniaudio module with a device that pulls from the game's generator on demand
    (``pull``), as the audio thread would; ``fail_open``/``fail_start`` raise its error."""

    class MiniaudioError(Exception):
        pass

    class SampleFormat(enum.Enum):
        SIGNED16 = 2

    def __init__(self, fail_open: bool = False, fail_start: bool = False) -> None:
        self.devices: list[Any] = []
        self.fail_open = fail_open
        self.fail_start = fail_start
        outer = self

        class PlaybackDevice:
            def __init__(self, **settings: Any) -> None:
                if outer.fail_open:
                    raise outer.MiniaudioError("no backend could open a playback device")
                self.settings = settings
                self.stream: Any = None
                self.closed = False
                outer.devices.append(self)

            def start(self, stream: Any) -> None:
                if outer.fail_start:
                    raise outer.MiniaudioError("failed to start device")
                self.stream = stream

            def pull(self, frames: int) -> bytes:
                chunk: bytes = self.stream.send(frames)
                return chunk

            def close(self) -> None:
                self.closed = True

        self.PlaybackDevice = PlaybackDevice

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        module = types.ModuleType("miniaudio")
        for name in ("MiniaudioError", "SampleFormat", "PlaybackDevice"):
            setattr(module, name, getattr(self, name))
        monkeypatch.setitem(sys.modules, "miniaudio", module)
