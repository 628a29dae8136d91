"""Reasons a strong player graded misleading (issue 26, point 3), each said in both
languages: a bet "for value" that only better hands call, a pair of the player's own
checked "for want of folds", a flush named by the board's ace, and the suited wheel aces
the chart folded where a strong player re-raises them as bluffs."""

from __future__ import annotations

import pytest
from coach_reasons_support import dealt
from test_coach_reasons_play import spot_ranges

from audiopoker.cards import parse_cards
from audiopoker.coach.advice import Estimate, Kind, Reason, agreed, build_advice, reason_for
from audiopoker.coach.advice_words import detail_answer, suggestion
from audiopoker.coach.board_hand import board_aware, own_pair
from audiopoker.coach.option_values import (
    OptionValue,
    OptionValues,
    checked_to_raiser,
    raiser_bets,
)
from audiopoker.coach.preflop_chart import PreflopSpot, advise_preflop
from audiopoker.coach.preflop_words import preflop_first
from audiopoker.engine.actions import Action
from audiopoker.engine.view import PlayerView, view_for
from audiopoker.narration.positions import Position


def turn_checked_to_the_player(hole: str, board: str) -> PlayerView:
    """Heads-up: a call of the big blind, checks to the turn; the player (the button)
    acts last on the turn after the big blind checks."""
    holes = [hole, "2s 2h"] if "2s" not in board + hole else [hole, "3s 3h"]
    preflop = [(0, Action.call()), (1, Action.check())]
    post = [(1, Action.check()), (0, Action.check()), (1, Action.check())]
    hand, seat = dealt(holes, preflop + post, button=0, board=board)
    assert seat == 0
    return view_for(hand, seat)


def values_for(view: PlayerView, bet: Action, bluff: bool) -> OptionValues:
    """The check and ``bet`` valued, the bet the better; ``bluff``: it wins less than its
    share against the hands that call it."""
    options = (OptionValue(Action.check(), 10.0), OptionValue(bet, 14.0, bluff=bluff))
    return OptionValues(options, view.legal.pot, view.big_blind)


@pytest.mark.parametrize("bluff", [True, False])
def test_a_bet_is_for_value_only_when_the_callers_are_worse(bluff: bool) -> None:
    # ace high on 6-2-6-T: ahead of most of a flop caller's range, behind the hands that
    # call a bet (they are pairs); worse hands fold, so the bet is not for value
    view = turn_checked_to_the_player("Ad Qs", "6c 2d 6h Th 9s")
    bet = Action.bet(4)
    values = values_for(view, bet, bluff)
    advice = build_advice(view, bet, 0.67, spot_ranges(1), Estimate.SHOWN, values=values)
    if bluff:
        assert advice.reason is Reason.PRESSURE and advice.kind is Kind.PROTECTION
        assert suggestion(advice, "en") == (
            "Bet 4: you beat many of their hands, and weaker ones may fold."
        )
        assert detail_answer(advice, "en").startswith("The reason is protection")
        assert detail_answer(advice, "es").startswith("La razón es la protección")
    else:
        assert advice.reason is Reason.AHEAD and advice.kind is Kind.VALUE
        assert detail_answer(advice, "en").startswith("The reason is value: worse hands pay you.")
    without = build_advice(view, bet, 0.67, spot_ranges(1), Estimate.SHOWN)
    assert without.reason is Reason.AHEAD  # with no values, the range alone decides


@pytest.mark.parametrize(
    ("hole", "board", "reason"),
    [
        ("8c 3c", "3d Td 9c 4d 5s", Reason.CHECK_SHOWDOWN),  # a pair of threes: its own
        ("Kd 4c", "7s 7h 2c 9d 5s", Reason.CHECK_WEAK),  # king high: the pair is the board's
    ],
)
def test_a_pair_of_its_own_is_checked_for_showdown_value(
    hole: str, board: str, reason: Reason
) -> None:
    view = turn_checked_to_the_player(hole, board)
    assert reason_for(view, Action.check(), 0.30, 0.0, 0) is reason
    advice = build_advice(view, Action.check(), 0.30, spot_ranges(1), Estimate.SHOWN)
    english = detail_answer(advice, "en")
    if reason is Reason.CHECK_SHOWDOWN:
        assert english.startswith("The reason is showdown value")
        assert detail_answer(advice, "es").startswith("La razón es el valor al mostrar las cartas")
    else:
        assert english.startswith(
            "The reason is too little fold equity: a bet would be called too often."
        )
        assert advice.kind is Kind.LITTLE_FOLD_EQUITY
    # a pair that almost never wins is still checked for want of folds
    assert reason_for(view, Action.check(), 0.05, 0.0, 0) is Reason.CHECK_WEAK


