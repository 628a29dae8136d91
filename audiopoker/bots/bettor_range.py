"""What a player who bets holds: value, draws and a share of bluffs, by the bet's size.

From the hands the bettor started with (a preflop range) that reached this street (on the
turn and the river, the part strongest on each earlier street: the rest gave up), a bet
keeps on this board the part strong enough to bet for value (made hands and draws, ranked
by ``bots.ranges``' board score) and adds bluffs from the rest: draws first while cards
are to come, then the weakest hands. The bigger the bet against the pot, the stronger the
value part and the fewer the bluffs: a third of the pot keeps about 60 percent of
the range for value, a pot-size bet about the top third (with one bluff for every two
value hands), a bet of four pots only the top ninth and fewer bluffs still. Value is
also absolute: only hands from second pair up (top pair up for bets of three quarters of
the pot or more, ``value_floor``) count, so a capped range that bets holds few value
hands, and few bluffs beside them. Bluffs come
from below the value part, so a bettor's range is polarised: the hands just below the
value part check.

>>> from audiopoker.bots.equity import ids
>>> from audiopoker.bots.preflop import preflop_table
>>> from audiopoker.cards import parse_cards
>>> start = list(preflop_table().top(0.4))
>>> board = ids(parse_cards("Ah 7d 2c"))
>>> small, pot = bettor_range(start, board, 20, 60), bettor_range(start, board, 60, 120)
>>> small.value > pot.value > 0 and pot.bluffs * 2 <= pot.value + 1
True
>>> len(small.combos) == small.value + small.bluffs
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from audiopoker.bots.equity import Combo, draw_strength, live
from audiopoker.bots.ranges import board_score, by_board, top_share
from audiopoker.evaluator import strength_ids

POT_BET_VALUE: Final = 0.30  # the share of the range a pot-size bet holds for value
VALUE_CURVE: Final = 0.7  # value share = POT_BET_VALUE * size ** -VALUE_CURVE
MAX_VALUE: Final = 0.6
MIN_VALUE: Final = 0.08
MAX_BLUFFS: Final = 0.5  # bluffs per value hand at most (a pot-size bet: one per two)
SEE_A_FLOP: Final = 0.40  # the default preflop range: the hands that see a flop
REACHED: Final = 0.65  # of its hands, the part a player takes to the next street
MIN_COMBOS: Final = 6  # a value part keeps at least this many of the strongest combos
BIG_BET: Final = 0.75  # from this size (times the pot) a bet's value starts at top pair


def bet_size(to_call: int, pot: int) -> float:
    """The bet against the pot before it: ``pot`` counts every chip, the bet included.

    >>> bet_size(20, 60), bet_size(60, 120), bet_size(120, 150)
    (0.5, 1.0, 4.0)
    """
    return to_call / max(pot - to_call, 1)


def value_share(size: float) -> float:
    """The share of its range a bettor bets for value at ``size`` times the pot.

    >>> [round(value_share(s), 2) for s in (0.33, 0.5, 1.0, 4.0)]
    [0.6, 0.49, 0.3, 0.11]
    """
    share: float = POT_BET_VALUE * max(size, 0.05) ** -VALUE_CURVE
    return min(max(share, MIN_VALUE), MAX_VALUE)


def bluff_ratio(size: float) -> float:
    """Bluffs per value hand at ``size`` times the pot: the odds the bet lays the caller
    (``size / (1 + size)`` bluffs per value hand make a call break even), at most one per
    two value hands.

    >>> [round(bluff_ratio(s), 2) for s in (0.33, 0.5, 1.0, 4.0)]
    [0.25, 0.33, 0.5, 0.5]
    """
    return min(size / (1.0 + size), MAX_BLUFFS)


def reached(combos: Sequence[Combo], board: Sequence[int]) -> list[Combo]:
    """The part of ``combos`` (seen on the flop) still held on this street: after each
    street before it, the top ``REACHED`` on the board of then (the rest gave up).

    >>> from audiopoker.bots.equity import ALL_COMBOS
    >>> [len(reached(ALL_COMBOS[:1000], tuple(range(40, 40 + n)))) for n in (3, 4, 5)]
    [1000, 650, 422]
    """
    kept = list(combos)
    for seen in range(3, len(board)):
        kept = top_share(by_board(kept, board[:seen]), REACHED)
    return kept


@dataclass(frozen=True, slots=True)
class BettorRange:
    """A bettor's hands: ``combos`` (value first, then bluffs), ``value`` and ``bluffs``
    how many of each, ``start`` how many combos of its preflop range reached this street."""

    combos: tuple[Combo, ...]
    value: int
    bluffs: int
    start: int


def bettor_range(
    start: Sequence[Combo], board: Sequence[int], to_call: int, pot: int
) -> BettorRange:
    """The part of ``start`` (combos, card ids) that bets ``to_call`` into a pot that holds
    ``pot`` chips with the bet, on ``board`` (card ids, 3 to 5)."""
    board_t = tuple(board)
    return polarised(reached(live(start, board_t), board_t), board_t, bet_size(to_call, pot))


def value_floor(board: Sequence[int], size: float = 1.0) -> int:
    """The weakest pair a bet of ``size`` times the pot holds for value on ``board`` (card
    ids), as a strength: top pair (a pair of the highest rank not paired on the board
    already) with the worst kicker, or second pair for a bet below ``BIG_BET`` (small
    bets are made with thinner value). A range that holds fewer such hands than its share
    bets fewer for value (a capped range that bets is not strong by its own standard: ace
    high is no value bet into the hands that call).

    >>> from audiopoker.bots.equity import ids, strength_ids
    >>> from audiopoker.cards import parse_cards
    >>> board = ids(parse_cards("5s Jd 3h 6d"))
    >>> top_pair = strength_ids((*board, *ids(parse_cards("Jc 2s"))))
    >>> value_floor(board) == top_pair
    True
    >>> value_floor(board, 0.5) == strength_ids((*board, *ids(parse_cards("6c 2s"))))
    True
    """
    ranks = [card // 4 for card in board]
    single = sorted((rank for rank in ranks if ranks.count(rank) == 1), reverse=True)
    if not single:
        return 0  # a board of pairs: no top pair to hold
    top = single[1] if size < BIG_BET and len(single) > 1 else single[0]
    taken = set(board)
    pair = next(top * 4 + suit for suit in range(4) if top * 4 + suit not in taken)
    floors = [
        strength_ids((*board, pair, kicker * 4 + suit))
        for kicker in range(13)
        if kicker not in ranks
        for suit in range(4)
        if kicker * 4 + suit not in taken
    ]
    return min(floors, default=0)


def polarised(
    combos: Sequence[Combo],
    board: Sequence[int],
    size: float,
    value_scale: float = 1.0,
    bluff_scale: float = 1.0,
    least: float = 0.0,
) -> BettorRange:
    """The part of ``combos`` (those that reached this street, live on ``board``) that bets
    ``size`` times the pot: the value part by board score, then bluffs from the rest.
    ``value_scale`` narrows the value part (a raise holds a stronger one than a bet);
    ``bluff_scale`` scales the bluffs (a player who bets often bluffs more); ``least``:
    the share of ``combos`` it holds at the least, more bluffs making it up (a player
    measured betting nearly everything bets big with nearly anything)."""
    board_t = tuple(board)
    if not combos:
        return BettorRange((), 0, 0, 0)
    scored = sorted(combos, key=lambda c: -board_score(c, board_t))
    share = value_share(size) * value_scale
    value = max(round(len(scored) * share), min(len(scored), MIN_COMBOS))
    floor = value_floor(board_t, size)
    strong = sum(1 for c in scored[:value] if board_score(c, board_t) >= floor)
    value = max(strong, min(value, MIN_COMBOS))  # at least the few strongest it holds
    rest = scored[value:]
    wanted = round(value * bluff_ratio(size) * bluff_scale)
    wanted = min(max(wanted, round(len(scored) * least) - value), len(rest))
    river = len(board_t) >= 5
    # bluffs: the draws first while cards are to come, then the weakest hands
    rest.sort(key=lambda c: (0 if river else -draw_strength(c, board_t), board_score(c, board_t)))
    bluffs = rest[:wanted]
    return BettorRange((*scored[:value], *bluffs), value, len(bluffs), len(combos))
