"""The odds drill: a spot on the flop or the turn (your cards, the board, the pot and the
bet) and one question, typed as a percentage: the pot odds a call needs, or the chance to
make the hand you draw to by the next card or by the river. Within TOLERANCE points is
right.

Every number is counted exactly: the outs are the unseen cards that make the target hand
(a flush or better, a straight or better, ...) with at least one of your cards; the
river chance counts every pair of cards still to come, runner-runner hands included.

>>> from audiopoker.cards import parse_cards
>>> outs = outs_for(parse_cards("Ah Kh"), parse_cards("7h 2h Jc"), Category.FLUSH)
>>> len(outs), sorted({card.suit.value for card in outs})
(9, ['h'])
>>> hits, runouts = river_hits(parse_cards("Ah Kh"), parse_cards("7h 2h Jc"), Category.FLUSH)
>>> runouts, round(100 * hits / runouts, 1)
(1081, 35.0)
"""

from __future__ import annotations

import enum
import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from audiopoker.cards import FULL_DECK, Card, Rank, Suit, format_cards
from audiopoker.coach.drills.drill_base import whole_percent
from audiopoker.evaluator import Category, category_of, strength

TOLERANCE: Final = 5  # percentage points either side of the exact answer


class Ask(enum.Enum):
    """What a question asks for."""

    POT_ODDS = "pot_odds"  # the share of the final pot a call costs
    NEXT_CARD = "next_card"  # the chance the next card makes the target
    RIVER = "river"  # the chance to make it by the river (asked on the flop only)


class Draw(enum.Enum):
    """The draws the spots are dealt around, with the hand each draws to."""

    FLUSH = "flush"
    OPEN_ENDED = "open_ended"
    GUTSHOT = "gutshot"
    COMBO = "combo"  # a flush draw and a straight draw together
    SET = "set"  # a pocket pair drawing to three of a kind
    FULL_HOUSE = "full_house"  # two pair or three of a kind drawing to a full house

    @property
    def target(self) -> Category:
        """The weakest hand that counts as made ("a straight or better")."""
        return _TARGETS[self]


_TARGETS: Final = {
    Draw.FLUSH: Category.FLUSH,
    Draw.OPEN_ENDED: Category.STRAIGHT,
    Draw.GUTSHOT: Category.STRAIGHT,
    Draw.COMBO: Category.STRAIGHT,
    Draw.SET: Category.THREE_OF_A_KIND,
    Draw.FULL_HOUSE: Category.FULL_HOUSE,
}
# The classic counts each draw is dealt to have (the exact count decides, not these).
OUT_COUNTS: Final = {
    Draw.FLUSH: frozenset({9}),
    Draw.OPEN_ENDED: frozenset({8}),
    Draw.GUTSHOT: frozenset({4}),
    Draw.COMBO: frozenset({12, 15}),
    Draw.SET: frozenset({2}),
    Draw.FULL_HOUSE: frozenset({4, 7, 10}),
}
DRAW_WEIGHTS: Final = {
    Draw.FLUSH: 4,
    Draw.OPEN_ENDED: 3,
    Draw.GUTSHOT: 2,
    Draw.COMBO: 2,
    Draw.SET: 1,
    Draw.FULL_HOUSE: 1,
}
BET_SHARES: Final = (0.25, 1 / 3, 0.5, 2 / 3, 0.75, 1.0, 1.5)  # of the pot before the bet
MAX_DEALS: Final = 5_000
_RANKS: Final = tuple(Rank)
_SUITS: Final = tuple(Suit)


def makes(hole: Sequence[Card], shared: Sequence[Card], target: Category) -> bool:
    """True when ``hole`` with ``shared`` makes ``target`` or better with at least one
    hole card: better than the shared cards make alone."""
    made = strength((*hole, *shared))
    if category_of(made) < target:
        return False
    return len(shared) < 5 or made > strength(shared)


def unseen(hole: Sequence[Card], board: Sequence[Card]) -> tuple[Card, ...]:
    """The cards the player has not seen, in deck order."""
    seen = {*hole, *board}
    return tuple(card for card in FULL_DECK if card not in seen)


def outs_for(hole: Sequence[Card], board: Sequence[Card], target: Category) -> tuple[Card, ...]:
    """The unseen cards that make ``target`` or better on the next card."""
    return tuple(card for card in unseen(hole, board) if makes(hole, (*board, card), target))


