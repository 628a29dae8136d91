"""The table between hands: the drawn button, its rotation, the dead button, the
three-to-two transition, eliminations with places, and the end of the game."""

from __future__ import annotations

import random

import pytest
from engine_helpers import check_down, of_type, started, table_hand

from audiopoker.cards import FULL_DECK
from audiopoker.engine.actions import Action
from audiopoker.engine.events import (
    BlindKind,
    BlindPosted,
    Event,
    GameEnded,
    GameEndReason,
    HandStarted,
    HoleCardsDealt,
    PlayerEliminated,
)
from audiopoker.engine.table import Table, TableConfig
from audiopoker.errors import ConfigError, ErrorReason, HandStateError

NAMES = ("Ana", "Beto", "Carla", "Diego", "Elena")
BLANK = "9c 6d 2s 4h Jc"  # with AA against 7-3 offsuit and the like, AA wins
WINS, LOSES = "AsAd", "7h3c"


def positions(hand_events: HandStarted) -> tuple[int, int | None, int]:
    return hand_events.button, hand_events.small_blind, hand_events.big_blind


def fold_round(table: Table) -> HandStarted:
    """Play a hand where everybody folds to the big blind; return its HandStarted."""
    hand, _ = table.start_hand()
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.act(legal.seat, Action.fold())
    table.finish_hand(hand)
    return started(hand)


# -- the button ----------------------------------------------------------------------------


def test_first_button_is_drawn_with_the_seeded_generator() -> None:
    buttons = set()
    for seed in range(40):
        first = Table(NAMES, 200, TableConfig(), random.Random(seed))
        again = Table(NAMES, 200, TableConfig(), random.Random(seed))
        hand, events = first.start_hand()
        _, copy_events = again.start_hand()
        assert events == copy_events  # same seed: same button, same shuffle
        buttons.add(hand.button)
    assert buttons == set(range(len(NAMES)))


def test_shuffles_with_the_table_generator_unless_a_deck_is_given() -> None:
    table = Table(NAMES, 200, TableConfig(), random.Random(3), button=0)
    first = fold_round(table)
    second, events = table.start_hand()
    holes = [e.cards for e in of_type(events, HoleCardsDealt)]
    assert len({card for pair in holes for card in pair}) == 10
    check_down(second)
    table.finish_hand(second)
    preset, events = table.start_hand(FULL_DECK)
    assert of_type(events, HoleCardsDealt)[0].cards == (FULL_DECK[0], FULL_DECK[5])
    assert first.button == 0 and started(second).button == 1 and preset.button == 2


def test_button_and_blinds_move_one_seat_clockwise() -> None:
    table = Table(NAMES, 200, TableConfig(), random.Random(1), button=3)
    seen = [positions(fold_round(table)) for _ in range(6)]
    assert seen == [(3, 4, 0), (4, 0, 1), (0, 1, 2), (1, 2, 3), (2, 3, 4), (3, 4, 0)]


# -- dead button ---------------------------------------------------------------------------


def knocked_out(blind: int) -> tuple[Table, tuple[Event, ...]]:
    """Hand 1 of five seats, button 0, blinds 1 and 2: under the gun (3) shoves 300, and
    of the others only the blind in seat ``blind`` (1 or 2, with 100 chips) calls; it
    loses. The table after it, and finish_hand's events."""
    stacks = [300] * len(NAMES)
    stacks[blind] = 100
    table = Table(NAMES, stacks, TableConfig(), random.Random(1), button=0)
    calls = [f"{seat} {'c' if seat == blind else 'f'}" for seat in (1, 2)]
    _, finished = table_hand(
        table,
        "3 r300",
        "4 f",
        "0 f",
        *calls,
        button=0,
        big_blind_seat=2,
        holes={3: WINS, blind: LOSES},
        board=BLANK,
    )
    return table, finished


