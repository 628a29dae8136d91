"""A second, independent read of RULES.md's tricky rules, played through the engine.

Each test pins one spot that the other engine tests leave open: what "already acted"
means (a check counts, posting a blind does not), the big blind's option after short
all-ins, short blinds and short antes, the big-blind ante, uncalled excess over a short
blind, odd chips heads-up and with a button on an empty seat, who shows first, several
eliminations in one hand, ties at a hand-limit stop, and seed 004's kicker examples.
Seats are table seats; scripts are "seat move" steps (see engine_helpers).
"""

from __future__ import annotations

import random

import pytest
from engine_helpers import (
    check_down,
    of_type,
    play,
    raise_terms,
    refuse,
    start,
    started,
    table_hand,
)

from audiopoker.cards import parse_cards
from audiopoker.engine.actions import Action, ActionKind, Street
from audiopoker.engine.events import (
    ActionRequired,
    ActionTaken,
    AntePosted,
    BetReturned,
    BlindKind,
    BlindPosted,
    CardBurned,
    GameEnded,
    GameEndReason,
    HandRevealed,
    HandShown,
    PlayerEliminated,
    PotAwarded,
    StreetDealt,
)
from audiopoker.engine.hand import Hand
from audiopoker.engine.table import Table, TableConfig
from audiopoker.errors import ErrorReason
from audiopoker.evaluator import Category, best_hand

BOARD = "9c 6d 2s 4h Jc"  # seed 002's side-pot board: AA > KK > QQ > the rest
ROYAL = "Ac Kc Qc Jc Tc"  # every live hand plays the board: all split
NAMES = ("Ana", "Beto", "Carla", "Diego", "Elena")


def pots(hand: Hand) -> list[tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]]:
    """(amount, eligible, winners, shares) of every pot paid."""
    return [(p.amount, p.eligible, p.winners, p.shares) for p in of_type(hand.events, PotAwarded)]


# -- short all-ins: who has "already acted" -----------------------------------------------


def test_a_check_is_acting_so_a_short_all_in_bet_does_not_reopen_the_checker() -> None:
    # Blinds 5/10, four limp. Flop: the small blind checks, the big blind bets its last 5
    # (below the big blind: not a full bet). Seed 001: raising reopens for a seat that
    # already acted only once the rise since its last action reaches a full increment;
    # 5 < 10, so the checker may only call or fold. (pokerkit lets it raise.)
    hand = start(
        [500, 500, 15, 500], button=0, small_blind_seat=1, big_blind_seat=2, blinds=(5, 10)
    )
    play(hand, "3 c", "0 c", "1 c", "2 x")
    play(hand, "1 x", "2 b5", "3 c", "0 c")
    legal = hand.legal_actions()
    assert (legal.seat, legal.to_call, legal.can_check, legal.raise_kind) == (1, 5, False, None)
    refuse(hand, 1, Action.raise_to(15), ErrorReason.RAISE_NOT_REOPENED)
    play(hand, "1 c")
    assert hand.street is Street.TURN


def test_a_full_raise_after_a_short_all_in_bet_reopens_the_checker() -> None:
    # Same flop, but the next player raises to 15: +10 over the short bet is a full
    # increment, and 15 since the checker acted at 0, so the checker may raise again.
    hand = start(
        [500, 500, 15, 500], button=0, small_blind_seat=1, big_blind_seat=2, blinds=(5, 10)
    )
    play(hand, "3 c", "0 c", "1 c", "2 x")
    play(hand, "1 x", "2 b5", "3 r15")
    raised = of_type(hand.events, ActionTaken)[-1]
    assert (raised.kind, raised.to, raised.full_raise) == (ActionKind.RAISE, 15, True)
    play(hand, "0 c")
    legal = hand.legal_actions()
    assert raise_terms(legal) == (1, 15, ActionKind.RAISE, 25)


