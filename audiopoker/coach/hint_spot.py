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

import dataclasses
import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from audiopoker.bots.action_ranges import ActionRange, ActionRanges, Window, postflop
from audiopoker.bots.bettor_range import SEE_A_FLOP, BettorRange, bettor_range
from audiopoker.bots.equity import Combo, equity, ids, live
from audiopoker.bots.model import OpponentModel
from audiopoker.bots.preflop import preflop_table
from audiopoker.bots.ranges import AGGRESSIVE, DEFAULT_READ, by_board
from audiopoker.cards import Card
from audiopoker.coach.action_line import LineSpot
from audiopoker.coach.advice import (
    Advice,
    AdvisingBot,
    Estimate,
    agreed,
    bluff_backed,
    build_advice,
    is_bluff,
    range_key,
)
from audiopoker.coach.facing_bet import facing_bet
from audiopoker.coach.opponent_range import OpponentRange, describe_range
from audiopoker.coach.option_values import Opponent, OptionValues, option_values
from audiopoker.coach.range_notation import range_combos
from audiopoker.coach.spot import SPOT_DEALS, SPOT_SEED, StatedRanges, checked_spot, spot_view
from audiopoker.engine.view import PlayerView
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
    name: str = ""
    read: OpponentRange | None = None
    floor: float = 0.0


@dataclass(frozen=True, slots=True)
class HintAdvice:
    """The advice (numbers, suggestion, reason) and the range assumed per opponent, the
    bettor first when there is a bet; ``values`` every option valued and graded
    (``coach.option_values``), in chips with ``values.big_blind``."""

    advice: Advice
    assumed: tuple[AssumedRange, ...]
    values: OptionValues | None = None


def advise_hint(
    hole: Sequence[Card],
    board: Sequence[Card],
    pot: int,
    to_call: int,
    players: int,
    stack: int | None = None,
    stated: Sequence[StatedRange] = (),
    rng: random.Random | None = None,
    big_blind: int = 2,
) -> HintAdvice:
    """The coach's advice for a spot after the flop. ``pot`` counts every chip in the
    middle, the bet to call included; ``players`` counts the player; ``stated``: one range
    for all the opponents, or one each (the bettor's first), none for the default;
    ``big_blind`` (chips) measures the options' values. ValueError for a spot that cannot
    be."""
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
        floor = 0.0
        if seat == 0 and to_call > 0 and one.name is not None:
            bet = bettor_range(combos, cards, to_call, pot)
            combos = live(bet.combos, dead)
            floor = bet.value / max(bet.value + bet.bluffs, 1)
        role: Role = "bettor" if seat == 0 and to_call > 0 else "other"
        ranges.append(combos)
        assumed.append(AssumedRange(role, one, len(combos) / possible, bet, floor=floor))
    view = spot_view(hole, board, pot, to_call, players, stack)
    return _advise(view, ranges, assumed, rng, big_blind)


def _advise(
    view: PlayerView,
    ranges: Sequence[list[Combo]],
    assumed: Sequence[AssumedRange],
    rng: random.Random,
    big_blind: int,
    real: tuple[PlayerView, Sequence[int]] | None = None,
) -> HintAdvice:
    """The equity, the suggestion and every option's value in ``view`` (seat 0 made the
    bet, the player last, ``ranges`` by seat); ``real``: the line's view the values are
    measured in (who acts after whom) and the table seats of ``ranges``."""
    hero, cards = ids(view.hole_cards), ids(view.board)
    exact = len(ranges) == 1 and len(cards) >= 4
    if exact:
        share = exact_equity(hero, cards, ranges[0])
    else:
        share = equity(hero, cards, list(ranges), rng, SPOT_DEALS).value
    if view.legal.to_call > 0:
        action = facing_bet(view, share, ranges, assumed[0].bet, rng)
    else:
        bot = AdvisingBot(rng, OpponentModel())
        bot.ranges = StatedRanges(ranges)
        bot.known = {range_key(ranges): share}
        action = bot.decide(view)
    described = tuple(_described(one) for one in assumed)
    measured, seats = real if real is not None else (view, range(len(ranges)))
    measured = dataclasses.replace(measured, big_blind=big_blind)
    opponents = [
        Opponent(seat, tuple(by_board(combos, cards)), one.floor)
        for seat, combos, one in zip(seats, ranges, assumed, strict=True)
    ]
    values = option_values(measured, opponents, share, rng, extra=(action,))
    chosen = values.of(action)
    final = action
    if chosen is not None and is_bluff(view, action, share):  # as in play: backed or not
        final = bluff_backed(view, action, share, chosen.value)
    final = agreed(view, final, share, values)  # never graded below "correct" by its values
    advice = build_advice(view, final, share, described, Estimate.SHOWN, exact, values=values)
    return HintAdvice(advice, tuple(assumed), values)


