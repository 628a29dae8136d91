"""The showdown and ranking drills (issue 13): seeded questions are reproducible, the mix
teaches (close calls, kickers, splits, hands that play the board, neighbours on seed 003's
list), the right answer is the evaluator's, and the why is the showdown explainer's, in
both languages."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from audiopoker.cards import parse_cards
from audiopoker.coach.drills import DrillKind, new_round
from audiopoker.coach.drills.drill_base import SPLIT, Score
from audiopoker.coach.drills.drill_text import DrillText
from audiopoker.coach.drills.rankings import (
    LEVELS,
    Level,
    Pairing,
    RankingQuestion,
    level_of,
    make_five,
    make_ranking,
    same_ranks,
)
from audiopoker.coach.drills.showdowns import ShowdownQuestion, Spot, fits, make_showdown
from audiopoker.evaluator import evaluate, strength
from audiopoker.narration.explain import explain_lines
from audiopoker.showdown import decide, showdown

ROUND = 60


def showdowns(seed: int, count: int = ROUND) -> list[ShowdownQuestion]:
    rng = random.Random(seed)
    return [make_showdown(rng, number) for number in range(1, count + 1)]


def rankings(seed: int, count: int = ROUND) -> list[RankingQuestion]:
    rng = random.Random(seed)
    return [make_ranking(rng, number) for number in range(1, count + 1)]


# --- the round and the score -----------------------------------------------------------


@pytest.mark.parametrize("kind", list(DrillKind))
def test_the_same_seed_asks_the_same_questions(kind: DrillKind) -> None:
    def asked(seed: int) -> list[str]:
        round = new_round(kind, 5, seed)
        notes = []
        while round.current is not None:
            notes.append(round.current.notation())
            round.answer(0)
            round.advance()
        return notes

    assert asked(11) == asked(11)
    assert asked(11) != asked(12)
    assert len(set(asked(11))) == 5


def test_the_score_counts_right_answers_and_the_streak() -> None:
    score = Score()
    for correct in (True, True, False, True, True, True, False):
        score = score.after(correct)
    assert (score.asked, score.right, score.streak, score.best_streak) == (7, 5, 0, 3)
    assert score.percent == 71
    assert Score().percent == 0


def test_a_round_asks_count_questions_then_stops() -> None:
    round = new_round(DrillKind.RANKING, 3, 1)
    verdicts = []
    while round.current is not None:
        question = round.current
        assert isinstance(question, RankingQuestion)
        verdicts.append(round.answer(question.answer_key))
        assert round.current is None  # answered: the next waits for advance
        round.advance()
    assert [verdict.question.number for verdict in verdicts] == [1, 2, 3]
    assert all(verdict.correct for verdict in verdicts) and round.finished
    assert round.score == Score(3, 3, 3, 3)
    with pytest.raises(RuntimeError):
        round.answer(1)


# --- showdown -----------------------------------------------------------------------------


def test_the_showdown_answer_is_the_evaluators() -> None:
    for question in showdowns(3):
        strengths = [strength((*hand, *question.board)) for hand in question.hands]
        best = max(strengths)
        winners = [index + 1 for index, value in enumerate(strengths) if value == best]
        expected = winners[0] if len(winners) == 1 else SPLIT
        assert question.answer_key == expected
        assert question.judge(expected)
        for key in (SPLIT, 1, 2, 3):
            assert question.judge(key) == (key == expected)
        assert len({*question.board, *(c for hand in question.hands for c in hand)}) == (
            5 + 2 * len(question.hands)
        )


def test_a_showdown_round_is_a_mix_that_teaches() -> None:
    questions = showdowns(5, 120)
    assert all(fits(question.result, question.spot) for question in questions)
    spots = Counter(question.spot for question in questions)
    assert set(spots) == set(Spot)
    assert {len(question.hands) for question in questions} == {2, 3}
    assert any(question.answer_key == SPLIT for question in questions)
    plays_board = [q for q in questions if any(h.plays_board for h in q.result.hands)]
    assert plays_board


def test_the_showdown_notation_names_the_cards() -> None:
    question = showdowns(8, 1)[0]
    text = question.notation()
    assert text.startswith("board ") and "; hands " in text
    assert (
        showdown(
            parse_cards(text.split(";")[0].removeprefix("board ")),
            [parse_cards(hand) for hand in text.split("hands ")[1].split(" | ")],
        ).winners
        == question.result.winners
    )
    assert question.expected() in {"1", "2", "3", "split"}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_showdown_why_is_the_explainers(lang: str) -> None:
    for question in showdowns(9, 12):
        lines = explain_lines(question.result, lang)  # type: ignore[arg-type]
        why = DrillText(lang).showdown_why(question)  # type: ignore[arg-type]
        assert why == [lines[-1], *lines[:-1]]  # who wins and why first, then each hand


def test_a_split_on_the_board_is_said_as_the_game_says_it() -> None:
    board, hands = parse_cards("Ac Kd Qh Js Tc"), [parse_cards("2h 2s"), parse_cards("9d 9c")]
    question = ShowdownQuestion(4, Spot.BOARD, showdown(board, hands))
    assert question.answer_key == SPLIT and question.expected() == "split"
    assert DrillText("en").showdown_why(question)[0] == (
        "The pot is split between Player 1 and Player 2. "
        "Player 1 and Player 2 both play the board: a straight to the ace."
    )
    parts = DrillText("es").showdown_question(question, 10, "0")
    assert parts[0] == (
        "Pregunta 4 de 10. La mesa: as de tréboles, rey de diamantes, reina de corazones, "
        "sota de picas y diez de tréboles.",
        "Pregunta 4 de 10. La mesa: At Kd Qc Jp 10t.",  # tréboles, corazones, picas
    )
    assert parts[1][0] == "Jugador 1: dos de corazones y dos de picas."
    assert parts[-1][0] == "¿Quién gana? 1 o 2, o 0 si el bote se reparte."


# --- ranking -----------------------------------------------------------------------------


def test_the_ranking_answer_is_the_evaluators() -> None:
    for question in rankings(4):
        first, second = (evaluate(hand).strength for hand in question.hands)
        expected = 1 if first > second else 2 if second > first else SPLIT
        assert question.answer_key == expected
        for key in (SPLIT, 1, 2):
            assert question.judge(key) == (key == expected)
        assert len({*question.hands[0], *question.hands[1]}) == 10


def test_a_ranking_round_covers_the_list_and_ties() -> None:
    questions = rankings(6, 200)
    levels = Counter(level for question in questions for level in question.levels)
    assert set(levels) == set(LEVELS)  # every line of seed 003, the royal flush too
    pairings = Counter(question.pairing for question in questions)
    assert set(pairings) == set(Pairing)
    assert all(q.answer_key == SPLIT for q in questions if q.pairing is Pairing.TIE)
    different = [q for q in questions if q.pairing is Pairing.DIFFERENT]
    assert all(q.levels[0] is not q.levels[1] for q in different)
    apart = Counter(abs(LEVELS.index(q.levels[0]) - LEVELS.index(q.levels[1])) for q in different)
    assert apart.most_common(1)[0][0] == 1  # neighbours on the list, most often


@pytest.mark.parametrize("level", list(Level))
def test_every_line_of_the_list_can_be_dealt(level: Level) -> None:
    rng = random.Random(level.value)
    for _ in range(20):
        five = make_five(rng, level, frozenset())
        assert five is not None and level_of(evaluate(five)) is level
        assert [card.rank for card in five] == sorted((card.rank for card in five), reverse=True)


def test_a_tie_is_the_same_ranks_in_other_suits() -> None:
    hand = parse_cards("9s 8s 7s 6s 5s")
    twin = same_ranks(random.Random(1), hand)
    assert twin is not None and not set(twin) & set(hand)
    assert evaluate(twin).strength == evaluate(hand).strength
    assert (
        make_five(random.Random(2), Level.ROYAL_FLUSH, frozenset(parse_cards("As Ad Ac Ah")))
        is None
    )


def ranking(first: str, second: str) -> RankingQuestion:
    values = (evaluate(parse_cards(first)), evaluate(parse_cards(second)))
    _, reason = decide(values, (False, False))
    hands = (parse_cards(first), parse_cards(second))
    return RankingQuestion(1, Pairing.SAME, hands, values, reason)


@pytest.mark.parametrize(
    ("first", "second", "english", "spanish"),
    [
        (
            "Ks Qs 9s 6s 3s",
            "Ah Kd Qc Js Th",
            ["Hand 1 ranks higher: a flush, king high against a straight to the ace.",
             "A flush beats a straight."],
            ["Gana la mano 1: color al rey contra escalera al as.",
             "El color le gana a la escalera."],
        ),
        (
            "8h 8d Ks 7c 4d",
            "8s 8c Ah 6c 2d",
            ["Hand 2 ranks higher: a pair of eights, ace kicker against a pair of eights, "
             "king kicker.",
             "Both have a pair of eights; the kicker decides: ace against king."],
            ["Gana la mano 2: pareja de ochos, kicker as contra pareja de ochos, kicker rey.",
             "Las dos tienen pareja de ochos; decide el kicker: as contra rey."],
        ),
        (
            "Qh Qd Ks 9c 4d",
            "Qs Qc Kh 8c 6d",
            ["Hand 1 ranks higher: a pair of queens, king kicker against a pair of queens, "
             "king kicker.",
             "Both have a pair of queens, king kicker; the next kicker decides: nine against "
             "eight."],
            ["Gana la mano 1: pareja de reinas, kicker rey contra pareja de reinas, kicker rey.",
             "Las dos tienen pareja de reinas, kicker rey; decide el siguiente kicker: nueve "
             "contra ocho."],
        ),
        (
            "Jd Jc Jh 4s 4d",
            "9s 9c 9h Ks Kd",
            ["Hand 1 ranks higher: a full house, jacks over fours against a full house, "
             "nines over kings.",
             "Between two full houses, the higher three of a kind wins; when those are equal, "
             "the higher pair."],
            ["Gana la mano 1: ful de sotas y cuatros contra ful de nueves y reyes.",
             "Entre dos fules, gana el del trío más alto; si el trío es igual, el de la pareja "
             "más alta."],
        ),
        (
            "As Ks Qs Js Ts",
            "9h 8h 7h 6h 5h",
            ["Hand 1 ranks higher: a royal flush against a straight flush to the nine.",
             "The royal flush is the best hand of all."],
            ["Gana la mano 1: escalera real contra escalera de color al nueve.",
             "La escalera real es la mejor jugada de todas."],
        ),
        (
            "5d 4c 3h 2s Ad",
            "5h 4d 3s 2c Ac",
            ["A tie: both hands are a straight to the five.", "Suits never break a tie."],
            ["Empate: las dos manos son escalera al cinco.", "El palo nunca desempata."],
        ),
    ],
)  # fmt: skip
def test_the_ranking_why_in_one_sentence(
    first: str, second: str, english: list[str], spanish: list[str]
) -> None:
    question = ranking(first, second)
    assert DrillText("en").ranking_why(question) == english
    assert DrillText("es").ranking_why(question) == spanish


def test_the_ranking_question_is_said_highest_card_first() -> None:
    question = ranking("2s 2d Kc Ah 9d", "3c 3h 3d 7s 7c")
    parts = DrillText("en").ranking_question(question, 3, "0")
    assert parts[0] == (
        "Question 1 of 3. Hand 1: two of spades, two of diamonds, king of clubs, ace of hearts "
        "and nine of diamonds.",
        "Question 1 of 3. Hand 1: 2s 2d Kc Ah 9d.",
    )
    assert parts[-1][0] == "Which hand ranks higher? 1 or 2, or 0 if they tie."
    dealt = rankings(2, 1)[0]
    for hand in dealt.hands:
        assert [c.rank for c in hand] == sorted((c.rank for c in hand), reverse=True)
