"""Where cues go: the sound card, nowhere, or a list for tests.

``SoundBackend`` is the small protocol. ``MiniaudioBackend`` plays through miniaudio
(pyminiaudio: one MIT-licensed C library with wheels for Windows, macOS and Linux) fed by
our own mixer, so cues overlap and pan the same way the offline render does.
``SafeBackend`` wraps any backend so that the game never notices a sound failure: the
first exception, at start or mid-game, is logged once and sound goes quiet.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import Any, Protocol

from audiopoker.audio.cues import Cue, CueBank
from audiopoker.audio.mixer import Mixer, Scheduled

log = logging.getLogger("audiopoker.audio")


class SoundBackend(Protocol):
    """Plays cues. ``pan`` is -1 (left) .. +1 (right); ``gain`` 0..1 is the volume;
    ``delay`` (seconds) starts the cue later without blocking the caller."""

    def play(self, cue: Cue, pan: float, gain: float, delay: float = 0.0) -> None:
        """Start ``cue`` (returns at once; cues overlap)."""
        ...

    def stop_all(self) -> None:
        """Silence everything playing or waiting (e.g. on mute)."""
        ...

    def close(self) -> None:
        """Release the device. Further calls do nothing."""
        ...


class NullBackend:
    """Plays nothing: ``--no-sound``, and what a failed backend becomes."""

    def play(self, cue: Cue, pan: float, gain: float, delay: float = 0.0) -> None:
        """Do nothing."""

    def stop_all(self) -> None:
        """Do nothing."""

    def close(self) -> None:
        """Do nothing."""


@dataclass(frozen=True, slots=True)
class Played:
    """One call to ``play``, as a recording backend saw it."""

    cue: Cue
    pan: float
    gain: float
    delay: float


class RecordingBackend:
    """Remembers every call (for tests). ``clock`` (a function returning seconds) lets
    it place each cue on a timeline, which ``render_offline`` can then mix."""

    def __init__(self, clock: Callable[[], float] | None = None) -> None:
        self.played: list[Played] = []
        self.timeline: list[Scheduled] = []
        self.stops = 0
        self.closed = False
        self._clock = clock

    def play(self, cue: Cue, pan: float, gain: float, delay: float = 0.0) -> None:
        """Record the call."""
        self.played.append(Played(cue, pan, gain, delay))
        if self._clock is not None:
            self.timeline.append(Scheduled(self._clock() + delay, cue, pan, gain))

    def stop_all(self) -> None:
        """Count the call."""
        self.stops += 1

    def close(self) -> None:
        """Note the call."""
        self.closed = True

    @property
    def cues(self) -> list[Cue]:
        """The cues played, in order."""
        return [call.cue for call in self.played]


class SoundUnavailable(RuntimeError):
    """The sound library or device cannot be used."""


@contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Silence C-level stderr for a moment: ALSA prints a screenful while probing for a
    device that is not there, which a screen reader would then read aloud."""
    if not sys.platform.startswith("linux"):
        yield
        return
    try:
        saved = os.dup(2)
        devnull = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        yield
        return
    try:
        os.dup2(devnull, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(devnull)


class MiniaudioBackend:
    """Plays through the default output device with miniaudio, mixing in our Mixer.

    Raises SoundUnavailable when miniaudio is not installed or no device opens. A
    failure inside the audio thread is kept and raised by the next ``play``, so the
    SafeBackend around it can log it and go quiet.
    """

    BUFFER_MSEC = 40  # prompt enough for cues, with room for a busy GIL (bots thinking)

    def __init__(self, bank: CueBank) -> None:
        try:
            import miniaudio  # type: ignore[import-untyped, import-not-found, unused-ignore]
        except ImportError as error:
            raise SoundUnavailable("the miniaudio package is not installed") from error
        self._bank = bank
        self._mixer = Mixer(bank.rate)
        self._lock = threading.Lock()
        self._failure: BaseException | None = None
        try:
            with _quiet_stderr():
                self._device: Any = miniaudio.PlaybackDevice(
                    output_format=miniaudio.SampleFormat.SIGNED16,
                    nchannels=2,
                    sample_rate=bank.rate,
                    buffersize_msec=self.BUFFER_MSEC,
                    app_name="audiopoker",
                )
        except miniaudio.MiniaudioError as error:
            raise SoundUnavailable(f"no audio output device: {error}") from error
        stream = self._stream()
        next(stream)  # miniaudio wants a started generator
        try:
            self._device.start(stream)
        except miniaudio.MiniaudioError as error:
            self.close()
            raise SoundUnavailable(f"the audio device would not start: {error}") from error

    def _stream(self) -> Generator[bytes, int, None]:
        """The device's pull generator: sent a frame count, yields that many frames."""
        frames = yield b""
        while True:
            try:
                with self._lock:
                    chunk = self._mixer.render(frames).tobytes()
            except Exception as error:  # never let the audio thread die noisily
                self._failure = error
                chunk = bytes(4 * frames)
            frames = yield chunk

    def play(self, cue: Cue, pan: float, gain: float, delay: float = 0.0) -> None:
        """Queue ``cue`` in the mixer."""
        if self._failure is not None:
            raise SoundUnavailable(f"audio stream failed: {self._failure}")
        if self._device is None:
            raise SoundUnavailable("audio device closed")
        with self._lock:
            self._mixer.add(self._bank[cue], pan, gain, delay)

    def stop_all(self) -> None:
        """Drop every playing cue."""
        with self._lock:
            self._mixer.clear()

    def close(self) -> None:
        """Stop and release the device."""
        device, self._device = self._device, None
        if device is not None:
            device.close()


class SafeBackend:
    """Wraps a backend so sound failures never reach the game.

    ``factory`` makes the real backend; if it raises, or the backend raises later, one
    warning is logged and every further call goes to a NullBackend. ``failure`` then
    holds the reason (for a settings screen or ``--verbose`` to mention).
    """

    def __init__(self, factory: Callable[[], SoundBackend]) -> None:
        self.failure: str | None = None
        self._inner: SoundBackend
        try:
            self._inner = factory()
        except Exception as error:
            self._inner = NullBackend()
            self._fail(error)

    @property
    def working(self) -> bool:
        """False once sound has failed (it stays off for the rest of the game)."""
        return self.failure is None

    def _fail(self, error: BaseException) -> None:
        if self.failure is None:
            self.failure = str(error) or type(error).__name__
            log.warning("Sound is off: %s. The game goes on without sound.", self.failure)
        broken, self._inner = self._inner, NullBackend()
        with suppress(Exception):  # it is already broken; closing it is only tidiness
            broken.close()

    def play(self, cue: Cue, pan: float, gain: float, delay: float = 0.0) -> None:
        """Play, or go quiet for good on the first failure."""
        try:
            self._inner.play(cue, pan, gain, delay)
        except Exception as error:
            self._fail(error)

    def stop_all(self) -> None:
        """Stop, or go quiet for good on the first failure."""
        try:
            self._inner.stop_all()
        except Exception as error:
            self._fail(error)

    def close(self) -> None:
        """Close the inner backend; errors are ignored (we are leaving anyway)."""
        inner, self._inner = self._inner, NullBackend()
        try:
            inner.close()
        except Exception:
            log.debug("error closing the sound backend", exc_info=True)
