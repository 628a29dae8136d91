"""Cards: parsing every accepted notation, refusing bad input with a reason, value semantics."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from audiopoker.cards import (
    FULL_DECK,
    Card,
    Rank,
    Suit,
    ensure_distinct,
    format_cards,
    parse_cards,
)
from audiopoker.errors import CardError, ErrorReason


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("As", Rank.ACE, Suit.SPADES),
        ("Td", Rank.TEN, Suit.DIAMONDS),
        ("10h", Rank.TEN, Suit.HEARTS),
        ("tc", Rank.TEN, Suit.CLUBS),
        ("A♠", Rank.ACE, Suit.SPADES),
        ("a♤", Rank.ACE, Suit.SPADES),
        ("10♥", Rank.TEN, Suit.HEARTS),
        ("K♦", Rank.KING, Suit.DIAMONDS),
        ("Q♢", Rank.QUEEN, Suit.DIAMONDS),
        ("2♣", Rank.TWO, Suit.CLUBS),
        ("9♧", Rank.NINE, Suit.CLUBS),
        ("J♡", Rank.JACK, Suit.HEARTS),
        ("Q♥\ufe0f", Rank.QUEEN, Suit.HEARTS),  # emoji presentation selector
        ("  Kd ", Rank.KING, Suit.DIAMONDS),
        ("7S", Rank.SEVEN, Suit.SPADES),
    ],
)
def test_parse_accepts_every_notation(text: str, rank: Rank, suit: Suit) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert card == Card(rank, suit) == Card(text.strip())


@pytest.mark.parametrize(
    ("text", "cause"),
    [
        ("", None),
        ("A", None),
        ("♠", None),
        ("Zs", ErrorReason.BAD_RANK),
        ("1s", ErrorReason.BAD_RANK),
        ("11h", ErrorReason.BAD_RANK),
        ("0h", ErrorReason.BAD_RANK),
        ("Ax", ErrorReason.BAD_SUIT),
        ("A♠♠", ErrorReason.BAD_RANK),
        ("10", ErrorReason.BAD_RANK),
        ("AsK", ErrorReason.BAD_RANK),
    ],
)
def test_parse_refuses_bad_cards_with_a_reason(text: str, cause: ErrorReason | None) -> None:
    with pytest.raises(CardError) as caught:
        Card.parse(text)
    assert caught.value.reason is ErrorReason.BAD_CARD
    assert caught.value.details["text"] == text
    assert caught.value.details.get("cause") is cause
    assert isinstance(caught.value, ValueError)


def test_rank_and_suit_parsers_name_their_part() -> None:
    assert Rank.parse("10") is Rank.TEN
    assert Suit.parse("♠") is Suit.SPADES
    with pytest.raises(CardError) as rank_error:
        Rank.parse("X")
    assert rank_error.value.reason is ErrorReason.BAD_RANK
    with pytest.raises(CardError) as suit_error:
        Suit.parse("x")
    assert suit_error.value.reason is ErrorReason.BAD_SUIT


def test_constructor_forms_agree_and_validate() -> None:
    ace = Card(Rank.ACE, Suit.SPADES)
    assert Card(14, "s") == Card("A", "♠") == Card("As") == ace
    with pytest.raises(CardError) as too_high:
        Card(15, Suit.SPADES)
    assert too_high.value.reason is ErrorReason.BAD_RANK
    with pytest.raises(CardError) as bad_suit:
        Card(Rank.ACE, "x")
    assert bad_suit.value.reason is ErrorReason.BAD_SUIT


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("As Kd", "As Kd"),
        ("AsKd", "As Kd"),
        ("10h9c", "Th 9c"),
        ("Ah,Kd, 10s", "Ah Kd Ts"),
        ("A♠ K♦ Q♥ J♣ 10♠", "As Kd Qh Jc Ts"),
        ("A♠️K♦️", "As Kd"),
        ("", ""),
    ],
)
def test_parse_cards_lists_and_runs(text: str, expected: str) -> None:
    assert format_cards(parse_cards(text)) == expected


@pytest.mark.parametrize(
    ("text", "duplicate"), [("As Kd As", "As"), ("10h Th", "Th"), ("a♠AS", "As")]
)
def test_parse_cards_refuses_duplicates(text: str, duplicate: str) -> None:
    with pytest.raises(CardError) as caught:
        parse_cards(text)
    assert caught.value.reason is ErrorReason.DUPLICATE_CARD
    assert caught.value.details == {"text": duplicate}


def test_parse_cards_names_the_bad_card_in_a_run() -> None:
    with pytest.raises(CardError) as caught:
        parse_cards("As KxQd")
    assert caught.value.reason is ErrorReason.BAD_CARD
    assert caught.value.details["text"] == "Kx"


def test_ensure_distinct_keeps_order() -> None:
    cards = (Card("Kd"), Card("2c"), Card("As"))
    assert ensure_distinct(iter(cards)) == cards
    with pytest.raises(CardError):
        ensure_distinct([*cards, Card("2c")])


def test_full_deck_is_ordered_by_index() -> None:
    assert len(set(FULL_DECK)) == 52
    assert [card.index for card in FULL_DECK] == list(range(52))
    assert sorted(reversed(FULL_DECK)) == list(FULL_DECK)
    assert (FULL_DECK[0], FULL_DECK[-1]) == (Card("2c"), Card("As"))


def test_index_is_phevaluators_card_id() -> None:
    ph_card = pytest.importorskip("phevaluator.card")
    for card in FULL_DECK:
        assert ph_card.Card(str(card)).id_ == card.index


def test_ordering_is_by_rank_then_suit_letter() -> None:
    assert Card("2s") < Card("3c") < Card("3d") < Card("3h") < Card("3s") < Card("Ac")
    assert Card("Kd") >= Card("Kd") > Card("Kc") and Card("Kc") <= Card("Kd")
    assert max(parse_cards("9h Jc 9s")) == Card("Jc")
    assert Card("As") != "As"
    with pytest.raises(TypeError):
        _ = Card("As") < "Ks"  # type: ignore[operator]


def test_value_semantics() -> None:
    card = Card("Qh")
    assert {card, Card.parse("Q♥"), Card(Rank.QUEEN, Suit.HEARTS)} == {card}
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.rank = Rank.KING  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(card)) == card
    assert copy.deepcopy(card) == card
    replaced = dataclasses.replace(card, suit=Suit.SPADES)
    assert replaced == Card("Qs") and replaced.index == Card("Qs").index


@pytest.mark.parametrize("card", FULL_DECK, ids=str)
def test_str_and_repr_round_trip(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert eval(repr(card), {"Card": Card}) == card
    assert str(card) == card.rank.char + card.suit.char


@given(st.permutations(FULL_DECK), st.integers(0, 52), st.booleans())
def test_format_and_parse_round_trip(deck: list[Card], size: int, run_together: bool) -> None:
    cards = tuple(deck[:size])
    text = format_cards(cards)
    if run_together:
        text = text.replace(" ", "")
    assert parse_cards(text) == cards


def test_spanish_letters_are_the_spanish_suit_initials() -> None:
    """p picas, c corazones, d diamantes, t tréboles; h and s still read, being unambiguous."""
    assert parse_cards("Ap Kc Qd Jt 10c", lang="es") == parse_cards("As Kh Qd Jc Th")
    assert parse_cards("Ah Ks 9d", lang="es") == parse_cards("Ah Ks 9d")
    assert parse_cards("ApKc", lang="es") == parse_cards("AsKh")
    with pytest.raises(CardError) as english:
        parse_cards("Ap", lang="en")  # p is no English suit
    assert english.value.details["cause"] is ErrorReason.BAD_SUIT


def test_a_spanish_c_beside_an_english_letter_is_refused_as_ambiguous() -> None:
    with pytest.raises(CardError) as error:
        parse_cards("Ah 7d 2c", lang="es")
    assert error.value.reason is ErrorReason.AMBIGUOUS_SUIT
    assert error.value.details == {"text": "2c"}
    assert parse_cards("Ah 7d 2c") == (Card("Ah"), Card("7d"), Card("2c"))  # English: clubs
