"""Pure-Python hand strength: the fallback when phevaluator cannot be imported.

It produces exactly phevaluator's numbers (as ``strength`` = 7463 minus phevaluator's
rank): the 7,462 five-card equivalence classes are generated here and sorted, so strength
1 is 7-5-4-3-2 offsuit and 7,462 the royal flush. Seven cards are then scored without
trying the 21 five-card subsets:

- a suit with five or more cards decides the hand (with 7 cards a flush rules out four
  of a kind and a full house), scored by a table keyed by that suit's rank bitmask;
- otherwise only the rank multiset matters, scored by a table keyed by the sum of
  ``1 << 3 * rank`` over the cards (3 bits a rank hold a count up to 4), filled lazily
  because most of its 74,000 possible keys are rare.

Cards are phevaluator ids, 0..51 = rank * 4 + suit (2c=0, As=51), the same numbers as
``Card.index``. Callers pass 5 to 7 distinct ids; duplicates give meaningless results.

>>> strength_ids([48, 44, 40, 36, 32])  # Ac Kc Qc Jc Tc: royal flush
7462
>>> strength_ids([20, 13, 10, 7, 0])  # 7c 5d 4h 3s 2c: the weakest hand
1
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement
from typing import Final

# Category numbers, equal to audiopoker.evaluator.Category (not imported: that module
# imports this one).
HIGH_CARD: Final = 0
PAIR: Final = 1
TWO_PAIR: Final = 2
THREE_OF_A_KIND: Final = 3
STRAIGHT: Final = 4
FLUSH: Final = 5
FULL_HOUSE: Final = 6
FOUR_OF_A_KIND: Final = 7
STRAIGHT_FLUSH: Final = 8

# A class is (category, significant ranks high to low), ranks 2..14; tuples compare in
# poker order, so sorting them gives the strength numbers.
HandClass = tuple[int, ...]

_WHEEL_BITS: Final = (1 << 14) | 0b111100  # A, 5, 4, 3, 2 as bits 14 and 2..5


def _straight_top(rank_bits: int) -> int:
    """The top rank of the highest straight in a bitmask of ranks (bit r = rank r), or 0."""
    for top in range(14, 5, -1):
        run = 0b11111 << (top - 4)
        if rank_bits & run == run:
            return top
    return 5 if rank_bits & _WHEEL_BITS == _WHEEL_BITS else 0


def suited_class(rank_bits: int) -> HandClass:
    """The best class among five or more cards of one suit (bit r = rank r present)."""
    top = _straight_top(rank_bits)
    if top:
        return (STRAIGHT_FLUSH, top)
    ranks = [rank for rank in range(14, 1, -1) if rank_bits >> rank & 1]
    return (FLUSH, *ranks[:5])


def unsuited_class(counts: Sequence[int]) -> HandClass:
    """The best class of 5 to 7 cards with no flush; ``counts[r]`` is how many of rank r."""
    present = [rank for rank in range(14, 1, -1) if counts[rank]]
    quads = [rank for rank in present if counts[rank] == 4]
    trips = [rank for rank in present if counts[rank] == 3]
    pairs = [rank for rank in present if counts[rank] == 2]
    if quads:
        kicker = next(rank for rank in present if rank != quads[0])
        return (FOUR_OF_A_KIND, quads[0], kicker)
    if trips and (len(trips) > 1 or pairs):
        return (FULL_HOUSE, trips[0], max(trips[1:] + pairs))
    top = _straight_top(sum(1 << rank for rank in present))
    if top:
        return (STRAIGHT, top)
    if trips:
        return (THREE_OF_A_KIND, trips[0], *[r for r in present if r != trips[0]][:2])
    if len(pairs) >= 2:
        high, low = pairs[:2]
        return (TWO_PAIR, high, low, next(r for r in present if r not in (high, low)))
    if pairs:
        return (PAIR, pairs[0], *[r for r in present if r != pairs[0]][:3])
    return (HIGH_CARD, *present[:5])


@cache
def classes() -> tuple[HandClass, ...]:
    """The 7,462 five-card equivalence classes, weakest first (built on first use)."""
    found: set[HandClass] = set()
    for ranks in combinations_with_replacement(range(2, 15), 5):
        counts = [0] * 15
        for rank in ranks:
            counts[rank] += 1
        if max(counts) <= 4:
            found.add(unsuited_class(counts))
    for ranks in combinations(range(2, 15), 5):
        found.add(suited_class(sum(1 << rank for rank in ranks)))
    return tuple(sorted(found))


@cache
def _strength_of_class() -> dict[HandClass, int]:
    return {hand_class: number for number, hand_class in enumerate(classes(), start=1)}


def strength_of_class(hand_class: HandClass) -> int:
    """The strength number of a class such as ``(PAIR, 14, 13, 9, 2)``."""
    return _strength_of_class()[hand_class]


def category_floors() -> tuple[int, ...]:
    """The weakest strength of each category, by category number (derived, for tests)."""
    floors = [0] * 9
    for number, hand_class in reversed(list(enumerate(classes(), start=1))):
        floors[hand_class[0]] = number
    return tuple(floors)


# Per card id: its rank's count key, its suit's nibble, its rank bit (bit r = rank r).
_RANK_KEY: Final = tuple(1 << 3 * (card >> 2) for card in range(52))
_SUIT_KEY: Final = tuple(1 << 4 * (card & 3) for card in range(52))
_RANK_BIT: Final = tuple(1 << ((card >> 2) + 2) for card in range(52))
# Adding 3 to each suit nibble sets its top bit exactly when the suit holds 5+ cards.
_FLUSH_PROBE: Final = 0x3333
_FLUSH_BITS: Final = 0x8888


# Both tables start empty so that importing this module costs nothing; they fill on the
# first flush and on each new rank multiset, never on the common path.
_FLUSH: Final[dict[int, int]] = {}
_UNSUITED: Final[dict[int, int]] = {}


def _fill_flush() -> None:
    for size in (5, 6, 7):
        for ranks in combinations(range(2, 15), size):
            bits = sum(1 << rank for rank in ranks)
            _FLUSH[bits] = strength_of_class(suited_class(bits))


def _fill_unsuited(rank_key: int) -> int:
    counts = [0, 0] + [rank_key >> 3 * offset & 7 for offset in range(13)]
    value = strength_of_class(unsuited_class(counts))
    _UNSUITED[rank_key] = value
    return value


def strength_ids(ids: Sequence[int]) -> int:
    """Strength (1..7462, higher is better) of the best five of 5 to 7 card ids."""
    if not 5 <= len(ids) <= 7:
        raise ValueError(f"need 5 to 7 cards, got {len(ids)}")
    rank_key = 0
    suit_key = 0
    for card in ids:
        rank_key += _RANK_KEY[card]
        suit_key += _SUIT_KEY[card]
    if (suit_key + _FLUSH_PROBE) & _FLUSH_BITS:
        if not _FLUSH:
            _fill_flush()
        return _FLUSH[_suit_bits(ids, suit_key)]
    value = _UNSUITED.get(rank_key)
    return _fill_unsuited(rank_key) if value is None else value


def _suit_bits(ids: Iterable[int], suit_key: int) -> int:
    suit = next(s for s in range(4) if suit_key >> 4 * s & 0xF >= 5)
    bits = 0
    for card in ids:
        if card & 3 == suit:
            bits |= _RANK_BIT[card]
    return bits
