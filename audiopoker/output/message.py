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


# The states a message can be true in (``Message.true_while``): the router drops such a
# message when its state ends (Router.expire), cut if it is being said, never said again.
YOUR_TURN = "your_turn"  # the turn prompt, "still your turn", the amount prompt, a question
THEIR_TURN = "their_turn"  # "not your turn: Beto is to act"
# "Still your turn": true while the player is silent on their turn; any key ends it (the
# player is here: said again after the key's answer, it would push that answer off the
# braille display), and so does the turn's end (Router.expire).
QUIET_TURN = "quiet_turn"
# A drill's question, true until it is answered: the braille display does not go back to it
# once the answer covered it (it would show a question already answered).
DRILL_QUESTION = "drill_question"


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
    delivered at all (default: always). ``true_while`` names the state the message
    describes (:data:`YOUR_TURN`, :data:`THEIR_TURN`; empty: true for good): when that state
    ends the message is cut if it is being said, dropped if it waits, and never said again.
    """

    kind: str
    text: str
    interrupt: bool = False
    braille: str | None = None
    min_verbosity: Verbosity = Verbosity.BRIEF
    answer: bool = False
    true_while: str = ""

    @property
    def is_answer(self) -> bool:
        """True for an answer to a key (its first message interrupts), False for the table."""
        return self.interrupt or self.answer

    @property
    def braille_text(self) -> str:
        return self.braille if self.braille is not None else self.text
