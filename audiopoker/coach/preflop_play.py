"""The preflop chart at a real table: the coach's answer before the flop in play (K) comes
from the same chart as ``audiopoker hint`` with no board (``coach.preflop_chart``), so the
player hears one rule by seat and depth, with its reason, wherever they ask.

``chart_spot`` reads the spot off the player's view: the hand's class, the seat's position
among those dealt in, what was bet before (no raise, one raise, or a re-raise or more, each
with its callers), the effective stack (the chips the seat can play against the deepest
opponent still in), the exact price and pot, and what the seat already put in (its blind
or its own raise). A spot the chart cannot read (a
dead small blind that leaves the seat without a chart position, a raise all in for less
than a full raise) gives None, and the coach answers as it does after the flop.

The chart is for players the coach knows nothing about. ``far_read`` finds an opponent in
the hand whose measured play is far from that (one who plays most hands, or almost none):
there the coach follows its own read of the table when it goes the way the read points,
and says why ("the chart says fold; but against a player who plays about 85 percent of
hands: call"): a chart that folds ace-jack to a player who raises every hand is not advice
a strong player keeps. The way the read points: against a loose player, play on more
(call where the chart folds, raise where it calls); against a tight one, steal more first
in and give up more facing its raise. A read never makes the coach fold ace-king to a
maniac because its own decision happened to.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from audiopoker.bots.equity import hand_class, ids
from audiopoker.bots.ranges import Read
from audiopoker.bots.shortstack import effective_chips
from audiopoker.coach.preflop_chart import (
    Facing,
    PreflopHint,
    PreflopSpot,
    advise_preflop,
    problem,
)
from audiopoker.engine.actions import Action, ActionKind, LegalActions, Street
from audiopoker.engine.events import HandStarted
from audiopoker.engine.view import PlayerView
from audiopoker.narration.positions import seat_positions

RAISES = (ActionKind.BET, ActionKind.RAISE)
# A read this far from an unknown player's (who plays about 30 percent of hands and opens
# about 20: bots.model's priors) is one the chart does not fit.
LOOSE_VPIP: Final = 0.60
LOOSE_OPEN: Final = 0.45
TIGHT_VPIP: Final = 0.12


@dataclass(frozen=True, slots=True)
class FarRead:
    """An opponent the chart does not fit: its ``seat``, the share of hands it plays, and
    whether it is loose (else tight)."""

    seat: int
    vpip: float
    loose: bool


def far_read(reads: Mapping[int, Read]) -> FarRead | None:
    """Of the opponents in the hand, the one whose read is furthest from an unknown
    player's, when it is far enough (see the module docstring), else None."""
    far = [
        FarRead(seat, read.vpip, read.vpip >= LOOSE_VPIP or read.open >= LOOSE_OPEN)
        for seat, read in reads.items()
        if read.vpip >= LOOSE_VPIP or read.open >= LOOSE_OPEN or read.vpip <= TIGHT_VPIP
    ]
    return max(far, key=lambda f: abs(f.vpip - 0.3), default=None)


def _level(kind: ActionKind) -> int:
    """How far an action plays on: fold or check, call, bet or raise."""
    return {ActionKind.CALL: 1, ActionKind.BET: 2, ActionKind.RAISE: 2}.get(kind, 0)


def leaves_chart(
    chart: PreflopHint, follows: Action, read_action: Action, far: FarRead | None
) -> FarRead | None:
    """``far`` when the coach's read-based ``read_action`` should replace the chart's
    ``follows``: it differs, and goes the way the read points (see the module docstring)."""
    if far is None:
        return None
    more = _level(read_action.kind) - _level(follows.kind)
    if far.loose or chart.spot.facing == "none":
        return far if more > 0 else None
    return far if more < 0 else None


def chart_spot(view: PlayerView) -> PreflopSpot | None:
    """The chart's spot for the player's decision before the flop, or None (see above)."""
    if view.street is not Street.PREFLOP or len(view.hole_cards) != 2:
        return None
    started = next((e for e in view.history if isinstance(e, HandStarted)), None)
    if started is None:
        return None
    position = seat_positions(started).get(view.seat)
    if position is None:
        return None
    actions = view.actions(Street.PREFLOP)
    raises = [i for i, a in enumerate(actions) if a.kind in RAISES]
    facing: Facing = "none" if not raises else "raise" if len(raises) == 1 else "3bet"
    after = actions[raises[-1] + 1 :] if raises else actions
    callers = sum(1 for a in after if a.kind is ActionKind.CALL and a.seat != view.seat)
    first, second = ids(view.hole_cards)
    legal = view.legal
    spot = PreflopSpot(
        hand=hand_class(first, second),
        position=position,
        players=len(started.seats_in_hand),
        facing=facing,
        callers=callers,
        stack=effective_chips(view),  # blinds in, antes gone: a deep player against
        # short blinds is in a push-or-fold spot too
        small_blind=view.small_blind,
        big_blind=view.big_blind,
        to_call=legal.to_call,
        pot=legal.pot,
        paid=legal.committed,
    )
    return None if problem(spot) is not None else spot


def chart_hint(view: PlayerView) -> PreflopHint | None:
    """The chart's answer for the player's decision before the flop, or None."""
    spot = chart_spot(view)
    return None if spot is None else advise_preflop(spot)


def chart_action(hint: PreflopHint, legal: LegalActions) -> Action:
    """The chart's answer as a request the engine takes: a raise's total within what the
    rules allow (all in at the top), a fold that costs nothing made a check."""
    if hint.action == "raise" and legal.raise_kind is not None:
        # All in puts in the effective stack: the deepest opponent's chips at most.
        return Action(
            legal.raise_kind, max(legal.min_raise_to, min(hint.amount, legal.max_raise_to))
        )
    if hint.action in ("call", "raise") and legal.to_call > 0:
        return Action(ActionKind.CALL)  # a raise the rules no longer allow: call
    if legal.can_check:
        return Action(ActionKind.CHECK)
    return Action(ActionKind.FOLD)
