"""Questions during the game, and the prompt that keeps the player's turn from being lost.

A question guards an action that destroys or risks much: folding when checking is free,
going all in, quitting. It is confirmed by pressing the action's own key again ("Checking is
free. Press F again to fold."), so no "yes" key is needed that might mean something else in
another language (Spanish "S" is also "your chips"). A reflex key (the cancel keys, Escape
and N, or any other betting key) closes the question and changes nothing; then the choices
are said again. Every other key answers as usual and the question keeps waiting.

The controller hands its keys here while a question is open (``key``); T and a cancelled
amount entry come here for the prompt (``turn``, ``repeat_prompt``). The questions see the
controller as a ``QuestionHost``, only what they use of it: the controller imports this
module, and this module nothing of the controller's.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Protocol

from audiopoker.engine.actions import Action, ActionKind, LegalActions
from audiopoker.output.message import YOUR_TURN
from audiopoker.ui.amount import AmountEntry
from audiopoker.ui.answers import Answers, Words
from audiopoker.ui.key_host import KeyHost
from audiopoker.ui.keymap import QUESTION_KEYS, Keymap, Mode, context, meaning


class QuestionHost(KeyHost, Protocol):
    """What the questions use of the controller (``audiopoker.ui.controller``)."""

    mode: Mode  # a question opens CONFIRM and, closing, goes back to the amount or the game

    @property
    def keymap(self) -> Keymap: ...
    @property
    def words(self) -> Words: ...
    @property
    def answers(self) -> Answers: ...
    @property
    def amount(self) -> AmountEntry | None: ...

    def say(
        self, text: str, kind: str = ..., interrupt: bool = ..., *, true_while: str = ...
    ) -> None:
        """Say one answer (as ``Controller.say``)."""
        ...

    def key_label(self, action: str) -> str:
        """The spoken name of the key bound to ``action``."""
        ...

    def submit(self, action: Action) -> bool:
        """Hand the player's action to the seat; False when it is not their turn."""
        ...

    def quit_now(self) -> None:
        """Quit at once."""
        ...


class Ask(enum.Enum):
    """What a question is about: its value is the game action whose key confirms it."""

    FOLD = "fold"
    ALL_IN = "all_in"
    QUIT = "quit"


class Quits(enum.Enum):
    """What Q Q does at this table, which its question says."""

    GAME = "game"  # a local game: it ends (saved, as the farewell says)
    SEAT = "seat"  # a joiner's seat at a network table: a bot plays it from the next hand
    ROOM_SEAT = "room_seat"  # a seat at a room's table: as SEAT, and back to the lobby
    TABLE = "table"  # the host's seat: the network table closes for everyone


