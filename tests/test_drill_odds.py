"""The odds drill (issue 13): the outs are counted exactly (checked against a plain count
with the pure-Python evaluator), the river chance counts every runout, the pot odds are
the call's share of the final pot, within 5 points is right, and the answer gives the
numbers and the outs in words in both languages."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest

from audiopoker.cards import FULL_DECK, Card, parse_cards
from audiopoker.coach.drills.drill_text import DrillText
from audiopoker.coach.drills.odds import (
    OUT_COUNTS,
    TOLERANCE,
    Ask,
    Draw,
    GroupKind,
    OddsQuestion,
    group_outs,
    make_odds,
    outs_for,
    river_hits,
    unseen,
)
from audiopoker.evaluator import PURE, Category


def plain_hits(hole: Sequence[Card], shared: Sequence[Card], target: Category) -> bool:
    """Made with a hole card: the target or better, and better than the shared cards alone."""
    mine = PURE.evaluate((*hole, *shared))
    if mine.category < target:
        return False
    return len(shared) < 5 or mine.strength > PURE.evaluate(shared).strength


def plain_outs(hole: Sequence[Card], board: Sequence[Card], target: Category) -> set[Card]:
    seen = {*hole, *board}
    return {c for c in FULL_DECK if c not in seen and plain_hits(hole, (*board, c), target)}


def spot(
    hole: str, board: str, draw: Draw, ask: Ask = Ask.NEXT_CARD, pot: int = 60, call: int = 20
) -> OddsQuestion:
    hole_cards, board_cards = parse_cards(hole), parse_cards(board)
    outs = outs_for(hole_cards, board_cards, draw.target)
    river = river_hits(hole_cards, board_cards, draw.target) if ask is Ask.RIVER else (0, 0)
    return OddsQuestion(1, draw, hole_cards, board_cards, pot, call, ask, outs, river)


@pytest.mark.parametrize(
    ("hole", "board", "draw", "count"),
    [
        ("Ah Kh", "7h 2h Jc", Draw.FLUSH, 9),
        ("9c 8d", "7s 6h 2c", Draw.OPEN_ENDED, 8),
        ("9c 8d", "6h 5c Ks", Draw.GUTSHOT, 4),
        ("9h 8h", "7h 6c 2h", Draw.COMBO, 15),
        ("9h 8h", "Jh 7c 2h", Draw.COMBO, 12),
        ("7c 7d", "Ks 9h 2c", Draw.SET, 2),
        ("Ks 9d", "Kh 9c 4s", Draw.FULL_HOUSE, 4),
        ("5c 5d", "5h Js 2c", Draw.FULL_HOUSE, 7),
        ("5c 5d", "5h Js 2c 8d", Draw.FULL_HOUSE, 10),
        ("Ah Kh", "7h 2h Jc 3s", Draw.FLUSH, 9),
    ],
)
def test_the_classic_draws_have_their_classic_outs(
    hole: str, board: str, draw: Draw, count: int
) -> None:
    hole_cards, board_cards = parse_cards(hole), parse_cards(board)
    outs = outs_for(hole_cards, board_cards, draw.target)
    assert len(outs) == count
    assert set(outs) == plain_outs(hole_cards, board_cards, draw.target)
    assert count in OUT_COUNTS[draw]


def test_a_card_that_only_improves_the_board_is_no_out() -> None:
    # 4 5 6 7 8 on the board would be everyone's straight: the nine plays the board too.
    hole, board = parse_cards("Ac Kd"), parse_cards("4s 5h 6c 7d")
    outs = outs_for(hole, board, Category.STRAIGHT)
    assert not outs  # the three or the eight give the board a straight the hand only shares


def test_seeded_spots_match_a_plain_count() -> None:
    rng = random.Random(21)
    for number in range(1, 41):
        question = make_odds(rng, number)
        assert set(question.outs) == plain_outs(question.hole, question.board, question.target)
        assert len(question.outs) in OUT_COUNTS[question.draw]
        assert not plain_hits(question.hole, question.board, question.target)  # not made yet
        assert question.unseen_count == 52 - 2 - len(question.board)
        assert len({*question.hole, *question.board}) == 2 + len(question.board)
        if question.ask is Ask.RIVER:
            assert len(question.board) == 3  # two cards to come


def test_the_river_chance_counts_every_runout() -> None:
    hole, board = parse_cards("9c 8c"), parse_cards("7s 6h 2c")  # and a backdoor flush
    hits, runouts = river_hits(hole, board, Category.STRAIGHT)
    rest = unseen(hole, board)
    plain = sum(
        1
        for two in itertools.combinations(rest, 2)
        if plain_hits(hole, (*board, *two), Category.STRAIGHT)
    )
    assert (hits, runouts) == (plain, 1081)
    # More than the 8 outs twice: runner-runner flushes count too.
    assert hits > 1081 - 39 * 38 // 2


def test_a_flush_draw_by_the_river_is_35_percent() -> None:
    question = spot("Ah Kh", "7h 2h Jc", Draw.FLUSH, Ask.RIVER)
    assert question.river == (378, 1081) and question.said == 35
    assert question.estimate == 35  # 9 outs times 4, less one above 8


def test_the_pot_odds_are_the_calls_share_of_the_final_pot() -> None:
    question = spot("Ah Kh", "7h 2h Jc", Draw.FLUSH, Ask.POT_ODDS, pot=60, call=20)
    assert question.exact == 25.0 and question.said == 25
    question = spot("Ah Kh", "7h 2h Jc", Draw.FLUSH, Ask.POT_ODDS, pot=90, call=30)
    assert question.exact == 25.0


@pytest.mark.parametrize(
    ("given", "right"),
    [(25, True), (20, True), (30, True), (19, False), (31, False), (0, False), (100, False)],
)
def test_within_five_points_is_right(given: int, right: bool) -> None:
    question = spot("Ah Kh", "7h 2h Jc", Draw.FLUSH, Ask.POT_ODDS, pot=60, call=20)  # 25
    assert question.judge(given) is right
    assert TOLERANCE == 5


def test_five_points_from_an_exact_fraction() -> None:
    question = spot("Ah Kh", "7h 2h Jc", Draw.FLUSH)  # 9 of 47: 19.15 percent
    assert round(question.exact, 2) == 19.15 and question.said == 19
    assert [question.judge(given) for given in (14, 15, 24, 25)] == [False, True, True, False]


def test_the_outs_are_grouped_as_a_player_counts_them() -> None:
    question = spot("9h 8h", "Jh 7c 2h", Draw.COMBO)  # nine hearts and the three other tens
    groups = group_outs(question.outs, unseen(question.hole, question.board))
    assert [(group.kind, len(group.cards)) for group in groups] == [
        (GroupKind.SUIT, 9),
        (GroupKind.OTHER_RANK, 3),
    ]
    assert sorted(card for group in groups for card in group.cards) == sorted(question.outs)
    rng = random.Random(5)
    for number in range(30):
        dealt = make_odds(rng, number + 1)
        grouped = group_outs(dealt.outs, unseen(dealt.hole, dealt.board))
        cards = [card for group in grouped for card in group.cards]
        assert sorted(cards) == sorted(dealt.outs)  # every out once


@pytest.mark.parametrize(
    ("hole", "board", "draw", "english", "spanish"),
    [
        ("Ah Kh", "7h 2h Jc", Draw.FLUSH, "the nine hearts", "los nueve corazones"),
        ("As Ks", "7s 2s Jc", Draw.FLUSH, "the nine spades", "las nueve picas"),
        ("9c 8d", "7s 6h 2c", Draw.OPEN_ENDED, "the four tens and the four fives",
         "los cuatro dieces y los cuatro cincos"),
        ("Tc 9d", "Ks Qh 2c", Draw.GUTSHOT, "the four jacks", "las cuatro sotas"),
        ("9h 8h", "Jh 7c 2h", Draw.COMBO, "the nine hearts and the three other tens",
         "los nueve corazones y los otros tres dieces"),
        ("Jc Jd", "Ks 9h 2c", Draw.SET, "the two jacks", "las dos sotas"),
        ("Ks 9d", "Kh 9c 4s", Draw.FULL_HOUSE, "the two kings and the two nines",
         "los dos reyes y los dos nueves"),
    ],
)  # fmt: skip
def test_the_outs_in_words(hole: str, board: str, draw: Draw, english: str, spanish: str) -> None:
    question = spot(hole, board, draw)
    assert DrillText("en").outs_words(question) == english
    assert DrillText("es").outs_words(question) == spanish


def test_single_outs_are_named_with_their_article() -> None:
    # A set drawing to a full house: the last queen is one card, the board's ranks groups.
    hole, board = parse_cards("Qc Qd"), parse_cards("Qh Js 2c")
    outs = parse_cards("Qs Jc Jd Jh 2d 2h 2s")
    full = OddsQuestion(1, Draw.FULL_HOUSE, hole, board, 60, 20, Ask.NEXT_CARD, outs, (0, 0))
    assert DrillText("es").outs_words(full) == (
        "las tres sotas, los tres doses y la reina de picas"
    )


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_answers_give_the_numbers(lang: str) -> None:
    words = DrillText(lang)  # type: ignore[arg-type]
    river = words.odds_why(spot("Ah Kh", "7h 2h Jc", Draw.FLUSH, Ask.RIVER), 40)
    pot = words.odds_why(spot("Ah Kh", "7h 2h Jc", Draw.FLUSH, Ask.POT_ODDS), 25)
    turn = words.odds_why(spot("Ah Kh", "7h 2h Jc 3s", Draw.FLUSH), 20)
    if lang == "en":
        assert river == [
            "You said 40; the answer is 35 percent.",
            "You have 9 outs: the nine hearts.",
            "By the river, counting every two cards still to come: 35 percent.",
            "Quick estimate: the outs times 4, less one for each out above 8, 35 percent.",
        ]
        assert pot == [
            "You said 25; the answer is 25 percent.",
            "Calling 20 to win 60: you need 25 percent, 20 of the 80 the pot holds once you call.",
        ]
        assert turn[1:] == [
            "You have 9 outs: the nine hearts.",
            "The next card: 9 of the 46 cards you have not seen, 20 percent.",
            "Quick estimate: the outs times 2, 18 percent.",
        ]
    else:
        assert river[:2] == [
            "Dijiste 40; la respuesta es un 35 por ciento.",
            "Tienes 9 outs: los nueve corazones.",
        ]
        assert pot[1] == (
            "Seguir con 20 para ganar 60: necesitas un 25 por ciento, 20 de los 80 que habrá "
            "en el bote al seguir."
        )
        assert (
            turn[2]
            == "La siguiente carta: 9 de las 46 cartas que quedan por ver, un 20 por ciento."
        )


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_question_says_which_chance_it_asks(lang: str) -> None:
    words = DrillText(lang)  # type: ignore[arg-type]
    asks = {
        ask: words.odds_question(spot("Ah Kh", "7h 2h Jc", Draw.FLUSH, ask), 10, "Enter")[-1][0]
        for ask in Ask
    }
    if lang == "en":
        assert asks[Ask.POT_ODDS].startswith("What chance of winning does a call need?")
        assert "the next card gives you a flush or better" in asks[Ask.NEXT_CARD]
        assert "by the river, with two cards to come" in asks[Ask.RIVER]
    else:
        assert asks[Ask.POT_ODDS].startswith("¿Qué probabilidad de ganar necesitas para seguir?")
        assert "la siguiente carta te dé color o algo mejor" in asks[Ask.NEXT_CARD]
        assert "hasta el river, con dos cartas por salir" in asks[Ask.RIVER]
    parts = words.odds_question(spot("Ah Kh", "7h 2h Jc", Draw.FLUSH), 10, "Enter")
    assert parts[0][1].endswith("Ah Kh." if lang == "en" else "Ac Kc.")  # c: corazones
    assert parts[2][0] in (
        "20 to call, with 60 in the pot.",
        "Para seguir pones 20; hay 60 en el bote.",
    )
