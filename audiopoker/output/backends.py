"""The backend Protocol and the simple backends: silent, recording, console, and a pair that
speaks through one backend and brailles through another."""

from __future__ import annotations

import enum
import os
import sys
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, Protocol, TextIO, runtime_checkable

from audiopoker.output.output_text import text as output_text

RECENT_LINES = 200  # the console's last lines kept (ConsoleBackend.write_control)


@runtime_checkable
class Backend(Protocol):
    """Where speech and braille go. Implementations must be safe to call from one thread at a
    time (the router calls them from its single dispatch thread)."""

    name: str

    def speak(self, text: str, interrupt: bool) -> None:
        """Say ``text``; with ``interrupt`` cut off current speech and drop queued speech first."""

    def braille(self, text: str, interrupt: bool = False) -> None:
        """Show ``text`` on the braille display (a no-op where there is none). ``interrupt``
        marks an answer to a key: shown at once; a table message may wait until the player
        has read the one on the display."""

    def silence(self) -> None:
        """Stop speaking now and drop queued speech."""

    def is_speaking(self) -> bool | None:
        """True or False where the backend can tell, None where it cannot."""

    def close(self) -> None:
        """Release the backend; further calls may be ignored."""


class Ending(enum.Enum):
    """How one utterance finished, as far as the speech path can tell."""

    ENDED = "ended"  # spoken to its end
    CUT = "cut"  # stopped or cancelled before its end
    UNKNOWN = "unknown"  # the path lost track of it (a server that never answered)


Done = Callable[[Ending], None]


@runtime_checkable
class Tracked(Protocol):
    """A speech path that reports when each utterance ends (Speech Dispatcher's callbacks,
    the built-in voice's worker). The router sends table messages one at a time and waits
    for ``done``; paths without it are waited for by estimate or by ``is_speaking``."""

    def speak_tracked(self, text: str, interrupt: bool, done: Done) -> None:
        """Say ``text`` (``interrupt``: cut current speech first) and call ``done`` exactly
        once, from any thread, when it ended or was cut. Must not block on speech."""


@runtime_checkable
class Adjustable(Protocol):
    """A backend whose rate and volume the game may set (the TTS fallback)."""

    def set_rate(self, words_per_minute: int) -> None:
        """Set the speech rate."""

    def set_volume(self, percent: int) -> None:
        """Set the volume, 0 to 100."""


class SilentBackend:
    """Says and shows nothing: for ``--output silent`` and ``--output console``."""

    speech_timing = "instant"  # nothing to wait for

    def __init__(self, name: str = "silent") -> None:
        self.name = name

    def speak(self, text: str, interrupt: bool) -> None:
        """Drop the text."""

    def braille(self, text: str, interrupt: bool = False) -> None:
        """Drop the text."""

    def silence(self) -> None:
        """Nothing to stop."""

    def is_speaking(self) -> bool | None:
        """Never speaking."""
        return False

    def close(self) -> None:
        """Nothing to release."""


@dataclass(frozen=True, slots=True)
class Call:
    """One call a RecordingBackend received."""

    method: Literal["speak", "braille", "silence"]
    text: str = ""
    interrupt: bool = False


class RecordingBackend:
    """Remembers every call, for tests. ``speaking`` is what is_speaking() reports;
    ``speech_timing`` how the router waits for it (instant unless a test says otherwise)."""

    def __init__(self, name: str = "recording", speech_timing: str = "instant") -> None:
        self.name = name
        self.speech_timing = speech_timing
        self.calls: list[Call] = []
        self.speaking: bool | None = False
        self.closed = False
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)

    def speak(self, text: str, interrupt: bool) -> None:
        """Record a speak call."""
        self._record(Call("speak", text, interrupt))

    def braille(self, text: str, interrupt: bool = False) -> None:
        """Record a braille call."""
        self._record(Call("braille", text))

    def silence(self) -> None:
        """Record a silence call."""
        self._record(Call("silence"))

    def is_speaking(self) -> bool | None:
        """Report the ``speaking`` attribute."""
        return self.speaking

    def close(self) -> None:
        """Mark closed."""
        self.closed = True

    def _record(self, call: Call) -> None:
        with self._changed:
            self.calls.append(call)
            self._changed.notify_all()

    @property
    def spoken(self) -> list[str]:
        """Texts of the speak calls, in order."""
        with self._lock:
            return [call.text for call in self.calls if call.method == "speak"]

    @property
    def brailled(self) -> list[str]:
        """Texts of the braille calls, in order."""
        with self._lock:
            return [call.text for call in self.calls if call.method == "braille"]


