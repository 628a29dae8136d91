"""Opponents' likely hands, narrowed by what they did.

Preflop actions give a window of the 169-hand ordering (an opener holds the top fifth or
so, a caller of a raise the hands below the re-raising ones, a limper a wide capped
range). After the flop each bet or raise keeps only the part of that range that is
strongest on the board at that moment (made hands, plus credit for draws), and each call
drops the weakest part. How much is kept comes from a ``Read`` of the opponent: fixed
guesses for the normal bots, measured frequencies for the hard ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from audiopoker.bots.equity import Combo, draw_strength, live
from audiopoker.bots.preflop import PreflopTable
from audiopoker.engine.actions import ActionKind, Street
from audiopoker.engine.view import PlayerView
from audiopoker.evaluator import strength_ids

AGGRESSIVE: Final = (ActionKind.BET, ActionKind.RAISE)
BOARD_SIZE: Final = {Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}


@dataclass(frozen=True, slots=True)
class Read:
    """How one opponent plays, as fractions of all starting hands and of its ranges.

    ``open``: hands it raises first in with; ``vpip``: hands it plays at all (the top of
    its calling range); ``reraise``: hands it re-raises with; ``keep_bet`` / ``keep_call``:
    the share of its range it keeps after betting or raising / calling after the flop;
    ``keep_raise``: after raising a bet after the flop, when it is measured apart (None:
    as after a bet).
    """

    open: float = 0.22
    vpip: float = 0.40
    reraise: float = 0.07
    keep_bet: float = 0.45
    keep_call: float = 0.70
    keep_raise: float | None = None

    def keep_after(self, kind: ActionKind) -> float:
        """The share of its range it keeps after an action of ``kind`` after the flop.

        >>> Read(keep_raise=0.1).keep_after(ActionKind.RAISE), Read().keep_after(ActionKind.RAISE)
        (0.1, 0.45)
        """
        if kind is ActionKind.RAISE and self.keep_raise is not None:
            return self.keep_raise
        if kind in AGGRESSIVE:
            return self.keep_bet
        return self.keep_call if kind is ActionKind.CALL else 1.0


DEFAULT_READ: Final = Read()


def preflop_window(view: PlayerView, seat: int, read: Read) -> tuple[float, float]:
    """The percentile window (low, high] of ``seat``'s hand from its preflop actions."""
    low, high = 0.0, 1.0
    raises = 0
    for action in view.actions(Street.PREFLOP):
        if action.seat == seat:
            if action.kind in AGGRESSIVE:
                # each further re-raise narrows the range, less so for players who
                # re-raise almost anything
                narrowing = (0.5 + read.reraise / 2) ** max(raises - 1, 0)
                top = read.open if raises == 0 else read.reraise * narrowing
                low, high = 0.0, min(high, max(top, 0.015))
            elif action.kind is ActionKind.CALL:
                if raises == 0:  # a limp: strong hands would have raised
                    window = (min(read.open * 0.3, 0.08), max(read.vpip, read.open) * 1.2)
                elif raises == 1:
                    window = (read.reraise * 0.5, max(read.vpip * 0.8, read.reraise * 2))
                else:
                    window = (0.0, max(read.reraise * 1.6, 0.03))
                low, high = max(low, window[0]), min(high, window[1])
            elif action.kind is ActionKind.CHECK:  # the big blind's option: no raise
                low = max(low, min(read.reraise, 0.06))
        if action.kind in AGGRESSIVE:
            raises += 1
    if low >= high:
        low = 0.0
    return low, min(high, 1.0)


class RangeEstimator:
    """Builds and caches opponents' ranges for one bot (a cache per hand)."""

    def __init__(self, table: PreflopTable) -> None:
        self.table = table
        self._cache: dict[tuple[object, ...], list[Combo]] = {}
        self._hand = -1

    def range_of(self, view: PlayerView, seat: int, read: Read = DEFAULT_READ) -> list[Combo]:
        """``seat``'s likely combos, avoiding the viewer's cards and the board."""
        if view.hand_number != self._hand:
            self._cache.clear()
            self._hand = view.hand_number
        low, high = preflop_window(view, seat, read)
        dead = (*(c.index for c in view.hole_cards), *(c.index for c in view.board))
        history: tuple[object, ...] = (round(low, 3), round(high, 3), dead)
        combos = self._cache.get(history)
        if combos is None:
            combos = live(self.table.window(round(low, 3), round(high, 3)), dead)
            self._cache[history] = combos
        history = (*history, read)
        for street in (Street.FLOP, Street.TURN, Street.RIVER):
            if street > view.street:
                break
            keep = 1.0
            for action in view.actions(street):
                if action.seat == seat:
                    keep *= read.keep_after(action.kind)
            if keep < 1.0:
                board = dead[2 : 2 + BOARD_SIZE[street]]
                history = (*history, street, keep)
                cached = self._cache.get(history)
                if cached is None:
                    cached = strongest(combos, board, keep)
                    self._cache[history] = cached
                combos = cached
        return combos


def strongest(combos: Sequence[Combo], board: Sequence[int], keep: float) -> list[Combo]:
    """The ``keep`` share of ``combos`` that is strongest on ``board`` (draws count as
    middling made hands before the river). Keeps at least a few combos."""
    return top_share(by_board(combos, board), keep)


def by_board(combos: Sequence[Combo], board: Sequence[int]) -> list[Combo]:
    """``combos`` from the strongest on ``board`` to the weakest (see ``board_score``)."""
    board_t = tuple(board)
    return sorted(combos, key=lambda c: -board_score(c, board_t))


def top_share(ranked: Sequence[Combo], keep: float) -> list[Combo]:
    """The first ``keep`` share of an ordered range, at least a few combos."""
    count = max(round(len(ranked) * keep), min(len(ranked), 6))
    return list(ranked[:count])


# Draw credit on the strength scale (7462 best): a gutshot plays like a small pair, an
# open-ended or flush draw like a middle pair, both like top pair.
_DRAW_SCORE: Final = (0, 2000, 2700, 3400)


def board_score(combo: Combo, board: tuple[int, ...]) -> int:
    """How good ``combo`` is on ``board`` right now, draws included."""
    made = strength_ids((*combo, *board))
    if len(board) >= 5:
        return made
    draw = draw_strength(combo, board)
    return max(made, _DRAW_SCORE[draw]) if draw else made
