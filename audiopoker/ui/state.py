"""The table as the player knows it, folded from the events the player may see.

The query keys answer from a snapshot of this model, so they never touch the engine (which
lives in the conductor's thread) and answer at once, whatever the game is doing.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, replace

from audiopoker.cards import Card
from audiopoker.engine.actions import ActionKind, LegalActions, Street
from audiopoker.engine.events import (
    ActionRequired,
    ActionTaken,
    AntePosted,
    BetReturned,
    BlindPosted,
    Event,
    GameEnded,
    HandEnded,
    HandShown,
    HandStarted,
    HoleCardsDealt,
    PlayerEliminated,
    PotAwarded,
    StreetDealt,
)


@dataclass(frozen=True, slots=True)
class SeatState:
    """One seat as the table sees it."""

    name: str
    stack: int
    committed: int = 0  # chips in front of the seat this street
    contributed: int = 0  # chips put in this hand (antes, blinds, bets), returns deducted
    in_hand: bool = False  # dealt into the current (or last) hand
    folded: bool = False
    all_in: bool = False
    out: bool = False  # eliminated from the game
    place: int | None = None
    shown: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class TableSnapshot:
    """An immutable copy of the table model at one moment."""

    seats: tuple[SeatState, ...]
    me: int | None  # the listening seat; None when watching
    big_blind: int = 0
    hand_number: int = 0
    hand_running: bool = False
    button: int | None = None
    small_blind_seat: int | None = None
    big_blind_seat: int | None = None
    street: Street = Street.PREFLOP
    board: tuple[Card, ...] = ()
    pot: int = 0
    actor: int | None = None
    actor_legal: LegalActions | None = None  # what the actor may do (the engine's figures)
    my_cards: tuple[Card, ...] = ()
    last_action: ActionTaken | None = None
    last_event: Event | None = None
    game_over: GameEnded | None = None
    hand_start: HandStarted | None = None  # who was dealt in where (for positions)

    @property
    def my_seat(self) -> SeatState | None:
        """The player's own seat, None when watching."""
        return None if self.me is None else self.seats[self.me]

    @property
    def highest_bet(self) -> int:
        """The largest street total in front of any seat."""
        return max((seat.committed for seat in self.seats), default=0)


class TableState:
    """A listener keeping the table model. ``snapshot()`` is safe from any thread."""

    def __init__(self, names: tuple[str, ...], stacks: tuple[int, ...], me: int | None) -> None:
        seats = tuple(SeatState(name, stack) for name, stack in zip(names, stacks, strict=True))
        self._lock = threading.Lock()
        self._snapshot = TableSnapshot(seats=seats, me=me)

    def snapshot(self) -> TableSnapshot:
        """The model as it is now (an immutable value)."""
        return self._snapshot

    def rename(self, seat: int, name: str) -> None:
        """Someone else plays ``seat`` from now on (a network table's seat changing hands)."""
        with self._lock:
            snap = self._snapshot
            self._snapshot = replace(snap, seats=_seat(snap, seat, name=name))

    def on_event(self, event: Event) -> None:
        """Fold one event into the model (only events visible to the player count)."""
        if not event.visible_to(self._snapshot.me):
            return
        with self._lock:
            self._snapshot = replace(_apply(self._snapshot, event), last_event=event)


def _seat(snapshot: TableSnapshot, index: int, **changes: object) -> tuple[SeatState, ...]:
    seats = list(snapshot.seats)
    seats[index] = replace(seats[index], **changes)  # type: ignore[arg-type]
    return tuple(seats)


def _apply(s: TableSnapshot, event: Event) -> TableSnapshot:
    """The snapshot after ``event``. One branch per event kind that changes the table."""
    if isinstance(event, HandStarted):
        seats = tuple(
            replace(
                seat,
                stack=event.stacks[index],
                committed=0,
                contributed=0,
                in_hand=index in event.seats_in_hand,
                folded=False,
                all_in=False,
                shown=(),
            )
            for index, seat in enumerate(s.seats)
        )
        return replace(
            s,
            seats=seats,
            big_blind=event.big_blind_amount,
            hand_number=event.hand_number,
            hand_running=True,
            button=event.button,
            small_blind_seat=event.small_blind,
            big_blind_seat=event.big_blind,
            hand_start=event,
            street=Street.PREFLOP,
            board=(),
            pot=0,
            actor=None,
            actor_legal=None,
            my_cards=(),
            last_action=None,
        )
    if isinstance(event, AntePosted | BlindPosted):
        seat = s.seats[event.seat]
        committed = seat.committed + (event.amount if isinstance(event, BlindPosted) else 0)
        return replace(
            s,
            seats=_seat(
                s,
                event.seat,
                stack=seat.stack - event.amount,
                committed=committed,
                contributed=seat.contributed + event.amount,
                all_in=seat.all_in or event.all_in,
            ),
            pot=s.pot + event.amount,
        )
    if isinstance(event, HoleCardsDealt):
        return replace(s, my_cards=tuple(event.cards))
    if isinstance(event, StreetDealt):
        seats = tuple(replace(seat, committed=0) for seat in s.seats)
        return replace(
            s, seats=seats, board=event.board, street=event.street, actor=None, actor_legal=None
        )
    if isinstance(event, ActionRequired):
        return replace(s, actor=event.seat, actor_legal=event.legal)
    if isinstance(event, ActionTaken):
        seat = s.seats[event.seat]
        seats = _seat(
            s,
            event.seat,
            stack=event.stack,
            committed=event.to,
            contributed=seat.contributed + event.amount,
            folded=seat.folded or event.kind is ActionKind.FOLD,
            all_in=seat.all_in or event.all_in,
        )
        return replace(
            s, seats=seats, pot=event.pot, actor=None, actor_legal=None, last_action=event
        )
    if isinstance(event, BetReturned):
        seat = s.seats[event.seat]
        seats = _seat(
            s,
            event.seat,
            stack=seat.stack + event.amount,
            committed=max(0, seat.committed - event.amount),
            contributed=seat.contributed - event.amount,
        )
        return replace(s, seats=seats, pot=s.pot - event.amount)
    if isinstance(event, HandShown):
        return replace(s, seats=_seat(s, event.seat, shown=tuple(event.cards)))
    if isinstance(event, PotAwarded):
        paid = list(s.seats)
        for winner, share in zip(event.winners, event.shares, strict=True):
            paid[winner] = replace(paid[winner], stack=paid[winner].stack + share)
        return replace(s, seats=tuple(paid), pot=max(0, s.pot - event.amount))
    if isinstance(event, HandEnded):
        seats = tuple(
            replace(seat, stack=event.stacks[index], committed=0)
            for index, seat in enumerate(s.seats)
        )
        return replace(s, seats=seats, hand_running=False, pot=0, actor=None, actor_legal=None)
    if isinstance(event, PlayerEliminated):
        return replace(s, seats=_seat(s, event.seat, out=True, place=event.place, stack=0))
    if isinstance(event, GameEnded):
        return replace(s, game_over=event, hand_running=False, actor=None, actor_legal=None)
    return s