class ConsoleBackend:
    """The console log: one message a line, append-only.

    No cursor movement, no redraws and no colour, so a screen reader reviewing the terminal
    reads a plain list of lines. Writes go to the stream given at construction (stdout by
    default), so temporarily redirecting ``sys.stdout`` elsewhere cannot swallow them.
    """

    speech_timing = "instant"  # printing is done when it returns

    def __init__(self, stream: TextIO | None = None, name: str = "console") -> None:
        self.name = name
        self._stream = stream if stream is not None else sys.stdout
        self._lock = threading.Lock()
        # The last lines, for a full-screen layout that draws them again after a resize.
        self._recent: deque[str] = deque(maxlen=RECENT_LINES)

    def speak(self, text: str, interrupt: bool) -> None:
        """Append ``text`` as lines; an interrupt does not erase what was printed."""
        # A message never spans a partial line, and embedded line breaks stay separate lines.
        line = " ".join(text.splitlines()) if "\n" in text or "\r" in text else text
        with self._lock:
            self._recent.append(line)
            try:
                self._stream.write(line + "\n")
                self._stream.flush()
            except (OSError, ValueError):
                pass  # a closed or broken terminal must not stop the game

    def braille(self, text: str, interrupt: bool = False) -> None:
        """The console has no braille of its own."""

    def terminal(self) -> int | None:
        """The terminal the lines go to (its file descriptor), or None when they go to a
        file, a pipe or a stream without one."""
        try:
            descriptor = self._stream.fileno()
        except (OSError, ValueError, AttributeError):
            return None
        return descriptor if os.isatty(descriptor) else None

    def write_control(self, text: str, then_lines: int = 0) -> None:
        """Terminal control text between the lines, under the lines' own lock (so the two
        never interleave), then the last ``then_lines`` lines again: only the large view's
        full-screen layout, which never runs while a screen reader reads this console,
        draws the table above the lines this way (and the lines again after a resize)."""
        with self._lock:
            recent = list(self._recent)[-then_lines:] if then_lines > 0 else []
            try:
                self._stream.write(text + "".join(line + "\n" for line in recent))
                self._stream.flush()
            except (OSError, ValueError):
                pass

    def silence(self) -> None:
        """Printed lines stay."""

    def is_speaking(self) -> bool | None:
        """Printing is immediate."""
        return False

    def close(self) -> None:
        """The stream belongs to the caller."""


class PairBackend:
    """Speech through one backend and braille through another (e.g. Speech Dispatcher speaks
    and BrlAPI drives the display)."""

    def __init__(self, speech: Backend, braille: Backend) -> None:
        self.speech = speech
        self.braille_backend = braille
        self.name = f"{speech.name} + {braille.name}"

    def speak(self, text: str, interrupt: bool) -> None:
        """Speak through the speech backend."""
        self.speech.speak(text, interrupt)

    def braille(self, text: str, interrupt: bool = False) -> None:
        """Braille through the braille backend."""
        self.braille_backend.braille(text, interrupt)

    def silence(self) -> None:
        """Silence the speech backend."""
        self.speech.silence()

    def withdraw(self, text: str) -> None:
        """A message that is no longer true leaves the display, where the display can tell
        (BrlAPI's pager); a screen reader's braille is simply replaced by the next one."""
        withdraw = getattr(self.braille_backend, "withdraw", None)
        if callable(withdraw):
            withdraw(text)

    def is_speaking(self) -> bool | None:
        """Ask the speech backend."""
        return self.speech.is_speaking()

    def close(self) -> None:
        """Close both."""
        try:
            self.speech.close()
        finally:
            self.braille_backend.close()


@dataclass(frozen=True, slots=True)
class Attempt:
    """One backend the selection tried: chosen (``ok``) or skipped, and why.

    ``reason`` is the English text (for logs). When the reason is one of ours, ``key``
    names its sentence in the output catalog and ``fields`` fill it, so ``speech-test``
    can say it in the player's language (:meth:`reason_in`); a reason that is only the
    text of a library's error has no key and is shown as it is.
    """

    stage: str
    name: str
    ok: bool
    reason: str
    key: str = ""
    fields: tuple[tuple[str, str], ...] = ()

    @classmethod
    def said(cls, stage: str, name: str, ok: bool, key: str, /, **fields: object) -> Attempt:
        """An attempt whose reason is the catalog sentence ``key`` (``attempt.*``).

        >>> Attempt.said("braille", "BrlAPI", True, "attempt.brltty_running").reason
        'BRLTTY is running'
        """
        shown = {field: str(value) for field, value in fields.items()}
        return cls(stage, name, ok, output_text(key, "en", **shown), key, tuple(shown.items()))

    def reason_in(self, lang: str) -> str:
        """The reason in ``lang``: the catalog's sentence, or the error's own text.

        >>> Attempt.said("tts", "pyttsx3", True, "attempt.voice", voice="Mónica").reason_in("es")
        'voz Mónica'
        """
        if not self.key:
            return self.reason
        return output_text(self.key, lang, **dict(self.fields))
