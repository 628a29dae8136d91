"""The coach's advice for one decision: the price, the chance, and what the hard bot would do.

The chance is a Monte Carlo equity (``bots.equity``) against each opponent's likely range,
read from the action (``bots.action_ranges``: opens by seat, checks that cap a range,
polarised bets, calls that keep the middle) with the hard level's reads of each player
(``HardBot.read`` over an ``OpponentModel``), every opponent still in the hand counted;
the suggestion is the hard level's own decision, made by a
``HardBot`` fed that same model and that same equity, so the number the player hears is
the number the decision used. The reason is a key (``Reason``), never text: the words live
in ``coach.words`` and its catalogs, so the hand review and the coach key can say it in
either language.

Typical use, once per game (the model learns from every public event)::

    coach = Coach(random.Random(seed))
    coach.model.observe(event)              # for each event the player's seat may see
    advice = coach.advise(view, deadline)   # on the player's turn
    first_answer(advice, "en")              # coach.words

``advise(view, model, rng)`` does the same for one view. With a seeded generator and no
deadline the advice is reproducible. Each opponent's assumed range is told in structured
words by ``coach.opponent_range``.
"""

from __future__ import annotations

import enum
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from audiopoker.bots.action_ranges import ActionRanges
from audiopoker.bots.equity import Combo, draw_strength, equity, hand_class, ids
from audiopoker.bots.hard import HardBot
from audiopoker.bots.levels import LEVEL_STYLES
from audiopoker.bots.model import OpponentModel
from audiopoker.bots.preflop import preflop_table
from audiopoker.bots.ranges import AGGRESSIVE
from audiopoker.bots.shortstack import SHORT_STACK_BB, effective_bb
from audiopoker.cards import Card
from audiopoker.coach.board_hand import own_pair
from audiopoker.coach.opponent_range import (
    OpponentRange,
    describe_range,
    describe_window,
)
from audiopoker.coach.opponents import opponents_of
from audiopoker.coach.option_values import (
    AGREES,
    OptionValues,
    bet_value,
    checked_to_raiser,
    option_values,
    passive_value,
    spot_rng,
)
from audiopoker.coach.outs import Outs, outs_of
from audiopoker.coach.preflop_chart import PreflopHint
from audiopoker.coach.preflop_play import (
    FarRead,
    chart_action,
    chart_hint,
    far_read,
    leaves_chart,
)
from audiopoker.engine.actions import Action, ActionKind, Street
from audiopoker.engine.view import PlayerView
from audiopoker.evaluator import HandValue, best_hand

ActionName = Literal["fold", "check", "call", "bet", "raise"]
ACTION_NAMES: Final[dict[ActionKind, ActionName]] = {
    ActionKind.FOLD: "fold",
    ActionKind.CHECK: "check",
    ActionKind.CALL: "call",
    ActionKind.BET: "bet",
    ActionKind.RAISE: "raise",
}

COACH_DEALS: Final = 5000  # Monte Carlo deals for the chance: a standard error under 0.8 point
EQUITY_SHARE: Final = 0.4  # of a deadline's time, the part the chance may take
MIN_BUDGET: Final = 0.005  # seconds left to the hard bot when the deadline is already near
READ_HANDS: Final = 20  # hands seen before a read may move the coach off the chart
BLUFF_MARGIN: Final = 0.03  # of the pot: what a bluff must be worth above the passive play
BLUFF_DEALS: Final = 600  # deals to value a bluff the hard bot chose (about 2 points of error)
TRAP_AT: Final = 0.75  # a check this far ahead is a trap, not a give-up


