"""The opponents as a bet meets them (``coach.option_values.Opponent``): each one's range
as the coach reads it, strongest first on this board, and the share of it that never folds
to a raise. Shared by the values on the second K press, the review and the coach's check
of its own bluffs (``coach.advice``)."""

from __future__ import annotations

from audiopoker.bots.action_ranges import ActionRanges
from audiopoker.bots.equity import Combo, ids
from audiopoker.bots.hard import HardBot
from audiopoker.bots.ranges import AGGRESSIVE, by_board
from audiopoker.coach.option_values import Opponent
from audiopoker.engine.view import PlayerView


def opponents_of(bot: HardBot, view: PlayerView) -> list[Opponent]:
    """Each opponent still in the hand as a bet meets it: the coach's range for it,
    strongest first, and for one that bet or raised on this street its value share (those
    hands do not fold to a raise)."""
    bot.model.sync(view)
    board = ids(view.board)
    result = []
    for seat in view.opponents:
        read = bot.read(view, seat)
        floor = 0.0
        combos: list[Combo]
        if isinstance(bot.ranges, ActionRanges):
            estimated = bot.ranges.read_range(view, seat, read)
            combos = list(estimated.combos)
            last = estimated.steps[-1] if estimated.steps else None
            if last is not None and last.street is view.street and last.kind in AGGRESSIVE:
                floor = last.value / max(last.value + last.bluffs, 1)
        else:
            combos = bot.ranges.range_of(view, seat, read)
        by_start = bot.table.combo_percentile
        ranked = by_board(combos, board) if board else sorted(combos, key=by_start)
        result.append(Opponent(seat, tuple(ranked), floor))
    return result
