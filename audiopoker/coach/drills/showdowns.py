"""The showdown drill: a board and two or three hands; who wins?

Deals are random but the round is a mix on purpose, so that it teaches: a higher kind of
hand, the same kind with a higher rank (close calls), a kicker or the next card deciding,
splits, and hands that play the board. Each question picks one of these and deals until
the cards give it (the evaluator and the showdown explainer decide, never this module).

>>> import random
>>> question = make_showdown(random.Random(7), 1)
>>> question.judge(question.answer_key), question.judge(9)
(True, False)
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass
from typing import Final

from audiopoker.cards import FULL_DECK, Card, format_cards
from audiopoker.coach.drills.drill_base import SPLIT
from audiopoker.showdown import ReasonKind, ShowdownResult, showdown


class Spot(enum.Enum):
    """What decides the showdown a question was dealt for."""

    CATEGORY = "category"  # a better kind of hand
    HIGHER = "higher"  # the same kind, higher cards (kings over queens)
    KICKER = "kicker"  # the same combination; a kicker or the next card decides
    SPLIT = "split"  # two or more hands tie
    BOARD = "board"  # a winner plays the board


SPOT_WEIGHTS: Final = {
    Spot.CATEGORY: 3,
    Spot.HIGHER: 2,
    Spot.KICKER: 2,
    Spot.SPLIT: 2,
    Spot.BOARD: 1,
}
THREE_HANDS: Final = 0.4  # the share of questions with three hands
MAX_DEALS: Final = 20_000  # then the last deal is taken whatever it shows (never seen)


@dataclass(frozen=True, slots=True)
class ShowdownQuestion:
    """A board, the hands in order (player 1 first) and what the explainer made of them."""

    number: int
    spot: Spot
    result: ShowdownResult

    @property
    def board(self) -> tuple[Card, ...]:
        """The five board cards."""
        return self.result.board

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each player's two cards."""
        return tuple(hand.cards for hand in self.result.hands)

    @property
    def answer_key(self) -> int:
        """The right key: the winner's number, or SPLIT when several share the pot."""
        winners = self.result.winners
        return winners[0] + 1 if len(winners) == 1 else SPLIT

    def judge(self, answer: int) -> bool:
        """Right when ``answer`` names the only winner, or is SPLIT for a split."""
        return answer == self.answer_key

    def notation(self) -> str:
        """'board Ac Kd Qh Js Tc; hands 2h 2s | 9d 9c'"""
        hands = " | ".join(format_cards(hand) for hand in self.hands)
        return f"board {format_cards(self.board)}; hands {hands}"

    def expected(self) -> str:
        """'2', or 'split'."""
        key = self.answer_key
        return "split" if key == SPLIT else str(key)


def fits(result: ShowdownResult, spot: Spot) -> bool:
    """Whether the showdown ``result`` is the kind of spot asked for."""
    kind = result.reason.kind
    if spot is Spot.SPLIT:
        return kind is ReasonKind.SPLIT
    if spot is Spot.BOARD:
        return any(result.hands[index].plays_board for index in result.winners)
    if spot is Spot.KICKER:
        return kind in (ReasonKind.KICKER, ReasonKind.NEXT_CARD)
    if spot is Spot.HIGHER:
        return kind is ReasonKind.HIGHER_RANK
    return kind is ReasonKind.HIGHER_CATEGORY


def deal(rng: random.Random, players: int) -> ShowdownResult:
    """A random board and ``players`` random hands from one deck, explained."""
    cards = rng.sample(FULL_DECK, 5 + 2 * players)
    hands = [cards[5 + 2 * seat : 7 + 2 * seat] for seat in range(players)]
    return showdown(cards[:5], hands)


def make_showdown(rng: random.Random, number: int) -> ShowdownQuestion:
    """Question ``number``: two or three hands dealt until they make the spot drawn."""
    players = 3 if rng.random() < THREE_HANDS else 2
    spot = rng.choices(list(SPOT_WEIGHTS), weights=list(SPOT_WEIGHTS.values()))[0]
    result = deal(rng, players)
    for _ in range(MAX_DEALS):
        if fits(result, spot):
            break
        result = deal(rng, players)
    return ShowdownQuestion(number, spot, result)