def test_dead_button_after_the_big_blind_is_eliminated() -> None:
    # Hand 1: button 0, blinds 1 and 2. UTG (3) shoves, the big blind calls and loses.
    table, finished = knocked_out(2)
    assert [(e.seat, e.place) for e in of_type(finished, PlayerEliminated)] == [(2, 5)]
    # Hand 2: the big blind moves to the next player left of the old one (3); the small
    # blind would be the eliminated seat, so it is dead; the button moves to seat 1.
    hand, _ = table_hand(table, "4 f", "0 f", "1 f", button=1, big_blind_seat=3)
    assert positions(started(hand)) == (1, None, 3)
    assert [(e.seat, e.kind) for e in of_type(hand.events, BlindPosted)] == [(3, BlindKind.BIG)]
    # Hand 3: the button sits on the empty seat 2; small blind 3, big blind 4.
    hand, _ = table_hand(table, "0 c", "1 c", "3 c", "4 x", button=2, big_blind_seat=4)
    assert positions(started(hand)) == (2, 3, 4) and table.stacks[2] == 0
    assert started(hand).seats_in_hand == (3, 4, 0, 1)
    # Hand 4: back to normal.
    hand, _ = table_hand(table, button=3, big_blind_seat=0)
    assert positions(started(hand)) == (3, 4, 0)


def test_dead_button_after_the_small_blind_is_eliminated() -> None:
    table, finished = knocked_out(1)
    assert [(e.seat, e.place) for e in of_type(finished, PlayerEliminated)] == [(1, 5)]
    # The small blind moves to the old big blind (2), the big blind on to 3, and the
    # button to the empty seat 1: the first seat left of it (2) acts first after the flop.
    hand, _ = table_hand(table, "4 c", "0 c", "2 c", "3 x", "2 b2", button=1, big_blind_seat=3)
    assert positions(started(hand)) == (1, 2, 3) and table.stacks[1] == 0
    assert started(hand).seats_in_hand == (2, 3, 4, 0)


def test_nobody_skips_the_big_blind_when_players_are_eliminated() -> None:
    table, _ = knocked_out(2)
    big_blinds = [fold_round(table).big_blind for _ in range(8)]
    assert big_blinds == [3, 4, 0, 1, 3, 4, 0, 1]


# -- three to two --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("loser", "steps", "heads_up_button", "heads_up_big"),
    [
        (2, ("0 r100", "1 f", "2 c"), 1, 0),  # the big blind goes out
        (1, ("0 r100", "1 c", "2 f"), 2, 0),  # the small blind goes out
        (0, ("0 r100", "1 f", "2 c"), 2, 1),  # the button goes out
    ],
)
def test_three_to_two_nobody_posts_the_big_blind_twice_in_a_row(
    loser: int, steps: tuple[str, ...], heads_up_button: int, heads_up_big: int
) -> None:
    table = Table(NAMES[:3], 100, TableConfig(), random.Random(1), button=0)
    winner = 2 if loser == 0 else 0
    _, finished = table_hand(
        table,
        *steps,
        button=0,
        big_blind_seat=2,
        holes={winner: WINS, loser: LOSES},
        board=BLANK,
    )
    assert [e.seat for e in of_type(finished, PlayerEliminated)] == [loser]
    big_blinds = [2]
    for number in range(4):
        hand, _ = table.start_hand()
        first = started(hand)
        if number == 0:
            assert (first.button, first.big_blind) == (heads_up_button, heads_up_big)
        assert first.small_blind == first.button  # heads-up the button posts the small blind
        assert first.big_blind != big_blinds[-1]
        big_blinds.append(first.big_blind)
        while not hand.is_over:
            hand.act(hand.legal_actions().seat, Action.fold())
        table.finish_hand(hand)


# -- eliminations and the end --------------------------------------------------------------


def test_several_out_in_one_hand_more_chips_at_the_start_finish_higher() -> None:
    table = Table(NAMES[:4], [50, 80, 400, 30], TableConfig(), random.Random(1), button=3)
    # Button 3 (30 chips), small blind 0 (50), big blind 1 (80); seat 2 shoves, all call.
    _, finished = table_hand(
        table,
        "2 r400",
        "3 c",
        "0 c",
        "1 c",
        button=3,
        big_blind_seat=1,
        holes={2: WINS, 0: LOSES, 1: "8h4c", 3: "Tc5d"},
        board=BLANK,
    )
    eliminated = [(e.seat, e.place) for e in of_type(finished, PlayerEliminated)]
    assert eliminated == [(3, 4), (0, 3), (1, 2)]
    ended = finished[-1]
    assert isinstance(ended, GameEnded)
    assert (ended.reason, ended.winners, ended.standings) == (
        GameEndReason.LAST_PLAYER_STANDING,
        (2,),
        (2, 1, 0, 3),
    )
    assert table.is_over and table.places == (3, 2, 1, 4)
    with pytest.raises(HandStateError) as over:
        table.start_hand()
    assert over.value.reason is ErrorReason.GAME_OVER


