"""The showdown explainer (audiopoker/showdown.py): RULES.md examples, the reasons, and
invariants over random deals."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from audiopoker.cards import FULL_DECK, Rank, parse_cards
from audiopoker.errors import CardError, ConfigError, ErrorReason
from audiopoker.evaluator import Category, evaluate
from audiopoker.narration import reason_sentences
from audiopoker.showdown import ReasonKind, ShowdownResult, decide, showdown, significance


def run(board: str, *hands: str) -> ShowdownResult:
    return showdown(parse_cards(board), [parse_cards(hand) for hand in hands])


def why(result: ShowdownResult, lang: str, names: tuple[str, ...]) -> list[str]:
    values = [hand.value for hand in result.hands]
    return reason_sentences(result.reason, values, names, lang, None, len(result.winners))  # type: ignore[arg-type]


def test_board_straight_splits_between_twos_and_nines() -> None:
    """Seed 001: on A K Q J 10 both play the board, though the nines are the bigger pair."""
    result = run("Ac Kd Qh Js Tc", "2h 2s", "9d 9c")
    assert result.winners == (0, 1)
    assert result.reason.kind is ReasonKind.SPLIT and result.reason.plays_board
    assert [hand.hole_cards_used for hand in result.hands] == [0, 0]
    assert why(result, "en", ("Ana", "Beto")) == [
        "Ana and Beto both play the board: a straight to the ace."
    ]
    assert why(result, "es", ("Ana", "Beto")) == [
        "Empate entre Ana y Beto, jugando la mesa: escalera al as."
    ]


def test_queen_kicker_beats_jack_kicker() -> None:
    """Seed 002: K-Q beats K-J on K 8 4 3 2; the queen decides."""
    result = run("Kd 8c 4s 3h 2d", "Kh Qc", "Ks Jd")
    assert result.winners == (0,)
    reason = result.reason
    assert reason.kind is ReasonKind.KICKER
    assert (reason.winner, reason.loser) == (0, 1)
    assert (reason.winner_card, reason.loser_card) == (Rank.QUEEN, Rank.JACK)
    assert why(result, "es", ("Ana", "Beto")) == [
        "Los dos tienen pareja de reyes; decide el kicker.",
        "La reina de Ana le gana a la sota de Beto.",
    ]


def test_two_pair_on_the_board_splits() -> None:
    """Seed 002: on Q Q J J A, K-3 and 2-4 both play the board (the king does not play)."""
    result = run("Qs Qd Jc Jh Ac", "Ks 3d", "2c 4h")
    assert result.winners == (0, 1)
    assert result.reason.plays_board
    assert why(result, "es", ("Ana", "Beto")) == [
        "Empate entre Ana y Beto, jugando la mesa: doble pareja de reinas y sotas, kicker as."
    ]


def test_fabio_king_beats_carla_jack() -> None:
    """Seed 002's six-player hand: A-K beats A-9 on A 7 2 5 J by the king."""
    result = run("As 7c 2d 5h Jd", "Ah 9c", "Ad Kc")
    assert result.winners == (1,)
    assert why(result, "es", ("Carla", "Fabio")) == [
        "Los dos tienen pareja de ases; decide el kicker.",
        "El rey de Fabio le gana a la sota de Carla.",
    ]
    assert why(result, "en", ("Carla", "Fabio"))[1] == "Fabio's king beats Carla's jack."


def test_side_pot_pair_of_kings_beats_queens() -> None:
    """Seed 002's side pot: Beto's kings beat Carla's queens; Ana's aces beat both."""
    everyone = run("9c 6d 2s 4h Jc", "As Ad", "Ks Kh", "Qs Qh")
    assert everyone.winners == (0,)
    assert everyone.reason.loser == 1  # compared with the best of the rest
    side = run("9c 6d 2s 4h Jc", "Ks Kh", "Qs Qh")
    assert side.reason.kind is ReasonKind.HIGHER_RANK
    assert why(side, "es", ("Beto", "Carla")) == [
        "Beto le gana a Carla: pareja de reyes contra pareja de reinas."
    ]


def test_flush_beats_straight() -> None:
    """Seed 002's explainer: Player 2's flush to the jack beats Player 1's straight to the
    ace because the flush is the higher category."""
    result = run("Jd Td Qs 2d 4c", "Ah Kh", "8d 9d")
    assert result.winners == (1,)
    assert [hand.value.category for hand in result.hands] == [Category.STRAIGHT, Category.FLUSH]
    assert result.reason.kind is ReasonKind.HIGHER_CATEGORY
    assert why(result, "en", ("P1", "P2")) == ["A flush beats a straight."]
    assert why(result, "es", ("P1", "P2")) == ["El color le gana a la escalera."]


def test_flush_decided_by_a_lower_card() -> None:
    result = run("Ah 9h 6h 2c 3d", "Kh 4h", "Qh 8h")
    assert result.reason.kind is ReasonKind.NEXT_CARD
    assert (result.reason.winner_card, result.reason.loser_card) == (Rank.KING, Rank.QUEEN)
    assert why(result, "en", ("Ana", "Beto")) == [
        "Both have a flush, ace high; the next card decides.",
        "Ana's king beats Beto's queen.",
    ]


