"""Outs: the cards that would make a better kind of hand on the next card.

Only real improvements count: a card that merely pairs the board (everyone shares that
pair) or completes a hand the board makes alone is not an out. A card counts once, under
the best kind of hand it makes. Before the flop and on the river there is nothing to count.

>>> from audiopoker.cards import parse_cards
>>> found = outs_of(parse_cards("Ah Kh"), parse_cards("Qh 7h 2c"))
>>> [(group.category.key, len(group.cards)) for group in found.groups]
[('flush', 9), ('pair', 6)]
>>> found.count
15
>>> outs_of(parse_cards("8c 8d"), parse_cards("7s 6h 2c")).count  # a pair on the board is no out
2
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from audiopoker.cards import FULL_DECK, Card
from audiopoker.evaluator import Category, category_of, strength_ids

# Kinds of hand a card can make without pairing a hole card and still be the player's own.
_WITHOUT_PAIRING: Final = frozenset(
    {
        Category.STRAIGHT,
        Category.FLUSH,
        Category.FULL_HOUSE,
        Category.FOUR_OF_A_KIND,
        Category.STRAIGHT_FLUSH,
    }
)


@dataclass(frozen=True, slots=True)
class OutGroup:
    """The cards that make one kind of hand."""

    category: Category
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Outs:
    """The outs of a hand on the flop or the turn, by the kind of hand they make (best
    first). ``counted`` is False before the flop and on the river: no card is to come that
    could be counted."""

    groups: tuple[OutGroup, ...] = ()
    counted: bool = False

    @property
    def count(self) -> int:
        """How many cards improve the hand."""
        return sum(len(group.cards) for group in self.groups)

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every out, best kind first."""
        return tuple(card for group in self.groups for card in group.cards)


def outs_of(hole: Sequence[Card], board: Sequence[Card]) -> Outs:
    """The outs of ``hole`` on ``board`` (3 or 4 cards; otherwise nothing is counted)."""
    if len(board) not in (3, 4) or len(hole) != 2:
        return Outs()
    hole_ids = tuple(card.index for card in hole)
    board_ids = tuple(card.index for card in board)
    now = category_of(strength_ids((*hole_ids, *board_ids)))
    hole_ranks = {card.rank for card in hole}
    found: dict[Category, list[Card]] = {}
    for card in FULL_DECK:
        if card.index in hole_ids or card.index in board_ids:
            continue
        made = category_of(strength_ids((*hole_ids, *board_ids, card.index)))
        if made <= now or made <= _board_category((*board_ids, card.index)):
            continue
        if made in _WITHOUT_PAIRING or card.rank in hole_ranks:
            found.setdefault(made, []).append(card)
    groups = tuple(OutGroup(kind, tuple(found[kind])) for kind in sorted(found, reverse=True))
    return Outs(groups, counted=True)


def _board_category(ids: Sequence[int]) -> Category:
    """What the board cards make alone (fewer than five: pairs, trips and quads only)."""
    if len(ids) >= 5:
        return category_of(strength_ids(ids))
    counts = sorted(Counter(card >> 2 for card in ids).values(), reverse=True)
    if counts[0] == 4:
        return Category.FOUR_OF_A_KIND
    if counts[0] == 3:
        return Category.THREE_OF_A_KIND
    if counts[0] == 2:
        return Category.TWO_PAIR if len(counts) > 1 and counts[1] == 2 else Category.PAIR
    return Category.HIGH_CARD
