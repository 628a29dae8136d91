"""What one seat may see: the PlayerView handed to a bot (or any seat) when it must act.

A view is built only from the events its seat may see (``Event.visible_to(seat)``) plus
the shown hands of earlier hands that the caller passes in. It holds value types only:
no reference to the Hand, the deck or the random generator, so a bot can never reach
another player's hole cards.

>>> from audiopoker.cards import FULL_DECK
>>> from audiopoker.engine.hand import Hand
>>> hand, _ = Hand.start(stacks=[200, 200, 200], button=0, small_blind_seat=1,
...     big_blind_seat=2, small_blind=1, big_blind=2, deck=FULL_DECK)
>>> view = view_for(hand, 0)
>>> view.hole_cards, view.legal.to_call, view.behind()
((Card('2h'), Card('3d')), 2, (1, 2))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from audiopoker.cards import Card
from audiopoker.engine.actions import ActionKind, LegalActions, Street
from audiopoker.engine.events import (
    ActionRequired,
    ActionTaken,
    AntePosted,
    BlindPosted,
    Event,
    HandShown,
    HandStarted,
    HoleCardsDealt,
    StreetDealt,
)
from audiopoker.errors import ErrorReason, HandStateError


@dataclass(frozen=True, slots=True)
class ShownHand:
    """A hand turned face up at an earlier showdown: public knowledge at the table."""

    hand_number: int
    seat: int
    cards: tuple[Card, ...]
    board: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class PlayerView:
    """Everything ``seat`` may know when it must act. Seats are table seats; per-seat
    tuples (``stacks``, ``committed``) are indexed by table seat."""

    seat: int
    hand_number: int
    hole_cards: tuple[Card, ...]  # the seat's own two cards (empty if none were dealt)
    board: tuple[Card, ...]
    street: Street
    legal: LegalActions  # the choices and amounts; never work the rules out yourself
    pot: int  # every chip in the middle and in front of the players
    stacks: tuple[int, ...]  # chips behind, per table seat, now
    committed: tuple[int, ...]  # chips in front of each seat this street
    button: int
    small_blind_seat: int | None
    big_blind_seat: int
    small_blind: int
    big_blind: int
    ante: int
    seats_in_hand: tuple[int, ...]  # dealt in, in dealing order (left of the button first)
    folded: frozenset[int]
    all_in: frozenset[int]
    history: tuple[Event, ...]  # this hand's events visible to ``seat``, in order
    shown_hands: tuple[ShownHand, ...] = ()  # earlier showdowns at this table

    @property
    def active(self) -> tuple[int, ...]:
        """Seats still in the hand (not folded; all-in seats included), in dealing order."""
        return tuple(s for s in self.seats_in_hand if s not in self.folded)

    @property
    def opponents(self) -> tuple[int, ...]:
        """Active seats other than this one."""
        return tuple(s for s in self.active if s != self.seat)

    def street_order(self) -> tuple[int, ...]:
        """The acting order of the current street over every dealt seat.

        Preflop it starts left of the big blind; later streets left of the button (the
        dealing order, heads-up included).
        """
        order = self.seats_in_hand
        if self.street is Street.PREFLOP and self.big_blind_seat in order:
            start = (order.index(self.big_blind_seat) + 1) % len(order)
            order = order[start:] + order[:start]
        return order

    def behind(self) -> tuple[int, ...]:
        """Seats that act after this one on this street and can still act (not folded,
        not all-in). Few seats behind means good position."""
        order = self.street_order()
        after = order[order.index(self.seat) + 1 :] if self.seat in order else ()
        return tuple(s for s in after if s not in self.folded and s not in self.all_in)

    def actions(self, street: Street | None = None) -> tuple[ActionTaken, ...]:
        """The voluntary actions so far (blinds and antes excluded), optionally of one street."""
        return tuple(
            e
            for e in self.history
            if isinstance(e, ActionTaken) and (street is None or e.street is street)
        )


class HandLike(Protocol):
    """The little a view needs from a hand: its event log."""

    @property
    def events(self) -> tuple[Event, ...]: ...


def view_for(hand: HandLike, seat: int, shown_hands: Sequence[ShownHand] = ()) -> PlayerView:
    """The view of ``seat`` in ``hand`` (which must be waiting for that seat to act)."""
    return build_view(seat, hand.events, shown_hands)


def build_view(
    seat: int, events: Iterable[Event], shown_hands: Sequence[ShownHand] = ()
) -> PlayerView:
    """Build ``seat``'s view from a hand's event log (every event, or only those visible
    to the seat: the rest are dropped here). The latest ``ActionRequired`` must be for
    ``seat``.
    """
    visible = tuple(e for e in events if e.visible_to(seat))
    started = next((e for e in visible if isinstance(e, HandStarted)), None)
    request = next((e for e in reversed(visible) if isinstance(e, ActionRequired)), None)
    if started is None or request is None or request.seat != seat:
        raise HandStateError(ErrorReason.NOT_YOUR_TURN, seat=seat)
    stacks = list(started.stacks)
    committed = [0] * len(stacks)
    folded: set[int] = set()
    all_in: set[int] = set()
    hole: tuple[Card, ...] = ()
    board: tuple[Card, ...] = ()
    street = Street.PREFLOP
    for event in visible:
        if isinstance(event, AntePosted):
            stacks[event.seat] -= event.amount
            if event.all_in:
                all_in.add(event.seat)
        elif isinstance(event, BlindPosted):
            stacks[event.seat] -= event.amount
            committed[event.seat] += event.amount
            if event.all_in:
                all_in.add(event.seat)
        elif isinstance(event, HoleCardsDealt):
            hole = event.cards
        elif isinstance(event, StreetDealt):
            board = event.board
            street = event.street
            committed = [0] * len(stacks)
        elif isinstance(event, ActionTaken):
            stacks[event.seat] = event.stack
            committed[event.seat] = event.to
            if event.kind is ActionKind.FOLD:
                folded.add(event.seat)
            if event.all_in:
                all_in.add(event.seat)
    return PlayerView(
        seat=seat,
        hand_number=started.hand_number,
        hole_cards=hole,
        board=board,
        street=street,
        legal=request.legal,
        pot=request.legal.pot,
        stacks=tuple(stacks),
        committed=tuple(committed),
        button=started.button,
        small_blind_seat=started.small_blind,
        big_blind_seat=started.big_blind,
        small_blind=started.small_blind_amount,
        big_blind=started.big_blind_amount,
        ante=started.ante,
        seats_in_hand=started.seats_in_hand,
        folded=frozenset(folded),
        all_in=frozenset(all_in),
        history=visible,
        shown_hands=tuple(shown_hands),
    )


def shown_hands_of(events: Iterable[Event]) -> tuple[ShownHand, ...]:
    """The hands shown in one finished hand's events, for the table's shown-hand history."""
    hand_number = 0
    board: tuple[Card, ...] = ()
    shown: list[tuple[int, tuple[Card, ...]]] = []
    for event in events:
        if isinstance(event, HandStarted):
            hand_number = event.hand_number
        elif isinstance(event, StreetDealt):
            board = event.board
        elif isinstance(event, HandShown):
            shown.append((event.seat, event.cards))
    return tuple(ShownHand(hand_number, seat, cards, board) for seat, cards in shown)


__all__ = [
    "HandLike",
    "PlayerView",
    "ShownHand",
    "build_view",
    "shown_hands_of",
    "view_for",
]
