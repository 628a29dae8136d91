"""The raise amount entry (after R): the total being chosen, typed or stepped.

Only the arithmetic of the entry lives here; the controller says each change and checks
the turn is still the player's. The range comes from the engine's LegalActions.

>>> entry = AmountEntry(ActionKind.RAISE, minimum=4, maximum=200, value=4)
>>> entry.type_digit("0"); entry.type_digit("3"); entry.type_digit("0")
>>> entry.digits, entry.value, entry.in_range
('30', 30, True)
>>> entry.step(500); entry.value, entry.digits
(200, '')
"""

from __future__ import annotations

from dataclasses import dataclass

from audiopoker.engine.actions import Action, ActionKind, LegalActions

MAX_AMOUNT_DIGITS = 9


@dataclass
class AmountEntry:
    """The raise amount being chosen. ``digits`` is what was typed ('' when the value came
    from the arrows); ``value`` is the current amount (0: nothing typed)."""

    kind: ActionKind
    minimum: int
    maximum: int
    value: int
    digits: str = ""

    @classmethod
    def open(cls, legal: LegalActions) -> AmountEntry:
        """A new entry for the bet or raise ``legal`` allows, at its minimum."""
        assert legal.raise_kind is not None
        return cls(legal.raise_kind, legal.min_raise_to, legal.max_raise_to, legal.min_raise_to)

    @property
    def in_range(self) -> bool:
        """Whether the amount is one the rules allow."""
        return self.minimum <= self.value <= self.maximum

    @property
    def action(self) -> Action:
        """The bet or raise to the amount."""
        return Action(self.kind, self.value)

    def type_digit(self, digit: str) -> None:
        """Extend the typed total (leading zeros dropped, at most MAX_AMOUNT_DIGITS)."""
        if len(self.digits) < MAX_AMOUNT_DIGITS:
            self.digits = (self.digits + digit).lstrip("0")
        self._from_digits()

    def delete(self) -> None:
        """Drop the last typed digit."""
        self.digits = self.digits[:-1]
        self._from_digits()

    def step(self, change: int) -> None:
        """Move the amount (from the minimum when empty), staying in the legal range."""
        start = self.value if self.value else self.minimum
        self.value = min(max(start + change, self.minimum), self.maximum)
        self.digits = ""

    def to_minimum(self) -> None:
        """The smallest legal amount."""
        self.value, self.digits = self.minimum, ""

    def to_maximum(self) -> None:
        """The largest legal amount (all in)."""
        self.value, self.digits = self.maximum, ""

    def clear(self) -> None:
        """Empty, as if nothing was typed."""
        self.digits, self.value = "", 0

    def _from_digits(self) -> None:
        self.value = int(self.digits) if self.digits else 0
