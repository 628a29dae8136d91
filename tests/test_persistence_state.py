"""What a save holds is enough: a table restored from its snapshot and generator, and bots
restored from their states, play on exactly as if never stopped."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from persistence_support import bot_table

from audiopoker.bots.base import decode_rng, encode_rng
from audiopoker.bots.model import OpponentModel, SeatStats
from audiopoker.engine.actions import Action
from audiopoker.engine.events import Event, HandStarted
from audiopoker.engine.table import Table, TableConfig, TableSnapshot
from audiopoker.errors import ConfigError
from audiopoker.game import Game

NAMES = ["Ana", "Beto", "Carla", "Diego"]


def play_simply(table: Table, hands: int, chooser: random.Random) -> list[tuple[object, ...]]:
    """Hands played by a seeded random check/call/fold policy; what each one dealt."""
    seen: list[tuple[object, ...]] = []
    for _ in range(hands):
        if table.is_over:
            break
        hand, _ = table.start_hand()
        while not hand.is_over:
            legal = hand.legal_actions()
            roll = chooser.random()
            if legal.can_check:
                action = Action.check()
            else:
                action = Action.call() if roll < 0.6 else Action.fold()
            hand.act(legal.seat, action)
        table.finish_hand(hand)
        seen.append((hand.button, hand.board, table.stacks, table.places))
    return seen


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), before=st.integers(0, 25), chips=st.integers(4, 40))
def test_a_restored_table_deals_on_exactly_as_before(seed: int, before: int, chips: int) -> None:
    table = Table(NAMES, chips, TableConfig(), random.Random(seed))
    play_simply(table, before, random.Random(seed + 1))
    if table.is_over:
        return
    snapshot, generator = table.snapshot(), encode_rng(table.rng)
    policy = random.Random(seed + 2)
    going_on = play_simply(table, 15, random.Random(seed + 2))
    restored = Table.restore(NAMES, snapshot, TableConfig(), decode_rng(generator))
    assert restored.stacks == snapshot.stacks and restored.hand_number == snapshot.hand_number
    assert play_simply(restored, 15, policy) == going_on


@pytest.mark.parametrize(
    "change",
    [
        {"stacks": (50, 50, 50)},  # three stacks for four names
        {"stacks": (200, 0, 0, 0), "places": (None, 2, 3, 4)},  # one player left
        {"stacks": (-1, 67, 67, 67)},
        {"places": (1, None, None, None)},  # a place for a player still in
        {"first_button": 4},
        {"last": None},  # hands were played, so there was a last hand
        {"last": (0, 1, 9)},
        {"hand_number": -1},
    ],
)
def test_restore_refuses_a_snapshot_that_cannot_be_a_game(change: dict[str, object]) -> None:
    table = Table(NAMES, 50, TableConfig(), random.Random(1))
    play_simply(table, 3, random.Random(2))
    snapshot = table.snapshot()
    values = {name: getattr(snapshot, name) for name in TableSnapshot.__slots__}
    values.update(change)
    with pytest.raises(ConfigError):
        Table.restore(NAMES, TableSnapshot(**values), TableConfig(), random.Random())


def test_a_table_past_its_hand_limit_is_not_restored() -> None:
    table = Table(NAMES, 50, TableConfig(hand_limit=10), random.Random(1))
    play_simply(table, 3, random.Random(2))
    with pytest.raises(ConfigError):
        Table.restore(NAMES, table.snapshot(), TableConfig(hand_limit=3), random.Random())


class Dealt:
    """Each hand's public log: who did what (no object identities)."""

    def __init__(self) -> None:
        self.hands: list[list[Event]] = []

    def on_event(self, event: Event) -> None:
        if isinstance(event, HandStarted):
            self.hands.append([])
        self.hands[-1].append(event)


@pytest.mark.parametrize("level", ["hard", "easy"])
def test_restored_bots_decide_as_if_never_stopped(level: str) -> None:
    table, seats = bot_table(level, 3, 120, 31)
    Game(table, seats).run(max_hands=8)
    snapshot, generator = table.snapshot(), encode_rng(table.rng)
    states = [seat.bot.state() for seat in seats]  # type: ignore[attr-defined]
    if level == "hard":
        assert any(state["model"] for state in states)  # they did learn something
    going_on = Dealt()
    Game(table, seats, [going_on]).run(max_hands=6)

    _, fresh = bot_table(level, 3, 120, 999)  # other generators: the states must replace them
    for seat, state in zip(fresh, states, strict=True):
        seat.bot.restore(state)  # type: ignore[attr-defined]
    restored = Table.restore(table.names, snapshot, TableConfig(), decode_rng(generator))
    resumed = Dealt()
    Game(restored, fresh, [resumed]).run(max_hands=6)
    assert resumed.hands == going_on.hands


def test_opponent_counts_round_trip_and_bad_ones_are_refused() -> None:
    model = OpponentModel()
    model.stats = {1: SeatStats(10, 4, 2, 3, 1, 2, 5), 3: SeatStats(hands=2)}
    copy = OpponentModel()
    copy.restore(model.state())
    assert copy.stats == model.stats
    for bad in ({"x": [1] * 7}, {"1": [1, 2]}, {"1": [-1] * 7}, {"1": ["a"] * 7}):
        with pytest.raises(ValueError):
            OpponentModel().restore(bad)


@pytest.mark.parametrize("text", ["", "not base64!", "QUFB", encode_rng(random.Random(1))[:-8]])
def test_a_bad_generator_state_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        decode_rng(text)