class Reason(enum.Enum):
    """Why the suggestion: one key per idea (``coach.words`` says each in a sentence)."""

    PRICE_RIGHT = "price_right"  # call: the chance beats the price
    DRAW_PRICE = "draw_price"  # call a little below the price: a made draw is paid later
    PRICE_TOO_HIGH = "price_too_high"  # fold: the chance is below the price
    CLOSE = "close"  # the chance and the price are about even: either choice costs little
    AHEAD = "ahead"  # bet or raise for value: above one half against the field
    FIELD_SHARE = "field_share"  # value multiway: below one half, above an even share
    PRESSURE = "pressure"  # bet or raise: ahead of many hands, and weaker ones fold
    SEMI_BLUFF = "semi_bluff"  # bet or raise with a draw
    BLUFF = "bluff"  # bet or raise little: they fold often enough
    OPEN = "open"  # before the flop, raise first in (or over limpers)
    TOO_WEAK = "too_weak"  # before the flop, fold a hand too weak for this seat
    CHEAP_LOOK = "cheap_look"  # before the flop, call cheaply with a hand that hits hard
    FREE_LOOK = "free_look"  # before the flop, check the big blind's option
    CHECK_WEAK = "check_weak"  # check: a bet would not fold out enough
    CHECK_SHOWDOWN = "check_showdown"  # check: good enough to win, only better would call
    TRAP = "trap"  # check far ahead: let them bet or catch up a little
    CHECK_TO_RAISER = "check_to_raiser"  # check to the raiser: it bets often, then answer
    SHOVE = "shove"  # the player's stack is short: all in
    SHORT_FOLD = "short_fold"  # the player's stack is short: too weak to go all in
    SHOVE_THEM = "shove_them"  # the opponents' stacks are short: all in
    SHORT_FOLD_THEM = "short_fold_them"  # the opponents' stacks are short: too weak
    RESHOVE = "reshove"  # all in over a raise: they may fold, and a call still pays


class Kind(enum.Enum):
    """The kind of reason a suggestion rests on, said on the second K press."""

    VALUE = "value"
    PROTECTION = "protection"
    SEMI_BLUFF = "semi_bluff"
    BLUFF = "bluff"
    SHOWDOWN_VALUE = "showdown_value"
    POT_ODDS = "pot_odds"
    IMPLIED_ODDS = "implied_odds"
    FOLD_EQUITY = "fold_equity"
    LITTLE_FOLD_EQUITY = "little_fold_equity"  # a check: a bet would be called too often
    HAND_STRENGTH = "hand_strength"  # before the flop: the hand's rank for this seat
    FREE_CARD = "free_card"


KINDS: Final[dict[Reason, Kind]] = {
    Reason.PRICE_RIGHT: Kind.POT_ODDS,
    Reason.DRAW_PRICE: Kind.IMPLIED_ODDS,
    Reason.PRICE_TOO_HIGH: Kind.POT_ODDS,
    Reason.CLOSE: Kind.POT_ODDS,
    Reason.AHEAD: Kind.VALUE,
    Reason.FIELD_SHARE: Kind.VALUE,
    Reason.PRESSURE: Kind.PROTECTION,
    Reason.SEMI_BLUFF: Kind.SEMI_BLUFF,
    Reason.BLUFF: Kind.BLUFF,
    Reason.OPEN: Kind.VALUE,  # a steal (below an even share) is FOLD_EQUITY: kind_of
    Reason.TOO_WEAK: Kind.HAND_STRENGTH,
    Reason.CHEAP_LOOK: Kind.IMPLIED_ODDS,
    Reason.FREE_LOOK: Kind.FREE_CARD,
    Reason.CHECK_WEAK: Kind.LITTLE_FOLD_EQUITY,
    Reason.CHECK_SHOWDOWN: Kind.SHOWDOWN_VALUE,
    Reason.TRAP: Kind.VALUE,
    Reason.CHECK_TO_RAISER: Kind.SHOWDOWN_VALUE,
    Reason.SHOVE: Kind.FOLD_EQUITY,
    Reason.SHORT_FOLD: Kind.HAND_STRENGTH,
    Reason.SHOVE_THEM: Kind.FOLD_EQUITY,
    Reason.SHORT_FOLD_THEM: Kind.HAND_STRENGTH,
    Reason.RESHOVE: Kind.FOLD_EQUITY,
}


