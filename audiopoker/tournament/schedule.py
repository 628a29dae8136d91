"""A tournament's rules as plain values: the blind levels, the places paid, and their
checks. Pure: no clock, no files, no words (the refusals carry a Problem and its numbers;
:mod:`audiopoker.tournament.tournament_talk` says them in the player's language).

A level is a small blind, a big blind, an ante for every player (dead money, RULES.md) and
a length in hands or in minutes. The player's own levels come from a TOML file::

    # Every level lasts 8 hands unless it says otherwise.
    hands = 8

    [[level]]
    small_blind = 1
    big_blind = 2

    [[level]]
    small_blind = 2
    big_blind = 4
    ante = 1
    minutes = 5

>>> levels = parse_levels("hands = 8\\n[[level]]\\nsmall_blind = 1\\nbig_blind = 2\\n")
>>> levels[0]
Level(small_blind=1, big_blind=2, ante=0, hands=8, minutes=None)
>>> parse_payouts("50, 30, 20")
(50, 30, 20)
>>> prize_shares({0: 1, 1: 2, 2: 2, 3: 4}, (50, 30, 20))
{0: 50.0, 1: 25.0, 2: 25.0, 3: 0.0}
"""

from __future__ import annotations

import enum
import itertools
import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

MAX_CHIPS: Final = 1_000_000
MAX_LEVELS: Final = 100
MAX_HANDS: Final = 1000  # hands in one level
MAX_MINUTES: Final = 600  # minutes in one level
MAX_PAID: Final = 10  # places paid: never more than a table's seats
LEVEL_KEYS: Final = ("small_blind", "big_blind", "ante", "hands", "minutes")
TOP_KEYS: Final = ("hands", "minutes", "level")


class Problem(enum.Enum):
    """Why a levels file (or a saved schedule) or a ``--payouts`` value is refused. The
    details name the level (1-based) and the numbers; see TournamentError."""

    SYNTAX = "syntax"  # line
    NO_LEVELS = "no_levels"
    NOT_TABLES = "not_tables"  # ``level`` is not a list of [[level]] tables
    TOO_MANY = "too_many"  # count, maximum
    UNKNOWN_TOP = "unknown_top"  # key
    UNKNOWN_KEY = "unknown_key"  # level, key
    MISSING = "missing"  # level, key
    NOT_WHOLE = "not_whole"  # (level,) key, value
    NOT_A_NUMBER = "not_a_number"  # (level,) key, value: minutes
    OUT_OF_RANGE = "out_of_range"  # (level,) key, value, low, high
    SMALL_ABOVE_BIG = "small_above_big"  # level, small, big
    BOTH_LENGTHS = "both_lengths"  # (level)
    NO_LENGTH = "no_length"  # level
    BLINDS_FALL = "blinds_fall"  # level, big, previous
    PAYOUTS_FORMAT = "payouts_format"  # text
    PAYOUTS_TOO_MANY = "payouts_too_many"  # count, maximum
    PAYOUTS_SUM = "payouts_sum"  # total
    PAYOUTS_RISING = "payouts_rising"  # text


class TournamentError(ValueError):
    """A schedule or payouts refused: ``problem`` and its particulars (``level`` is the
    1-based level it is about, when it is about one)."""

    def __init__(self, problem: Problem, **details: Any) -> None:
        self.problem = problem
        self.details: dict[str, Any] = details
        shown = ", ".join(f"{key}={value!r}" for key, value in details.items())
        super().__init__(problem.value + (f" ({shown})" if shown else ""))


@dataclass(frozen=True, slots=True)
class Level:
    """One level: the blinds, each player's ante, and how long it lasts (``hands`` or
    ``minutes``, exactly one of them)."""

    small_blind: int
    big_blind: int
    ante: int = 0
    hands: int | None = None
    minutes: float | None = None

    def to_json(self) -> dict[str, Any]:
        """The level as JSON values (the saved game)."""
        return {
            "small_blind": self.small_blind,
            "big_blind": self.big_blind,
            "ante": self.ante,
            "hands": self.hands,
            "minutes": self.minutes,
        }