def test_equal_stacks_out_in_the_same_hand_share_the_place() -> None:
    table = Table(NAMES[:4], [50, 50, 400, 400], TableConfig(), random.Random(1), button=3)
    _, finished = table_hand(
        table,
        "2 r400",
        "3 f",
        "0 c",
        "1 c",
        button=3,
        big_blind_seat=1,
        holes={2: WINS, 0: LOSES, 1: "8h4c"},
        board=BLANK,
    )
    assert sorted((e.seat, e.place) for e in of_type(finished, PlayerEliminated)) == [
        (0, 3),
        (1, 3),
    ]
    assert not table.is_over


def test_hand_limit_largest_stack_wins() -> None:
    table = Table(NAMES[:3], 100, TableConfig(hand_limit=1), random.Random(1), button=0)
    hand, _ = table.start_hand()
    hand.act(0, Action.fold())
    hand.act(1, Action.fold())
    (ended,) = table.finish_hand(hand)
    assert isinstance(ended, GameEnded)
    assert (ended.reason, ended.winners, ended.standings, ended.stacks) == (
        GameEndReason.HAND_LIMIT,
        (2,),
        (2, 0, 1),
        (100, 99, 101),
    )


def test_hand_limit_equal_stacks_tie() -> None:
    table = Table(NAMES[:2], 100, TableConfig(hand_limit=1), random.Random(1), button=0)
    _, finished = table_hand(
        table, button=0, big_blind_seat=1, holes={0: "2h2s", 1: "9d9c"}, board="Ac Kd Qh Js Tc"
    )
    (ended,) = finished
    assert isinstance(ended, GameEnded)
    assert (ended.winners, ended.stacks) == ((0, 1), (100, 100))
    assert table.places == (1, 1)


# -- misuse --------------------------------------------------------------------------------


def test_hands_must_be_started_and_finished_in_turn() -> None:
    table = Table(NAMES[:3], 100, TableConfig(), random.Random(1))
    hand, _ = table.start_hand()
    with pytest.raises(HandStateError) as twice:
        table.start_hand()
    assert twice.value.reason is ErrorReason.HAND_IN_PROGRESS
    with pytest.raises(HandStateError) as early:
        table.finish_hand(hand)
    assert early.value.reason is ErrorReason.HAND_IN_PROGRESS
    check_down(hand)
    other = Table(NAMES[:3], 100, TableConfig(), random.Random(1))
    with pytest.raises(HandStateError) as foreign:
        other.finish_hand(hand)
    assert foreign.value.reason is ErrorReason.NO_HAND_IN_PROGRESS
    assert table.finish_hand(hand) == () and table.hand is None and table.hand_number == 1


@pytest.mark.parametrize(
    ("names", "stacks", "reason"),
    [
        (NAMES[:1], 100, ErrorReason.NOT_ENOUGH_PLAYERS),
        (NAMES * 3, 100, ErrorReason.TOO_MANY_PLAYERS),
        (NAMES[:3], [100, 0, 100], ErrorReason.BAD_SETTING),
        (NAMES[:3], [100, 100], ErrorReason.BAD_SETTING),
    ],
)
def test_table_settings_are_checked(
    names: tuple[str, ...], stacks: int | list[int], reason: ErrorReason
) -> None:
    with pytest.raises(ConfigError) as refused:
        Table(names, stacks, TableConfig(), random.Random(1))
    assert refused.value.reason is reason


@pytest.mark.parametrize(
    "settings",
    [{"big_blind": 0}, {"small_blind": 3, "big_blind": 2}, {"ante": -1}, {"hand_limit": 0}],
)
def test_config_values_are_checked(settings: dict[str, int]) -> None:
    with pytest.raises(ConfigError) as refused:
        TableConfig(**settings)  # type: ignore[arg-type]
    assert refused.value.reason is ErrorReason.BAD_SETTING