class Estimate(enum.Enum):
    """What the chance was measured against."""

    SHOWN = "shown"  # ranges read from the opponents' actions at this table
    RANDOM = "random"  # any two cards
    TIGHT = "tight"  # players who play few hands (``audiopoker hint --range tight``)
    LOOSE = "loose"  # players who play many hands


@dataclass(frozen=True, slots=True)
class Advice:
    """The coach's answer for one decision. Numbers are shares (0..1), amounts chips.

    ``equity``: the pot share the player wins on average against ``ranges``.
    ``pot_odds``: ``to_call / (pot + to_call)``, the share a call needs (0 when checking
    is free). ``action`` and ``amount`` (the street total of a bet or raise, else None):
    the suggestion; ``all_in`` when it puts every chip in. ``reason``: why, as a key.
    ``opponents``: how many the estimate counts. ``estimate``: what kind of ranges.
    ``outs``: the cards that improve the hand on the next card. ``starting``: before the
    flop, the share of starting hands at least as good as the player's (against that many
    opponents), else None. ``exact``: the equity was enumerated, not sampled. ``hole``,
    ``board``, ``pot``, ``to_call`` and ``street`` describe the spot (``pot`` counts every
    chip in the middle, the bet faced included). ``first_in``: before the flop, nobody has
    called or raised yet (a raise opens, it calls nothing). ``open_share``: then, the share
    of starting hands the hard level opens from this seat, the threshold its decision used
    (None when unknown or short-stacked). ``stack_bb``: when stacks are short enough to
    push or fold, the effective stack in big blinds. ``chart``: before the flop, the
    preflop chart's answer the suggestion follows (``coach.preflop_play``), said instead of
    the price against the chance; None after the flop or where the chart cannot read the
    spot. ``deviation``: the opponent whose read made the suggestion leave the chart's.
    """

    equity: float
    pot_odds: float
    action: ActionName
    amount: int | None
    reason: Reason
    opponents: int
    ranges: tuple[OpponentRange, ...]
    outs: Outs
    hole: tuple[Card, ...]
    board: tuple[Card, ...]
    pot: int
    to_call: int
    street: Street
    all_in: bool = False
    estimate: Estimate = Estimate.SHOWN
    exact: bool = False
    starting: float | None = None
    first_in: bool = False
    open_share: float | None = None
    stack_bb: float | None = None
    chart: PreflopHint | None = None
    deviation: FarRead | None = None

    @property
    def kind(self) -> Kind:
        """The kind of reason the suggestion rests on: an open with less than an even
        share of the pot against the players behind is a steal (fold equity)."""
        if self.reason is Reason.OPEN and self.equity < 1.0 / (self.opponents + 1):
            return Kind.FOLD_EQUITY
        return KINDS[self.reason]

    @property
    def made(self) -> HandValue | None:
        """The best five the player holds now (None before the flop)."""
        if len(self.board) < 3:
            return None
        return best_hand(self.hole, self.board)[0]

    def as_action(self) -> Action:
        """The suggestion as an engine action."""
        kind = ActionKind(self.action)
        return Action(kind, self.amount) if self.amount is not None else Action(kind)


# -- the hard bot that advises ------------------------------------------------------------

RangeKey = tuple[tuple[Combo, ...], ...]


def range_key(ranges: Sequence[Sequence[Combo]]) -> RangeKey:
    """The same key for the same ranges in any order."""
    return tuple(sorted(tuple(r) for r in ranges))


