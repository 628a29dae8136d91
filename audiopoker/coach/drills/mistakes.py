"""The drill from the player's own costliest kind of mistake (issue 26, point 6).

The statistics keep every decision the coach reviewed, with its kind (calls too wide,
folds too often, bets into strength, ...) and the big blinds it cost. This drill takes
the kind that cost most and asks spots of it: first the player's own cards and board from
those decisions, costliest first, then fresh deals. The table keeps no pot nor bet (only
the cards, the board and the cost), so every spot's pot and bet are dealt fresh.

Two shapes of spot, by kind:

- facing a bet (calls too wide, folds too often, other): call or fold. The opponent holds
  what bets this size on this board (:func:`bots.bettor_range.bettor_range`: value and
  bluffs, from the hands that see a flop); calling is right when the exact share of the
  pot won against those hands is at least the price, the call's share of the final pot.
- checked to you (bets into strength, missed value, wrong size): bet or check. A bet of
  ``size`` times the pot is called by the top ``1/(1+size)`` of the hands that reached
  this street, by board strength (as the coach's values have it); betting is right, as a
  value bet, when it wins at least half the time against those.

Each equity is enumerated exactly (every opponent hand, every way the board can finish).

>>> import random
>>> question = FreshSpots("calls_too_wide")(random.Random(3), 1)
>>> question.options, question.judge(question.right), question.origin is None
((<Choice.CALL: 1>, <Choice.FOLD: 2>), True, True)
"""

from __future__ import annotations

import enum
import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from audiopoker.bots.bettor_range import SEE_A_FLOP, bettor_range, reached
from audiopoker.bots.equity import Combo, draw_strength, ids
from audiopoker.bots.preflop import preflop_table
from audiopoker.bots.ranges import by_board, top_share
from audiopoker.cards import FULL_DECK, Card, format_cards, parse_cards
from audiopoker.coach.drills.drill_base import Choice, whole_percent
from audiopoker.coach.hint_spot import exact_equity

FACING_BET_KINDS: Final = frozenset({"calls_too_wide", "folds_too_often", "other"})
CHECKED_TO_KINDS: Final = frozenset({"bets_into_strength", "missed_value", "wrong_size"})
BET_SHARES: Final = (1 / 3, 1 / 2, 2 / 3, 3 / 4, 1.0)  # of the pot before the bet
VALUE_LINE: Final = 50.0  # percent a value bet must win against the hands that call


class Shape(enum.Enum):
    """What the player decides in a spot."""

    FACING_BET = "facing_bet"  # call or fold
    CHECKED_TO = "checked_to"  # bet or check


def shape_of(kind: str) -> Shape:
    """The spot that trains a kind of mistake."""
    return Shape.CHECKED_TO if kind in CHECKED_TO_KINDS else Shape.FACING_BET


@dataclass(frozen=True, slots=True)
class Origin:
    """The player's own decision a spot's cards come from."""

    played_at: str  # ISO 8601 local time
    hand_number: int
    loss: float  # big blinds it cost


@dataclass(frozen=True, slots=True)
class OwnSpot:
    """A decision as the statistics keep it, for this drill: cards, board and origin."""

    hole: tuple[Card, ...]
    board: tuple[Card, ...]
    origin: Origin


@dataclass(frozen=True, slots=True)
class Against:
    """The opponent's hands that matter in a spot (the bettor's, or those that call a
    bet), how many it held on this street before the bet, and the pot share won."""

    hands: tuple[Combo, ...]
    start: int
    equity: float  # 0 to 1


def against_in(
    kind: str, hole: Sequence[Card], board: Sequence[Card], pot: int, bet: int
) -> Against:
    """The hands that matter in a spot and the exact equity against them."""
    hero, cards = ids(hole), ids(board)
    start = [c for c in preflop_table().top(SEE_A_FLOP) if not {*c} & {*hero, *cards}]
    if shape_of(kind) is Shape.FACING_BET:
        betting = bettor_range(start, cards, bet, pot + bet)
        hands, whole = betting.combos, betting.start
    else:
        held = reached(start, cards)
        hands, whole = tuple(top_share(by_board(held, cards), pot / (pot + bet))), len(held)
    return Against(tuple(hands), whole, exact_equity(hero, cards, hands))


