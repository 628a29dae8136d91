"""The odds drill ends with the decision (issue 26, point 6): once the number is told, "so,
call or fold?" waits for the game's own keys (C, F from the keymap); the verdict is checked
against a plain count of the next card's outs with the pure-Python evaluator against the
call's share of the final pot; other keys say which keys answer and change nothing; a
round is played to the end by keys, in English and in both Spanish vocabularies."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from test_drill_keys import Drill, driven, make_drill
from ui_harness import ENTER, KeyDriver

from audiopoker.cards import FULL_DECK, Card
from audiopoker.coach.drills import DrillKind
from audiopoker.coach.drills.decide import odds_decision
from audiopoker.coach.drills.drill_base import Choice
from audiopoker.coach.drills.odds import OddsQuestion, make_odds
from audiopoker.evaluator import PURE, Category
from audiopoker.i18n import set_words
from audiopoker.ui.drill_keys import Stage


def plain_chance(hole: Sequence[Card], board: Sequence[Card], target: Category) -> float:
    """The next card's chance to make ``target`` with a hole card, counted card by card."""
    seen = {*hole, *board}
    left = [card for card in FULL_DECK if card not in seen]
    hits = sum(1 for card in left if PURE.evaluate((*hole, *board, card)).category >= target)
    return 100 * hits / len(left)


def plain_right(question: OddsQuestion) -> str | None:
    """'call' or 'fold' by the numbers said; None when they are said the same."""
    need = 100 * question.call / (question.pot + question.call)
    have = plain_chance(question.hole, question.board, question.target)
    if int(need + 0.5) == int(have + 0.5):
        return None
    return "call" if have >= need else "fold"


def test_the_decision_follows_a_plain_count_over_many_spots() -> None:
    rng = random.Random(26)
    seen = set()
    for number in range(1, 121):
        question = make_odds(rng, number)
        decision = odds_decision(question)
        expected = plain_right(question)
        seen.add(expected)
        if expected is None:
            assert decision.judge(Choice.CALL) and decision.judge(Choice.FOLD)
        else:
            assert decision.right.name.lower() == expected
            wrong = Choice.FOLD if expected == "call" else Choice.CALL
            assert decision.judge(decision.right) and not decision.judge(wrong)
    assert {"call", "fold"} <= seen  # both answers come up


def seed_with(right: str) -> int:
    """A seed whose first odds question has ``right`` as its clear answer."""
    for seed in range(300):
        drill_question = make_odds(random.Random(seed), 1)
        if plain_right(drill_question) == right:
            return seed
    raise AssertionError("no such seed")


def type_answer(drill: Drill, keys: KeyDriver) -> OddsQuestion:
    question = drill.keys.round.current
    assert isinstance(question, OddsQuestion)
    for key in str(question.said):
        keys.press(key)
    keys.press(ENTER)
    return question


@pytest.mark.parametrize("right", ["call", "fold"])
def test_call_or_fold_is_asked_then_judged_in_numbers(right: str) -> None:
    drill = make_drill(DrillKind.ODDS, seed=seed_with(right), count=1)
    assert "Then call or fold: C or F." in drill.output.texts[0]
    with driven(drill) as keys:
        question = type_answer(drill, keys)
        assert drill.output.last.text == "So, call or fold? C calls, F folds."
        assert drill.keys.stage is Stage.DECIDE and len(drill.kept) == 1  # the number kept
        for key in ("5", ENTER, " ", "x"):  # none of them answers the decision
            keys.press(key)
            assert drill.output.last.text == "Answer call or fold first: C calls, F folds."
            assert drill.output.last.kind == "error"
        assert drill.keys.round.decisions.asked == 0
        wrong = "f" if right == "call" else "c"
        keys.press(wrong)
    need = round(100 * question.call / (question.pot + question.call) + 1e-9)
    have = plain_chance(question.hole, question.board, question.target)
    told = drill.output.texts[-3:]
    assert told[0] == f"Wrong: {right}."
    below = "" if right == "call" else "only "
    assert told[1].startswith(f"A call buys one card: you need {int(need + 0.5)} percent")
    assert f"gives you {below}{int(have + 0.5)};" in told[1]
    assert told[2] == "Press Enter for your score."
    assert drill.keys.round.decisions.asked == 1 and drill.keys.round.decisions.right == 0


def test_a_round_played_to_the_end_by_keys_counts_the_decisions() -> None:
    drill = make_drill(DrillKind.ODDS, seed=11, count=4)
    rights = 0
    with driven(drill) as keys:
        for number in range(4):
            question = type_answer(drill, keys)
            expected = plain_right(question)
            wanted = (
                expected
                if number % 2 == 0
                else {"call": "fold", "fold": "call"}.get(str(expected), "call")
            )
            keys.press(wanted[0])
            rights += expected is None or wanted == expected
            verdict = drill.output.texts[-3]
            if expected is None:
                assert verdict == "Either is right here."
            else:
                assert verdict == f"{'Right' if wanted == expected else 'Wrong'}: {expected}."
            keys.press(ENTER)
    assert drill.keys.stage is Stage.OVER and drill.finished == [True]
    assert drill.keys.round.decisions.right == rights
    assert f"Call or fold: {rights} of 4 right." in drill.output.texts[-4:]
    assert drill.output.texts[-4].startswith("Drill over: 4 of 4 right")


def test_the_decision_keys_follow_the_keymap() -> None:
    drill = make_drill(DrillKind.ODDS, seed=seed_with("fold"), count=1)
    help_lines = drill.keys.help_lines()
    assert "C: call." in help_lines and "F: fold." in help_lines


@pytest.mark.parametrize(
    ("words", "ask", "refuse", "right"),
    [
        (
            "sala",
            "Entonces, ¿sigues o te vas? C para seguir, F para irte.",
            "Antes di si sigues o te vas: C para seguir, F para irte.",
            "Correcto: irse.",
        ),
        (
            "poker",
            "Entonces, ¿pagas o te retiras? C para pagar, F para retirarte.",
            "Antes di si pagas o te retiras: C para pagar, F para retirarte.",
            "Correcto: retirarse.",
        ),
    ],
)
def test_the_decision_in_spanish(words: str, ask: str, refuse: str, right: str) -> None:
    set_words(words)  # conftest sets the default back
    drill = make_drill(DrillKind.ODDS, seed=seed_with("fold"), count=1, lang="es")
    with driven(drill) as keys:
        question = type_answer(drill, keys)
        assert drill.output.last.text == ask
        keys.press(ENTER)
        assert drill.output.last.text == refuse
        keys.press("f")
    have = int(plain_chance(question.hole, question.board, question.target) + 0.5)
    assert drill.output.texts[-3] == right
    assert f"solo te da un {have}; no llega al precio." in drill.output.texts[-2]
    assert drill.output.texts[-1] == "Pulsa Intro para tu resultado."