def test_own_pair_counts_only_the_players_cards() -> None:
    cases = {
        ("8c 3c", "3d Td 9c 4d"): True,
        ("Ad Qs", "6c 2d 6h Th"): False,  # ace high beside the board's sixes
        ("Kd Kc", "7s 2h 2c"): True,  # kings beside the board's twos
        ("6h 5c", "Ah 9h 4h 2h"): True,  # a flush the six makes
        ("Kd 3c", "7s 8h 9c"): False,
    }
    for (hole, board), expected in cases.items():
        assert own_pair(parse_cards(hole), parse_cards(board)) is expected, (hole, board)


def test_a_flush_is_named_by_the_players_card_when_the_board_holds_the_suit() -> None:
    hole, board = parse_cards("6h 5c"), parse_cards("Ah 9h 4h 2h")
    assert (
        board_aware(hole, board, "en") == "a flush with the six of hearts; the board has 4 hearts"
    )
    assert (
        board_aware(hole, board, "es")
        == "color con el seis de corazones; en la mesa hay 4 corazones"
    )
    # two cards of the suit: the player's own flush, named as usual
    assert (
        board_aware(parse_cards("Kh 5h"), parse_cards("Ah 9h 4h 2c"), "en") == "a flush, ace high"
    )


@pytest.mark.parametrize("position", [Position.SMALL_BLIND, Position.CUTOFF, Position.BIG_BLIND])
@pytest.mark.parametrize("hand", ["A5s", "A4s"])
def test_suited_wheel_aces_reraise_as_bluffs(position: Position, hand: str) -> None:
    hint = advise_preflop(PreflopSpot(hand, position, 6, facing="raise"))
    assert (hint.action, hint.line) == ("raise", "bluff")
    assert hint.amount > hint.faced
    english, spanish = preflop_first(hint, "en"), preflop_first(hint, "es")
    assert "a re-raise as a bluff: your ace makes their aces less likely" in english
    assert "una resubida de farol" in spanish
    # not below the depth where a re-raise commits the stack: all in or fold there
    short = advise_preflop(PreflopSpot(hand, position, 6, facing="raise", stack=24))
    assert short.line != "bluff"
    # the other small suited aces are not re-raised as bluffs
    assert advise_preflop(PreflopSpot("A3s", Position.SMALL_BLIND, 6, facing="raise")).line != (
        "bluff"
    )


def test_the_big_blind_defends_wider_for_each_caller() -> None:
    # a raise to 3 big blinds: alone the big blind defends 40 percent; with two callers
    # the price falls from 29 to 16 percent and ten-eight offsuit (best 44) calls
    alone = advise_preflop(PreflopSpot("T8o", Position.BIG_BLIND, 6, facing="raise", to_call=4))
    called = PreflopSpot("T8o", Position.BIG_BLIND, 6, facing="raise", callers=2, to_call=4)
    assert alone.action == "fold"
    assert advise_preflop(called).action == "call"
    assert advise_preflop(called).call_share > alone.call_share
    junk = PreflopSpot("82o", Position.BIG_BLIND, 6, facing="raise", callers=2, to_call=4)
    assert advise_preflop(junk).action == "fold"


