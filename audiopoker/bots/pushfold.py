"""The heads-up push/fold chart and the heads-up equity of the 169 starting-hand classes.

Two files made by ``scripts/make_pushfold_chart.py``: ``data/hu_equity169.csv``, each
class's all-in pot share against each other class (card removal counted), and
``data/pushfold_hu.csv``, the equilibrium of the game where the small blind (the button
heads-up) shoves or folds and the big blind calls or folds, with no ante, at stacks of 1 to
20 big blinds in steps of one half. A stack is the chips behind each player before the
blinds, in big blinds (the shorter stack when they differ).

>>> push_probability("AA", 10), call_probability("72o", 10)
(1.0, 0.0)
>>> round(hu_equity("AA", "KK"), 2)
0.82
>>> round(hu_equity("AA", "KK") + hu_equity("KK", "AA"), 6)
1.0
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Final

from audiopoker.bots.equity import ALL_COMBOS, hand_class
from audiopoker.bots.preflop import CLASS_NAMES, combo_count

EQUITY_FILE: Final = "data/hu_equity169.csv"
CHART_FILE: Final = "data/pushfold_hu.csv"
POT: Final = 10000  # the matrix holds shares in 1/POT of the pot
MIN_STACK: Final = 1.0
MAX_STACK: Final = 20.0
STEP: Final = 0.5
STACKS: Final = tuple(MIN_STACK + STEP * k for k in range(39))  # 1.0, 1.5, .. 20.0
_INDEX: Final = {name: i for i, name in enumerate(CLASS_NAMES)}


def chart_columns() -> tuple[str, ...]:
    """The chart's columns after 'hand': push@1.0 .. push@20.0, then call@1.0 .. call@20.0."""
    return tuple(f"{side}@{stack:.1f}" for side in ("push", "call") for stack in STACKS)


@dataclass(frozen=True, eq=False)  # compared and hashed by identity: one matrix per process
class HeadsUpEquity:
    """Pot shares in 1/POT, rows and columns in CLASS_NAMES order."""

    shares: tuple[tuple[int, ...], ...]

    def equity(self, name: str, other: str) -> float:
        """The pot share of ``name`` all in against ``other`` before the flop."""
        return self.shares[_index(name)][_index(other)] / POT


@dataclass(frozen=True, eq=False)
class PushFoldChart:
    """Shove and call probabilities per class, one per stack in STACKS."""

    push: dict[str, tuple[float, ...]]
    call: dict[str, tuple[float, ...]]

    def push_probability(self, name: str, stack_bb: float) -> float:
        """How often the small blind shoves ``name`` (interpolated between grid stacks)."""
        return _interpolate(self.push[_name(name)], stack_bb)

    def call_probability(self, name: str, stack_bb: float) -> float:
        """How often the big blind calls a shove with ``name``."""
        return _interpolate(self.call[_name(name)], stack_bb)

    def push_share(self, stack_bb: float) -> float:
        """The fraction of the 1326 combos the small blind shoves."""
        return sum(combo_count(n) * self.push_probability(n, stack_bb) for n in CLASS_NAMES) / 1326

    def call_share(self, stack_bb: float) -> float:
        """The fraction of the 1326 combos the big blind calls a shove with."""
        return sum(combo_count(n) * self.call_probability(n, stack_bb) for n in CLASS_NAMES) / 1326

    def push_percentile(self, name: str, stack_bb: float) -> float:
        """Where ``name`` stands among the hands to shove with at ``stack_bb`` (0 the best,
        1 the worst, combos weighed): by its pot share against the hands that call a shove
        there. Every hand shoved wins the blinds alike when nobody calls, so a shove is
        worth more by what it wins when called: small pairs stand high (a coin flip
        against the overcards that call), weak aces and kings lower than they do against
        random hands.

        >>> chart().push_percentile("22", 11) < 0.3 < chart().push_percentile("Q8o", 11)
        True
        """
        return _order(self, "push", _grid(stack_bb))[_name(name)]

    def call_percentile(self, name: str, stack_bb: float) -> float:
        """Where ``name`` stands among the hands to call a shove with at ``stack_bb``: by its
        pot share against the hands that shove there (see ``push_percentile``)."""
        return _order(self, "call", _grid(stack_bb))[_name(name)]


@dataclass(frozen=True, slots=True)
class Exploitability:
    """What a best response gains against the chart, in big blinds per hand (both >= 0)."""

    small_blind: float
    big_blind: float


