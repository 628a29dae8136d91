"""``--bot coach``: a bot that always does what the coach suggests.

Its strength is the coach's quality: ``audiopoker simulate --bot coach 'honest*5'`` against
the same with ``hard`` tells whether the advice is as good as the hard level's play.
The bots layer knows nothing of it: whoever builds bots hands ``COACH_LEVEL`` to
``bots.levels`` (``make_bot``, ``roster``, ``factory``: ``more_levels``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Final

from audiopoker.bots.base import BaseBot, legalize
from audiopoker.bots.levels import LevelMaker
from audiopoker.coach.advice import Coach
from audiopoker.engine.actions import Action
from audiopoker.engine.events import Event
from audiopoker.engine.view import PlayerView


class CoachBot(BaseBot):
    """Plays the coach's suggestion. Its ``model`` learns from every public event it
    observes (and is saved with a game, as the hard bot's is)."""

    level = "coach"

    def __init__(self, rng: random.Random, time_budget: float | None = None) -> None:
        super().__init__(rng, time_budget)
        self.coach = Coach(rng)
        self.model = self.coach.model

    def observe(self, event: Event) -> None:
        """Learn from every public event."""
        self.model.observe(event)

    def decide(self, view: PlayerView) -> Action:
        """The coach's suggestion for ``view``."""
        advice = self.coach.advise(view, self.deadline())
        return legalize(advice.as_action(), view.legal)


COACH: Final = "coach"  # the level's name: ``play --bots coach``, ``simulate --bot coach``
# A plain dict: a simulation's settings carry it to its worker processes (pickled).
COACH_LEVEL: Final[Mapping[str, LevelMaker]] = {COACH: CoachBot}
