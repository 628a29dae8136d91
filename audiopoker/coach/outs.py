"""Outs: the cards that would make a better kind of hand on the next card.

Only real improvements count: a card that merely pairs the board (everyone shares that
pair) or completes a hand the board makes alone is not an out. A card counts once, under
the best kind of hand it makes. Before the flop and on the river there is nothing to count.

An out is tainted when it also helps the opponents' likely hands: a straight or a flush
made by a card that pairs the board (a full house may beat it), or a hand below a flush
on a board that then holds three cards of a suit (a flush may beat it). Tainted outs are
kept apart (``tainted``) and not in ``count``: the count said is of clean outs.

>>> from audiopoker.cards import parse_cards
>>> found = outs_of(parse_cards("Ah Kh"), parse_cards("Qh 7h 2c"))
>>> [(group.category.key, len(group.cards)) for group in found.groups]
[('flush', 8), ('pair', 6)]
>>> found.count  # the deuce of hearts makes a flush but pairs the board: tainted
14
>>> [(group.category.key, group.taint.value, len(group.cards)) for group in found.tainted]
[('flush', 'pairs_board', 1)]
>>> straight = outs_of(parse_cards("9c 8d"), parse_cards("7h 6h 2h"))  # a flush board
>>> straight.count, [(g.category.key, len(g.cards)) for g in straight.tainted]
(0, [('straight', 8), ('pair', 6)])
>>> outs_of(parse_cards("8c 8d"), parse_cards("7s 6h 2c")).count  # a pair on the board is no out
2
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
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


class Taint(Enum):
    """How an out also helps the opponents."""

    PAIRS_BOARD = "pairs_board"  # a straight or flush on a paired board: full houses
    FLUSH_BOARD = "flush_board"  # less than a flush, three of a suit on the board: flushes


@dataclass(frozen=True, slots=True)
class TaintedGroup:
    """The tainted outs that make one kind of hand, for one taint."""

    category: Category
    taint: Taint
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Outs:
    """The outs of a hand on the flop or the turn, by the kind of hand they make (best
    first): ``groups`` the clean ones, ``tainted`` those that also help the opponents.
    ``counted`` is False before the flop and on the river: no card is to come that could
    be counted."""

    groups: tuple[OutGroup, ...] = ()
    counted: bool = False
    tainted: tuple[TaintedGroup, ...] = ()

    @property
    def count(self) -> int:
        """How many cards improve the hand."""
        return sum(len(group.cards) for group in self.groups)

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every clean out, best kind first."""
        return tuple(card for group in self.groups for card in group.cards)

    @property
    def tainted_count(self) -> int:
        """How many cards improve the hand but also help the opponents."""
        return sum(len(group.cards) for group in self.tainted)


def outs_of(hole: Sequence[Card], board: Sequence[Card]) -> Outs:
    """The outs of ``hole`` on ``board`` (3 or 4 cards; otherwise nothing is counted)."""
    if len(board) not in (3, 4) or len(hole) != 2:
        return Outs()
    hole_ids = tuple(card.index for card in hole)
    board_ids = tuple(card.index for card in board)
    now = category_of(strength_ids((*hole_ids, *board_ids)))
    hole_ranks = {card.rank for card in hole}
    found: dict[Category, list[Card]] = {}
    tainted: dict[tuple[Category, Taint], list[Card]] = {}
    for card in FULL_DECK:
        if card.index in hole_ids or card.index in board_ids:
            continue
        made = category_of(strength_ids((*hole_ids, *board_ids, card.index)))
        if made <= now or made <= _board_category((*board_ids, card.index)):
            continue
        if made in _WITHOUT_PAIRING or card.rank in hole_ranks:
            taint = taint_of(made, card, board)
            if taint is None:
                found.setdefault(made, []).append(card)
            else:
                tainted.setdefault((made, taint), []).append(card)
    groups = tuple(OutGroup(kind, tuple(found[kind])) for kind in sorted(found, reverse=True))
    order = sorted(tainted, key=lambda key: (-key[0], key[1].value))
    bad = tuple(TaintedGroup(kind, taint, tuple(tainted[kind, taint])) for kind, taint in order)
    return Outs(groups, counted=True, tainted=bad)


def taint_of(made: Category, card: Card, board: Sequence[Card]) -> Taint | None:
    """How ``card``, making the player ``made``, also helps the opponents, or None: a
    straight or flush that pairs the board, or less than a flush with three cards of a
    suit on the board once it falls."""
    if made in (Category.STRAIGHT, Category.FLUSH) and any(c.rank == card.rank for c in board):
        return Taint.PAIRS_BOARD
    suited = sum(1 for c in (*board, card) if c.suit == card.suit)
    most = max(suited, *Counter(c.suit for c in board).values())
    if made < Category.FLUSH and most >= 3:
        return Taint.FLUSH_BOARD
    return None


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
