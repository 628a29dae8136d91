"""The idle reminder: on the player's turn, after a while without a key, a short sentence
says that it is still their turn and what it costs ("Still your turn: 2 to call.").

A listener beside the human seat: the engine's ActionRequired for the player starts the
wait, their action (or the hand's end) stops it, and every key starts it again, so a
player who is listening or asking (S, P, U) is never interrupted by it. It repeats at a
long interval (four times the first wait) and at most three times in one silence, so a
player who stepped away does not come back to a history full of reminders. While the
table still speaks, it waits for the table to be quiet. ``seconds`` 0 turns it off.

The clock is injected (``start_timer``): tests fire the timers themselves, never sleep.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Final

from audiopoker.engine.actions import LegalActions
from audiopoker.engine.events import (
    ActionRequired,
    ActionTaken,
    Event,
    GameEnded,
    HandEnded,
    HandStarted,
)
from audiopoker.ui.ui_text import UiText

# Seconds the reminder waits by default (the ``--remind`` option; 0 turns it off).
DEFAULT_REMIND: Final = 30.0
MAX_REMIND: Final = 3600
# After the first reminder, the next comes after this many times the first wait.
REPEAT_FACTOR: Final = 4
# Reminders at most in one silence (a key starts the count again).
MAX_REMINDERS: Final = 3
# Seconds between looks while the table is still speaking when the reminder is due.
BUSY_RETRY: Final = 1.0

Cancel = Callable[[], None]
TimerStart = Callable[[float, Callable[[], None]], Cancel]


def thread_timer(seconds: float, action: Callable[[], None]) -> Cancel:
    """Run ``action`` in ``seconds`` on a daemon timer thread; returns its cancel."""
    timer = threading.Timer(seconds, action)
    timer.name = "audiopoker-reminder"
    timer.daemon = True
    timer.start()
    return timer.cancel


def reminder_text(text: UiText, legal: LegalActions) -> str:
    """The reminder in the player's language: what the turn costs, briefly."""
    if legal.to_call <= 0:
        return text.catalog.text("ui.reminder.free")
    key = "ui.reminder.call_all_in" if legal.call_is_all_in else "ui.reminder.call"
    return text.catalog.text(key, amount=text.amount(legal.to_call))


class Reminder:
    """Reminds the player at ``seat`` of their turn after ``seconds`` without a key.

    ``say`` gets the turn's choices when a reminder is due (it sends the sentence);
    ``busy`` says whether the table is still speaking: a wait that falls due while it
    speaks starts again, whole, once it is quiet (the seconds are of quiet after the
    prompt was heard, not of speech). Thread-safe: events come from the
    game thread, keys from the key loop, reminders from the timer.
    """

    def __init__(
        self,
        seat: int,
        seconds: float,
        say: Callable[[LegalActions], None],
        *,
        busy: Callable[[], bool] = lambda: False,
        start_timer: TimerStart = thread_timer,
    ) -> None:
        self.seat = seat
        self.seconds = seconds
        self._say = say
        self._busy = busy
        self._start_timer = start_timer
        self._lock = threading.Lock()
        self._legal: LegalActions | None = None
        self._cancel: Cancel | None = None
        self._generation = 0  # a timer from an earlier wait finds it changed and does nothing
        self._count = 0
        self._spoke = False  # the table was speaking when the wait was due

    @property
    def on(self) -> bool:
        """False when reminders are turned off (``seconds`` 0)."""
        return self.seconds > 0

    # --- Listener -----------------------------------------------------------------------
    def on_event(self, event: Event) -> None:
        """The player's turn starts the wait; their action or the hand's end stops it."""
        if isinstance(event, ActionRequired) and event.seat == self.seat:
            with self._lock:
                if self.on:
                    self._legal = event.legal
                    self._count = 0
                    self._spoke = False
                    self._arm(self.seconds)
        elif isinstance(event, HandStarted | HandEnded | GameEnded) or (
            isinstance(event, ActionTaken) and event.seat == self.seat
        ):
            self.stop()

    # --- keys ---------------------------------------------------------------------------
    def key_pressed(self) -> None:
        """Any key: the player is here; the wait starts again (on their turn)."""
        with self._lock:
            if self._legal is not None:
                self._count = 0
                self._arm(self.seconds)

    def stop(self) -> None:
        """No reminder until the player's next turn (their turn ended, or the game)."""
        with self._lock:
            self._legal = None
            self._disarm()

    # --- the timer ----------------------------------------------------------------------
    def _disarm(self) -> None:
        self._generation += 1
        if self._cancel is not None:
            self._cancel()
            self._cancel = None

    def _arm(self, delay: float) -> None:
        self._disarm()
        generation = self._generation
        self._cancel = self._start_timer(delay, lambda: self._due(generation))

    def _due(self, generation: int) -> None:
        with self._lock:
            if generation != self._generation or self._legal is None:
                return  # a key, an action or the end came first
            if self._busy():
                self._spoke = True
                self._arm(BUSY_RETRY)
                return
            if self._spoke:  # the wait counts the quiet after the prompt was heard
                self._spoke = False
                self._arm(self.seconds)
                return
            legal = self._legal
            self._count += 1
            if self._count < MAX_REMINDERS:
                self._arm(self.seconds * REPEAT_FACTOR)
            else:
                self._cancel = None
        self._say(legal)
