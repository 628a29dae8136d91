"""The ranking drill: which of two five-card hands ranks higher? (seed 003's list, from the
royal flush down to high card).

Most questions put two different kinds of hand side by side, often neighbours on the list
(a flush against a straight); some compare two hands of one kind (kings over queens, a
kicker), and some tie (the same ranks in other suits: suits never break a tie). The
evaluator decides who ranks higher, never this module.

>>> import random
>>> question = make_ranking(random.Random(3), 1)
>>> question.judge(question.answer_key)
True
>>> [level.key for level in LEVELS][:3]
['royal_flush', 'straight_flush', 'four_of_a_kind']
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass
from typing import Final

from audiopoker.cards import Card, Rank, Suit, format_cards
from audiopoker.coach.drills.drill_base import SPLIT
from audiopoker.evaluator import HandValue, evaluate
from audiopoker.showdown import Reason, ReasonKind, decide


class Level(enum.Enum):
    """A line of seed 003's list: the categories, with the royal flush on its own."""

    ROYAL_FLUSH = "royal_flush"
    STRAIGHT_FLUSH = "straight_flush"
    FOUR_OF_A_KIND = "four_of_a_kind"
    FULL_HOUSE = "full_house"
    FLUSH = "flush"
    STRAIGHT = "straight"
    THREE_OF_A_KIND = "three_of_a_kind"
    TWO_PAIR = "two_pair"
    PAIR = "pair"
    HIGH_CARD = "high_card"

    @property
    def key(self) -> str:
        """snake_case name, as in the catalogs."""
        return self.value


LEVELS: Final = tuple(Level)  # best first, as seed 003 lists them


def level_of(value: HandValue) -> Level:
    """The line of the list a hand is on."""
    if value.is_royal_flush:
        return Level.ROYAL_FLUSH
    return Level(value.category.key)


class Pairing(enum.Enum):
    """How the two hands of a question relate."""

    DIFFERENT = "different"  # two kinds of hand
    SAME = "same"  # one kind, other ranks
    KICKER = "kicker"  # one kind and combination: a kicker or the next card decides
    TIE = "tie"  # the same ranks in other suits


PAIRING_WEIGHTS: Final = {
    Pairing.DIFFERENT: 10,
    Pairing.SAME: 5,
    Pairing.KICKER: 3,
    Pairing.TIE: 3,
}
# Levels two hands can tie on with ten different cards (quads, full houses and trips of
# one rank would need more than four cards of it).
TIES: Final = (
    Level.ROYAL_FLUSH,
    Level.STRAIGHT_FLUSH,
    Level.FLUSH,
    Level.STRAIGHT,
    Level.TWO_PAIR,
    Level.PAIR,
    Level.HIGH_CARD,
)
# Levels whose side cards (or lower cards) can decide between two hands of ten cards.
KICKERS: Final = (Level.FLUSH, Level.TWO_PAIR, Level.PAIR, Level.HIGH_CARD)
# How far apart on the list two different kinds are: neighbours most often.
DISTANCE_WEIGHTS: Final = (5, 3, 2, 1)
MAX_TRIES: Final = 1_000
_RANKS: Final = tuple(Rank)
_SUITS: Final = tuple(Suit)


def _run(top: int) -> list[Rank]:
    """Five ranks in a row down from ``top`` (5 is the wheel: the ace plays low)."""
    return [Rank.ACE if top - step == 1 else Rank(top - step) for step in range(5)]


def _suited(rng: random.Random, ranks: list[Rank]) -> list[Card]:
    """One card of each rank, in any suits."""
    return [Card(rank, rng.choice(_SUITS)) for rank in ranks]


def _groups(rng: random.Random, sizes: tuple[int, ...]) -> list[Card]:
    """Groups of one rank each (a pair is 2, a kicker 1), in different suits within a group."""
    ranks = rng.sample(_RANKS, len(sizes))
    return [
        Card(rank, suit)
        for rank, size in zip(ranks, sizes, strict=True)
        for suit in rng.sample(_SUITS, size)
    ]


def _candidate(rng: random.Random, level: Level) -> list[Card]:
    """Five cards meant to be ``level`` (the caller checks with the evaluator)."""
    if level is Level.ROYAL_FLUSH:
        suit = rng.choice(_SUITS)
        return [Card(rank, suit) for rank in _run(14)]
    if level is Level.STRAIGHT_FLUSH:
        suit = rng.choice(_SUITS)
        return [Card(rank, suit) for rank in _run(rng.randint(5, 13))]
    if level is Level.FLUSH:
        suit = rng.choice(_SUITS)
        return [Card(rank, suit) for rank in rng.sample(_RANKS, 5)]
    if level is Level.STRAIGHT:
        return _suited(rng, _run(rng.randint(5, 14)))
    if level is Level.HIGH_CARD:
        return _suited(rng, rng.sample(_RANKS, 5))
    sizes = {
        Level.FOUR_OF_A_KIND: (4, 1),
        Level.FULL_HOUSE: (3, 2),
        Level.THREE_OF_A_KIND: (3, 1, 1),
        Level.TWO_PAIR: (2, 2, 1),
        Level.PAIR: (2, 1, 1, 1),
    }[level]
    return _groups(rng, sizes)


