"""Screen reader backends: accessible-output2 (a dependency) and prismatoid (optional extra).

Both are probed defensively: a missing module, a DLL that will not load, a COM error or a
reader that is not running each become a logged reason, and the chain falls through to the
next backend. Neither library may print to the player's console: accessible-output2 prints
"Cannot find …" lines on Linux when a module is missing, so stdout is captured while probing
and what it printed becomes part of the reason instead.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import logging
import os
import queue
import sys
import threading
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from audiopoker.output.backends import Attempt
from audiopoker.output.speechd import SpeechDispatcherBackend
from audiopoker.output.sysmodules import import_system_module

log = logging.getLogger(__name__)

STAGE = "screen reader"
PROBE_TIMEOUT = 5.0  # seconds a reader's API may take to answer while probing
CLOSE_TIMEOUT = 2.0

T = TypeVar("T")

# accessible-output2 0.17's VoiceOver output is broken upstream: it drives VoiceOver by
# AppleScript (appscript), which VoiceOver refuses unless the player allowed it in VoiceOver
# Utility, so it reports "running" and then every message fails: the player would hear
# nothing and the chain would never reach the built-in voice. Prism speaks through VoiceOver.
_AO2_BROKEN = frozenset({"VoiceOver"})

# accessible-output2 gives screen readers priority <= 100 and plain engines (SAPI, eSpeak)
# higher numbers; engines are left to our own TTS fallback, which has a queue, rate and volume.
_AO2_MAX_SCREEN_READER_PRIORITY = 100

# prismatoid backends that are screen readers (or, on Linux, the speech server Orca itself
# uses), in the order we prefer them. Plain engines (SAPI, OneCore, AVSpeech, Android TTS,
# Web Speech) are left to the TTS fallback; UIA notifications are skipped because they
# "succeed" even when no reader is listening, which would swallow the fallback.
PRISM_SCREEN_READERS: tuple[str, ...] = (
    "NVDA",
    "JAWS",
    "ZDSR",
    "ZOOM_TEXT",
    "SYSTEM_ACCESS",
    "PC_TALKER",
    "BOY_PC_READER",
    "SENSE_READER",
    "WINDOW_EYES",
    "VOICE_OVER",
    "ORCA",
    "SPEECH_DISPATCHER",
    "ANDROID_SCREEN_READER",
)


@contextlib.contextmanager
def _quiet_stdout() -> Iterator[io.StringIO]:
    """Capture what a library prints while it loads or probes (single-threaded startup)."""
    captured = io.StringIO()
    with contextlib.redirect_stdout(captured):
        yield captured


def _describe(error: BaseException, printed: str = "") -> str:
    words = f"{type(error).__name__}: {error}".rstrip(": ")
    said = " ".join(printed.split())
    return f"{words} ({said})" if said else words


class NoAnswer(TimeoutError):
    """A screen reader's library did not answer within ``seconds`` (its thread is stuck)."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"no answer within {seconds:g} s")
        self.seconds = seconds


def _failed(label: str, error: BaseException, printed: str = "") -> Attempt:
    """A path skipped because its library raised: a timeout said in words, anything else
    as the error's own text."""
    if isinstance(error, NoAnswer):
        return Attempt.said(STAGE, label, False, "attempt.no_answer", seconds=f"{error.seconds:g}")
    return Attempt(STAGE, label, False, _describe(error, printed))


def not_needed(label: str, chosen: str) -> Attempt:
    return Attempt.said(STAGE, label, False, "attempt.not_needed", chosen=chosen)


def orca_running(proc: Path = Path("/proc")) -> bool:
    """True if the Orca screen reader runs (Linux): then it also reads our terminal."""
    try:
        entries = list(proc.iterdir())
    except OSError:
        return False
    for entry in entries:
        if not entry.name.isdigit():
            continue
        try:
            if (entry / "comm").read_text().strip() == "orca":
                return True
        except OSError:
            continue
    return False


def _enter_com_apartment() -> None:
    """COM objects (JAWS, SAPI) must be created and used on a thread that initialised COM."""
    if sys.platform == "win32":
        try:
            importlib.import_module("pythoncom").CoInitialize()
        except Exception as error:
            log.debug("COM initialisation skipped: %s", error)


