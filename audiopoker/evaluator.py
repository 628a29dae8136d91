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
so a bot can keep its hands as ints. Neither checks for duplicate cards, and neither
does :func:`best_hand_unchecked`, the engine's showdown path (its deck is checked once).

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
from typing import Final

from audiopoker import evaluator_pure
from audiopoker.cards import Card, ensure_distinct
from audiopoker.errors import CardError, ErrorReason


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
    costs no binding); :meth:`evaluate` and :meth:`best_hand` are built on ``strength``.
    """

    name: str
    strength_ids: Callable[[Sequence[int]], int]
    """Strength of the best five of 5 to 7 card ids (``Card.index``)."""
    strength: Callable[[Sequence[Card]], int]
    """Strength of the best five of 5 to 7 cards."""

    def evaluate(self, cards: Sequence[Card]) -> HandValue:
        """The best five-card hand among 5 to 7 distinct cards."""
        cards = tuple(cards)
        _checked(cards)
        return self.best_hand_unchecked((), cards)[0]

    def best_hand(self, hole: Sequence[Card], board: Sequence[Card]) -> tuple[HandValue, int]:
        """The best hand of hole cards plus board, and how many hole cards it uses.

        When several choices of five cards tie, the one with the fewest hole cards wins,
        so a player who "plays the board" is told so; after that, the earliest hole cards,
        then the earliest board cards, in the order given.
        """
        _checked((*board, *hole))
        return self.best_hand_unchecked(hole, board)

    def best_hand_unchecked(
        self, hole: Sequence[Card], board: Sequence[Card]
    ) -> tuple[HandValue, int]:
        """:meth:`best_hand` for callers that guarantee 5 to 7 distinct cards (the engine).

        Repeated cards give a meaningless answer or a stray exception, not a CardError;
        a wrong count is still refused (by ``strength``).
        """
        # No five-card subset is tried: the seven-card strength names a class, the class
        # names the five ranks (and, for a flush, the suit), and taking each rank's
        # earliest cards (board before hole) is exactly the choice best_hand promises,
        # already in order of significance. A rank multiset cannot be a flush unless the
        # class is one: a flush among 7 cards rules out four of a kind and a full house.
        cards = (*board, *hole)
        target = self.strength(cards)
        plan = (_plan_table or _plans())[target]
        if _FLUSH_FLOOR <= target < _FULL_HOUSE_FLOOR or target >= _STRAIGHT_FLUSH_FLOOR:
            keys: list[int] = [card.index for card in cards]
            # The flush suit holds 5 of at most 7 cards, so sorted suits have it in the middle.
            suit = sorted([card_id & 3 for card_id in keys])[2]
            wanted: Sequence[int] = [(rank - 2) * 4 + suit for rank in plan]
        else:
            keys = [card.rank for card in cards]
            wanted = plan
        find = keys.index
        first_hole = len(board)
        best = []
        used = 0
        position = -1
        previous = -1
        for key in wanted:
            # A repeated rank (a pair's second card) continues after the first one found.
            position = find(key, position + 1) if key == previous else find(key)
            previous = key
            best.append(cards[position])
            if position >= first_hole:
                used += 1
        return HandValue(_CATEGORY_OF[target], target, tuple(best)), used


def _checked(cards: Sequence[Card]) -> None:
    """Refuse repeated cards (first) and counts other than 5 to 7."""
    count = len(cards)
    if len({card.index for card in cards}) != count:  # ints hash faster than Cards
        ensure_distinct(cards)  # raises CardError naming the repeated card
    if not 5 <= count <= 7:
        raise _wrong_count(count)


def _wrong_count(count: int) -> CardError:
    return CardError(ErrorReason.WRONG_CARD_COUNT, count=count, minimum=5, maximum=7)


# How many cards each rank listed in a class stands for, by category (a straight's class
# lists only its top card and is expanded apart).
_GROUP_SIZES: Final = {
    Category.HIGH_CARD: (1, 1, 1, 1, 1),
    Category.PAIR: (2, 1, 1, 1),
    Category.TWO_PAIR: (2, 2, 1),
    Category.THREE_OF_A_KIND: (3, 1, 1),
    Category.FLUSH: (1, 1, 1, 1, 1),
    Category.FULL_HOUSE: (3, 2),
    Category.FOUR_OF_A_KIND: (4, 1),
}
_FLUSH_FLOOR: Final = CATEGORY_FLOORS[Category.FLUSH]
_FULL_HOUSE_FLOOR: Final = CATEGORY_FLOORS[Category.FULL_HOUSE]
_STRAIGHT_FLUSH_FLOOR: Final = CATEGORY_FLOORS[Category.STRAIGHT_FLUSH]
# Filled on first use (it costs ~0.1 s): importing must stay cheap for bots and the CLI.
_plan_table: tuple[tuple[int, ...], ...] = ()


def _plans() -> tuple[tuple[int, ...], ...]:
    """By strength: the five ranks of the hand (2..14) in order of significance: bigger
    groups first, then higher ranks; a wheel is 5-4-3-2-A."""
    global _plan_table
    if not _plan_table:
        plans: list[tuple[int, ...]] = [()]  # strength 0 does not exist
        for category, *ranks in evaluator_pure.classes():
            if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
                top = ranks[0]
                five = [5, 4, 3, 2, 14] if top == 5 else list(range(top, top - 5, -1))
            else:
                sizes = _GROUP_SIZES[Category(category)]
                five = [rank for rank, size in zip(ranks, sizes, strict=True) for _ in range(size)]
            plans.append(tuple(five))
        _plan_table = tuple(plans)  # a race builds it twice, harmlessly
    return _plan_table


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


best_hand_unchecked: Final = EVALUATOR.best_hand_unchecked
"""best_hand for 5 to 7 cards known to be distinct (the engine's showdown): no checks."""
