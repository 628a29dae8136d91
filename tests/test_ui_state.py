"""The key loop's table model, folded from the events the player may see, agrees with the
engine at every step of random games; the pot key splits side pots by all-in levels."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from audiopoker.cards import parse_cards
from audiopoker.engine.actions import Action
from audiopoker.engine.hand import Hand
from audiopoker.engine.table import Table, TableConfig
from audiopoker.output.message import Message
from audiopoker.ui.answers import side_pots
from audiopoker.ui.narration_listener import Narration
from audiopoker.ui.state import TableState


def random_action(rng: random.Random, hand: Hand) -> Action:
    legal = hand.legal_actions()
    roll = rng.random()
    if roll < 0.15 and not legal.can_check:
        return Action.fold()
    if roll < 0.35 and legal.raise_kind is not None:
        to = rng.choice([legal.min_raise_to, legal.max_raise_to])
        return Action(legal.raise_kind, to)
    return Action.check() if legal.can_check else Action.call()


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(2, 7), me=st.integers(0, 6))
def test_the_model_matches_the_engine_after_every_action(seed: int, players: int, me: int) -> None:
    me = me % players
    rng = random.Random(seed)
    stacks = [rng.randint(3, 80) for _ in range(players)]
    table = Table([f"P{i}" for i in range(players)], stacks, TableConfig(hand_limit=6), rng)
    state = TableState(table.names, table.stacks, me)
    while not table.is_over:
        hand, events = table.start_hand()
        for event in events:
            state.on_event(event)
        while not hand.is_over:
            snap = state.snapshot()
            assert snap.pot == hand.pot
            assert tuple(seat.stack for seat in snap.seats) == hand.stacks
            assert tuple(seat.committed for seat in snap.seats) == hand.committed
            assert snap.board == hand.board and snap.street == hand.street
            assert snap.actor == hand.actor
            assert sum(side_pots(snap)) == hand.pot
            if me in hand.seats_in_hand:
                assert snap.my_cards == hand.hole_cards(me)
            for event in hand.act(hand.actor, random_action(rng, hand)):  # type: ignore[arg-type]
                state.on_event(event)
        for event in table.finish_hand(hand):
            state.on_event(event)
        snap = state.snapshot()
        assert not snap.hand_running and snap.pot == 0
        assert tuple(seat.stack for seat in snap.seats) == table.stacks
        assert [seat.out for seat in snap.seats] == [stack == 0 for stack in table.stacks]
    assert state.snapshot().game_over is not None


def test_other_players_cards_never_reach_the_model() -> None:
    table = Table(["A", "B", "C"], 100, TableConfig(), random.Random(1))
    state = TableState(table.names, table.stacks, 1)
    hand, events = table.start_hand()
    for event in events:
        state.on_event(event)
    assert state.snapshot().my_cards == hand.hole_cards(1)
    watcher = TableState(table.names, table.stacks, None)
    for event in events:
        watcher.on_event(event)
    assert watcher.snapshot().my_cards == ()


def test_side_pots_by_all_in_levels() -> None:
    # Beto (20 chips) is all in preflop, the player and Ana call; on the flop the player
    # bets 10 and Ana calls: main pot 60 for all three, side pot 20 for the other two.
    deck = parse_cards("As Kd Qc Kh 7s 2c 3d 9h Ts 4c 5h 8d Jc 6s 2d 3c")
    hand, events = Hand.start(
        stacks=(200, 200, 20), button=2, small_blind_seat=0, big_blind_seat=1,
        small_blind=1, big_blind=2, deck=deck,
    )  # fmt: skip
    state = TableState(("Player", "Ana", "Beto"), (200, 200, 20), 0)
    for action in (
        (2, Action.raise_to(20)),
        (0, Action.call()),
        (1, Action.call()),
        (0, Action.bet(10)),
        (1, Action.call()),
    ):
        events += hand.act(*action)
    for event in events:
        state.on_event(event)
    assert side_pots(state.snapshot()) == [60, 20]
    assert sum(side_pots(state.snapshot())) == hand.pot == 80


def test_one_pot_without_an_all_in() -> None:
    table = Table(["A", "B", "C"], 100, TableConfig(), random.Random(2))
    state = TableState(table.names, table.stacks, 0)
    _hand, events = table.start_hand()
    for event in events:
        state.on_event(event)
    assert side_pots(state.snapshot()) == [3]


def test_narration_falls_silent_after_the_player_quits() -> None:
    class Sent:
        def __init__(self) -> None:
            self.texts: list[str] = []

        def send(self, message: Message) -> None:
            self.texts.append(message.text)

    sent = Sent()
    narration = Narration("en", ("A", "B", "C"), 0, sent)
    table = Table(["A", "B", "C"], 100, TableConfig(), random.Random(3))
    _hand, events = table.start_hand()
    for event in events[:3]:
        narration.on_event(event)
    assert sent.texts, "events are narrated"
    said = len(sent.texts)
    narration.silence()
    for event in events[3:]:
        narration.on_event(event)
    assert len(sent.texts) == said
