"""The coach reads the action (issue 26, point 1; bots.action_ranges): opens by seat and
table size, a capped big blind, checks that cap, bets that hold value and bluffs, calls
that keep less of a range as the bet grows, players still to act counted; spots dealt by
the engine and advised by the coach, said in both languages, and the equity against the
ranges read checked by an independent Monte Carlo on the pure evaluator."""

from __future__ import annotations

import random
import re
import time
from dataclasses import replace

import pytest
from coach_reasons_support import advised, dealt
from test_coach_hint_ranges import _independent_equity

from audiopoker.bots.action_ranges import (
    ActionRange,
    ActionRanges,
    called,
    capped,
    measured_floor,
)
from audiopoker.bots.bettor_range import polarised
from audiopoker.bots.equity import ALL_COMBOS, Combo, ids, live
from audiopoker.bots.hard import HardBot
from audiopoker.bots.normal import NormalBot
from audiopoker.bots.preflop import preflop_table
from audiopoker.bots.ranges import RangeEstimator, Read, by_board
from audiopoker.cards import parse_cards
from audiopoker.coach.advice import Coach
from audiopoker.coach.advice_words import detail_answer
from audiopoker.coach.opponent_range import RangeBasis
from audiopoker.engine.actions import Action, ActionKind
from audiopoker.engine.view import PlayerView, view_for

A = Action
SIX = ["7d 2s", "8h 3c", "9s 4d", "Kh 5c", "Th 8c", "Qd 6s"]  # seat 4 holds T8o


def read_of(view: PlayerView, coach: Coach, seat: int) -> ActionRange:
    ranges = coach.bot.ranges
    assert isinstance(ranges, ActionRanges)
    return ranges.read_range(view, seat, coach.bot.read(view, seat))


def opened(seats: int, opener: int, button: int) -> tuple[PlayerView, Coach, int]:
    """Everyone folds to ``opener``, who raises to 5; the next seat is advised."""
    holes = [*SIX, "Js 2c", "Jc 3d", "4s 5d"][:seats]
    hand, actor = dealt(holes, [], button=button)
    while actor != opener:
        hand.act(actor, A.fold())
        assert hand.actor is not None
        actor = hand.actor
    hand.act(opener, A.raise_to(5))
    assert hand.actor is not None
    view, coach = advised(hand, hand.actor)
    coach.advise(view)
    return view, coach, opener


@pytest.mark.parametrize(
    ("seats", "opener", "button", "width"),
    [
        (6, 1, 4, 0.15),  # under the gun at six-handed
        (6, 3, 4, 0.27),  # the cutoff
        (6, 4, 4, 0.45),  # the button
        (6, 5, 4, 0.40),  # the small blind's steal
        (2, 0, 0, 0.80),  # a heads-up button
        (9, 3, 0, 0.10),  # under the gun at nine-handed
    ],
)
def test_an_open_is_read_by_the_seat_and_the_table(
    seats: int, opener: int, button: int, width: float
) -> None:
    view, coach, seat = opened(seats, opener, button)
    read = read_of(view, coach, seat)
    assert read.window.high == pytest.approx(width, abs=0.005)
    possible = live(None, (*ids(view.hole_cards), *ids(view.board)))
    share = len(read.combos) / len(possible)
    assert share == pytest.approx(width, abs=0.04)  # the combos, not only the words


def test_a_player_measured_loose_opens_wider_from_every_seat() -> None:
    view, coach, seat = opened(6, 1, 4)  # under the gun
    ranges = coach.bot.ranges
    assert isinstance(ranges, ActionRanges)
    unknown = coach.bot.read(view, seat)
    maniac = replace(unknown, open=1.0)
    loose = replace(unknown, open=0.42)
    widths = [ranges.read_range(view, seat, r).window.high for r in (unknown, loose, maniac)]
    assert widths[0] == pytest.approx(0.15, abs=0.005)
    assert 0.25 < widths[1] < 0.4 and widths[2] > 0.9


def test_the_big_blinds_check_is_capped() -> None:
    # button on 4: seats 1, 2, 3 and 4 call, the small blind completes, the big blind checks
    limps = [(s, A.call()) for s in (1, 2, 3, 4, 5)] + [(0, A.check())]
    hand, actor = dealt(SIX, limps, button=4, board="2h 9d Jc")
    view, coach = advised(hand, actor)
    read = read_of(view, coach, 0)
    table = preflop_table()
    premium = [c for c in ALL_COMBOS if table.combo_percentile(c) <= 0.05]
    dead = set(ids(view.hole_cards)) | set(ids(view.board))
    live_premium = [c for c in premium if not dead & set(c)]
    kept = [c for c in read.combos if c in set(live_premium)]
    assert 0 < len(kept) <= 0.3 * len(live_premium)  # mostly not premium: a few traps


