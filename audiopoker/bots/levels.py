"""Levels, personalities, names, and bot specs ("hard", "honest", "my.module:make_bot").

A level from a layer above (the coach's ``coach``) is handed in by the caller as
``more_levels``, so the bots import nothing above them.

>>> bot_names("es", 3)
('Ana', 'Beto', 'Carla')
>>> bot_names("en", 2)
('Alice', 'Bob')
>>> [bot.level for _, bot in roster("hard", 2, "en", random.Random(1))]
['hard', 'hard']
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Final, TypeAlias

from audiopoker.bots.base import BaseBot, Bot, BotFactory
from audiopoker.bots.easy import EasyBot
from audiopoker.bots.hard import HardBot
from audiopoker.bots.normal import NormalBot
from audiopoker.bots.reference import (
    CallingStation,
    Folder,
    HonestBot,
    Maniac,
    MinRaiser,
    RandomBot,
)
from audiopoker.bots.style import STYLES, Style

LEVELS: Final = ("easy", "normal", "hard")
REFERENCE_BOTS: Final = ("random", "station", "honest", "maniac", "minraiser", "folder")
_REFERENCE_CLASSES: Final[dict[str, type[BaseBot]]] = {
    "random": RandomBot,
    "station": CallingStation,
    "honest": HonestBot,
    "maniac": Maniac,
    "minraiser": MinRaiser,
    "folder": Folder,
}

# A level without personality from a layer above: a bot from its generator and time budget.
LevelMaker: TypeAlias = Callable[[random.Random, float | None], Bot]
_NO_MORE: Final[Mapping[str, LevelMaker]] = MappingProxyType({})

# The personalities each level deals out, in turn, around the table.
LEVEL_STYLES: Final[dict[str, tuple[Style, ...]]] = {
    "easy": (STYLES["loose-passive"], STYLES["tight-passive"], STYLES["loose-aggressive"]),
    "normal": (STYLES["tight-aggressive"], STYLES["loose-aggressive"], STYLES["tight-passive"]),
    "hard": (STYLES["tight-aggressive"], STYLES["balanced"], STYLES["loose-aggressive"]),
}

_NAMES: Final = {
    "es": (
        "Ana", "Beto", "Carla", "Diego", "Elena", "Fabio",
        "Gloria", "Hugo", "Inés", "Jorge", "Lucía", "Mario",
    ),
    "en": (
        "Alice", "Bob", "Carol", "Dave", "Eve", "Frank",
        "Grace", "Heidi", "Ivan", "Judy", "Kevin", "Laura",
    ),
}  # fmt: skip


def bot_names(lang: str, count: int) -> tuple[str, ...]:
    """``count`` distinct names suited to the language ('es' or 'en'; others get English).

    Past the list, names repeat with a number: 'Ana 2'.
    """
    names = _NAMES.get(lang.split("_")[0].split("-")[0].lower(), _NAMES["en"])
    return tuple(
        names[i % len(names)] + ("" if i < len(names) else f" {i // len(names) + 1}")
        for i in range(count)
    )


def make_bot(
    level: str,
    rng: random.Random,
    style: Style | None = None,
    time_budget: float | None = None,
    more_levels: Mapping[str, LevelMaker] = _NO_MORE,
) -> Bot:
    """A bot of ``level``: easy, normal, hard, a reference (``REFERENCE_BOTS``: random,
    station, honest, maniac, minraiser, folder; they have no personality), or one of
    ``more_levels`` (a layer above's, such as the coach's; no personality either)."""
    if level in LEVELS:
        chosen = style or LEVEL_STYLES[level][0]
        bot_class = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}[level]
        return bot_class(rng, chosen, time_budget)
    if level in _REFERENCE_CLASSES:
        return _REFERENCE_CLASSES[level](rng, time_budget)
    if level in more_levels:
        return more_levels[level](rng, time_budget)
    raise ValueError(f"unknown bot level {level!r}")


def roster(
    level: str,
    count: int,
    lang: str,
    rng: random.Random,
    time_budget: float | None = 0.08,
    more_levels: Mapping[str, LevelMaker] = _NO_MORE,
) -> list[tuple[str, Bot]]:
    """``count`` named bots of one level for a table, personalities dealt in turn, each
    with its own generator drawn from ``rng``. The default budget suits live play;
    ``more_levels`` as for :func:`make_bot`."""
    styles = LEVEL_STYLES.get(level, (None,))
    bots = []
    for index, name in enumerate(bot_names(lang, count)):
        style = styles[index % len(styles)]
        own = random.Random(rng.getrandbits(64))
        bots.append((name, make_bot(level, own, style, time_budget, more_levels)))
    return bots


def factory(
    spec: str,
    time_budget: float | None = None,
    more_levels: Mapping[str, LevelMaker] = _NO_MORE,
) -> BotFactory:
    """A factory for a bot spec: a level or reference name, one of ``more_levels`` (as for
    :func:`make_bot`), or ``MODULE:FACTORY`` naming an importable callable that takes a
    ``random.Random`` and returns a bot."""
    if spec in LEVELS or spec in REFERENCE_BOTS or spec in more_levels:
        return lambda rng: make_bot(spec, rng, time_budget=time_budget, more_levels=more_levels)
    module_name, _, attribute = spec.partition(":")
    if not module_name or not attribute:
        known = ", ".join((*LEVELS, *REFERENCE_BOTS, *more_levels))
        raise ValueError(f"unknown bot {spec!r}: use {known} or MODULE:FACTORY")
    target: object = importlib.import_module(module_name)
    for part in attribute.split("."):
        target = getattr(target, part)
    if not callable(target):
        raise ValueError(f"{spec!r} is not callable")
    made: Callable[[random.Random], Bot] = target
    return made
