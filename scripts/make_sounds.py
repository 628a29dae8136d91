"""Synthesize every sound cue into ``sounds/`` (mono, 16-bit, 22050 Hz WAV).

Nothing is recorded or downloaded: cards are filtered noise bursts, chips are short
ringing clicks, the table knock is a damped low resonance, and the musical cues are
plain additive tones. Each cue has its own fixed seed and only the standard library is
used, so running this again writes byte-identical files.

    python scripts/make_sounds.py            # write sounds/*.wav
    python scripts/make_sounds.py --check    # exit 1 if sounds/ is not up to date
    python scripts/make_sounds.py --out DIR  # write somewhere else
"""

from __future__ import annotations

import argparse
import io
import math
import random
import sys
import wave
import zlib
from array import array
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
try:
    from audiopoker.audio.cues import CUE_SPECS, SAMPLE_RATE, Cue
except ImportError:  # run from a checkout without installing the package
    sys.path.insert(0, str(ROOT))
    from audiopoker.audio.cues import CUE_SPECS, SAMPLE_RATE, Cue

RATE = SAMPLE_RATE
TAU = 2 * math.pi
Signal = list[float]


# -- building blocks -------------------------------------------------------------------


def silence(seconds: float) -> Signal:
    """A silent buffer of ``seconds``."""
    return [0.0] * round(seconds * RATE)


def mix_into(dst: Signal, src: Sequence[float], at: float, gain: float = 1.0) -> None:
    """Add ``src`` into ``dst`` starting at ``at`` seconds (cut at the end of ``dst``)."""
    start = round(at * RATE)
    stop = min(len(dst), start + len(src))
    for i in range(start, stop):
        dst[i] += src[i - start] * gain


def noise(rng: random.Random, seconds: float) -> Signal:
    """White noise in -1..1."""
    return [rng.uniform(-1.0, 1.0) for _ in range(round(seconds * RATE))]


def lowpass(x: Sequence[float], cutoff: float) -> Signal:
    """One-pole low-pass: a gentle roll-off, enough to make noise dull or soft."""
    a = math.exp(-TAU * cutoff / RATE)
    b = 1.0 - a
    y = 0.0
    out = []
    for s in x:
        y = b * s + a * y
        out.append(y)
    return out


def highpass(x: Sequence[float], cutoff: float) -> Signal:
    """One-pole high-pass (the input minus its low-pass)."""
    return [s - low for s, low in zip(x, lowpass(x, cutoff), strict=True)]


def bandpass(x: Sequence[float], freq: float, q: float) -> Signal:
    """RBJ biquad band-pass with 0 dB peak: gives noise a pitch (card paper, chip clay)."""
    w = TAU * freq / RATE
    alpha = math.sin(w) / (2 * q)
    a0 = 1 + alpha
    b0, b2 = alpha / a0, -alpha / a0
    a1, a2 = -2 * math.cos(w) / a0, (1 - alpha) / a0
    x1 = x2 = y1 = y2 = 0.0
    out = []
    for s in x:
        y = b0 * s + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1 = x1, s
        y2, y1 = y1, y
        out.append(y)
    return out


def envelope(x: Sequence[float], attack: float, decay: float) -> Signal:
    """Linear attack over ``attack`` seconds, then exponential decay (time constant)."""
    n_attack = max(1, round(attack * RATE))
    k = math.exp(-1.0 / (decay * RATE))
    out = []
    level = 1.0
    for i, s in enumerate(x):
        if i < n_attack:
            out.append(s * i / n_attack)
        else:
            out.append(s * level)
            level *= k
    return out


def swell(x: Sequence[float]) -> Signal:
    """A half-sine envelope: rises and falls over the whole buffer (a slide, a whoosh)."""
    n = len(x)
    return [s * math.sin(math.pi * i / n) for i, s in enumerate(x)]


