"""Fast Monte Carlo equity on card ids.

Cards are ids 0..51 (``Card.index``: rank-major, clubs-diamonds-hearts-spades), and hands
are scored by audiopoker.evaluator's fast path on ids (``strength_ids``: phevaluator's C
code on plain ints; higher is better), so the inner loop builds no Card objects.

Opponent hands come from ranges: lists of two-card combos (or None for any two cards).
Sampling is uniform at random within each range, never in order. Every loop takes a
``random.Random`` and stops at an optional ``time.perf_counter()`` deadline.
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from audiopoker.cards import Card
from audiopoker.evaluator import strength_ids

Combo = tuple[int, int]
Range = Sequence[Combo]

WORST: Final = 0  # below every strength (1 is 7-5-4-3-2, 7462 a royal flush)
ALL_COMBOS: Final[tuple[Combo, ...]] = tuple(
    (low, high) for high in range(52) for low in range(high)
)
RANK_CHARS: Final = "23456789TJQKA"


def ids(cards: Iterable[Card]) -> tuple[int, ...]:
    """Card ids of cards."""
    return tuple(card.index for card in cards)


def strength_of(cards: Sequence[int]) -> int:
    """Strength of the best five of 5 to 7 card ids (higher is better)."""
    return strength_ids(cards)


def hand_class(first: int, second: int) -> str:
    """The 169-class of two card ids: 'AA', 'AKs', 'T9o' (higher rank first).

    >>> hand_class(51, 47), hand_class(0, 1), hand_class(32, 28)
    ('AKs', '22', 'T9s')
    """
    high, low = max(first >> 2, second >> 2), min(first >> 2, second >> 2)
    if high == low:
        return RANK_CHARS[high] * 2
    suited = (first & 3) == (second & 3)
    return RANK_CHARS[high] + RANK_CHARS[low] + ("s" if suited else "o")


def class_combos(name: str) -> tuple[Combo, ...]:
    """Every combo of a 169-class: 6 for a pair, 4 suited, 12 offsuit.

    >>> len(class_combos("QQ")), len(class_combos("AKs")), len(class_combos("72o"))
    (6, 4, 12)
    """
    return tuple(combo for combo in ALL_COMBOS if hand_class(*combo) == name)


def live(range_: Range | None, dead: Iterable[int]) -> list[Combo]:
    """The combos of a range (None: any two cards) that avoid the dead cards."""
    blocked = set(dead)
    source = ALL_COMBOS if range_ is None else range_
    return [c for c in source if c[0] not in blocked and c[1] not in blocked]


@dataclass(frozen=True, slots=True)
class Equity:
    """The share of the pot won on average (ties split) and how many deals it took."""

    value: float
    iterations: int


def equity(
    hero: Sequence[int],
    board: Sequence[int],
    ranges: Sequence[Range | None],
    rng: random.Random,
    iterations: int,
    deadline: float | None = None,
) -> Equity:
    """Hero's pot share against one range per opponent, by Monte Carlo.

    Each deal draws every opponent's combo at random from its range (avoiding cards
    already out), completes the board at random, and scores hero's share. It stops after
    ``iterations`` deals or at ``deadline`` (perf_counter seconds), whichever comes first,
    but always plays at least 32 deals.
    """
    dead = (*hero, *board)
    pools = [None if r is None else live(r, dead) or None for r in ranges]
    deck = [c for c in range(52) if c not in dead]
    h1, h2 = hero[0], hero[1]
    fixed = tuple(board)
    rand = rng.random
    score = strength_ids
    n_deck = len(deck)
    total = 0.0
    done = 0
    while done < iterations:
        if deadline is not None and done & 31 == 31 and time.perf_counter() > deadline:
            break
        done += 1
        used: set[int] = set()
        hands: list[Combo] = []
        for pool in pools:
            a = b = -1
            if pool is not None:
                size = len(pool)
                for _ in range(24):
                    a, b = pool[int(rand() * size)]
                    if a not in used and b not in used:
                        break
                else:
                    a = -1
            if a < 0:  # any two live cards: a random hand, or a range the others block
                a = deck[int(rand() * n_deck)]
                while a in used:
                    a = deck[int(rand() * n_deck)]
                b = deck[int(rand() * n_deck)]
                while b in used or b == a:
                    b = deck[int(rand() * n_deck)]
            used.add(a)
            used.add(b)
            hands.append((a, b))
        runout = list(fixed)
        while len(runout) < 5:
            card = deck[int(rand() * n_deck)]
            if card not in used:
                used.add(card)
                runout.append(card)
        c1, c2, c3, c4, c5 = runout
        mine = score((h1, h2, c1, c2, c3, c4, c5))
        best = WORST
        ties = 0
        for a, b in hands:
            theirs = score((a, b, c1, c2, c3, c4, c5))
            if theirs > best:
                best, ties = theirs, 1
            elif theirs == best:
                ties += 1
        if mine > best:
            total += 1.0
        elif mine == best:
            total += 1.0 / (ties + 1)
    return Equity(total / done if done else 0.0, done)


def draw_strength(hole: Sequence[int], board: Sequence[int]) -> int:
    """How strong a drawing hand is before the river: 0 no draw, 1 gutshot, 2 open-ended
    straight draw or flush draw, 3 both. A draw must use a hole card.

    >>> draw_strength((50, 46), (42, 37, 2))  # Ah Kh on Qh Jd 2h: flush draw and gutshot
    3
    >>> draw_strength((28, 24), (21, 19, 46))  # 9c 8c on 7d 6s Kh: open-ended
    2
    >>> draw_strength((28, 24), (21, 19, 46, 2, 10))  # river: no more draws
    0
    >>> draw_strength((48, 44), (8, 12, 40))  # Ac Kc on 4c 5c Qc: a made flush, no draw
    0
    """
    if not board or len(board) >= 5:
        return 0
    a, b = hole[0], hole[1]
    suits = [0, 0, 0, 0]
    board_mask = 0
    for card in board:
        suits[card & 3] += 1
        board_mask |= 1 << (card >> 2)
    suited = a & 3 == b & 3
    flush = suits[a & 3] == 2 if suited else 3 in (suits[a & 3], suits[b & 3])
    outs = _straight_outs(board_mask | 1 << (a >> 2) | 1 << (b >> 2))
    straight = outs if outs > _straight_outs(board_mask) else 0
    if flush:
        return 3 if straight else 2
    return straight


@functools.cache
def _straight_outs(mask: int) -> int:
    """For a set of ranks (bit r: rank r, 0 = deuce): 0 if a straight is made or no rank
    completes one, 1 if one rank does (gutshot), 2 if two or more (open-ended)."""
    extended = (mask << 1) | (1 if mask & (1 << 12) else 0)  # bit 0: the ace played low
    windows = [0b11111 << low for low in range(10)]
    if any(extended & window == window for window in windows):
        return 0
    outs = set()
    for window in windows:
        missing = window & ~extended
        if missing and missing & (missing - 1) == 0:  # exactly one rank missing
            rank = missing.bit_length() - 2  # back to 0 = deuce, -1 = the low ace
            outs.add(12 if rank == -1 else rank)
    return min(len(outs), 2)
