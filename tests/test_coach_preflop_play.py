"""The coach before the flop at the table (issue 26, point 4): K follows the same chart as
``audiopoker hint`` with no board, read off the real hand (seat, what was bet, callers,
depth, what the seat already put in), and says its reason in both languages; against a
player it has read far from an unknown one it leaves the chart only the way the read
points, and says why."""

from __future__ import annotations

from dataclasses import replace

import pytest
from coach_reasons_support import advised, dealt

from audiopoker.bots.ranges import Read
from audiopoker.coach.advice import Advice
from audiopoker.coach.advice_words import detail_answer, first_answer
from audiopoker.coach.preflop_chart import Facing, PreflopSpot, advise_preflop
from audiopoker.coach.preflop_play import FarRead, chart_action, chart_spot, leaves_chart
from audiopoker.coach.preflop_words import preflop_first
from audiopoker.engine.actions import Action, ActionKind
from audiopoker.engine.hand import Hand
from audiopoker.engine.view import PlayerView
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


def facing_a_maniac(hole: str, seen: int = 40, light: float | None = None) -> Advice:
    """Under the gun raises to 5, two fold, the button holds ``hole``; the coach has read
    the raiser as a player who plays 92 percent of hands over ``seen`` hands (everyone else
    unknown). ``light``: the hard bot's light re-raise rate, in place of its draw."""
    holes = six(4, hole)
    hand, _ = dealt(holes, [(1, A.raise_to(5)), (2, A.fold()), (3, A.fold())], button=4)
    view, coach = advised(hand, 4)
    maniac, unknown = Read(open=0.9, vpip=0.92, reraise=0.3), Read()

    def read(_view: PlayerView, seat: int) -> Read:
        return maniac if seat == 1 else unknown

    coach.bot.read = read  # type: ignore[method-assign,assignment]
    if light is not None:
        coach.bot.light_reraise_rate = lambda *_: light  # type: ignore[method-assign]
    coach.model.of(1).hands = seen
    return coach.advise(view)


def test_against_a_maniac_the_coach_plays_on_where_the_chart_folds_and_says_why() -> None:
    # a light re-raise against the wide lone raiser (a 30 % draw) is what plays on here
    advice = facing_a_maniac("Kd 9h", light=1.0)
    assert advice.chart is not None and advice.chart.action == "fold"
    assert advice.deviation == FarRead(1, 0.92, loose=True)
    assert advice.action in ("call", "raise")
    english, spanish = first_answer(advice, "en"), first_answer(advice, "es")
    assert "facing a raise to 5: fold;" in english
    assert "But against a player who plays about 92 percent of hands: " in english
    assert "Pero contra un rival que juega alrededor del 92 por ciento de las manos: " in spanish


def test_a_read_of_a_few_hands_does_not_move_the_coach_off_the_chart() -> None:
    advice = facing_a_maniac("Kd 9h", seen=3)  # one showdown can make anyone look loose
    assert advice.deviation is None and advice.action == "fold"


@pytest.mark.parametrize("hole", ["Ah Kh", "Ah 9h"])
def test_a_read_never_makes_the_coach_play_less_against_a_loose_raiser(hole: str) -> None:
    advice = facing_a_maniac(hole)
    assert advice.chart is not None and advice.deviation is None
    assert advice.action == advice.chart.action  # re-raise ace-king, call ace-nine suited
    assert "But against" not in first_answer(advice, "en")


@pytest.mark.parametrize(
    ("facing", "chart_says", "read_says", "loose", "leaves"),
    [
        ("none", ActionKind.FOLD, ActionKind.RAISE, False, True),  # steal from tight blinds
        ("raise", ActionKind.CALL, ActionKind.FOLD, False, True),  # give up to a tight raise
        ("raise", ActionKind.CALL, ActionKind.RAISE, False, False),
        ("raise", ActionKind.FOLD, ActionKind.CALL, True, True),  # defend against a maniac
        ("raise", ActionKind.RAISE, ActionKind.FOLD, True, False),
    ],
)
def test_the_chart_is_left_only_the_way_the_read_points(
    facing: Facing, chart_says: ActionKind, read_says: ActionKind, loose: bool, leaves: bool
) -> None:
    spot = PreflopSpot("K9o", Position.BUTTON, 6, facing)
    chart = advise_preflop(spot)
    far = FarRead(1, 0.9 if loose else 0.08, loose)
    left = leaves_chart(chart, Action(chart_says), Action(read_says), far)
    assert left == (far if leaves else None)
    assert leaves_chart(chart, Action(chart_says), Action(read_says), None) is None


@pytest.mark.parametrize(
    ("stack", "action", "line"), [(200, "call", "set"), (100, "call", "set"), (40, "fold", "raise")]
)
def test_a_small_pair_calls_a_raise_for_a_set_when_the_stacks_are_deep(
    stack: int, action: str, line: str
) -> None:
    # Pocket fours on the button facing a raise to 5 and a call: the chart's calling range
    # leaves them out, but a set wins a stack: deep enough (20 calls), they call.
    spot = PreflopSpot("44", Position.BUTTON, 6, "raise", 1, stack, to_call=5, pot=13)
    hint = advise_preflop(spot)
    assert (hint.action, hint.line) == (action, line)
    if action == "call":
        assert preflop_first(hint, "en").endswith(
            "call 5; a pair calls one raise to make a set when the stacks hold 20 times the call."
        )
        assert "una pareja sigue una subida buscando trío" in preflop_first(hint, "es")
    assert advise_preflop(PreflopSpot("AKs", Position.BUTTON, 6, "raise", 1, stack)).line == "raise"
