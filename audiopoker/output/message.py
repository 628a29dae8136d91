"""The unit of output: one message, with its kind and how urgently it must be heard."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Verbosity(enum.IntEnum):
    BRIEF = 0
    NORMAL = 1
    VERBOSE = 2


@dataclass(frozen=True, slots=True)
class Message:
    """One thing to tell the player.

    ``kind`` is a snake_case name (the event kind such as ``action_taken``, or ``your_turn``,
    ``answer``, ``error``, ``help``); it goes into the transcript. ``interrupt`` is True for
    answers to query keys: they cut off current speech and are spoken at once; game events
    queue (``interrupt`` False). ``braille`` is an optional shorter form for the braille
    display; the full ``text`` is used when it is None.
    """

    kind: str
    text: str
    interrupt: bool = False
    braille: str | None = None

    @property
    def braille_text(self) -> str:
        return self.braille if self.braille is not None else self.text
