"""Opponent modelling: per-seat frequencies from the hands seen so far.

Counts come from public events only (actions, never hidden cards): how often a seat
voluntarily puts chips in preflop (VPIP), raises preflop (PFR), folds when it faces a bet
after the flop, and bets or raises after the flop. Rates are smoothed towards typical
values so a handful of hands does not swing them.

A model learns from ``observe(event)`` when the conductor passes events, and otherwise
from the views it is shown (``sync(view)``); either way a hand counts once, when it ends
or when the next hand begins.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import astuple, dataclass, fields
from typing import Any, Final

from audiopoker.engine.actions import ActionKind, Street
from audiopoker.engine.events import ActionTaken, Event, HandEnded, HandStarted, StreetDealt
from audiopoker.engine.view import PlayerView

PRIOR_WEIGHT: Final = 8.0  # the prior counts as this many observations
PRIOR_VPIP: Final = 0.30
PRIOR_PFR: Final = 0.16
PRIOR_FOLD_TO_BET: Final = 0.45
PRIOR_AGGRESSION: Final = 0.35


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

    def _rate(self, count: int, total: int, prior: float) -> float:
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
                or len(counts) != width
                or not all(type(count) is int and count >= 0 for count in counts)
            ):
                raise ValueError(f"bad opponent counts for seat {seat!r}")
            restored[int(seat)] = SeatStats(*counts)
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
        betting: int | None = None  # the seat that bet or raised last on this street
        for event in events:
            if isinstance(event, HandStarted):
                for seat in event.seats_in_hand:
                    self.of(seat).hands += 1
            elif isinstance(event, StreetDealt):
                betting = None
            elif isinstance(event, ActionTaken):
                stats = self.of(event.seat)
                aggressive = event.kind in (ActionKind.BET, ActionKind.RAISE)
                if event.street is Street.PREFLOP:
                    if aggressive or event.kind is ActionKind.CALL:
                        vpip.add(event.seat)
                    if aggressive:
                        pfr.add(event.seat)
                    continue
                if betting is not None and betting != event.seat:
                    stats.faced_bet += 1
                    stats.folded_to_bet += event.kind is ActionKind.FOLD
                if aggressive:
                    stats.aggressive += 1
                    betting = event.seat
                elif event.kind in (ActionKind.CHECK, ActionKind.CALL):
                    stats.passive += 1
        for seat in vpip:
            self.of(seat).vpip += 1
        for seat in pfr:
            self.of(seat).pfr += 1
