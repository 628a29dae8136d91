"""The hard level: the normal strategy plus opponent modelling and short-stack play.

- Reads: each opponent's ranges come from its measured frequencies (``model``): how
  often it plays a hand and raises before the flop, how often it bets after the flop
  (an aggressive player's bets mean less), and how often it folds to a bet (a player who
  never folds calls with everything).
- Value: against players who rarely fold it bets thinner and bigger.
- Bluffs: sized bluffs in proportion to the pot odds the bet lays (as a balanced range
  would: bigger bets carry more bluffs), scaled by how often the opponent folds; none
  against players who never fold.
- Push or fold before the flop when the effective stack is short (12 big blinds or less).
"""

from __future__ import annotations

import random
from typing import Final

from audiopoker.bots.base import check_or_fold, legalize
from audiopoker.bots.equity import hand_class, ids
from audiopoker.bots.model import OpponentModel
from audiopoker.bots.normal import NormalBot
from audiopoker.bots.ranges import AGGRESSIVE, Read
from audiopoker.bots.style import DEFAULT_STYLE, Style
from audiopoker.engine.actions import Action, Street
from audiopoker.engine.events import Event
from audiopoker.engine.view import PlayerView

SHORT_STACK_BB: Final = 12.0


def _clamp(value: float, low: float, high: float) -> float:
    return min(max(value, low), high)


class HardBot(NormalBot):
    """Normal play tuned by what it learns about each opponent. See the module docstring."""

    level = "hard"
    postflop_iterations = 1400

    def __init__(
        self,
        rng: random.Random,
        style: Style = DEFAULT_STYLE,
        time_budget: float | None = None,
    ) -> None:
        super().__init__(rng, style, time_budget)
        self.model = OpponentModel()

    def observe(self, event: Event) -> None:
        """Learn from every public event."""
        self.model.observe(event)

    def decide(self, view: PlayerView) -> Action:
        """Choose a legal action for ``view``."""
        self.model.sync(view)
        self._deadline = self.deadline()
        if view.street is Street.PREFLOP and self._effective_bb(view) <= SHORT_STACK_BB:
            return legalize(self.push_or_fold(view), view.legal)
        return super().decide(view)

    # -- reads and exploits -------------------------------------------------------------

    def read(self, view: PlayerView, seat: int) -> Read:
        """``seat``'s measured tendencies as a Read."""
        stats = self.model.of(seat)
        return Read(
            open=round(_clamp(stats.pfr_rate * 1.1, 0.03, 0.9), 2),
            vpip=round(_clamp(stats.vpip_rate, 0.08, 1.0), 2),
            reraise=round(_clamp(stats.pfr_rate * 0.35, 0.015, 0.5), 3),
            keep_bet=round(_clamp(0.25 + 0.6 * stats.aggression_rate, 0.25, 0.9), 2),
            keep_call=round(_clamp(1.0 - 0.7 * stats.fold_to_bet_rate, 0.4, 1.0), 2),
        )

    def _fold_rate(self, view: PlayerView) -> float:
        """How readily the remaining opponents fold to a bet (the most stubborn counts)."""
        rates = [self.model.of(s).fold_to_bet_rate for s in view.opponents]
        return min(rates) if rates else 0.45

    def value_threshold(self, view: PlayerView, opponents: int) -> float:
        """Thinner value against players who call too much."""
        stubborn = _clamp((0.45 - self._fold_rate(view)) / 0.45, 0.0, 1.0)
        return super().value_threshold(view, opponents) - 0.08 * stubborn

    def bet_fraction(self, view: PlayerView, share: float) -> float:
        """Bigger value bets against players who do not fold."""
        size = super().bet_fraction(view, share)
        if self._fold_rate(view) < 0.3:
            size += 0.35 if share >= 0.75 else 0.15
        return size

    def bluff_fraction(self, view: PlayerView) -> float:
        """Small bluffs against players whose folds do not depend on the size."""
        return 0.4 if view.street is not Street.RIVER else 0.6

    def bluff_rate(self, view: PlayerView, size: float) -> float:
        """Bluff in proportion to the odds the bet lays, scaled by the folding rate."""
        odds = size / (1.0 + 2.0 * size)  # bluffs per bet in a balanced betting range
        fold = self._fold_rate(view)
        exploit = _clamp((fold - 0.3) / 0.2, 0.0, 2.5)
        return odds * 0.5 * exploit * self.style.bluff

    # -- short stacks --------------------------------------------------------------------

    def _effective_bb(self, view: PlayerView) -> float:
        mine = view.stacks[view.seat] + view.committed[view.seat]
        theirs = max((view.stacks[s] + view.committed[s] for s in view.opponents), default=mine)
        return min(mine, theirs) / view.big_blind

    def push_or_fold(self, view: PlayerView) -> Action:
        """All in or fold: shove ranges by stack depth and seats behind; call shoves by
        equity against the shover's range."""
        legal = view.legal
        everything = legal.all_in()
        raises = [a for a in view.actions(Street.PREFLOP) if a.kind in AGGRESSIVE]
        if not raises:
            behind = max(len(view.behind()), 1)
            depth = max(self._effective_bb(view), 1.0)
            share = min(1.0, 6.0 / depth) / behind**0.75 * self.style.looseness
            name = hand_class(*ids(view.hole_cards))
            if self.table.percentile(name, behind) <= share and everything is not None:
                return everything
            return check_or_fold(legal)
        entered = [
            s for s in view.opponents if any(a.seat == s for a in view.actions(Street.PREFLOP))
        ]
        ranges = [self.ranges.range_of(view, s, self.read(view, s)) for s in entered]
        win = self._equity(view, ranges, self.preflop_iterations)
        price = legal.to_call / (legal.pot + legal.to_call)
        if win >= price:
            return everything if everything is not None else Action.call()
        return check_or_fold(legal)
