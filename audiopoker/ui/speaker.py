"""What key handlers need of the output router: say a message, stop, walk the history.

The game's controller and the drills both talk to audiopoker.output.router.Router
through this face (the controller's adds more), so tests can stand in a recorder.
"""

from __future__ import annotations

from typing import Protocol

from audiopoker.output.message import Message


class Speaker(Protocol):
    """Sends messages and walks the history (audiopoker.output.router.Router)."""

    def send(self, message: Message, *, remember: bool = True) -> object:
        """Route one message (``remember`` False: not into the history)."""
        ...

    def silence(self) -> None:
        """Stop speech now and drop what waits."""
        ...

    def repeat_last(self) -> object:
        """Say the newest message again."""
        ...

    def history_previous(self) -> object:
        """Say the previous message."""
        ...

    def history_next(self) -> object:
        """Say the next message."""
        ...

    def history_first(self) -> object:
        """Say the oldest message (the game: the start of this hand first)."""
        ...

    def history_last(self) -> object:
        """Say the newest message."""
        ...

    def expire(self, state: str, acted: bool = False) -> None:
        """``state`` ended: cut and drop what was true only in it (Message.true_while), and
        take it back from a braille display that holds it; ``acted``: by the player's
        action key, which is said next, at once."""
        ...
