"""Opponent modelling: per-seat frequencies from the hands seen so far.

Counts come from public events only (actions, and cards shown at a showdown): how often a
seat voluntarily puts chips in preflop (VPIP), raises preflop (PFR), raises when it is
first in (opens), folds to and re-raises a raise before the flop, folds when it faces a
bet after the flop, bets or raises after the flop, how strong the hands it shows down
are, and how often its river bets lose at the showdown. Rates are smoothed towards
typical values so a handful of hands does not swing them.

A model learns from ``observe(event)`` when the conductor passes events, and otherwise
from the views it is shown (``sync(view)``); either way a hand counts once, when it ends
or when the next hand begins.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import astuple, dataclass, fields
from typing import Any, Final

from audiopoker.bots.equity import hand_class, ids
from audiopoker.bots.preflop import preflop_table
from audiopoker.bots.shortstack import SHORT_STACK_BB
from audiopoker.engine.actions import ActionKind, Street
from audiopoker.engine.events import (
    ActionTaken,
    Event,
    HandEnded,
    HandShown,
    HandStarted,
    PotAwarded,
    StreetDealt,
)
from audiopoker.engine.view import PlayerView

PRIOR_WEIGHT: Final = 8.0  # the prior counts as this many observations
PRIOR_VPIP: Final = 0.30
PRIOR_PFR: Final = 0.16
PRIOR_FOLD_TO_BET: Final = 0.45
PRIOR_AGGRESSION: Final = 0.35
PRIOR_OPEN: Final = 0.20
PRIOR_FOLD_TO_RAISE: Final = 0.60
PRIOR_RERAISE: Final = 0.07
PRIOR_SHOWN: Final = 0.30  # a shown hand's percentile among all starting hands
PRIOR_RIVER_BET_LOST: Final = 0.30
# Short stacks: the heads-up push/fold equilibrium's shares at 10 big blinds.
PRIOR_SHOVE: Final = 0.59
PRIOR_CALL_SHOVE: Final = 0.38


@dataclass(slots=True)
class SeatStats:
    """Raw counts for one seat."""

    hands: int = 0
    vpip: int = 0
    pfr: int = 0
    faced_bet: int = 0
    folded_to_bet: int = 0
    aggressive: int = 0  # postflop bets and raises
    passive: int = 0  # postflop checks and calls
    # Fields below came later: a saved game's shorter lists read them as zeros.
    open_chances: int = 0  # first action before the flop with nobody raised yet
    opened: int = 0  # ... and it raised
    faced_raise: int = 0  # preflop actions facing someone else's raise
    folded_to_raise: int = 0
    reraised: int = 0
    shown: int = 0  # hands shown at a showdown
    shown_percentile: int = 0  # their percentiles among starting hands, in thousandths
    river_bets_shown: int = 0  # hands it bet or raised last on the river, then showed
    river_bets_lost: int = 0  # ... and won nothing with
    short_chances: int = 0  # first in before the flop, 15 big blinds deep or less
    shoved: int = 0  # ... and went all in
    faced_shove: int = 0  # preflop actions facing someone else's all-in raise
    called_shove: int = 0

    def _rate(self, count: float, total: int, prior: float) -> float:
        return (count + prior * PRIOR_WEIGHT) / (total + PRIOR_WEIGHT)

    @property
    def vpip_rate(self) -> float:
        """Share of hands it put chips in voluntarily before the flop."""
        return self._rate(self.vpip, self.hands, PRIOR_VPIP)

    @property
    def pfr_rate(self) -> float:
        """Share of hands it raised before the flop."""
        return self._rate(self.pfr, self.hands, PRIOR_PFR)

    @property
    def fold_to_bet_rate(self) -> float:
        """Share of postflop bets or raises it folded to."""
        return self._rate(self.folded_to_bet, self.faced_bet, PRIOR_FOLD_TO_BET)

    @property
    def aggression_rate(self) -> float:
        """Share of its postflop actions (fold aside) that were bets or raises."""
        return self._rate(self.aggressive, self.aggressive + self.passive, PRIOR_AGGRESSION)

    @property
    def open_rate(self) -> float:
        """Share of the pots it could open (nobody raised yet) that it raised."""
        return self._rate(self.opened, self.open_chances, PRIOR_OPEN)

    @property
    def fold_to_raise_rate(self) -> float:
        """Share of preflop raises it folded to."""
        return self._rate(self.folded_to_raise, self.faced_raise, PRIOR_FOLD_TO_RAISE)

    @property
    def reraise_rate(self) -> float:
        """Share of preflop raises it re-raised."""
        return self._rate(self.reraised, self.faced_raise, PRIOR_RERAISE)

    @property
    def shown_strength(self) -> float:
        """Mean percentile of the hands it showed down (0 aces, 1 the worst hand)."""
        return self._rate(self.shown_percentile / 1000, self.shown, PRIOR_SHOWN)

    @property
    def shove_rate(self) -> float:
        """Share of its short-stacked first-in chances it went all in with."""
        return self._rate(self.shoved, self.short_chances, PRIOR_SHOVE)

    @property
    def call_shove_rate(self) -> float:
        """Share of preflop all-ins it called."""
        return self._rate(self.called_shove, self.faced_shove, PRIOR_CALL_SHOVE)

    @property
    def river_bet_lost_rate(self) -> float:
        """Share of its river bets that lost at the showdown: bluffs and thin value."""
        return self._rate(self.river_bets_lost, self.river_bets_shown, PRIOR_RIVER_BET_LOST)


FIRST_WIDTH: Final = 7  # the counts a saved game held before the preflop and showdown ones


class OpponentModel:
    """Frequencies per table seat, learnt from events as hands end."""

    def __init__(self) -> None:
        self.stats: dict[int, SeatStats] = {}
        self._hand: int | None = None
        self._events: list[Event] = []
        self._from_observe = False
        self._counted: set[int] = set()

    def of(self, seat: int) -> SeatStats:
        """The counts for ``seat`` (empty counts when it was never seen)."""
        return self.stats.setdefault(seat, SeatStats())

    def state(self) -> dict[str, list[int]]:
        """The counts per seat as JSON-ready values (between hands nothing else matters)."""
        return {str(seat): list(astuple(stats)) for seat, stats in sorted(self.stats.items())}

    def restore(self, saved: Mapping[str, Any]) -> None:
        """Take back the counts of ``state()``; ValueError for anything else."""
        width = len(fields(SeatStats))
        restored: dict[int, SeatStats] = {}
        for seat, counts in saved.items():
            if (
                not str(seat).isdigit()
                or not isinstance(counts, list)
                or not FIRST_WIDTH <= len(counts) <= width
                or not all(type(count) is int and count >= 0 for count in counts)
            ):
                raise ValueError(f"bad opponent counts for seat {seat!r}")
            restored[int(seat)] = SeatStats(*counts)  # missing later fields: zeros
        self.stats = restored
        self._hand = None
        self._events = []
        self._counted = set()

    def observe(self, event: Event) -> None:
        """Take one public event, in order."""
        if isinstance(event, HandStarted):
            self._begin(event.hand_number, from_observe=True)
        if self._hand is None:
            return
        self._events.append(event)
        if isinstance(event, HandEnded):
            self._commit()

    def sync(self, view: PlayerView) -> None:
        """Catch up from a view, for conductors that never call ``observe``."""
        if self._hand != view.hand_number:
            self._begin(view.hand_number, from_observe=False)
        if not self._from_observe:
            self._events = list(view.history)

    def _begin(self, hand_number: int, *, from_observe: bool) -> None:
        if self._hand is not None and self._hand != hand_number:
            self._commit()
        if self._hand != hand_number:
            self._events = []
        self._hand = hand_number
        self._from_observe = from_observe

    def _commit(self) -> None:
        if self._hand is not None and self._hand not in self._counted:
            self._counted.add(self._hand)
            self._count(self._events)
        self._events = []

    def _count(self, events: Iterable[Event]) -> None:
        vpip: set[int] = set()
        pfr: set[int] = set()
        acted: set[int] = set()  # seats that already acted before the flop
        short: set[int] = set()  # seats 15 big blinds deep or less against the table
        raiser: int | None = None  # the seat that raised last before the flop
        shover: int | None = None  # the seat whose all-in raise is the last raise
        betting: int | None = None  # the seat that bet or raised last on this street
        river_bettor: int | None = None
        shown: set[int] = set()
        winners: set[int] = set()
        for event in events:
            if isinstance(event, HandStarted):
                for seat in event.seats_in_hand:
                    self.of(seat).hands += 1
                short = _short_seats(event)
            elif isinstance(event, StreetDealt):
                betting = None
            elif isinstance(event, ActionTaken):
                stats = self.of(event.seat)
                aggressive = event.kind in (ActionKind.BET, ActionKind.RAISE)
                if event.street is Street.PREFLOP:
                    first_in = raiser is None and event.seat not in acted
                    self._count_preflop(stats, event, raiser, event.seat in acted)
                    if first_in and event.seat in short:
                        stats.short_chances += 1
                        stats.shoved += aggressive and event.all_in
                    if shover is not None and shover != event.seat:
                        stats.faced_shove += 1
                        stats.called_shove += event.kind is ActionKind.CALL
                    acted.add(event.seat)
                    if aggressive or event.kind is ActionKind.CALL:
                        vpip.add(event.seat)
                    if aggressive:
                        pfr.add(event.seat)
                        raiser = event.seat
                        shover = event.seat if event.all_in else None
                    continue
                if betting is not None and betting != event.seat:
                    stats.faced_bet += 1
                    stats.folded_to_bet += event.kind is ActionKind.FOLD
                if aggressive:
                    stats.aggressive += 1
                    betting = event.seat
                    if event.street is Street.RIVER:
                        river_bettor = event.seat
                elif event.kind in (ActionKind.CHECK, ActionKind.CALL):
                    stats.passive += 1
            elif isinstance(event, HandShown) and event.seat not in shown:
                shown.add(event.seat)
                stats = self.of(event.seat)
                stats.shown += 1
                name = hand_class(*ids(event.cards))
                stats.shown_percentile += round(1000 * preflop_table().percentile(name, 1))
            elif isinstance(event, PotAwarded):
                winners.update(event.winners)
        for seat in vpip:
            self.of(seat).vpip += 1
        for seat in pfr:
            self.of(seat).pfr += 1
        if river_bettor is not None and river_bettor in shown:
            stats = self.of(river_bettor)
            stats.river_bets_shown += 1
            stats.river_bets_lost += river_bettor not in winners

    @staticmethod
    def _count_preflop(
        stats: SeatStats, event: ActionTaken, raiser: int | None, acted: bool
    ) -> None:
        """Opens, and folds and re-raises facing someone else's raise."""
        raised = event.kind in (ActionKind.BET, ActionKind.RAISE)
        if raiser is None:
            if not acted:
                stats.open_chances += 1
                stats.opened += raised
        elif raiser != event.seat:
            stats.faced_raise += 1
            stats.folded_to_raise += event.kind is ActionKind.FOLD
            stats.reraised += raised


def _short_seats(started: HandStarted) -> set[int]:
    """Seats whose stack, against the deepest other stack dealt in, is 15 big blinds or
    less when the hand starts."""
    dealt = started.seats_in_hand
    short: set[int] = set()
    for seat in dealt:
        deepest = max((started.stacks[s] for s in dealt if s != seat), default=0)
        effective = min(started.stacks[seat], deepest)
        if effective <= SHORT_STACK_BB * started.big_blind_amount:
            short.add(seat)
    return short
