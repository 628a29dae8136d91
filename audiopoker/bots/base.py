"""The Bot protocol, and small helpers every bot and conductor shares.

A bot is any object with ``decide(view) -> Action``. The view (audiopoker.engine.view)
holds only what the bot's seat may see. ``decide`` is a plain, blocking function call:
the conductor runs it in an executor so the key loop stays responsive, and a bot keeps
to its time budget by itself (Monte Carlo loops stop at a deadline). Two optional
methods let a bot learn across hands:

- ``new_hand(seat)``: a hand is about to start and the bot sits at ``seat``;
- ``observe(event)``: an event the bot's seat may see (``Event.visible_to(seat)``),
  in order, including other players' actions and shown hands.

Bots always choose among ``view.legal`` (audiopoker.engine.actions.LegalActions); they
never work the rules out themselves.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Protocol, runtime_checkable

from audiopoker.engine.actions import Action, ActionKind, LegalActions
from audiopoker.engine.events import Event
from audiopoker.engine.view import PlayerView


@runtime_checkable
class Bot(Protocol):
    """Anything that picks an action from what its seat may see."""

    def decide(self, view: PlayerView) -> Action:
        """Return one of the actions ``view.legal`` allows. Must not block for long."""
        ...


BotFactory = Callable[[random.Random], Bot]
"""Makes a bot from a seeded random generator (the only randomness it may use)."""


def start_hand(bot: Bot, seat: int) -> None:
    """Tell ``bot`` a hand starts, if it listens (``new_hand`` is optional)."""
    new_hand = getattr(bot, "new_hand", None)
    if callable(new_hand):
        new_hand(seat)


def tell(bot: Bot, seat: int, event: Event) -> None:
    """Pass ``event`` to ``bot.observe`` if the bot listens and its seat may see it."""
    observe = getattr(bot, "observe", None)
    if callable(observe) and event.visible_to(seat):
        observe(event)


class BaseBot:
    """Convenience base: a seeded generator, a time budget and no-op hooks.

    ``time_budget`` (seconds) bounds each decision; None means only the iteration caps
    bound it, which keeps results reproducible for a seed (simulations and tests).
    """

    def __init__(self, rng: random.Random, time_budget: float | None = None) -> None:
        self.rng = rng
        self.time_budget = time_budget

    def deadline(self) -> float | None:
        """The perf_counter time by which the current decision should be done."""
        if self.time_budget is None:
            return None
        return time.perf_counter() + self.time_budget

    def decide(self, view: PlayerView) -> Action:
        """Return one of the actions ``view.legal`` allows (subclasses decide)."""
        raise NotImplementedError

    def new_hand(self, seat: int) -> None:
        """A hand starts; nothing to do by default."""

    def observe(self, event: Event) -> None:
        """An event this seat may see; ignored by default."""


# Choosing legal actions -------------------------------------------------------------


def check_or_fold(legal: LegalActions) -> Action:
    """Check when free, otherwise fold."""
    return Action.check() if legal.can_check else Action.fold()


def check_or_call(legal: LegalActions) -> Action:
    """Check when free, otherwise call (all in if the call takes every chip)."""
    return Action.check() if legal.can_check else Action.call()


def bet_to(legal: LegalActions, to: float) -> Action:
    """Bet or raise to about ``to`` (a street total), clamped to the legal range; an
    all-in when the clamp reaches the stack. Checks or calls when raising is closed."""
    if legal.raise_kind is None:
        return check_or_call(legal)
    amount = min(max(round(to), legal.min_raise_to), legal.max_raise_to)
    return Action(legal.raise_kind, amount)


def pot_fraction_to(legal: LegalActions, fraction: float) -> int:
    """The street total of a bet (or raise) of ``fraction`` of the pot after calling."""
    call_total = legal.committed + legal.to_call
    return round(call_total + fraction * (legal.pot + legal.to_call))


def is_legal(action: Action, legal: LegalActions) -> bool:
    """Whether ``legal`` allows ``action`` (amounts included)."""
    kind = action.kind
    if kind is ActionKind.FOLD:
        return True
    if kind is ActionKind.CHECK:
        return legal.can_check
    if kind is ActionKind.CALL:
        return legal.can_call
    return (
        kind is legal.raise_kind
        and action.to is not None
        and legal.min_raise_to <= action.to <= legal.max_raise_to
    )


def legalize(action: Action, legal: LegalActions) -> Action:
    """``action`` if legal; else the nearest legal one (a last guard for our bots).

    A bet of the wrong kind becomes the legal kind at a clamped amount; a check that
    is not free becomes a fold; a call with nothing to call becomes a check.
    """
    if is_legal(action, legal):
        return action
    if action.kind in (ActionKind.BET, ActionKind.RAISE):
        return bet_to(legal, action.to if action.to is not None else legal.min_raise_to)
    if action.kind is ActionKind.CALL:
        return Action.check()
    return check_or_fold(legal)
