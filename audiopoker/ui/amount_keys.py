"""The raise amount's keys (after R): digits type the total, Up and Down move it by a big
blind, Page Up and Page Down by half the pot, Home and End to the smallest and largest,
Backspace drops a digit, Enter bets it when it is legal, Escape closes the entry.

Each change is said; a turn that went away meanwhile closes the entry and says so. The
arithmetic is ``AmountEntry``'s; the controller opens the entry (R) and hands these keys
over while it is open (``Mode.AMOUNT``).
"""

from __future__ import annotations

from typing import Protocol

from audiopoker.engine.actions import Action, ActionKind, LegalActions
from audiopoker.output.message import YOUR_TURN
from audiopoker.ui.amount import AmountEntry
from audiopoker.ui.expiry import Expiring
from audiopoker.ui.key_host import KeyHost
from audiopoker.ui.keymap import Mode
from audiopoker.ui.questions import QuestionKeys


class AmountHost(KeyHost, Protocol):
    """What the amount's keys use of the controller."""

    mode: Mode

    @property
    def output(self) -> Expiring: ...

    @property
    def questions(self) -> QuestionKeys: ...

    def say(
        self,
        text: str,
        kind: str = "answer",
        interrupt: bool = True,
        braille: str | None = None,
        true_while: str = "",
    ) -> None: ...

    def key_label(self, action: str, mode: Mode = Mode.GAME) -> str: ...

    def submit(self, action: Action) -> bool: ...


class AmountKeys:
    """The open raise entry (``entry``; None when closed) and its keys."""

    def __init__(self, host: AmountHost) -> None:
        self.host = host
        self.entry: AmountEntry | None = None

    def _labels(self) -> tuple[str, str]:
        host = self.host
        return host.key_label("amount_confirm", Mode.AMOUNT), host.key_label(
            "amount_cancel", Mode.AMOUNT
        )

    def open(self, legal: LegalActions) -> None:
        """R on the player's turn with a raise possible: the entry opens, its range said."""
        host = self.host
        host.output.expire(YOUR_TURN)  # the amount's question says the choice now
        amounts = host.text.amounts
        self.entry = AmountEntry.open(legal, amounts.big_blind if amounts.in_big_blinds else 0)
        host.mode = Mode.AMOUNT
        bet = legal.raise_kind is ActionKind.BET
        confirm, cancel = self._labels()
        opening = host.text.amount_open(
            bet, legal.min_raise_to, legal.max_raise_to, confirm, cancel
        )
        host.say(opening, "question", true_while=YOUR_TURN)

    def say_pending(self) -> None:
        """A betting key while the amount is open: how to bet it or close it."""
        confirm, cancel = self._labels()
        self.host.say(self.host.text.amount_pending(confirm, cancel), "error")

    def _close(self) -> None:
        self.entry = None
        self.host.mode = Mode.GAME

    def _open_entry(self) -> AmountEntry | None:
        """The open entry, closing it if the turn went away meanwhile."""
        seat = self.host.seat
        if self.entry is not None and (seat is None or seat.pending is None):
            self._close()
            self.host.say(self.host.text.amount_turn_gone(), "error")
            return None
        return self.entry

    def _say_value(self, entry: AmountEntry) -> None:
        value = self.host.text.amount_value(entry.value, entry.minimum, entry.maximum)
        self.host.say(value, true_while=YOUR_TURN)

    def digit(self, digit: str) -> None:
        """A digit (or, in big blinds, a decimal mark): extend the typed total; a mark it
        does not take is said and changes nothing."""
        entry = self._open_entry()
        if entry is None:
            return
        if not entry.takes(digit):
            self.host.say(self.host.text.amount_no_mark(bool(entry.big_blind)), "error")
            return
        entry.type_digit(digit)
        self.host.say(self.host.text.amount_typed(entry.digits))

    def delete(self) -> None:
        """Backspace: drop the last typed digit."""
        entry = self._open_entry()
        if entry is not None:
            entry.delete()
            self.host.say(self.host.text.amount_typed(entry.digits))

    def step(self, change: int) -> None:
        """Arrows and Page keys: move the amount, staying in the legal range."""
        entry = self._open_entry()
        if entry is not None:
            entry.step(change)
            self._say_value(entry)

    def move(self, sign: int, by_pot: int = 0) -> None:
        """Up and Down: one big blind more or less; Page Up and Down (``by_pot``): half
        the pot."""
        snap = self.host.state.snapshot()
        big_blind = max(1, snap.big_blind)
        self.step(sign * (max(big_blind, snap.pot // 2) if by_pot else big_blind))

    def minimum(self) -> None:
        """Home: the smallest legal amount."""
        entry = self._open_entry()
        if entry is not None:
            entry.to_minimum()
            self._say_value(entry)

    def maximum(self) -> None:
        """End: the largest (all in)."""
        entry = self._open_entry()
        if entry is not None:
            entry.to_maximum()
            self._say_value(entry)

    def confirm(self) -> None:
        """Enter: bet the amount if it is legal; otherwise say the range and keep asking."""
        entry = self._open_entry()
        if entry is None:
            return
        text = self.host.text
        if entry.value == 0:
            self.host.say(text.amount_empty(entry.minimum, entry.maximum), "error")
            return
        if not entry.in_range:
            _, cancel = self._labels()
            refusal = text.amount_out_of_range(entry.value, entry.minimum, entry.maximum, cancel)
            self.host.say(refusal, "error")
            # Empty again: a second Enter must not bet an amount the player never heard.
            entry.clear()
            return
        self._close()
        if not self.host.submit(entry.action):  # the turn ended as Enter went in
            self.host.say(text.amount_turn_gone(), "error")

    def cancel(self) -> None:
        """Escape: close the entry, bet nothing."""
        self._close()
        self.host.say(self.host.text.amount_cancelled())
        self.host.questions.repeat_prompt()
