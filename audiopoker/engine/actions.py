"""What a seat may do, and what it asks to do."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from audiopoker.errors import ErrorReason


class ActionKind(enum.Enum):
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"  # opens the betting of a round
    RAISE = "raise"  # raises an existing bet (the blinds count as a bet preflop)


class Street(enum.IntEnum):
    PREFLOP = 0
    FLOP = 1
    TURN = 2
    RIVER = 3


@dataclass(frozen=True, slots=True)
class Action:
    """A request from a seat. ``to`` is the raise-to total for BET and RAISE, None otherwise.

    Raises are stated as totals for the street ("raise to 300"), never as increments.
    """

    kind: ActionKind
    to: int | None = None

    @classmethod
    def fold(cls) -> Action:
        return cls(ActionKind.FOLD)

    @classmethod
    def check(cls) -> Action:
        return cls(ActionKind.CHECK)

    @classmethod
    def call(cls) -> Action:
        return cls(ActionKind.CALL)

    @classmethod
    def bet(cls, to: int) -> Action:
        return cls(ActionKind.BET, to)

    @classmethod
    def raise_to(cls, to: int) -> Action:
        return cls(ActionKind.RAISE, to)


@dataclass(frozen=True, slots=True)
class LegalActions:
    """Everything the seat to act may do, with the amounts. The UI and bots read this;
    they never work the rules out themselves.

    - ``to_call``: chips the seat must add to call (0 when a check is free). When the seat
      has fewer chips than that, ``to_call`` is its whole stack and ``call_is_all_in`` is set.
    - ``raise_kind``: BET when nobody has bet this round, RAISE otherwise; None when the seat
      may not bet or raise (short all-in did not reopen, no chips beyond the call, or every
      opponent is all-in).
    - ``min_raise_to`` / ``max_raise_to``: street totals; ``max_raise_to`` is the all-in
      total. When the stack cannot reach a full raise, both equal the all-in total.
    - ``raise_block``: why ``raise_kind`` is None (the engine's reason: the short all-in did
      not reopen the betting, every opponent is all in, calling takes every chip), for
      narration to say; None when the seat may raise. Not part of equality.
    """

    seat: int
    can_check: bool
    to_call: int
    call_is_all_in: bool
    raise_kind: ActionKind | None
    min_raise_to: int
    max_raise_to: int
    stack: int  # chips behind, before this action
    committed: int  # chips already in front of the seat this street
    pot: int  # every chip in the middle and in front of the players
    raise_block: ErrorReason | None = field(default=None, compare=False)

    @property
    def can_call(self) -> bool:
        return self.to_call > 0

    @property
    def pot_odds(self) -> float:
        """The share of the pot after a call that the call costs (what a call needs to
        win to break even); 0 when a check is free."""
        return self.to_call / (self.pot + self.to_call) if self.to_call > 0 else 0.0

    @property
    def can_raise(self) -> bool:
        return self.raise_kind is not None

    def all_in(self) -> Action | None:
        """The action that puts every chip in, or None when the rules forbid it here
        (raising is closed and a call does not take the whole stack)."""
        if self.raise_kind is not None and self.max_raise_to > self.committed + self.to_call:
            return Action(self.raise_kind, self.max_raise_to)
        if self.call_is_all_in:
            return Action.call()
        return None