class AdvisingBot(HardBot):
    """The hard level, told the equity the coach already measured: when it asks for its
    share against exactly those ranges it gets that number, so what the player hears and
    what the decision used agree. Plays the hard level's first personality, as
    ``make_bot("hard")`` does."""

    def __init__(self, rng: random.Random, model: OpponentModel) -> None:
        super().__init__(rng, LEVEL_STYLES["hard"][0])
        self.model = model
        self.known: dict[RangeKey, float] = {}

    def _equity(self, view: PlayerView, ranges: list[list[Combo]], cap: int) -> float:
        known = self.known.get(range_key(ranges)) if ranges else None
        return known if known is not None else super()._equity(view, ranges, cap)


class Coach:
    """Advice for one seat's decisions, game after game: keep one per player and feed its
    ``model`` every public event (``model.observe``) so its reads grow as the hard bot's do.
    The range cache lives across calls, so later advice in a hand is cheaper."""

    def __init__(
        self,
        rng: random.Random,
        model: OpponentModel | None = None,
        deals: int = COACH_DEALS,
    ) -> None:
        self.rng = rng
        self.model = model if model is not None else OpponentModel()
        self.deals = deals
        self.bot = AdvisingBot(rng, self.model)

    def advise(self, view: PlayerView, deadline: float | None = None) -> Advice:
        """The advice for ``view`` (the player's turn). ``deadline``: a perf_counter time
        to be done by (the answer is then no longer reproducible)."""
        bot = self.bot
        bot.model.sync(view)
        seats = estimate_seats(view)
        reads = {seat: bot.read(view, seat) for seat in seats}
        estimator = bot.ranges if isinstance(bot.ranges, ActionRanges) else None
        ranges = [bot.range_of(view, seat) for seat in seats]  # as the hard bot reads them
        share_deadline = None
        if deadline is not None:
            now = time.perf_counter()
            share_deadline = now + EQUITY_SHARE * max(deadline - now, 0.0)
        hero, board = ids(view.hole_cards), ids(view.board)
        share = 1.0
        if ranges:
            share = equity(hero, board, ranges, self.rng, self.deals, share_deadline).value
        bot.known = {range_key(ranges): share} if ranges else {}
        entered = entered_seats(view)
        if ranges and entered != seats:
            # the hard bot measures a raise against those who entered; the coach counts
            # the players still to act too: its decision uses the number the player hears
            bot.known[range_key([ranges[seats.index(s)] for s in entered])] = share
        chart = chart_hint(view)  # before the flop: one rule by seat and depth, as ``hint``
        bot.time_budget = None
        if deadline is not None:
            bot.time_budget = max(deadline - time.perf_counter(), MIN_BUDGET)
        deviation = None
        values = None
        try:
            action = bot.decide(view)
            if chart is None and action.kind in AGGRESSIVE:
                action = self._bluff_checked(view, action, share, deadline)
            if view.street is not Street.PREFLOP:  # as K twice values it (``values_at``)
                opponents = opponents_of(bot, view)
                values = option_values(
                    view, opponents, share, spot_rng(view), extra=(action,), deadline=deadline
                )
                action = agreed(view, action, share, values)
            if chart is not None:
                follows = chart_action(chart, view.legal)
                known = {s: r for s, r in reads.items() if bot.model.of(s).hands >= READ_HANDS}
                deviation = leaves_chart(chart, follows, action, far_read(known))
                action = follows if deviation is None else action
        finally:
            bot.known = {}
        described = tuple(
            describe_range(view, seat, estimator.read_range(view, seat, reads[seat]))
            if estimator is not None
            else describe_window(view, seat, combos)
            for seat, combos in zip(seats, ranges, strict=True)
        )
        estimate = Estimate.RANDOM if all(r.is_any for r in described) else Estimate.SHOWN
        opens = None
        if chart is not None and chart.spot.facing == "none":
            opens = chart.raise_share  # what the chart opens (or raises over calls) here
        elif nobody_in(view) and effective_bb(view) > SHORT_STACK_BB:
            opens = bot.open_share(view, len(view.behind()))  # what its decision used
        return build_advice(
            view,
            action,
            share,
            described,
            estimate,
            open_share=opens,
            chart=chart,
            deviation=deviation,
            values=values,
        )

    def _bluff_checked(
        self, view: PlayerView, action: Action, share: float, deadline: float | None
    ) -> Action:
        """``action``, unless it is a bluff the values do not back (``bluff_backed``),
        valued here with the coach's ranges (``bet_value``, from the spot's own generator
        so asking changes nothing the review says)."""
        if not is_bluff(view, action, share):
            return action
        opponents = opponents_of(self.bot, view)
        bet, _ = bet_value(view, opponents, action, spot_rng(view), BLUFF_DEALS, deadline)
        return bluff_backed(view, action, share, bet)