# The default structure. Seed 002 (TDA 2026) says what a tournament is, not its numbers:
# blinds rise by levels, the ante is frequent at the higher levels, and the best places are
# paid. The numbers are ours: level 1 is the house game's 1/2 with its 200 chips (seed 001,
# 100 big blinds); the big blind then climbs the usual sit-and-go steps (100/200, 200/400,
# 300/600, ... scaled down to 1/2), about half as much again each level; from level 4 every
# player antes about an eighth of the big blind. Ten hands a level: with six players a
# sit-and-go ends in about a hundred hands. The last level stays until the end.
DEFAULT_HANDS_PER_LEVEL: Final = 10
DEFAULT_BLINDS: Final = (
    (1, 2, 0), (2, 4, 0), (3, 6, 0), (4, 8, 1), (5, 10, 1), (8, 16, 2), (10, 20, 2),
    (15, 30, 3), (20, 40, 5), (30, 60, 8), (40, 80, 10), (50, 100, 12), (75, 150, 20),
    (100, 200, 25), (150, 300, 40), (200, 400, 50),
)  # fmt: skip
DEFAULT_LEVELS: Final = tuple(
    Level(small, big, ante, hands=DEFAULT_HANDS_PER_LEVEL) for small, big, ante in DEFAULT_BLINDS
)


@dataclass(frozen=True, slots=True)
class Tournament:
    """A sit-and-go's rules: its levels, the share of the prize pool paid to each place
    from first down (percentages adding up to 100; empty: just ranked), and whether the
    level is said at every hand's start."""

    levels: tuple[Level, ...] = DEFAULT_LEVELS
    payouts: tuple[int, ...] = ()
    each_hand: bool = False


# -------------------------------------------------------------------- the levels file


def parse_levels(text: str) -> tuple[Level, ...]:
    """The levels of a TOML file's text; TournamentError names the first problem."""
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        found = re.search(r"line (\d+)", str(error))
        raise TournamentError(Problem.SYNTAX, line=int(found[1]) if found else 1) from None
    for key in document:
        if key not in TOP_KEYS:
            raise TournamentError(Problem.UNKNOWN_TOP, key=key)
    hands = _whole(document, "hands", None, 1, MAX_HANDS)
    minutes = _minutes(document, None)
    if hands is not None and minutes is not None:
        raise TournamentError(Problem.BOTH_LENGTHS)
    return levels_of(document.get("level"), hands, minutes)


def levels_of(
    raw: Any, hands: int | None = None, minutes: float | None = None
) -> tuple[Level, ...]:
    """Levels from a list of tables (a file's [[level]] tables, or a saved schedule);
    ``hands`` or ``minutes`` is the length of a level that gives none."""
    if raw is None or raw == []:
        raise TournamentError(Problem.NO_LEVELS)
    if not isinstance(raw, list) or not all(isinstance(item, dict) for item in raw):
        raise TournamentError(Problem.NOT_TABLES)
    if len(raw) > MAX_LEVELS:
        raise TournamentError(Problem.TOO_MANY, count=len(raw), maximum=MAX_LEVELS)
    levels: list[Level] = []
    for number, item in enumerate(raw, start=1):
        level = _level(item, number, hands, minutes)
        if levels and level.big_blind < levels[-1].big_blind:
            previous = levels[-1].big_blind
            raise TournamentError(
                Problem.BLINDS_FALL, level=number, big=level.big_blind, previous=previous
            )
        levels.append(level)
    return tuple(levels)


