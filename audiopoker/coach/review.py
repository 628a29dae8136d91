"""The hand review: what each of the player's decisions was worth, graded against the best.

At each decision the coach's advice is taken (the same ``Advice`` the coach key says),
and every option is valued (``coach.option_values``): fold, check or call, bets and raises
of a third, two thirds and the whole pot, all in, the player's own size and the coach's.
A bet meets the range that goes on against its size (``1 / (1 + size)`` of each
opponent's range, tightening as it grows, never less than a bettor's value hands), so
an overbet is valued against the hands that call it, and a line that leaves chips behind
is credited with what it wins on the streets left (``option_values.later``), so deep a
shove loses to a bet of about a pot; a check keeps its showdown value and is never a
mistake for want of a bluff. The opponents' ranges are the coach's
(``Coach.bot``'s ``bots.action_ranges``: capped checks, polarised bets, calls that keep
the middle, players still to act counted); before the flop bets keep the hard level's
own one-street model (``HardBot.bet_value``), since the charts decide there.

``equity`` is the advice's (the number the player hears), ``pot`` counts every chip in the
middle, the bet faced included. A decision's ``cost`` is what its action gives up against
the best option (for a check, the best that is not a bluff), its ``grade`` that loss
graded (``option_values.grade``); it is costly when it cost more than ``threshold`` big
blinds (``REVIEW_THRESHOLD_BB`` by default). Values are computed at the moment of the
decision, with the coach's reads as they were, so a review is reproducible for a seeded
coach (without a time budget).

>>> from audiopoker.cards import parse_cards
>>> from audiopoker.coach.spot import advise_spot
>>> from audiopoker.engine.actions import Action
>>> advice = advise_spot(parse_cards("7c 2d"), parse_cards("Ah Kh Qh 9s"), 120, 80, 2)
>>> round(call_value(advice.equity, advice.pot, advice.to_call))
-51
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from audiopoker.bots.hard import HardBot
from audiopoker.coach.advice import Advice
from audiopoker.coach.opponents import opponents_of
from audiopoker.coach.option_values import Grade, OptionValues, option_values
from audiopoker.engine.actions import Action, ActionKind, Street
from audiopoker.engine.view import PlayerView

REVIEW_THRESHOLD_BB: Final = 2.0  # big blinds of expected value a decision may cost unsaid
REVIEW_BUDGET: Final = 0.15  # seconds for the values when the coach has a time budget


def call_value(equity: float, pot: int, to_call: int) -> float:
    """The chips a call wins on average, one street ahead: the share of the final pot
    less the chips put in."""
    return equity * (pot + to_call) - to_call


def action_value(bot: HardBot, view: PlayerView, action: Action, equity: float) -> float:
    """What ``action`` is worth in chips at ``view``, one street ahead (see the module
    docstring); ``bot`` values bets and raises with its reads of the opponents."""
    legal = view.legal
    if action.kind is ActionKind.FOLD:
        return 0.0
    if action.kind is ActionKind.CHECK:
        return equity * legal.pot
    if action.kind is ActionKind.CALL:
        return call_value(equity, legal.pot, legal.to_call)
    return bot.bet_value(view, action)


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the player. ``advice``: the coach's, at that moment. ``action``:
    what the player did (a bet or raise as its street total); ``all_in`` when it put every
    chip in. ``taken``: what the player's action was worth, in chips; ``suggested``: what
    it is measured against (the best option's value; for a check the best that is not a
    bluff). ``big_blind``: the blind at that hand. ``values``: every option valued (None
    for a decision built by hand)."""

    advice: Advice
    action: Action
    all_in: bool
    taken: float
    suggested: float
    big_blind: int
    values: OptionValues | None = None

    @property
    def graded(self) -> bool:
        """Whether the choice was measured against every option (see ``review_decision``:
        not before the flop)."""
        return self.values is not None

    @property
    def cost(self) -> float:
        """Big blinds the player's choice gave up against the best option (0 when it did
        at least as well)."""
        return max(self.suggested - self.taken, 0.0) / max(self.big_blind, 1)

    def costly(self, threshold: float = REVIEW_THRESHOLD_BB) -> bool:
        """True when the choice cost more than ``threshold`` big blinds."""
        return self.cost > threshold

    @property
    def grade(self) -> Grade | None:
        """The player's choice graded against the best option (None without values)."""
        if self.values is None:
            return None
        taken = self.values.of(self.action)
        return self.values.grade(taken) if taken is not None else None


def values_at(
    bot: HardBot,
    view: PlayerView,
    advice: Advice,
    extra: Sequence[Action] = (),
    rng: random.Random | None = None,
) -> OptionValues:
    """Every option at ``view`` valued with the coach's ranges, ``extra`` actions and the
    coach's suggestion among them; drawn from ``rng`` (the bot's by default). With a time
    budget on ``bot`` the values take at most ``REVIEW_BUDGET``."""
    deadline = None if bot.time_budget is None else time.perf_counter() + REVIEW_BUDGET
    return option_values(
        view,
        opponents_of(bot, view),
        advice.equity,
        rng if rng is not None else bot.rng,
        extra=(*extra, advice.as_action()),
        bet_model=lambda bet: bot.bet_value(view, bet),
        deadline=deadline,
    )


def review_decision(
    bot: HardBot, view: PlayerView, advice: Advice, action: Action, all_in: bool = False
) -> Decision:
    """Value every option at ``view`` (the view the player acted on), the player's
    ``action`` and the coach's suggestion among them (``values_at``), and measure the
    action against the best."""
    if view.street is Street.PREFLOP:
        # One street's values undervalue every call before the flop (a flat call of
        # ace-king would be a blunder): the coach's answer rests on the chart there, and
        # the choice is not measured (it costs nothing, no grade).
        worth = action_value(bot, view, action, advice.equity)
        return Decision(advice, action, all_in, worth, worth, view.big_blind)
    values = values_at(bot, view, advice, (action,))
    taken = values.of(action)
    if taken is None:  # not a legal option here (a bet where the rules allow none)
        worth = action_value(bot, view, action, advice.equity)
        return Decision(advice, action, all_in, worth, values.best.value, view.big_blind, values)
    reference = values.reference(taken)
    return Decision(advice, action, all_in, taken.value, reference, view.big_blind, values)


@dataclass(frozen=True, slots=True)
class HandReview:
    """The player's decisions in one hand, in order, and the threshold that makes one
    worth saying."""

    hand_number: int
    decisions: tuple[Decision, ...]
    threshold: float = REVIEW_THRESHOLD_BB

    @property
    def costly(self) -> tuple[Decision, ...]:
        """The decisions that cost more than the threshold, in order."""
        return tuple(d for d in self.decisions if d.costly(self.threshold))
