"""Spots dealt by the engine for the coach's reason tests: hole cards by seat, the
actions played, and a coach that has seen every public event."""

from __future__ import annotations

import random
from collections.abc import Sequence

from audiopoker.cards import Card, parse_cards
from audiopoker.coach.advice import Coach
from audiopoker.engine.actions import Action
from audiopoker.engine.hand import Hand
from audiopoker.engine.view import PlayerView, view_for

FILLER = [c for c in parse_cards("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2d 3d 4d 5d 6d")]


def dealt(
    holes: Sequence[str],
    actions: Sequence[tuple[int, Action]],
    *,
    button: int,
    stacks: Sequence[int] | None = None,
    board: str = "",
) -> tuple[Hand, int]:
    """A hand with these hole cards by seat (dealt from left of the button, as the engine
    deals), blinds 1 and 2 left of the button, ``actions`` played; returns the hand and the
    seat to act."""
    seats = len(holes)
    cards = [parse_cards(h) for h in holes]
    order = [(button + 1 + i) % seats for i in range(seats)]
    if seats == 2:
        order = [(button + 1) % 2, button]
    used = {c for pair in cards for c in pair} | set(parse_cards(board))
    rest = [c for c in FILLER if c not in used]
    deck: list[Card] = [cards[seat][n] for n in range(2) for seat in order]
    flop = list(parse_cards(board))
    for street in (flop[:3], flop[3:4], flop[4:5]):
        deck += [rest.pop(), *street]
    deck += rest
    small = (button + 1) % seats if seats > 2 else button
    big = (small + 1) % seats
    hand, _ = Hand.start(
        stacks=tuple(stacks or [200] * seats),
        button=button,
        small_blind_seat=small,
        big_blind_seat=big,
        small_blind=1,
        big_blind=2,
        deck=deck,
    )
    for seat, action in actions:
        hand.act(seat, action)
    for seat in range(seats):
        assert hand.hole_cards(seat) == tuple(cards[seat])
    actor = hand.actor
    assert actor is not None
    return hand, actor


def advised(hand: Hand, seat: int, seed: int = 5) -> tuple[PlayerView, Coach]:
    coach = Coach(random.Random(seed), deals=2000)
    for event in hand.events:
        if event.visible_to(seat):
            coach.model.observe(event)
    return view_for(hand, seat), coach
