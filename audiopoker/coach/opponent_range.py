"""An opponent's assumed range in structured words: the window of starting hands its
actions before the flop give, and each action after the flop that shaped it (a check caps
it, a bet or raise polarises it, a call keeps the middle), for the coach's answers to say
("Beto: the hands between the top 7 and the top 28 percent (called a raise)").
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from audiopoker.bots.action_ranges import ActionRange
from audiopoker.bots.equity import Combo, ids, live
from audiopoker.bots.ranges import AGGRESSIVE
from audiopoker.engine.actions import ActionKind, Street
from audiopoker.engine.view import PlayerView


class RangeBasis(enum.Enum):
    """An action that shaped an opponent's assumed range."""

    RAISED_FIRST_IN = "raised_first_in"
    RERAISED = "reraised"
    CALLED_RAISE = "called_raise"
    LIMPED = "limped"  # called the big blind, nobody had raised
    CHECKED_OPTION = "checked_option"  # the big blind checked, nobody had raised
    NOT_ACTED = "not_acted"  # before the flop, has not acted yet: any two cards
    BET = "bet"  # after the flop
    RAISED = "raised"
    CALLED = "called"
    CHECKED = "checked"


@dataclass(frozen=True, slots=True)
class Step:
    """One action after the flop that narrowed a range: what, and on which street."""

    street: Street
    basis: RangeBasis


@dataclass(frozen=True, slots=True)
class OpponentRange:
    """The range the estimate assumed for one opponent.

    ``low``/``high``: the window of starting hands from the actions before the flop, as
    shares of the 169-hand order (0 the best hand; ``low`` 0 and ``high`` 1 is any two
    cards), set by ``preflop``. ``keep``: the share of that window kept after the
    ``postflop`` actions (the part strongest on the board; 1.0 when none narrowed it).
    ``share``: what is left, as a share of all the hands the opponent could hold.
    ``seat`` is the table seat, or None for the hint's anonymous opponents. ``shaped``:
    read from the action after the flop (``bots.action_ranges``): the last step says
    what the range is (checked: capped; bet or raised: value and bluffs, ``value`` the
    share of value hands; called: the middle); otherwise ``keep`` is the strongest part.
    """

    seat: int | None
    low: float
    high: float
    preflop: tuple[RangeBasis, ...]
    keep: float
    postflop: tuple[Step, ...]
    share: float
    shaped: bool = False
    value: float = 1.0

    @property
    def is_any(self) -> bool:
        """Any two cards: nothing narrowed it."""
        return self.low <= 0.0 and self.high >= 1.0 and self.keep >= 1.0


# -- ranges in structured words -------------------------------------------------------------


def describe_range(view: PlayerView, seat: int, estimated: ActionRange) -> OpponentRange:
    """What the estimate assumed for ``seat`` and from which of its actions: the preflop
    window ``bots.action_ranges`` read, then each action after the flop that shaped it
    (a check, a bet or raise, a call), and the share of value hands when a bet or raise
    shaped it last."""
    steps = tuple(
        Step(step.street, _SHAPED_BASIS[step.kind])
        for step in estimated.steps
        if step.kind in _SHAPED_BASIS
    )
    last = estimated.steps[-1] if estimated.steps else None
    value = 1.0
    if last is not None and last.kind in AGGRESSIVE and last.value + last.bluffs:
        value = last.value / (last.value + last.bluffs)
    window = estimated.window
    return OpponentRange(
        seat=seat,
        low=window.low if window.traps < 1.0 else 0.0,
        high=window.high,
        preflop=_preflop_bases(view, seat),
        keep=estimated.keep,
        postflop=steps,
        share=_share(view, len(estimated.combos)),
        shaped=True,
        value=value,
    )


_SHAPED_BASIS: Final = {
    ActionKind.CHECK: RangeBasis.CHECKED,
    ActionKind.BET: RangeBasis.BET,
    ActionKind.RAISE: RangeBasis.RAISED,
    ActionKind.CALL: RangeBasis.CALLED,
}


def describe_window(view: PlayerView, seat: int, combos: Sequence[Combo]) -> OpponentRange:
    """A range given whole (a fixed range in place of the coach's reading): its share,
    and the actions that would have shaped it."""
    return OpponentRange(
        seat, 0.0, 1.0, _preflop_bases(view, seat), 1.0, (), _share(view, len(combos))
    )


def _share(view: PlayerView, count: int) -> float:
    dead = (*ids(view.hole_cards), *ids(view.board))
    possible = len(live(None, dead))
    return count / possible if possible else 0.0


def _preflop_bases(view: PlayerView, seat: int) -> tuple[RangeBasis, ...]:
    preflop: list[RangeBasis] = []
    raises = 0
    for action in view.actions(Street.PREFLOP):
        if action.seat == seat:
            preflop.append(_preflop_basis(action.kind, raises))
        if action.kind in AGGRESSIVE:
            raises += 1
    if not preflop and view.street is Street.PREFLOP:
        preflop.append(RangeBasis.NOT_ACTED)
    return tuple(preflop)


def _preflop_basis(kind: ActionKind, raises: int) -> RangeBasis:
    if kind in AGGRESSIVE:
        return RangeBasis.RAISED_FIRST_IN if raises == 0 else RangeBasis.RERAISED
    if kind is ActionKind.CALL:
        return RangeBasis.LIMPED if raises == 0 else RangeBasis.CALLED_RAISE
    return RangeBasis.CHECKED_OPTION