def _grid(stack_bb: float) -> float:
    """The chart's stack nearest to ``stack_bb`` (its orders are made once per stack)."""
    return MIN_STACK + STEP * round((_clamped_stack(stack_bb) - MIN_STACK) / STEP)


@functools.cache
def _order(chart: PushFoldChart, side: str, stack_bb: float) -> dict[str, float]:
    """Each class's percentile (0 the best) by its pot share against the other side's
    range at ``stack_bb``: the callers' for a shove (``side`` "push"), the shovers' for a
    call."""
    other = chart.call if side == "push" else chart.push
    weights = {n: _interpolate(other[n], stack_bb) for n in CLASS_NAMES}
    share = {n: equity_vs_range(n, weights) for n in CLASS_NAMES}
    percentile: dict[str, float] = {}
    above = 0
    for name in sorted(CLASS_NAMES, key=lambda n: -share[n]):
        percentile[name] = (above + combo_count(name) / 2) / 1326
        above += combo_count(name)
    return percentile


def _name(name: str) -> str:
    if name not in _INDEX:
        raise ValueError(f"not a starting-hand class: {name!r} (write 'AKs', 'T9o', '22')")
    return name


def _index(name: str) -> int:
    return _INDEX[_name(name)]


def _clamped_stack(stack_bb: float) -> float:
    if math.isnan(stack_bb):
        raise ValueError("the stack is not a number")
    return min(max(stack_bb, MIN_STACK), MAX_STACK)


def _interpolate(values: tuple[float, ...], stack_bb: float) -> float:
    position = (_clamped_stack(stack_bb) - MIN_STACK) / STEP
    low = min(int(position), len(values) - 2)
    fraction = position - low
    return values[low] * (1 - fraction) + values[low + 1] * fraction


def _rows(text: str, what: str) -> dict[str, list[str]]:
    """Data rows by class, after checking the header; '#' lines are comments."""
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    if not lines:
        raise ValueError(f"{what} is empty")
    rows = {fields[0]: fields[1:] for fields in (line.split(",") for line in lines[1:])}
    missing = [name for name in CLASS_NAMES if name not in rows]
    if missing or len(rows) != len(lines) - 1 or len(rows) != len(CLASS_NAMES):
        raise ValueError(f"{what} is incomplete: missing {missing[:5]}, {len(lines) - 1} rows")
    return rows


def parse_equity(text: str) -> HeadsUpEquity:
    """Read hu_equity169.csv: a header of the classes, then one row per class."""
    header = next(
        (line for line in text.splitlines() if line.strip() and not line.startswith("#")), ""
    )
    if header.split(",") != ["hand", *CLASS_NAMES]:
        raise ValueError("equity matrix header is not 'hand' and the 169 classes in order")
    rows = _rows(text, "equity matrix")
    shares: list[tuple[int, ...]] = []
    for name in CLASS_NAMES:
        try:
            row = tuple(int(value) for value in rows[name])
        except ValueError:
            raise ValueError(f"equity matrix row {name} holds a non-integer") from None
        if len(row) != len(CLASS_NAMES) or not all(0 <= v <= POT for v in row):
            raise ValueError(f"equity matrix row {name} is incomplete or out of 0..{POT}")
        shares.append(row)
    return HeadsUpEquity(tuple(shares))


def parse_chart(text: str) -> PushFoldChart:
    """Read pushfold_hu.csv: 'hand', push@S and call@S for every S in STACKS."""
    header = next(
        (line for line in text.splitlines() if line.strip() and not line.startswith("#")), ""
    )
    if tuple(header.split(",")) != ("hand", *chart_columns()):
        raise ValueError("push/fold chart header is not hand, push@1.0..20.0, call@1.0..20.0")
    rows = _rows(text, "push/fold chart")
    push: dict[str, tuple[float, ...]] = {}
    call: dict[str, tuple[float, ...]] = {}
    for name in CLASS_NAMES:
        try:
            values = tuple(float(value) for value in rows[name])
        except ValueError:
            raise ValueError(f"push/fold chart row {name} holds a non-number") from None
        if len(values) != 2 * len(STACKS) or not all(0.0 <= v <= 1.0 for v in values):
            raise ValueError(f"push/fold chart row {name} is incomplete or out of 0..1")
        push[name], call[name] = values[: len(STACKS)], values[len(STACKS) :]
    return PushFoldChart(push, call)


def _read(path: str) -> str:
    return resources.files("audiopoker.bots").joinpath(path).read_text("utf-8")


