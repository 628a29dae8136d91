"""Pre-actions: what the player will do when the turn comes, chosen while others act, so a
player who knows need not wait through the prompt (issue 27, point 1).

Off the player's turn, in a hand they are still in, the betting keys arm instead of saying
"not your turn" (the keys come from the command registry):

- F arms **check or fold**: check when it is free, fold to a bet, whatever the bet.
- C arms **check** when nothing is to call, or **call N**, the price now; a price that
  changes before the turn (someone bets or raises) drops it, and that is said, with the new
  price: the player agreed to N, not to more. C again arms **call any bet**, which no raise
  drops. The key of what is armed, pressed again, cancels it.

What is armed is said at once (an answer), and again when it plays, before the action
itself ("As armed: check or fold." "You fold."), in place of the turn's prompt; T says it.
It lasts one betting round: a round that ends before the turn came drops it, said, and the
hand's end drops it without a word. Nothing bets or raises by itself: R and A never arm.
"""

from __future__ import annotations

import enum
import threading
from collections.abc import Callable
from dataclasses import dataclass

from audiopoker.engine.actions import Action, LegalActions
from audiopoker.engine.events import (
    ActionRequired,
    ActionTaken,
    Event,
    HandEnded,
    HandStarted,
    StreetDealt,
)
from audiopoker.ui.state import TableState
from audiopoker.ui.ui_text import UiText


class PreKind(enum.Enum):
    """What is armed (``ui.pre.name.<value>`` names it)."""

    CHECK_FOLD = "check_fold"
    CALL = "call"  # the price when armed: a check at 0
    CALL_ANY = "call_any"


class PreKey(enum.Enum):
    """The key that arms: C (check or call) or F (fold)."""

    CALL = "check_call"
    FOLD = "fold"


@dataclass(frozen=True, slots=True)
class Armed:
    """A pre-action and the price to call when it was armed."""

    kind: PreKind
    price: int
    all_in: bool = False  # the call takes every chip the player has

    def action(self, legal: LegalActions) -> Action | None:
        """The action it plays on a turn with ``legal``; None when it no longer applies
        (a call armed at another price)."""
        if self.kind is PreKind.CALL and legal.to_call != self.price:
            return None
        if legal.can_check:
            return Action.check()
        return Action.fold() if self.kind is PreKind.CHECK_FOLD else Action.call()