def test_posting_the_small_blind_is_not_acting_it_may_raise_a_short_all_in() -> None:
    # Blinds 5/10, five seats. UTG limps, the button goes all-in to 14 (+4, short). The
    # small blind has only posted: it has not acted, so it may raise, to at least 14 + 10.
    hand = start(
        [500, 500, 500, 500, 14], button=4, small_blind_seat=0, big_blind_seat=1, blinds=(5, 10)
    )
    play(hand, "2 c", "3 f", "4 r14")
    short = of_type(hand.events, ActionTaken)[-1]
    assert (short.to, short.all_in, short.full_raise) == (14, True, False)
    legal = hand.legal_actions()
    assert raise_terms(legal) == (0, 9, ActionKind.RAISE, 24)
    refuse(hand, 0, Action.raise_to(23), ErrorReason.BELOW_MINIMUM)
    play(hand, "0 r24")  # a full raise: the limper is reopened (24 - 10 >= 10)
    play(hand, "1 c")
    limper = hand.legal_actions()
    assert raise_terms(limper) == (2, 14, ActionKind.RAISE, 34)


def test_big_blind_option_after_a_short_raise_and_its_full_raise_reopens_everyone() -> None:
    # Blinds 5/10. UTG limps, seat 3 is all-in to 14 (short), the button and the small
    # blind call 14. The big blind has not acted: it may raise (to 24). When it does, the
    # limper (acted at 10) and the callers (acted at 14) all face a full raise again.
    hand = start(
        [500, 500, 500, 14, 500], button=4, small_blind_seat=0, big_blind_seat=1, blinds=(5, 10)
    )
    play(hand, "2 c", "3 r14", "4 c", "0 c")
    option = hand.legal_actions()
    assert raise_terms(option) == (1, 4, ActionKind.RAISE, 24)
    play(hand, "1 r24")
    for seat, to_call in ((2, 14), (4, 10), (0, 10)):
        legal = hand.legal_actions()
        assert raise_terms(legal) == (seat, to_call, ActionKind.RAISE, 34)
        play(hand, f"{seat} c")
    assert hand.street is Street.FLOP


def test_big_blind_keeps_its_option_after_an_all_in_below_the_big_blind_preflop() -> None:
    # UTG has 7 chips, blinds 5/10: its all-in is a call for less, not a raise. The level
    # stays 10, so the big blind may still check or raise to 20 (2 x the big blind).
    hand = start([500, 500, 500, 7], button=0, small_blind_seat=1, big_blind_seat=2, blinds=(5, 10))
    play(hand, "3 c")
    short = of_type(hand.events, ActionTaken)[-1]
    assert (short.kind, short.to, short.all_in) == (ActionKind.CALL, 7, True)
    button = hand.legal_actions()
    assert (button.seat, button.to_call, button.min_raise_to) == (0, 10, 20)
    play(hand, "0 c", "1 c")
    option = hand.legal_actions()
    assert (option.seat, option.can_check, option.raise_kind, option.min_raise_to) == (
        2,
        True,
        ActionKind.RAISE,
        20,
    )
    play(hand, "2 x")
    assert hand.street is Street.FLOP and hand.pot == 37


def test_min_raise_counts_from_the_last_full_increment_not_the_big_blind_or_the_short_one() -> None:
    # Flop, blinds 5/10: bet 10, raise to 30 (+20, full), all-in to 45 (+15: short, though
    # above the big blind). A newcomer's minimum is 45 + 20 = 65; the raiser (acted at 30,
    # +15 < 20) may only call or fold.
    hand = start(
        [500, 500, 500, 55, 500], button=4, small_blind_seat=0, big_blind_seat=1, blinds=(5, 10)
    )
    play(hand, "2 c", "3 c", "4 c", "0 c", "1 x")
    play(hand, "0 b10", "1 r30", "2 f", "3 r45")
    newcomer = hand.legal_actions()
    assert (newcomer.seat, newcomer.to_call, newcomer.min_raise_to) == (4, 45, 65)
    refuse(hand, 4, Action.raise_to(64), ErrorReason.BELOW_MINIMUM)
    play(hand, "4 c")
    bettor = hand.legal_actions()  # acted at 10: +35 since, a full increment: reopened
    assert raise_terms(bettor) == (0, 35, ActionKind.RAISE, 65)
    play(hand, "0 c")
    raiser = hand.legal_actions()
    assert (raiser.seat, raiser.to_call, raiser.raise_kind) == (1, 15, None)
    refuse(hand, 1, Action.raise_to(65), ErrorReason.RAISE_NOT_REOPENED)