def partials(
    freq: float,
    seconds: float,
    parts: Sequence[tuple[float, float, float]],
    attack: float = 0.004,
) -> Signal:
    """Additive tone: (frequency ratio, amplitude, decay time constant) per partial."""
    n = round(seconds * RATE)
    n_attack = max(1, round(attack * RATE))
    out = [0.0] * n
    for ratio, amp, decay in parts:
        f = freq * ratio
        if f >= RATE / 2:
            continue
        step = TAU * f / RATE
        k = math.exp(-1.0 / (decay * RATE))
        level = amp
        for i in range(n):
            out[i] += level * math.sin(step * i)
            level *= k
    for i in range(min(n_attack, n)):
        out[i] *= i / n_attack
    release = min(n, round(0.015 * RATE))  # a cut-off tone would click
    for i in range(release):
        out[n - release + i] *= (release - i) / release
    return out


def note(name: str) -> float:
    """Frequency of a note like 'A4', 'C#5', 'Eb4' (equal temperament, A4 = 440 Hz)."""
    steps = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}[name[0]]
    rest = name[1:]
    if rest[0] == "#":
        steps, rest = steps + 1, rest[1:]
    elif rest[0] == "b":
        steps, rest = steps - 1, rest[1:]
    return 440.0 * 2 ** ((steps + 12 * (int(rest) - 4)) / 12)


# -- instruments -----------------------------------------------------------------------


def marimba(name: str, seconds: float = 0.5) -> Signal:
    """A soft mallet note: used for the street tones and small musical cues."""
    return partials(note(name), seconds, [(1, 1.0, 0.18), (3.93, 0.18, 0.05), (9.2, 0.04, 0.02)])


def bell(name: str, seconds: float = 0.6) -> Signal:
    """A clear bell-like note: the attention cues (your turn, the fanfares)."""
    return partials(
        note(name),
        seconds,
        [(1, 1.0, 0.30), (2.0, 0.35, 0.15), (2.76, 0.25, 0.10), (5.4, 0.08, 0.04)],
        attack=0.003,
    )


def soft_tone(name: str, seconds: float, decay: float = 0.35) -> Signal:
    """A darker, rounder note for the sad cues."""
    return partials(note(name), seconds, [(1, 1.0, decay), (2, 0.25, decay / 2)], attack=0.02)


def buzz(freq: float, seconds: float) -> Signal:
    """A square-ish tone from odd harmonics with short ramps: the error tone."""
    n = round(seconds * RATE)
    ramp = round(0.008 * RATE)
    out = []
    for i in range(n):
        t = i / RATE
        s = sum(math.sin(TAU * freq * k * t) / k for k in (1, 3, 5, 7))
        gain = min(1.0, i / ramp, (n - 1 - i) / ramp)
        out.append(s * gain)
    return out


def clack(rng: random.Random) -> Signal:
    """One chip landing on another: a bright, very short ringing click."""
    f0 = rng.uniform(2500.0, 3500.0)
    tone = partials(
        f0,
        0.035,
        [(1, 1.0, 0.006), (1.58, 0.55, 0.004), (2.24, 0.3, 0.003)],
        attack=0.0005,
    )
    hit = envelope(highpass(noise(rng, 0.004), 2000.0), 0.0003, 0.001)
    mix_into(tone, hit, 0.0, 0.8)
    return tone


def chips(rng: random.Random, count: int, spacing: tuple[float, float]) -> Signal:
    """``count`` chips set down one after another with uneven gaps."""
    times = []
    t = 0.0
    for _ in range(count):
        times.append(t)
        t += rng.uniform(*spacing)
    out = silence(t + 0.05)
    for at in times:
        mix_into(out, clack(rng), at, rng.uniform(0.55, 1.0))
    return out


def slide(rng: random.Random, seconds: float, cutoff: float = 1800.0) -> Signal:
    """Chips or cards pushed across the felt: soft band-limited noise that swells."""
    return swell(bandpass(noise(rng, seconds), cutoff, 0.7))


def slap(rng: random.Random, freq: float = 2200.0, decay: float = 0.018) -> Signal:
    """A card landing face down: papery burst plus a small thud."""
    paper = envelope(bandpass(noise(rng, 0.09), freq, 1.2), 0.001, decay)
    thud = envelope(lowpass(noise(rng, 0.06), 300.0), 0.001, 0.012)
    mix_into(paper, thud, 0.0, 2.5)
    return paper