class PreActions:
    """The armed pre-action of seat ``seat`` (a listener after the narration, so what it
    says follows what happened). ``submit`` plays an action on the turn (the controller's:
    the turn's prompt stops being said); ``tell`` sends a table message. Thread-safe:
    keys arm from the key loop, events come from the table's thread."""

    def __init__(
        self,
        seat: int,
        state: TableState,
        text: UiText,
        submit: Callable[[Action], bool],
        tell: Callable[[str], None],
    ) -> None:
        self.seat = seat
        self.state = state
        self.text = text
        self.submit = submit
        self.tell = tell
        self._lock = threading.Lock()
        self._armed: Armed | None = None
        self._claimed: tuple[Armed, Action] | None = None  # taken for the turn that came
        # Told when what is armed may have changed (the large view redraws what it shows).
        self.on_change: Callable[[], None] | None = None

    @property
    def armed(self) -> Armed | None:
        """What is armed now (None: nothing)."""
        return self._armed

    # --- keys -------------------------------------------------------------------------------
    def price(self) -> tuple[int, int] | None:
        """What calling would cost the player now, off their turn, and their stack; None
        when they cannot arm (between hands, folded, all in, out)."""
        snap = self.state.snapshot()
        me = snap.seats[self.seat]
        if not snap.hand_running or not me.in_hand or me.folded or me.all_in or me.out:
            return None
        return max(0, min(snap.highest_bet - me.committed, me.stack)), me.stack

    def press(self, key: PreKey, label: str) -> str | None:
        """C or F off the turn: arm, step up or cancel, and the sentence that says so;
        None when nothing can be armed now (the key says why, as before). ``label``: the
        key's spoken name."""
        now = self.price()
        if now is None:
            return None
        price, stack = now
        with self._lock:
            armed = self._armed
            if key is PreKey.FOLD:
                kind = (
                    None
                    if armed is not None and armed.kind is PreKind.CHECK_FOLD
                    else PreKind.CHECK_FOLD
                )
            elif armed is not None and armed.kind is PreKind.CALL_ANY:
                kind = None
            elif armed is not None and armed.kind is PreKind.CALL:
                kind = PreKind.CALL_ANY
            else:
                kind = PreKind.CALL
            self._armed = None if kind is None else Armed(kind, price, 0 < stack <= price)
            armed = self._armed
        if self.on_change is not None:
            self.on_change()
        if armed is None:
            return self.text._("pre.cancelled")
        more = armed.kind is PreKind.CALL
        return self.text._(
            "pre.armed.more" if more else "pre.armed.cancel", what=self.name(armed), key=label
        )

    def name(self, armed: Armed) -> str:
        """What ``armed`` does, in words ("check or fold", "call 4")."""
        if armed.kind is PreKind.CALL and armed.price == 0:
            return self.text._("pre.name.check")
        if armed.kind is PreKind.CALL and armed.all_in:
            return self.text._("pre.name.call_all_in", amount=self.text.amount(armed.price))
        return self.text._(f"pre.name.{armed.kind.value}", amount=self.text.amount(armed.price))

    def shown(self) -> str | None:
        """For T: what is armed, as a sentence; None when nothing is."""
        armed = self._armed
        return None if armed is None else self.text._("pre.shown", what=self.name(armed))

    # --- the table --------------------------------------------------------------------------
    def claim(self, legal: LegalActions) -> bool:
        """The turn with ``legal`` came: True when what is armed plays it (taken now, so a
        key pressed meanwhile cannot leave the turn without its prompt and unplayed; the
        narration then leaves the prompt out)."""
        with self._lock:
            if self._claimed is None and self._armed is not None:
                action = self._armed.action(legal)
                if action is not None:
                    self._claimed = (self._armed, action)
                    self._armed = None
            return self._claimed is not None

    def on_event(self, event: Event) -> None:
        """Play what is armed on the turn; drop it (said) when the price or the round
        changes; forget it when the hand ends or the player acts."""
        if isinstance(event, HandStarted | HandEnded):
            self._drop()
        elif isinstance(event, ActionRequired) and event.seat == self.seat:
            self._play(event.legal)
        elif isinstance(event, ActionTaken):
            if event.seat == self.seat:
                self._drop()
            else:
                self._repriced()
        elif isinstance(event, StreetDealt):
            armed = self._drop()
            if armed is not None:
                self.tell(self.text._("pre.dropped.round", what=self.name(armed)))
        if self.on_change is not None:
            self.on_change()

    def _drop(self) -> Armed | None:
        with self._lock:
            armed, self._armed, self._claimed = self._armed, None, None
        return armed

    def _repriced(self) -> None:
        armed = self._armed
        if armed is None or armed.kind is not PreKind.CALL:
            return  # the table is read only for a call armed at a price
        now = self.price()
        price = now[0] if now is not None else 0
        with self._lock:
            if self._armed is not armed or price == armed.price:
                return
            self._armed = None
        said = self.text.amount(price)
        self.tell(self.text._("pre.dropped.price", what=self.name(armed), amount=said))

    def _play(self, legal: LegalActions) -> None:
        self.claim(legal)
        with self._lock:
            claimed, self._claimed = self._claimed, None
            unplayed, self._armed = self._armed, None
        if claimed is not None:
            armed, action = claimed
            self.tell(self.text._("pre.applied", what=self.name(armed)))
            self.submit(action)
        elif unplayed is not None:  # a price that changed unseen: the turn is the player's
            said = self.text.amount(legal.to_call)
            line = self.text._("pre.dropped.price", what=self.name(unplayed), amount=said)
            self.tell(line)
