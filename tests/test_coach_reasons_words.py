"""The coach's honest reasons in words (issue 26, point 3), in both languages: hands named
with the board in mind, tainted outs kept out of the count said, the kind of reason named
on the second press, and short stacks said as whose they are (a shove told by fold equity,
never by a call's price)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from coach_reasons_support import advised, dealt
from test_coach_words import spot

from audiopoker.cards import parse_cards
from audiopoker.coach.advice import KINDS, Kind, Reason
from audiopoker.coach.advice_words import detail_answer, first_answer, kind_sentence, suggestion
from audiopoker.coach.board_hand import board_aware
from audiopoker.coach.outs import Taint, outs_of
from audiopoker.engine.actions import Action, Street
from audiopoker.evaluator import Category
from audiopoker.i18n import Language

HANDS = [
    # the pair is on the board: what the player's cards add is said apart
    ("Kd 3c", "7s 7h 2c", "king high; the board has a pair of sevens",
     "rey alto; en la mesa hay pareja de sietes"),
    # two pair, one of them the board's
    ("Kd 9c", "Qs Qh 9d", "a pair of nines; the board has a pair of queens",
     "pareja de nueves; en la mesa hay pareja de reinas"),
    # both pairs on the board
    ("Kd 3c", "Qs Qh 9d 9s", "king high; the board has two pair, queens and nines",
     "rey alto; en la mesa hay doble pareja de reinas y nueves"),
    ("Ad 3c", "7s 7h 7c", "ace high; the board has three of a kind, sevens",
     "as alto; en la mesa hay trío de sietes"),
    # the board's trips, the player's pair: the full house is mostly the board's
    ("Kd Kc", "7s 7h 7c 2d", "a pair of kings; the board has three of a kind, sevens",
     "pareja de reyes; en la mesa hay trío de sietes"),
    # the player's cards do not play
    ("2d 3c", "5s 6h 7c 8d 9s", "only what the board has: a straight to the nine",
     "solo lo que hay en la mesa: escalera al nueve"),
    # the player's own hands keep the narration's words
    ("7d Kc", "7s 9h 2c", "a pair of sevens, king kicker", "pareja de sietes, kicker rey"),
    ("7d 7c", "7s 9h 9c", "a full house, sevens over nines", "ful de sietes y nueves"),
]  # fmt: skip


@pytest.mark.parametrize(("hole", "board", "english", "spanish"), HANDS)
def test_hands_are_named_with_the_board_in_mind(
    hole: str, board: str, english: str, spanish: str
) -> None:
    assert board_aware(parse_cards(hole), parse_cards(board), "en") == english
    assert board_aware(parse_cards(hole), parse_cards(board), "es") == spanish


def test_the_detail_says_a_board_pair_is_the_boards() -> None:
    hole, board = parse_cards("Kd 3c"), parse_cards("7s 7h 2c")
    advice = spot(hole=hole, board=board, outs=outs_of(hole, board))
    assert "You have king high; the board has a pair of sevens." in detail_answer(advice, "en")
    assert "Tienes rey alto; en la mesa hay pareja de sietes." in detail_answer(advice, "es")
    assert "pair of sevens, king kicker" not in detail_answer(advice, "en")


def test_a_flush_card_that_pairs_the_board_is_tainted() -> None:
    found = outs_of(parse_cards("Ah Kh"), parse_cards("Qh 7h 2c"))
    assert found.count == 14 and found.tainted_count == 1
    (group,) = found.tainted
    assert (group.category, group.taint, group.cards) == (
        Category.FLUSH,
        Taint.PAIRS_BOARD,
        parse_cards("2h"),
    )
    assert parse_cards("2h")[0] not in found.cards


def test_straight_outs_on_a_flush_board_are_tainted() -> None:
    found = outs_of(parse_cards("9c 8d"), parse_cards("7h 6h 2h"))
    assert found.count == 0
    straights = [g for g in found.tainted if g.category is Category.STRAIGHT]
    assert [len(g.cards) for g in straights] == [8]
    assert all(g.taint is Taint.FLUSH_BOARD for g in found.tainted)
    advice = spot(hole=parse_cards("9c 8d"), board=parse_cards("7h 6h 2h"), outs=found)
    english, spanish = detail_answer(advice, "en"), detail_answer(advice, "es")
    assert (
        "No next card improves your hand without also helping them. Not counted: 8 make a "
        "straight and 6 make a pair, but they leave three of a suit on the board, so a flush "
        "could beat you." in english
    )
    assert (
        "Ninguna carta siguiente mejora tu mano sin ayudarles también a ellos. Sin contar: 8 "
        "te dan escalera y 6 te dan pareja, pero dejan tres del mismo palo en la mesa, así que "
        "un color podría ganarte." in spanish
    )


def test_a_straight_out_that_brings_a_third_suited_card_is_tainted() -> None:
    # two hearts on the flop: the two heart straight cards make a flush possible
    found = outs_of(parse_cards("9c 8d"), parse_cards("7h 6h 2c"))
    (straight,) = [g for g in found.groups if g.category is Category.STRAIGHT]
    assert len(straight.cards) == 6
    assert {c for g in found.tainted for c in g.cards} >= set(parse_cards("Th 5h"))


def test_clean_outs_are_all_counted() -> None:
    found = outs_of(parse_cards("9c 8d"), parse_cards("7h 6s 2c"))
    assert found.count == 14 and not found.tainted


@pytest.mark.parametrize("reason", list(Reason))
def test_every_reason_has_a_kind_said_in_both_languages(reason: Reason) -> None:
    advice = spot(reason=reason)
    english, spanish = kind_sentence(advice, "en"), kind_sentence(advice, "es")
    assert english.startswith("The reason is ") and spanish.startswith("La razón ")
    assert detail_answer(advice, "en").startswith(english)
    assert detail_answer(advice, "es").startswith(spanish)


KIND_WORDS = {
    Kind.VALUE: ("value", "el valor"),
    Kind.PROTECTION: ("protection", "la protección"),
    Kind.SEMI_BLUFF: ("a semi-bluff", "un semifarol"),
    Kind.BLUFF: ("a bluff", "un farol"),
    Kind.SHOWDOWN_VALUE: ("showdown value", "el valor al mostrar las cartas"),
    Kind.POT_ODDS: ("pot odds", "el precio del bote"),
    Kind.IMPLIED_ODDS: ("implied odds", "las probabilidades implícitas"),
    Kind.FOLD_EQUITY: ("fold equity", "la fold equity"),
}


@pytest.mark.parametrize(("kind", "words"), list(KIND_WORDS.items()))
def test_the_kinds_the_issue_names(kind: Kind, words: tuple[str, str]) -> None:
    reason = next(r for r, k in KINDS.items() if k is kind)
    advice = spot(reason=reason)
    assert kind_sentence(advice, "en").startswith(f"The reason is {words[0]}: ")
    lead = "La razón son" if kind is Kind.IMPLIED_ODDS else "La razón es"
    assert kind_sentence(advice, "es").startswith(f"{lead} {words[1]}: ")


def test_an_open_below_an_even_share_is_a_steal() -> None:
    opened = spot(reason=Reason.OPEN, action="raise", amount=5, equity=0.12, opponents=5)
    assert opened.kind is Kind.FOLD_EQUITY
    assert replace(opened, equity=0.3).kind is Kind.VALUE


def short_table(mine: int, theirs: int, holes: list[str]) -> tuple[str, str, Reason]:
    """The button (seat 0) first in, blinds 1 and 2, with ``mine`` chips against blinds
    of ``theirs``; the coach's suggestion and reason."""
    hand, seat = dealt(holes, [], button=0, stacks=[mine, theirs, theirs])
    assert seat == 0
    view, coach = advised(hand, seat)
    advice = coach.advise(view)
    return first_answer(advice, "en"), first_answer(advice, "es"), advice.reason


