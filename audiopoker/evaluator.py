"""Best five of seven. (CONTRACT ONLY: being implemented; the public names below are fixed.)"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from audiopoker.cards import Card


class Category(enum.IntEnum):
    """Hand categories, weakest first. A royal flush is a STRAIGHT_FLUSH to the ace."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def key(self) -> str:
        """snake_case name used in JSON and message ids: 'straight_flush', 'pair', ..."""
        return self.name.lower()


@dataclass(frozen=True, slots=True)
class HandValue:
    """A five-card poker hand's value.

    ``strength``: 1..7462, higher is better, equal means a tie (7463 minus phevaluator's
    rank, so both evaluators give the same number). ``best``: the five cards chosen, in
    order of significance (the pair before its kickers; a wheel is 5-4-3-2-A).
    """

    category: Category
    strength: int
    best: tuple[Card, ...]

    def __lt__(self, other: HandValue) -> bool:
        return self.strength < other.strength


def evaluate(cards: Sequence[Card]) -> HandValue:
    """The best five-card hand among 5 to 7 cards."""
    raise NotImplementedError


def strength(cards: Sequence[Card]) -> int:
    """Only the strength number (fast path for bots and benchmarks)."""
    raise NotImplementedError


def best_hand(hole: Sequence[Card], board: Sequence[Card]) -> tuple[HandValue, int]:
    """The best hand of hole cards plus board, and how many hole cards it uses (0, 1 or 2)."""
    raise NotImplementedError