def river_hits(hole: Sequence[Card], board: Sequence[Card], target: Category) -> tuple[int, int]:
    """(runouts that make ``target`` by the river, every runout) from the flop."""
    pairs = list(itertools.combinations(unseen(hole, board), 5 - len(board)))
    hits = sum(1 for extra in pairs if makes(hole, (*board, *extra), target))
    return hits, len(pairs)


@dataclass(frozen=True, slots=True)
class OddsQuestion:
    """One spot and what it asks. ``pot`` holds the bet; calling costs ``call``."""

    number: int
    draw: Draw
    hole: tuple[Card, ...]
    board: tuple[Card, ...]
    pot: int
    call: int
    ask: Ask
    outs: tuple[Card, ...]
    river: tuple[int, int]  # (hits, runouts) when the river is asked, else (0, 0)

    @property
    def target(self) -> Category:
        """The hand drawn to ("or better")."""
        return self.draw.target

    @property
    def unseen_count(self) -> int:
        """Cards the player has not seen: 47 on the flop, 46 on the turn."""
        return 52 - len(self.hole) - len(self.board)

    @property
    def exact(self) -> float:
        """The exact answer, as a percentage."""
        if self.ask is Ask.POT_ODDS:
            return 100 * self.call / (self.pot + self.call)
        if self.ask is Ask.NEXT_CARD:
            return 100 * len(self.outs) / self.unseen_count
        hits, runouts = self.river
        return 100 * hits / runouts

    @property
    def said(self) -> int:
        """The answer as said: a whole percentage."""
        return whole_percent(self.exact)

    @property
    def estimate(self) -> int:
        """The quick estimate a player can make at the table: outs times 2 for one card;
        for two, outs times 4 less one for each out above 8 (big draws are overcounted)."""
        outs = len(self.outs)
        if self.ask is Ask.NEXT_CARD:
            return 2 * outs
        return 4 * outs - max(0, outs - 8)

    def judge(self, answer: int) -> bool:
        """Right within TOLERANCE points of the exact answer."""
        return abs(answer - self.exact) <= TOLERANCE

    def notation(self) -> str:
        """'hole Ah Kh; board 7h 2h Jc; pot 60; call 20; ask river'"""
        return (
            f"hole {format_cards(self.hole)}; board {format_cards(self.board)}; "
            f"pot {self.pot}; call {self.call}; ask {self.ask.value}"
        )

    def expected(self) -> str:
        """The exact percentage, to two decimals."""
        return f"{self.exact:.2f}"


# --- dealing ---------------------------------------------------------------------------


def _run(rng: random.Random, draw: Draw) -> list[Rank]:
    """Four ranks of a straight draw: four in a row (open at both ends), or five in a row
    but one inside (a gutshot). An ace below the two plays low."""
    if draw is Draw.GUTSHOT or (draw is Draw.COMBO and rng.random() < 0.4):
        low = rng.randint(1, 10)
        ranks = [low + step for step in range(5)]
        del ranks[rng.randint(1, 3)]
    else:
        low = rng.randint(2, 10)
        ranks = [low + step for step in range(4)]
    return [Rank.ACE if value == 1 else Rank(value) for value in ranks]


def _ranks(rng: random.Random, draw: Draw, total: int) -> list[Rank]:
    """``total`` ranks for the hole cards (first two) and the board."""
    if draw is Draw.SET:
        pair = rng.choice(_RANKS)
        others = rng.sample([rank for rank in _RANKS if rank is not pair], total - 2)
        return [pair, pair, *others]
    if draw is Draw.FULL_HOUSE:
        if rng.random() < 0.5:  # two pair, both hole cards paired on the board
            first, second, *others = rng.sample(_RANKS, total - 2)
            board = [first, second, *others]
            rng.shuffle(board)
            return [first, second, *board]
        trips, *others = rng.sample(_RANKS, total - 2)
        board = [trips, *others]
        rng.shuffle(board)
        return [trips, trips, *board]
    if draw is Draw.FLUSH:
        return rng.sample(_RANKS, total)
    run = _run(rng, draw)
    ranks = run + rng.sample([rank for rank in _RANKS if rank not in run], total - 4)
    rng.shuffle(ranks)
    return ranks


def _suits(rng: random.Random, draw: Draw, total: int) -> list[Suit]:
    """Suits for the cards: four of one suit (at least one a hole card) for flush draws."""
    if draw not in (Draw.FLUSH, Draw.COMBO):
        return [rng.choice(_SUITS) for _ in range(total)]
    suit = rng.choice(_SUITS)
    others = [other for other in _SUITS if other is not suit]
    places = rng.sample(range(total), 4)
    if not {0, 1} & set(places):
        places[0] = rng.randint(0, 1)
    return [suit if index in places else rng.choice(others) for index in range(total)]


