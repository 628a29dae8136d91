"""What a range holds on the board (coach.range_classes), checked against an independent
brute force: made hands from the evaluator's best five (a group is the combo's own when
one of its cards is in it, as coach.board_hand names the player's hand), draws by dealing
every card that could come next. Every combo is compared, so the counts agree and no combo
is counted twice; the words' percentages add up to 100 in both languages."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

from audiopoker.bots.action_ranges import Window, window_combos
from audiopoker.bots.equity import ALL_COMBOS, ids
from audiopoker.bots.preflop import preflop_table
from audiopoker.cards import FULL_DECK, Card, parse_cards
from audiopoker.coach.range_classes import HandClass, classify, count_classes
from audiopoker.coach.range_words import board_line, said_parts, whole_percents
from audiopoker.evaluator import Category, best_hand

BOARDS = [
    "Ah 7h 2c",  # dry ace high, two hearts
    "7s 7h 2c",  # a pair on the board
    "9h 8h 7c 2h",  # the turn: three hearts, connected
    "5c 6d 7h 8s",  # four to a straight on the board
    "Kd Qd Jc Tc 4d",  # the river
    "7d 7c 7h Ks 2d",  # trips on the board
    "Ac Kc Qc Jc 3h",  # four to a flush, four to a broadway straight
    "6s 6h 4c 4d",  # two pair on the board
]


def reference(hole: Sequence[Card], board: Sequence[Card]) -> HandClass:
    """The class by brute force, independent of coach.range_classes."""
    made = _made(hole, board)
    if made is not None:
        return made
    if len(board) == 5:
        return HandClass.NOTHING
    live = [card for card in FULL_DECK if card not in {*hole, *board}]
    # one card of each suit tells a flush draw (any card of the suit completes it) ...
    for suit in {card.suit for card in live}:
        card = next(c for c in live if c.suit == suit)
        value, used = best_hand(hole, (*board, card))
        if used and value.category in (Category.FLUSH, Category.STRAIGHT_FLUSH):
            return HandClass.FLUSH_DRAW
    # ... and, without one, one card of each rank a straight (no suit can make a flush)
    straight_ranks = set()
    for rank in {card.rank for card in live}:
        card = next(c for c in live if c.rank == rank)
        value, used = best_hand(hole, (*board, card))
        if used and value.category is Category.STRAIGHT:
            straight_ranks.add(rank)
    if len(straight_ranks) >= 2:
        return HandClass.STRAIGHT_DRAW
    return HandClass.GUTSHOT if straight_ranks else HandClass.NOTHING


def _made(hole: Sequence[Card], board: Sequence[Card]) -> HandClass | None:
    value, used = best_hand(hole, board)
    if not used:
        return None
    if value.category in (Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH):
        return HandClass.STRONG
    sizes = Counter(card.rank for card in value.best)
    own = [
        rank
        for rank, size in sizes.items()
        if size > 1 and any(c.rank == rank and c in hole for c in value.best)
    ]
    if any(sizes[rank] >= 3 for rank in own) or len(own) >= 2:
        return HandClass.STRONG
    if not own:
        return None
    top = max(card.rank for card in board)
    return HandClass.TOP_PAIR if own[0] >= top else HandClass.WEAK_PAIR


@pytest.mark.parametrize("board_text", BOARDS)
def test_every_combo_is_classed_as_the_brute_force_classes_it(board_text: str) -> None:
    board = parse_cards(board_text)
    dead = set(ids(board))
    combos = [c for c in ALL_COMBOS if not dead & set(c)]
    wrong = []
    for combo in combos:
        hole = (FULL_DECK[combo[0]], FULL_DECK[combo[1]])
        mine, theirs = classify(combo, ids(board)), reference(hole, board)
        if mine is not theirs:
            wrong.append((" ".join(map(str, hole)), mine.value, theirs.value))
    assert not wrong, wrong[:10]
    found = count_classes(combos, ids(board))
    assert found.total == len(combos)  # each combo counted once
    assert sum(share for _, share in whole_percents(found)) == 100


@pytest.mark.parametrize("board_text", ["Ah 7h 2c", "9h 8h 7c 2h", "Kd Qd Jc Tc 4d"])
def test_a_read_range_counts_as_the_brute_force_and_says_100(board_text: str) -> None:
    """A range the coach reads (the top 20 percent of starting hands), counted both ways."""
    board = parse_cards(board_text)
    combos = window_combos(preflop_table(), Window(0.0, 0.2), ids(board))
    found = count_classes(combos, ids(board))
    brute = Counter(reference((FULL_DECK[a], FULL_DECK[b]), board) for a, b in combos)
    assert dict(found.counts) == {kind: brute[kind] for kind in HandClass}
    said, rest = said_parts(found)
    assert sum(share for _, share in said) + rest == 100
    for lang in ("en", "es"):
        line = board_line("Beto", found, lang)
        numbers = [int(word) for word in line.replace(",", " ").split() if word.isdigit()]
        assert sum(numbers) == 100, line


def test_named_with_the_board_in_mind() -> None:
    """A pair on the board is nobody's; a pocket pair above it is an overpair; a card that
    pairs the board's small card is a weaker pair; the board's straight is nobody's."""
    paired = ids(parse_cards("7s 7h 2c"))
    assert classify(ids(parse_cards("Kd 3c")), paired) is HandClass.NOTHING
    assert classify(ids(parse_cards("Kd Kc")), paired) is HandClass.TOP_PAIR
    assert classify(ids(parse_cards("Kd 2d")), paired) is HandClass.WEAK_PAIR
    assert classify(ids(parse_cards("7d 3c")), paired) is HandClass.STRONG
    straight = ids(parse_cards("5c 6d 7h 8s 9c"))
    assert classify(ids(parse_cards("Kd Kc")), straight) is HandClass.NOTHING
    assert classify(ids(parse_cards("Td 2c")), straight) is HandClass.STRONG
    # a made hand with a draw is the made hand: a pair with a flush draw is a pair
    assert classify(ids(parse_cards("Ah 3h")), ids(parse_cards("As 7h 2h"))) is HandClass.TOP_PAIR


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "Against Ana: 50 percent two pair or better and 50 percent nothing."),
        (
            "es",
            "Contra Ana: un 50 por ciento con doble pareja o mejor y un 50 por ciento sin nada.",
        ),
    ],
)
def test_the_line_without_a_rest(lang: str, line: str) -> None:
    board = ids(parse_cards("Ah 7h 2c"))
    combos = [ids(parse_cards("7d 7c")), ids(parse_cards("Kd 3c"))]
    assert board_line("Ana", count_classes(combos, board), lang) == line  # type: ignore[arg-type]