def advise_line(
    spot: LineSpot,
    stated: Sequence[StatedRange] = (),
    rng: random.Random | None = None,
) -> HintAdvice:
    """The coach's advice at the player's turn in a line (``coach.action_line``): each
    opponent's range read from its actions by the coach's own model
    (``bots.action_ranges``), from its seat before the flop when the line says it, else
    from the hands that reach the flop; ``stated`` (one for all or one per opponent, in
    the order the line names them) wins: a player type starts the reading in place of the
    seat, hands in notation are taken as they are."""
    real = spot.view
    order = list(spot.opponents)
    aggressive = [a.seat for a in real.actions(real.street) if a.kind in AGGRESSIVE]
    bettor = aggressive[-1] if real.legal.to_call > 0 and aggressive else None
    if len(stated) == 1:
        given = {seat: stated[0] for seat in order}
    else:
        given = dict(zip(order, stated, strict=False))
    if bettor in order:
        order.remove(bettor)
        order.insert(0, bettor)
    dead = (*ids(real.hole_cards), *ids(real.board))
    estimator = ActionRanges(preflop_table())
    ranges: list[list[Combo]] = []
    assumed: list[AssumedRange] = []
    for seat in order:
        one = given.get(seat, DEFAULT_RANGE)
        role: Role = "bettor" if seat == bettor else "other"
        name = spot.names[seat]
        if one.name is None:  # typed in: the player's own read, taken as it is
            combos = live(one.start(), dead)
            share = len(combos) / len(live(None, dead))
            ranges.append(combos)
            assumed.append(AssumedRange(role, one, share, name=name))
            continue
        if spot.preflop and seat not in given:
            estimated = estimator.read_range(real, seat)
            read = describe_range(real, seat, estimated)
        else:
            start = live(one.start(), dead)
            combos, steps = postflop(start, real, seat, DEFAULT_READ)
            high = START_SHARES[one.name]
            estimated = ActionRange(tuple(combos), Window(0.0, high), len(start), steps)
            read = dataclasses.replace(describe_range(real, seat, estimated), preflop=())
        combos = list(estimated.combos)
        last = estimated.steps[-1] if estimated.steps else None
        bet, floor = None, 0.0
        if last is not None and last.street is real.street and last.kind in AGGRESSIVE:
            floor = last.value / max(last.value + last.bluffs, 1)
            if seat == bettor and last.value + last.bluffs == len(combos):
                bet = BettorRange(tuple(combos), last.value, last.bluffs, estimated.start)
        ranges.append(combos)
        assumed.append(AssumedRange(role, one, read.share, bet, name, read, floor))
    view = _line_view(real, order)
    rng = rng if rng is not None else random.Random(SPOT_SEED)
    return _advise(view, ranges, assumed, rng, real.big_blind, (real, order))


def _line_view(real: PlayerView, order: Sequence[int]) -> PlayerView:
    """``real`` as a spot's view: the opponents of ``order`` at seats 0 on (the bettor
    first), the player last, their chips and bets kept, nothing else happened."""
    seats = [*order, real.seat]
    hero = len(order)
    return dataclasses.replace(
        real,
        seat=hero,
        legal=dataclasses.replace(real.legal, seat=hero),
        stacks=tuple(real.stacks[s] for s in seats),
        committed=tuple(real.committed[s] for s in seats),
        button=hero,
        small_blind_seat=None,
        big_blind_seat=0,
        seats_in_hand=tuple(range(len(seats))),
        folded=frozenset(),
        all_in=frozenset(i for i, s in enumerate(seats) if s in real.all_in),
        history=(),
    )


def _described(assumed: AssumedRange) -> OpponentRange:
    """The advice's own record of a range (its words are the hint's: see ``hint_words``)."""
    if assumed.read is not None:
        return assumed.read
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