class QuestionKeys:
    """The open question, if any, and the all-in warning setting, for one controller.
    ``quits`` and ``saved_at`` are set by whoever knows the table (a network seat's side):
    what Q Q does, and for the host the hand a saved table goes on from (None: not
    saved), read when Q is pressed."""

    def __init__(self, controller: QuestionHost, all_in_warning: bool = True) -> None:
        self.c = controller
        self.asked: Ask | None = None
        self.quits = Quits.GAME
        self.saved_at: Callable[[], int | None] = lambda: None
        # Ask before A goes all in (a preference kept with the saved game).
        self.all_in_warning = all_in_warning
        self.on_change: Callable[[], None] | None = None  # save the preferences (Session)
        self.context = context("question")

    def _(self, key: str, /, **fields: object) -> str:
        return self.c.text.catalog.text("ui." + key, **fields)

    # --- asking -------------------------------------------------------------------------
    def question(self, what: Ask) -> str:
        """The question's words, naming the key that confirms it."""
        key = self.c.key_label(what.value)
        if what is Ask.ALL_IN:
            return self._all_in_question(key)
        if what is Ask.QUIT:
            return self._quit_question(key)
        return self._(f"ask.{what.value}", key=key)

    def _quit_question(self, key: str) -> str:
        """Quitting as it is here: the game, the seat (a bot plays it; how to come back)
        or, for the host, the table for everyone (saved from which hand, or not)."""
        if self.quits is Quits.SEAT:
            return self._("ask.quit.seat", key=key)
        if self.quits is Quits.ROOM_SEAT:
            return self._("ask.quit.room_seat", key=key)
        if self.quits is Quits.TABLE:
            hand = self.saved_at()
            if hand is None:
                return self._("ask.quit.table.unsaved", key=key)
            return self._("ask.quit.table", key=key, hand=hand)
        return self._("ask.quit", key=key)

    def _all_in_question(self, key: str) -> str:
        """'Raise to 32 and be all in?': the one number the action's sentence will say, as
        bets and raises are told (the total raised or bet to; a call's chips added)."""
        legal = self.c.seat.pending if self.c.seat is not None else None
        action = legal.all_in() if legal is not None else None
        if legal is None or action is None:
            return self._("ask.gone")
        if action.kind is ActionKind.CALL:
            return self._("ask.all_in.call", amount=self.c.text.amount(legal.to_call), key=key)
        verb = "bet" if action.kind is ActionKind.BET else "raise"
        return self._(f"ask.all_in.{verb}", amount=self.c.text.amount(action.to or 0), key=key)

    def ask(self, what: Ask) -> None:
        """Open a question; the keys now come to ``key`` first."""
        self.asked = what
        self.c.mode = Mode.CONFIRM
        self.c.say(self.question(what), "question", true_while=self._lasts(what))

    @staticmethod
    def _lasts(what: Ask) -> str:
        """A fold or all-in question is about this turn; quitting is not."""
        return "" if what is Ask.QUIT else YOUR_TURN

    def _close(self) -> Ask | None:
        what, self.asked = self.asked, None
        # Q during a raise amount asks first; the answer goes back to the amount.
        self.c.mode = Mode.AMOUNT if self.c.amount is not None else Mode.GAME
        return what

    def key(self, name: str) -> bool:
        """A key while the question waits. True when it was the question's (confirmed,
        cancelled, or did nothing); False to let the controller answer it as usual."""
        what = self.asked
        if what is None:
            self._close()
            return False
        found = meaning(self.c.keymap, self.context, name)
        if found is None:
            key = self.c.text.key_name(name)
            self.c.say(self.c.text.unknown_key(key, self.c.key_label("help")))
            self.c.say(self.question(what), "question", False, true_while=self._lasts(what))
            return True
        mode, action = found
        if mode is Mode.CONFIRM:
            self.cancel()
        elif action == what.value:
            self.confirm()
        elif action in QUESTION_KEYS:
            self.cancel(name)
        else:
            return False
        return True

    def confirm(self) -> None:
        """The question's own key again: do it."""
        what = self._close()
        if what is Ask.QUIT:
            self.c.quit_now()
            return
        legal = self.c.seat.pending if self.c.seat is not None else None
        action = None
        if legal is not None:
            action = Action.fold() if what is Ask.FOLD else legal.all_in()
        if action is None:
            self.c.say(self._("ask.gone"), "error")
            return
        assert self.c.seat is not None
        if not self.c.submit(action):
            self.c.say(self._("ask.gone"), "error")

    def cancel(self, name: str | None = None) -> None:
        """A cancel key (``name`` None) or another betting key: nothing happens, and the
        player hears so, then the choices again."""
        what = self._close()
        if what is None:
            return
        if name is None:
            self.c.say(self._(f"ask.cancelled.{what.value}"))
        else:
            key = self.c.text.key_name(name)
            self.c.say(self._(f"ask.interrupted.{what.value}", key=key), "error")
        self.repeat_prompt()

    # --- the prompt ---------------------------------------------------------------------
    def prompt(self, legal: LegalActions) -> str:
        """The your-turn prompt as narration says it: to call, the pot and the choices."""
        return self.c.words.your_turn(legal)

    def repeat_prompt(self) -> None:
        """After a cancelled entry or question: the choices again, if it is the player's
        turn and nothing else is open."""
        legal = self.c.seat.pending if self.c.seat is not None else None
        if legal is not None and self.c.mode is Mode.GAME:
            self.c.say(self.prompt(legal), "your_turn", interrupt=False, true_while=YOUR_TURN)

    def turn(self) -> str:
        """T: whose turn; on the player's, the full prompt."""
        legal = self.c.seat.pending if self.c.seat is not None else None
        if legal is not None:
            return self.prompt(legal)
        return self.c.answers.turn(self.c.state.snapshot(), None)

    # --- the setting --------------------------------------------------------------------
    def toggle_all_in_warning(self) -> str:
        """The all-in warning key: on or off, said with what A now does."""
        self.all_in_warning = not self.all_in_warning
        if self.on_change is not None:
            self.on_change()
        key = self.c.key_label("all_in")
        return self._("all_in_warning.on" if self.all_in_warning else "all_in_warning.off", key=key)