def flick(rng: random.Random) -> Signal:
    """A card dealt across the table: a quick swish ending in a light slap."""
    out = silence(0.13)
    mix_into(out, swell(bandpass(noise(rng, 0.06), 3500.0, 1.0)), 0.0, 0.5)
    mix_into(out, slap(rng, 2600.0, 0.012), 0.05)
    return out


def knock(rng: random.Random) -> Signal:
    """A knuckle on the wooden rail: a damped low body plus a short contact noise."""
    body = partials(
        rng.uniform(170.0, 185.0), 0.12, [(1, 1.0, 0.03), (2.7, 0.5, 0.015), (5.1, 0.2, 0.008)]
    )
    contact = envelope(lowpass(noise(rng, 0.02), 1500.0), 0.0005, 0.004)
    mix_into(body, contact, 0.0, 1.5)
    return body


def woodblock(freq: float, rng: random.Random) -> Signal:
    """A clock-like tick."""
    tick = partials(freq, 0.08, [(1, 1.0, 0.018), (2.3, 0.3, 0.008)], attack=0.0008)
    mix_into(tick, envelope(highpass(noise(rng, 0.005), 3000.0), 0.0003, 0.001), 0.0, 0.3)
    return tick


# -- the cues --------------------------------------------------------------------------


def make_shuffle(rng: random.Random) -> Signal:
    """A riffle: cards flutter together faster and faster, then the deck is squared."""
    out = silence(1.05)
    t, gap = 0.02, 0.020
    while t < 0.72:
        tick = envelope(bandpass(noise(rng, 0.006), rng.uniform(2500, 4000), 2.0), 0.0005, 0.002)
        mix_into(out, tick, t, rng.uniform(0.4, 1.0) * min(1.0, t * 12))
        t += gap * rng.uniform(0.8, 1.2)
        gap = max(0.008, gap * 0.97)
    mix_into(out, swell(lowpass(noise(rng, 0.22), 900.0)), 0.74, 1.2)
    mix_into(out, slap(rng, 1500.0, 0.02), 0.95, 0.6)
    return out


def make_street(rng: random.Random, cards: int, tone: str) -> Signal:
    """Board cards laid down, then a soft note: C for the flop, E turn, G river."""
    out = silence(0.12 * cards + 0.5)
    for i in range(cards):
        mix_into(out, slap(rng), 0.01 + 0.11 * i, rng.uniform(0.85, 1.0))
    mix_into(out, marimba(tone, 0.45), 0.11 * cards + 0.02, 0.6)
    return out


def make_show(rng: random.Random) -> Signal:
    """Two cards turned face up."""
    out = silence(0.3)
    for at in (0.0, 0.11):
        mix_into(out, swell(bandpass(noise(rng, 0.04), 3000.0, 1.0)), at, 0.4)
        mix_into(out, slap(rng, 2400.0, 0.014), at + 0.035)
    return out


def make_check(rng: random.Random) -> Signal:
    """Two knocks on the table."""
    out = silence(0.3)
    mix_into(out, knock(rng), 0.0)
    mix_into(out, knock(rng), 0.11, 0.8)
    return out


def make_chips(rng: random.Random, count: int, push: float) -> Signal:
    """Chips put in: a call only sets them down; a bet first slides them forward."""
    stack = chips(rng, count, (0.025, 0.06))
    out = silence(push + len(stack) / RATE + 0.02)
    if push:
        mix_into(out, slide(rng, push), 0.0, 0.6)
    mix_into(out, stack, push * 0.8)
    if count >= 8:  # a tall stack lands with some weight
        thud = envelope(lowpass(noise(rng, 0.08), 250.0), 0.002, 0.02)
        mix_into(out, thud, push * 0.8, 1.5)
    return out


def make_raise(rng: random.Random) -> Signal:
    """Two pushes of chips and a rising interval: more than a bet."""
    out = silence(0.75)
    mix_into(out, slide(rng, 0.14), 0.0, 0.6)
    mix_into(out, chips(rng, 4, (0.025, 0.045)), 0.1)
    mix_into(out, slide(rng, 0.14), 0.26, 0.6)
    mix_into(out, chips(rng, 5, (0.02, 0.04)), 0.36)
    mix_into(out, marimba("G4", 0.25), 0.3, 0.25)
    mix_into(out, marimba("D5", 0.3), 0.42, 0.25)
    return out


