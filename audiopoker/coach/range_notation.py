"""Ranges of starting hands in the usual notation: "QQ+, AKs, A5s-A2s, KTo+, 22-66, AK".

A range is a set of the 169 starting-hand classes ('AA', 'AKs', 'T9o'). Parts are
separated by commas or spaces; each is a class, a class and the ones above it, or a span:

- a pair ``QQ``; ``QQ+`` (queens to aces); ``22-66`` (either way round);
- a suited or offsuit hand ``AKs``, ``AKo``; both at once ``AK``;
- ``KTo+``: the kicker climbs to one below the top card (KTo, KJo, KQo);
- ``A5s-A2s``: the same top card, the kicker from one end to the other.

Ranks are 2-9, T (or 10), J, Q, K, A in either case; ``s`` and ``o`` in either case.

>>> sorted(parse_range("QQ+, AKs"))
['AA', 'AKs', 'KK', 'QQ']
>>> sorted(parse_range("A5s-A3s 22-33"))
['22', '33', 'A3s', 'A4s', 'A5s']
>>> sorted(parse_range("KTo+")), len(parse_range("AK")), len(parse_range("66-22"))
(['KJo', 'KQo', 'KTo'], 2, 5)
>>> sorted(parse_range("t9s, 109o"))
['T9o', 'T9s']
>>> parse_range("QQ+, AKx")
Traceback (most recent call last):
...
audiopoker.coach.range_notation.RangeNotationError: 'AKx' is not a hand or a span of hands
>>> combo_total(parse_range("QQ+, AKs"))
22
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from audiopoker.bots.equity import RANK_CHARS, Combo, class_combos

_PART_SPLIT: Final = re.compile(r"[,;\s]+")
_HAND: Final = re.compile(r"^([2-9TJQKA]|10)([2-9TJQKA]|10)([SO]?)$")


class RangeNotationError(ValueError):
    """A range that cannot be read. ``part`` is the piece at fault ('' for an empty range)."""

    def __init__(self, part: str) -> None:
        self.part = part
        what = f"{part!r} is not a hand or a span of hands" if part else "the range is empty"
        super().__init__(what)


def _rank(text: str) -> int:
    """The rank index (0 = deuce, 12 = ace) of a rank character."""
    return RANK_CHARS.index("T" if text == "10" else text)


def _hand(text: str, part: str) -> tuple[int, int, str]:
    """(high rank, low rank, suffix '', 's' or 'o') of one hand written like 'AKs'."""
    match = _HAND.match(text.upper())
    if match is None:
        raise RangeNotationError(part)
    high, low = _rank(match.group(1)), _rank(match.group(2))
    suffix = match.group(3).lower()
    if high < low:
        high, low = low, high
    if high == low and suffix:
        raise RangeNotationError(part)  # a pair is neither suited nor offsuit
    return high, low, suffix


def _names(high: int, low: int, suffix: str) -> list[str]:
    """The classes one hand stands for ('AK' is both AKs and AKo)."""
    if high == low:
        return [RANK_CHARS[high] * 2]
    suffixes = (suffix,) if suffix else ("s", "o")
    return [RANK_CHARS[high] + RANK_CHARS[low] + each for each in suffixes]


def _part(part: str) -> set[str]:
    """The classes of one part of a range."""
    if "-" in part:
        first, _, second = part.partition("-")
        a, b = _hand(first, part), _hand(second, part)
        if a[0] == a[1] and b[0] == b[1]:  # 22-66: pairs from one to the other
            low, high = sorted((a[0], b[0]))
            return {RANK_CHARS[rank] * 2 for rank in range(low, high + 1)}
        if a[0] != b[0] or a[2] != b[2] or a[0] == a[1] or b[0] == b[1]:
            raise RangeNotationError(part)  # a span keeps its top card and its suits
        low, high = sorted((a[1], b[1]))
        return {name for kick in range(low, high + 1) for name in _names(a[0], kick, a[2])}
    if part.endswith("+"):
        high, low, suffix = _hand(part[:-1], part)
        if high == low:  # QQ+: queens and every pair above
            return {RANK_CHARS[rank] * 2 for rank in range(high, 13)}
        return {name for kick in range(low, high) for name in _names(high, kick, suffix)}
    return set(_names(*_hand(part, part)))


def parse_range(text: str) -> frozenset[str]:
    """The starting-hand classes ``text`` names; RangeNotationError for a part that is not
    a hand or a span (its ``part`` says which) or an empty range."""
    parts = [part for part in _PART_SPLIT.split(text.strip()) if part]
    if not parts:
        raise RangeNotationError("")
    names: set[str] = set()
    for part in parts:
        names |= _part(part)
    return frozenset(names)


def range_combos(names: Iterable[str]) -> tuple[Combo, ...]:
    """Every two-card combo of the classes ``names`` (card ids, lower first)."""
    return tuple(combo for name in sorted(names) for combo in class_combos(name))


def combo_total(names: Iterable[str]) -> int:
    """How many two-card combos the classes hold (6 a pair, 4 suited, 12 offsuit)."""
    return sum(6 if len(n) == 2 else 4 if n.endswith("s") else 12 for n in names)