def spoken_order(cards: list[Card] | tuple[Card, ...]) -> tuple[Card, ...]:
    """The order a hand is said in: highest rank first (pairs come together)."""
    return tuple(sorted(cards, key=lambda card: (card.rank, card.index), reverse=True))


def make_five(rng: random.Random, level: Level, taken: frozenset[Card]) -> tuple[Card, ...] | None:
    """Five cards of ``level``, none of them in ``taken``; None when no deal tried gives
    one (a royal flush beside a straight to the ace in four suits cannot)."""
    for _ in range(MAX_TRIES):
        cards = _candidate(rng, level)
        if taken.isdisjoint(cards) and level_of(evaluate(cards)) is level:
            return spoken_order(cards)
    return None


def same_ranks(rng: random.Random, hand: tuple[Card, ...]) -> tuple[Card, ...] | None:
    """The ranks of ``hand`` in other suits, ranking exactly the same; None when no deal
    tried gives one."""
    strength = evaluate(hand).strength
    taken = frozenset(hand)
    flush = level_of(evaluate(hand)) in (Level.ROYAL_FLUSH, Level.STRAIGHT_FLUSH, Level.FLUSH)
    for _ in range(MAX_TRIES // 10):
        if flush:
            suit = rng.choice([suit for suit in _SUITS if suit is not hand[0].suit])
            cards = [Card(card.rank, suit) for card in hand]
        else:
            cards = _suited(rng, [card.rank for card in hand])
        fresh = len(set(cards)) == 5 and taken.isdisjoint(cards)
        if fresh and evaluate(cards).strength == strength:
            return spoken_order(cards)
    return None


@dataclass(frozen=True, slots=True)
class RankingQuestion:
    """Two five-card hands (hand 1 first), their values, and why one ranks higher."""

    number: int
    pairing: Pairing
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    values: tuple[HandValue, HandValue]
    reason: Reason

    @property
    def answer_key(self) -> int:
        """1 or 2 for the hand that ranks higher, SPLIT when they tie."""
        if self.reason.kind is ReasonKind.SPLIT:
            return SPLIT
        return self.reason.winner + 1

    @property
    def levels(self) -> tuple[Level, Level]:
        """Each hand's line on the list."""
        return level_of(self.values[0]), level_of(self.values[1])

    def judge(self, answer: int) -> bool:
        """Right when ``answer`` names the higher hand, or is SPLIT for a tie."""
        return answer == self.answer_key

    def notation(self) -> str:
        """'hands As Ks Qs Js Ts | 9h 9d 9c 4s 4d'"""
        return "hands " + " | ".join(format_cards(hand) for hand in self.hands)

    def expected(self) -> str:
        """'1', '2' or 'tie'."""
        key = self.answer_key
        return "tie" if key == SPLIT else str(key)


def _two_levels(rng: random.Random) -> tuple[Level, Level]:
    """Two different lines of the list, close together more often than far apart."""
    while True:
        first = rng.randrange(len(LEVELS))
        distance = rng.choices(range(1, len(DISTANCE_WEIGHTS) + 1), DISTANCE_WEIGHTS)[0]
        second = first + distance * rng.choice((-1, 1))
        if 0 <= second < len(LEVELS):
            return LEVELS[first], LEVELS[second]


def _side_card_decides(first: tuple[Card, ...], second: tuple[Card, ...]) -> bool:
    _, reason = decide((evaluate(first), evaluate(second)), (False, False))
    return reason.kind in (ReasonKind.KICKER, ReasonKind.NEXT_CARD)


def _two_hands(
    rng: random.Random, pairing: Pairing
) -> tuple[tuple[Card, ...], tuple[Card, ...]] | None:
    """Two hands from one deck for ``pairing``; None when this deal cannot give them."""
    if pairing is Pairing.DIFFERENT:
        one, other = _two_levels(rng)
    else:
        # Two royal flushes always tie: same-kind questions take the other lines.
        lines = {Pairing.TIE: TIES, Pairing.KICKER: KICKERS}.get(pairing, LEVELS[1:])
        one = other = rng.choice(lines)
    first = make_five(rng, one, frozenset())
    if first is None:
        return None
    if pairing is Pairing.TIE:
        second = same_ranks(rng, first)
        return None if second is None else (first, second)
    for _ in range(MAX_TRIES if pairing is Pairing.KICKER else 1):
        second = make_five(rng, other, frozenset(first))
        if second is not None and (
            pairing is not Pairing.KICKER or _side_card_decides(first, second)
        ):
            return first, second
    return None


def make_ranking(rng: random.Random, number: int) -> RankingQuestion:
    """Question ``number``: two hands, in random order."""
    pairing = rng.choices(list(PAIRING_WEIGHTS), weights=list(PAIRING_WEIGHTS.values()))[0]
    hands = _two_hands(rng, pairing)
    while hands is None:
        hands = _two_hands(rng, pairing)
    first, second = hands if rng.random() < 0.5 else hands[::-1]
    values = (evaluate(first), evaluate(second))
    _, reason = decide(values, (False, False))
    return RankingQuestion(number, pairing, (first, second), values, reason)
