"""One small hierarchy of errors. Each carries a reason enum and the numbers, never prose
for the player: narration turns (reason, details) into a sentence in the player's language.

Below every layer: cards, the evaluator and the engine share it, so it imports nothing of
audiopoker."""

from __future__ import annotations

import enum
from typing import Any


class ErrorReason(enum.Enum):
    """Why something was refused. Narration has a sentence for each."""

    # cards
    BAD_CARD = "bad_card"
    BAD_RANK = "bad_rank"
    BAD_SUIT = "bad_suit"
    AMBIGUOUS_SUIT = "ambiguous_suit"  # Spanish "c" (corazones) beside English h or s
    DUPLICATE_CARD = "duplicate_card"
    WRONG_CARD_COUNT = "wrong_card_count"
    # turn and hand state
    NOT_YOUR_TURN = "not_your_turn"
    HAND_OVER = "hand_over"
    NO_HAND_IN_PROGRESS = "no_hand_in_progress"
    GAME_OVER = "game_over"
    HAND_IN_PROGRESS = "hand_in_progress"  # finish the current hand first
    # actions
    CANNOT_CHECK = "cannot_check"  # something is owed: call, raise or fold
    NOTHING_TO_CALL = "nothing_to_call"  # check instead
    CANNOT_BET = "cannot_bet"  # a bet is already in: raise instead
    NOTHING_TO_RAISE = "nothing_to_raise"  # no bet yet: bet instead
    RAISE_NOT_REOPENED = "raise_not_reopened"  # a short all-in did not reopen raising
    NO_CHIPS_TO_RAISE = "no_chips_to_raise"  # calling takes every chip
    NO_OPPONENT_CAN_CALL = "no_opponent_can_call"  # everyone else is all-in
    BELOW_MINIMUM = "below_minimum"  # details: minimum, maximum, amount
    ABOVE_MAXIMUM = "above_maximum"  # details: minimum, maximum, amount
    MISSING_AMOUNT = "missing_amount"
    # configuration
    BAD_SETTING = "bad_setting"  # details: name, value, allowed
    NOT_ENOUGH_PLAYERS = "not_enough_players"
    TOO_MANY_PLAYERS = "too_many_players"
    # deck
    DECK_EXHAUSTED = "deck_exhausted"


class PokerError(ValueError):
    """Base of every refusal. ``reason`` says why; ``details`` holds the numbers."""

    def __init__(self, reason: ErrorReason, **details: Any) -> None:
        self.reason = reason
        self.details: dict[str, Any] = details
        shown = ", ".join(f"{key}={value!r}" for key, value in details.items())
        super().__init__(f"{reason.value}" + (f" ({shown})" if shown else ""))


class CardError(PokerError):
    """A card could not be parsed, or appears twice."""


class IllegalActionError(PokerError):
    """The action breaks a betting rule. Nothing changed."""


class NotYourTurnError(IllegalActionError):
    """Another seat is to act. Nothing changed."""


class HandStateError(PokerError):
    """The hand or game is not in a state that accepts this call (over, not started)."""


class ConfigError(PokerError):
    """A table setting is out of range."""
