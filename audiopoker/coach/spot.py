"""The coach for any spot typed in (``audiopoker hint``): cards, pot, price, players.

There is no table history, so the opponents' range is the one asked for: any two cards
("random"), the hands a tight player plays, or a loose player's. Heads-up against any two
cards on the turn or the river the equity is enumerated exactly (every opponent hand and
every remaining card); elsewhere it is sampled with enough deals (``SPOT_DEALS``) that it
lands within one percentage point of the exact value. The suggestion is the hard bot's,
deciding in a table built from the spot: the opponents' stacks equal the player's, and
when there is a bet to call, one opponent made it.

>>> from audiopoker.cards import parse_cards
>>> advice = advise_spot(parse_cards("Ks Kd"), parse_cards("Ah 7d 2c 9s"), 60, 20, 2)
>>> round(advice.equity, 4), advice.exact, round(advice.pot_odds, 2)
(0.7965, True, 0.25)
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Final, Literal

from audiopoker.bots.equity import Combo, equity, ids, live
from audiopoker.bots.model import OpponentModel
from audiopoker.bots.preflop import preflop_table
from audiopoker.bots.ranges import RangeEstimator, Read
from audiopoker.cards import Card, ensure_distinct
from audiopoker.coach.advice import Advice, AdvisingBot, Estimate, build_advice, range_key
from audiopoker.coach.opponent_range import OpponentRange
from audiopoker.engine.actions import ActionKind, LegalActions, Street
from audiopoker.engine.view import PlayerView
from audiopoker.evaluator import strength_ids

RangeName = Literal["random", "tight", "loose"]
RANGE_NAMES: Final[tuple[RangeName, ...]] = ("random", "tight", "loose")
# Shares of starting hands (in the 169-hand order) a tight and a loose player play.
RANGE_SHARES: Final[dict[RangeName, float]] = {"random": 1.0, "tight": 0.15, "loose": 0.45}
_ESTIMATES: Final = {"random": Estimate.RANDOM, "tight": Estimate.TIGHT, "loose": Estimate.LOOSE}
SPOT_DEALS: Final = 40_000  # standard error at most 0.25 point: 1 point is four of them
SPOT_SEED: Final = 13  # the default generator's seed: the same spot gets the same answer
DEEP_POTS: Final = 10  # without a stack, the player (and each opponent) has ten pots behind
STREETS: Final = {3: Street.FLOP, 4: Street.TURN, 5: Street.RIVER}


def advise_spot(
    hole: Sequence[Card],
    board: Sequence[Card],
    pot: int,
    to_call: int,
    players: int,
    stack: int | None = None,
    range_name: RangeName = "random",
    rng: random.Random | None = None,
) -> Advice:
    """The coach's advice for a spot after the flop. ``pot`` counts every chip in the
    middle, the bet to call included; ``players`` counts the player (2 to 10); ``stack``
    is the player's chips behind (default: ten pots). ValueError for a spot that cannot
    be: not two hole cards, a board of other than 3 to 5 cards, a card twice, a pot
    smaller than the bet to call, and the like."""
    if range_name not in RANGE_SHARES:
        raise ValueError(f"unknown range {range_name!r}")
    hole, board, pot, to_call, stack = checked_spot(hole, board, pot, to_call, players, stack)
    rng = rng if rng is not None else random.Random(SPOT_SEED)
    hero, cards = ids(hole), ids(board)
    dead = (*hero, *cards)
    combos = live(None, dead)
    if range_name != "random":
        combos = live(preflop_table().top(RANGE_SHARES[range_name]), dead)
    opponents = players - 1
    exact = range_name == "random" and opponents == 1 and len(board) >= 4
    if exact:
        share = exact_heads_up(hero, cards)
    else:
        share = equity(hero, cards, [combos] * opponents, rng, SPOT_DEALS).value
    view = spot_view(hole, board, pot, to_call, players, stack)
    bot = AdvisingBot(rng, OpponentModel())
    bot.ranges = StatedRanges([combos] * opponents)
    bot.known = {range_key([combos] * opponents): share}
    action = bot.decide(view)
    described = OpponentRange(
        seat=None,
        low=0.0,
        high=RANGE_SHARES[range_name],
        preflop=(),
        keep=1.0,
        postflop=(),
        share=len(combos) / len(live(None, dead)),
    )
    estimate = _ESTIMATES[range_name]
    return build_advice(view, action, share, (described,) * opponents, estimate, exact)


def checked_spot(
    hole: Sequence[Card],
    board: Sequence[Card],
    pot: int,
    to_call: int,
    players: int,
    stack: int | None,
) -> tuple[tuple[Card, ...], tuple[Card, ...], int, int, int]:
    """A spot after the flop as typed, checked and made whole: (hole, board, pot, to call,
    stack). The stack defaults to ten pots; a call bigger than the stack is trimmed to it
    (the rest of the bet goes back). ValueError for a spot that cannot be."""
    hole_cards: tuple[Card, ...] = tuple(hole)
    board_cards: tuple[Card, ...] = tuple(board)
    if len(hole_cards) != 2 or len(board_cards) not in STREETS:
        raise ValueError("a spot needs two hole cards and three to five board cards")
    ensure_distinct((*hole_cards, *board_cards))
    if not 2 <= players <= 10 or pot < 1 or to_call < 0 or pot < to_call:
        raise ValueError("players 2..10, a pot of at least 1 and at least the bet to call")
    if stack is None:
        stack = DEEP_POTS * pot + to_call
    if stack < 1:
        raise ValueError("the stack must be at least 1")
    if to_call > stack:  # calling puts the player all in; the rest of the bet goes back
        pot -= to_call - stack
        to_call = stack
    return hole_cards, board_cards, pot, to_call, stack


class StatedRanges(RangeEstimator):
    """Each opponent seat holds its given range, whatever it did (a spot's opponents sit
    at seats 0 on: ``spot_view``)."""

    def __init__(self, combos: Sequence[list[Combo]]) -> None:
        super().__init__(preflop_table())
        self.combos = list(combos)

    def range_of(self, view: PlayerView, seat: int, read: Read | None = None) -> list[Combo]:
        """Seat ``seat``'s given range (the view and the read change nothing)."""
        return self.combos[seat]


