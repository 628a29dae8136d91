"""The sound listener: turns engine events into cues panned by seat.

The listener sits in the middle of the table: its own seat (and the board) sound in
the centre, the player on its left (the next seat clockwise) at -0.6, and so on round
the table to the player on its right at +0.6. A watcher with no seat hears seat 0 at
the left and the last seat at the right. Seats keep their place for the whole game, so
a player can be recognised by where their chips are heard.

When events arrive in a burst (a hand starting, an all-in run-out) the cues are spaced
out with delays so the shuffle, the deal and the board can each be heard; when the game
is paced, cues play as their events arrive.

>>> [round(seat_pan(s, me=0, table_size=6), 2) for s in range(6)]
[0.0, -0.6, -0.3, 0.0, 0.3, 0.6]
>>> [round(seat_pan(s, me=None, table_size=3), 2) for s in range(3)]
[-0.6, 0.0, 0.6]
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

from audiopoker.audio.cues import Cue, CueBank
from audiopoker.audio.sound_backends import MiniaudioBackend, NullBackend, SafeBackend, SoundBackend
from audiopoker.engine.actions import ActionKind, Street
from audiopoker.engine.events import (
    ActionRequired,
    ActionTaken,
    AntePosted,
    BetReturned,
    BlindPosted,
    BlindsChanged,
    CardBurned,
    Event,
    GameEnded,
    HandEnded,
    HandRevealed,
    HandShown,
    HandStarted,
    HoleCardsDealt,
    PlayerEliminated,
    PotAwarded,
    StreetDealt,
)

log = logging.getLogger("audiopoker.audio")

PAN_WIDTH = 0.6  # subtle: far enough apart to tell seats, never hard left or right
DEFAULT_VOLUME = 0.8
VOLUME_STEP = 0.1
DEAL_GAP = 0.08  # seconds between cards when dealing round the table
MAX_BACKLOG = 4.0  # never queue a cue further ahead than this

# Events that make no sound: the words cover them (hand summary, new blind level).
SILENT_EVENTS: tuple[type[Event], ...] = (HandEnded, BlindsChanged)

# How long after a queued cue starts the next queued cue may start: about its length,
# so a burst of events is heard in order instead of all at once.
_SLOTS: dict[Cue, float] = {
    Cue.SHUFFLE: 0.95,
    Cue.BURN: 0.2,
    Cue.FLOP: 0.6,
    Cue.TURN: 0.45,
    Cue.RIVER: 0.45,
    Cue.SHOW: 0.3,
    Cue.ALL_IN: 0.6,
    Cue.RAISE: 0.45,
    Cue.WIN_POT: 0.7,
    Cue.SPLIT: 0.7,
    Cue.ELIMINATION: 0.9,
    Cue.YOUR_TURN: 0.3,
}
_DEFAULT_SLOT = 0.25

_STREET_CUES = {Street.FLOP: Cue.FLOP, Street.TURN: Cue.TURN, Street.RIVER: Cue.RIVER}


def seat_pan(seat: int, me: int | None, table_size: int) -> float:
    """Where ``seat`` sounds from for a listener at ``me`` (None: a watcher)."""
    if table_size < 2:
        return 0.0
    if me is None:
        return -PAN_WIDTH + 2 * PAN_WIDTH * seat / (table_size - 1)
    if seat == me or table_size == 2:  # heads-up, the opponent sits straight across
        return 0.0
    around = (seat - me) % table_size  # 1 = the next seat clockwise, on my left
    return -PAN_WIDTH + 2 * PAN_WIDTH * (around - 1) / (table_size - 2)


@dataclass(frozen=True, slots=True)
class Sound:
    """A cue to play: where from, and how long from now."""

    cue: Cue
    pan: float
    delay: float = 0.0


class CueMap:
    """The pure part: which cues an event makes, where, and when (no backend, no clock;
    the caller passes ``now`` in seconds)."""

    def __init__(self, seat: int | None = None, table_size: int = 0) -> None:
        self.seat = seat
        self.table_size = table_size
        self.big_blind = 2
        self._queue_end = 0.0
        self._deal_base: float | None = None
        self._deal_order: tuple[int, ...] = ()
        self._revealed: set[int] = set()
        self._lost = False

    def pan(self, seat: int) -> float:
        """The pan of ``seat`` for this listener."""
        return seat_pan(seat, self.seat, self.table_size)

    def _at(self, now: float, cue: Cue, pan: float) -> Sound:
        """Queue ``cue`` after whatever is still queued, within the backlog limit."""
        start = min(max(now, self._queue_end), now + MAX_BACKLOG)
        self._queue_end = start + _SLOTS.get(cue, _DEFAULT_SLOT)
        return Sound(cue, pan, start - now)

    def sounds(self, event: Event, now: float) -> list[Sound]:
        """The cues for ``event`` arriving at time ``now``."""
        match event:
            case HandStarted():
                self.table_size = len(event.stacks)
                self.big_blind = event.big_blind_amount
                self._deal_base = None
                self._deal_order = event.seats_in_hand
                self._revealed.clear()
                return [self._at(now, Cue.SHUFFLE, self.pan(event.button))]
            case AntePosted() | BlindPosted():
                cue = Cue.chips(bet=False, amount=event.amount, big_blind=self.big_blind)
                return [self._at(now, cue, self.pan(event.seat))]
            case HoleCardsDealt():
                return self._deal(event, now)
            case CardBurned():
                return [self._at(now, Cue.BURN, 0.0)]
            case StreetDealt():
                return [self._at(now, _STREET_CUES.get(event.street, Cue.FLOP), 0.0)]
            case ActionRequired():
                if event.seat == self.seat:
                    return [self._at(now, Cue.YOUR_TURN, 0.0)]
                return []
            case ActionTaken():
                return [self._at(now, self._action_cue(event), self.pan(event.seat))]
            case BetReturned():
                cue = Cue.chips(bet=False, amount=event.amount, big_blind=self.big_blind)
                return [self._at(now, cue, self.pan(event.seat))]
            case HandRevealed():
                self._revealed.add(event.seat)
                return [self._at(now, Cue.SHOW, self.pan(event.seat))]
            case HandShown():
                if event.seat in self._revealed:  # already face up since the all-in
                    return []
                return [self._at(now, Cue.SHOW, self.pan(event.seat))]
            case PotAwarded():
                if len(event.winners) == 1:
                    return [self._at(now, Cue.WIN_POT, self.pan(event.winners[0]))]
                return [self._at(now, Cue.SPLIT, 0.0)]
            case PlayerEliminated():
                if event.seat == self.seat:
                    self._lost = True
                    return [self._at(now, Cue.GAME_LOST, 0.0)]
                return [self._at(now, Cue.ELIMINATION, self.pan(event.seat))]
            case GameEnded():
                return self._game_end(event, now)
        return []

    def _deal(self, event: HoleCardsDealt, now: float) -> list[Sound]:
        """Two cards per seat, dealt one at a time round the table in two passes."""
        if self._deal_base is None:
            self._deal_base = min(max(now, self._queue_end), now + MAX_BACKLOG)
        order = self._deal_order
        index = order.index(event.seat) if event.seat in order else 0
        players = max(len(order), 1)
        pan = self.pan(event.seat)
        first = self._deal_base + index * DEAL_GAP
        second = self._deal_base + (players + index) * DEAL_GAP
        self._queue_end = max(self._queue_end, self._deal_base + 2 * players * DEAL_GAP)
        return [Sound(Cue.DEAL, pan, first - now), Sound(Cue.DEAL, pan, second - now)]

    def _action_cue(self, event: ActionTaken) -> Cue:
        if event.all_in:
            return Cue.ALL_IN
        if event.kind is ActionKind.FOLD:
            return Cue.FOLD
        if event.kind is ActionKind.CHECK:
            return Cue.CHECK
        if event.kind is ActionKind.RAISE:
            return Cue.RAISE
        bet = event.kind is ActionKind.BET
        return Cue.chips(bet=bet, amount=event.amount, big_blind=self.big_blind)

    def _game_end(self, event: GameEnded, now: float) -> list[Sound]:
        if self.seat is None:  # a watcher hears the fanfare from the winner's seat
            pan = self.pan(event.winners[0]) if len(event.winners) == 1 else 0.0
            return [self._at(now, Cue.GAME_WON, pan)]
        if self.seat in event.winners:
            return [self._at(now, Cue.GAME_WON, 0.0)]
        if self._lost:  # already heard when we were eliminated
            return []
        self._lost = True
        return [self._at(now, Cue.GAME_LOST, 0.0)]


class SoundListener:
    """Follows the game and plays its cues (a conductor Listener: ``on_event``).

    ``seat`` is the listener's own seat (None when watching). Volume is 0..1 in steps
    of 0.1; the methods that change it return the new state so the UI can say it. It
    never raises into the game: a failing backend goes quiet after one log line (wrap
    it in SafeBackend, as ``build_sound`` does), and a bug mapping an event is logged
    once and that event stays silent.
    """

    def __init__(
        self,
        backend: SoundBackend,
        seat: int | None = None,
        volume: float = DEFAULT_VOLUME,
        muted: bool = False,
        clock: Callable[[], float] = time.monotonic,
        table_size: int = 0,
    ) -> None:
        self.backend = backend
        self.map = CueMap(seat, table_size)
        self._volume = _clamp(volume)
        self._muted = muted
        self._clock = clock
        self._mapping_failed = False

    @property
    def seat(self) -> int | None:
        """The listener's own seat, heard in the middle (None: watching)."""
        return self.map.seat

    @seat.setter
    def seat(self, seat: int | None) -> None:
        self.map.seat = seat

    # -- the conductor's side ----------------------------------------------------------

    def on_event(self, event: Event) -> None:
        """Play the cues for one event (returns at once; cues overlap)."""
        try:
            sounds = self.map.sounds(event, self._clock())
        except Exception:
            if not self._mapping_failed:
                self._mapping_failed = True
                log.exception("no sound for %s", type(event).__name__)
            return
        for sound in sounds:
            self._play(sound.cue, sound.pan, sound.delay)

    # -- cues that are not engine events (the UI calls these) ---------------------------

    def play_cue(self, cue: Cue, seat: int | None = None) -> None:
        """Play ``cue`` now, from ``seat``'s place (None: the middle)."""
        self._play(cue, 0.0 if seat is None else self.map.pan(seat), 0.0)

    def time_running(self) -> None:
        """The player's time to act is running out."""
        self.play_cue(Cue.TIME_RUNNING)

    def error(self) -> None:
        """Something the player asked for was refused."""
        self.play_cue(Cue.ERROR)

    def _play(self, cue: Cue, pan: float, delay: float) -> None:
        if self._muted or self._volume <= 0:
            return
        self.backend.play(cue, pan, self._volume, delay)

    # -- volume and mute ------------------------------------------------------------------

    @property
    def volume(self) -> float:
        """The volume, 0.0 to 1.0 (kept while muted)."""
        return self._volume

    @property
    def muted(self) -> bool:
        """True while muted."""
        return self._muted

    def set_volume(self, volume: float) -> float:
        """Set the volume (clamped to 0..1); returns it."""
        self._volume = _clamp(volume)
        return self._volume

    def volume_up(self) -> float:
        """One step louder; returns the new volume. Unmutes."""
        self._muted = False
        return self.set_volume(self._volume + VOLUME_STEP)

    def volume_down(self) -> float:
        """One step quieter; returns the new volume."""
        return self.set_volume(self._volume - VOLUME_STEP)

    def toggle_mute(self) -> bool:
        """Mute or unmute; returns True when now muted. Muting silences at once."""
        self._muted = not self._muted
        if self._muted:
            self.backend.stop_all()
        return self._muted

    # -- state ------------------------------------------------------------------------------

    @property
    def working(self) -> bool:
        """False when the sound backend has failed and the game goes on silently."""
        return getattr(self.backend, "failure", None) is None

    def close(self) -> None:
        """Release the sound device."""
        self.backend.close()


def _clamp(volume: float) -> float:
    return round(min(1.0, max(0.0, volume)), 2)


def build_sound(
    enabled: bool = True,
    volume: float = DEFAULT_VOLUME,
    seat: int | None = None,
    backend: Callable[[], SoundBackend] | None = None,
) -> SoundListener:
    """The game's sound listener: ``enabled`` False (``--no-sound``) opens no device at
    all; otherwise the real backend (or ``backend()``) wrapped so any failure, now or
    later, is logged once and the game carries on silently."""
    if not enabled:
        return SoundListener(NullBackend(), seat, volume)
    factory = backend if backend is not None else lambda: MiniaudioBackend(CueBank.load())
    return SoundListener(SafeBackend(factory), seat, volume)