def _level(item: Mapping[str, Any], number: int, hands: int | None, minutes: float | None) -> Level:
    for key in item:
        if key not in LEVEL_KEYS:
            raise TournamentError(Problem.UNKNOWN_KEY, level=number, key=key)
    for key in ("small_blind", "big_blind"):
        if item.get(key) is None:
            raise TournamentError(Problem.MISSING, level=number, key=key)
    small = _whole(item, "small_blind", number, 0, MAX_CHIPS)
    big = _whole(item, "big_blind", number, 1, MAX_CHIPS)
    ante = _whole(item, "ante", number, 0, MAX_CHIPS)
    assert small is not None and big is not None  # present: checked above
    if small > big:
        raise TournamentError(Problem.SMALL_ABOVE_BIG, level=number, small=small, big=big)
    own_hands = _whole(item, "hands", number, 1, MAX_HANDS)
    own_minutes = _minutes(item, number)
    if own_hands is not None and own_minutes is not None:
        raise TournamentError(Problem.BOTH_LENGTHS, level=number)
    if own_hands is None and own_minutes is None:
        own_hands, own_minutes = hands, minutes
        if own_hands is None and own_minutes is None:
            raise TournamentError(Problem.NO_LENGTH, level=number)
    return Level(small, big, ante or 0, own_hands, own_minutes)


def shown(value: Any) -> str:
    """A refused value as the file wrote it: text quoted, true and false in lower case."""
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _where(level: int | None) -> dict[str, int]:
    return {} if level is None else {"level": level}


def _whole(
    table: Mapping[str, Any], key: str, level: int | None, low: int, high: int
) -> int | None:
    value = table.get(key)
    if value is None:
        return None
    if type(value) is not int:
        raise TournamentError(Problem.NOT_WHOLE, key=key, value=shown(value), **_where(level))
    if not low <= value <= high:
        raise TournamentError(
            Problem.OUT_OF_RANGE, key=key, value=value, low=low, high=high, **_where(level)
        )
    return value


def _minutes(table: Mapping[str, Any], level: int | None) -> float | None:
    value = table.get("minutes")
    if value is None:
        return None
    if type(value) not in (int, float):
        raise TournamentError(
            Problem.NOT_A_NUMBER, key="minutes", value=shown(value), **_where(level)
        )
    if not 0 < value <= MAX_MINUTES:
        raise TournamentError(
            Problem.OUT_OF_RANGE,
            key="minutes",
            value=shown(value),
            low=0,
            high=MAX_MINUTES,
            **_where(level),
        )
    return float(value)


# -------------------------------------------------------------------- places paid


def parse_payouts(text: str) -> tuple[int, ...]:
    """The ``--payouts`` shares: whole percentages from first place down, adding up to 100,
    a lower place never paid more than a higher one."""
    try:
        shares = tuple(int(part) for part in text.split(","))
    except ValueError:
        raise TournamentError(Problem.PAYOUTS_FORMAT, text=text) from None
    if not shares or any(not 1 <= share <= 100 for share in shares):
        raise TournamentError(Problem.PAYOUTS_FORMAT, text=text)
    if len(shares) > MAX_PAID:
        raise TournamentError(Problem.PAYOUTS_TOO_MANY, count=len(shares), maximum=MAX_PAID)
    if sum(shares) != 100:
        raise TournamentError(Problem.PAYOUTS_SUM, total=sum(shares))
    if any(lower > higher for higher, lower in itertools.pairwise(shares)):
        raise TournamentError(Problem.PAYOUTS_RISING, text=text)
    return shares


def prize_shares(places: Mapping[int, int], payouts: Sequence[int]) -> dict[int, float]:
    """Each seat's share of the prize pool (percent) by its finishing place. Players tied
    for a place (out in the same hand with the same chips) share the prizes of the places
    they fill, equally, as the TDA splits them."""
    tied: dict[int, int] = {}
    for place in places.values():
        tied[place] = tied.get(place, 0) + 1
    shares: dict[int, float] = {}
    for seat, place in places.items():
        filled = payouts[place - 1 : place - 1 + tied[place]]
        shares[seat] = sum(filled) / tied[place]
    return shares