def spot_view(
    hole: tuple[Card, ...],
    board: tuple[Card, ...],
    pot: int,
    to_call: int,
    players: int,
    stack: int,
) -> PlayerView:
    """A view of the spot: seat 0 made the bet to call (if any) and the player, the last
    seat, is to act; everyone has the player's stack. Nothing else happened."""
    seat = players - 1
    stacks = [stack] * players
    committed = [0] * players
    if to_call:
        committed[0] = to_call
        stacks[0] = max(stack - to_call, 0)
    can_raise = stack > to_call
    kind = None if not can_raise else ActionKind.RAISE if to_call else ActionKind.BET
    min_to = min(2 * to_call if to_call else 1, stack)
    legal = LegalActions(
        seat=seat,
        can_check=to_call == 0,
        to_call=to_call,
        call_is_all_in=0 < to_call == stack,
        raise_kind=kind,
        min_raise_to=min_to if can_raise else stack,
        max_raise_to=stack,
        stack=stack,
        committed=0,
        pot=pot,
    )
    return PlayerView(
        seat=seat,
        hand_number=1,
        hole_cards=hole,
        board=board,
        street=STREETS[len(board)],
        legal=legal,
        pot=pot,
        stacks=tuple(stacks),
        committed=tuple(committed),
        button=seat,
        small_blind_seat=None,
        big_blind_seat=0,
        small_blind=1,
        big_blind=1,
        ante=0,
        seats_in_hand=tuple(range(players)),
        folded=frozenset(),
        all_in=frozenset(),
        history=(),
    )


def exact_heads_up(hero: Sequence[int], board: Sequence[int]) -> float:
    """The pot share of ``hero`` (card ids) against one hand of any two cards, over every
    opponent hand and every way the board can finish (ties split)."""
    dead = {*hero, *board}
    deck = [card for card in range(52) if card not in dead]
    missing = 5 - len(board)
    score = strength_ids
    total = 0.0
    deals = 0
    for extra in itertools.combinations(deck, missing):
        full = (*board, *extra)
        mine = score((*hero, *full))
        rest = [card for card in deck if card not in extra]
        for a, b in itertools.combinations(rest, 2):
            theirs = score((a, b, *full))
            if mine > theirs:
                total += 1.0
            elif mine == theirs:
                total += 0.5
            deals += 1
    return total / deals