def test_later_kicker_names_the_equal_ones() -> None:
    result = run("As Kd Qc 7h 2s", "Ah 9c", "Ad 8c")
    assert result.reason.kind is ReasonKind.KICKER
    assert result.reason.shared == (Rank.KING, Rank.QUEEN)
    assert why(result, "en", ("Ana", "Beto"))[0] == (
        "Both have a pair of aces, king and queen kickers; the next kicker decides."
    )
    assert why(result, "es", ("Ana", "Beto")) == [
        "Los dos tienen pareja de ases, kickers rey y reina; decide el siguiente kicker.",
        "El nueve de Ana le gana al ocho de Beto.",
    ]


def test_wheel_counts_the_ace_low() -> None:
    result = run("Ah 2c 3d 4s Kh", "5c Qd", "6c 5d")
    assert [significance(hand.value)[0] for hand in result.hands] == [Rank.FIVE, Rank.SIX]
    assert result.winners == (1,)
    assert why(result, "en", ("Ana", "Beto")) == [
        "Beto beats Ana: a straight to the six against a straight to the five."
    ]


def test_three_way_split_among_losers() -> None:
    result = run("Ac Kd Qh Js Tc", "2h 3s", "4d 5c", "6h 7h")
    assert result.winners == (0, 1, 2)
    # Every tied player named, the count in words (issue 12).
    assert why(result, "en", ("A", "B", "C")) == [
        "A, B and C all play the board: a straight to the ace, a three-way tie."
    ]
    assert why(result, "es", ("A", "B", "C")) == [
        "Empate a tres entre A, B y C, jugando la mesa: escalera al as."
    ]


@pytest.mark.parametrize(
    ("board", "hands", "reason", "details"),
    [
        ("As Kd", ["2h 2s", "9d 9c"], ErrorReason.WRONG_CARD_COUNT, {"where": "board"}),
        ("As Kd Qh Js 2c", ["2h 2s 3c", "9d 9c"], ErrorReason.WRONG_CARD_COUNT, {"number": 1}),
        ("As Kd Qh Js 2c", ["2h 2s", "As 9c"], ErrorReason.DUPLICATE_CARD, {"text": "As"}),
        ("As Kd Qh Js 2c", ["2h 2s"], ErrorReason.NOT_ENOUGH_PLAYERS, {"minimum": 2}),
    ],
)
def test_bad_input_is_refused(
    board: str, hands: list[str], reason: ErrorReason, details: dict[str, object]
) -> None:
    with pytest.raises((CardError, ConfigError)) as caught:
        run(board, *hands)
    assert caught.value.reason is reason
    for key, value in details.items():
        assert caught.value.details[key] == value


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 8))
def test_reasons_agree_with_the_hands(seed: int, players: int) -> None:
    deck = list(FULL_DECK)
    random.Random(seed).shuffle(deck)
    board = deck[:5]
    hands = [deck[5 + 2 * index : 7 + 2 * index] for index in range(players)]
    result = showdown(board, hands)
    strengths = [hand.value.strength for hand in result.hands]
    assert set(result.winners) == {i for i, s in enumerate(strengths) if s == max(strengths)}
    board_strength = evaluate(board).strength
    for hand in result.hands:
        assert hand.plays_board == (hand.value.strength == board_strength)
        assert hand.plays_board == (hand.hole_cards_used == 0)
    reason = result.reason
    if len(result.winners) > 1:
        assert reason.kind is ReasonKind.SPLIT
        assert reason.plays_board == all(result.hands[i].plays_board for i in result.winners)
    else:
        assert reason.loser is not None
        winner, loser = result.hands[reason.winner].value, result.hands[reason.loser].value
        assert loser.strength == max(s for i, s in enumerate(strengths) if i != reason.winner)
        ours, theirs = significance(winner), significance(loser)
        if reason.kind is ReasonKind.HIGHER_CATEGORY:
            assert winner.category > loser.category
        else:
            assert winner.category == loser.category
            first = next(i for i, (a, b) in enumerate(zip(ours, theirs, strict=True)) if a != b)
            assert ours[first] > theirs[first]
            if reason.kind in (ReasonKind.KICKER, ReasonKind.NEXT_CARD):
                assert (reason.winner_card, reason.loser_card) == (ours[first], theirs[first])
                assert reason.shared == ours[first - len(reason.shared) : first]
    names = tuple(f"P{index}" for index in range(players))
    for lang in ("en", "es"):
        sentences = why(result, lang, names)
        assert sentences and all(s and "{" not in s and "_" not in s for s in sentences)


def test_decide_with_one_hand_is_alone() -> None:
    value = evaluate(parse_cards("As Kd Qh Js 9c"))
    winners, reason = decide([value], [False])
    assert winners == (0,) and reason.kind is ReasonKind.ALONE


def test_one_shared_kicker_is_said_as_the_kicker() -> None:
    """Issue 17: the kicker is said one way ("pair of eights, ace kicker"), also when both
    share it and the next kicker decides; never "pair of eights with ace"."""
    result = run("8s 8d Ac 7h 2s", "Qc 3d", "Jc 4d")
    assert result.reason.shared == (Rank.ACE,)
    assert why(result, "en", ("Ana", "Beto")) == [
        "Both have a pair of eights, ace kicker; the next kicker decides.",
        "Ana's queen beats Beto's jack.",
    ]
    assert why(result, "es", ("Ana", "Beto")) == [
        "Los dos tienen pareja de ochos, kicker as; decide el siguiente kicker.",
        "La reina de Ana le gana a la sota de Beto.",
    ]
