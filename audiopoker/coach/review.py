"""The hand review: what each of the player's decisions was worth against the coach's.

At each decision the coach's advice is taken (the same ``Advice`` the coach key says), and
both the player's action and the coach's suggestion are valued with the hard level's
one-street model, in chips:

- fold: 0; check: equity x pot; call: equity x (pot + to call) - to call;
- bet or raise: ``HardBot.bet_value``: the opponents fold as often as they have folded to
  bets (before the flop: to raises; after betting or raising after the flop in the same
  hand: to bets then) and call with the top of their ranges, which the player then faces:
  folds x pot + (1 - folds) x (equity against the callers x final pot - the chips added).

``equity`` is the advice's (the number the player hears), ``pot`` counts every chip in the
middle, the bet faced included. The bot given is the coach's (``Coach.bot``), so the
opponents' ranges a bet is valued against are the ones the coach key describes, read from
the action (``coach.action_ranges``: capped checks, polarised bets, calls that keep the
middle, players still to act counted), not the hard level's own. A decision is costly when the coach's choice is worth more
than ``threshold`` big blinds above the player's (``REVIEW_THRESHOLD_BB`` by default).
Values are computed at the moment of the decision, with the coach's reads as they were,
so a review is reproducible for a seeded coach.

>>> from audiopoker.cards import parse_cards
>>> from audiopoker.coach.spot import advise_spot
>>> from audiopoker.engine.actions import Action
>>> advice = advise_spot(parse_cards("7c 2d"), parse_cards("Ah Kh Qh 9s"), 120, 80, 2)
>>> round(call_value(advice.equity, advice.pot, advice.to_call))
-51
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from audiopoker.bots.hard import HardBot
from audiopoker.coach.advice import Advice
from audiopoker.engine.actions import Action, ActionKind
from audiopoker.engine.view import PlayerView

REVIEW_THRESHOLD_BB: Final = 2.0  # big blinds of expected value a decision may cost unsaid


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
    chip in. ``taken`` and ``suggested``: what the player's action and the coach's
    suggestion were worth, in chips. ``big_blind``: the blind at that hand."""

    advice: Advice
    action: Action
    all_in: bool
    taken: float
    suggested: float
    big_blind: int

    @property
    def cost(self) -> float:
        """Big blinds the player's choice gave up against the coach's (0 when it did
        at least as well)."""
        return max(self.suggested - self.taken, 0.0) / max(self.big_blind, 1)

    def costly(self, threshold: float = REVIEW_THRESHOLD_BB) -> bool:
        """True when the choice cost more than ``threshold`` big blinds."""
        return self.cost > threshold


def review_decision(
    bot: HardBot, view: PlayerView, advice: Advice, action: Action, all_in: bool = False
) -> Decision:
    """Value the player's ``action`` and the coach's ``advice`` at ``view`` (the view the
    player acted on). The same action is valued once, so it costs nothing."""
    suggested = advice.as_action()
    taken = action_value(bot, view, action, advice.equity)
    same = action.kind is suggested.kind and (action.to or 0) == (suggested.to or 0)
    worth = taken if same else action_value(bot, view, suggested, advice.equity)
    return Decision(advice, action, all_in, taken, worth, view.big_blind)


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
