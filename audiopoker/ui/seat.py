"""The human seat: the conductor's ``act`` waits here for the player's keys.

The seat is also a listener: it learns that it is the player's turn from the engine's
ActionRequired event, at the moment the event is published, so a key pressed right after
"your turn" is heard can never be told "not your turn".
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from audiopoker.engine.actions import Action, LegalActions
from audiopoker.engine.events import ActionRequired, ActionTaken, Event, HandEnded, HandStarted
from audiopoker.engine.view import PlayerView
from audiopoker.errors import PokerError
from audiopoker.game import GameStopped


class HumanSeat:
    """The seat of the person at the keyboard. Thread-safe: the conductor calls ``act``
    from its thread, the key loop calls ``submit`` from another."""

    human = True

    def __init__(
        self,
        seat: int,
        stopping: threading.Event,
        on_refused: Callable[[Action, PokerError], None] | None = None,
    ) -> None:
        self.seat = seat
        self._stopping = stopping
        self._on_refused = on_refused
        self._lock = threading.Condition()
        self._pending: LegalActions | None = None
        self._decision: Action | None = None

    @property
    def pending(self) -> LegalActions | None:
        """The choices while the player must act, None otherwise."""
        return self._pending

    def on_event(self, event: Event) -> None:
        """Note the player's turn as soon as the engine announces it."""
        if isinstance(event, ActionRequired) and event.seat == self.seat:
            with self._lock:
                self._pending = event.legal
                self._decision = None
        elif isinstance(event, HandStarted | HandEnded) or (
            isinstance(event, ActionTaken) and event.seat == self.seat
        ):
            with self._lock:  # the turn is over, whoever applied the action
                self._pending = None
                self._decision = None

    def submit(self, action: Action) -> bool:
        """Hand the player's action to the waiting conductor. False when it is not the
        player's turn (nothing is done)."""
        with self._lock:
            if self._pending is None:
                return False
            self._pending = None
            self._decision = action
            self._lock.notify_all()
            return True

    def wake(self) -> None:
        """Wake a waiting ``act`` so it can see that the game is stopping."""
        with self._lock:
            self._lock.notify_all()

    def act(self, view: PlayerView) -> Action:
        """Block until the player chooses; raise GameStopped if the game stops first."""
        with self._lock:
            if self._decision is None and self._pending is None:
                self._pending = view.legal  # asked again after a refusal
            while self._decision is None:
                if self._stopping.is_set():
                    raise GameStopped
                self._lock.wait(0.25)
            decision, self._decision = self._decision, None
            return decision

    def refused(self, action: Action, error: PokerError) -> None:
        """Tell the player why (the conductor asks again at once)."""
        if self._on_refused is not None:
            self._on_refused(action, error)