def is_bluff(view: PlayerView, action: Action, share: float) -> bool:
    """``action`` is a bet or raise for a bluff or for pressure: it wins too rarely to be
    for value, and with no draw to make it a semi-bluff."""
    if action.kind not in AGGRESSIVE:
        return False
    legal = view.legal
    price = legal.pot_odds
    draw = draw_strength(ids(view.hole_cards), ids(view.board))
    return reason_for(view, action, share, price, draw) in (Reason.BLUFF, Reason.PRESSURE)


def bluff_backed(view: PlayerView, action: Action, share: float, bet: float) -> Action:
    """The bluff ``action`` when its value ``bet`` (in chips, as the values on the second
    press count it) is clearly more than checking, or than the best of calling and
    folding (by ``BLUFF_MARGIN`` of the pot: a bluff worth about nothing is not one to
    suggest); else that passive play. The suggestion and the values then never disagree
    on a bluff ("bet: they fold often enough" said first, "check: best" second)."""
    legal = view.legal
    passive = passive_value(view, share)  # the check's, or the call's
    if bet - BLUFF_MARGIN * legal.pot > max(passive, 0.0):
        return action
    if legal.can_check:
        return Action.check()
    return Action.call() if passive > 0.0 else Action.fold()


def agreed(view: PlayerView, action: Action, share: float, values: OptionValues) -> Action:
    """``action``, or the option ``values`` rate best when they grade ``action`` an
    inaccuracy or worse (``OptionValues.agreed``; a bluff among them still has to be backed,
    ``bluff_backed``): the first answer and the second press's values then agree within
    "correct". A bet into the last street's raiser, still to act, is checked when the
    values grade the check best or correct (it bets into a check often). A fold the price
    pays for is never the answer when the values rate the call
    above it ("fold: the chance and the price are about even" beside "Call: best")."""
    legal = view.legal
    if action.kind is ActionKind.BET and checked_to_raiser(view):
        check = values.of(Action.check())
        if check is not None and values.grade(check) in AGREES:
            return Action.check()  # a lead into the raiser only when clearly better
    if action.kind is ActionKind.FOLD and legal.to_call > 0:
        call = values.of(Action.call())
        price = legal.pot_odds
        agrees = call is not None and call.value > 0.0 and values.grade(call) in AGREES
        if agrees and share >= price:
            return Action.call()
    better = values.agreed(action)
    chosen = values.of(better)
    if better == action or chosen is None or not is_bluff(view, better, share):
        return better
    return bluff_backed(view, better, share, chosen.value)


def advise(
    view: PlayerView,
    model: OpponentModel | None,
    rng: random.Random,
    deadline: float | None = None,
) -> Advice:
    """The coach's advice for ``view``, with the hard bot's reads of ``model`` (None: learn
    from this hand's history only). Reproducible for a seeded ``rng`` without a deadline."""
    return Coach(rng, model).advise(view, deadline)


