"""Best five of seven: category, strength number, the five cards chosen, hole cards used.

Two implementations sit behind one interface, as :class:`Evaluator` objects:

- ``PHEVALUATOR``: phevaluator's C extension (about 3 million seven-card hands a second
  through :func:`strength`); ``None`` where phevaluator cannot be imported.
- ``PURE``: :mod:`audiopoker.evaluator_pure`, table-driven pure Python, same numbers.

``EVALUATOR`` is the one the module-level functions use: phevaluator when importable,
unless the environment variable ``AUDIOPOKER_PURE_EVALUATOR`` is set to 1 (read once, at
import). Tests and benchmarks use ``PURE`` and ``PHEVALUATOR`` directly.

Fast paths for bots: :func:`strength` takes cards and only returns the number;
:func:`strength_ids` takes ``Card.index`` ints (phevaluator's card ids, 2c=0 .. As=51),
so a bot can keep its hands as ints. Neither checks for duplicate cards.

>>> from audiopoker.cards import parse_cards
>>> value, used = best_hand(parse_cards("2h 2s"), parse_cards("Ac Kd Qh Js Tc"))
>>> value.category.key, used, " ".join(map(str, value.best))
('straight', 0, 'Ac Kd Qh Js Tc')
>>> evaluate(parse_cards("Kh Kd 9s 3c 3d 2c Ks")).best
(Card('Kh'), Card('Kd'), Card('Ks'), Card('3c'), Card('3d'))
"""

from __future__ import annotations

import enum
import importlib
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final

from audiopoker import evaluator_pure
from audiopoker.cards import Card, Rank, ensure_distinct
from audiopoker.engine.errors import CardError, ErrorReason


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


# The weakest strength of each category (phevaluator's rank boundaries, reversed).
CATEGORY_FLOORS: Final = (1, 1278, 4138, 4996, 5854, 5864, 7141, 7297, 7453)
ROYAL_FLUSH_STRENGTH: Final = 7462
# Indexed by strength; entry 0 is unused.
_CATEGORY_OF: Final[tuple[Category, ...]] = tuple(
    max(c for c in Category if CATEGORY_FLOORS[c] <= max(number, 1)) for number in range(7463)
)


def category_of(strength: int) -> Category:
    """The category of a strength number (1..7462).

    >>> category_of(7462), category_of(1)
    (<Category.STRAIGHT_FLUSH: 8>, <Category.HIGH_CARD: 0>)
    """
    if not 1 <= strength <= ROYAL_FLUSH_STRENGTH:
        raise ValueError(f"strength must be 1..7462, got {strength}")
    return _CATEGORY_OF[strength]


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

    @property
    def is_royal_flush(self) -> bool:
        """True for the ace-high straight flush (still ``Category.STRAIGHT_FLUSH``)."""
        return self.strength == ROYAL_FLUSH_STRENGTH


@dataclass(frozen=True, slots=True)
class Evaluator:
    """One implementation of hand evaluation.

    ``strength_ids`` and ``strength`` are plain functions (stored, not methods, so a call
    costs no binding); :meth:`evaluate` and :meth:`best_hand` are built on them.
    """

    name: str
    strength_ids: Callable[[Sequence[int]], int]
    """Strength of the best five of 5 to 7 card ids (``Card.index``)."""
    strength: Callable[[Sequence[Card]], int]
    """Strength of the best five of 5 to 7 cards."""

    def evaluate(self, cards: Sequence[Card]) -> HandValue:
        """The best five-card hand among 5 to 7 distinct cards."""
        return self._choose(_checked(cards), ())[0]

    def best_hand(self, hole: Sequence[Card], board: Sequence[Card]) -> tuple[HandValue, int]:
        """The best hand of hole cards plus board, and how many hole cards it uses.

        When several choices of five cards tie, the one with the fewest hole cards wins,
        so a player who "plays the board" is told so.
        """
        hole = tuple(hole)
        board = tuple(board)
        _checked(board + hole)
        return self._choose(board, hole)

    def _choose(self, board: tuple[Card, ...], hole: tuple[Card, ...]) -> tuple[HandValue, int]:
        strength_ids = self.strength_ids
        target = strength_ids([card.index for card in board + hole])
        for used in range(min(len(hole), 5) + 1):
            for from_hole in combinations(hole, used):
                for from_board in combinations(board, 5 - used):
                    five = from_board + from_hole
                    if strength_ids([card.index for card in five]) == target:
                        category = _CATEGORY_OF[target]
                        return HandValue(category, target, _in_order(five, category)), used
        raise AssertionError(f"{self.name}: no five cards reach strength {target}")