BOARD = ids(parse_cards("Kh 7c 3d"))
WIDE: list[Combo] = [c for c in preflop_table().top(0.45) if not set(c) & set(BOARD)]


def test_a_check_caps_and_a_bigger_bet_is_called_by_less() -> None:
    ranked = by_board(WIDE, BOARD)
    top = set(ranked[: len(ranked) // 10])
    checked = capped(WIDE, BOARD)
    assert len(top & set(checked)) <= 0.3 * len(top)  # slow-plays only
    assert len(checked) > 0.7 * len(WIDE)  # the rest stays whole
    third = HardBot(random.Random(1)).read(None, 1)  # type: ignore[arg-type]
    small, pot = called(WIDE, BOARD, 0.33, third), called(WIDE, BOARD, 1.0, third)
    assert len(pot) < len(small) < len(WIDE)
    raising = set(ranked[: len(ranked) // 20])
    assert len(raising & set(small)) < 0.4 * len(raising)  # most would have raised


def test_measured_players_are_read_as_they_play_not_as_an_unknown_one() -> None:
    # a station checks the nuts and calls any bet; a maniac bets big with anything
    ranked = by_board(WIDE, BOARD)
    top = set(ranked[: len(ranked) // 10])
    station = Read(keep_bet=0.25, keep_call=1.0)
    assert len(top & set(capped(WIDE, BOARD, station))) == len(top)
    assert len(called(WIDE, BOARD, 1.0, station)) > 0.9 * len(WIDE)
    unknown = polarised(WIDE, BOARD, 3.0, bluff_scale=1.0)
    anything = polarised(WIDE, BOARD, 3.0, least=measured_floor(Read(keep_bet=1.0), ActionKind.BET))
    assert len(unknown.combos) < 0.4 * len(WIDE) and len(anything.combos) == len(WIDE)


def test_a_player_measured_playing_every_hand_calls_an_open_with_any() -> None:
    holes = ["Jd Js", "Kh 8c", "9s 4d", "Ah Qs", "Tc Td", "7h 7c"]
    hand, seat = dealt(holes, [(3, A.raise_to(6)), (4, A.call())], button=0)
    view = view_for(hand, seat)
    ranges = ActionRanges(preflop_table())
    unknown = ranges.read_range(view, 4, HardBot(random.Random(1)).read(view, 4))
    anything = ranges.read_range(view, 4, Read(open=1.0, vpip=1.0, reraise=0.9))
    assert unknown.window.high < 0.5 and anything.window.high == 1.0


def river_bluff_catch() -> tuple[PlayerView, Coach]:
    """The cutoff (seat 4) opens, the big blind (seat 1, Kd 4c) calls; the cutoff bets the
    flop and is called, checks the turn behind and bets 10 into 31 on the river (16 into
    50 in the issue)."""
    holes = ["9c 9h", "Kd 4c", "5s 5h", "6d 6h", "Qs Js", "Ad Tc"]
    acts = [(2, A.fold()), (3, A.fold()), (4, A.raise_to(6)), (5, A.fold()), (0, A.fold())]
    acts += [(1, A.call()), (1, A.check()), (4, A.bet(9)), (1, A.call())]
    acts += [(1, A.check()), (4, A.check()), (1, A.check()), (4, A.bet(10))]
    hand, seat = dealt(holes, acts, button=5, board="Kh 7c 3d 9s 2h")
    assert seat == 1
    return advised(hand, seat)


def test_a_river_bet_after_a_turn_check_holds_bluffs_and_top_pair_calls_it() -> None:
    view, coach = river_bluff_catch()
    advice = coach.advise(view)
    assert advice.action != "fold" and advice.equity > 0.4  # was 13 percent and a fold
    read = read_of(view, coach, 4)
    kinds = [step.kind for step in read.steps]
    assert kinds == [ActionKind.BET, ActionKind.CHECK, ActionKind.BET]
    last = read.steps[-1]
    assert last.value > 0 and last.bluffs > 0 and len(read.combos) == last.value + last.bluffs
    # the equity said is the equity against these ranges: an independent Monte Carlo
    reference = _independent_equity(
        ids(view.hole_cards), ids(view.board), [list(read.combos)], 4000, random.Random(3)
    )
    assert advice.equity == pytest.approx(reference, abs=0.035)
    (described,) = advice.ranges
    assert described.postflop[-1].basis is RangeBasis.BET
    value = round(100 * described.value)
    english, spanish = detail_answer(advice, "en"), detail_answer(advice, "es")
    assert f"value and bluffs (bet on the flop, checked on the turn and bet on the river): " \
        f"{value} percent are hands it bets for value on this board and {100 - value} percent " \
        "bluffs." in english  # fmt: skip
    assert f"valor y faroles (apostó en el flop, vio en el turn y apostó en el river): un " \
        f"{value} por ciento de manos que apuesta por valor en esta mesa y un {100 - value} " \
        "por ciento de faroles." in spanish  # fmt: skip
    assert "strongest" not in english and "más fuerte" not in spanish


def bottom_pair_into_a_check() -> tuple[PlayerView, Coach]:
    """The button (seat 5) opens, the big blind (seat 1, 3h 4h) calls; the flop is checked
    through (the button checks behind), and on the turn the big blind is first to act."""
    holes = ["9c 9h", "3h 4h", "5s 5h", "6d 6h", "Ad Tc", "Qs Jd"]
    acts = [(2, A.fold()), (3, A.fold()), (4, A.fold()), (5, A.raise_to(5)), (0, A.fold())]
    acts += [(1, A.call()), (1, A.check()), (5, A.check())]
    hand, seat = dealt(holes, acts, button=5, board="Kh 7c 3d 9s")
    return advised(hand, seat)


def test_bottom_pair_into_a_checked_range_is_told_the_range_is_capped() -> None:
    view, coach = bottom_pair_into_a_check()
    advice = coach.advise(view)
    read = read_of(view, coach, 5)
    assert [step.kind for step in read.steps] == [ActionKind.CHECK]
    assert 0.5 < read.keep < 0.9
    english, spanish = detail_answer(advice, "en"), detail_answer(advice, "es")
    assert re.search(
        r"Seat 6: the top 45 percent of hands \(raised first in\), then \d+ percent of those, "
        r"mostly without its best hands on this board, which would have bet \(checked on the "
        r"flop\)\.",
        english,
    )
    assert re.search(
        r"Asiento 6: el 45 por ciento mejor de las manos \(subió el primero\), y de ellas el "
        r"\d+ por ciento, casi sin sus mejores manos en esta mesa, que habrían apostado \(vio "
        r"en el flop\)\.",
        spanish,
    )
    assert "strongest" not in english and "aces" not in english
    reference = _independent_equity(
        ids(view.hole_cards), ids(view.board), [list(read.combos)], 4000, random.Random(4)
    )
    assert advice.equity == pytest.approx(reference, abs=0.035)


def test_a_check_to_the_raiser_does_not_cap() -> None:
    # the big blind checks the flop to the button, who raised before it: strong hands do
    view, coach = bottom_pair_into_a_check()
    read = read_of(view, coach, 5)
    assert read.steps[0].kind is ActionKind.CHECK  # the button's check behind caps
    holes = ["9c 9h", "3h 4h", "5s 5h", "6d 6h", "Ad Tc", "Qs Jd"]
    acts = [(2, A.fold()), (3, A.fold()), (4, A.fold()), (5, A.raise_to(5)), (0, A.fold())]
    acts += [(1, A.call()), (1, A.check())]
    hand, seat = dealt(holes, acts, button=5, board="Kh 7c 3d")
    view, coach = advised(hand, seat)
    assert read_of(view, coach, 1).steps == ()


def test_t8o_on_the_button_first_in_opens() -> None:
    hand, seat = dealt(SIX, [(1, A.fold()), (2, A.fold()), (3, A.fold())], button=4)
    view, coach = advised(hand, seat)
    advice = coach.advise(view)
    assert advice.action == "raise" and advice.first_in


def test_k8o_in_the_small_blind_against_an_open_and_callers_folds_counting_the_big_blind() -> None:
    holes = ["Jd Js", "Kh 8c", "9s 4d", "Ah Qs", "Tc Td", "7h 7c"]
    acts = [(3, A.raise_to(6)), (4, A.call()), (5, A.call()), (0, A.call())]
    hand, seat = dealt(holes, acts, button=0)
    assert seat == 1
    view, coach = advised(hand, seat)
    advice = coach.advise(view)
    assert advice.action == "fold"
    assert advice.opponents == 5 and {r.seat for r in advice.ranges} == {0, 2, 3, 4, 5}
    (waiting,) = [r for r in advice.ranges if r.seat == 2]  # the big blind, still to act
    assert waiting.preflop == (RangeBasis.NOT_ACTED,) and 0.1 < waiting.high < 0.5
    opener = next(r for r in advice.ranges if r.seat == 3)
    assert opener.high == pytest.approx(0.15, abs=0.005)


def test_the_coach_and_the_hard_bot_read_the_action_alike() -> None:
    view, coach = river_bluff_catch()
    assert isinstance(coach.bot.ranges, ActionRanges)
    assert type(NormalBot(random.Random(1)).ranges) is RangeEstimator  # normal stays weaker
    hard = HardBot(random.Random(1))
    hard.model = coach.model
    assert isinstance(hard.ranges, ActionRanges)
    assert hard.range_of(view, 4) == coach.bot.range_of(view, 4)
    assert hard.ranges.read_of == {4: hard.read(view, 4)}  # the opener's read, for calls
    ranges = coach.bot.ranges
    read = coach.bot.read(view, 4)
    first = ranges.read_range(view, 4, read)
    assert ranges.read_range(view, 4, read) is first  # cached for the hand


class WideOpener(HardBot):
    """A hard bot that has measured seat 3 opening four hands in five."""

    def read(self, view: PlayerView, seat: int) -> Read:
        return Read(open=0.8) if seat == 3 else super().read(view, seat)


def test_a_call_is_read_against_the_raisers_own_read() -> None:
    holes = ["Jd Js", "Kh 8c", "9s 4d", "Ah Qs", "Tc Td", "7h 7c"]
    hand, seat = dealt(holes, [(3, A.raise_to(6)), (4, A.call())], button=0)
    view = view_for(hand, seat)
    plain, wide = HardBot(random.Random(1)), WideOpener(random.Random(1))
    # a call of a wide opener's raise is wider; the raiser's read is set in range_of alone
    assert len(wide.range_of(view, 4)) > len(plain.range_of(view, 4))
    assert isinstance(wide.ranges, ActionRanges) and set(wide.ranges.read_of) == {3}


def test_advice_against_the_read_ranges_keeps_to_the_deadline() -> None:
    spots = [river_bluff_catch(), bottom_pair_into_a_check()]
    holes = ["Jd Js", "Kh 8c", "9s 4d", "Ah Qs", "Tc Td", "7h 7c"]
    hand, seat = dealt(holes, [(3, A.raise_to(6)), (4, A.call()), (5, A.call())], button=0)
    spots.append(advised(hand, seat))
    for view, coach in spots:
        coach.deals = 5000
        started = time.perf_counter()
        coach.advise(view, started + 0.6)
        assert time.perf_counter() - started < 2.5  # a loaded machine's margin over 0.6 s


def test_a_hand_dealt_to_the_end_reads_every_street() -> None:
    # a sanity run: every decision of a whole hand is read without error and named
    holes = ["9c 9h", "Kd 4c", "5s 5h", "6d 6h", "Qs Js", "Ad Tc"]
    hand, _ = dealt(holes, [], button=5, board="Kh 7c 3d 9s 2h")
    coach = Coach(random.Random(2), deals=300)
    played = 0
    while hand.actor is not None and played < 40:
        seat = hand.actor
        advice = coach.advise(view_for(hand, seat))
        assert all(r.shaped for r in advice.ranges)
        hand.act(seat, advice.as_action())
        played += 1
    assert played > 3


def test_a_limper_that_calls_a_raise_keeps_the_better_part_of_its_limps() -> None:
    # button on 4: under the gun (1) limps, the cutoff (3) raises to 8, the rest fold, 1 calls
    line = [(1, A.call()), (2, A.fold()), (3, A.raise_to(8)), (4, A.fold()), (5, A.fold())]
    hand, actor = dealt(SIX, [*line, (0, A.fold()), (1, A.call())], button=4, board="2h 9d Jc")
    view, coach = advised(hand, actor)
    window = read_of(view, coach, 1).window
    before, seat = dealt(SIX, line[:2], button=4)  # the limp, and the cutoff to act
    limp = read_of(view_for(before, seat), coach, 1).window
    # Not the call-of-an-open window laid over the limps ("between 14 and 15 percent"):
    # the better part of what limped, less of it than all.
    assert window.low == pytest.approx(limp.low)
    assert 0.25 * (limp.high - limp.low) <= window.high - window.low < limp.high - limp.low
