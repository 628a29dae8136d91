"""The coach's numbers: exact enumeration heads-up on the turn and river, Monte Carlo
within one point of a long run elsewhere, the price, outs, and the hard bot's choice with
its reason for fold, check, call, bet and raise."""

from __future__ import annotations

import itertools
import random

import pytest

from audiopoker.bots.equity import equity, ids, live
from audiopoker.bots.preflop import preflop_table
from audiopoker.cards import parse_cards
from audiopoker.coach.advice import Estimate, Reason
from audiopoker.coach.advice_words import first_answer
from audiopoker.coach.outs import outs_of
from audiopoker.coach.spot import RANGE_SHARES, RangeName, advise_spot, exact_heads_up
from audiopoker.evaluator import PURE, Category


def enumerate_heads_up(hole: str, board: str) -> float:
    """The pot share against any two cards over every opponent hand and every runout,
    scored by the pure-Python evaluator (not the one the coach uses)."""
    hero = [card.index for card in parse_cards(hole)]
    known = [card.index for card in parse_cards(board)]
    deck = [c for c in range(52) if c not in {*hero, *known}]
    won = 0.0
    deals = 0
    for runout in itertools.combinations(deck, 5 - len(known)):
        full = known + list(runout)
        mine = PURE.strength_ids(hero + full)
        for a, b in itertools.combinations([c for c in deck if c not in runout], 2):
            theirs = PURE.strength_ids([a, b, *full])
            won += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
            deals += 1
    return won / deals


@pytest.mark.parametrize(
    ("hole", "board"),
    [
        ("Ks Kd", "Ah 7d 2c 9s"),
        ("9h Th", "Ah 7h 2c 8h"),
        ("2c 3d", "Ah Kh Qh Jh"),
        ("Ks Kd", "Ah 7d 2c 9s 3h"),
        ("2h 3d", "Ac Kd Qh Js Tc"),  # the board plays: mostly split pots
        ("7c 2d", "Ah Kh Qd 9s 4c"),
    ],
)
def test_heads_up_turn_and_river_against_random_hands_are_exact(hole: str, board: str) -> None:
    advice = advise_spot(parse_cards(hole), parse_cards(board), 60, 20, 2)
    assert advice.exact
    assert advice.estimate is Estimate.RANDOM
    assert advice.equity == pytest.approx(enumerate_heads_up(hole, board), abs=1e-12)


def test_the_exact_enumerator_counts_every_deal() -> None:
    hero, board = ids(parse_cards("Ks Kd")), ids(parse_cards("Ah 7d 2c 9s 3h"))
    # the board's broadway straight for everyone, and no flush possible: always a split
    straight = ids(parse_cards("Ac Kd Qh Js Tc"))
    assert exact_heads_up(ids(parse_cards("2h 3d")), straight) == 0.5
    assert 0.0 < exact_heads_up(hero, board) < 1.0


LONG_RUN = 400_000


@pytest.mark.parametrize(
    ("hole", "board", "players", "range_name"),
    [
        ("Ks Kd", "Ah 7d 2c", 2, "random"),
        ("9h Th", "Ah 7h 2c", 3, "random"),
        ("Qc Jc", "Kd Td 2s 3h", 4, "random"),
        ("Ks Kd", "Ah 7d 2c 9s 3h", 3, "random"),
        ("Ac 5c", "Ad 9h 4s", 6, "random"),
        ("Qc Jc", "Kd Td 2s 3h", 2, "tight"),
        ("8c 8d", "Ah Kd 5c", 3, "loose"),
    ],
)
def test_monte_carlo_is_within_one_point_of_a_long_run(
    hole: str, board: str, players: int, range_name: RangeName
) -> None:
    cards, known = parse_cards(hole), parse_cards(board)
    advice = advise_spot(cards, known, 60, 20, players, range_name=range_name)
    assert not advice.exact
    dead = (*ids(cards), *ids(known))
    combos = live(None, dead)
    if range_name != "random":
        combos = live(preflop_table().top(RANGE_SHARES[range_name]), dead)
    if players == 2 and range_name == "random":
        reference = exact_heads_up(ids(cards), ids(known))  # exact on the flop too
    else:
        ranges = [combos] * (players - 1)
        reference = equity(ids(cards), ids(known), ranges, random.Random(99), LONG_RUN).value
    assert abs(advice.equity - reference) <= 0.01


def test_price_and_the_short_stack() -> None:
    advice = advise_spot(parse_cards("Ks Kd"), parse_cards("Ah 7d 2c"), 60, 20, 3)
    assert advice.pot_odds == pytest.approx(20 / 80)
    assert (advice.pot, advice.to_call, advice.opponents) == (60, 20, 2)
    free = advise_spot(parse_cards("Ks Kd"), parse_cards("Ah 7d 2c"), 60, 0, 3)
    assert free.pot_odds == 0.0 and free.action in ("check", "bet")
    # 40 to call with 30 behind: calling is all in for 30, the other 10 go back
    short = advise_spot(parse_cards("9h Th"), parse_cards("Ah 7d 2c 8h"), 60, 40, 2, stack=30)
    assert (short.pot, short.to_call) == (50, 30)
    assert short.pot_odds == pytest.approx(30 / 80)
    assert short.action in ("fold", "call") and (short.action == "fold" or short.all_in)


