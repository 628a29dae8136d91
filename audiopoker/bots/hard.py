"""The hard level: the normal strategy plus opponent modelling and short-stack play.

- Reads: each opponent's range is read from the action as the coach reads it
  (``action_ranges``: opens by seat, polarised bets, capped checks), widened or
  narrowed by its measured frequencies (``model``): how often it plays a hand and
  raises before the flop, how often it bets after the flop
  (an aggressive player's bets mean less), how often it raises a bet after the flop (its
  raise holds that top share of its range: a player who raises one bet in twenty has the
  top twentieth), and how often it folds to a bet (a player who never folds calls with
  everything), apart once it bet or raised in the hand (a bettor folds less).
- Value: against players who rarely fold it bets thinner and bigger.
- Bluffs: sized bluffs in proportion to the pot odds the bet lays (as a balanced range
  would: bigger bets carry more bluffs), scaled by how often the opponent folds; none
  against players who never fold.
- Heads-up after the flop it compares expected values, one street ahead: checking
  (its equity times the pot) against betting a third, two thirds or the whole pot, where
  the opponent folds the weakest part of its range (as often as it has folded to bets)
  and calls with the rest, which it then faces; and facing a bet, folding, calling and
  raising. Close choices are mixed at random.
- Before the flop: no open limps (raise or fold), limps behind and implied-odds calls
  only with pairs and suited hands, light re-raises against lone wide openers, and
  bigger, wider raises to isolate loose limpers.
- Push or fold before the flop when the effective stack is short (12 big blinds or less).
"""

from __future__ import annotations

import random
from typing import Final

from audiopoker.bots.action_ranges import ActionRanges
from audiopoker.bots.base import bet_to, check_or_fold, legalize
from audiopoker.bots.base import pot_fraction_to as fraction_to
from audiopoker.bots.equity import Combo, draw_strength, hand_class, ids
from audiopoker.bots.model import PRIOR_BET_LOST, OpponentModel
from audiopoker.bots.normal import NormalBot
from audiopoker.bots.pushfold import chart, equity_vs_range
from audiopoker.bots.ranges import AGGRESSIVE, Read, by_board, top_share
from audiopoker.bots.shortstack import (
    SHORT_STACK_BB,
    ChartSpot,
    Spot,
    call_gain,
    chart_probability,
    chart_spot,
    effective_bb,
    shove_gain,
    top_classes,
)
from audiopoker.bots.style import DEFAULT_STYLE, Style
from audiopoker.engine.actions import Action, ActionKind, Street
from audiopoker.engine.events import Event
from audiopoker.engine.view import PlayerView