def build_advice(
    view: PlayerView,
    action: Action,
    share: float,
    ranges: tuple[OpponentRange, ...],
    estimate: Estimate,
    exact: bool = False,
    open_share: float | None = None,
    chart: PreflopHint | None = None,
    deviation: FarRead | None = None,
    values: OptionValues | None = None,
) -> Advice:
    """Put the numbers, the decision and its reason together. ``open_share``: first in
    before the flop, the share of hands the decision opens from this seat; ``chart``: the
    preflop chart's answer the decision follows; ``values``: every option's value, when
    known (a bet is for value only when it is ahead of the hands that call it)."""
    legal = view.legal
    price = legal.pot_odds
    draw = draw_strength(ids(view.hole_cards), ids(view.board))
    all_in = (action.kind is ActionKind.CALL and legal.call_is_all_in) or (
        action.to is not None and action.to >= legal.max_raise_to
    )
    starting = None
    if view.street is Street.PREFLOP and len(view.hole_cards) == 2:
        name = hand_class(*ids(view.hole_cards))
        starting = preflop_table().percentile(name, max(len(ranges), 1))
    reason = reason_for(view, action, share, price, draw)
    if reason in (Reason.PRICE_RIGHT, Reason.PRICE_TOO_HIGH) and said_even(share, price):
        reason = Reason.CLOSE  # "need 38, win 38": never "below the price" with equal numbers
    chosen = values.of(action) if values is not None else None
    if reason in (Reason.AHEAD, Reason.FIELD_SHARE) and chosen is not None and chosen.bluff:
        # ahead of their range, behind the hands that call: worse hands do not pay, they
        # fold; what the bet wins is protection (ace high betting into a flop caller)
        reason = Reason.PRESSURE
    stack = effective_bb(view)
    short = view.street is Street.PREFLOP and stack <= SHORT_STACK_BB
    return Advice(
        equity=share,
        pot_odds=price,
        action=ACTION_NAMES[action.kind],
        amount=action.to if action.kind in AGGRESSIVE else None,
        reason=reason,
        opponents=len(ranges),
        ranges=ranges,
        outs=outs_of(view.hole_cards, view.board),
        hole=view.hole_cards,
        board=view.board,
        pot=legal.pot,
        to_call=legal.to_call,
        street=view.street,
        all_in=all_in,
        estimate=estimate,
        exact=exact,
        starting=starting,
        first_in=view.street is Street.PREFLOP and nobody_in(view),
        open_share=open_share,
        stack_bb=stack if short else None,
        chart=chart,
        deviation=deviation,
    )


def said_percent(share: float) -> int:
    """A share as the whole percentage the coach says."""
    return round(100 * share)


def said_even(share: float, price: float) -> bool:
    """The chance and the price sound the same when said (the price said as 1 to 99)."""
    return said_percent(share) == min(max(said_percent(price), 1), 99)


def nobody_in(view: PlayerView) -> bool:
    """Before the flop, nobody has called or raised yet (only folds after the blinds)."""
    return all(a.kind is ActionKind.FOLD for a in view.actions(Street.PREFLOP))


def estimate_seats(view: PlayerView) -> tuple[int, ...]:
    """The opponents the chance is measured against: every opponent still in the hand,
    those yet to act included (after a raise they hold what goes on against it)."""
    return view.opponents


def entered_seats(view: PlayerView) -> tuple[int, ...]:
    """Before the flop once someone has raised, the opponents who have put chips in (those
    the hard bot measures a raise against); otherwise every opponent still in the hand."""
    preflop = view.actions(Street.PREFLOP)
    if view.street is Street.PREFLOP and any(a.kind in AGGRESSIVE for a in preflop):
        return tuple(s for s in view.opponents if any(a.seat == s for a in preflop))
    return view.opponents


# -- reasons -------------------------------------------------------------------------------


AHEAD_OF_MOST: Final = 0.5  # "ahead of most of their hands" only above one half
RAISER_CHECK: Final = 0.25  # a pair this likely to win checks to the raiser to answer its bet
SHOWDOWN_PAIR: Final = 0.15  # a pair of the player's own this likely to win checks to show down