def test_short_all_ins_add_up_per_seat_from_its_own_last_action() -> None:
    # Seed 001's sequence with one more caller: bet 10, call, all-in 15, call 15, all-in 20.
    # The first caller (acted at 10) faces +10: reopened. The one who called 15 faces +5:
    # the two short all-ins only add up for seats that acted before both.
    hand = start(
        [500, 500, 25, 500, 30], button=4, small_blind_seat=0, big_blind_seat=1, blinds=(5, 10)
    )
    play(hand, "2 c", "3 c", "4 c", "0 c", "1 x")
    play(hand, "0 b10", "1 c", "2 r15", "3 c", "4 r20")
    for seat, to_call, kind in ((0, 10, ActionKind.RAISE), (1, 10, ActionKind.RAISE), (3, 5, None)):
        legal = hand.legal_actions()
        assert (legal.seat, legal.to_call, legal.raise_kind) == (seat, to_call, kind)
        if kind is None:
            refuse(hand, seat, Action.raise_to(30), ErrorReason.RAISE_NOT_REOPENED)
        else:
            assert legal.min_raise_to == 30
        play(hand, f"{seat} c")
    assert hand.street is Street.TURN


# -- short blinds, antes, big-blind antes ---------------------------------------------------


def test_short_big_blind_and_the_small_blind_alone_with_chips_has_nothing_to_add() -> None:
    # Blinds 5/10, the big blind posts its last 3. UTG folds: the small blind is the only
    # seat with chips. The full big blind is no longer owed (nobody could match more than
    # 3): it may check but not raise, and 2 of its 5 come back as uncalled.
    hand = start(
        [500, 500, 3],
        button=0,
        small_blind_seat=1,
        big_blind_seat=2,
        blinds=(5, 10),
        holes={1: "KsKh", 2: "AsAd"},
        board=BOARD,
    )
    play(hand, "0 f")
    legal = hand.legal_actions()
    assert (legal.seat, legal.to_call, legal.can_check, legal.raise_kind) == (1, 0, True, None)
    refuse(hand, 1, Action.raise_to(20), ErrorReason.NO_OPPONENT_CAN_CALL)
    events = play(hand, "1 x")
    assert [(e.seat, e.amount) for e in of_type(events, BetReturned)] == [(1, 2)]
    assert pots(hand) == [(6, (1, 2), (2,), (6,))]
    assert hand.stacks == (500, 497, 6)


def test_short_big_blind_heads_up_runs_out_at_once_with_three_burns() -> None:
    # Heads-up, blinds 5/10: the big blind has 3 chips. The button's 5 already cover it,
    # so nobody has a decision: the 2 uncalled come back, both hands are turned face up,
    # then flop, turn and river are dealt, each after a burn.
    hand = start(
        [100, 3],
        button=0,
        small_blind_seat=0,
        big_blind_seat=1,
        blinds=(5, 10),
        holes={0: "AsAd", 1: "KsKh"},
        board=BOARD,
    )
    events = hand.events
    assert hand.is_over and not of_type(events, ActionRequired)
    kinds = [type(e) for e in events]
    returned = kinds.index(BetReturned)
    reveal = kinds.index(HandRevealed)
    assert returned < reveal < kinds.index(CardBurned)
    assert [e.seat for e in of_type(events, HandRevealed)] == [1, 0]  # left of the button
    assert kinds[reveal:].count(CardBurned) == 3 and kinds[reveal:].count(StreetDealt) == 3
    assert hand.board == parse_cards(BOARD)
    assert pots(hand) == [(6, (0, 1), (0,), (6,))]
    assert hand.stacks == (103, 0)


