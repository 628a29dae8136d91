"""Fold, call or raise against a bet, when the bettor's range is known (``hint``).

One street's expected values in chips: folding is 0; calling wins the equity's share of
the pot with the call in it, less the call (a draw's call counts a little cheaper before
the river: a made draw is paid later); raising wins the pot when everyone folds, and
otherwise plays the equity against the hands that go on; each other player goes on with
the top ``COLD_CALL`` of its range on this board (it calls a bet and a raise cold).

A raise is for value when it wins at least half the time against the hands that call a
raise for value: the top third of the bettor's value hands (its draws call too, but
beating a draw now is protection, not value). Then the bettor folds its bluffs and the
lower half of its value hands, and goes on with the rest and its draws. A raise is a bluff
only when calling loses chips; then only the bettor's bluffs that are not draws fold
(its value hands, the more so against a big bet, never do). Either is suggested only when
it is worth clearly more (``MARGIN`` of the pot) than the best of folding and calling: a
hand that may call profitably never turns itself into a bluff, and a raise that only
better hands call is not value. That keeps "raise" for the hands that earn it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from audiopoker.bots.base import bet_to, pot_fraction_to
from audiopoker.bots.bettor_range import BettorRange
from audiopoker.bots.equity import Combo, draw_strength, equity, ids
from audiopoker.bots.ranges import board_score, by_board, top_share
from audiopoker.engine.actions import Action, ActionKind
from audiopoker.engine.view import PlayerView

RAISE_SIZE: Final = 0.8  # of the pot after calling, as the hard level raises
COLD_CALL: Final = 0.15  # the share of its range a player calls a bet and a raise with
MARGIN: Final = 0.03  # of the pot: a raise must beat the other choices by this much
DRAW_DISCOUNT: Final = 0.85  # a draw's call, before the river, as if it cost this share
RAISE_DEALS: Final = 3000
STANDS: Final = 1 / 3  # of the bettor's value hands, those that call a raise for value
GOES_ON: Final = 1 / 2  # of its value hands, those that go on against a value raise


@dataclass(frozen=True, slots=True)
class Against:
    """The bettor's hands sorted for a raise: ``value`` strongest first, then ``bluffs``;
    ``draws`` those of either with a draw while cards are to come."""

    value: list[Combo]
    bluffs: list[Combo]
    draws: set[Combo]

    def top(self, share: float) -> list[Combo]:
        """The strongest ``share`` of the value hands, with every draw."""
        strong = self.value[: max(round(len(self.value) * share), 1)]
        kept = set(strong)
        return strong + [
            c for c in (*self.value, *self.bluffs) if c in self.draws and c not in kept
        ]


def against(bet: BettorRange | None, combos: Sequence[Combo], board: Sequence[int]) -> Against:
    """The bettor's range (``bet``; None: a range typed in, ``combos``, all of it value)
    split for a raise."""
    board_t = tuple(board)
    if bet is None:
        value, bluffs = sorted(combos, key=lambda c: -board_score(c, board_t)), []
    else:
        value, bluffs = list(combos[: bet.value]), list(combos[bet.value :])
    draws: set[Combo] = set()
    if len(board_t) < 5:
        draws = {c for c in combos if draw_strength(c, board_t) >= 2}
    return Against(value, bluffs, draws)


def facing_bet(
    view: PlayerView,
    share: float,
    ranges: Sequence[list[Combo]],
    bet: BettorRange | None,
    rng: random.Random,
) -> Action:
    """The choice against the bet in ``view`` (seat 0 made it; ``ranges`` by seat, the
    bettor's first; ``share`` the equity against them all; ``bet`` the bettor's range as
    built from its start, None when typed in)."""
    legal = view.legal
    pot, to_call = legal.pot, legal.to_call
    hero, board = ids(view.hole_cards), ids(view.board)
    drawing = len(board) < 5 and draw_strength(hero, board) > 0 and not legal.call_is_all_in
    cost = to_call * (DRAW_DISCOUNT if drawing else 1.0)
    call_value = share * (pot + to_call) - cost
    best_value, best = (call_value, Action.call()) if call_value > 0 else (0.0, Action.fold())
    raise_action = bet_to(legal, pot_fraction_to(legal, RAISE_SIZE))
    if not ranges or raise_action.kind is not ActionKind.RAISE or raise_action.to is None:
        return best
    split = against(bet, ranges[0], board)
    others = [top_share(by_board(r, board), COLD_CALL) for r in ranges[1:]]
    if call_value > 0:  # a value raise, or none
        stands = split.value[: max(round(len(split.value) * STANDS), 1)]
        if equity(hero, board, [stands, *others], rng, RAISE_DEALS).value < 0.5:
            return best
        going = split.top(GOES_ON)
    else:  # a bluff: only the bluffs without a draw fold
        going = split.value + [c for c in split.bluffs if c in split.draws]
    folds = 1.0 - len(going) / max(len(ranges[0]), 1)
    for one, whole in zip(others, ranges[1:], strict=True):
        folds *= 1.0 - len(one) / max(len(whole), 1)
    won = equity(hero, board, [going, *others], rng, RAISE_DEALS).value
    added = raise_action.to - legal.committed
    their_call = min(raise_action.to - view.committed[0], view.stacks[0])
    final = pot + added + their_call * (1 + len(others))
    raise_value = folds * pot + (1.0 - folds) * (won * final - added)
    return raise_action if raise_value > best_value + MARGIN * pot else best