def ahead_at(opponents: int) -> float:
    """The equity at which a bet or raise is for value: above one half heads-up, well
    above an even share of the pot multiway."""
    return min(0.55, 1.3 / (opponents + 1))


def value_reason(share: float, count: int) -> Reason | None:
    """A value bet's reason against ``count`` opponents: ahead of most of their hands
    only above one half against the field; below that more than an even share of the pot
    (multiway); else None (not a value bet in words)."""
    if share > AHEAD_OF_MOST:
        return Reason.AHEAD
    return Reason.FIELD_SHARE if share > 1.0 / (count + 1) else None


def reason_for(view: PlayerView, action: Action, share: float, price: float, draw: int) -> Reason:
    """Why ``action`` is right here, from the numbers the decision rests on."""
    kind = action.kind
    count = max(len(estimate_seats(view)), 1)  # the players the equity was measured against
    if view.street is Street.PREFLOP:
        return _preflop_reason(view, kind, share, price, count)
    drawing = draw > 0 and view.street is not Street.RIVER
    if kind is ActionKind.CHECK:
        if share >= max(TRAP_AT, ahead_at(count)):
            return Reason.TRAP
        made = own_pair(view.hole_cards, view.board)
        if made and checked_to_raiser(view) and share >= RAISER_CHECK:
            return Reason.CHECK_TO_RAISER  # a made hand: its showdown value is the kind
        showdown = made and share >= SHOWDOWN_PAIR
        if share >= 0.7 / (count + 1) or showdown:  # never checked for want of folds
            return Reason.CHECK_SHOWDOWN
        return Reason.CHECK_WEAK
    if kind is ActionKind.FOLD:
        return Reason.PRICE_TOO_HIGH if share < price else Reason.CLOSE
    if kind is ActionKind.CALL:
        if share >= price:
            return Reason.PRICE_RIGHT
        return Reason.DRAW_PRICE if drawing else Reason.CLOSE
    value = value_reason(share, count) if share >= ahead_at(count) else None
    if value is not None:
        return value
    if drawing:
        return Reason.SEMI_BLUFF
    return Reason.PRESSURE if share >= 0.7 / (count + 1) else Reason.BLUFF


def _preflop_reason(
    view: PlayerView, kind: ActionKind, share: float, price: float, count: int
) -> Reason:
    raised = any(a.kind in AGGRESSIVE for a in view.actions(Street.PREFLOP))
    if kind is ActionKind.CHECK:
        return Reason.FREE_LOOK
    if effective_bb(view) <= SHORT_STACK_BB:  # the hard bot pushes or folds
        mine = view.stacks[view.seat] + view.committed[view.seat]
        mine_short = mine / view.big_blind <= SHORT_STACK_BB  # else theirs are
        if kind is ActionKind.FOLD:
            if raised and share < price:
                return Reason.PRICE_TOO_HIGH
            return Reason.SHORT_FOLD if mine_short else Reason.SHORT_FOLD_THEM
        if kind in AGGRESSIVE and raised:
            return Reason.RESHOVE  # a shove is not a call: its price is not its reason
        if raised and share >= price:
            return Reason.PRICE_RIGHT
        if kind is not ActionKind.CALL or view.legal.call_is_all_in:
            return Reason.SHOVE if mine_short else Reason.SHOVE_THEM
        return Reason.CLOSE if raised else Reason.CHEAP_LOOK  # a call that is not all in
    if not raised:
        if kind is ActionKind.FOLD:
            return Reason.TOO_WEAK
        return Reason.CHEAP_LOOK if kind is ActionKind.CALL else Reason.OPEN
    if kind is ActionKind.FOLD:
        return Reason.PRICE_TOO_HIGH if share < price else Reason.CLOSE
    if kind is ActionKind.CALL:
        return Reason.PRICE_RIGHT if share >= price else Reason.CHEAP_LOOK
    value = value_reason(share, count) if share >= ahead_at(count) else None
    return value if value is not None else Reason.BLUFF
