"""The coach's honest reasons at real tables (issue 26, point 3): spots dealt by the engine
and advised by the coach (the hard bot's own decision), or decisions given to
``build_advice``, said in both languages. Each test is one reason that misled before: a
first-in open told as a call's price, "ahead of most" multiway below one half, "below the
price" with equal numbers, a shove told by a call's price, a short stack that was the
blinds'."""

from __future__ import annotations

import pytest
from coach_reasons_support import advised, dealt

from audiopoker.coach.advice import Estimate, Kind, Reason, build_advice
from audiopoker.coach.advice_words import detail_answer, first_answer, suggestion
from audiopoker.coach.opponent_range import OpponentRange
from audiopoker.engine.actions import Action
from audiopoker.engine.view import PlayerView, view_for

SIX = ["7d 2s", "8h 3c", "9s 4d", "Kh 5c", "Jh Th", "Qd 6s"]  # seat 4 holds JTs


def test_a_first_in_open_is_an_open_not_a_calls_price() -> None:
    # button on seat 4: seats 5 and 0 post, 1, 2, 3 fold to the button
    hand, seat = dealt(SIX, [(1, Action.fold()), (2, Action.fold()), (3, Action.fold())], button=4)
    assert seat == 4
    view, coach = advised(hand, seat)
    advice = coach.advise(view)
    assert advice.action == "raise" and advice.first_in and advice.reason is Reason.OPEN
    assert advice.chart is not None  # before the flop K follows the chart, as hint does
    assert advice.open_share == pytest.approx(advice.chart.raise_share) == 0.45
    assert advice.starting is not None and advice.starting <= advice.open_share  # why it opens
    english, spanish = first_answer(advice, "en"), first_answer(advice, "es")
    assert "Calling" not in english and "Seguir con" not in spanish
    assert english == (
        "Jack-ten suited on the button, everyone folded: raise to 5; you open about 45 "
        "percent of hands here."
    )
    assert spanish == (
        "Sota y diez del mismo palo en el botón, todos se han ido: subir a 5; desde aquí "
        "abres alrededor del 45 por ciento de las manos."
    )
    assert detail_answer(advice, "en").startswith(
        "Jack-ten suited is in the best 14 percent of starting hands. You have 100 big blinds."
    )


def test_a_first_in_fold_says_what_this_seat_opens() -> None:
    hand, seat = dealt(SIX, [], button=4)  # seat 1, first to act, holds 8h 3c
    view, coach = advised(hand, seat)
    advice = coach.advise(view)
    assert advice.action == "fold" and advice.reason is Reason.TOO_WEAK and advice.first_in
    assert advice.open_share is not None and advice.starting is not None
    assert advice.starting > advice.open_share
    assert first_answer(advice, "en") == (
        "Eight-three offsuit under the gun, nobody has acted yet: fold; you open about 15 "
        "percent of hands here."
    )
    assert first_answer(advice, "es").startswith("Ocho y tres de distinto palo hablando primero")
    assert "in the best 95 percent of starting hands" in detail_answer(advice, "en")


def test_a_call_after_a_raise_keeps_its_price() -> None:
    raised = [(1, Action.raise_to(6)), (2, Action.fold()), (3, Action.fold())]
    hand, seat = dealt(SIX, raised, button=4)
    view, coach = advised(hand, seat)
    advice = coach.advise(view)
    assert not advice.first_in
    assert first_answer(advice, "en").startswith("Calling 6 to win 9: you need 40 percent.")
    if advice.action == "raise":  # against the raiser alone: value only above an even share
        assert advice.reason is not Reason.FIELD_SHARE or advice.equity > 0.5
        assert advice.reason is not Reason.AHEAD or advice.equity > 0.5


def spot_ranges(count: int) -> tuple[OpponentRange, ...]:
    return tuple(OpponentRange(s, 0.0, 1.0, (), 1.0, (), 1.0) for s in range(count))


def flop_checked_to_the_player() -> PlayerView:
    """Four players see a flop; the three before the player check."""
    holes = ["Kh Kd", "5s 4s", "9d 8d", "Qs Js"]
    preflop = [(2, Action.call()), (3, Action.call()), (0, Action.call()), (1, Action.check())]
    post = [(0, Action.check()), (1, Action.check()), (2, Action.check())]
    hand, seat = dealt(holes, preflop + post, button=3, board="Ah 7d 2c 9s 3h")
    assert seat == 3
    return view_for(hand, seat)


@pytest.mark.parametrize(
    ("share", "reason"),
    [(0.38, Reason.FIELD_SHARE), (0.49, Reason.FIELD_SHARE), (0.51, Reason.AHEAD)],
)
def test_ahead_of_most_only_above_one_half_against_the_field(share: float, reason: Reason) -> None:
    view = flop_checked_to_the_player()
    advice = build_advice(view, Action.bet(6), share, spot_ranges(3), Estimate.SHOWN)
    assert advice.reason is reason and advice.kind is Kind.VALUE
    english, spanish = suggestion(advice, "en"), suggestion(advice, "es")
    if share > 0.5:
        assert english == "Bet 6: you are ahead of most of their hands."
        assert spanish == "Apostar 6: vas por delante de la mayoría de sus manos."
    else:
        assert english == "Bet 6: you win more than an even share of the pot among four players."
        assert spanish == (
            "Apostar 6: ganas más que la parte del bote que toca a cada uno entre cuatro jugadores."
        )


def test_ahead_of_most_is_never_said_at_half_or_below() -> None:
    view = flop_checked_to_the_player()
    for step in range(101):
        share = step / 100
        for action in (Action.bet(6), Action.check()):
            advice = build_advice(view, action, share, spot_ranges(3), Estimate.SHOWN)
            if advice.reason in (Reason.AHEAD, Reason.TRAP):
                assert share > 0.5, (share, advice.reason)


@pytest.mark.parametrize(("share", "even"), [(0.376, True), (0.384, True), (0.374, False)])
def test_equal_numbers_are_never_below_the_price(share: float, even: bool) -> None:
    # heads-up, a raise to 10 called; on the flop a bet of 32 into 20: the price is 32 of 84
    holes = ["Kh Kd", "5s 4s"]
    actions = [(1, Action.raise_to(10)), (0, Action.call()), (0, Action.bet(32))]
    hand, seat = dealt(holes, actions, button=1, board="Ah 7d 2c 9s 3h")
    view = view_for(hand, seat)
    assert (view.legal.to_call, view.legal.pot) == (32, 52)
    assert round(100 * 32 / 84) == 38
    advice = build_advice(view, Action.fold(), share, spot_ranges(1), Estimate.SHOWN)
    english, spanish = first_answer(advice, "en"), first_answer(advice, "es")
    if even:
        assert advice.reason is Reason.CLOSE
        assert "you need 38 percent" in english and "about 38 percent" in english
        assert "below the price" not in english and "no llega al precio" not in spanish
        assert english.endswith(
            "Fold: the chance and the price are about even, so either choice costs little."
        )
        assert "casi igualados" in spanish
    else:
        assert advice.reason is Reason.PRICE_TOO_HIGH
        assert english.endswith("Fold: your chance is below the price.")
