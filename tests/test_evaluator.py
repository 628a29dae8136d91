"""Hand evaluation: exact counts, agreement of both implementations, RULES.md examples."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from audiopoker import evaluator, evaluator_pure
from audiopoker.cards import FULL_DECK, Card, Rank, Suit, parse_cards
from audiopoker.errors import CardError, ErrorReason
from audiopoker.evaluator import (
    CATEGORY_FLOORS,
    PHEVALUATOR,
    PURE,
    Category,
    Evaluator,
    HandValue,
    category_of,
)

needs_phevaluator = pytest.mark.skipif(PHEVALUATOR is None, reason="phevaluator not importable")
IMPLEMENTATIONS = [
    pytest.param(PURE, id="pure"),
    pytest.param(PHEVALUATOR, id="phevaluator", marks=needs_phevaluator),
]


@pytest.fixture(params=IMPLEMENTATIONS)
def impl(request: pytest.FixtureRequest) -> Evaluator:
    implementation: Evaluator = request.param
    return implementation


def shared_dir() -> Path | None:
    candidates = [Path(__file__).resolve().parents[2] / "shared"]
    if "AUDIOPOKER_SHARED" in os.environ:
        candidates.append(Path(os.environ["AUDIOPOKER_SHARED"]))
    return next((path for path in candidates if (path / "seeds").is_dir()), None)


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def ranks(value: HandValue) -> str:
    return "".join(card.rank.char for card in value.best)


# ---------------------------------------------------------------- exact counts

FIVE_CARD_COUNTS = {
    Category.STRAIGHT_FLUSH: 40,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3_744,
    Category.FLUSH: 5_108,
    Category.STRAIGHT: 10_200,
    Category.THREE_OF_A_KIND: 54_912,
    Category.TWO_PAIR: 123_552,
    Category.PAIR: 1_098_240,
    Category.HIGH_CARD: 1_302_540,
}


@needs_phevaluator
def test_category_counts_over_all_five_card_hands() -> None:
    assert PHEVALUATOR is not None
    per_strength = Counter(map(PHEVALUATOR.strength_ids, combinations(range(52), 5)))
    assert sorted(per_strength) == list(range(1, 7463))  # 7,462 classes, nothing else
    per_category = Counter[Category]()
    for number, count in per_strength.items():
        per_category[category_of(number)] += count
    assert per_category == FIVE_CARD_COUNTS
    assert sum(per_category.values()) == 2_598_960
    assert per_strength[7462] == 4  # royal flushes


@needs_phevaluator
@pytest.mark.slow
def test_pure_matches_phevaluator_on_every_five_card_hand() -> None:
    assert PHEVALUATOR is not None
    pure = map(PURE.strength_ids, combinations(range(52), 5))
    native = map(PHEVALUATOR.strength_ids, combinations(range(52), 5))
    mismatch = next((pair for pair in zip(pure, native, strict=True) if pair[0] != pair[1]), None)
    assert mismatch is None


def test_category_floors_match_the_generated_classes() -> None:
    assert evaluator_pure.category_floors() == CATEGORY_FLOORS
    assert len(evaluator_pure.classes()) == 7462
    assert category_of(7462) is Category.STRAIGHT_FLUSH
    assert category_of(7452) is Category.FOUR_OF_A_KIND
    assert category_of(1277) is Category.HIGH_CARD
    with pytest.raises(ValueError):
        category_of(0)
    with pytest.raises(ValueError):
        category_of(7463)


@needs_phevaluator
def test_pure_agrees_with_phevaluator_on_random_seven_card_hands() -> None:
    assert PHEVALUATOR is not None
    rng = random.Random(20240607)
    hands = [rng.sample(range(52), 7) for _ in range(200_000)]
    hands += [rng.sample(range(52), 6) for _ in range(20_000)]
    pure = list(map(PURE.strength_ids, hands))
    native = list(map(PHEVALUATOR.strength_ids, hands))
    bad = [hand for hand, a, b in zip(hands, pure, native, strict=True) if a != b]
    assert bad == [], f"{len(bad)} disagreements, first {bad[:3]}"


@needs_phevaluator
def test_card_and_id_paths_agree() -> None:
    assert PHEVALUATOR is not None
    rng = random.Random(7)
    for size in (5, 6, 7):
        for _ in range(300):
            hand = rng.sample(FULL_DECK, size)
            ids = [card.index for card in hand]
            expected = PHEVALUATOR.strength_ids(ids)
            assert PHEVALUATOR.strength(hand) == PURE.strength(hand) == expected
            assert PURE.strength_ids(ids) == expected
            assert evaluator.strength(tuple(hand)) == evaluator.strength_ids(ids) == expected


# ---------------------------------------------------------------- RULES.md examples


def test_board_straight_splits(impl: Evaluator) -> None:
    board = cards("A♣ K♦ Q♥ J♠ 10♣")
    deuces, used_deuces = impl.best_hand(cards("2♥ 2♠"), board)
    nines, used_nines = impl.best_hand(cards("9♦ 9♣"), board)
    assert deuces.strength == nines.strength
    assert deuces.category is nines.category is Category.STRAIGHT
    assert deuces.best == nines.best == board
    assert used_deuces == used_nines == 0


def test_king_kicker_queen_beats_jack(impl: Evaluator) -> None:
    board = cards("K♦ 8♣ 4♠ 3♥ 2♦")
    queen, used_queen = impl.best_hand(cards("K♥ Q♣"), board)
    jack, used_jack = impl.best_hand(cards("K♠ J♦"), board)
    assert queen.strength > jack.strength and jack < queen
    assert queen.category is jack.category is Category.PAIR
    assert (ranks(queen), ranks(jack)) == ("KKQ84", "KKJ84")
    assert used_queen == used_jack == 2


def test_two_pair_board_with_ace_splits(impl: Evaluator) -> None:
    board = cards("Q♠ Q♦ J♣ J♥ A♣")
    king, used_king = impl.best_hand(cards("K♠ 3♦"), board)
    small, used_small = impl.best_hand(cards("2♣ 4♥"), board)
    assert king.strength == small.strength
    assert king.category is Category.TWO_PAIR
    assert ranks(king) == ranks(small) == "QQJJA"
    assert used_king == used_small == 0


def test_fabio_beats_carla_by_the_king(impl: Evaluator) -> None:
    board = cards("A♠ 7♣ 2♦ 5♥ J♦")
    fabio, _ = impl.best_hand(cards("A♦ K♣"), board)
    carla, _ = impl.best_hand(cards("A♥ 9♣"), board)
    assert fabio.category is carla.category is Category.PAIR
    assert (ranks(fabio), ranks(carla)) == ("AAKJ7", "AAJ97")
    assert fabio.strength > carla.strength


def test_board_two_pair_ignores_sixth_and_seventh_cards(impl: Evaluator) -> None:
    board = cards("A♠ A♦ K♣ K♥ Q♦")
    jack, used_jack = impl.best_hand(cards("J♣ 3♠"), board)
    ten, used_ten = impl.best_hand(cards("T♥ 4♦"), board)
    assert jack.strength == ten.strength
    assert ranks(jack) == "AAKKQ" and used_jack == used_ten == 0


def test_seed_002_all_in_showdown_order(impl: Evaluator) -> None:
    board = cards("9♣ 6♦ 2♠ 4♥ J♣")
    ana, beto, carla = (impl.best_hand(cards(h), board)[0] for h in ("A♠ A♦", "K♠ K♥", "Q♠ Q♥"))
    assert ana.strength > beto.strength > carla.strength


def test_wheel_is_the_lowest_straight(impl: Evaluator) -> None:
    wheel = impl.evaluate(cards("A♣ 2♦ 3♥ 4♠ 5♣ K♦ 9♥"))
    six_high = impl.evaluate(cards("2♦ 3♥ 4♠ 5♣ 6♦ K♦ 9♥"))
    assert wheel.category is six_high.category is Category.STRAIGHT
    assert ranks(wheel) == "5432A" and ranks(six_high) == "65432"
    assert wheel.strength == CATEGORY_FLOORS[Category.STRAIGHT] < six_high.strength
    steel = impl.evaluate(cards("A♥ 2♥ 3♥ 4♥ 5♥ 6♣ 7♦"))
    assert steel.category is Category.STRAIGHT_FLUSH and ranks(steel) == "5432A"
    assert steel.strength == CATEGORY_FLOORS[Category.STRAIGHT_FLUSH]


@pytest.mark.parametrize("hand", ["K♣ A♦ 2♥ 3♠ 4♣", "Q♣ K♦ A♥ 2♠ 3♣", "K♣ A♦ 2♥ 3♠ 4♣ 8♦ 9♥"])
def test_no_straight_round_the_corner(impl: Evaluator, hand: str) -> None:
    assert impl.evaluate(cards(hand)).category is Category.HIGH_CARD


def test_royal_flush_is_a_straight_flush(impl: Evaluator) -> None:
    royal = impl.evaluate(cards("T♠ J♠ Q♠ K♠ A♠ 2♦ 2♣"))
    assert royal.category is Category.STRAIGHT_FLUSH and royal.is_royal_flush
    assert royal.strength == 7462 and ranks(royal) == "AKQJT"
    assert not impl.evaluate(cards("9♠ T♠ J♠ Q♠ K♠")).is_royal_flush


def test_suits_never_break_ties(impl: Evaluator) -> None:
    spades = impl.evaluate(cards("A♠ J♠ 9♠ 6♠ 2♠"))
    hearts = impl.evaluate(cards("A♥ J♥ 9♥ 6♥ 2♥"))
    assert spades.strength == hearts.strength and spades.category is Category.FLUSH


@pytest.mark.parametrize(
    ("hand", "category", "order"),
    [
        ("K♠ K♦ K♥ K♣ 3♦ 3♣ 2♥", Category.FOUR_OF_A_KIND, "KKKK3"),
        ("Q♠ 7♦ Q♥ 7♣ Q♣ 7♥ A♦", Category.FULL_HOUSE, "QQQ77"),
        ("9♠ 9♦ K♥ 3♣ 9♣ 2♦ 4♠", Category.THREE_OF_A_KIND, "999K4"),
        ("8♠ K♦ 4♥ K♣ 8♦ 4♠ 2♥", Category.TWO_PAIR, "KK884"),  # three pairs: best two
        ("8♠ K♦ 4♥ K♣ 8♦ 4♠ 6♥", Category.TWO_PAIR, "KK886"),
        ("A♥ 9♣ A♣ 3♠ 7♦ 2♦ 5♣", Category.PAIR, "AA975"),
        ("A♠ J♦ 8♣ 5♥ 2♠ 3♦ 7♥", Category.HIGH_CARD, "AJ875"),
        ("A♥ Q♥ 9♥ 6♥ 3♥ 2♠ K♣", Category.FLUSH, "AQ963"),
    ],
)
def test_best_five_in_order_of_significance(
    impl: Evaluator, hand: str, category: Category, order: str
) -> None:
    value = impl.evaluate(cards(hand))
    assert value.category is category and ranks(value) == order


def test_flush_from_the_board_and_one_hole_card(impl: Evaluator) -> None:
    value, used = impl.best_hand(cards("Q♥ 2♠"), cards("A♥ 9♥ 6♥ 3♥ K♣"))
    assert value.category is Category.FLUSH and ranks(value) == "AQ963" and used == 1
    assert Card("Q♥") in value.best and Card("2♠") not in value.best


def test_ties_prefer_fewer_hole_cards(impl: Evaluator) -> None:
    # The T♠ in hand makes the same straight as the board's T♥: the board plays.
    value, used = impl.best_hand(cards("T♠ 2♣"), cards("A♠ K♦ Q♦ J♣ T♥"))
    assert used == 0 and Card("T♥") in value.best
    # Pocket aces that pair the board's ace still need one hole card for trips.
    trips, used_trips = impl.best_hand(cards("A♦ A♣"), cards("A♠ 9♦ 6♣ 4♥ 2♠"))
    assert trips.category is Category.THREE_OF_A_KIND and used_trips == 2


def test_fewer_than_seven_cards(impl: Evaluator) -> None:
    flop, used = impl.best_hand(cards("7♣ 7♦"), cards("7♥ K♠ 2♦"))
    assert flop.category is Category.THREE_OF_A_KIND and used == 2
    turn, _ = impl.best_hand(cards("7♣ 7♦"), cards("7♥ K♠ 2♦ K♦"))
    assert turn.category is Category.FULL_HOUSE and ranks(turn) == "777KK"


@pytest.mark.parametrize("text", ["As Kd Qh Jc", "As Kd Qh Jc Tc 9d 8h 7s"])
def test_wrong_card_counts_are_refused(impl: Evaluator, text: str) -> None:
    hand = cards(text)
    for call in (impl.evaluate, impl.strength):
        with pytest.raises(CardError) as caught:
            call(hand)
        assert caught.value.reason is ErrorReason.WRONG_CARD_COUNT
        assert caught.value.details["count"] == len(hand)
    with pytest.raises(CardError):
        impl.strength_ids([card.index for card in hand])


def test_duplicates_are_refused(impl: Evaluator) -> None:
    with pytest.raises(CardError) as caught:
        impl.best_hand(cards("As Kd"), [*cards("Qh Jc Tc 9d"), Card("As")])
    assert caught.value.reason is ErrorReason.DUPLICATE_CARD
    assert caught.value.details["text"] == "As"
    with pytest.raises(CardError) as too_few:  # a repeated card is named before the count
        impl.best_hand(cards("As Kd"), cards("As Jc"))
    assert too_few.value.reason is ErrorReason.DUPLICATE_CARD
    with pytest.raises(CardError) as counted:
        impl.best_hand(cards("As Kd"), cards("Qh Jc"))
    assert counted.value.reason is ErrorReason.WRONG_CARD_COUNT


def test_module_functions_use_the_chosen_implementation() -> None:
    assert evaluator.EVALUATOR in (PURE, PHEVALUATOR)
    assert evaluator.strength is evaluator.EVALUATOR.strength
    hand = cards("A♦ K♣ A♠ 7♣ 2♦ 5♥ J♦")
    assert evaluator.evaluate(hand) == evaluator.EVALUATOR.evaluate(hand)
    assert evaluator.best_hand(hand[:2], hand[2:]) == PURE.best_hand(hand[:2], hand[2:])
    assert evaluator.best_hand_unchecked == evaluator.EVALUATOR.best_hand_unchecked
    assert evaluator.best_hand_unchecked(hand[:2], hand[2:]) == PURE.best_hand(hand[:2], hand[2:])


def test_environment_variable_forces_the_pure_evaluator() -> None:
    code = (
        "from audiopoker import evaluator as e\n"
        "print(e.EVALUATOR.name, e.strength is e.PURE.strength)"
    )
    env = {**os.environ, "AUDIOPOKER_PURE_EVALUATOR": "1"}
    output = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout
    assert output.split() == ["pure", "True"]


# ---------------------------------------------------------------- properties

seven_cards = st.lists(st.sampled_from(FULL_DECK), min_size=7, max_size=7, unique=True)


@given(hand=seven_cards)
def test_seven_card_strength_is_the_best_five(hand: list[Card]) -> None:
    for implementation in (PURE, PHEVALUATOR):
        if implementation is None:
            continue
        best = max(implementation.strength(five) for five in combinations(hand, 5))
        assert implementation.strength(hand) == best


@given(hand=seven_cards, board_size=st.integers(3, 5))
def test_best_hand_reports_its_choice_truthfully(hand: list[Card], board_size: int) -> None:
    hole, board = hand[:2], hand[2 : 2 + board_size]
    value, used = PURE.best_hand(hole, board)
    assert len(value.best) == 5 and set(value.best) <= set(hole + board)
    assert PURE.strength(value.best) == value.strength == PURE.strength(hole + board)
    assert value.category is category_of(value.strength)
    assert used == len(set(value.best) & set(hole))
    fewer = [
        five
        for five in combinations(hole + board, 5)
        if len(set(five) & set(hole)) < used and PURE.strength(five) == value.strength
    ]
    assert fewer == []
    groups = Counter(card.rank for card in value.best)
    sizes = [groups[card.rank] for card in value.best]
    assert sizes == sorted(sizes, reverse=True)
    if PHEVALUATOR is not None:
        assert PHEVALUATOR.best_hand(hole, board) == (value, used)


# Decks that make rare hands common: quads, full houses and wheels from few ranks,
# flushes and straight flushes from two suits.
POOLS = (
    FULL_DECK,
    tuple(card for card in FULL_DECK if card.rank <= Rank.SIX or card.rank is Rank.ACE),
    tuple(card for card in FULL_DECK if card.rank >= Rank.TEN),
    tuple(card for card in FULL_DECK if card.suit in (Suit.HEARTS, Suit.SPADES)),
)


@st.composite
def deals(draw: st.DrawFn) -> tuple[list[Card], list[Card]]:
    """Hole cards and board: 5 to 7 distinct cards, 0 to 3 of them in the hand."""
    pool = draw(st.sampled_from(POOLS))
    size = draw(st.integers(5, 7))
    dealt = draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size, unique=True))
    in_hand = draw(st.integers(0, 3))
    return dealt[:in_hand], dealt[in_hand:]


def brute_force_best_hand(
    impl: Evaluator, hole: list[Card], board: list[Card]
) -> tuple[HandValue, int]:
    """The specification, by trying every five: strongest first, then fewest hole cards,
    then the earliest hole cards, then the earliest board cards; listed with bigger groups
    first, then higher ranks (equal ranks keep board-then-hole order), a wheel 5-4-3-2-A."""
    dealt = board + hole

    def preference(chosen: tuple[int, ...]) -> tuple[int, int, list[int], list[int]]:
        from_hole = [index for index in chosen if index >= len(board)]
        from_board = [index for index in chosen if index < len(board)]
        strength = impl.strength([dealt[index] for index in chosen])
        return (-strength, len(from_hole), from_hole, from_board)

    chosen = min(combinations(range(len(dealt)), 5), key=preference)
    five = [dealt[index] for index in chosen]
    strength = impl.strength(five)
    groups = Counter(card.rank for card in five)
    ordered = sorted(five, key=lambda card: (groups[card.rank], card.rank), reverse=True)
    category = category_of(strength)
    wheel = [card.rank for card in ordered[:2]] == [Rank.ACE, Rank.FIVE]
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and wheel:
        ordered.append(ordered.pop(0))
    used = sum(index >= len(board) for index in chosen)
    return HandValue(category, strength, tuple(ordered)), used


@settings(max_examples=300, deadline=None)
@given(deal=deals())
def test_best_hand_equals_the_brute_force_choice(deal: tuple[list[Card], list[Card]]) -> None:
    hole, board = deal
    for implementation in (PURE, PHEVALUATOR):
        if implementation is None:
            continue
        expected = brute_force_best_hand(implementation, hole, board)
        assert implementation.best_hand(hole, board) == expected
        assert implementation.best_hand_unchecked(tuple(hole), tuple(board)) == expected
        assert (
            implementation.evaluate(board + hole)
            == brute_force_best_hand(implementation, [], board + hole)[0]
        )


@given(hand=seven_cards, suits=st.permutations(list(Suit)), seed=st.integers(0, 2**32))
def test_strength_ignores_suit_names_and_card_order(
    hand: list[Card], suits: list[Suit], seed: int
) -> None:
    relabel = dict(zip(Suit, suits, strict=True))
    renamed = [Card(card.rank, relabel[card.suit]) for card in hand]
    random.Random(seed).shuffle(renamed)
    assert PURE.strength(renamed) == PURE.strength(hand)


# ---------------------------------------------------------------- frequencies (seed 000)

SEED_000_ROWS: dict[int, Category | str] = {
    1: "royal",
    2: Category.STRAIGHT_FLUSH,
    3: Category.FOUR_OF_A_KIND,
    4: Category.FULL_HOUSE,
    5: Category.FLUSH,
    6: Category.STRAIGHT,
    7: Category.THREE_OF_A_KIND,
    8: Category.TWO_PAIR,
    9: Category.PAIR,
    10: Category.HIGH_CARD,
}


def seed_000_percentages() -> dict[Category | str, str]:
    shared = shared_dir()
    if shared is None:
        pytest.skip("../shared/seeds not found (set AUDIOPOKER_SHARED)")
    text = next((shared / "seeds").glob("000_*.txt")).read_text(encoding="utf-8")
    rows = re.findall(r"^\|\s*(\d+)\s*\|.*\|\s*([\d.]+)\s*%\s*\|\s*$", text, re.MULTILINE)
    table = {SEED_000_ROWS[int(number)]: percent for number, percent in rows}
    assert len(table) == 10, rows
    return table


def test_seven_card_frequencies_match_seed_000() -> None:
    published = seed_000_percentages()
    rng = random.Random(2026)
    samples = 200_000
    seen = Counter[Category | str]()
    for number in map(evaluator.strength_ids, (rng.sample(range(52), 7) for _ in range(samples))):
        seen["royal" if number == 7462 else category_of(number)] += 1
    for key, text in published.items():
        expected = float(text) / 100
        rounding = 0.5 * 10 ** -len(text.partition(".")[2]) / 100
        sigma = (expected * (1 - expected) / samples) ** 0.5
        observed = seen[key] / samples
        assert abs(observed - expected) <= rounding + 4.5 * sigma, (key, observed, expected)
