"""Levels, personalities, names, and bot specs ("hard", "honest", "my.module:make_bot").

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
from collections.abc import Callable
from typing import Final

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
COACH: Final = "coach"  # plays what the coach suggests (audiopoker.coach, a layer above)
_REFERENCE_CLASSES: Final[dict[str, type[BaseBot]]] = {
    "random": RandomBot,
    "station": CallingStation,
    "honest": HonestBot,
    "maniac": Maniac,
    "minraiser": MinRaiser,
    "folder": Folder,
}

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
) -> Bot:
    """A bot of ``level``: easy, normal, hard, a reference (``REFERENCE_BOTS``: random,
    station, honest, maniac, minraiser, folder; they have no personality), or ``coach``
    (the coach's suggestions; no personality either)."""
    if level in LEVELS:
        chosen = style or LEVEL_STYLES[level][0]
        bot_class = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}[level]
        return bot_class(rng, chosen, time_budget)
    if level in _REFERENCE_CLASSES:
        return _REFERENCE_CLASSES[level](rng, time_budget)
    if level == COACH:
        # Imported here: the coach is a layer above the bots, built on them.
        from audiopoker.coach.bot import CoachBot

        return CoachBot(rng, time_budget)
    raise ValueError(f"unknown bot level {level!r}")


def roster(
    level: str,
    count: int,
    lang: str,
    rng: random.Random,
    time_budget: float | None = 0.08,
) -> list[tuple[str, Bot]]:
    """``count`` named bots of one level for a table, personalities dealt in turn, each
    with its own generator drawn from ``rng``. The default budget suits live play."""
    styles = LEVEL_STYLES.get(level, (None,))
    bots = []
    for index, name in enumerate(bot_names(lang, count)):
        style = styles[index % len(styles)]
        bots.append((name, make_bot(level, random.Random(rng.getrandbits(64)), style, time_budget)))
    return bots


def factory(spec: str, time_budget: float | None = None) -> BotFactory:
    """A factory for a bot spec: a level or reference name, ``coach``, or ``MODULE:FACTORY``
    naming an importable callable that takes a ``random.Random`` and returns a bot."""
    if spec in LEVELS or spec in REFERENCE_BOTS or spec == COACH:
        return lambda rng: make_bot(spec, rng, time_budget=time_budget)
    module_name, _, attribute = spec.partition(":")
    if not module_name or not attribute:
        known = ", ".join((*LEVELS, *REFERENCE_BOTS, COACH))
        raise ValueError(f"unknown bot {spec!r}: use {known} or MODULE:FACTORY")
    target: object = importlib.import_module(module_name)
    for part in attribute.split("."):
        target = getattr(target, part)
    if not callable(target):
        raise ValueError(f"{spec!r} is not callable")
    made: Callable[[random.Random], Bot] = target
    return made