def test_the_blinds_short_stack_is_said_as_theirs() -> None:
    # 200 big blinds against blinds of 10: the chart reads the effective stack, 10 big
    # blinds, and says the depth, never "your stack is short".
    english, spanish, reason = short_table(400, 20, ["Ac Ad", "7h 2s", "8d 3c"])
    assert reason is Reason.SHOVE_THEM
    assert english.startswith("Pocket aces on the button, nobody has acted yet: raise to 20")
    assert "with 10 big blinds it is all in or fold" in english
    assert "con 10 ciegas grandes es jugar el resto o irte" in spanish
    assert "your stack is short" not in english and "te quedan pocas" not in spanish


def test_the_players_short_stack_is_said_as_theirs() -> None:
    english, spanish, reason = short_table(20, 400, ["Ac Ad", "7h 2s", "8d 3c"])
    assert reason is Reason.SHOVE
    assert english.endswith(
        "raise to 20, all in; with 10 big blinds it is all in or fold: you go all in with "
        "about 41 percent of hands here."
    )
    assert "subir a 20 jugando el resto" in spanish


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_shove_over_a_raise_is_not_told_by_a_calls_price(lang: Language) -> None:
    # three players; seat 0 (the button) raises to 6, the player (small blind, 10 big
    # blinds) holds aces
    hand, seat = dealt(
        ["7h 2s", "Ac Ad", "8d 3c"], [(0, Action.raise_to(6))], button=0, stacks=[400, 20, 400]
    )
    assert seat == 1
    view, coach = advised(hand, seat)
    advice = coach.advise(view)
    assert advice.action == "raise" and advice.all_in and advice.reason is Reason.RESHOVE
    assert advice.kind is Kind.FOLD_EQUITY
    said = suggestion(advice, lang)
    assert "price" not in said and "precio" not in said
    assert said.endswith(
        "all in rather than a call lets them fold, and against what they have shown your "
        "chance is worth your chips."
        if lang == "en"
        else "jugar el resto en vez de seguir les deja irse, y contra lo que han mostrado tu "
        "probabilidad vale tus fichas."
    )


def test_a_short_call_all_in_keeps_its_price() -> None:
    advice = spot(action="call", all_in=True, reason=Reason.PRICE_RIGHT, street=Street.PREFLOP)
    assert suggestion(advice, "en") == "Call all in: you are getting the right price."