@dataclass(frozen=True)
class MistakeQuestion:
    """One spot: the cards, the pot before the bet and the bet (to call, or to make). The
    opponent's hands and the equity are worked out when first asked for (a flop's exact
    count takes a moment; dealing a round does not wait for it)."""

    number: int
    kind: str
    hole: tuple[Card, ...]
    board: tuple[Card, ...]
    pot: int
    bet: int
    origin: Origin | None = None

    @functools.cached_property
    def _against(self) -> Against:
        return against_in(self.kind, self.hole, self.board, self.pot, self.bet)

    @property
    def against(self) -> tuple[Combo, ...]:
        """The opponent's hands that matter: those that bet this much, or that call."""
        return self._against.hands

    @property
    def start(self) -> int:
        """How many hands the opponent held on this street before the bet."""
        return self._against.start

    @property
    def equity(self) -> float:
        """The exact pot share won against ``against``, 0 to 1."""
        return self._against.equity

    @property
    def shape(self) -> Shape:
        """Call or fold, or bet or check."""
        return shape_of(self.kind)

    @property
    def options(self) -> tuple[Choice, Choice]:
        """The two answers."""
        if self.shape is Shape.FACING_BET:
            return Choice.CALL, Choice.FOLD
        return Choice.BET, Choice.CHECK

    @property
    def price(self) -> float:
        """The percentage the play needs: a call's share of the final pot, or half for a
        value bet."""
        if self.shape is Shape.FACING_BET:
            return 100 * self.bet / (self.pot + 2 * self.bet)
        return VALUE_LINE

    @property
    def chance(self) -> float:
        """The percentage of the pot won against the hands that matter."""
        return 100 * self.equity

    @property
    def share(self) -> int:
        """The part of the opponent's hands that bet (or call), as a whole percentage."""
        return whole_percent(100 * len(self.against) / max(self.start, 1))

    @property
    def even(self) -> bool:
        """True when the chance and the price are said as the same number."""
        return whole_percent(self.chance) == whole_percent(self.price)

    @property
    def right(self) -> Choice:
        """The coach's answer: the play when the chance reaches the price."""
        play, other = self.options
        return play if self.chance >= self.price else other

    def judge(self, answer: int) -> bool:
        """Right for the coach's answer, or either when the numbers said are equal."""
        if answer not in self.options:
            return False
        return answer == self.right or self.even

    def notation(self) -> str:
        """'kind calls_too_wide; hole Ah Kh; board 7h 2h Jc 9d; pot 60; bet 40'"""
        return (
            f"kind {self.kind}; hole {format_cards(self.hole)}; board "
            f"{format_cards(self.board)}; pot {self.pot}; bet {self.bet}"
        )

    def expected(self) -> str:
        """'call 31.25 of 28.57' (the answer, the chance, the price)."""
        return f"{self.right.name.lower()} {self.chance:.2f} of {self.price:.2f}"


def pot_and_bet(rng: random.Random) -> tuple[int, int]:
    """A pot of 40 to 300 before the bet and a usual share of it (multiples of 5)."""
    pot = rng.randint(4, 30) * 10
    return pot, max(5, 5 * round(pot * rng.choice(BET_SHARES) / 5))


def spot_question(
    number: int, kind: str, hole: Sequence[Card], board: Sequence[Card], pot: int, bet: int,
    origin: Origin | None = None,
) -> MistakeQuestion:  # fmt: skip
    """A spot of mistake ``kind``."""
    return MistakeQuestion(number, kind, tuple(hole), tuple(board), pot, bet, origin)


def tempting(hole: Sequence[Card], board: Sequence[Card]) -> bool:
    """A hand worth thinking about: a pocket pair, a hole card paired on the board, or a
    draw while cards are to come."""
    ranks = {card.rank for card in board}
    if hole[0].rank is hole[1].rank or any(card.rank in ranks for card in hole):
        return True
    return len(board) < 5 and draw_strength(ids(hole), ids(board)) > 0


class FreshSpots:
    """Question ``number`` of a kind, dealt fresh: a tempting hand on a flop, turn or
    river, a pot and a bet."""

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def __call__(self, rng: random.Random, number: int) -> MistakeQuestion:
        size = rng.choice((3, 4, 5))
        while True:
            cards = rng.sample(FULL_DECK, 2 + size)
            hole, board = cards[:2], cards[2:]
            if tempting(hole, board):
                break
        pot, bet = pot_and_bet(rng)
        return spot_question(number, self.kind, hole, board, pot, bet)


class MistakeSpots(FreshSpots):
    """The player's own spots first (in the order given), then fresh ones."""

    def __init__(self, kind: str, own: Sequence[OwnSpot]) -> None:
        super().__init__(kind)
        self.own = tuple(own)

    def __call__(self, rng: random.Random, number: int) -> MistakeQuestion:
        if number > len(self.own):
            return super().__call__(rng, number)
        spot = self.own[number - 1]
        pot, bet = pot_and_bet(rng)
        return spot_question(number, self.kind, spot.hole, spot.board, pot, bet, spot.origin)


def own_spot(hole: str, board: str, origin: Origin) -> OwnSpot | None:
    """A kept decision as a spot; None when its cards cannot make one (no flop yet, or
    notation that does not read)."""
    try:
        cards, shared = parse_cards(hole), parse_cards(board)
    except ValueError:
        return None
    if len(cards) != 2 or not 3 <= len(shared) <= 5 or len({*cards, *shared}) < 2 + len(shared):
        return None
    return OwnSpot(tuple(cards), tuple(shared), origin)