def make_all_in(rng: random.Random) -> Signal:
    """Every chip pushed in: a long heavy slide, a landing thump and an avalanche."""
    out = silence(1.15)
    mix_into(out, slide(rng, 0.4, 900.0), 0.0, 1.0)
    mix_into(out, partials(55.0, 0.4, [(1, 1.0, 0.09), (2, 0.3, 0.05)]), 0.32, 0.9)
    mix_into(out, chips(rng, 20, (0.015, 0.04)), 0.34, 0.9)
    return out


def make_fold(rng: random.Random) -> Signal:
    """Cards tossed away: a soft falling whoosh and a muffled landing."""
    out = silence(0.26)
    mix_into(out, swell(lowpass(bandpass(noise(rng, 0.16), 1200.0, 0.8), 2500.0)), 0.0)
    mix_into(out, slap(rng, 1100.0, 0.02), 0.14, 0.7)
    return out


def make_your_turn(_rng: random.Random) -> Signal:
    """A rising two-note chime: unmistakable and not alarming."""
    out = silence(0.6)
    mix_into(out, bell("E5", 0.4), 0.0)
    mix_into(out, bell("A5", 0.45), 0.14)
    return out


def make_time_running(rng: random.Random) -> Signal:
    """A clock ticking faster, then a short high beep."""
    out = silence(1.0)
    t = 0.0
    for i, gap in enumerate((0.22, 0.19, 0.16, 0.13, 0.11)):
        mix_into(out, woodblock(1300.0 if i % 2 == 0 else 1000.0, rng), t)
        t += gap
    mix_into(out, bell("B5", 0.2), t + 0.02, 0.6)
    return out


def make_win_pot(rng: random.Random) -> Signal:
    """The pot raked in (a run of chips) under a bright rising arpeggio."""
    out = silence(1.0)
    mix_into(out, slide(rng, 0.35, 1200.0), 0.0, 0.7)
    mix_into(out, chips(rng, 14, (0.02, 0.035)), 0.1, 0.8)
    for i, name in enumerate(("C5", "E5", "G5")):
        mix_into(out, marimba(name, 0.5), 0.3 + 0.1 * i, 0.55)
    return out


def make_split(rng: random.Random) -> Signal:
    """The pot cut in two: two small runs of chips, then two notes sounding together."""
    out = silence(0.85)
    mix_into(out, chips(rng, 5, (0.025, 0.04)), 0.0, 0.8)
    mix_into(out, chips(rng, 5, (0.025, 0.04)), 0.22, 0.8)
    mix_into(out, marimba("C5", 0.45), 0.4, 0.5)
    mix_into(out, marimba("G5", 0.45), 0.4, 0.5)
    return out


def make_elimination(_rng: random.Random) -> Signal:
    """A player is out: three falling notes."""
    out = silence(1.05)
    for i, name in enumerate(("G4", "E4", "C4")):
        mix_into(out, soft_tone(name, 0.6 if i == 2 else 0.3, 0.25), 0.22 * i)
    return out


def make_game_won(_rng: random.Random) -> Signal:
    """A short fanfare: a rising arpeggio landing on a full chord."""
    out = silence(1.7)
    for i, name in enumerate(("C5", "E5", "G5")):
        mix_into(out, bell(name, 0.35), 0.12 * i, 0.7)
    for name in ("C5", "E5", "G5", "C6"):
        mix_into(out, bell(name, 1.3), 0.4, 0.45)
    return out


def make_game_lost(_rng: random.Random) -> Signal:
    """The game is over for you: a slow falling minor line over a low note."""
    out = silence(1.8)
    for i, name in enumerate(("G4", "Eb4", "C4")):
        mix_into(out, soft_tone(name, 0.55, 0.3), 0.35 * i)
    mix_into(out, soft_tone("C3", 1.0, 0.45), 0.75, 0.8)
    return out


def make_error(_rng: random.Random) -> Signal:
    """Two short low buzzes: that did not work."""
    out = silence(0.3)
    mix_into(out, buzz(180.0, 0.09), 0.0)
    mix_into(out, buzz(180.0, 0.09), 0.14)
    return out


