"""Sound in a real game: seeded all-bot games through the conductor.

- A watch game plays to the end exactly the same with the sound backend failing at
  start and failing mid-game (one log line each, no exception reaches the game).
- A short watch game's cues, mixed offline into one stereo WAV, put each seat's energy
  on its side: checked with sox (``remix 1 stat`` against ``remix 2 stat``).
"""

from __future__ import annotations

import math
import random
import shutil
import subprocess
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from sound_support import BreaksAfter, broken_at_start

from audiopoker.audio.cues import CueBank
from audiopoker.audio.listener import SoundListener, build_sound
from audiopoker.audio.mixer import Scheduled, render_offline, write_stereo_wav
from audiopoker.audio.sound_backends import RecordingBackend
from audiopoker.bots.reference import RandomBot
from audiopoker.engine.events import ActionTaken, Event, GameEnded, HandStarted
from audiopoker.engine.table import Table, TableConfig
from audiopoker.game import BotSeat, Game, Listener


class EventLog:
    """Keeps every event the conductor publishes."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def on_event(self, event: Event) -> None:
        self.events.append(event)


class VirtualPace:
    """A clock that moves like a paced watch game: bots take ``think`` seconds per action
    and hands start ``between`` seconds apart; everything else arrives in a burst."""

    def __init__(self, think: float = 0.7, between: float = 1.0) -> None:
        self.now = 0.0
        self.think = think
        self.between = between

    def on_event(self, event: Event) -> None:
        if isinstance(event, ActionTaken):
            self.now += self.think
        elif isinstance(event, HandStarted):
            self.now += self.between


def watch_game(
    seed: int, listeners: Sequence[Listener], players: int = 3, max_hands: int | None = None
) -> Game:
    """An all-bot game of seeded random legal actions."""
    rng = random.Random(seed)
    names = [f"Bot {i}" for i in range(players)]
    table = Table(names, 60, TableConfig(hand_limit=60), random.Random(rng.getrandbits(64)))
    seats = [BotSeat(RandomBot(random.Random(rng.getrandbits(64))), i) for i in range(players)]
    game = Game(table, seats, listeners)
    game.run(max_hands)
    return game


def test_watch_game_plays_to_the_end_the_same_with_sound_failing(
    caplog: pytest.LogCaptureFixture,
) -> None:
    silent = EventLog()
    reference = watch_game(1, [silent])
    assert reference.ended is not None and isinstance(silent.events[-1], GameEnded)
    hands = sum(isinstance(e, HandStarted) for e in silent.events)
    assert hands >= 3  # long enough for a failure to land mid-game

    working = RecordingBackend()
    unplugged = BreaksAfter(good=40)
    variants: dict[str, Callable[[], SoundListener]] = {
        "working": lambda: SoundListener(working, seat=None),
        "fails at start": lambda: build_sound(enabled=True, backend=broken_at_start),
        "fails mid-game": lambda: build_sound(enabled=True, backend=lambda: unplugged),
        "real device or none": lambda: build_sound(enabled=True, volume=0.2),
    }
    working_after: dict[str, bool] = {}
    for name, make in variants.items():
        caplog.clear()
        log = EventLog()
        sounds = make()
        watch_game(1, [log, sounds])
        sounds.close()
        assert log.events == silent.events, name
        warnings = [r for r in caplog.records if r.name == "audiopoker.audio"]
        assert len(warnings) == (0 if sounds.working else 1), name
        working_after[name] = sounds.working

    assert len(working.played) > 2 * unplugged.good  # the failure came well before the end
    assert len(unplugged.played) == unplugged.good and unplugged.calls == unplugged.good + 1
    assert not working_after["fails at start"] and not working_after["fails mid-game"]
    assert working_after["working"]


# -- the offline mix, checked with sox ---------------------------------------------------


def sox_rms(path: Path, start: float, seconds: float, channel: int) -> float:
    """RMS amplitude of one channel of a stretch of ``path``, as sox measures it."""
    trim = ["trim", f"{start:.4f}", f"{seconds:.4f}"]
    result = subprocess.run(
        ["sox", str(path), "-n", *trim, "remix", str(channel), "stat"],
        capture_output=True,
        text=True,
        check=True,
    )
    for line in result.stderr.splitlines():
        if line.startswith("RMS     amplitude:"):
            return float(line.split(":")[1])
    raise AssertionError(f"no RMS in sox output: {result.stderr}")


def isolated(timeline: Sequence[Scheduled], bank: CueBank) -> list[Scheduled]:
    """The cues that overlap no other cue, so their stretch of the mix is theirs alone."""
    spans = [(item.time, item.time + bank.seconds(item.cue)) for item in timeline]
    return [
        item
        for i, (item, (start, end)) in enumerate(zip(timeline, spans, strict=True))
        if all(e <= start or s >= end for j, (s, e) in enumerate(spans) if j != i)
    ]


@pytest.mark.skipif(
    shutil.which("sox") is None, reason="sox is not installed (apt-get install sox; CI has it)"
)
def test_offline_mix_of_a_watch_game_puts_each_seat_on_its_side(tmp_path: Path) -> None:
    bank = CueBank.load()
    pace = VirtualPace()
    backend = RecordingBackend(clock=lambda: pace.now)
    sounds = SoundListener(backend, seat=None, volume=1.0, clock=lambda: pace.now)
    watch_game(8, [pace, sounds], players=4, max_hands=3)
    mix = tmp_path / "watch.wav"
    write_stereo_wav(mix, render_offline(backend.timeline, bank), bank.rate)

    info = subprocess.run(["soxi", "-c", str(mix)], capture_output=True, text=True, check=True)
    assert info.stdout.strip() == "2"
    # A watcher hears seat 0 at the left .. seat 3 at the right: pans -0.6 -0.2 0.2 0.6.
    checked = {"left": 0, "right": 0}
    pans: set[float] = set()
    for item in isolated(backend.timeline, bank):
        if abs(item.pan) < 0.1:
            continue
        seconds = bank.seconds(item.cue)
        left = sox_rms(mix, item.time, seconds, 1)
        right = sox_rms(mix, item.time, seconds, 2)
        expected = math.tan((item.pan + 1) * math.pi / 4)  # the constant-power pan law
        assert right / left == pytest.approx(expected, rel=0.03), item
        checked["left" if item.pan < 0 else "right"] += 1
        pans.add(round(item.pan, 2))
    assert checked["left"] >= 3 and checked["right"] >= 3, checked
    assert len(pans) >= 3, pans  # more than one seat on a side
