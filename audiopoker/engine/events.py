"""Frozen events: everything that happens at the table, in order.

Seats are table seat numbers (0-based, fixed for the whole game). Every event is public
except ``HoleCardsDealt``, which only its own seat may see (``Event.visible_to``).
Listeners (narration, sounds, persistence) and bots read these; nobody mutates them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from audiopoker.cards import Card
from audiopoker.engine.actions import ActionKind, LegalActions, Street
from audiopoker.evaluator import HandValue


class BlindKind(enum.Enum):
    SMALL = "small"
    BIG = "big"


class GameEndReason(enum.Enum):
    LAST_PLAYER_STANDING = "last_player_standing"
    HAND_LIMIT = "hand_limit"  # the agreed stop: the largest stack wins, equal stacks tie


@dataclass(frozen=True, slots=True)
class Event:
    """Base class. ``visible_to(seat)`` says whether that seat may see the event."""

    def visible_to(self, seat: int | None) -> bool:
        return True


@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    hand_number: int  # 1-based within the game
    button: int  # may be an empty seat (dead button)
    small_blind: int | None  # seat, None when the small blind is dead
    big_blind: int
    seats_in_hand: tuple[int, ...]  # in dealing order, starting left of the button
    stacks: tuple[int, ...]  # every table seat's stack before antes and blinds (0 = out)
    small_blind_amount: int
    big_blind_amount: int
    ante: int  # per player; 0 for none
    big_blind_ante: bool  # the big blind posts the ante for everyone


@dataclass(frozen=True, slots=True)
class AntePosted(Event):
    seat: int
    amount: int  # dead money: not a bet, does not change the amount to call
    all_in: bool


@dataclass(frozen=True, slots=True)
class BlindPosted(Event):
    seat: int
    kind: BlindKind
    amount: int  # may be less than the blind: a short blind posts its whole stack
    all_in: bool


@dataclass(frozen=True, slots=True)
class HoleCardsDealt(Event):
    seat: int
    cards: tuple[Card, Card]

    def visible_to(self, seat: int | None) -> bool:
        return seat == self.seat


@dataclass(frozen=True, slots=True)
class CardBurned(Event):
    """A card was burned before ``street``. Its face is never shown."""

    street: Street


@dataclass(frozen=True, slots=True)
class StreetDealt(Event):
    street: Street
    cards: tuple[Card, ...]  # the new cards: 3 on the flop, 1 on the turn and river
    board: tuple[Card, ...]  # the whole board after this deal


@dataclass(frozen=True, slots=True)
class ActionRequired(Event):
    """It is ``seat``'s turn. ``legal`` holds its choices and the amounts."""

    seat: int
    legal: LegalActions


@dataclass(frozen=True, slots=True)
class ActionTaken(Event):
    seat: int
    kind: ActionKind
    amount: int  # chips added by this action (0 for fold and check)
    to: int  # the seat's street total after the action (the "raise to" figure)
    all_in: bool
    stack: int  # chips behind after the action
    pot: int  # every chip in the middle and in front of the players after the action
    street: Street
    # True when this bet or raise was a full raise (it reopens betting); False for a short all-in
    full_raise: bool = True


@dataclass(frozen=True, slots=True)
class BetReturned(Event):
    """Uncalled chips go back to their owner before pots are built."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class HandRevealed(Event):
    """All-in with no more betting possible: a live hand turned face up before the board
    is completed (RULES.md). Its value follows in ``HandShown`` once the board is out."""

    seat: int
    cards: tuple[Card, Card]


@dataclass(frozen=True, slots=True)
class HandShown(Event):
    """A hand turned face up at showdown, in showing order. ``value`` is its best five."""

    seat: int
    cards: tuple[Card, Card]
    value: HandValue
    hole_cards_used: int  # 0 means the player plays the board


@dataclass(frozen=True, slots=True)
class PotAwarded(Event):
    """One pot (0 = main pot, 1.. = side pots) paid out.

    ``shares`` pairs with ``winners``. When the pot splits unevenly, ``odd_chip_seats``
    names who got the odd chips (first winners left of the button). ``uncontested`` is True
    when everybody else folded, so no hand was shown.
    """

    pot_index: int
    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[int, ...]
    odd_chip_seats: tuple[int, ...]
    uncontested: bool
    winning_value: HandValue | None  # None when uncontested


@dataclass(frozen=True, slots=True)
class HandEnded(Event):
    hand_number: int
    stacks: tuple[int, ...]  # every table seat's stack after the hand
    net: tuple[int, ...]  # every seat's gain or loss this hand (sums to 0)


@dataclass(frozen=True, slots=True)
class PlayerEliminated(Event):
    seat: int
    place: int  # finishing place: with 6 players the first out is 6th


@dataclass(frozen=True, slots=True)
class BlindsChanged(Event):
    small_blind_amount: int
    big_blind_amount: int
    ante: int


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    reason: GameEndReason
    winners: tuple[int, ...]  # one seat, or several equal stacks on a hand-limit stop
    standings: tuple[int, ...]  # seats from first place to last
    stacks: tuple[int, ...]
