"""The keys of a room's spectator (``audiopoker connect``, W in the lobby): the table is
heard as anyone at it hears it; Q, then Q again, stops watching and goes back to the lobby;
H says so; any other key says what watching is and how to stop. Control+C stops too."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from audiopoker.net.net_text import NetText
from audiopoker.output.message import Message


@dataclass
class WatchKeys:
    """``say`` reaches the router; ``done`` ends the key loop (the player stops watching)."""

    text: NetText
    say: Callable[[Message], object]
    done: Callable[[], None]
    quitting: bool = False
    left: bool = False

    def key(self, name: str) -> None:
        """One key press."""
        if name == "q":
            if self.quitting:
                self.left = True
                self.done()
                return
            self.quitting = True
            self.say(Message("answer", self.text.say("watch.quit_ask"), interrupt=True))
            return
        self.quitting = False
        self.say(Message("answer", self.text.say("watch.keys"), interrupt=True))
