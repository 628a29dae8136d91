"""Short stacks: which spots are the heads-up push/fold game, and what the chart says there.

With 15 big blinds or fewer the hard level shoves or folds before the flop. Two spots are
exactly the game the chart (``pushfold``) solves: the small blind first in against the big
blind alone (heads-up, or everyone else folded), and the big blind facing that small
blind's all-in shove with nothing else in. ``chart_spot`` finds them, ``chart_probability``
reads the equilibrium, and ``agreement`` scores a decision against it (the benchmark's
push/fold match and the tests measure hard with it).

>>> round(shove_gain(0.0, 1.0, 10.0), 2)  # the big blind always folds: +1.5 over folding
1.5
>>> round(call_gain(0.5, 10.0), 2)  # a coin flip for 10 big blinds: +1 over folding
1.0
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final

from audiopoker.bots.equity import hand_class, ids
from audiopoker.bots.preflop import CLASS_NAMES, preflop_table
from audiopoker.bots.pushfold import call_probability, push_probability
from audiopoker.engine.actions import Action, ActionKind, Street
from audiopoker.engine.view import PlayerView

SHORT_STACK_BB: Final = 15.0  # at or below this effective stack, push or fold


class Spot(enum.Enum):
    """The two decisions of the heads-up push/fold game."""

    SHOVE = "shove"  # the small blind, first in, against the big blind alone
    CALL = "call"  # the big blind, facing the small blind's all-in and nothing else


@dataclass(frozen=True, slots=True)
class ChartSpot:
    """A push/fold spot: which decision, against whom, at what effective stack."""

    kind: Spot
    opponent: int
    stack_bb: float


def effective_chips(view: PlayerView, seats: tuple[int, ...] | None = None) -> int:
    """The shorter of this seat's chips and the deepest opponent's (of ``seats``, all
    opponents still in by default), counting what is already in front of them."""
    mine = view.stacks[view.seat] + view.committed[view.seat]
    others = view.opponents if seats is None else seats
    theirs = max((view.stacks[s] + view.committed[s] for s in others), default=mine)
    return min(mine, theirs)


def effective_bb(view: PlayerView, seats: tuple[int, ...] | None = None) -> float:
    """``effective_chips`` in big blinds."""
    return effective_chips(view, seats) / view.big_blind


def chart_spot(view: PlayerView) -> ChartSpot | None:
    """The push/fold spot ``view`` is in, or None when the chart does not describe it."""
    if view.street is not Street.PREFLOP or len(view.opponents) != 1:
        return None
    opponent = view.opponents[0]
    stack = effective_bb(view)
    if stack > SHORT_STACK_BB:
        return None
    entered = [a for a in view.actions(Street.PREFLOP) if a.kind is not ActionKind.FOLD]
    small, big = view.small_blind_seat, view.big_blind_seat
    if not entered and view.seat == small and opponent == big:
        return ChartSpot(Spot.SHOVE, opponent, stack)
    if (
        view.seat == big
        and opponent == small
        and len(entered) == 1
        and entered[0].seat == small
        and entered[0].all_in
        and entered[0].kind in (ActionKind.BET, ActionKind.RAISE)
    ):
        return ChartSpot(Spot.CALL, opponent, stack)
    return None


def chart_probability(spot: ChartSpot, name: str) -> float:
    """How often the equilibrium shoves (or calls) class ``name`` in ``spot``."""
    if spot.kind is Spot.SHOVE:
        return push_probability(name, spot.stack_bb)
    return call_probability(name, spot.stack_bb)


def takes_it(spot: ChartSpot, action: Action, view: PlayerView) -> bool:
    """Whether ``action`` is the shove (or the call) of ``spot`` rather than a fold."""
    if spot.kind is Spot.CALL:
        return action.kind is ActionKind.CALL
    return action.kind in (ActionKind.BET, ActionKind.RAISE) and (
        action.to == view.legal.max_raise_to
    )


def agreement(view: PlayerView, action: Action) -> float | None:
    """The chart's probability of ``action`` in ``view`` (1.0: what the equilibrium always
    does, 0.0: what it never does); None outside the push/fold spots."""
    spot = chart_spot(view)
    if spot is None:
        return None
    probability = chart_probability(spot, hand_class(*ids(view.hole_cards)))
    return probability if takes_it(spot, action, view) else 1.0 - probability


def top_classes(width: float) -> dict[str, float]:
    """The strongest ``width`` of all starting hands heads-up, as class -> 1.0 (at least
    one class): a range read from how often a player shoves or calls."""
    table = preflop_table()
    chosen = {name: 1.0 for name in CLASS_NAMES if table.percentile(name, 1) <= width}
    return chosen or {"AA": 1.0}


def shove_gain(equity: float, fold: float, stack_bb: float) -> float:
    """What the small blind's shove gains over folding, in big blinds: the big blind folds
    with probability ``fold`` (+1.5), else the all-in is won with ``equity``."""
    return fold * 1.5 + (1.0 - fold) * (equity * 2 * stack_bb - stack_bb + 0.5)


def call_gain(equity: float, stack_bb: float) -> float:
    """What the big blind's call of a shove gains over folding, in big blinds."""
    return equity * 2 * stack_bb - stack_bb + 1.0
