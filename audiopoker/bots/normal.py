"""The normal level: a sound, readable strategy.

Preflop it plays from the 169-hand table: it opens the hands within a share that widens
as fewer players sit behind it, and against raises it compares its Monte Carlo equity
against the raisers' and callers' likely ranges with the price. After the flop it
estimates every opponent's range (narrowed by their actions, see ``ranges``), computes
its equity by Monte Carlo, bets for value in a few sizes, calls when the pot odds say so
(a little looser with a draw), and sometimes bluffs or semi-bluffs.

The hard level (``hard.HardBot``) reuses all of this and overrides the hooks marked
"hook": opponents' reads, value thresholds, sizes and bluff rates.
"""

from __future__ import annotations

import random
from typing import Final

from audiopoker.bots.base import bet_to, check_or_call, check_or_fold, legalize
from audiopoker.bots.base import pot_fraction_to as fraction_to
from audiopoker.bots.equity import Combo, draw_strength, equity, hand_class, ids
from audiopoker.bots.ranges import AGGRESSIVE, DEFAULT_READ, RangeEstimator, Read
from audiopoker.bots.style import DEFAULT_STYLE, Style, StyledBot
from audiopoker.engine.actions import Action, ActionKind, Street
from audiopoker.engine.view import PlayerView

# Share of hands to open with when nobody has entered, by the number of seats behind
# that can still act (1: small blind against the big blind, 2: button, 5: UTG at six).
OPEN_BY_BEHIND: Final = (1.0, 0.48, 0.42, 0.28, 0.21, 0.16, 0.14, 0.12, 0.11, 0.10)
BLUFF_BY_STREET: Final = {Street.FLOP: 0.14, Street.TURN: 0.09, Street.RIVER: 0.10}


