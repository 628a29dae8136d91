"""``--bot coach``: a bot that always does what the coach suggests.

Its strength is the coach's quality: ``audiopoker simulate --bot coach 'honest*5'`` against
the same with ``hard`` tells whether the advice is as good as the hard level's play.
"""

from __future__ import annotations

import random

from audiopoker.bots.base import BaseBot, legalize
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
