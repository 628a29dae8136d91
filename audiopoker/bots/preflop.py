"""The 169 starting-hand classes and their strength table.

The table (``data/preflop169.csv``, made by ``scripts/make_preflop_table.py``) holds each
class's pot share against 1..9 random hands. From it come percentiles ("top 12 % of
hands against three opponents") and ranges as lists of card-id combos.

>>> table = preflop_table()
>>> table.percentile("AA", 1) < 0.01 < table.percentile("72o", 5)
True
>>> len(CLASS_NAMES)
169
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Final

from audiopoker.bots.equity import ALL_COMBOS, RANK_CHARS, Combo, hand_class

MAX_OPPONENTS: Final = 9
TOTAL_COMBOS: Final = 1326
DATA_FILE: Final = Path(__file__).resolve().parent / "data" / "preflop169.csv"
RANGE_OPPONENTS: Final = 2  # ranges are ordered by the share against two hands


def _class_names() -> tuple[str, ...]:
    names: list[str] = []
    for high in range(12, -1, -1):
        names.append(RANK_CHARS[high] * 2)
    for suffix in ("s", "o"):
        for high in range(12, -1, -1):
            for low in range(high - 1, -1, -1):
                names.append(RANK_CHARS[high] + RANK_CHARS[low] + suffix)
    return tuple(names)


CLASS_NAMES: Final = _class_names()


def combo_count(name: str) -> int:
    """6 combos for a pair, 4 suited, 12 offsuit."""
    return 6 if len(name) == 2 else 4 if name.endswith("s") else 12


@dataclass(frozen=True, eq=False)  # compared and hashed by identity: one table per process
class PreflopTable:
    """Pot shares per class against 1..9 random hands, with orderings derived from them."""

    shares: dict[str, tuple[float, ...]]

    def share(self, name: str, opponents: int) -> float:
        """Pot share of ``name`` all in against ``opponents`` random hands (clamped 1..9)."""
        return self.shares[name][_clamp(opponents) - 1]

    def percentile(self, name: str, opponents: int) -> float:
        """The fraction of all 1326 combos at least as strong as ``name`` against that many
        opponents: 0.0045 for aces, near 1 for the worst hand."""
        return _percentiles(self, _clamp(opponents))[name]

    def top(self, fraction: float, opponents: int = RANGE_OPPONENTS) -> tuple[Combo, ...]:
        """The strongest ``fraction`` of combos (at least one class)."""
        return self.window(0.0, fraction, opponents)

    def window(
        self, low: float, high: float, opponents: int = RANGE_OPPONENTS
    ) -> tuple[Combo, ...]:
        """Combos whose class percentile lies in (low, high]; the class nearest ``high``
        when the window holds none."""
        return _window(self, low, high, _clamp(opponents))

    def combo_percentile(self, combo: Combo, opponents: int = RANGE_OPPONENTS) -> float:
        """``percentile`` of a combo's class (``combo`` as (lower id, higher id))."""
        return _combo_percentiles(self, _clamp(opponents))[_COMBO_INDEX[combo]]


def _clamp(opponents: int) -> int:
    return min(max(opponents, 1), MAX_OPPONENTS)


@functools.cache
def _percentiles(table: PreflopTable, opponents: int) -> dict[str, float]:
    ordered = sorted(CLASS_NAMES, key=lambda name: -table.share(name, opponents))
    result: dict[str, float] = {}
    seen = 0
    for name in ordered:
        seen += combo_count(name)
        result[name] = seen / TOTAL_COMBOS
    return result


@functools.cache
def _combo_percentiles(table: PreflopTable, opponents: int) -> tuple[float, ...]:
    by_class = _percentiles(table, opponents)
    return tuple(by_class[hand_class(*combo)] for combo in ALL_COMBOS)


@functools.lru_cache(maxsize=4096)
def _window(table: PreflopTable, low: float, high: float, opponents: int) -> tuple[Combo, ...]:
    pcts = _combo_percentiles(table, opponents)
    chosen = tuple(c for c, pct in zip(ALL_COMBOS, pcts, strict=True) if low < pct <= high)
    if chosen:
        return chosen
    nearest = min(pcts, key=lambda pct: abs(pct - high))
    return tuple(c for c, pct in zip(ALL_COMBOS, pcts, strict=True) if pct == nearest)


_COMBO_INDEX: Final = {combo: index for index, combo in enumerate(ALL_COMBOS)}


def parse_table(text: str) -> PreflopTable:
    """Read the CSV (comment lines start with '#')."""
    shares: dict[str, tuple[float, ...]] = {}
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    for line in lines[1:]:
        name, _count, *values = line.split(",")
        shares[name] = tuple(float(v) for v in values)
    missing = set(CLASS_NAMES) - set(shares)
    if missing or any(len(v) != MAX_OPPONENTS for v in shares.values()):
        raise ValueError(f"preflop table is incomplete: {sorted(missing)[:5]}")
    return PreflopTable(shares)


@functools.cache
def preflop_table() -> PreflopTable:
    """The shipped table (loaded once)."""
    text = resources.files("audiopoker.bots").joinpath("data/preflop169.csv").read_text("utf-8")
    return parse_table(text)
