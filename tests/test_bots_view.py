"""PlayerView: a seat sees its own cards and public events, never the others' cards, the
deck or the Hand object."""

from __future__ import annotations

import enum
import gc
import os
import random
import sys
import types
from dataclasses import FrozenInstanceError

import pytest

_HERE = os.path.dirname(os.path.abspath(__file__))
if _HERE not in sys.path:  # the support module is a sibling helper, not a test module
    sys.path.insert(0, _HERE)

from bots_support import KINDS, fast_bot, play, random_hand  # noqa: E402

from audiopoker.cards import FULL_DECK, Card  # noqa: E402
from audiopoker.engine.actions import Action, ActionKind, Street  # noqa: E402
from audiopoker.engine.events import HoleCardsDealt  # noqa: E402
from audiopoker.engine.hand import Hand  # noqa: E402
from audiopoker.engine.view import (  # noqa: E402
    ShownHand,
    build_view,
    shown_hands_of,
    view_for,
)
from audiopoker.errors import HandStateError  # noqa: E402

_LEAVES = (int, float, str, bool, type(None), enum.Enum, type, types.ModuleType, types.FunctionType)


def reachable(root: object) -> list[object]:
    """Every object reachable from ``root`` through containers and instances (types,
    modules and functions are not followed: they lead to the whole interpreter)."""
    seen: dict[int, object] = {}
    stack = [root]
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen[id(item)] = item
        if isinstance(item, _LEAVES):
            continue
        stack.extend(gc.get_referents(item))
    return list(seen.values())


def test_a_view_reaches_no_foreign_hole_cards_deck_or_hand() -> None:
    rng = random.Random(7)
    views = 0
    for number in range(1, 120):
        hand = random_hand(rng, number)
        holes = {seat: set(hand.hole_cards(seat)) for seat in hand.seats_in_hand}
        bots = {seat: fast_bot(rng.choice(KINDS), rng) for seat in hand.seats_in_hand}
        for view, _ in play(hand, bots):
            foreign = set().union(*(cards for s, cards in holes.items() if s != view.seat))
            objects = reachable(view)
            cards = {o for o in objects if isinstance(o, Card)}
            assert not cards & foreign, (view.seat, cards & foreign)
            assert set(view.hole_cards) == holes[view.seat]
            assert not any(isinstance(o, Hand | random.Random | list | dict) for o in objects)
            # the only dealt cards in the history are the viewer's own
            dealt = [e for e in view.history if isinstance(e, HoleCardsDealt)]
            assert [e.seat for e in dealt] == [view.seat]
            views += 1
    assert views > 500


def test_views_are_frozen_and_have_no_dict() -> None:
    hand = random_hand(random.Random(3))
    assert hand.actor is not None
    view = view_for(hand, hand.actor)
    assert not hasattr(view, "__dict__")
    with pytest.raises(FrozenInstanceError):
        view.seat = 0  # type: ignore[misc]


def test_a_view_is_only_for_the_seat_to_act() -> None:
    hand = random_hand(random.Random(4))
    waiting = next(s for s in hand.seats_in_hand if s != hand.actor)
    with pytest.raises(HandStateError):
        view_for(hand, waiting)


def test_view_matches_the_engine_state() -> None:
    rng = random.Random(11)
    checked = 0
    for number in range(1, 60):
        hand = random_hand(rng, number)
        bots = {seat: fast_bot(rng.choice(KINDS), rng) for seat in hand.seats_in_hand}
        for view, _ in play(hand, bots):
            assert view.legal == hand.legal_actions()
            assert view.stacks == hand.stacks
            assert view.committed == hand.committed
            assert view.board == hand.board
            assert view.street is hand.street
            assert view.pot == hand.pot
            assert set(view.active) == set(hand.live_seats)
            assert view.all_in == frozenset(hand.all_in_seats)
            assert view.seat not in view.behind()
            checked += 1
    assert checked > 200


def test_street_order_and_behind() -> None:
    # six seats, button 0: preflop UTG (3) acts first, the big blind (2) last
    hand, _ = Hand.start(
        stacks=[100] * 6,
        button=0,
        small_blind_seat=1,
        big_blind_seat=2,
        small_blind=1,
        big_blind=2,
        deck=FULL_DECK,
    )
    view = view_for(hand, 3)
    assert view.street_order() == (3, 4, 5, 0, 1, 2)
    assert view.behind() == (4, 5, 0, 1, 2)
    assert view.opponents == (1, 2, 4, 5, 0)  # dealing order, starting left of the button
    assert view.actions() == ()
    hand.act(3, Action.fold())
    hand.act(4, Action.call())
    view = view_for(hand, 5)
    assert view.behind() == (0, 1, 2)
    assert [(a.seat, a.kind) for a in view.actions(Street.PREFLOP)] == [
        (3, ActionKind.FOLD),
        (4, ActionKind.CALL),
    ]
    assert view.folded == frozenset({3})


def test_shown_hands_are_passed_through_and_collected() -> None:
    rng = random.Random(5)
    collected: list[ShownHand] = []
    for number in range(1, 80):
        hand = random_hand(rng, number)
        bots = {seat: fast_bot("station", rng) for seat in hand.seats_in_hand}
        for view, _ in play(hand, bots):
            assert view.shown_hands == ()
        collected.extend(shown_hands_of(hand.events))
    assert collected and all(len(s.cards) == 2 and len(s.board) == 5 for s in collected)
    hand = random_hand(rng, 99)
    assert hand.actor is not None
    view = build_view(hand.actor, hand.events, collected)
    assert view.shown_hands == tuple(collected)