@pytest.mark.parametrize(
    ("hole", "board", "pot", "to_call", "players"),
    [
        ("Ks", "Ah 7d 2c", 60, 20, 2),
        ("Ks Kd", "Ah 7d", 60, 20, 2),
        ("Ks Kd", "Ah Kd 2c", 60, 20, 2),
        ("Ks Kd", "Ah 7d 2c", 10, 20, 2),
        ("Ks Kd", "Ah 7d 2c", 60, 20, 11),
        ("Ks Kd", "Ah 7d 2c", 60, -1, 2),
    ],
)
def test_impossible_spots_are_refused(
    hole: str, board: str, pot: int, to_call: int, players: int
) -> None:
    with pytest.raises(ValueError):
        advise_spot(parse_cards(hole), parse_cards(board), pot, to_call, players)


SPOTS = [
    # hole, board, pot, to_call, players, range, action, reason
    ("7c 2d", "Ah Kh Qd 9s", 100, 100, 2, "random", "fold", Reason.PRICE_TOO_HIGH),
    ("8c 8d", "Ah Kd 5c 3s 2h", 40, 10, 2, "random", "call", Reason.PRICE_RIGHT),
    ("7c 2d", "Ah Kh Qd", 60, 0, 3, "random", "check", Reason.CHECK_WEAK),
    ("Ah Ad", "As 7d 2c", 60, 0, 2, "random", "bet", Reason.AHEAD),
    ("Ks Kd", "Ah 7d 2c", 60, 20, 3, "random", "raise", Reason.AHEAD),
    ("Qc Jc", "Kd Td 2s 3h", 60, 30, 2, "loose", "call", Reason.PRICE_RIGHT),
]


@pytest.mark.parametrize(
    ("hole", "board", "pot", "to_call", "players", "range_name", "action", "reason"), SPOTS
)
def test_the_hard_bots_choice_and_its_reason(
    hole: str,
    board: str,
    pot: int,
    to_call: int,
    players: int,
    range_name: RangeName,
    action: str,
    reason: Reason,
) -> None:
    advice = advise_spot(
        parse_cards(hole),
        parse_cards(board),
        pot,
        to_call,
        players,
        range_name=range_name,
    )
    assert (advice.action, advice.reason) == (action, reason)
    if action in ("bet", "raise"):
        assert advice.amount is not None and advice.amount > to_call
    else:
        assert advice.amount is None
    said = {"fold": "Fold:", "check": "Check:", "call": "Call:", "bet": "Bet ", "raise": "Raise "}
    dicho = {
        "fold": "Irte:",
        "check": "Ver:",
        "call": "Seguir:",
        "bet": "Apostar ",
        "raise": "Subir a ",
    }
    assert said[action] in first_answer(advice, "en")
    assert dicho[action] in first_answer(advice, "es")


def test_a_spot_is_reproducible_and_its_generator_is_the_callers() -> None:
    args = (parse_cards("9h Th"), parse_cards("Ah 7h 2c"), 60, 20, 3)
    assert advise_spot(*args) == advise_spot(*args)
    one = advise_spot(*args, rng=random.Random(1))
    assert one == advise_spot(*args, rng=random.Random(1))


@pytest.mark.parametrize(
    ("hole", "board", "counts"),
    [
        ("Ah Kh", "Qh 7h 2c", {Category.FLUSH: 8, Category.PAIR: 6}),  # 2h: tainted
        ("9c 8d", "7h 6s 2c", {Category.STRAIGHT: 8, Category.PAIR: 6}),
        ("9c 8d", "Jh 7s 2c", {Category.STRAIGHT: 4, Category.PAIR: 6}),
        ("7c 7d", "7h Ks 2c 4d", {Category.FOUR_OF_A_KIND: 1, Category.FULL_HOUSE: 9}),
        ("Ac Kd", "7h 7s 2c", {Category.TWO_PAIR: 6}),  # a third 7 or a deuce is no out
        ("Ah Kh", "Qh Jh Th 2c", {Category.STRAIGHT_FLUSH: 0}),  # a royal flush: nothing
    ],
)
def test_outs_by_kind(hole: str, board: str, counts: dict[Category, int]) -> None:
    found = outs_of(parse_cards(hole), parse_cards(board))
    assert found.counted
    assert {g.category: len(g.cards) for g in found.groups} == {
        kind: count for kind, count in counts.items() if count
    }
    assert found.count == sum(counts.values()) == len(set(found.cards))


def test_no_outs_are_counted_before_the_flop_or_on_the_river() -> None:
    assert not outs_of(parse_cards("Ah Kh"), ()).counted
    assert not outs_of(parse_cards("Ah Kh"), parse_cards("Qh 7h 2c 3d 4s")).counted
