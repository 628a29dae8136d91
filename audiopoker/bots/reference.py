"""Reference opponents for benchmarks: random, calling station, "honest", and three fixed
simple strategies a strong bot must beat by exploiting them: maniac (always all in),
min-raiser and folder (folds to any bet).

"Honest" is the classic PyPokerEngine example strategy: it estimates its win rate by
Monte Carlo against random hands of every other player dealt in, calls when that rate is
at least 1 / (players dealt in) and folds otherwise; it never raises. (It checks rather
than folds when checking is free. Before the flop it reads the same win rate from the
169-hand table, which was made by that very Monte Carlo with far more deals.)
"""

from __future__ import annotations

import random

from audiopoker.bots.base import BaseBot, bet_to, check_or_call, check_or_fold
from audiopoker.bots.equity import equity, hand_class, ids
from audiopoker.bots.preflop import preflop_table
from audiopoker.engine.actions import Action
from audiopoker.engine.view import PlayerView


class RandomBot(BaseBot):
    """Picks uniformly among fold (when something is owed), check or call, and a bet or
    raise to a random legal amount (small amounts more likely)."""

    def decide(self, view: PlayerView) -> Action:
        """A random legal action."""
        legal = view.legal
        choices = ["passive", "raise"] if legal.can_raise else ["passive"]
        if not legal.can_check:
            choices.append("fold")
        choice = self.rng.choice(choices)
        if choice == "fold":
            return Action.fold()
        if choice == "passive" or legal.raise_kind is None:
            return check_or_call(legal)
        spread = legal.max_raise_to - legal.min_raise_to
        to = legal.min_raise_to + round(spread * self.rng.random() ** 3)
        return Action(legal.raise_kind, to)


class CallingStation(BaseBot):
    """Always checks or calls."""

    def decide(self, view: PlayerView) -> Action:
        """Check, or call whatever is owed."""
        return check_or_call(view.legal)


class Maniac(BaseBot):
    """Always all in: raises (or bets) to its whole stack whenever a raise is allowed,
    otherwise checks or calls. Never folds."""

    def decide(self, view: PlayerView) -> Action:
        """All in if raising is open, else check or call."""
        return bet_to(view.legal, view.legal.max_raise_to)


class MinRaiser(BaseBot):
    """Bets or raises the minimum legal amount whenever it may, otherwise checks or calls.
    Never folds."""

    def decide(self, view: PlayerView) -> Action:
        """A minimum bet or raise if raising is open, else check or call."""
        return bet_to(view.legal, view.legal.min_raise_to)


class Folder(BaseBot):
    """Checks when checking is free and folds whenever something is owed, before the flop
    too (the blinds are a bet): it never puts in a chip beyond the blinds it posts."""

    def decide(self, view: PlayerView) -> Action:
        """Check when free, else fold."""
        return check_or_fold(view.legal)


class HonestBot(BaseBot):
    """Calls when its Monte Carlo win rate against random hands reaches 1/players."""

    def __init__(
        self, rng: random.Random, time_budget: float | None = None, iterations: int = 1000
    ) -> None:
        super().__init__(rng, time_budget)
        self.iterations = iterations

    def decide(self, view: PlayerView) -> Action:
        """Call (or check) if the win rate is high enough, else fold (or check)."""
        players = len(view.seats_in_hand)
        if not view.board:
            name = hand_class(*ids(view.hole_cards))
            rate = preflop_table().share(name, players - 1)
        else:
            rate = self._win_rate(view, players)
        if rate >= 1.0 / players:
            return check_or_call(view.legal)
        return check_or_fold(view.legal)

    def _win_rate(self, view: PlayerView, players: int) -> float:
        return equity(
            ids(view.hole_cards),
            ids(view.board),
            [None] * (players - 1),
            self.rng,
            self.iterations,
            self.deadline(),
        ).value
