"""Voices that speak in virtual time, for the pacing tests of the speech queue and router.

Each takes ``seconds_per_char`` of a :class:`VirtualClock` per character (0.05, a screen
reader's default pace, unless a test says otherwise) and logs what a speech server's
recorder would: ("start", text), ("end", text) or ("cut", text), each with the virtual time.
A message sent while another is still being said, without an interrupt, is logged as
("overlap", text): a real voice would have queued it where an answer may not reach it.

- :class:`PacedVoice` cannot say when it ended: the queue waits by estimate
  (``speech_timing="estimated"``) or asks ``is_speaking`` (``"polled"``);
- :class:`TrackedVoice` reports each end and cut, like Speech Dispatcher's notifications.
"""

from __future__ import annotations

from dataclasses import dataclass

from audiopoker.output.backends import Done, Ending
from audiopoker.output.clock import Timer, VirtualClock

SCREEN_READER_PACE = 0.05  # seconds a character: 200 words a minute
DEADLINE = 600.0  # virtual seconds: far beyond any message, and free to wait for


@dataclass(frozen=True)
class Said:
    """One line of a voice's log."""

    what: str  # start, end, cut, overlap
    text: str
    at: float  # virtual seconds


@dataclass(eq=False)
class _Speaking:
    text: str
    done: Done | None
    timer: Timer | None = None


class PacedVoice:
    """A voice that cannot report its ends (a screen reader API): estimated or polled."""

    name = "paced voice"

    def __init__(
        self,
        clock: VirtualClock,
        speech_timing: str = "estimated",
        seconds_per_char: float = SCREEN_READER_PACE,
    ) -> None:
        self.clock = clock
        self.speech_timing = speech_timing
        self.seconds_per_char = seconds_per_char
        self.log: list[Said] = []
        self.brailled: list[tuple[str, bool]] = []
        self.silences = 0
        self._changed = clock.condition()  # guards the log and what is being said
        self._current: _Speaking | None = None

    # --- the Backend protocol --------------------------------------------------------------

    def speak(self, text: str, interrupt: bool) -> None:
        self._start(text, interrupt, None)

    def braille(self, text: str, interrupt: bool = False) -> None:
        self.brailled.append((text, interrupt))

    def silence(self) -> None:
        self.silences += 1
        self._cut()

    def is_speaking(self) -> bool | None:
        with self._changed:
            return self._current is not None

    def close(self) -> None:
        self._cut()

    # --- speaking in virtual time ------------------------------------------------------------

    def _start(self, text: str, interrupt: bool, done: Done | None) -> None:
        if interrupt:
            self._cut()
        with self._changed:
            if self._current is not None:
                self._log("overlap", text)
            speaking = _Speaking(text, done)
            end = self.duration(text)
            speaking.timer = self.clock.call_later(end, lambda: self._end(speaking))
            self._current = speaking
            self._log("start", text)

    def duration(self, text: str) -> float:
        """How long this voice takes to say ``text``."""
        return len(text) * self.seconds_per_char

    def _end(self, speaking: _Speaking) -> None:
        with self._changed:
            if self._current is not speaking:
                return  # cut in the meantime
            self._current = None
            self._log("end", speaking.text)
        if speaking.done is not None:
            speaking.done(Ending.ENDED)

    def _cut(self) -> None:
        with self._changed:
            cut, self._current = self._current, None
            if cut is not None:
                if cut.timer is not None:
                    cut.timer.cancel()
                self._log("cut", cut.text)
        if cut is not None and cut.done is not None:
            cut.done(Ending.CUT)

    def _log(self, what: str, text: str) -> None:
        self.log.append(Said(what, text, self.clock.now()))
        self._changed.notify_all()

    # --- what the tests read -----------------------------------------------------------------

    def wait_for(self, what: str, text: str) -> Said:
        """Wait (in virtual time) until the log has ``what`` for ``text``; that line."""
        with self._changed:
            found = self._changed.wait_for(lambda: self._find(what, text), DEADLINE)
            assert found is not None, f"{what} {text!r} never came: {self.plain()}"
            return found

    def _find(self, what: str, text: str) -> Said | None:
        return next((s for s in self.log if (s.what, s.text) == (what, text)), None)

    def plain(self) -> list[tuple[str, str]]:
        """The log without times."""
        with self._changed:
            return [(s.what, s.text) for s in self.log]

    def at(self, what: str, text: str, nth: int = 0) -> float:
        """When ``what`` happened to ``text`` (its ``nth`` time)."""
        with self._changed:
            times = [s.at for s in self.log if (s.what, s.text) == (what, text)]
        assert len(times) > nth, f"no {what} {text!r} number {nth + 1}: {self.plain()}"
        return times[nth]

    def said_whole(self) -> list[str]:
        """The texts spoken to their end, in order."""
        return [text for what, text in self.plain() if what == "end"]

    def overlaps(self) -> list[str]:
        """Texts sent while another was still being said, uninterrupted."""
        return [text for what, text in self.plain() if what == "overlap"]


class TrackedVoice(PacedVoice):
    """A voice that reports when each message ended or was cut (Speech Dispatcher)."""

    name = "tracked voice"

    def speak_tracked(self, text: str, interrupt: bool, done: Done) -> None:
        self._start(text, interrupt, done)