def test_an_ante_the_stack_cannot_cover_is_all_in_and_wins_only_its_level() -> None:
    # Ante 5, blinds 1/2: seat 0 has 3 chips, posts them as its ante and is all-in. The
    # others still face the big blind. Its 3 make a main pot of 3 from each (9); the
    # rest (the antes' other 2 each, blinds and calls) is a side pot it cannot win.
    hand = start(
        [3, 100, 100],
        button=0,
        small_blind_seat=1,
        big_blind_seat=2,
        ante=5,
        holes={0: "AsAd", 1: "KsKh", 2: "QsQh"},
        board=BOARD,
    )
    antes = [(e.seat, e.amount, e.all_in) for e in of_type(hand.events, AntePosted)]
    assert sorted(antes) == [(0, 3, True), (1, 5, False), (2, 5, False)]
    assert hand.actor == 1 and hand.legal_actions().to_call == 1  # the ante is not a bet
    play(hand, "1 c", "2 x")
    check_down(hand)
    assert pots(hand) == [(9, (0, 1, 2), (0,), (9,)), (8, (1, 2), (1,), (8,))]
    assert hand.stacks == (9, 101, 93)


def test_big_blind_ante_is_posted_before_the_big_blind_when_the_stack_is_short() -> None:
    # Big-blind ante 30, blinds 5/10, the big blind has 20: the ante is taken first (all
    # 20), so no big blind is posted, yet the others still face 10. The big blind's only
    # chips are dead money in the main pot: with the best hand it wins those 20 back and
    # nothing more. RULES.md does not say which comes first; this pins the engine's
    # choice: ante first (rooms differ; the WSOP, for one, takes the blind first).
    hand = start(
        [100, 100, 20],
        button=0,
        small_blind_seat=1,
        big_blind_seat=2,
        blinds=(5, 10),
        ante=30,
        big_blind_ante=True,
        holes={2: "AsAd", 0: "KsKh", 1: "QsQh"},
        board=BOARD,
    )
    assert [(e.seat, e.amount, e.all_in) for e in of_type(hand.events, AntePosted)] == [
        (2, 20, True)
    ]
    assert [(e.seat, e.kind) for e in of_type(hand.events, BlindPosted)] == [(1, BlindKind.SMALL)]
    assert hand.dead_money == 20
    legal = hand.legal_actions()
    assert (legal.seat, legal.to_call, legal.min_raise_to) == (0, 10, 20)
    play(hand, "0 c", "1 c")
    check_down(hand)
    assert pots(hand) == [(20, (0, 1, 2), (2,), (20,)), (20, (0, 1), (0,), (20,))]
    assert hand.stacks == (110, 90, 20)


# -- odd chips -------------------------------------------------------------------------------


def test_heads_up_odd_chip_goes_to_the_big_blind_first_left_of_the_button() -> None:
    # Blinds 1/2 with a big-blind ante of 1: the pot is 5. Both play the royal flush on the
    # board; the odd chip goes to the big blind, the first seat left of the button.
    hand = start(
        [100, 100],
        button=0,
        small_blind_seat=0,
        big_blind_seat=1,
        ante=1,
        big_blind_ante=True,
        board=ROYAL,
    )
    play(hand, "0 c", "1 x")
    check_down(hand)
    (pot,) = of_type(hand.events, PotAwarded)
    assert (pot.amount, pot.winners, pot.shares, pot.odd_chip_seats) == (5, (1, 0), (3, 2), (1,))
    assert hand.stacks == (100, 100)  # the big blind gets its ante back with the odd chip


def test_odd_chip_left_of_a_button_on_an_empty_seat() -> None:
    # Dead button on empty seat 1: small blind 2, big blind 3, seat 0 last. The small
    # blind folds; seats 3 and 0 split 5. Clockwise from the button, seat 3 comes before
    # seat 0, so it gets the odd chip (seat order alone would pick seat 0).
    hand = start([100, 0, 100, 100], button=1, small_blind_seat=2, big_blind_seat=3, board=ROYAL)
    play(hand, "0 c", "2 f", "3 x")
    check_down(hand)
    (pot,) = of_type(hand.events, PotAwarded)
    assert (pot.amount, pot.winners, pot.shares, pot.odd_chip_seats) == (5, (3, 0), (3, 2), (3,))


# -- who shows first ---------------------------------------------------------------------------


def test_the_last_river_raiser_shows_first_not_the_first_bettor() -> None:
    hand = start([100] * 4, button=1, small_blind_seat=2, big_blind_seat=3)
    play(hand, "0 c", "1 c", "2 c", "3 x")
    for _ in range(2):
        play(hand, "2 x", "3 x", "0 x", "1 x")
    play(hand, "2 b4", "3 r8", "0 c", "1 c", "2 c")
    assert [s.seat for s in of_type(hand.events, HandShown)] == [3, 0, 1, 2]


