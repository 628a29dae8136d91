"""Our own small stereo mixer: mono cues in, panned and summed 16-bit stereo out.

The same code feeds the sound card (``MiniaudioBackend`` pulls from it) and renders the
offline mix that tests check with sox, so the pan law the tests verify is the one the
player hears. Pure Python with ``array``: a few cues of a few hundred milliseconds are
far below what a 20 ms audio callback can afford.

>>> left, right = pan_gains(0.0)
>>> round(left, 3), round(right, 3)
(0.707, 0.707)
>>> mixer = Mixer()
>>> mixer.add(array("h", [1000, 1000]), pan=-1.0)
>>> list(mixer.render(3))
[1000, 0, 1000, 0, 0, 0]
"""

from __future__ import annotations

import math
import wave
from array import array
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from audiopoker.audio.cues import SAMPLE_RATE, Cue, CueBank

FULL_SCALE = 32767
MAX_VOICES = 24  # a flood of cues drops the oldest instead of piling up forever


def pan_gains(pan: float) -> tuple[float, float]:
    """Constant-power pan: -1 is hard left, 0 the middle (both at -3 dB), +1 hard right."""
    pan = min(1.0, max(-1.0, pan))
    angle = (pan + 1.0) * math.pi / 4
    return math.cos(angle), math.sin(angle)


@dataclass(slots=True)
class _Voice:
    samples: array[int]
    left: float
    right: float
    wait: int  # frames of silence before it starts
    position: int = 0


class Mixer:
    """Sums any number of panned mono cues into interleaved stereo 16-bit frames.

    Not thread-safe by itself: the playback backend holds a lock around ``add`` and
    ``render``. Sums beyond full scale are clipped, never wrapped.
    """

    def __init__(self, rate: int = SAMPLE_RATE, max_voices: int = MAX_VOICES) -> None:
        self.rate = rate
        self.max_voices = max_voices
        self._voices: list[_Voice] = []

    @property
    def active(self) -> int:
        """How many cues are playing or waiting to start."""
        return len(self._voices)

    def add(
        self, samples: array[int], pan: float = 0.0, gain: float = 1.0, delay: float = 0.0
    ) -> None:
        """Start ``samples`` (mono) after ``delay`` seconds, at ``pan`` and ``gain``."""
        left, right = pan_gains(pan)
        gain = max(0.0, gain)
        if len(self._voices) >= self.max_voices:
            del self._voices[0]
        wait = max(0, round(delay * self.rate))
        self._voices.append(_Voice(samples, left * gain, right * gain, wait))

    def clear(self) -> None:
        """Stop every cue at once."""
        self._voices.clear()

    def render(self, frames: int) -> array[int]:
        """The next ``frames`` stereo frames (2 * frames samples, left first)."""
        if not self._voices:
            return array("h", bytes(4 * frames))
        left = [0.0] * frames
        right = [0.0] * frames
        still: list[_Voice] = []
        for voice in self._voices:
            if voice.wait >= frames:
                voice.wait -= frames
                still.append(voice)
                continue
            start, voice.wait = voice.wait, 0
            chunk = voice.samples[voice.position : voice.position + frames - start]
            voice.position += len(chunk)
            gl, gr = voice.left, voice.right
            for i, sample in enumerate(chunk, start):
                left[i] += sample * gl
                right[i] += sample * gr
            if voice.position < len(voice.samples):
                still.append(voice)
        self._voices = still
        out = array("h", bytes(4 * frames))
        out[0::2] = _clip(left)
        out[1::2] = _clip(right)
        return out


def _clip(values: list[float]) -> array[int]:
    top, bottom = FULL_SCALE, -FULL_SCALE
    return array("h", [top if v >= top else bottom if v <= bottom else round(v) for v in values])


@dataclass(frozen=True, slots=True)
class Scheduled:
    """A cue placed on a timeline: start time in seconds, pan and gain."""

    time: float
    cue: Cue
    pan: float
    gain: float = 1.0


def render_offline(items: Iterable[Scheduled], bank: CueBank, tail: float = 0.1) -> array[int]:
    """Mix a whole timeline at once into interleaved stereo frames (silence up front
    until the first cue's time)."""
    timeline = sorted(items, key=lambda item: item.time)
    mixer = Mixer(bank.rate, max_voices=max(1, len(timeline)))
    end = 0.0
    for item in timeline:
        mixer.add(bank[item.cue], item.pan, item.gain, delay=item.time)
        end = max(end, item.time + bank.seconds(item.cue))
    return mixer.render(round((end + tail) * bank.rate))


def write_stereo_wav(path: Path, frames: array[int], rate: int = SAMPLE_RATE) -> None:
    """Write interleaved stereo 16-bit samples as a WAV file."""
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(2)
        wav.setsampwidth(2)
        wav.setframerate(rate)
        wav.writeframes(frames.tobytes())
