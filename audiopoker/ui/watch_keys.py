"""The keys of a room's spectator (``audiopoker connect``, W in the lobby), and of a player
waiting for a seat at a room's table: the table is heard as anyone at it hears it; Q, then
Q again, stops watching (or waiting) and goes back to the lobby; any other key says what is
happening and how to stop, and does nothing else (a key pressed while waiting is never kept
to act at the table later). Control+C stops too."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from audiopoker.net.net_text import NetText
from audiopoker.output.message import Message

# What any key says, and Q's question, watching and waiting.
WORDS = {
    "watch": ("watch.keys", "watch.quit_ask"),
    "wait": ("wait.keys", "wait.quit_ask"),
}


@dataclass
class WatchKeys:
    """``say`` reaches the router; ``done`` ends the key loop (the player stops watching)."""

    text: NetText
    say: Callable[[Message], object]
    done: Callable[[], None]
    quitting: bool = False
    left: bool = False
    state: str = "watch"  # the words' family: "watch", or "wait" for a seat

    def key(self, name: str) -> None:
        """One key press."""
        if name == "q":
            if self.quitting:
                self.left = True
                self.done()
                return
            self.quitting = True
            self.say(Message("answer", self.text.say(WORDS[self.state][1]), interrupt=True))
            return
        self.quitting = False
        self.say(Message("answer", self.text.say(WORDS[self.state][0]), interrupt=True))