def make_chat(_rng: random.Random) -> Signal:
    """Two quick high bell notes, rising: someone said something."""
    out = silence(0.3)
    mix_into(out, bell("E6", 0.18), 0.0, 0.7)
    mix_into(out, bell("A6", 0.2), 0.09, 0.7)
    return out


MAKERS: dict[Cue, Callable[[random.Random], Signal]] = {
    Cue.SHUFFLE: make_shuffle,
    Cue.DEAL: flick,
    Cue.BURN: lambda rng: mix_fold(slide(rng, 0.12, 1000.0), slap(rng, 1300.0, 0.015), 0.1),
    Cue.FLOP: lambda rng: make_street(rng, 3, "C5"),
    Cue.TURN: lambda rng: make_street(rng, 1, "E5"),
    Cue.RIVER: lambda rng: make_street(rng, 1, "G5"),
    Cue.SHOW: make_show,
    Cue.CHECK: make_check,
    Cue.CALL_SMALL: lambda rng: make_chips(rng, 2, 0.0),
    Cue.CALL_MEDIUM: lambda rng: make_chips(rng, 4, 0.0),
    Cue.CALL_LARGE: lambda rng: make_chips(rng, 9, 0.0),
    Cue.BET_SMALL: lambda rng: make_chips(rng, 2, 0.12),
    Cue.BET_MEDIUM: lambda rng: make_chips(rng, 4, 0.16),
    Cue.BET_LARGE: lambda rng: make_chips(rng, 9, 0.22),
    Cue.RAISE: make_raise,
    Cue.ALL_IN: make_all_in,
    Cue.FOLD: make_fold,
    Cue.YOUR_TURN: make_your_turn,
    Cue.TIME_RUNNING: make_time_running,
    Cue.WIN_POT: make_win_pot,
    Cue.SPLIT: make_split,
    Cue.ELIMINATION: make_elimination,
    Cue.GAME_WON: make_game_won,
    Cue.GAME_LOST: make_game_lost,
    Cue.ERROR: make_error,
    Cue.CHAT: make_chat,
}


def mix_fold(first: Signal, second: Signal, at: float) -> Signal:
    """``first`` with ``second`` laid over it from ``at`` seconds, lengthened to fit."""
    out = silence(max(len(first) / RATE, at + len(second) / RATE))
    mix_into(out, first, 0.0, 0.6)
    mix_into(out, second, at)
    return out


# -- output ----------------------------------------------------------------------------


def finish(signal: Signal, peak: float) -> array[int]:
    """Scale to ``peak`` (a fraction of full scale), fade the last 5 ms, make 16-bit."""
    loudest = max(abs(s) for s in signal) or 1.0
    scale = peak * 32767 / loudest
    fade = min(len(signal), round(0.005 * RATE))
    out = array("h", (round(s * scale) for s in signal))
    for i in range(fade):
        index = len(out) - fade + i
        out[index] = round(out[index] * (fade - i) / fade)
    return out


def synthesize(cue: Cue) -> array[int]:
    """The 16-bit samples of ``cue``, from its own fixed seed."""
    rng = random.Random(zlib.crc32(cue.value.encode()))
    return finish(MAKERS[cue](rng), CUE_SPECS[cue].peak)


def wav_bytes(samples: array[int]) -> bytes:
    """A complete mono 16-bit WAV file (``wave`` converts native samples to the
    little-endian order WAV requires)."""
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(RATE)
        wav.writeframes(samples.tobytes())
    return buffer.getvalue()


def write_all(out: Path, cues: Sequence[Cue] = tuple(Cue)) -> list[Path]:
    """Write every cue's file into ``out``; return the paths written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for cue in cues:
        path = out / cue.filename
        path.write_bytes(wav_bytes(synthesize(cue)))
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: write the cues, or check that the committed ones are current."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "sounds", help="target folder")
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    if args.check:
        stale = [
            cue.filename
            for cue in Cue
            if not (args.out / cue.filename).is_file()
            or (args.out / cue.filename).read_bytes() != wav_bytes(synthesize(cue))
        ]
        for name in stale:
            print(f"out of date: {name}")
        return 1 if stale else 0
    for path in write_all(args.out):
        print(f"{path.name}: {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
