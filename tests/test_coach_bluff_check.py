"""The coach's own bluffs checked against the values (issue 26, points 2 and 3): a bet the
hard bot chose as a pure bluff is suggested only when it is worth more than checking (or
than the best of calling and folding), as the second press counts values; so the first
answer never says "they fold often enough for it to pay" while the values say "check:
best". Bets for value and semi-bluffs are left as the bot chose them."""

from __future__ import annotations

import random

import pytest
from coach_reasons_support import advised, dealt

from audiopoker.cards import parse_cards
from audiopoker.coach.advice import Coach, Kind, Reason
from audiopoker.coach.advice_words import first_answer
from audiopoker.coach.hint_spot import advise_hint
from audiopoker.coach.opponents import opponents_of
from audiopoker.coach.option_values import Grade, option_values
from audiopoker.engine.actions import Action
from audiopoker.engine.view import PlayerView

# Heads-up, the button (seat 0) raises and the big blind (seat 1) calls; the big blind
# checks the flop, the button bets and is called; on the turn the big blind acts first.
LINE = [
    (0, Action.raise_to(6)),
    (1, Action.call()),
    (1, Action.check()),
    (0, Action.bet(6)),
    (1, Action.call()),
]


def turn_spot(hole: str) -> tuple[PlayerView, Coach]:
    hand, seat = dealt(["Ah Jc", hole], LINE, button=0, board="Js 9h 9c 8h 3d")
    assert seat == 1
    return advised(hand, seat)


def test_a_bluff_worth_less_than_a_check_is_a_check() -> None:
    view, coach = turn_spot("6d 2c")  # six high on a paired board
    betting = Action.bet(view.legal.pot)

    def bluff(_view: PlayerView) -> Action:
        return betting

    coach.bot.decide = bluff  # type: ignore[method-assign,assignment]
    advice = coach.advise(view)
    assert advice.action == "check"
    assert advice.reason is not Reason.BLUFF
    english, spanish = first_answer(advice, "en"), first_answer(advice, "es")
    assert english.endswith("Check: a bet would not make them fold often enough.")
    assert spanish.endswith("una apuesta no los haría irse lo bastante a menudo.")
    assert "for it to pay" not in english and "salga a cuenta" not in spanish
    # ... and the values agree: checking is worth at least the bet the bot chose.
    values = option_values(
        view,
        opponents_of(coach.bot, view),
        advice.equity,
        coach.bot.rng,
        extra=[betting],
    )
    check, bet = values.of(Action.check()), values.of(betting)
    assert check is not None and bet is not None and check.value >= bet.value - 0.5


def test_a_value_bet_is_left_as_the_bot_chose_it() -> None:
    view, coach = turn_spot("9d 8c")  # a full house
    betting = Action.bet(view.legal.pot // 2)

    def value_bet(_view: PlayerView) -> Action:
        return betting

    coach.bot.decide = value_bet  # type: ignore[method-assign,assignment]
    advice = coach.advise(view)
    # still a bet; its values may rate a bigger one best (test_coach_agree), never a check
    assert advice.action == "bet" and advice.amount is not None and advice.amount >= betting.to


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize(
    ("hand", "board", "pot", "bet"),
    [
        ("Ah Kh", "9c 8c 2d 4h", 50, 0),  # graded: "Bet 16" first, "Check: best" second
        ("Tc 2c", "5s 3c Js", 4, 0),
        ("6d 2c", "Js 9h 9c 8h Kc", 133, 0),
        ("As Qd", "Kd 8s 3h", 20, 0),
    ],
)
def test_hint_never_suggests_a_bluff_its_own_values_grade_down(
    hand: str, board: str, pot: int, bet: int, seed: int
) -> None:
    hint = advise_hint(parse_cards(hand), parse_cards(board), pot, bet, 2, rng=random.Random(seed))
    chosen = hint.values.of(hint.advice.as_action())
    assert chosen is not None
    if hint.advice.kind is Kind.BLUFF or hint.advice.reason is Reason.PRESSURE:
        assert chosen.value > hint.values.best.value - 0.05 * pot  # within the noise
    assert hint.values.grade(chosen) in (Grade.BEST, Grade.CORRECT), (hint.advice, chosen)
