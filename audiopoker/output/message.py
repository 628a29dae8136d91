"""The unit of output: one message, with its kind and how urgently it must be heard."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Verbosity(enum.IntEnum):
    """How much the player wants to hear: narration picks its sentences by it, and the router
    drops messages whose ``min_verbosity`` is above the player's setting."""

    BRIEF = 0
    NORMAL = 1
    VERBOSE = 2


@dataclass(frozen=True, slots=True)
class Message:
    """One thing to tell the player.

    ``kind`` is a snake_case name (the event kind such as ``action_taken``, or ``your_turn``,
    ``answer``, ``error``, ``help``); it goes into the transcript. ``interrupt`` is True for
    answers to query keys: they cut off current speech (a table message cut off is said
    again, whole, after the answers) and are spoken at once. ``answer`` marks the rest of a
    several-message answer: it follows the answer before it, ahead of the table messages.
    Table messages (neither) are spoken one at a time, each to its end. ``braille`` is an
    optional shorter form for the braille display; the full ``text`` is used when it is
    None. ``min_verbosity`` is the lowest verbosity setting at which the message is
    delivered at all (default: always).
    """

    kind: str
    text: str
    interrupt: bool = False
    braille: str | None = None
    min_verbosity: Verbosity = Verbosity.BRIEF
    answer: bool = False

    @property
    def is_answer(self) -> bool:
        """True for an answer to a key (its first message interrupts), False for the table."""
        return self.interrupt or self.answer

    @property
    def braille_text(self) -> str:
        return self.braille if self.braille is not None else self.text
