"""RULES.md's worked examples and betting rules, each played through the hand engine.

Pots, side pots, showdown and the two spots where pokerkit reopens raising and our
rules do not. Seats are table seats; scripts are "seat move" steps (see engine_helpers).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from engine_helpers import check_down, of_type, play, raise_terms, refuse, snapshot, start, started

from audiopoker.cards import FULL_DECK, Card, parse_cards
from audiopoker.engine.actions import Action, ActionKind, Street
from audiopoker.engine.events import (
    ActionRequired,
    ActionTaken,
    BetReturned,
    BlindKind,
    BlindPosted,
    CardBurned,
    HandEnded,
    HandRevealed,
    HandShown,
    HoleCardsDealt,
    PotAwarded,
    StreetDealt,
)
from audiopoker.engine.hand import Hand
from audiopoker.engine.replay import replay
from audiopoker.errors import (
    CardError,
    ConfigError,
    ErrorReason,
    HandStateError,
    NotYourTurnError,
)
from audiopoker.evaluator import Category

BOARD = "9c 6d 2s 4h Jc"  # seed 002's side-pot board


# -- minimum bets and raises (TDA 45-A) ---------------------------------------------------


def test_tda_45a_raise_to_500_makes_the_next_minimum_800() -> None:
    hand = start([10_000] * 4, button=0, small_blind_seat=1, big_blind_seat=2, blinds=(100, 200))
    first = hand.legal_actions()
    assert (first.seat, first.to_call, first.min_raise_to, first.raise_kind) == (
        3,
        200,
        400,
        ActionKind.RAISE,
    )
    play(hand, "3 r500")
    legal = hand.legal_actions()
    assert (legal.seat, legal.to_call, legal.min_raise_to, legal.max_raise_to) == (
        0,
        500,
        800,
        10_000,
    )
    error = refuse(hand, 0, Action.raise_to(799), ErrorReason.BELOW_MINIMUM)
    assert error.details == {"seat": 0, "minimum": 800, "maximum": 10_000, "amount": 799}
    refuse(hand, 0, Action.raise_to(10_001), ErrorReason.ABOVE_MAXIMUM)
    play(hand, "0 r800")
    assert hand.legal_actions().min_raise_to == 1100  # +300 is still the last full increment


def test_minimum_bet_is_the_big_blind_and_less_only_all_in() -> None:
    hand = start([500, 500, 15], button=0, small_blind_seat=1, big_blind_seat=2, blinds=(5, 10))
    play(hand, "0 c", "1 c", "2 x")  # flop: the small blind acts first
    legal = hand.legal_actions()
    assert (legal.seat, legal.raise_kind, legal.min_raise_to, legal.can_check) == (
        1,
        ActionKind.BET,
        10,
        True,
    )
    refuse(hand, 1, Action.bet(9), ErrorReason.BELOW_MINIMUM)
    refuse(hand, 1, Action.raise_to(20), ErrorReason.NOTHING_TO_RAISE)
    play(hand, "1 x")
    play(hand, "2 b5")  # seat 2 has 5 left: an all-in bet below the big blind
    taken = of_type(hand.events, ActionTaken)[-1]
    assert (taken.kind, taken.to, taken.all_in, taken.full_raise) == (
        ActionKind.BET,
        5,
        True,
        False,
    )
    legal = hand.legal_actions()
    assert (legal.seat, legal.to_call, legal.min_raise_to) == (0, 5, 15)  # 5 + the big blind


def test_short_all_in_sequence_10_10_15_20_from_seed_001() -> None:
    # Blinds 5/10, four players limp; on the flop: bet 10, call 10, all-in 15, ...
    hand = start([500, 500, 25, 30], button=3, small_blind_seat=0, big_blind_seat=1, blinds=(5, 10))
    play(hand, "2 c", "3 c", "0 c", "1 x")
    play(hand, "0 b10", "1 c", "2 r15")
    newcomer = hand.legal_actions()  # seat 3 has not acted: it may raise, to at least 25
    assert (newcomer.seat, newcomer.to_call, newcomer.raise_kind) == (3, 15, ActionKind.RAISE)
    assert (newcomer.min_raise_to, newcomer.max_raise_to) == (20, 20)  # only 20 chips: all-in
    play(hand, "3 r20")  # ... another all-in reaches 20: +10 since the first two acted
    for seat in (0, 1):
        legal = hand.legal_actions()
        assert raise_terms(legal) == (seat, 10, ActionKind.RAISE, 30)
        play(hand, f"{seat} c")


def test_short_all_in_leaves_the_first_two_only_call_or_fold() -> None:
    hand = start(
        [500, 500, 25, 500], button=3, small_blind_seat=0, big_blind_seat=1, blinds=(5, 10)
    )
    play(hand, "2 c", "3 c", "0 c", "1 x")
    play(hand, "0 b10", "1 c", "2 r15")
    newcomer = hand.legal_actions()
    assert (newcomer.seat, newcomer.min_raise_to, newcomer.raise_kind) == (3, 25, ActionKind.RAISE)
    refuse(hand, 3, Action.raise_to(24), ErrorReason.BELOW_MINIMUM)
    play(hand, "3 c")
    for seat in (0, 1):
        legal = hand.legal_actions()
        assert (legal.seat, legal.to_call, legal.raise_kind) == (seat, 5, None)
        assert legal.all_in() is None
        refuse(hand, seat, Action.raise_to(25), ErrorReason.RAISE_NOT_REOPENED)
        play(hand, f"{seat} c")
    assert hand.street is Street.TURN


def test_a_third_short_all_in_keeps_raising_open_once_the_increase_was_full() -> None:
    # Bet 10, call, all-in 15, all-in 20 (+10 since the caller acted: reopened), all-in 22.
    # The caller faces 12 more than it put in: still at least a full increment, so it may
    # raise (pokerkit closes it again here; seed 001 measures from the caller's last bet).
    hand = start(
        [500, 500, 25, 30, 32], button=4, small_blind_seat=0, big_blind_seat=1, blinds=(5, 10)
    )
    play(hand, "2 c", "3 c", "4 c", "0 c", "1 x")
    play(hand, "0 b10", "1 c", "2 r15", "3 r20", "4 r22")
    legal = hand.legal_actions()
    assert raise_terms(legal) == (0, 12, ActionKind.RAISE, 32)


def test_limper_may_not_reraise_a_short_all_in_raise() -> None:
    # pokerkit reopens here. Blinds 1/2: the button limps, the small blind (3 chips) goes
    # all-in to 3 (+1, less than a full raise), the big blind calls: the limper may only
    # call or fold.
    hand = start([3, 100, 100], button=2, small_blind_seat=0, big_blind_seat=1)
    play(hand, "2 c", "0 r3")
    big_blind = hand.legal_actions()  # not acted yet: may raise, to 3 + 2
    assert (big_blind.seat, big_blind.raise_kind, big_blind.min_raise_to) == (
        1,
        ActionKind.RAISE,
        5,
    )
    play(hand, "1 c")
    limper = hand.legal_actions()
    assert (limper.seat, limper.to_call, limper.raise_kind) == (2, 1, None)
    refuse(hand, 2, Action.raise_to(5), ErrorReason.RAISE_NOT_REOPENED)


def test_caller_may_not_reraise_after_short_bet_and_short_raise() -> None:
    # pokerkit reopens here. On the flop the small blind bets its last chip (below the big
    # blind), the big blind calls 1, UTG goes all-in to 2 (+1), the button calls: the big
    # blind's call stands and it may not re-raise.
    hand = start([3, 100, 4, 100], button=3, small_blind_seat=0, big_blind_seat=1)
    play(hand, "2 c", "3 c", "0 c", "1 x")
    play(hand, "0 b1", "1 c", "2 r2", "3 c")
    legal = hand.legal_actions()
    assert (legal.seat, legal.to_call, legal.raise_kind) == (1, 1, None)
    refuse(hand, 1, Action.raise_to(4), ErrorReason.RAISE_NOT_REOPENED)


def test_nobody_may_raise_when_every_opponent_is_all_in() -> None:
    hand = start([100, 500, 500], button=0, small_blind_seat=1, big_blind_seat=2)
    play(hand, "0 r100", "1 f")
    legal = hand.legal_actions()
    assert (legal.seat, legal.to_call, legal.raise_kind, legal.call_is_all_in) == (
        2,
        98,
        None,
        False,
    )
    refuse(hand, 2, Action.raise_to(300), ErrorReason.NO_OPPONENT_CAN_CALL)


def test_a_call_that_takes_every_chip_is_an_all_in_call() -> None:
    hand = start([100, 40, 500], button=0, small_blind_seat=1, big_blind_seat=2)
    play(hand, "0 r60")
    legal = hand.legal_actions()
    assert (legal.seat, legal.to_call, legal.call_is_all_in, legal.raise_kind) == (
        1,
        39,
        True,
        None,
    )
    assert legal.all_in() == Action.call()
    refuse(hand, 1, Action.raise_to(40), ErrorReason.NO_CHIPS_TO_RAISE)


# -- blinds and antes ----------------------------------------------------------------------


def test_short_big_blind_posts_its_stack_and_the_others_face_the_full_blind() -> None:
    hand = start([500, 500, 3], button=0, small_blind_seat=1, big_blind_seat=2, blinds=(5, 10))
    blinds = [(e.seat, e.amount, e.all_in) for e in of_type(hand.events, BlindPosted)]
    assert blinds == [(1, 5, False), (2, 3, True)]
    legal = hand.legal_actions()
    assert (legal.seat, legal.to_call, legal.min_raise_to) == (0, 10, 20)
    play(hand, "0 c", "1 c")  # the small blind completes to the full 10
    assert hand.street is Street.FLOP and hand.pot == 23


def test_short_small_blind_is_all_in() -> None:
    hand = start([500, 1, 500], button=0, small_blind_seat=1, big_blind_seat=2, blinds=(5, 10))
    assert hand.stacks == (500, 0, 490) and 1 in hand.all_in_seats
    assert hand.legal_actions().to_call == 10


def test_antes_are_dead_money_and_do_not_change_the_call() -> None:
    hand = start([100, 100, 100], button=0, small_blind_seat=1, big_blind_seat=2, ante=5)
    legal = hand.legal_actions()
    assert (legal.to_call, legal.min_raise_to, legal.pot, legal.committed) == (2, 4, 18, 0)
    assert hand.stacks == (95, 94, 93)


def test_big_blind_ante_is_dead_money_every_live_hand_may_win() -> None:
    # The big blind posts a 30-chip ante for the table. Seat 0 (all-in for 10) has the
    # best hand: it wins the whole ante plus 10 from each caller, not just 10 of the ante.
    holes = {0: "AsAd", 1: "7c2h", 2: "8d3c"}
    hand = start(
        [10, 500, 500],
        button=0,
        small_blind_seat=1,
        big_blind_seat=2,
        blinds=(5, 10),
        ante=30,
        big_blind_ante=True,
        holes=holes,
        board=BOARD,
    )
    assert hand.dead_money == 30 and hand.stacks == (10, 495, 460)
    assert hand.legal_actions().to_call == 10  # the ante is not a bet
    play(hand, "0 c", "1 c", "2 x", "1 x", "2 x", "1 x", "2 x", "1 x", "2 x")
    pots = of_type(hand.events, PotAwarded)
    assert [(p.amount, p.eligible, p.winners) for p in pots] == [(60, (0, 1, 2), (0,))]


# -- pots: RULES.md worked examples --------------------------------------------------------


def test_seed_000_side_pot_a_100_b_300_c_calls() -> None:
    holes = {0: "AsAd", 1: "KsKh", 2: "QsQh"}  # A > B > C
    hand = start(
        [100, 300, 1000], button=0, small_blind_seat=1, big_blind_seat=2, holes=holes, board=BOARD
    )
    play(hand, "0 r100", "1 r300", "2 c")
    pots = of_type(hand.events, PotAwarded)
    assert [(p.amount, p.eligible, p.winners) for p in pots] == [
        (300, (0, 1, 2), (0,)),
        (400, (1, 2), (1,)),
    ]
    assert hand.stacks == (300, 400, 700)


def test_seed_000_c_with_the_best_hand_wins_both_pots() -> None:
    holes = {0: "QsQh", 1: "KsKh", 2: "AsAd"}
    hand = start(
        [100, 300, 1000], button=0, small_blind_seat=1, big_blind_seat=2, holes=holes, board=BOARD
    )
    play(hand, "0 r100", "1 r300", "2 c")
    assert hand.stacks == (0, 0, 1400)


def test_seed_001_uncalled_30_returned_main_60_side_60() -> None:
    # C bets 80 first; A (20) and B (50) call all-in. A has the best hand, C the second.
    holes = {0: "AsAd", 1: "QsQh", 2: "KsKh"}
    hand = start(
        [20, 50, 200], button=2, small_blind_seat=0, big_blind_seat=1, holes=holes, board=BOARD
    )
    events = play(hand, "2 r80", "0 c", "1 c")
    returned = of_type(events, BetReturned)
    assert [(e.seat, e.amount) for e in returned] == [(2, 30)]
    pots = of_type(events, PotAwarded)
    assert [(p.amount, p.eligible, p.winners) for p in pots] == [
        (60, (0, 1, 2), (0,)),
        (60, (1, 2), (2,)),
    ]
    assert events.index(returned[0]) < events.index(pots[0])  # returned before pots
    assert hand.stacks == (60, 0, 210)


def test_seed_002_ana_beto_carla_side_pots() -> None:
    # Ana 1,000 all-in, Beto 3,000 all-in, Carla calls 3,000; AA, KK, QQ on 9c 6d 2s 4h Jc.
    holes = {0: "AsAd", 1: "KsKh", 2: "QsQh"}
    hand = start(
        [1000, 3000, 5000],
        button=0,
        small_blind_seat=1,
        big_blind_seat=2,
        blinds=(50, 100),
        holes=holes,
        board=BOARD,
    )
    play(hand, "0 r1000", "1 r3000", "2 c")
    pots = of_type(hand.events, PotAwarded)
    assert [(p.amount, p.winners) for p in pots] == [(3000, (0,)), (4000, (1,))]
    assert hand.stacks == (3000, 4000, 2000)
    assert hand.board == parse_cards(BOARD)


def test_folded_chips_count_in_the_pot_levels() -> None:
    # Seat 3 raises to 50 and folds to a shove; its 50 stay in the pots.
    holes = {0: "AsAd", 1: "KsKh", 2: "QsQh"}
    hand = start(
        [40, 500, 500, 500],
        button=3,
        small_blind_seat=0,
        big_blind_seat=1,
        holes=holes,
        board=BOARD,
    )
    play(hand, "2 r20", "3 r50", "0 c", "1 r500", "2 c", "3 f")
    pots = of_type(hand.events, PotAwarded)
    # main: 40 x 3 live + 40 of seat 3's 50; side: 460 x 2 + seat 3's last 10
    assert [(p.amount, p.eligible, p.winners) for p in pots] == [
        (160, (0, 1, 2), (0,)),
        (930, (1, 2), (1,)),
    ]


# -- showdown ------------------------------------------------------------------------------


def test_board_straight_splits_between_deuces_and_nines_seed_001() -> None:
    holes = {0: "2h2s", 1: "9d9c"}
    hand = start(
        [100, 100],
        button=1,
        small_blind_seat=1,
        big_blind_seat=0,
        holes=holes,
        board="Ac Kd Qh Js Tc",
    )
    play(hand, "1 c", "0 x", "0 x", "1 x", "0 x", "1 x", "0 x", "1 x")
    (pot,) = of_type(hand.events, PotAwarded)
    assert (pot.amount, set(pot.winners), pot.shares) == (4, {0, 1}, (2, 2))
    shown = of_type(hand.events, HandShown)
    assert {s.value.category for s in shown} == {Category.STRAIGHT}
    assert [s.hole_cards_used for s in shown] == [0, 0]


def test_two_pair_board_splits_seed_002_and_odd_chip_goes_left_of_the_button() -> None:
    # Q♠Q♦J♣J♥A♣ with K♠3♦ against 2♣4♥: both play Q-Q-J-J-A. The small blind folds, so
    # the pot is 5: the odd chip goes to the first winner left of the button (seat 2).
    holes = {0: "Ks3d", 2: "2c4h"}
    hand = start(
        [100, 100, 100],
        button=0,
        small_blind_seat=1,
        big_blind_seat=2,
        holes=holes,
        board="Qs Qd Jc Jh Ac",
    )
    play(hand, "0 c", "1 f", "2 x", "2 x", "0 x", "2 x", "0 x", "2 x", "0 x")
    (pot,) = of_type(hand.events, PotAwarded)
    assert (pot.amount, pot.winners, pot.shares, pot.odd_chip_seats) == (5, (2, 0), (3, 2), (2,))
    assert hand.stacks == (100, 99, 101)


def test_king_queen_beats_king_jack_by_the_kicker_seed_002() -> None:
    holes = {0: "KhQc", 1: "KsJd"}
    hand = start(
        [100, 100],
        button=1,
        small_blind_seat=1,
        big_blind_seat=0,
        holes=holes,
        board="Kd 8c 4s 3h 2d",
    )
    play(hand, "1 c", "0 x", "0 x", "1 x", "0 x", "1 x", "0 x", "1 x")
    (pot,) = of_type(hand.events, PotAwarded)
    assert pot.winners == (0,) and hand.stacks == (102, 98)


def test_seed_002_six_player_hand_fabio_wins_by_the_king_kicker() -> None:
    # Ana button, Beto SB, Carla BB, Diego, Elena, Fabio; blinds 100/200, deep stacks.
    ana, beto, carla, _diego, _elena, fabio = range(6)
    holes = {carla: "Ah9c", fabio: "AdKc"}
    hand = start(
        [20_000] * 6,
        button=ana,
        small_blind_seat=beto,
        big_blind_seat=carla,
        blinds=(100, 200),
        holes=holes,
        board="As 7c 2d 5h Jd",
    )
    play(hand, "3 f", "4 f", "5 r500", "0 f", "1 f", "2 c")
    assert hand.pot == 1100 and hand.street is Street.FLOP
    assert hand.actor == carla  # first active left of the button
    play(hand, "2 x", "5 b600", "2 c")
    assert hand.pot == 2300
    play(hand, "2 x", "5 x", "2 b1000", "5 c")
    shown = of_type(hand.events, HandShown)
    assert [s.seat for s in shown] == [carla, fabio]  # the last river bettor shows first
    assert [s.value.category for s in shown] == [Category.PAIR, Category.PAIR]
    (pot,) = of_type(hand.events, PotAwarded)
    assert (pot.amount, pot.winners) == (4300, (fabio,))
    assert hand.stacks[fabio] == 20_000 + 2_200 and hand.stacks[carla] == 20_000 - 2_100


def test_without_a_river_bet_the_first_player_left_of_the_button_shows_first() -> None:
    hand = start([100] * 4, button=1, small_blind_seat=2, big_blind_seat=3)
    play(hand, "0 c", "1 c", "2 c", "3 x")
    for _ in range(3):
        play(hand, "2 x", "3 x", "0 x", "1 x")
    assert [s.seat for s in of_type(hand.events, HandShown)] == [2, 3, 0, 1]


def test_all_in_hands_are_shown_at_once_then_the_board_is_completed() -> None:
    hand = start(
        [100, 300, 300],
        button=0,
        small_blind_seat=1,
        big_blind_seat=2,
        holes={0: "AsAd", 1: "KsKh", 2: "QsQh"},
        board=BOARD,
    )
    play(hand, "0 r100", "1 c", "2 c")  # seat 0 is all-in; the other two may still bet
    assert hand.street is Street.FLOP and hand.actor == 1
    events = play(hand, "1 b200", "2 c")  # now nobody has chips: reveal, then run out
    kinds = [type(e) for e in events]
    first_reveal = kinds.index(HandRevealed)
    assert kinds[first_reveal : first_reveal + 3] == [HandRevealed] * 3
    assert [e.seat for e in of_type(events, HandRevealed)] == [1, 2, 0]  # left of the button
    assert kinds[first_reveal + 3 :].count(CardBurned) == 2  # turn and river, with burns
    assert kinds.index(StreetDealt) > first_reveal
    assert isinstance(events[-1], HandEnded)
    assert not of_type(events[first_reveal:], ActionRequired)


def test_one_player_left_wins_at_once_without_showing() -> None:
    hand = start([100, 100, 100], button=0, small_blind_seat=1, big_blind_seat=2)
    events = play(hand, "0 r10", "1 f", "2 f")
    assert not of_type(events, HandShown)
    assert [(e.seat, e.amount) for e in of_type(events, BetReturned)] == [(0, 8)]
    (pot,) = of_type(events, PotAwarded)
    assert (pot.amount, pot.winners, pot.uncontested, pot.winning_value) == (5, (0,), True, None)
    assert hand.stacks == (103, 99, 98) and hand.is_over and hand.actor is None


# -- heads-up ------------------------------------------------------------------------------


def test_heads_up_button_posts_small_blind_acts_first_preflop_and_last_after() -> None:
    hand = start([100, 0, 100], button=2, small_blind_seat=2, big_blind_seat=0)
    dealt = of_type(hand.events, HoleCardsDealt)
    assert [e.seat for e in dealt] == [0, 2]  # the big blind is dealt first
    assert started(hand).seats_in_hand == (0, 2)
    assert dealt[0].cards == (hand.hole_cards(0)[0], hand.hole_cards(0)[1])
    blinds = [(e.seat, e.kind) for e in of_type(hand.events, BlindPosted)]
    assert blinds == [(2, BlindKind.SMALL), (0, BlindKind.BIG)]
    assert hand.actor == 2  # the button acts first before the flop
    play(hand, "2 c", "0 x")
    assert hand.street is Street.FLOP and hand.actor == 0  # ... and last after it
    play(hand, "0 x", "2 x")
    assert hand.street is Street.TURN and hand.actor == 0


def test_cards_are_dealt_from_left_of_the_button_with_burns() -> None:
    deck = list(FULL_DECK)
    hand, events = Hand.start(
        stacks=[50, 50, 50],
        button=0,
        small_blind_seat=1,
        big_blind_seat=2,
        small_blind=1,
        big_blind=2,
        deck=deck,
    )
    dealt = {e.seat: e.cards for e in of_type(events, HoleCardsDealt)}
    assert dealt == {1: (deck[0], deck[3]), 2: (deck[1], deck[4]), 0: (deck[2], deck[5])}
    play(hand, "0 c", "1 c", "2 x")
    assert hand.board == (deck[7], deck[8], deck[9])  # deck[6] was burned
    check_down(hand)
    assert hand.board == (deck[7], deck[8], deck[9], deck[11], deck[13])


# -- refusals ------------------------------------------------------------------------------


def test_refusals_name_the_reason_and_change_nothing() -> None:
    hand = start([100, 100, 100], button=0, small_blind_seat=1, big_blind_seat=2)
    before = snapshot(hand)
    with pytest.raises(NotYourTurnError) as wrong_seat:
        hand.act(1, Action.call())
    assert wrong_seat.value.reason is ErrorReason.NOT_YOUR_TURN
    assert wrong_seat.value.details == {"seat": 1, "actor": 0}
    assert snapshot(hand) == before
    refuse(hand, 0, Action.check(), ErrorReason.CANNOT_CHECK)
    refuse(hand, 0, Action.bet(10), ErrorReason.CANNOT_BET)  # preflop the blinds are a bet
    refuse(hand, 0, Action(ActionKind.RAISE), ErrorReason.MISSING_AMOUNT)
    refuse(hand, 0, Action.raise_to(3), ErrorReason.BELOW_MINIMUM)
    play(hand, "0 c", "1 c")
    refuse(hand, 2, Action.call(), ErrorReason.NOTHING_TO_CALL)
    play(hand, "2 x")
    refuse(hand, 1, Action.raise_to(4), ErrorReason.NOTHING_TO_RAISE)
    play(hand, "1 f", "2 f")
    assert hand.is_over
    with pytest.raises(HandStateError) as over:
        hand.act(0, Action.check())
    assert over.value.reason is ErrorReason.HAND_OVER
    with pytest.raises(HandStateError):
        hand.legal_actions()


def test_a_deck_with_a_repeated_card_or_too_few_cards_is_refused() -> None:
    def start_with(deck: Sequence[Card]) -> None:
        Hand.start(
            stacks=[100, 100, 100],
            button=0,
            small_blind_seat=1,
            big_blind_seat=2,
            small_blind=1,
            big_blind=2,
            deck=deck,
        )

    with pytest.raises(CardError) as duplicate:
        start_with([*FULL_DECK[:20], FULL_DECK[0]])
    assert duplicate.value.reason is ErrorReason.DUPLICATE_CARD
    with pytest.raises(ConfigError) as short:
        start_with(FULL_DECK[:13])
    assert short.value.reason is ErrorReason.DECK_EXHAUSTED
    assert short.value.details == {"needed": 14, "given": 13}


def test_a_hand_needs_two_players_and_a_big_blind_with_chips() -> None:
    with pytest.raises(ConfigError) as alone:
        Hand.start(
            stacks=[100, 0],
            button=0,
            small_blind_seat=None,
            big_blind_seat=0,
            small_blind=1,
            big_blind=2,
            deck=FULL_DECK,
        )
    assert alone.value.reason is ErrorReason.NOT_ENOUGH_PLAYERS
    with pytest.raises(ConfigError) as empty_blind:
        Hand.start(
            stacks=[100, 0, 100],
            button=0,
            small_blind_seat=2,
            big_blind_seat=1,
            small_blind=1,
            big_blind=2,
            deck=FULL_DECK,
        )
    assert empty_blind.value.details["name"] == "big_blind_seat"


# -- the event log -------------------------------------------------------------------------


def test_every_action_returns_events_ending_with_the_next_request() -> None:
    hand = start([100, 100, 100], button=0, small_blind_seat=1, big_blind_seat=2)
    events = hand.act(0, Action.raise_to(6))
    assert isinstance(events[0], ActionTaken) and isinstance(events[-1], ActionRequired)
    assert events[-1].seat == 1 and events[-1].legal == hand.legal_actions()
    assert (events[0].amount, events[0].to, events[0].stack, events[0].pot) == (6, 6, 94, 9)


def test_event_log_replays_to_the_same_hand() -> None:
    hand = start(
        [100, 300, 300],
        button=0,
        small_blind_seat=1,
        big_blind_seat=2,
        ante=1,
        holes={0: "AsAd", 1: "KsKh", 2: "QsQh"},
        board=BOARD,
    )
    play(hand, "0 r99", "1 c", "2 c", "1 b200", "2 c")
    copy = replay(hand.events)
    assert copy.events == hand.events and copy.stacks == hand.stacks and copy.is_over
    half = start([100, 100, 100], button=0, small_blind_seat=1, big_blind_seat=2)
    play(half, "0 c", "1 c", "2 x", "1 b4")
    again = replay(half.events)
    assert again.events == half.events and again.legal_actions() == half.legal_actions()
