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

import base64
import random
import struct
import time
from collections.abc import Callable, Mapping
from typing import Any, Protocol, runtime_checkable

from audiopoker.bots.model import OpponentModel
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

    # Saving a game: what a bot remembers between hands, as JSON-ready values.

    def state(self) -> dict[str, Any]:
        """The bot's memory between hands: its generator and, for bots that model their
        opponents (an OpponentModel in ``model``), what they learnt."""
        saved: dict[str, Any] = {"rng": encode_rng(self.rng)}
        model = getattr(self, "model", None)
        if isinstance(model, OpponentModel):
            saved["model"] = model.state()
        return saved

    def restore(self, saved: Mapping[str, Any]) -> None:
        """Take back a ``state()``, so the bot plays on as if never stopped. Raises
        ValueError for a state it cannot read."""
        if not isinstance(saved, Mapping) or not isinstance(saved.get("rng"), str):
            raise ValueError("a bot state needs its generator")
        decode_rng(saved["rng"], self.rng)
        model = getattr(self, "model", None)
        if isinstance(model, OpponentModel) and "model" in saved:
            model.restore(saved["model"])


_MT_WORDS = 625  # the Mersenne Twister's 624 words and its position


def encode_rng(rng: random.Random) -> str:
    """A ``random.Random``'s whole state as a short text (base64 of its 625 words)."""
    version, words, gauss = rng.getstate()
    if version != 3 or len(words) != _MT_WORDS or gauss is not None:
        # gauss_next is only set between two gauss() calls, which no part of the game makes
        raise ValueError("unexpected random generator state")
    return base64.b64encode(struct.pack(f"<{_MT_WORDS}I", *words)).decode("ascii")


def decode_rng(text: str, rng: random.Random | None = None) -> random.Random:
    """Set ``rng`` (or a new generator) to the state ``encode_rng`` wrote; ValueError for
    a text that is not one."""
    try:
        raw = base64.b64decode(text.encode("ascii"), validate=True)
        words = struct.unpack(f"<{_MT_WORDS}I", raw)
    except (ValueError, struct.error, UnicodeEncodeError) as error:
        raise ValueError(f"not a generator state: {error}") from None
    if words[-1] > _MT_WORDS - 1:
        raise ValueError("not a generator state: position out of range")
    target = rng if rng is not None else random.Random()
    target.setstate((3, words, None))
    return target


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
