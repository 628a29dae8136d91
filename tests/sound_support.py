"""Helpers for the sound tests: sound backends that fail, at the start or mid-game."""

from __future__ import annotations

from audiopoker.audio.cues import Cue
from audiopoker.audio.sound_backends import RecordingBackend, SoundBackend, SoundUnavailable


class BreaksAfter(RecordingBackend):
    """Plays ``good`` cues, then raises on every call, like a device unplugged."""

    def __init__(self, good: int) -> None:
        super().__init__()
        self.good = good
        self.calls = 0

    def play(self, cue: Cue, pan: float, gain: float, delay: float = 0.0) -> None:
        self.calls += 1
        if self.calls > self.good:
            raise OSError("device unplugged")
        super().play(cue, pan, gain, delay)


def broken_at_start() -> SoundBackend:
    """A backend factory that finds no sound device."""
    raise SoundUnavailable("no audio output device")
