"""The coach's values do not favour overbet shoves (issue 26, points 2 and 5): a bet that
leaves chips behind is credited with the later streets it wins when called, so deep a set
on a dry flop bets about a pot, not all in; a 94 big blind shove into a 7 big blind pot
with top pair is a mistake or a blunder; with a stack about a pot or a pot and a half
behind the shove stays best for a set."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from coach_reasons_support import advised, dealt

from audiopoker.cards import parse_cards
from audiopoker.coach.hint_spot import advise_hint
from audiopoker.coach.option_values import AGREES, Grade, committed, later
from audiopoker.coach.review import review_decision
from audiopoker.engine.actions import Action, ActionKind

SEEDS = (3, 5, 11)


def checked_to(holes: list[str], board: str, stack: int, opened_to: int) -> tuple[object, int]:
    """Heads-up with ``stack`` chips each (blinds 1/2): the button opens to ``opened_to``,
    the big blind calls and checks the flop ``board`` to the button."""
    actions = [(0, Action.raise_to(opened_to)), (1, Action.call()), (1, Action.check())]
    return dealt(holes, actions, button=0, board=board, stacks=[stack, stack])


def test_later_streets_are_credited_with_chips_behind_and_equity() -> None:
    deep, shallow = later(0.9, 60, 175, 2), later(0.9, 60, 10, 2)
    assert deep > shallow > 0.0
    assert later(0.9, 60, 175, 1) < deep  # fewer streets, less to win
    assert 0.0 < later(0.35, 60, 175, 2) < deep  # a draw wins when it gets there
    assert later(0.9, 60, 0, 2) == later(0.9, 60, 175, 0) == later(0.0, 60, 175, 2) == 0.0
    # A caller with nothing behind counts it all as called, one with a pot behind none.
    assert committed(0, 60) == 1.0 and committed(60, 60) == 0.0


@pytest.mark.parametrize("seed", (1, 2))
def test_deep_a_set_on_a_dry_flop_bets_about_a_pot_not_all_in(seed: int) -> None:
    hint = advise_hint(
        parse_cards("7s 7d"), parse_cards("7h Kc 2d"), 20, 0, 2, stack=195,
        rng=random.Random(seed),
    )  # fmt: skip
    values = hint.values
    assert values is not None and not values.best.all_in
    advice = hint.advice
    assert advice.action == "bet" and advice.amount is not None and advice.amount <= 22
    shove = values.of(Action.bet(195))
    assert shove is not None and shove.all_in and values.grade(shove) not in AGREES


@pytest.mark.parametrize("seed", SEEDS)
def test_deep_at_the_table_a_set_bets_a_pot_at_most(seed: int) -> None:
    hand, seat = checked_to(["7d 7s", "Qd Js"], "7h Kc 2d", 200, 7)
    view, coach = advised(hand, seat, seed)
    advice = coach.advise(view)
    assert advice.action == "bet" and not advice.all_in
    assert advice.amount is not None and advice.amount <= view.legal.pot
    shove = Action.bet(view.legal.max_raise_to)
    decision = review_decision(coach.bot, view, advice, shove, all_in=True)
    assert decision.values is not None and not decision.values.best.all_in
    assert decision.grade not in AGREES


def test_hint_json_bets_a_set_deep_without_going_all_in() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "audiopoker", "hint", "--hand", "7s 7d", "--board", "7h Kc 2d",
         "--pot", "20", "--to-call", "0", "--players", "2", "--stack", "195", "--json",
         "--lang", "en", "--output", "silent"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    said = json.loads(out.stdout)
    assert said["action"] == "bet" and said["amount"] <= 22
    best = max(said["values"], key=lambda v: v["value_bb"])
    assert not best["all_in"]


@pytest.mark.parametrize("seed", SEEDS)
def test_a_94_big_blind_shove_into_7_with_top_pair_is_a_mistake_or_a_blunder(seed: int) -> None:
    hand, seat = checked_to(["Ah 9d", "Kc 7s"], "As 8c 4d", 195, 7)
    view, coach = advised(hand, seat, seed)
    assert view.legal.pot == 14 and view.legal.max_raise_to == 188  # 7 and 94 big blinds
    advice = coach.advise(view)
    decision = review_decision(coach.bot, view, advice, Action.bet(188), all_in=True)
    assert decision.grade in (Grade.MISTAKE, Grade.BLUNDER) and decision.costly()
    assert advice.action == "bet" and not advice.all_in


@pytest.mark.parametrize(("stack", "behind"), [(60, 40), (80, 60)])
@pytest.mark.parametrize("seed", SEEDS)
def test_with_a_pot_or_a_pot_and_a_half_behind_a_set_is_best_all_in(
    stack: int, behind: int, seed: int
) -> None:
    hand, seat = checked_to(["7d 7s", "Qd Js"], "7h Kc 2d", stack, 20)
    view, coach = advised(hand, seat, seed)
    assert view.legal.pot == 40 and view.legal.max_raise_to == behind
    advice = coach.advise(view)
    shove = Action.bet(behind)
    decision = review_decision(coach.bot, view, advice, shove, all_in=True)
    values = decision.values
    assert values is not None and values.best.all_in and decision.grade is Grade.BEST
    chosen = values.of(advice.as_action())
    assert chosen is not None and chosen.action.kind is ActionKind.BET
    assert values.grade(chosen) in AGREES


@pytest.mark.parametrize("seed", (1, 2))
def test_hint_with_a_pot_and_a_half_behind_values_the_set_best_all_in(seed: int) -> None:
    hint = advise_hint(
        parse_cards("7s 7d"), parse_cards("7h Kc 2d"), 20, 0, 2, stack=30,
        rng=random.Random(seed),
    )  # fmt: skip
    assert hint.values is not None and hint.values.best.all_in