def test_a_turn_bet_does_not_count_when_the_river_is_checked() -> None:
    # The turn bettor (seat 0) does not show first: nobody bet on the river, so the first
    # remaining seat left of the button does. The small blind folded: that is the big blind.
    hand = start([100] * 4, button=1, small_blind_seat=2, big_blind_seat=3)
    play(hand, "0 c", "1 c", "2 c", "3 x")
    play(hand, "2 x", "3 x", "0 x", "1 x")
    play(hand, "2 x", "3 x", "0 b4", "1 c", "2 f", "3 c")
    play(hand, "3 x", "0 x", "1 x")
    assert [s.seat for s in of_type(hand.events, HandShown)] == [3, 0, 1]


def test_a_called_all_in_river_bet_shows_every_hand_from_the_left_of_the_button() -> None:
    # RULES.md: "without an all-in" the river bettor shows first; with one, every hand is
    # turned up. The board is complete, so there is no early reveal; the hands are listed
    # from the first seat left of the button, not from the all-in bettor (the button).
    hand = start([50, 100, 100], button=0, small_blind_seat=1, big_blind_seat=2)
    play(hand, "0 c", "1 c", "2 x")
    for _ in range(2):
        play(hand, "1 x", "2 x", "0 x")
    play(hand, "1 x", "2 x", "0 b48", "1 c", "2 c")
    assert not of_type(hand.events, HandRevealed)
    assert [s.seat for s in of_type(hand.events, HandShown)] == [1, 2, 0]


# -- heads-up --------------------------------------------------------------------------------


def test_heads_up_big_blind_option_and_no_river_bet_shows_the_big_blind_first() -> None:
    hand = start([100, 100], button=0, small_blind_seat=0, big_blind_seat=1)
    play(hand, "0 c")
    option = hand.legal_actions()
    assert (option.seat, option.can_check, option.raise_kind, option.min_raise_to) == (
        1,
        True,
        ActionKind.RAISE,
        4,
    )
    play(hand, "1 x")
    for _ in range(3):
        play(hand, "1 x", "0 x")  # after the flop the big blind acts first
    assert [s.seat for s in of_type(hand.events, HandShown)] == [1, 0]


# -- the table: dead button, three to two, places, the end ---------------------------------


def test_both_blinds_out_in_one_hand_the_big_blind_moves_on_and_the_button_sits_empty() -> None:
    # Five seats, button 0, blinds 1 and 2. UTG (3) shoves and knocks out both blinds.
    table = Table(NAMES, [300, 100, 100, 300, 300], TableConfig(), random.Random(1), button=0)
    _, finished = table_hand(
        table,
        "3 r300",
        "4 f",
        "0 f",
        "1 c",
        "2 c",
        button=0,
        big_blind_seat=2,
        holes={3: "AsAd", 1: "7h3c", 2: "8h4c"},
        board=BOARD,
    )
    assert sorted(e.seat for e in of_type(finished, PlayerEliminated)) == [1, 2]
    # Next: the big blind goes to seat 3 (next left of the old big blind), the small blind
    # would be seat 2 (gone): dead; the button moves to seat 1 (gone): empty.
    hand, _ = table_hand(table, "4 f", "0 f", button=1, big_blind_seat=3)
    assert (hand.button, hand.small_blind_seat, hand.big_blind_seat) == (1, None, 3)
    assert started(hand).seats_in_hand == (3, 4, 0)
    # Then the button on empty seat 2, small blind 3, big blind 4; then back to normal.
    hand, _ = table_hand(table, "0 f", "3 f", button=2, big_blind_seat=4)
    assert (hand.button, hand.small_blind_seat, hand.big_blind_seat) == (2, 3, 4)
    hand, _ = table_hand(table, "3 f", "4 f", button=3, big_blind_seat=0)
    assert (hand.button, hand.small_blind_seat, hand.big_blind_seat) == (3, 4, 0)


