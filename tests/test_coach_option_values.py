"""A value for every option, graded (issue 26, points 2 and 5): the grades' bounds, a bet
met by a range that tightens as it grows, and the review's two spots dealt by the engine:
a 96 big blind shove into a 7 big blind pot with top pair is a mistake or a blunder, and a
river check-down with bottom pair is not flagged. The values said in both languages."""

from __future__ import annotations

import random

import pytest
from coach_reasons_support import advised, dealt

from audiopoker.coach.advice_words import detail_answer, values_sentences
from audiopoker.coach.opponents import opponents_of
from audiopoker.coach.option_values import (
    Grade,
    Opponent,
    OptionValue,
    OptionValues,
    bet_value,
    going_on,
    grade,
)
from audiopoker.coach.review import Decision, HandReview, review_decision
from audiopoker.coach.review_words import review_sentences
from audiopoker.engine.actions import Action, ActionKind

SEEDS = (3, 5, 11)


def test_grades_need_a_loss_large_in_big_blinds_and_in_the_pot() -> None:
    assert grade(0.05, 7) is Grade.BEST
    assert grade(0.4, 7) is Grade.CORRECT
    assert grade(0.8, 7) is Grade.INACCURACY
    assert grade(1.5, 7) is Grade.MISTAKE
    assert grade(2.1, 7) is Grade.BLUNDER
    assert grade(5.0, 100) is Grade.CORRECT  # 5 percent of a big pot: within the noise
    assert grade(40.0, 100) is Grade.BLUNDER


def test_the_range_that_goes_on_tightens_as_the_bet_grows() -> None:
    shares = [going_on(Opponent(1, ()), size) for size in (0.33, 0.66, 1.0, 2.0, 13.0)]
    assert shares == sorted(shares, reverse=True) and shares[-1] < 0.1
    # A bettor's range goes on alike (its strongest value hands re-raise: bet_value).
    valued = [going_on(Opponent(1, (), floor=0.7), size) for size in (0.33, 0.66, 1.0, 2.0, 13.0)]
    assert valued == shares


def shove_spot(seed: int) -> tuple[object, ...]:
    """Heads-up, 100 big blinds: the button (Ah 9d) raises to 7, the big blind calls and
    checks the flop As 8c 4d; the pot holds 7 big blinds."""
    hand, seat = dealt(
        ["Ah 9d", "Kc 7s"],
        [(0, Action.raise_to(7)), (1, Action.call()), (1, Action.check())],
        button=0,
        board="As 8c 4d",
    )
    view, coach = advised(hand, seat, seed)
    return view, coach, coach.advise(view)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_shove_into_a_small_pot_with_top_pair_is_flagged(seed: int) -> None:
    view, coach, advice = shove_spot(seed)
    assert view.legal.pot == 14 and view.legal.max_raise_to == 193  # type: ignore[attr-defined]
    shove = Action.bet(193)
    decision = review_decision(coach.bot, view, advice, shove, all_in=True)  # type: ignore[arg-type]
    assert decision.grade in (Grade.MISTAKE, Grade.BLUNDER)
    assert decision.costly(1.0) and decision.cost >= 1.0
    values = decision.values
    assert values is not None
    smaller = [o for o in values.options if o.action.kind is ActionKind.BET and not o.all_in]
    assert max(o.value for o in smaller) > values.of(shove).value  # type: ignore[union-attr]
    english = review_sentences(HandReview(1, (decision,), threshold=1.0), "en")[0]
    assert english.startswith("On the flop you bet 193 into 14, all in,")
    assert "Betting " in english and "Betting 193" not in english


@pytest.mark.parametrize("seed", SEEDS)
def test_a_bigger_bet_meets_fewer_and_stronger_hands(seed: int) -> None:
    view, coach, _ = shove_spot(seed)
    opponents = opponents_of(coach.bot, view)  # type: ignore[arg-type]
    rng = random.Random(seed)
    third, _ = bet_value(view, opponents, Action.bet(5), rng)  # type: ignore[arg-type]
    shove, bluff = bet_value(view, opponents, Action.bet(193), rng)  # type: ignore[arg-type]
    assert shove < third  # the value does not keep rising with the size
    assert bluff  # top pair is behind the few hands that call 96 big blinds


CHECK_DOWN = [
    (0, Action.raise_to(6)),
    (1, Action.call()),
    (1, Action.check()),
    (0, Action.bet(8)),
    (1, Action.call()),
    (1, Action.check()),
    (0, Action.check()),
]


@pytest.mark.parametrize(
    ("holes", "extra"), [(["6h 2c", "Qd Ts"], True), (["Qd Ts", "6h 2c"], False)]
)
@pytest.mark.parametrize("seed", SEEDS)
def test_a_check_down_with_bottom_pair_is_not_flagged(
    holes: list[str], extra: bool, seed: int
) -> None:
    actions = [*CHECK_DOWN, (1, Action.check())] if extra else CHECK_DOWN
    hand, seat = dealt(holes, actions, button=0, board="Kh 9c 2d 7s 4h")
    view, coach = advised(hand, seat, seed)
    assert view.hole_cards[1].rank == 2 or view.hole_cards[0].rank == 6  # the pair of twos
    advice = coach.advise(view)
    decision = review_decision(coach.bot, view, advice, Action.check())
    assert decision.cost == 0.0 and decision.grade is Grade.BEST and not decision.costly()
    for lang, line in (("en", "Well played"), ("es", "Bien jugado")):
        assert review_sentences(HandReview(1, (decision,)), lang)[0].startswith(line)


def test_the_values_are_reproducible_for_a_seed() -> None:
    found = []
    for _ in range(2):
        view, coach, advice = shove_spot(7)
        decision = review_decision(coach.bot, view, advice, Action.bet(193))  # type: ignore[arg-type]
        assert decision.values is not None
        found.append([o.value for o in decision.values.options])
    assert found[0] == found[1]


VALUES = OptionValues(
    (
        OptionValue(Action.check(), 24.0),
        OptionValue(Action.bet(16), 22.6),
        OptionValue(Action.bet(32), 23.0),
        OptionValue(Action.bet(190), -56.0, all_in=True),
    ),
    pot=48,
    big_blind=2,
)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            [
                "Check: best.",
                "Bet 32: nearly as good.",
                "Bet 16: about 1 big blind less.",
                "All in: a blunder, about 40 big blinds less.",
            ],
        ),
        (
            "es",
            [
                "Ver: lo mejor.",
                "Apostar 32: casi igual de bien.",
                "Apostar 16: alrededor de 1 ciega grande menos.",
                "Jugar el resto: un error grave, unas 40 ciegas grandes menos.",
            ],
        ),
    ],
)
def test_each_option_is_said_with_its_grade(lang: str, said: list[str]) -> None:
    assert values_sentences(VALUES, lang) == said  # type: ignore[arg-type]


def test_the_second_press_ends_with_the_values() -> None:
    view, coach, advice = shove_spot(5)
    decision = review_decision(coach.bot, view, advice, Action.bet(193))  # type: ignore[arg-type]
    assert isinstance(decision, Decision) and decision.values is not None
    for lang, best in (("en", ": best."), ("es", ": lo mejor.")):
        detail = detail_answer(advice, lang, values=decision.values)  # type: ignore[arg-type]
        assert detail.startswith(detail_answer(advice, lang))  # type: ignore[arg-type]
        assert best in detail and detail.count(best) == 1
    assert "All in: a " in detail_answer(advice, "en", values=decision.values)  # type: ignore[arg-type]
