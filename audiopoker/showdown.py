"""The showdown explainer (seed 002): who wins among hands on a board, and why.

Pure logic over cards and hand values; the sentences live in ``audiopoker.narration``.
The reason says what decided: a higher category ("a flush beats a straight"), a higher
combination of the same category (kings over queens), the card that decided once the
combination tied (a kicker, or the next card of a flush), or a tie (and whether every
winner plays the board).

>>> from audiopoker.cards import parse_cards
>>> result = showdown(parse_cards("As 7c 2d 5h Jd"), [parse_cards("Ah 9c"), parse_cards("Ad Kc")])
>>> result.winners, result.reason.kind.value, result.reason.winner_card, result.reason.loser_card
((1,), 'kicker', <Rank.KING: 13>, <Rank.JACK: 11>)
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from audiopoker.cards import Card, Rank, ensure_distinct
from audiopoker.errors import CardError, ConfigError, ErrorReason
from audiopoker.evaluator import Category, HandValue, best_hand, evaluate

BOARD_SIZE: Final = 5
HOLE_SIZE: Final = 2

# How many leading groups of ``significance`` make up the combination itself; the rest
# are side cards (kickers). High card: the top card is the hand, the other four kickers.
_MAIN_GROUPS: Final = {
    Category.HIGH_CARD: 1,
    Category.PAIR: 1,
    Category.TWO_PAIR: 2,
    Category.THREE_OF_A_KIND: 1,
    Category.STRAIGHT: 1,
    Category.FLUSH: 1,
    Category.FULL_HOUSE: 2,
    Category.FOUR_OF_A_KIND: 1,
    Category.STRAIGHT_FLUSH: 1,
}
# A flush's five cards are all the combination: its lower cards are "the next card", never
# kickers. Straights, full houses and straight flushes have no side card at all.
_NEXT_CARD_CATEGORIES: Final = frozenset({Category.FLUSH})
_NO_KICKERS: Final = frozenset(
    {Category.STRAIGHT, Category.FLUSH, Category.FULL_HOUSE, Category.STRAIGHT_FLUSH}
)


class ReasonKind(enum.Enum):
    """What decided a comparison."""

    ALONE = "alone"  # one contender: nothing to compare
    HIGHER_CATEGORY = "higher_category"  # a flush beats a straight
    HIGHER_RANK = "higher_rank"  # same category, higher combination (kings over queens)
    KICKER = "kicker"  # same combination; a side card decides (high card included)
    NEXT_CARD = "next_card"  # flush: a lower card of the five decides
    SPLIT = "split"  # the winners tie


@dataclass(frozen=True, slots=True)
class Reason:
    """Why the winners win.

    ``winner`` and ``loser`` index the compared contenders (the first winner against the
    best of the rest). For KICKER and NEXT_CARD, ``winner_card`` beats ``loser_card`` and
    ``shared`` holds the side cards both had equal before it. For SPLIT,
    ``plays_board`` is True when every winner plays the board.
    """

    kind: ReasonKind
    winner: int
    loser: int | None = None
    winner_card: Rank | None = None
    loser_card: Rank | None = None
    shared: tuple[Rank, ...] = ()
    plays_board: bool = False


@dataclass(frozen=True, slots=True)
class ShownHand:
    """One contender: hole cards, best five, hole cards used, and whether it plays the board."""

    cards: tuple[Card, ...]
    value: HandValue
    hole_cards_used: int
    plays_board: bool


@dataclass(frozen=True, slots=True)
class ShowdownResult:
    """The hands, the winners (indices into ``hands``) and the reason."""

    board: tuple[Card, ...]
    hands: tuple[ShownHand, ...]
    winners: tuple[int, ...]
    reason: Reason


def significance(value: HandValue) -> tuple[Rank, ...]:
    """The five ranks in the order they are compared: bigger groups first, then higher
    ranks; a wheel (5-4-3-2-A) counts its ace low.

    >>> from audiopoker.evaluator import Category, HandValue
    >>> from audiopoker.cards import parse_cards
    >>> five = parse_cards("5s 9d 5h Ks 9c")
    >>> [r.char for r in significance(HandValue(Category.TWO_PAIR, 1, five))]
    ['9', '9', '5', '5', 'K']
    >>> wheel = parse_cards("As 2d 3c 4h 5s")
    >>> [r.char for r in significance(HandValue(Category.STRAIGHT, 1, wheel))]
    ['5', '4', '3', '2', 'A']
    """
    ranks = [card.rank for card in value.best]
    if value.category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and set(ranks) == {
        Rank.ACE,
        Rank.TWO,
        Rank.THREE,
        Rank.FOUR,
        Rank.FIVE,
    }:
        return (Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO, Rank.ACE)
    counts = Counter(ranks)
    return tuple(sorted(ranks, key=lambda rank: (counts[rank], rank), reverse=True))


def groups(value: HandValue) -> list[tuple[Rank, ...]]:
    """``significance`` cut into its groups: [(K, K), (Q,), (8,), (4,)] for a pair of kings.
    Straights and flushes are one group of five."""
    ranks = significance(value)
    if value.category in (Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH):
        return [ranks]
    result: list[tuple[Rank, ...]] = []
    for rank in ranks:
        if result and result[-1][0] == rank:
            result[-1] = (*result[-1], rank)
        else:
            result.append((rank,))
    return result


def kickers(value: HandValue) -> tuple[Rank, ...]:
    """The side cards outside the combination, in the order they are compared: two for
    three of a kind, one for two pair or four of a kind, four for high card; none for a
    straight, flush, full house or straight flush.

    >>> from audiopoker.evaluator import Category, HandValue
    >>> from audiopoker.cards import parse_cards
    >>> trips = HandValue(Category.THREE_OF_A_KIND, 1, parse_cards("Tc Td Th As 7s"))
    >>> [r.char for r in kickers(trips)]
    ['A', '7']
    """
    if value.category in _NO_KICKERS:
        return ()
    return significance(value)[_main_card_count(value) :]


def compare(winner: HandValue, loser: HandValue, winner_index: int, loser_index: int) -> Reason:
    """Why ``winner`` beats (strictly) ``loser``."""
    if winner.category != loser.category:
        return Reason(ReasonKind.HIGHER_CATEGORY, winner_index, loser_index)
    ours, theirs = significance(winner), significance(loser)
    main_cards = _main_card_count(winner)
    for position, (mine, other) in enumerate(zip(ours, theirs, strict=True)):
        if mine == other:
            continue
        if position < main_cards:
            return Reason(ReasonKind.HIGHER_RANK, winner_index, loser_index)
        kind = (
            ReasonKind.NEXT_CARD if winner.category in _NEXT_CARD_CATEGORIES else ReasonKind.KICKER
        )
        return Reason(kind, winner_index, loser_index, mine, other, ours[main_cards:position])
    # Equal ranks with unequal strength cannot happen with a consistent evaluator.
    return Reason(ReasonKind.HIGHER_RANK, winner_index, loser_index)


def _main_card_count(value: HandValue) -> int:
    cut = groups(value)
    if value.category in _NEXT_CARD_CATEGORIES:
        return 1
    return sum(len(group) for group in cut[: _MAIN_GROUPS[value.category]])


def decide(
    values: Sequence[HandValue], plays_board: Sequence[bool]
) -> tuple[tuple[int, ...], Reason]:
    """The winners among ``values`` (indices, in order) and the reason."""
    if not values:
        raise ValueError("a showdown needs at least one hand")
    top = max(value.strength for value in values)
    winners = tuple(index for index, value in enumerate(values) if value.strength == top)
    if len(values) == 1:
        return winners, Reason(ReasonKind.ALONE, 0)
    if len(winners) > 1:
        board = all(plays_board[index] for index in winners)
        return winners, Reason(ReasonKind.SPLIT, winners[0], plays_board=board)
    best = winners[0]
    others = [index for index in range(len(values)) if index != best]
    runner_up = max(others, key=lambda index: (values[index].strength, -index))
    return winners, compare(values[best], values[runner_up], best, runner_up)


def plays_the_board(value: HandValue, board: Sequence[Card]) -> bool:
    """True when the hand is no better than the five board cards on their own."""
    return len(board) == BOARD_SIZE and value.strength == evaluate(board).strength


def showdown(board: Sequence[Card], hands: Sequence[Sequence[Card]]) -> ShowdownResult:
    """Evaluate every hand on ``board`` and explain who wins.

    The board must hold 5 cards and every hand 2; no card may appear twice. Raises
    ``CardError`` (WRONG_CARD_COUNT with ``where``, ``number``, ``expected``, ``got``; or
    DUPLICATE_CARD), or ``ConfigError`` NOT_ENOUGH_PLAYERS with fewer than two hands.
    """
    board_cards = tuple(board)
    if len(board_cards) != BOARD_SIZE:
        raise CardError(
            ErrorReason.WRONG_CARD_COUNT,
            where="board",
            number=0,
            expected=BOARD_SIZE,
            got=len(board_cards),
        )
    for number, hand in enumerate(hands, start=1):
        if len(hand) != HOLE_SIZE:
            raise CardError(
                ErrorReason.WRONG_CARD_COUNT,
                where="hand",
                number=number,
                expected=HOLE_SIZE,
                got=len(hand),
            )
    if len(hands) < 2:
        raise ConfigError(ErrorReason.NOT_ENOUGH_PLAYERS, minimum=2, got=len(hands))
    ensure_distinct([*board_cards, *(card for hand in hands for card in hand)])
    shown: list[ShownHand] = []
    for hand in hands:
        value, used = best_hand(hand, board_cards)
        shown.append(ShownHand(tuple(hand), value, used, plays_the_board(value, board_cards)))
    winners, reason = decide(
        [entry.value for entry in shown], [entry.plays_board for entry in shown]
    )
    return ShowdownResult(board_cards, tuple(shown), winners, reason)