class _Owner:
    """One daemon thread that owns a library's objects and makes every call on them.

    COM objects stay in the apartment that created them, and a hung screen reader API or
    speech server blocks only this thread: neither the router nor the key loop, nor the
    interpreter's exit.
    """

    def __init__(self, name: str) -> None:
        self._tasks: queue.SimpleQueue[Callable[[], None] | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        _enter_com_apartment()
        while True:
            task = self._tasks.get()
            if task is None:
                return
            task()

    def post(self, task: Callable[[], None]) -> None:
        """Run ``task`` on the owner thread later, in order; it must catch its own errors."""
        self._tasks.put(task)

    def run(self, function: Callable[[], T], timeout: float) -> T:
        """Run ``function`` on the owner thread and wait for its result; TimeoutError when
        it does not answer in time (the thread is then left behind, stuck)."""
        done = threading.Event()
        outcome: list[Any] = []

        def task() -> None:
            try:
                outcome.append((True, function()))
            except BaseException as error:
                outcome.append((False, error))
            done.set()

        self.post(task)
        if not done.wait(timeout):
            raise NoAnswer(timeout)
        ok, value = outcome[0]
        if not ok:
            raise value
        result: T = value
        return result

    def close(self) -> None:
        """Let the thread end after the tasks already posted."""
        self._tasks.put(None)


class _FailureLog:
    """Logs the first failure of each operation, so a vanished reader does not flood logs."""

    def __init__(self, name: str) -> None:
        self._name = name
        self._seen: set[str] = set()

    def call(self, operation: str, function: Callable[[], object]) -> None:
        try:
            function()
        except Exception as error:
            if operation not in self._seen:
                self._seen.add(operation)
                log.warning("%s: %s failed: %s", self._name, operation, _describe(error))


class _ReaderBackend:
    """What the accessible-output2 and prism backends share: calls go to the owner thread
    in order and never wait; failures are logged once per operation."""

    name: str

    def __init__(self, owner: _Owner, name: str) -> None:
        self._owner = owner
        self.name = name
        self._failures = _FailureLog(name)
        self._closed = False

    def _post(self, operation: str, function: Callable[[], object]) -> None:
        if not self._closed:
            self._owner.post(lambda: self._failures.call(operation, function))

    def close(self) -> None:
        """Release the library on its own thread (waiting briefly: Speech Dispatcher needs
        its connection closed before the process ends), then let the thread end."""
        if self._closed:
            return
        self._closed = True
        try:
            self._owner.run(self._release, CLOSE_TIMEOUT)
        except Exception as error:
            log.debug("%s: close failed: %s", self.name, error)
        self._owner.close()

    def _release(self) -> None:
        """Subclasses free their library objects here (on the owner thread)."""


class AccessibleOutput2Backend(_ReaderBackend):
    """One accessible-output2 output (NVDA, JAWS, VoiceOver, …; its Speech Dispatcher output
    goes through :class:`SpeechDispatcherBackend` instead).

    Calls speak() and braille() on the chosen output directly: ``Auto().output()`` in 0.17
    only speaks and would leave the braille display empty. These readers' APIs cannot say
    when a message ended, so the router waits for each by estimate (``speech_timing``).
    """

    speech_timing = "estimated"

    def __init__(self, output: Any, lang: str, owner: _Owner) -> None:
        base_output = importlib.import_module("accessible_output2.outputs.base").Output
        self.output_name = str(getattr(output, "name", type(output).__name__))
        super().__init__(owner, f"accessible-output2 {self.output_name}")
        self._output = output
        self.has_braille = getattr(type(output), "braille", None) is not base_output.braille
        self.reads_console = True  # a screen reader also reads the terminal

    def speak(self, text: str, interrupt: bool) -> None:
        """Speak through the reader; ``interrupt`` cancels what it is saying first."""
        if not text:
            if interrupt:
                self.silence()
            return
        self._post("speak", lambda: self._output.speak(text, interrupt=interrupt))

    def braille(self, text: str, interrupt: bool = False) -> None:
        """Flash ``text`` on the reader's braille display, where the output has one."""
        if text and self.has_braille:
            self._post("braille", lambda: self._output.braille(text))

    def silence(self) -> None:
        """Cancel current and queued speech."""
        silence = getattr(self._output, "silence", None)
        if silence is not None:
            self._post("silence", silence)
        else:  # JAWS and System Access have no silence(): an empty interrupting utterance
            self._post("silence", lambda: self._output.speak(" ", interrupt=True))

    def is_speaking(self) -> bool | None:
        """Unknown: the Windows readers' APIs cannot tell (the router estimates instead)."""
        return None

    def _release(self) -> None:
        close = getattr(self._output, "close", None)
        if close is not None:
            close()  # Speech Dispatcher needs it for a clean exit


def probe_accessible_output2(
    lang: str, timeout: float = PROBE_TIMEOUT
) -> tuple[AccessibleOutput2Backend | SpeechDispatcherBackend | None, list[Attempt]]:
    """Find the first running screen reader accessible-output2 can reach, with the reasons
    every other output was skipped.

    Its Speech Dispatcher output is used through its own SSIP connection with our
    notifications (:class:`SpeechDispatcherBackend`): its ``is_speaking`` is one flag that
    reads "quiet" between two messages, and its interrupt must be CANCEL."""
    attempts: list[Attempt] = []
    speechd_problem: ImportError | None = None
    with _quiet_stdout() as printed:
        try:
            if sys.platform.startswith("linux"):
                try:
                    import_system_module("speechd")
                except ImportError as error:
                    speechd_problem = error
            library = importlib.import_module("accessible_output2")
            importlib.import_module("accessible_output2.outputs")  # registers this OS's outputs
            classes: list[Any] = list(library.get_output_classes())
        except Exception as error:  # ImportError on macOS without appscript, OSError from DLLs
            reason = _describe(error, printed.getvalue())
            key = "attempt.could_not_load"
            return None, [Attempt.said(STAGE, "accessible-output2", False, key, error=reason)]
    chosen: AccessibleOutput2Backend | SpeechDispatcherBackend | None = None
    for cls in classes:
        label = f"accessible-output2 {getattr(cls, 'name', cls.__name__)}"
        if cls.__name__ in _AO2_BROKEN:
            attempts.append(Attempt.said(STAGE, label, False, "attempt.broken_upstream"))
            continue
        if getattr(cls, "system_output", False) or (
            getattr(cls, "priority", 100) > _AO2_MAX_SCREEN_READER_PRIORITY
        ):
            attempts.append(Attempt.said(STAGE, label, False, "attempt.speech_engine"))
            continue
        if chosen is not None:
            attempts.append(not_needed(label, chosen.name))
            continue
        owner = _Owner(f"audiopoker-{cls.__name__.lower()}")

        def start(cls: Any = cls) -> tuple[Any, bool]:
            output = cls()
            return output, bool(output.is_active())

        with _quiet_stdout() as printed:
            try:
                output, active = owner.run(start, timeout)
                said = " ".join(printed.getvalue().split())  # the library's own words
                skipped = Attempt(STAGE, label, False, said) if said else None
            except Exception as error:  # OutputError, COM errors, a server that hangs, …
                active, skipped = False, _failed(label, error, printed.getvalue())
        if cls.__name__ == "SpeechDispatcher" and speechd_problem and not active:
            skipped = Attempt.said(
                STAGE, label, False, "attempt.install_speechd", error=speechd_problem
            )
        if not active:
            owner.close()
            attempts.append(skipped or Attempt.said(STAGE, label, False, "attempt.not_running"))
            continue
        client = getattr(output, "_client", None)
        if cls.__name__ == "SpeechDispatcher" and client is not None:
            owner.close()
            name = f"accessible-output2 {getattr(cls, 'name', cls.__name__)}"
            chosen = SpeechDispatcherBackend(client, lang, name, release=output.close)
            chosen.reads_console = orca_running()
        else:
            chosen = AccessibleOutput2Backend(output, lang, owner)
        attempts.append(Attempt.said(STAGE, chosen.name, True, "attempt.running"))
    if not classes:
        attempts.append(Attempt.said(STAGE, "accessible-output2", False, "attempt.no_outputs"))
    return chosen, attempts


class PrismBackend(_ReaderBackend):
    """One prismatoid backend (the maintained Prism library).

    The router sends it one message at a time, so its interrupt (STOP on Speech
    Dispatcher, which cuts only the current message) still cuts all there is.
    """

    def __init__(self, backend: Any, backend_key: str, lang: str, owner: _Owner, context: Any):
        super().__init__(owner, f"prism {backend.name}")
        self._backend = backend
        self._context = context  # a backend must not outlive its context
        self.backend_key = backend_key
        features = backend.features
        self.has_braille = bool(features.supports_braille)
        self._can_stop = bool(features.supports_stop)
        self._can_tell = bool(features.supports_is_speaking)
        self.reads_console = orca_running() if backend_key == "SPEECH_DISPATCHER" else True
        # Prism cannot set a language, only pick a voice: the player's own voice is kept.
        # Where the reader cannot say whether it speaks, the router waits by estimate.
        self.speech_timing = "polled" if self._can_tell else "estimated"

    def speak(self, text: str, interrupt: bool) -> None:
        """Speak; Prism rejects empty text, so an empty interrupt only silences."""
        if text:
            self._post("speak", lambda: self._backend.speak(text, interrupt))
        elif interrupt:
            self.silence()

    def braille(self, text: str, interrupt: bool = False) -> None:
        """Braille where the backend supports it."""
        if text and self.has_braille:
            self._post("braille", lambda: self._backend.braille(text))

    def silence(self) -> None:
        """Stop speech where the backend supports it."""
        if self._can_stop:
            self._post("silence", lambda: self._backend.stop())

    def is_speaking(self) -> bool | None:
        """Ask the backend where it can tell (briefly, on its own thread)."""
        if not self._can_tell or self._closed:
            return None
        try:
            return bool(self._owner.run(lambda: self._backend.speaking, 0.5))
        except Exception:
            return None

    def _release(self) -> None:
        self._backend = None
        self._context = None


def probe_prism(
    lang: str, keys: tuple[str, ...] = PRISM_SCREEN_READERS, timeout: float = PROBE_TIMEOUT
) -> tuple[PrismBackend | None, list[Attempt]]:
    """Find the first running screen reader prismatoid can reach, with the reasons every
    other backend was skipped."""
    owner = _Owner("audiopoker-prism")

    def load() -> tuple[Any, Any]:
        module = importlib.import_module("prism")
        return module, module.Context()

    with _quiet_stdout() as printed:
        try:
            prism, context = owner.run(load, timeout)
        except ImportError:
            owner.close()
            return None, [Attempt.said(STAGE, "prism", False, "attempt.prism_missing")]
        except Exception as error:  # a native library that fails to load, or hangs
            owner.close()
            reason = _describe(error, printed.getvalue())
            return None, [
                Attempt.said(STAGE, "prism", False, "attempt.could_not_start", error=reason)
            ]
    attempts: list[Attempt] = []
    chosen: PrismBackend | None = None
    stuck = ""
    for key in keys:
        label = f"prism {key.lower().replace('_', ' ')}"
        if stuck:  # the owner thread is blocked in a call that never returned
            attempts.append(Attempt.said(STAGE, label, False, "attempt.not_tried", name=stuck))
            continue
        if chosen is not None:
            attempts.append(not_needed(label, chosen.name))
            continue
        backend_id = getattr(prism.BackendId, key, None)
        with _quiet_stdout() as printed:
            try:
                if backend_id is None or not owner.run(partial(context.exists, backend_id), 1):
                    attempts.append(Attempt.said(STAGE, label, False, "attempt.not_built"))
                    continue
                # Creating initialises it: PrismBackendNotAvailableError when not running.
                raw = owner.run(partial(_create_prism_backend, context, backend_id), timeout)
                features, name, raw_backend = raw
            except TimeoutError as error:
                stuck = label
                attempts.append(_failed(label, error))
                continue
            except Exception as error:
                attempts.append(_failed(label, error, printed.getvalue()))
                continue
        if not features.supports_speak:
            attempts.append(Attempt.said(STAGE, label, False, "attempt.cannot_speak", name=name))
            continue
        chosen = PrismBackend(raw_backend, key, lang, owner, context)
        attempts.append(Attempt.said(STAGE, chosen.name, True, "attempt.running"))
    if chosen is None:
        owner.close()
    return chosen, attempts


def _create_prism_backend(context: Any, backend_id: Any) -> tuple[Any, str, Any]:
    backend = context.create(backend_id)
    return backend.features, str(backend.name), backend


def prism_disabled() -> bool:
    """AUDIOPOKER_NO_PRISM=1 skips prismatoid even where it is installed."""
    return os.environ.get("AUDIOPOKER_NO_PRISM", "") not in ("", "0")
