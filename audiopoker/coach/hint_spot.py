"""The coach for a spot typed in, with a range per opponent (``audiopoker hint``).

Each opponent starts from a stated range: a player type (any two cards, a tight player's
15 percent, a loose player's 45), the hands typed in the usual notation ("QQ+, AKs"), or
by default the hands that see a flop (the top 40 percent). Facing a bet, the bettor's
range is what bets from that start on this board (``bettor_range``: value, draws and a
share of bluffs, by the bet's size), never any two cards; a range typed in notation is
taken as it is, the player's own read of the bettor. The other players keep their start.

Heads-up on the turn or the river the equity is enumerated exactly (every hand in the
range and every remaining card); elsewhere it is sampled (``SPOT_DEALS``). The suggestion
is the hard bot's, deciding in a table built from the spot (seat 0 made the bet), with
these ranges and this equity.

>>> from audiopoker.cards import parse_cards
>>> hint = advise_hint(parse_cards("Ks Kd"), parse_cards("Ah 7d 2c"), 60, 20, 3)
>>> hint.advice.action, [r.role for r in hint.assumed]
('call', ['bettor', 'other'])
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from audiopoker.bots.equity import Combo, equity, ids, live
from audiopoker.bots.model import OpponentModel
from audiopoker.bots.preflop import preflop_table
from audiopoker.cards import Card
from audiopoker.coach.advice import (
    Advice,
    AdvisingBot,
    Estimate,
    OpponentRange,
    build_advice,
    range_key,
)
from audiopoker.coach.bettor_range import SEE_A_FLOP, BettorRange, bettor_range
from audiopoker.coach.facing_bet import facing_bet
from audiopoker.coach.range_notation import range_combos
from audiopoker.coach.spot import SPOT_DEALS, SPOT_SEED, StatedRanges, checked_spot, spot_view
from audiopoker.evaluator import strength_ids

StartName = Literal["random", "tight", "loose", "default"]
START_SHARES: Final[dict[StartName, float]] = {
    "random": 1.0,
    "tight": 0.15,
    "loose": 0.45,
    "default": SEE_A_FLOP,
}
Role = Literal["bettor", "other"]


@dataclass(frozen=True, slots=True)
class StatedRange:
    """One opponent's range as the player stated it: a ``name`` (a player type, or
    "default"), or ``classes`` typed in notation (then ``text`` is what was typed)."""

    name: StartName | None = "default"
    classes: frozenset[str] = frozenset()
    text: str = ""

    def start(self) -> tuple[Combo, ...] | None:
        """The combos it names (None: any two cards)."""
        if self.name is None:
            return range_combos(self.classes)
        if self.name == "random":
            return None
        return preflop_table().top(START_SHARES[self.name])


DEFAULT_RANGE: Final = StatedRange()


@dataclass(frozen=True, slots=True)
class AssumedRange:
    """What the estimate assumed for one opponent: its ``role`` (made the bet or not), the
    ``stated`` start, ``share`` the part of all the hands it could hold that the range
    keeps, and for a bettor built from its start the ``bet`` (value and bluffs)."""

    role: Role
    stated: StatedRange
    share: float
    bet: BettorRange | None = None


@dataclass(frozen=True, slots=True)
class HintAdvice:
    """The advice (numbers, suggestion, reason) and the range assumed per opponent, the
    bettor first when there is a bet."""

    advice: Advice
    assumed: tuple[AssumedRange, ...]


def advise_hint(
    hole: Sequence[Card],
    board: Sequence[Card],
    pot: int,
    to_call: int,
    players: int,
    stack: int | None = None,
    stated: Sequence[StatedRange] = (),
    rng: random.Random | None = None,
) -> HintAdvice:
    """The coach's advice for a spot after the flop. ``pot`` counts every chip in the
    middle, the bet to call included; ``players`` counts the player; ``stated``: one range
    for all the opponents, or one each (the bettor's first), none for the default.
    ValueError for a spot that cannot be."""
    hole, board, pot, to_call, stack = checked_spot(hole, board, pot, to_call, players, stack)
    opponents = players - 1
    given = tuple(stated) or (DEFAULT_RANGE,)
    if len(given) not in (1, opponents):
        raise ValueError("one range for all the opponents, or one for each")
    each = given * opponents if len(given) == 1 else given
    rng = rng if rng is not None else random.Random(SPOT_SEED)
    hero, cards = ids(hole), ids(board)
    dead = (*hero, *cards)
    possible = len(live(None, dead))
    ranges: list[list[Combo]] = []
    assumed: list[AssumedRange] = []
    for seat, one in enumerate(each):
        combos = live(one.start(), dead)
        bet = None
        if seat == 0 and to_call > 0 and one.name is not None:
            bet = bettor_range(combos, cards, to_call, pot)
            combos = live(bet.combos, dead)
        role: Role = "bettor" if seat == 0 and to_call > 0 else "other"
        ranges.append(combos)
        assumed.append(AssumedRange(role, one, len(combos) / possible, bet))
    exact = opponents == 1 and len(board) >= 4
    if exact:
        share = exact_equity(hero, cards, ranges[0])
    else:
        share = equity(hero, cards, ranges, rng, SPOT_DEALS).value
    view = spot_view(hole, board, pot, to_call, players, stack)
    if to_call > 0:
        action = facing_bet(view, share, ranges, assumed[0].bet, rng)
    else:
        bot = AdvisingBot(rng, OpponentModel())
        bot.ranges = StatedRanges(ranges)
        bot.known = {range_key(ranges): share}
        action = bot.decide(view)
    described = tuple(_described(one) for one in assumed)
    advice = build_advice(view, action, share, described, Estimate.SHOWN, exact)
    return HintAdvice(advice, tuple(assumed))


def _described(assumed: AssumedRange) -> OpponentRange:
    """The advice's own record of a range (its words are the hint's: see ``hint_words``)."""
    return OpponentRange(None, 0.0, 1.0, (), 1.0, (), assumed.share)


def exact_equity(hero: Sequence[int], board: Sequence[int], combos: Sequence[Combo]) -> float:
    """The pot share of ``hero`` (card ids) against one hand from ``combos`` (each as
    likely), over every way the board can finish (ties split); 0.5 against no hand."""
    dead = {*hero, *board}
    hands = [c for c in combos if c[0] not in dead and c[1] not in dead]
    deck = [card for card in range(52) if card not in dead]
    score = strength_ids
    total = 0.0
    deals = 0
    for extra in itertools.combinations(deck, 5 - len(board)):
        full = (*board, *extra)
        mine = score((*hero, *full))
        for a, b in hands:
            if a in extra or b in extra:
                continue
            theirs = score((a, b, *full))
            total += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
            deals += 1
    return total / deals if deals else 0.5
