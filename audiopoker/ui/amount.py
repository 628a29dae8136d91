"""The raise amount entry (after R): the total being chosen, typed or stepped.

Only the arithmetic of the entry lives here; the controller says each change and checks
the turn is still the player's. The range comes from the engine's LegalActions.

>>> entry = AmountEntry(ActionKind.RAISE, minimum=4, maximum=200, value=4)
>>> entry.type_digit("0"); entry.type_digit("3"); entry.type_digit("0")
>>> entry.digits, entry.value, entry.in_range
('30', 30, True)
>>> entry.step(500); entry.value, entry.digits
(200, '')

In big blinds (``big_blind`` set) the player types big blinds, with one decimal mark:

>>> entry = AmountEntry(ActionKind.RAISE, minimum=4, maximum=200, value=4, big_blind=2)
>>> for key in "2,5": entry.type_digit(key)
>>> entry.digits, entry.value
('2,5', 5)
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from audiopoker.engine.actions import Action, ActionKind, LegalActions

MAX_AMOUNT_DIGITS = 9
DECIMAL_MARKS = (".", ",")  # typed in big blinds: "2.5" or "2,5"


@dataclass
class AmountEntry:
    """The raise amount being chosen. ``digits`` is what was typed ('' when the value came
    from the arrows); ``value`` is the current amount (0: nothing typed)."""

    kind: ActionKind
    minimum: int
    maximum: int
    value: int
    digits: str = ""
    big_blind: int = 0  # typed in big blinds of this size; 0: typed in chips

    @classmethod
    def open(cls, legal: LegalActions, big_blind: int = 0) -> AmountEntry:
        """A new entry for the bet or raise ``legal`` allows, at its minimum (typed in big
        blinds of ``big_blind`` chips when given)."""
        assert legal.raise_kind is not None
        low, high = legal.min_raise_to, legal.max_raise_to
        return cls(legal.raise_kind, low, high, low, big_blind=big_blind)

    @property
    def in_range(self) -> bool:
        """Whether the amount is one the rules allow."""
        return self.minimum <= self.value <= self.maximum

    @property
    def action(self) -> Action:
        """The bet or raise to the amount."""
        return Action(self.kind, self.value)

    def takes(self, key: str) -> bool:
        """Whether ``key`` types into the amount now: a digit, or in big blinds one decimal
        mark (a second mark, or a mark in chips, is refused and said by the keys)."""
        if key.isdigit():
            return True
        return bool(self.big_blind) and key in DECIMAL_MARKS and not self._has_mark

    @property
    def _has_mark(self) -> bool:
        return any(mark in self.digits for mark in DECIMAL_MARKS)

    def type_digit(self, digit: str) -> None:
        """Extend the typed total (leading zeros dropped, at most MAX_AMOUNT_DIGITS); a
        key it does not take (``takes``) changes nothing."""
        if not self.takes(digit):
            return
        if len(self.digits) < MAX_AMOUNT_DIGITS:
            typed = self.digits + digit
            if digit in DECIMAL_MARKS and not self.digits:
                typed = "0" + digit
            self.digits = typed if self._has_mark or digit in DECIMAL_MARKS else typed.lstrip("0")
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
        if not self.digits:
            self.value = 0
        elif not self.big_blind:
            self.value = int(self.digits)
        else:  # big blinds to whole chips, halves rounded up (a Decimal: no float error)
            typed = Decimal(self.digits.replace(",", ".").rstrip(".") or "0")
            self.value = int((typed * self.big_blind).to_integral_value("ROUND_HALF_UP"))