class NormalBot(StyledBot):
    """Range-based Monte Carlo bot. See the module docstring."""

    level = "normal"
    preflop_iterations = 500
    postflop_iterations = 1200

    def __init__(
        self,
        rng: random.Random,
        style: Style = DEFAULT_STYLE,
        time_budget: float | None = None,
    ) -> None:
        super().__init__(rng, style, time_budget)
        self.ranges = RangeEstimator(self.table)
        self._deadline: float | None = None

    def decide(self, view: PlayerView) -> Action:
        """Choose a legal action for ``view``."""
        self._deadline = self.deadline()
        action = self.preflop(view) if view.street is Street.PREFLOP else self.postflop(view)
        return legalize(action, view.legal)

    # -- hooks ---------------------------------------------------------------------------

    def read(self, view: PlayerView, seat: int) -> Read:
        """How ``seat`` plays: typical guesses, the same for everyone (hook: the hard
        level measures each opponent)."""
        return DEFAULT_READ

    def range_of(self, view: PlayerView, seat: int) -> list[Combo]:
        """``seat``'s likely combos, read with ``read`` (hook: the hard level reads the
        action, each raise with its raiser's read)."""
        return self.ranges.range_of(view, seat, self.read(view, seat))

    def value_threshold(self, view: PlayerView, opponents: int) -> float:
        """Equity needed to bet for value (hook)."""
        base: float = 0.60 * opponents**-0.4
        return base - 0.05 * (self.style.aggression - 1.0)

    def bet_fraction(self, view: PlayerView, share: float) -> float:
        """Bet size as a share of the pot for a value bet with equity ``share`` (hook)."""
        size = 0.75 if share >= 0.8 else 0.55
        return size + (0.1 if view.street is Street.RIVER else 0.0)

    def bluff_rate(self, view: PlayerView, size: float) -> float:
        """Chance of a pure bluff when checked to, heads-up (hook)."""
        return BLUFF_BY_STREET.get(view.street, 0.0) * self.style.bluff

    def bluff_fraction(self, view: PlayerView) -> float:
        """Bluff size as a share of the pot (hook)."""
        return 0.66 if view.street is Street.RIVER else 0.5

    def open_share(self, view: PlayerView, behind: int) -> float:
        """Share of hands to raise first in with, ``behind`` seats still to act (hook)."""
        return OPEN_BY_BEHIND[min(behind, 9)] * self.style.looseness

    def open_size(self, view: PlayerView) -> float:
        """The first raise, in big blinds (hook)."""
        return 3.0 if view.seat == view.small_blind_seat else 2.5

    def reraise_at(self, view: PlayerView, raises: int, players: int) -> float:
        """Equity against the raisers and callers needed to re-raise for value (hook)."""
        base: float = (0.62 + 0.03 * (raises - 1)) * players**-0.45
        scale: float = self.style.aggression**0.3
        return base / scale

    def isolation(self, view: PlayerView, open_share: float, limpers: int) -> tuple[float, float]:
        """Hands to raise limpers with, and the raise-to in big blinds (hook)."""
        return open_share * 0.6 * self.style.aggression, 3.0 + limpers

    def limp_share(self, view: PlayerView, open_share: float, limpers: int) -> float:
        """Hands to limp with (or complete the small blind) when nobody raised (hook)."""
        return min(0.55, open_share * 1.6) * (1.0 if limpers else 0.8)

    def implied_odds(self, view: PlayerView, name: str) -> float:
        """Discount on the price of a preflop call for what a deep stack may win later."""
        legal = view.legal
        return 0.8 if legal.stack - legal.to_call > 12 * legal.to_call else 1.0

    def light_reraise_rate(self, view: PlayerView, percentile: float, raises: int) -> float:
        """Chance of re-raising a hand too weak to re-raise for value (hook)."""
        if raises == 1 and 0.1 < percentile <= 0.3 and view.behind() == ():
            return 0.06 * self.style.bluff
        return 0.0

    # -- preflop -------------------------------------------------------------------------

    def preflop(self, view: PlayerView) -> Action:
        """Open, limp, re-raise, call or fold before the flop."""
        legal = view.legal
        bb = view.big_blind
        name = hand_class(*ids(view.hole_cards))
        actions = view.actions(Street.PREFLOP)
        raises = [a for a in actions if a.kind in AGGRESSIVE]
        behind = len(view.behind())
        percentile = self.table.percentile(name, max(1, len(view.opponents)))
        style = self.style
        if not raises:
            limpers = sum(1 for a in actions if a.kind is ActionKind.CALL)
            open_share = self.open_share(view, behind)
            if limpers == 0 and percentile <= open_share:
                return bet_to(legal, bb * self.open_size(view))
            iso_share, iso_size = self.isolation(view, open_share, limpers)
            if limpers and percentile <= iso_share:
                return bet_to(legal, bb * iso_size)
            if legal.can_check:
                return Action.check()
            limp_share = self.limp_share(view, open_share, limpers)
            if percentile <= limp_share * style.looseness and legal.to_call <= bb:
                return Action.call()
            return Action.fold()
        return self.facing_raise(view, percentile, raises[-1].to, len(raises))

    def facing_raise(
        self, view: PlayerView, percentile: float, raise_to: int, raises: int
    ) -> Action:
        """Re-raise, call or fold against ``raises`` raises, the last to ``raise_to``."""
        legal = view.legal
        style = self.style
        entered = [
            s
            for s in view.opponents
            if any(
                a.seat == s and a.kind is not ActionKind.FOLD for a in view.actions(Street.PREFLOP)
            )
        ]
        ranges = [self.range_of(view, s) for s in entered]
        share = self._equity(view, ranges, self.preflop_iterations)
        price = legal.pot_odds
        players = max(len(ranges), 1)
        reraise_at = self.reraise_at(view, raises, players)
        if legal.can_raise and share >= reraise_at:
            return bet_to(legal, self._reraise_to(view, raise_to, raises))
        light = self.light_reraise_rate(view, percentile, raises)
        if legal.can_raise and self.rng.random() < light:
            return bet_to(legal, self._reraise_to(view, raise_to, raises))
        implied = self.implied_odds(view, hand_class(*ids(view.hole_cards)))
        if share >= price * implied / style.looseness**0.3:
            return check_or_call(legal)
        return check_or_fold(legal)

    def _reraise_to(self, view: PlayerView, raise_to: int, raises: int) -> int:
        legal = view.legal
        actions = view.actions(Street.PREFLOP)
        last = max(i for i, a in enumerate(actions) if a.kind in AGGRESSIVE)
        callers = sum(1 for a in actions[last + 1 :] if a.kind is ActionKind.CALL)
        to = raise_to * (3.0 if raises == 1 else 2.3) + callers * raise_to
        if to >= 0.4 * (legal.stack + legal.committed):
            return legal.max_raise_to  # committing anyway: all in
        return round(to)

    # -- after the flop ------------------------------------------------------------------

    def postflop(self, view: PlayerView) -> Action:
        """Bet, check, call, raise or fold after the flop."""
        legal = view.legal
        opponents = view.opponents
        ranges = [self.range_of(view, s) for s in opponents]
        share = self._equity(view, ranges, self.postflop_iterations)
        draw = draw_strength(ids(view.hole_cards), ids(view.board))
        style = self.style
        rng = self.rng
        count = len(opponents)
        if legal.can_check:
            if share >= self.value_threshold(view, count):
                slowplay = share > 0.9 and view.street is not Street.RIVER
                if slowplay and rng.random() < 0.15 / style.aggression:
                    return Action.check()
                return bet_to(legal, fraction_to(legal, self.bet_fraction(view, share)))
            if draw >= 2 and rng.random() < 0.4 * style.bluff * style.aggression:
                return bet_to(legal, fraction_to(legal, 0.6))
            size = self.bluff_fraction(view)
            if count == 1 and share < 0.35 and rng.random() < self.bluff_rate(view, size):
                return bet_to(legal, fraction_to(legal, size))
            return Action.check()
        price = legal.pot_odds
        raise_at = 0.8 * count**-0.3 / style.aggression**0.2
        if legal.can_raise and share >= raise_at:
            return bet_to(legal, fraction_to(legal, 0.8))
        semi = draw >= 2 and view.street is Street.FLOP and legal.can_raise
        if semi and rng.random() < 0.12 * style.bluff * style.aggression:
            return bet_to(legal, fraction_to(legal, 0.8))
        need = price
        if draw and view.street is not Street.RIVER and not legal.call_is_all_in:
            need *= 0.85  # implied odds: a made draw gets paid later
        if share >= need + 0.02:
            return Action.call()
        return Action.fold()

    def _equity(self, view: PlayerView, ranges: list[list[tuple[int, int]]], cap: int) -> float:
        """Monte Carlo share against ``ranges``; ``cap`` deals heads-up, fewer multiway
        (each deal costs one evaluation per player), never under 300."""
        if not ranges:
            return 1.0
        deals = max(300, cap * 2 // (len(ranges) + 1))
        return equity(
            ids(view.hole_cards), ids(view.board), ranges, self.rng, deals, self._deadline
        ).value