def test_four_to_two_in_one_hand_nobody_posts_the_big_blind_twice() -> None:
    # Button 0 and UTG 3 (50 each) shove, the small blind (1) calls with aces and wins,
    # the big blind (2) folds. Heads-up next: the big blind moves on to seat 1, seat 2
    # (the last big blind) takes the button and the small blind.
    table = Table(NAMES[:4], [50, 300, 300, 50], TableConfig(), random.Random(1), button=0)
    _, finished = table_hand(
        table,
        "3 r50",
        "0 c",
        "1 c",
        "2 f",
        button=0,
        big_blind_seat=2,
        holes={1: "AsAd", 0: "7h3c", 3: "8h4c"},
        board=BOARD,
    )
    eliminated = [(e.seat, e.place) for e in of_type(finished, PlayerEliminated)]
    assert sorted(eliminated) == [(0, 3), (3, 3)]  # equal stacks at the start share 3rd
    hand, _ = table_hand(table, "2 f", button=2, big_blind_seat=1)
    assert (hand.button, hand.small_blind_seat, hand.big_blind_seat) == (2, 2, 1)
    hand, _ = table_hand(table, "1 f", button=1, big_blind_seat=2)
    assert (hand.button, hand.small_blind_seat, hand.big_blind_seat) == (1, 1, 2)


def test_hand_limit_ties_below_first_share_the_place_and_the_last_hand_can_eliminate() -> None:
    # Hand limit 1, five seats. Seat 4 (30 chips) shoves, the big blind calls and wins;
    # everybody else folds. Stacks 100, 99, 131, 100, 0: seats 0 and 3 tie for 2nd, the
    # small blind is 4th, seat 4 (out in the last hand) 5th.
    table = Table(
        NAMES, [100, 100, 100, 100, 30], TableConfig(hand_limit=1), random.Random(1), button=0
    )
    _, finished = table_hand(
        table,
        "3 f",
        "4 r30",
        "0 f",
        "1 f",
        "2 c",
        button=0,
        big_blind_seat=2,
        holes={2: "AsAd", 4: "7h3c"},
        board=BOARD,
    )
    assert [(e.seat, e.place) for e in of_type(finished, PlayerEliminated)] == [(4, 5)]
    ended = finished[-1]
    assert isinstance(ended, GameEnded)
    assert (ended.reason, ended.winners, ended.standings, ended.stacks) == (
        GameEndReason.HAND_LIMIT,
        (2,),
        (2, 0, 3, 1, 4),
        (100, 99, 131, 100, 0),
    )
    assert table.places == (2, 4, 1, 2, 5)


# -- seed 004's kicker examples (they contradict RULES.md: we follow RULES.md) ---------------


@pytest.mark.parametrize(
    ("first", "second", "board", "category"),
    [
        # Seed 004: "A: 7 y 3, B: 7 y 4, mesa 2, as, sota, 7, 2 -> B gana" (by the 4).
        ("7h 3c", "7d 4s", "2c As Jd 7s 2h", Category.TWO_PAIR),
        # Seed 004: "A: rey y 4, B: rey y 6, en la mesa: rey, 7, 7, rey y 3" (same case).
        ("Kh 4c", "Kd 6s", "Kc 7d 7s Ks 3h", Category.FULL_HOUSE),
    ],
)
def test_seed_004_kicker_examples_are_splits_by_rules_md(
    first: str, second: str, board: str, category: Category
) -> None:
    # Seed 004 says the higher fourth/fifth card wins. RULES.md (seeds 000, 001 and 002):
    # "Only the five chosen cards count; the sixth and seventh never break a tie." Both
    # play 7-7-2-2-A (first case) and K-K-K-7-7 (second): the 3/4 and 4/6 are out of the
    # best five, so the pot is split.
    values = [best_hand(parse_cards(hole), parse_cards(board))[0] for hole in (first, second)]
    assert values[0].category is values[1].category is category
    assert values[0].strength == values[1].strength
    holes = {0: first, 1: second}
    hand = start(
        [100, 100], button=0, small_blind_seat=0, big_blind_seat=1, holes=holes, board=board
    )
    play(hand, "0 c", "1 x")
    check_down(hand)
    (pot,) = of_type(hand.events, PotAwarded)
    assert (pot.winners, pot.shares) == ((1, 0), (2, 2))
    assert hand.stacks == (100, 100)
