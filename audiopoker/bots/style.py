"""Personalities: how tight or loose, passive or aggressive, and how bluffy a bot plays.

>>> STYLES["loose-aggressive"].looseness > STYLES["tight-passive"].looseness
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from audiopoker.bots.base import BaseBot
from audiopoker.bots.preflop import preflop_table


@dataclass(frozen=True, slots=True)
class Style:
    """Multipliers around 1.0 applied by every level's strategy.

    ``looseness`` widens (above 1) or narrows the hands played; ``aggression`` turns
    calls into bets and raises; ``bluff`` scales bluffs and semi-bluffs.
    """

    key: str
    looseness: float = 1.0
    aggression: float = 1.0
    bluff: float = 1.0


STYLES: Final = {
    style.key: style
    for style in (
        Style("tight-aggressive", looseness=0.9, aggression=1.15, bluff=1.0),
        Style("loose-aggressive", looseness=1.3, aggression=1.3, bluff=1.4),
        Style("tight-passive", looseness=0.75, aggression=0.7, bluff=0.4),
        Style("loose-passive", looseness=1.35, aggression=0.7, bluff=0.5),
        Style("balanced", looseness=1.0, aggression=1.0, bluff=1.0),
    )
}
DEFAULT_STYLE: Final = STYLES["balanced"]


class StyledBot(BaseBot):
    """A bot with a personality and the 169-hand preflop table: what every level starts from."""

    def __init__(
        self,
        rng: random.Random,
        style: Style = DEFAULT_STYLE,
        time_budget: float | None = None,
    ) -> None:
        super().__init__(rng, time_budget)
        self.style = style
        self.table = preflop_table()
