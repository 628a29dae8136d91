"""Messages die with the state they describe: the turn prompt with the turn, "not your turn:
Beto is to act" with Beto's turn.

A listener beside the narration: when the table moves on, it tells the output router which
states ended (``Message.true_while``), and the router cuts what is being said of them and
drops what waits (the history keeps it). The key loop also ends the player's turn itself the
moment an action key is taken (Controller.submit), before the table even applies it.
"""

from __future__ import annotations

from typing import Protocol

from audiopoker.engine.events import ActionTaken, Event, HandEnded, HandStarted
from audiopoker.output.message import THEIR_TURN, YOUR_TURN


class Expiring(Protocol):
    """The router's face for it (audiopoker.output.router.Router.expire)."""

    def expire(self, state: str) -> None:
        """``state`` ended: cut and drop the messages true only in it."""
        ...


class TurnExpiry:
    """Ends YOUR_TURN when the player's action is applied (by a key, a clock or a host)
    and THEIR_TURN when anyone acts; both when a hand starts or ends."""

    def __init__(self, seat: int | None, output: Expiring) -> None:
        self.seat = seat
        self.output = output

    def on_event(self, event: Event) -> None:
        """Follow the table."""
        if isinstance(event, HandStarted | HandEnded):
            self.output.expire(YOUR_TURN)
            self.output.expire(THEIR_TURN)
        elif isinstance(event, ActionTaken):
            self.output.expire(THEIR_TURN)  # whoever was to act has acted
            if event.seat == self.seat:
                self.output.expire(YOUR_TURN)
