"""Bots: the Bot protocol, three levels with personalities, and reference opponents.

A bot is any object with ``decide(view: PlayerView) -> Action`` (see ``bots.base``);
``observe(event)`` and ``new_hand(seat)`` are optional. Build table bots with
``roster(level, count, lang, rng)``, or one with ``make_bot(level, rng)``.
"""

from audiopoker.bots.base import Bot, BotFactory
from audiopoker.bots.levels import LEVELS, REFERENCE_BOTS, bot_names, factory, make_bot, roster
from audiopoker.bots.style import STYLES, Style

__all__ = [
    "LEVELS",
    "REFERENCE_BOTS",
    "STYLES",
    "Bot",
    "BotFactory",
    "Style",
    "bot_names",
    "factory",
    "make_bot",
    "roster",
]
