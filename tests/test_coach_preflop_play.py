"""The coach before the flop at the table (issue 26, point 4): K follows the same chart as
``audiopoker hint`` with no board, read off the real hand (seat, what was bet, callers,
depth, what the seat already put in), and says its reason in both languages."""

from __future__ import annotations

from dataclasses import replace

import pytest
from coach_reasons_support import advised, dealt

from audiopoker.coach.advice_words import detail_answer, first_answer
from audiopoker.coach.preflop_chart import PreflopSpot, advise_preflop
from audiopoker.coach.preflop_play import chart_action, chart_spot
from audiopoker.engine.actions import Action, ActionKind
from audiopoker.engine.hand import Hand
from audiopoker.narration.positions import Position

A = Action
# Six seats, the button at 4: 5 is the small blind, 0 the big blind, 1 under the gun.
OTHERS = ["Js 2c", "Jc 3d", "4s 5d", "6s 7d", "8s 9d", "Th Qd"]


def six(seat: int, hole: str) -> list[str]:
    holes = list(OTHERS)
    holes[seat] = hole
    return holes


def fold_to(hand: Hand, actor: int, seat: int) -> int:
    while actor != seat:
        hand.act(actor, A.fold())
        assert hand.actor is not None
        actor = hand.actor
    return actor


def test_ten_eight_offsuit_first_in_on_the_button_opens() -> None:
    # The spot: T8o folded first in on the button. The chart opens 45 percent there.
    hand, actor = dealt(six(4, "Tc 8h"), [], button=4)
    fold_to(hand, actor, 4)
    view, coach = advised(hand, 4)
    spot = chart_spot(view)
    assert spot == PreflopSpot(
        "T8o", Position.BUTTON, 6, "none", 0, 200, 1, 2, to_call=2, pot=3, paid=0
    )
    advice = coach.advise(view)
    assert advice.chart == advise_preflop(spot)
    assert (advice.action, advice.amount) == ("raise", 5)
    en = first_answer(advice, "en")
    assert en.startswith("Ten-eight offsuit on the button, everyone folded: raise to 5")
    assert "45 percent" in en and "need" not in en  # first in: no call's price
    es = first_answer(advice, "es")
    assert es.startswith("Diez y ocho de distinto palo en el botón") and "45 por ciento" in es
    detail = detail_answer(advice, "en", ["P0", "P1", "P2", "P3", "P4", "P5"])
    assert "100 big blinds" in detail and "P5:" in detail


def test_the_opener_facing_a_re_raise_counts_its_own_raise() -> None:
    # The button opens to 5, the small blind re-raises to 17: the bet faced is 17, not 12.
    for hole, expected in (("Ah Ad", "raise"), ("7h 2d", "fold")):
        hand, actor = dealt(six(4, hole), [], button=4)
        fold_to(hand, actor, 4)
        hand.act(4, A.raise_to(5))
        hand.act(5, A.raise_to(17))
        hand.act(0, A.fold())
        view, coach = advised(hand, 4)
        spot = chart_spot(view)
        assert spot is not None
        assert (spot.facing, spot.paid, spot.to_call, spot.callers) == ("3bet", 5, 12, 0)
        advice = coach.advise(view)
        assert advice.chart is not None and advice.chart.faced == 17
        assert advice.action == expected
        if expected == "raise":  # a 4-bet of 2.3 times the re-raise
            assert advice.amount == round(2.3 * 17)
        assert "re-raise to 17" in first_answer(advice, "en").lower()


def test_the_big_blind_over_callers_checks_instead_of_folding() -> None:
    hand, actor = dealt(six(0, "9c 4d"), [], button=4)
    actor = fold_to(hand, actor, 3)
    hand.act(3, A.call())
    hand.act(4, A.call())
    hand.act(5, A.call())
    view, coach = advised(hand, 0)
    spot = chart_spot(view)
    assert spot is not None and (spot.facing, spot.callers, spot.paid) == ("none", 3, 2)
    advice = coach.advise(view)
    assert advice.action == "check"
    assert first_answer(advice, "en").startswith("Nine-four offsuit in the big blind")


def test_short_first_in_it_is_all_in_or_fold() -> None:
    stacks = [20] * 6  # 10 big blinds
    hand, actor = dealt(six(4, "As 5h"), [], button=4, stacks=stacks)
    fold_to(hand, actor, 4)
    view, coach = advised(hand, 4)
    advice = coach.advise(view)
    assert advice.chart is not None and advice.chart.line == "push"
    assert (advice.action, advice.amount, advice.all_in) == ("raise", 20, True)
    assert "all in" in first_answer(advice, "en")
    assert "todo" in first_answer(advice, "es") or "resto" in first_answer(advice, "es")


def test_after_the_flop_there_is_no_chart() -> None:
    hand, actor = dealt(six(4, "Ah Kd"), [], button=4, board="2h 7h 9s")
    actor = fold_to(hand, actor, 4)
    hand.act(4, A.call())
    hand.act(5, A.call())
    hand.act(0, A.check())
    assert hand.actor is not None
    view, coach = advised(hand, hand.actor)
    assert chart_spot(view) is None and coach.advise(view).chart is None


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ("raise to 9", Action(ActionKind.RAISE, 9)),
        ("raise to 1000", Action(ActionKind.RAISE, 200)),  # within what the rules allow
        ("all in", Action(ActionKind.RAISE, 200)),
        ("call", Action(ActionKind.CALL)),
        ("fold", Action(ActionKind.FOLD)),
    ],
)
def test_the_chart_answer_is_a_request_the_engine_takes(answer: str, expected: Action) -> None:
    hand, actor = dealt(six(4, "Ah Kd"), [], button=4)
    fold_to(hand, actor, 4)
    view, _ = advised(hand, 4)
    spot = chart_spot(view)
    assert spot is not None
    hint = advise_preflop(spot)
    kind, _, amount = answer.partition(" to ")
    changed = {
        "raise": {"action": "raise", "amount": int(amount or 0), "all_in": False},
        "all in": {"action": "raise", "amount": 200, "all_in": True},
        "call": {"action": "call", "amount": 2, "all_in": False},
        "fold": {"action": "fold", "amount": 0, "all_in": False},
    }[kind]
    assert chart_action(replace(hint, **changed), view.legal) == expected  # type: ignore[arg-type]
