"""The coach's first answer is the option its own values rate best (issue 26, point 2): when
the values grade the heuristic's answer an inaccuracy or worse, the answer becomes the
option they measure it against (a bluff still has to be backed), in ``hint`` and at the
table. A grading found hint's QQ on Jh Th 9c facing a pot-size bet: 'call' first, 'raise:
best' and 'call: an inaccuracy, about 4 big blinds less' second; the values were wrong
there (the bettor's nut hands only called a raise), the call is the best now."""

from __future__ import annotations

import json
import random

import pytest
from coach_reasons_support import advised, dealt

from audiopoker.cards import parse_cards
from audiopoker.cli import main
from audiopoker.coach.advice_words import first_answer
from audiopoker.coach.hint_spot import advise_hint
from audiopoker.coach.option_values import AGREES, OptionValue, OptionValues
from audiopoker.coach.review import values_at
from audiopoker.engine.actions import Action, ActionKind
from audiopoker.engine.view import PlayerView


def test_qq_facing_a_pot_bet_on_a_straight_board_calls_and_its_values_agree() -> None:
    # The raise was worth 4 big blinds more while the bettor's nut hands only called it;
    # they re-raise all in now, and the call a strong player grades right is the best.
    for players in (2, 3):
        hint = advise_hint(parse_cards("Qs Qd"), parse_cards("Jh Th 9c"), 60, 30, players)
        assert hint.values is not None
        chosen = hint.values.of(hint.advice.as_action())
        assert hint.advice.action == "call" and chosen is not None
        assert hint.values.grade(chosen) in AGREES
        for size in (90, 120):  # the raise of a pot and more: at best an inaccuracy now
            raised = hint.values.of(Action.raise_to(size))
            assert raised is not None and hint.values.grade(raised) not in AGREES
        english, spanish = first_answer(hint.advice, "en"), first_answer(hint.advice, "es")
        assert english.endswith("Call: you are getting the right price.")
        assert spanish.endswith("Seguir: el precio te compensa.")


@pytest.mark.parametrize("players", ["2", "3"])
def test_hint_json_suggests_what_its_values_grade_best_or_correct(
    capsys: pytest.CaptureFixture[str], players: str
) -> None:
    spot = ["--hand", "Qs Qd", "--board", "Jh Th 9c", "--pot", "60", "--to-call", "30"]
    code = main(["hint", *spot, "--players", players, "--json", "--output", "console"])
    captured = capsys.readouterr()
    assert (code, captured.err) == (0, "")
    data = json.loads(captured.out)
    said = next(
        v for v in data["values"] if (v["action"], v["to"]) == (data["action"], data["amount"])
    )
    assert data["action"] == "call" and said["grade"] in ("best", "correct")


def test_a_first_answer_its_values_agree_with_is_left_alone() -> None:
    hint = advise_hint(parse_cards("Ks Kd"), parse_cards("Ah 7d 2c"), 60, 20, 3)
    assert hint.advice.action == "call"  # the module's own example


# Facing bets and first to act, heads-up and three-way, made hands, draws and air.
SPOTS = [
    ("Qs Qd", "Jh Th 9c", 60, 30, 3),
    ("Ah Kh", "9c 8c 2d 4h", 50, 0, 2),
    ("Tc Th", "4h Ts Kc", 20, 0, 3),
    ("7d 7h", "Jh 8s Td", 24, 12, 2),
    ("Kc Qh", "5c 7h Jd Tc", 23, 8, 2),
    ("As Qd", "Kd 8s 3h 2c 7s", 40, 20, 2),
    ("6d 2c", "Js 9h 9c 8h Kc", 133, 0, 2),
]


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize(("hand", "board", "pot", "bet", "players"), SPOTS)
def test_hint_first_answer_is_graded_best_or_correct_by_its_values(
    hand: str, board: str, pot: int, bet: int, players: int, seed: int
) -> None:
    rng = random.Random(seed)
    hint = advise_hint(parse_cards(hand), parse_cards(board), pot, bet, players, rng=rng)
    assert hint.values is not None
    chosen = hint.values.of(hint.advice.as_action())
    assert chosen is not None
    assert hint.values.grade(chosen) in AGREES, (hint.advice, hint.values)


def test_agreed_keeps_a_close_answer_and_moves_a_poor_one_to_the_best() -> None:
    values = OptionValues(
        (
            OptionValue(Action.fold(), 0.0),
            OptionValue(Action.call(), 10.0),
            OptionValue(Action.raise_to(60), 11.0),
            OptionValue(Action.raise_to(90), 20.0),
        ),
        pot=60,
        big_blind=2,
    )
    assert values.agreed(Action.raise_to(60)) == Action.raise_to(90)  # 4.5 big blinds less
    assert values.agreed(Action.call()) == Action.raise_to(90)
    assert values.agreed(Action.raise_to(90)) == Action.raise_to(90)
    assert values.agreed(Action.raise_to(70)) == Action.raise_to(70)  # not valued: left alone
    close = OptionValues(
        (OptionValue(Action.check(), 10.0), OptionValue(Action.bet(20), 10.5)), 40, 2
    )
    assert close.agreed(Action.check()) == Action.check()  # a quarter of a big blind: correct


def test_a_check_is_never_moved_to_a_bluff() -> None:
    values = OptionValues(
        (OptionValue(Action.check(), 10.0), OptionValue(Action.bet(40), 30.0, bluff=True)), 40, 2
    )
    assert values.agreed(Action.check()) == Action.check()


# Heads-up: the button (seat 0) raises, the big blind calls and checks the flop, the
# button bets; the big blind (seat 1) faces the bet with nines full.
LINE = [(0, Action.raise_to(6)), (1, Action.call()), (1, Action.check()), (0, Action.bet(6))]


def test_at_the_table_the_first_answer_agrees_with_the_second_press() -> None:
    hand, seat = dealt(["Ah Jc", "9d 8c"], LINE, button=0, board="Js 9h 9c 8h 3d")
    view, coach = advised(hand, seat)

    def folds(_view: PlayerView) -> Action:
        return Action.fold()  # a heuristic gone wrong: its values grade it a blunder

    coach.bot.decide = folds  # type: ignore[method-assign,assignment]
    advice = coach.advise(view)
    assert advice.action != "fold"
    spot = random.Random(view.hand_number * 1009 + len(view.history))  # as K twice draws
    values = values_at(coach.bot, view, advice, rng=spot)
    chosen = values.of(advice.as_action())
    assert chosen is not None and values.grade(chosen) in AGREES
    assert values.of(Action.fold()) is not None
    assert advice.as_action().kind in (ActionKind.CALL, ActionKind.RAISE)