@functools.cache
def equity_table() -> HeadsUpEquity:
    """The shipped equity matrix (loaded once)."""
    return parse_equity(_read(EQUITY_FILE))


@functools.cache
def chart() -> PushFoldChart:
    """The shipped push/fold chart (loaded once)."""
    return parse_chart(_read(CHART_FILE))


@functools.cache
def pair_counts() -> tuple[tuple[int, ...], ...]:
    """How many pairs of disjoint combos each two classes make (AA against AA: 6, AA
    against KK: 36), in CLASS_NAMES order. Every combo of a class meets the same number of
    another class's combos (a change of suits maps one onto any other), so one combo per
    class is counted and multiplied."""
    first: dict[str, tuple[int, int]] = {}
    for a, b in ALL_COMBOS:
        first.setdefault(hand_class(a, b), (a, b))
    classes = [_INDEX[hand_class(a, b)] for a, b in ALL_COMBOS]
    rows = []
    for name in CLASS_NAMES:
        a, b = first[name]
        row = [0] * len(CLASS_NAMES)
        for (c, d), j in zip(ALL_COMBOS, classes, strict=True):
            if c != a and c != b and d != a and d != b:
                row[j] += 1
        rows.append(tuple(combo_count(name) * count for count in row))
    return tuple(rows)


def push_probability(name: str, stack_bb: float) -> float:
    """How often the small blind shoves ``name`` with ``stack_bb`` big blinds (clamped to
    1..20, interpolated linearly between the chart's stacks)."""
    return chart().push_probability(name, stack_bb)


def call_probability(name: str, stack_bb: float) -> float:
    """How often the big blind calls the small blind's shove with ``name``."""
    return chart().call_probability(name, stack_bb)


def hu_equity(name: str, other: str) -> float:
    """The all-in pot share of class ``name`` against class ``other`` before the flop."""
    return equity_table().equity(name, other)


def equity_vs_range(name: str, weights: Mapping[str, float]) -> float:
    """The pot share of ``name`` against a range given as class -> probability of holding
    it (a shove or call frequency, say), each class weighed by its combos left after
    ``name``'s cards.

    >>> round(equity_vs_range("AA", {"KK": 1.0, "AKs": 0.5}), 2)
    0.83
    """
    i = _index(name)
    counts = pair_counts()[i]
    shares = equity_table().shares[i]
    weight = total = 0.0
    for other, probability in weights.items():
        if not 0.0 <= probability <= 1.0:
            raise ValueError(f"the weight of {other} is {probability}, not in 0..1")
        j = _index(other)
        weight += counts[j] * probability
        total += counts[j] * probability * shares[j]
    if weight <= 0.0:
        raise ValueError(f"the range is empty once {name}'s cards are out")
    return total / weight / POT


def exploitability(
    stack_bb: float, table: PushFoldChart | None = None, matrix: HeadsUpEquity | None = None
) -> Exploitability:
    """What each side gains per hand by a best response to the other side's chart at
    ``stack_bb`` (the shipped chart and matrix unless given). Both are 0 at an exact
    equilibrium."""
    table = chart() if table is None else table
    matrix = equity_table() if matrix is None else matrix
    stack = _clamped_stack(stack_bb)
    push = [table.push_probability(n, stack) for n in CLASS_NAMES]
    call = [table.call_probability(n, stack) for n in CLASS_NAMES]
    pairs = pair_counts()
    everything = sum(map(sum, pairs))
    # Against folding (SB -0.5, BB -1 once shoved), per pair of classes: the SB's shove
    # gains 1.5 plus, when called, 2S*E - S - 1; the BB's call gains 2S*(1 - E) - S + 1.
    sb_gain = bb_gain = 0.0
    bb_values = [0.0] * len(CLASS_NAMES)
    for i, (counts, shares) in enumerate(zip(pairs, matrix.shares, strict=True)):
        shove = 0.0
        for w, e, q in zip(counts, shares, call, strict=True):
            shove += w * (1.5 + q * (2 * stack * e / POT - stack - 1))
        sb_gain += max(shove, 0.0) - push[i] * shove
        if push[i]:
            for j, (w, e) in enumerate(zip(counts, shares, strict=True)):
                bb_values[j] += push[i] * w * (2 * stack * (1 - e / POT) - stack + 1)
    for q, value in zip(call, bb_values, strict=True):
        bb_gain += max(value, 0.0) - q * value
    return Exploitability(sb_gain / everything, bb_gain / everything)