def _checked(cards: Sequence[Card]) -> tuple[Card, ...]:
    distinct = ensure_distinct(cards)
    if not 5 <= len(distinct) <= 7:
        raise _wrong_count(len(distinct))
    return distinct


def _wrong_count(count: int) -> CardError:
    return CardError(ErrorReason.WRONG_CARD_COUNT, count=count, minimum=5, maximum=7)


def _in_order(five: tuple[Card, ...], category: Category) -> tuple[Card, ...]:
    """Order five cards by significance: bigger groups first, then higher ranks."""
    counts = {card.rank: 0 for card in five}
    for card in five:
        counts[card.rank] += 1
    ordered = sorted(five, key=lambda card: (counts[card.rank], card.rank), reverse=True)
    is_straight = category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH)
    if is_straight and ordered[0].rank == Rank.ACE and ordered[1].rank == Rank.FIVE:
        ordered.append(ordered.pop(0))  # the wheel: the ace plays low
    return tuple(ordered)


def _pure_strength_ids(ids: Sequence[int]) -> int:
    """Strength of the best five of 5 to 7 card ids (pure Python)."""
    if not 5 <= len(ids) <= 7:
        raise _wrong_count(len(ids))
    return evaluator_pure.strength_ids(ids)


def _pure_strength(cards: Sequence[Card]) -> int:
    """Strength of the best five of 5 to 7 cards (pure Python)."""
    return _pure_strength_ids([card.index for card in cards])


def _load_phevaluator() -> Evaluator | None:
    """The phevaluator-backed evaluator, or None where its C extension cannot load."""
    try:
        native = importlib.import_module("phevaluator._pheval")
    except ImportError:
        return None
    # phevaluator ranks 1 (royal flush) .. 7462 (7-5-4-3-2); 7463 - rank turns it around.
    eval5: Callable[..., int] = native.evaluate_5cards
    eval6: Callable[..., int] = native.evaluate_6cards
    eval7: Callable[..., int] = native.evaluate_7cards

    def strength_ids(ids: Sequence[int]) -> int:
        """Strength of the best five of 5 to 7 card ids (phevaluator)."""
        count = len(ids)
        if count == 7:
            return 7463 - eval7(*ids)
        if count == 6:
            return 7463 - eval6(*ids)
        if count == 5:
            return 7463 - eval5(*ids)
        raise _wrong_count(count)

    def strength(cards: Sequence[Card]) -> int:
        """Strength of the best five of 5 to 7 cards (phevaluator)."""
        # Unpacked by hand: a list comprehension here halves the throughput.
        count = len(cards)
        if count == 7:
            a, b, c, d, e, f, g = cards
            return 7463 - eval7(a.index, b.index, c.index, d.index, e.index, f.index, g.index)
        if count == 6:
            a, b, c, d, e, f = cards
            return 7463 - eval6(a.index, b.index, c.index, d.index, e.index, f.index)
        if count == 5:
            a, b, c, d, e = cards
            return 7463 - eval5(a.index, b.index, c.index, d.index, e.index)
        raise _wrong_count(count)

    return Evaluator("phevaluator", strength_ids, strength)


PURE: Final = Evaluator("pure", _pure_strength_ids, _pure_strength)
PHEVALUATOR: Final = _load_phevaluator()
_FORCE_PURE: Final = os.environ.get("AUDIOPOKER_PURE_EVALUATOR", "").strip().lower() in {
    "1",
    "true",
    "yes",
}
EVALUATOR: Final = PURE if _FORCE_PURE or PHEVALUATOR is None else PHEVALUATOR

strength: Final = EVALUATOR.strength
"""Only the strength number of 5 to 7 cards (fast path for bots and benchmarks)."""
strength_ids: Final = EVALUATOR.strength_ids
"""Only the strength number of 5 to 7 card ids (``Card.index``): the fastest path."""


def evaluate(cards: Sequence[Card]) -> HandValue:
    """The best five-card hand among 5 to 7 distinct cards."""
    return EVALUATOR.evaluate(cards)


def best_hand(hole: Sequence[Card], board: Sequence[Card]) -> tuple[HandValue, int]:
    """The best hand of hole cards plus board, and how many hole cards it uses (0, 1 or 2).

    Among equally good choices of five cards, the one using the fewest hole cards wins.
    """
    return EVALUATOR.best_hand(hole, board)