def deal(rng: random.Random, draw: Draw, board_size: int) -> tuple[tuple[Card, ...], ...] | None:
    """(hole, board) meant to hold ``draw``; None when the cards collide."""
    total = 2 + board_size
    ranks, suits = _ranks(rng, draw, total), _suits(rng, draw, total)
    cards = [Card(rank, suit) for rank, suit in zip(ranks, suits, strict=True)]
    if len(set(cards)) < total:
        return None
    return tuple(cards[:2]), tuple(cards[2:])


def pot_and_call(rng: random.Random) -> tuple[int, int]:
    """A pot before the bet of 20 to 300, a bet of a usual share of it (multiples of 5):
    (the pot with the bet, the call)."""
    before = rng.randint(2, 30) * 10
    bet = max(5, 5 * round(before * rng.choice(BET_SHARES) / 5))
    return before + bet, bet


def make_odds(rng: random.Random, number: int) -> OddsQuestion:
    """Question ``number``: a spot dealt until the exact outs match its draw."""
    draw = rng.choices(list(DRAW_WEIGHTS), weights=list(DRAW_WEIGHTS.values()))[0]
    board_size = 3 if rng.random() < 0.6 else 4
    ask = rng.choice([Ask.POT_ODDS, Ask.NEXT_CARD, *([Ask.RIVER] if board_size == 3 else [])])
    pot, call = pot_and_call(rng)
    for _ in range(MAX_DEALS):
        dealt = deal(rng, draw, board_size)
        if dealt is None:
            continue
        hole, board = dealt
        if makes(hole, board, draw.target):
            continue  # made already: nothing to draw to
        outs = outs_for(hole, board, draw.target)
        if len(outs) in OUT_COUNTS[draw]:
            river = river_hits(hole, board, draw.target) if ask is Ask.RIVER else (0, 0)
            return OddsQuestion(number, draw, hole, board, pot, call, ask, outs, river)
    raise RuntimeError(f"no {draw.value} spot dealt")  # never seen: the draws are common


# --- the outs in groups, for words ----------------------------------------------------


class GroupKind(enum.Enum):
    """How a group of outs is said."""

    SUIT = "suit"  # every unseen card of a suit: "the nine hearts"
    RANK = "rank"  # every unseen card of a rank: "the four nines"
    OTHER_RANK = "other_rank"  # what a suit left of a rank: "the three other tens"
    CARD = "card"  # one card: "the seven of clubs"


@dataclass(frozen=True, slots=True)
class OutGroup:
    """Outs said together."""

    kind: GroupKind
    cards: tuple[Card, ...]


def group_outs(outs: Sequence[Card], unseen_cards: Sequence[Card]) -> list[OutGroup]:
    """The outs as a player counts them: whole suits first, then whole ranks (or what a
    suit left of a rank), then single cards.

    >>> from audiopoker.cards import parse_cards
    >>> hole, board = parse_cards("Ah Kh"), parse_cards("Qh 7h Jc")
    >>> outs = outs_for(hole, board, Category.STRAIGHT)
    >>> [(group.kind.value, len(group.cards)) for group in group_outs(outs, unseen(hole, board))]
    [('suit', 9), ('other_rank', 3)]
    """
    left = list(outs)
    groups: list[OutGroup] = []
    for suit in _SUITS:
        of_suit = tuple(card for card in unseen_cards if card.suit is suit)
        if len(of_suit) >= 2 and all(card in left for card in of_suit):
            groups.append(OutGroup(GroupKind.SUIT, of_suit))
            left = [card for card in left if card.suit is not suit]
    taken = {card for group in groups for card in group.cards}
    for rank in sorted({card.rank for card in left}, reverse=True):
        of_rank = tuple(card for card in unseen_cards if card.rank is rank and card not in taken)
        if len(of_rank) >= 2 and all(card in left for card in of_rank):
            other = any(card.rank is rank for card in taken)
            groups.append(OutGroup(GroupKind.OTHER_RANK if other else GroupKind.RANK, of_rank))
            left = [card for card in left if card.rank is not rank]
    groups += [OutGroup(GroupKind.CARD, (card,)) for card in sorted(left, reverse=True)]
    return groups
