"""What a range holds on this board, in classes a player thinks in (issue 26, point 3).

Flopzilla's question, answered for the coach's second K press: of an opponent's assumed
combos, how many are a strong made hand, top pair, a weaker pair, a draw or nothing.
Each combo is counted once, in the first class it meets, in this order:

1. ``STRONG``: two pair or better that the combo's own cards make (a set, trips, two pair
   with both pairs its own, a straight, a flush, a full house or quads it plays in).
2. ``TOP_PAIR``: a pair of its own that matches the board's highest card, or an overpair.
3. ``WEAK_PAIR``: any other pair of its own (second pair, bottom pair, an underpair).
4. ``FLUSH_DRAW``: four to a flush with at least one of its cards (combo draws too).
5. ``STRAIGHT_DRAW``: two or more ranks give it a straight (open-ended, double gutshot).
6. ``GUTSHOT``: one rank gives it a straight.
7. ``NOTHING``: none of these (overcards and ace high count here).

A made hand with a draw counts as the made hand (a pair with a flush draw is a pair), so
the shares add up to one. Hands are named with the board in mind, as ``board_hand`` names
the player's: what the board holds alone belongs to everyone, so on 7-7-2 king-three is
nothing, king-king an overpair and a deuce a weaker pair (the sevens are the board's);
only a group of the best five that holds one of the combo's cards is its own. Draws are
counted on the flop and the turn only, for combos with no made hand of their own; a draw
the board completes alone (four to a straight on the board) is nobody's.

Cards are ``Card.index`` ids (rank-major: ``id >> 2`` is the rank, 0 for a two, 12 for an
ace; ``id & 3`` the suit), as the coach's ranges keep them; no evaluator is called, so a
whole range of every combo is counted in well under a tenth of a second.

>>> from audiopoker.bots.equity import ids
>>> from audiopoker.cards import parse_cards
>>> board = ids(parse_cards("Ah 7h 2c"))
>>> [classify(ids(parse_cards(hand)), board).value for hand in ("7s 7d", "As Kd", "Kh Qh", "5c 4d")]
['strong', 'top_pair', 'flush_draw', 'gutshot']
>>> classify(ids(parse_cards("Kd 3c")), ids(parse_cards("7s 7h 2c"))).value  # the board's pair
'nothing'
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

Combo = tuple[int, int]

ACE: Final = 12


class HandClass(enum.Enum):
    """A class of hands on a board, strongest first (the order a combo is counted in)."""

    STRONG = "strong"
    TOP_PAIR = "top_pair"
    WEAK_PAIR = "weak_pair"
    FLUSH_DRAW = "flush_draw"
    STRAIGHT_DRAW = "straight_draw"
    GUTSHOT = "gutshot"
    NOTHING = "nothing"


ORDER: Final = tuple(HandClass)


@dataclass(frozen=True, slots=True)
class RangeClasses:
    """How many of a range's combos fall in each class (every class present, 0 or more)."""

    counts: tuple[tuple[HandClass, int], ...]

    @property
    def total(self) -> int:
        """How many combos were counted."""
        return sum(count for _, count in self.counts)

    def count(self, kind: HandClass) -> int:
        """The combos in ``kind``."""
        return dict(self.counts)[kind]

    def share(self, kind: HandClass) -> float:
        """The share of the range in ``kind`` (0 for an empty range)."""
        return self.count(kind) / self.total if self.total else 0.0


def count_classes(combos: Iterable[Combo], board: Sequence[int]) -> RangeClasses:
    """The classes of ``combos`` on ``board`` (three to five card ids), each combo once."""
    found = Counter(classify(combo, board) for combo in combos)
    return RangeClasses(tuple((kind, found[kind]) for kind in ORDER))


def classify(hole: Sequence[int], board: Sequence[int]) -> HandClass:
    """The one class of the two cards ``hole`` on ``board`` (see the module docstring)."""
    made = made_class(hole, board)
    if made is not None:
        return made
    if len(board) >= 5:
        return HandClass.NOTHING
    if _flush_draw(hole, board):
        return HandClass.FLUSH_DRAW
    outs = straight_out_ranks(hole, board)
    if len(outs) >= 2:
        return HandClass.STRAIGHT_DRAW
    return HandClass.GUTSHOT if outs else HandClass.NOTHING