BET_SIZES: Final = (0.33, 0.66, 1.0)  # shares of the pot tried heads-up
RAISE_SIZE: Final = 0.8
CLOSE_CALL: Final = 0.03  # EVs within this share of the pot are mixed at random
SHOWN_WIDTH: Final = 2.0  # a range of width w shows down hands of mean percentile ~w/2
MULTIWAY_SIZES: Final = (0.5, 0.75)
HEADS_UP_OPEN: Final = 0.85
READ_SAMPLES: Final = 30  # hands before a read overrules the push/fold chart
READ_GAP: Final = 0.25  # ... and by how much the measured width must differ


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
        # the coach's reader: opens by seat, polarised bets, capped checks (bots.action_ranges)
        self.ranges = ActionRanges(self.table)

    def observe(self, event: Event) -> None:
        """Learn from every public event."""
        self.model.observe(event)

    def decide(self, view: PlayerView) -> Action:
        """Choose a legal action for ``view``."""
        self.model.sync(view)
        self._deadline = self.deadline()
        if view.street is Street.PREFLOP and effective_bb(view) <= SHORT_STACK_BB:
            return legalize(self.push_or_fold(view), view.legal)
        return super().decide(view)

    # -- reads and exploits -------------------------------------------------------------

    def read(self, view: PlayerView, seat: int) -> Read:
        """``seat``'s measured tendencies as a Read."""
        stats = self.model.of(seat)
        # a player who shows down weak hands plays wider than its VPIP alone says
        played = max(stats.vpip_rate, SHOWN_WIDTH * stats.shown_strength)
        # ... and one who raises with weak hands raises with more than its rate says:
        # its raises, and re-raises, tell little about its cards
        raised = SHOWN_WIDTH * stats.raised_strength
        opens = max(stats.open_rate, raised)
        reraise = max(stats.reraise_rate, raised) if raised > stats.open_rate + 0.2 else None
        bluffs = stats.bet_lost_rate - PRIOR_BET_LOST
        # a raise over a bet keeps the share of its range it raises bets with: a player
        # who raises one bet in twenty holds the top twentieth, not a bettor's range
        keep_raise = _clamp(stats.raise_bet_rate + max(bluffs, 0.0), 0.05, 1.0)
        return Read(
            open=round(_clamp(opens * 1.05, 0.03, 1.0), 2),
            vpip=round(_clamp(played, 0.08, 1.0), 2),
            reraise=round(_clamp(reraise or stats.reraise_rate, 0.015, 1.0), 3),
            keep_bet=round(_clamp(0.25 + 0.75 * stats.aggression_rate + bluffs, 0.25, 1.0), 2),
            keep_call=round(_clamp(1.0 - 0.7 * stats.fold_to_bet_rate, 0.3, 1.0), 2),
            keep_raise=round(keep_raise, 2),
        )

    def range_of(self, view: PlayerView, seat: int) -> list[Combo]:
        """``seat``'s range read from the action with its measured read; a call is read
        against the raises it answers, each with its raiser's own read. The one place the
        bot, the coach (``AdvisingBot``) and its review read a range."""
        if isinstance(self.ranges, ActionRanges):  # not ranges stated for a spot
            raisers = {
                a.seat
                for a in view.actions(Street.PREFLOP)
                if a.kind in AGGRESSIVE and a.seat != view.seat
            }
            self.ranges.read_of = {s: self.read(view, s) for s in raisers}
        return self.ranges.range_of(view, seat, self.read(view, seat))

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

    def _looseness_behind(self, view: PlayerView) -> float:
        """Mean share of hands the seats still to act play."""
        seats = view.behind()
        return sum(self.model.of(s).vpip_rate for s in seats) / max(len(seats), 1)

    def open_share(self, view: PlayerView, behind: int) -> float:
        """Open most buttons heads-up; wider against players who call raises but give up
        after the flop, and wider still against players who fold to raises."""
        base = super().open_share(view, behind)
        if len(view.seats_in_hand) == 2:
            base = min(HEADS_UP_OPEN * self.style.looseness**0.5, 1.0)
        seats = view.behind()
        gives_up = sum(self.model.of(s).fold_to_bet_rate for s in seats) / max(len(seats), 1)
        base = min(base * (1.0 + _clamp(gives_up - 0.5, 0.0, 0.3)), 1.0)
        return base + (1.0 - base) * self._steal_widening(view)

    def _steal_widening(self, view: PlayerView) -> float:
        """0..1: how far toward any two cards to steal. With trash a steal pays once the
        players behind all fold more than about half the time."""
        all_fold = 1.0
        for seat in view.behind():
            all_fold *= self.model.of(seat).fold_to_raise_rate
        return _clamp((all_fold - 0.3) / 0.25, 0.0, 1.0)

    def open_size(self, view: PlayerView) -> float:
        """Open bigger when the players behind call too much."""
        size = super().open_size(view)
        return size + 0.5 if self._looseness_behind(view) > 0.4 else size

    def reraise_at(self, view: PlayerView, raises: int, players: int) -> float:
        """Re-raise wider for value against a raiser who also calls a lot."""
        base = super().reraise_at(view, raises, players)
        raiser = next(a.seat for a in reversed(view.actions()) if a.kind in AGGRESSIVE)
        stats = self.model.of(raiser)
        calls_a_lot = stats.vpip_rate - stats.pfr_rate > 0.25
        return base - 0.05 if calls_a_lot else base

    def isolation(self, view: PlayerView, open_share: float, limpers: int) -> tuple[float, float]:
        """Raise loose limpers wider and bigger: they call with worse and play badly."""
        share, size = super().isolation(view, open_share, limpers)
        seats = {a.seat for a in view.actions(Street.PREFLOP) if a.kind is ActionKind.CALL}
        loose = sum(self.model.of(s).vpip_rate for s in seats) / max(len(seats), 1)
        if loose > 0.45:
            return max(share, open_share * 1.1), size + 1.0
        return share, size

    def limp_share(self, view: PlayerView, open_share: float, limpers: int) -> float:
        """Raise or fold: no open limps; behind limpers only pairs and suited hands."""
        if not limpers:
            return 0.0
        name = hand_class(*ids(view.hole_cards))
        speculative = len(name) == 2 or name.endswith("s")
        return open_share * 1.4 if speculative else 0.0

    def implied_odds(self, view: PlayerView, name: str) -> float:
        """Only pairs and suited hands, deep, call for what they may win later."""
        legal = view.legal
        deep = legal.stack - legal.to_call > 15 * legal.to_call
        return 0.85 if deep and (len(name) == 2 or name.endswith("s")) else 1.0

    def light_reraise_rate(self, view: PlayerView, percentile: float, raises: int) -> float:
        """Re-raise light against a lone raiser who opens wide."""
        actions = view.actions(Street.PREFLOP)
        if raises != 1 or not 0.05 < percentile <= 0.25:
            return 0.0
        raiser = next(a.seat for a in actions if a.kind in AGGRESSIVE)
        callers = sum(1 for a in actions if a.kind is ActionKind.CALL)
        if callers:
            return 0.0
        wide = self.read(view, raiser).open >= 0.2
        return (0.3 if wide else 0.12) * self.style.bluff

    # -- heads-up after the flop: expected values -------------------------------------

    def postflop(self, view: PlayerView) -> Action:
        """Expected-value play heads-up; multiway a bet when the folds pay for it, else
        the normal rules (with reads)."""
        if len(view.opponents) != 1:
            if view.legal.can_check and view.legal.raise_kind is not None:
                bet = self._multiway_bet(view)
                if bet is not None:
                    return bet
            return super().postflop(view)
        legal = view.legal
        seat = view.opponents[0]
        combos = self.range_of(view, seat)
        ranked = self._ranked(view, combos)
        share = self._equity(view, [combos], self.postflop_iterations)
        pot = legal.pot
        options: list[tuple[float, Action]] = []
        if legal.can_check:
            options.append((share * pot, Action.check()))
            sizes: tuple[float, ...] = BET_SIZES
        else:
            draw = draw_strength(ids(view.hole_cards), ids(view.board))
            discount = 0.85 if draw and view.street is not Street.RIVER else 1.0
            options.append((0.0, Action.fold()))
            options.append(
                (share * (pot + legal.to_call) - legal.to_call * discount, Action.call())
            )
            sizes = (RAISE_SIZE,)
        if legal.raise_kind is not None:
            for size in sizes:
                action = bet_to(legal, fraction_to(legal, size))
                if action.to is not None and all(action != known for _, known in options):
                    options.append((self._bet_value(view, seat, ranked, action), action))
        options.sort(key=lambda option: -option[0])
        best_value, best = options[0]
        if len(options) > 1 and best_value - options[1][0] < CLOSE_CALL * pot:
            best = options[1 if self.rng.random() < 0.5 else 0][1]
        if best.kind is ActionKind.CHECK and share < 0.3:
            # a one-street model sees no reason to bluff air; keep a balanced share of
            # bluffs in the betting range anyway, scaled by how often this player folds
            size = self.bluff_fraction(view)
            if self.rng.random() < self.bluff_rate(view, size):
                return bet_to(legal, fraction_to(legal, size))
        return best

    def _bet_value(
        self,
        view: PlayerView,
        seat: int,
        ranked: list[tuple[int, int]],
        action: Action,
    ) -> float:
        """EV of betting or raising to ``action.to`` this street: the opponent folds the
        weakest part of its range, calls with the rest."""
        legal = view.legal
        assert action.to is not None
        added = action.to - legal.committed
        their_call = min(action.to - view.committed[seat], view.stacks[seat])
        ratio = their_call / max(legal.pot + legal.to_call, 1)
        folds = _clamp(self._folds_to(view, seat, ratio), 0.0, 0.95)
        calling = top_share(ranked, 1.0 - folds)
        won = self._equity(view, [calling], self.postflop_iterations // 3)
        final_pot = legal.pot + added + their_call
        return folds * legal.pot + (1.0 - folds) * (won * final_pot - added)

    def _multiway_bet(self, view: PlayerView) -> Action | None:
        """A bet when checked to with several opponents, if its expected value beats
        checking: all of them fold as often as they have folded to bets, or the callers
        keep the top of their ranges. None when checking is worth more."""
        legal = view.legal
        ranges = [self.range_of(view, s) for s in view.opponents]
        check_value = self._equity(view, ranges, self.postflop_iterations) * legal.pot
        best: tuple[float, Action] | None = None
        for size in MULTIWAY_SIZES:
            action = bet_to(legal, fraction_to(legal, size))
            if action.to is None:
                continue
            value = self._multiway_value(view, ranges, action)
            if best is None or value > best[0]:
                best = (value, action)
        if best is not None and best[0] > check_value + CLOSE_CALL * legal.pot:
            return best[1]
        return None

    def _multiway_value(
        self, view: PlayerView, ranges: list[list[tuple[int, int]]], action: Action
    ) -> float:
        """EV of betting to ``action.to`` into several opponents: all of them fold as often
        as they have folded to bets, or the callers keep the top of their ranges."""
        legal = view.legal
        assert action.to is not None
        added = action.to - legal.committed
        ratio = added / max(legal.pot, 1)
        all_fold = 1.0
        callers: list[list[tuple[int, int]]] = []
        expected_callers = 0.0
        for seat, combos in zip(view.opponents, ranges, strict=True):
            fold = _clamp(self._folds_to(view, seat, ratio), 0.0, 0.95)
            all_fold *= fold
            expected_callers += 1.0 - fold
            callers.append(top_share(self._ranked(view, combos), 1.0 - fold))
        called = max(expected_callers / max(1.0 - all_fold, 1e-9), 1.0)
        won = self._equity(view, callers, self.postflop_iterations // 3)
        final_pot = legal.pot + added * (1.0 + called)
        return all_fold * legal.pot + (1.0 - all_fold) * (won * final_pot - added)

    # -- one street's expected values, for the coach's hand review ---------------------

    def bet_value(self, view: PlayerView, action: Action) -> float:
        """The one-street expected value in chips of betting or raising to ``action.to``,
        as this level weighs its own bets: heads-up ``_bet_value``, multiway
        ``_multiway_value``. Before the flop the folds
        are each opponent's measured folds to raises and the callers keep the top of
        their ranges by the starting-hand order."""
        self.model.sync(view)
        self._deadline = self.deadline()
        seats = view.opponents
        ranges = [self.range_of(view, s) for s in seats]
        if len(seats) == 1:
            ranked = self._ranked(view, ranges[0])
            return self._bet_value(view, seats[0], ranked, action)
        return self._multiway_value(view, ranges, action)

    def _folds_to(self, view: PlayerView, seat: int, ratio: float) -> float:
        """How often ``seat`` folds to a bet of ``ratio`` times the pot (before the flop:
        to a raise, whatever its size; after it bet or raised after the flop this hand:
        as often as it has folded then, whatever the size, since its range is strong)."""
        stats = self.model.of(seat)
        if view.street is Street.PREFLOP:
            return stats.fold_to_raise_rate
        # heads-up, a bet to call is its bet, even in a spot without a history (the coach's)
        bet = len(view.opponents) == 1 and view.legal.to_call > 0
        if bet or any(
            a.seat == seat and a.kind in AGGRESSIVE and a.street is not Street.PREFLOP
            for a in view.actions()
        ):
            return stats.fold_after_betting_rate
        return stats.fold_to_size(ratio)

    def _ranked(self, view: PlayerView, combos: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """``combos`` from the strongest to the weakest: on the board, or before the flop
        by the starting-hand order."""
        if view.board:
            return by_board(combos, ids(view.board))
        return sorted(combos, key=self.table.combo_percentile)

    # -- short stacks --------------------------------------------------------------------

    def push_or_fold(self, view: PlayerView) -> Action:
        """All in or fold. The heads-up push/fold spots follow the chart, or the best
        response to a clearly measured opponent; elsewhere shove first in with a share
        of hands anchored on the chart and widened against players who fold, and call
        shoves by equity against the shovers' ranges."""
        legal = view.legal
        everything = legal.all_in()
        name = hand_class(*ids(view.hole_cards))
        spot = chart_spot(view)
        if spot is not None:
            if self.rng.random() < self._chart_play(spot, name):
                return everything if everything is not None else Action.call()
            return check_or_fold(legal)
        raises = [a for a in view.actions(Street.PREFLOP) if a.kind in AGGRESSIVE]
        limpers = {a.seat for a in view.actions(Street.PREFLOP) if a.kind is ActionKind.CALL}
        if not raises and limpers:
            if everything is not None and self._shove_over_limps(view, name, limpers) > 0.0:
                return everything
            return check_or_fold(legal)
        if not raises:
            behind = max(len(view.behind()), 1)
            depth = effective_bb(view)
            share = chart().push_share(depth) / behind**0.75 * self.style.looseness**0.5
            share += (1.0 - share) * self._steal_widening(view)
            if self.table.percentile(name, behind) <= share and everything is not None:
                return everything
            return check_or_fold(legal)
        entered = [
            s for s in view.opponents if any(a.seat == s for a in view.actions(Street.PREFLOP))
        ]
        ranges = [self.range_of(view, s) for s in entered]
        win = self._equity(view, ranges, self.preflop_iterations)
        price = legal.pot_odds
        if win >= price:
            return everything if everything is not None else Action.call()
        return check_or_fold(legal)

    def _shove_over_limps(self, view: PlayerView, name: str, limpers: set[int]) -> float:
        """What a shove over limpers gains over checking or folding, in chips: they and
        the players behind each call as often as they have called all-ins; when one
        does, it is the widest caller, holding the top of the hands by that share."""
        legal = view.legal
        seats = limpers | set(view.behind())
        widths = [self.model.of(s).call_shove_rate for s in seats]
        all_fold = 1.0
        for width in widths:
            all_fold *= 1.0 - width
        equity = equity_vs_range(name, top_classes(max(widths)))
        risk = min(legal.max_raise_to, int(effective_bb(view) * view.big_blind))
        added = risk - legal.committed
        final_pot = legal.pot + added + (added - legal.to_call)  # a caller matches it
        called = equity * final_pot - added
        return all_fold * legal.pot + (1.0 - all_fold) * called

    def _chart_play(self, spot: ChartSpot, name: str) -> float:
        """How often to shove (or call) ``name``: the chart's frequency, unless enough
        hands show the opponent calling (or shoving) far more or less often than the
        equilibrium does; then the best response to the range it measured."""
        stats = self.model.of(spot.opponent)
        stack = spot.stack_bb
        shove = spot.kind is Spot.SHOVE
        seen = stats.faced_shove if shove else stats.short_chances
        if seen < READ_SAMPLES:
            return chart_probability(spot, name)
        width = stats.call_shove_rate if shove else stats.shove_rate
        share = chart().call_share(stack) if shove else chart().push_share(stack)
        if abs(width - share) < READ_GAP:
            return chart_probability(spot, name)
        if spot.kind is Spot.SHOVE:
            fold = 1.0 - width
            equity = equity_vs_range(name, top_classes(width)) if width > 0.0 else 0.5
            return 1.0 if shove_gain(equity, fold, stack) > 0.0 else 0.0
        return 1.0 if call_gain(equity_vs_range(name, top_classes(width)), stack) > 0 else 0.0