@pytest.mark.parametrize(("share", "answer"), [(0.45, Action.call()), (0.35, Action.fold())])
def test_a_fold_the_price_pays_for_is_never_the_first_answer(share: float, answer: Action) -> None:
    # heads-up on the river: a bet of 10 into 14; calling needs 42 percent
    holes = ["Jh 9h", "Kc Qc"]
    actions = [(0, Action.call()), (1, Action.check()), (1, Action.check()), (0, Action.check())]
    hand, seat = dealt(holes, [*actions, (1, Action.bet(10))], button=0, board="5s Jd 3h 6d 2c")
    view = view_for(hand, seat)
    assert (view.legal.to_call, view.legal.pot) == (10, 14)
    options = (
        OptionValue(Action.fold(), 0.0),
        OptionValue(Action.call(), 0.6),  # above the fold, within "correct" of it
    )
    values = OptionValues(options, view.legal.pot, view.big_blind)
    assert values.agreed(Action.fold()) == Action.fold()  # the grade alone keeps the fold
    assert agreed(view, Action.fold(), share, values) == answer


def test_a_suited_connector_calls_in_position_behind_a_caller() -> None:
    spot = PreflopSpot("J9s", Position.BUTTON, 6, facing="raise", callers=1)
    hint = advise_preflop(spot)
    assert (hint.action, hint.line) == ("call", "suited")
    assert "a suited hand that connects calls for a flush or a straight" in preflop_first(
        hint, "en"
    )
    assert "buscando color o escalera" in preflop_first(hint, "es")
    # alone against the raise, out of position, or short: the chart's fold stands
    for other in (
        PreflopSpot("J9s", Position.BUTTON, 6, facing="raise"),
        PreflopSpot("J9s", Position.SMALL_BLIND, 6, facing="raise", callers=1),
        PreflopSpot("J9s", Position.BUTTON, 6, facing="raise", callers=1, stack=60),
        PreflopSpot("J9o", Position.BUTTON, 6, facing="raise", callers=1),
    ):
        assert advise_preflop(other).line != "suited", other


def flop_to_the_raiser(hole: str) -> PlayerView:
    """Heads-up: the button raises to 6, the big blind (the player) calls; on A-7-J the
    player acts first, the raiser still to act."""
    hand, seat = dealt(
        [hole, "Kc Qc"], [(1, Action.raise_to(6)), (0, Action.call())], button=1, board="Ac 7d Js"
    )
    assert seat == 0
    return view_for(hand, seat)


def test_a_check_to_the_raiser_is_valued_with_its_bet_and_answered_first() -> None:
    view = flop_to_the_raiser("Ad 5s")
    assert checked_to_raiser(view)
    assert raiser_bets(view, 0.8) == pytest.approx(0.65 * 0.6 * 12 * 0.6)
    assert raiser_bets(view, 0.4) == 0.0  # a hand behind folds to the bet: nothing more
    # the raiser has bet: no longer a check to it
    after, seat = dealt(
        ["Ad 5s", "Kc Qc"],
        [(1, Action.raise_to(6)), (0, Action.call()), (0, Action.check()), (1, Action.bet(6))],
        button=1,
        board="Ac 7d Js",
    )
    assert not checked_to_raiser(view_for(after, seat))
    lead = Action.bet(12)
    close = OptionValues(
        (OptionValue(Action.check(), 15.9), OptionValue(lead, 16.6)), view.legal.pot, 2
    )
    assert agreed(view, lead, 0.81, close) == Action.check()  # within "correct": check
    far = OptionValues((OptionValue(Action.check(), 10.0), OptionValue(lead, 16.6)), 12, 2)
    assert agreed(view, lead, 0.81, far) == lead  # a lead clearly better stays
    # a pair of its own checks to answer the bet; far ahead it is a trap
    assert reason_for(view, Action.check(), 0.5, 0.0, 0) is Reason.CHECK_TO_RAISER
    assert reason_for(view, Action.check(), 0.9, 0.0, 0) is Reason.TRAP
    advice = build_advice(view, Action.check(), 0.5, spot_ranges(1), Estimate.SHOWN)
    assert suggestion(advice, "en") == (
        "Check: the player who raised last bets often when checked to: check, then answer its bet."
    )
    assert suggestion(advice, "es").startswith(
        "Ver: quien subió la última vez suele apostar si tú no lo haces"
    )
    # without a pair of its own, the check to the raiser is not said to be for its bet
    no_pair = flop_to_the_raiser("9h 8h")
    assert reason_for(no_pair, Action.check(), 0.3, 0.0, 0) is not Reason.CHECK_TO_RAISER
