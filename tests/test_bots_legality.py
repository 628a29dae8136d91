"""Bots never send an illegal action: thousands of random spots with short stacks, uneven
stacks (side pots) and 2 to 10 seats, every level and personality."""

from __future__ import annotations

import os
import random
import sys
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

_HERE = os.path.dirname(os.path.abspath(__file__))
if _HERE not in sys.path:  # the support module is a sibling helper, not a test module
    sys.path.insert(0, _HERE)

from bots_support import KINDS, fast_bot, play, random_hand  # noqa: E402

from audiopoker.bots.base import (  # noqa: E402
    bet_to,
    check_or_call,
    check_or_fold,
    is_legal,
    legalize,
    pot_fraction_to,
)
from audiopoker.bots.easy import EasyBot  # noqa: E402
from audiopoker.bots.hard import HardBot  # noqa: E402
from audiopoker.bots.normal import NormalBot  # noqa: E402
from audiopoker.bots.shortstack import SHORT_STACK_BB, effective_bb  # noqa: E402
from audiopoker.engine.actions import Action, ActionKind, LegalActions, Street  # noqa: E402
from audiopoker.engine.view import PlayerView  # noqa: E402


def raw_action(bot: object, view: PlayerView) -> Action | None:
    """Our strategies' choice before the final ``legalize`` guard (None for others)."""
    preflop = view.street is Street.PREFLOP
    if isinstance(bot, HardBot):
        bot.model.sync(view)
        if preflop and effective_bb(view) <= SHORT_STACK_BB:
            return bot.push_or_fold(view)
    if isinstance(bot, NormalBot):
        return bot.preflop(view) if preflop else bot.postflop(view)
    if isinstance(bot, EasyBot):
        return bot._preflop(view) if preflop else bot._postflop(view)
    return None


def test_bots_choose_legal_actions_in_thousands_of_spots() -> None:
    rng = random.Random(2024)
    kinds: Counter[str] = Counter()
    all_ins = 0
    spots = 0
    for number in range(1, 700):
        hand = random_hand(rng, number)
        bots = {seat: fast_bot(rng.choice(KINDS), rng) for seat in hand.seats_in_hand}
        for view, action in play(hand, bots):
            assert is_legal(action, view.legal), (type(bots[view.seat]).__name__, action, view)
            raw = raw_action(bots[view.seat], view)
            if raw is not None:  # the strategy itself was legal; the guard changed nothing
                assert is_legal(raw, view.legal), (type(bots[view.seat]).__name__, raw, view)
            kinds[action.kind.value] += 1
            all_ins += action.to == view.legal.max_raise_to or view.legal.call_is_all_in
            spots += 1
    assert spots >= 3000
    assert all(kinds[kind.value] > 50 for kind in ActionKind)
    assert all_ins > 100  # short stacks and all-ins really were exercised


def _legal_actions(
    can_check: bool, to_call: int, stack: int, raise_open: bool, committed: int, pot: int
) -> LegalActions:
    """A LegalActions shaped as the engine builds them."""
    to_call = 0 if can_check else min(max(to_call, 1), stack)
    call_all_in = not can_check and to_call == stack
    can_raise = raise_open and stack > to_call
    max_to = committed + stack
    min_to = min(committed + to_call + max(to_call, 2), max_to)
    return LegalActions(
        seat=0,
        can_check=can_check,
        to_call=to_call,
        call_is_all_in=call_all_in,
        raise_kind=(ActionKind.BET if can_check else ActionKind.RAISE) if can_raise else None,
        min_raise_to=min_to if can_raise else max_to,
        max_raise_to=max_to,
        stack=stack,
        committed=committed,
        pot=pot,
    )


legal_actions = st.builds(
    _legal_actions,
    st.booleans(),
    st.integers(0, 500),
    st.integers(1, 500),
    st.booleans(),
    st.integers(0, 100),
    st.integers(3, 2000),
)


@settings(max_examples=300, deadline=None)
@given(legal_actions, st.floats(-100, 5000), st.floats(0, 3))
def test_helpers_always_return_legal_actions(
    legal: LegalActions, amount: float, fraction: float
) -> None:
    assert is_legal(check_or_call(legal), legal)
    assert is_legal(check_or_fold(legal), legal)
    assert is_legal(bet_to(legal, amount), legal)
    assert is_legal(bet_to(legal, pot_fraction_to(legal, fraction)), legal)
    for action in (
        Action.check(),
        Action.call(),
        Action.fold(),
        Action.bet(round(amount)),
        Action.raise_to(round(amount)),
        Action(ActionKind.RAISE, None),
    ):
        fixed = legalize(action, legal)
        assert is_legal(fixed, legal)
        if is_legal(action, legal):
            assert fixed == action


def test_is_legal_refuses_what_the_rules_refuse() -> None:
    legal = _legal_actions(False, 10, 100, True, 0, 30)
    assert not is_legal(Action.check(), legal)
    assert not is_legal(Action.bet(40), legal)  # a bet is in: raise instead
    assert not is_legal(Action.raise_to(legal.min_raise_to - 1), legal)
    assert not is_legal(Action.raise_to(legal.max_raise_to + 1), legal)
    assert is_legal(Action.raise_to(legal.max_raise_to), legal)
    free = _legal_actions(True, 0, 100, True, 0, 30)
    assert not is_legal(Action.call(), free)
    assert legalize(Action.call(), free) == Action.check()
    closed = _legal_actions(False, 10, 100, False, 0, 30)
    assert legalize(Action.raise_to(50), closed) == Action.call()
