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
"""

from __future__ import annotations

from audiopoker.bots.equity import hand_class, ids
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
        stack=effective_stack(view),
        small_blind=view.small_blind,
        big_blind=view.big_blind,
        to_call=legal.to_call,
        pot=legal.pot,
        paid=legal.committed,
    )
    return None if problem(spot) is not None else spot


def effective_stack(view: PlayerView) -> int:
    """The chips that can be played between the seat and the deepest opponent still in,
    blinds included, antes gone: the depth the chart reads (a deep player against short
    blinds is in a push-or-fold spot too)."""
    mine = view.stacks[view.seat] + view.committed[view.seat]
    others = [
        view.stacks[s] + view.committed[s]
        for s in view.seats_in_hand
        if s != view.seat and s not in view.folded
    ]
    return min(mine, max(others, default=mine))


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
