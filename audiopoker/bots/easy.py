"""The easy level: a beginner who plays its own cards and little else.

It ranks its starting hand with the 169-hand table, plays far too many hands, raises
only the very best, and after the flop compares its equity against random hands (it
never thinks about what the others' bets mean) with the price, calling too often. It
bets its strong hands, half the pot, and almost never bluffs.
"""

from __future__ import annotations

from audiopoker.bots.base import bet_to, check_or_call, check_or_fold, legalize
from audiopoker.bots.base import pot_fraction_to as fraction_to
from audiopoker.bots.equity import equity, hand_class, ids
from audiopoker.bots.ranges import AGGRESSIVE
from audiopoker.bots.style import StyledBot
from audiopoker.engine.actions import Action, Street
from audiopoker.engine.view import PlayerView


class EasyBot(StyledBot):
    """A loose, passive beginner. See the module docstring."""

    level = "easy"
    iterations = 300

    def decide(self, view: PlayerView) -> Action:
        """Choose a legal action for ``view``."""
        action = self._preflop(view) if view.street is Street.PREFLOP else self._postflop(view)
        return legalize(action, view.legal)

    def _preflop(self, view: PlayerView) -> Action:
        legal = view.legal
        style = self.style
        bb = view.big_blind
        name = hand_class(*ids(view.hole_cards))
        percentile = self.table.percentile(name, max(1, len(view.opponents)))
        raised = any(a.kind in AGGRESSIVE for a in view.actions(Street.PREFLOP))
        if not raised:
            if percentile <= 0.06 * style.aggression:
                return bet_to(legal, 3 * bb)
            if percentile <= 0.55 * style.looseness:
                return check_or_call(legal)
            return check_or_fold(legal)
        if percentile <= 0.03 * style.aggression:
            return bet_to(legal, 3 * (legal.committed + legal.to_call))
        cheap = legal.to_call <= 0.3 * legal.stack
        if percentile <= 0.35 * style.looseness and cheap:
            return check_or_call(legal)
        if percentile <= 0.08:
            return check_or_call(legal)
        return check_or_fold(legal)

    def _postflop(self, view: PlayerView) -> Action:
        legal = view.legal
        style = self.style
        opponents = len(view.opponents)
        share = equity(
            ids(view.hole_cards),
            ids(view.board),
            [None] * opponents,
            self.rng,
            self.iterations,
            self.deadline(),
        ).value
        if legal.can_check:
            if share >= 0.7 / style.aggression**0.5:
                return bet_to(legal, fraction_to(legal, 0.5))
            if self.rng.random() < 0.03 * style.bluff:
                return bet_to(legal, fraction_to(legal, 0.5))
            return Action.check()
        if legal.can_raise and share >= 0.85 and self.rng.random() < 0.5 * style.aggression:
            return bet_to(legal, 2.5 * (legal.committed + legal.to_call))
        price = legal.pot_odds
        if share >= price * 0.7 or (share >= 0.4 and legal.to_call <= legal.pot):
            return Action.call()
        return Action.fold()