# -- made hands ------------------------------------------------------------------------------


def made_class(hole: Sequence[int], board: Sequence[int]) -> HandClass | None:
    """STRONG, TOP_PAIR or WEAK_PAIR for a made hand of the combo's own, else None."""
    cards = (*hole, *board)
    suited = _flush_suit(cards)
    if suited is not None:  # a flush among seven cards rules out a full house and quads
        return _flush_class(hole, cards, suited)
    counts = Counter(card >> 2 for card in cards)
    own = {card >> 2 for card in hole}
    quads = [rank for rank, n in counts.items() if n == 4]
    if quads:
        return HandClass.STRONG if quads[0] in own else None
    trips = sorted((rank for rank, n in counts.items() if n == 3), reverse=True)
    pairs = sorted((rank for rank, n in counts.items() if n == 2), reverse=True)
    if trips and (len(trips) > 1 or pairs):  # a full house: trips and the best other pair
        pair = max([*trips[1:], *pairs])
        if trips[0] in own:
            return HandClass.STRONG
        return _pair_class(pair, board) if pair in own else None
    straight = _straight_top(set(counts))
    if straight is not None:
        board_ranks = {card >> 2 for card in board}
        return HandClass.STRONG if not _window(straight) <= board_ranks else None
    if trips:
        return HandClass.STRONG if trips[0] in own else None
    playing = [rank for rank in pairs[:2] if rank in own]  # two pair: the best two play
    if len(playing) == 2:
        return HandClass.STRONG
    return _pair_class(playing[0], board) if playing else None


def _pair_class(rank: int, board: Sequence[int]) -> HandClass:
    """A pair of the combo's own: top pair or an overpair, or a weaker pair."""
    top = max(card >> 2 for card in board)
    return HandClass.TOP_PAIR if rank >= top else HandClass.WEAK_PAIR


def _flush_suit(cards: Sequence[int]) -> int | None:
    suits = Counter(card & 3 for card in cards)
    suit, most = suits.most_common(1)[0]
    return suit if most >= 5 else None


def _flush_class(hole: Sequence[int], cards: Sequence[int], suit: int) -> HandClass | None:
    """A flush (or straight flush) is the combo's own when one of its cards plays in it."""
    ranks = sorted((card >> 2 for card in cards if card & 3 == suit), reverse=True)
    own = {card >> 2 for card in hole if card & 3 == suit}
    straight = _straight_top(set(ranks))
    playing = _window(straight) if straight is not None else set(ranks[:5])
    return HandClass.STRONG if playing & own else None


def _window(top: int) -> set[int]:
    """The five ranks of the straight to ``top`` (the wheel's ace as -1 is the ace)."""
    return {ACE if rank < 0 else rank for rank in range(top - 4, top + 1)}


def _straight_top(ranks: set[int]) -> int | None:
    """The top rank of the best straight among ``ranks``, or None (3 is the wheel)."""
    for top in range(ACE, 2, -1):
        if _window(top) <= ranks:
            return top
    return None


# -- draws -----------------------------------------------------------------------------------


def _flush_draw(hole: Sequence[int], board: Sequence[int]) -> bool:
    """Four cards of a suit, at least one of them the combo's."""
    for suit in {card & 3 for card in hole}:
        mine = sum(1 for card in hole if card & 3 == suit)
        if mine + sum(1 for card in board if card & 3 == suit) == 4:
            return True
    return False


def straight_out_ranks(hole: Sequence[int], board: Sequence[int]) -> tuple[int, ...]:
    """The ranks whose next card gives the combo a straight of its own: the best straight
    then holds one of its cards' ranks that the board and the new card do not."""
    ranks = {card >> 2 for card in (*hole, *board)}
    board_ranks = {card >> 2 for card in board}
    outs = []
    for rank in range(ACE + 1):
        if rank in ranks:
            continue
        top = _straight_top(ranks | {rank})
        if top is not None and not _window(top) <= board_ranks | {rank}:
            outs.append(rank)
    return tuple(outs)
