"""Opponent modelling: per-seat frequencies from the hands seen so far.

Counts come from public events only (actions, and cards shown at a showdown): how often a
seat voluntarily puts chips in preflop (VPIP), raises preflop (PFR), raises when it is
first in (opens), folds to and re-raises a raise before the flop, folds to and raises a
bet after the flop (and folds to one after it bet or raised in the same hand, when its
range is strong), bets or raises after the flop, how strong the hands it shows down
are (and those it raised with before the flop), and how often its bets lose at the
showdown. Rates are smoothed towards typical values so a handful of hands does not swing
them.

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
PRIOR_BET_LOST: Final = 0.30
PRIOR_RAISED: Final = 0.10  # an opener of the top fifth shows hands around the top tenth
PRIOR_RAISE_BET: Final = 0.12  # share of bets after the flop it raises
PRIOR_FOLD_AFTER_BETTING: Final = 0.30  # a bettor folds less than a checker to a bet
# Short stacks: the heads-up push/fold equilibrium's shares at 10 big blinds.
PRIOR_SHOVE: Final = 0.59
PRIOR_CALL_SHOVE: Final = 0.38
SMALL_BET: Final = 0.33  # bet sizes, as shares of the pot, where the two fold rates apply
BIG_BET: Final = 0.8


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
    bets_shown: int = 0  # hands it made the last bet or raise after the flop, then showed
    bets_lost: int = 0  # ... and won nothing with
    raised_shown: int = 0  # shown hands it had raised with before the flop
    raised_shown_percentile: int = 0  # their percentiles, in thousandths
    short_chances: int = 0  # first in before the flop, 15 big blinds deep or less
    shoved: int = 0  # ... and went all in
    faced_shove: int = 0  # preflop actions facing someone else's all-in raise
    called_shove: int = 0
    faced_small_bet: int = 0  # after the flop, bets or raises under half the pot
    folded_to_small_bet: int = 0
    raised_bet: int = 0  # after the flop, bets or raises it faced and raised
    bettor_faced_bet: int = 0  # ... it faced after it bet or raised after the flop this hand
    bettor_folded: int = 0  # ... and folded to

    def _rate(self, count: float, total: int, prior: float) -> float:
        return _smoothed(count, total, prior)

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
    def fold_after_betting_rate(self) -> float:
        """Share of postflop bets or raises it folded to after it had bet or raised after
        the flop in the same hand."""
        return self._rate(self.bettor_folded, self.bettor_faced_bet, PRIOR_FOLD_AFTER_BETTING)

    @property
    def raise_bet_rate(self) -> float:
        """Share of postflop bets or raises it raised."""
        return self._rate(self.raised_bet, self.faced_bet, PRIOR_RAISE_BET)

    @property
    def aggression_rate(self) -> float:
        """Share of its postflop actions (fold aside) that were bets or raises."""
        return self._rate(self.aggressive, self.aggressive + self.passive, PRIOR_AGGRESSION)

    def fold_to_size(self, ratio: float) -> float:
        """How often it folds to a bet of ``ratio`` times the pot: measured apart for bets
        under half the pot and bigger ones (each smoothed towards its overall rate), a
        straight line between a third and four fifths of the pot."""
        overall = self.fold_to_bet_rate
        small = _smoothed(self.folded_to_small_bet, self.faced_small_bet, overall)
        big_faced = self.faced_bet - self.faced_small_bet
        big = _smoothed(self.folded_to_bet - self.folded_to_small_bet, big_faced, overall)
        share = min(max((ratio - SMALL_BET) / (BIG_BET - SMALL_BET), 0.0), 1.0)
        return small + (big - small) * share

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
    def bet_lost_rate(self) -> float:
        """Share of its shown-down bets after the flop that lost: bluffs and thin value."""
        return self._rate(self.bets_lost, self.bets_shown, PRIOR_BET_LOST)

    @property
    def raised_strength(self) -> float:
        """Mean percentile of the hands it showed down after raising before the flop."""
        return self._rate(self.raised_shown_percentile / 1000, self.raised_shown, PRIOR_RAISED)


def _smoothed(count: float, total: int, prior: float) -> float:
    """``count / total`` pulled towards ``prior`` as if PRIOR_WEIGHT more were seen."""
    return (count + prior * PRIOR_WEIGHT) / (total + PRIOR_WEIGHT)


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
        small_bet = False  # ... and whether that bet was under half the pot
        last_bettor: int | None = None  # the last bet or raise after the flop
        bettors: set[int] = set()  # seats that bet or raised after the flop
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
                    stats.faced_small_bet += small_bet
                    stats.folded_to_small_bet += small_bet and event.kind is ActionKind.FOLD
                    stats.raised_bet += aggressive
                    if event.seat in bettors:
                        stats.bettor_faced_bet += 1
                        stats.bettor_folded += event.kind is ActionKind.FOLD
                if aggressive:
                    stats.aggressive += 1
                    bettors.add(event.seat)
                    betting = event.seat
                    small_bet = 2 * event.amount < event.pot - event.amount
                    last_bettor = event.seat
                elif event.kind in (ActionKind.CHECK, ActionKind.CALL):
                    stats.passive += 1
            elif isinstance(event, HandShown) and event.seat not in shown:
                shown.add(event.seat)
                stats = self.of(event.seat)
                stats.shown += 1
                name = hand_class(*ids(event.cards))
                percentile = round(1000 * preflop_table().percentile(name, 1))
                stats.shown_percentile += percentile
                if event.seat in pfr:
                    stats.raised_shown += 1
                    stats.raised_shown_percentile += percentile
            elif isinstance(event, PotAwarded):
                winners.update(event.winners)
        for seat in vpip:
            self.of(seat).vpip += 1
        for seat in pfr:
            self.of(seat).pfr += 1
        if last_bettor is not None and last_bettor in shown:
            stats = self.of(last_bettor)
            stats.bets_shown += 1
            stats.bets_lost += last_bettor not in winners

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
