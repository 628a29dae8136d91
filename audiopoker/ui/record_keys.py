"""The record keys: hear the last hand again, and this game's numbers.

The last hand is read back from the game's hand history (PHH, as ``audiopoker replay``
reads it), replayed through the engine and told by the same Narrator as at the table, from
the player's seat: the player's own cards, every action, the board, the showdown and the
pots. Cards the player never saw stay unsaid (when watching, every card is told, as at
the watched table).
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable
from typing import Protocol

from audiopoker.engine.events import ActionRequired
from audiopoker.engine.phh import HandHistory
from audiopoker.engine.phh_replay import replay
from audiopoker.narration.amounts import Amounts, Unit
from audiopoker.narration.narrator import Narrator
from audiopoker.output.message import Message, Verbosity
from audiopoker.persistence.stats import Summary
from audiopoker.ui.record_texts import RecordText

log = logging.getLogger(__name__)


class GameRecords(Protocol):
    """What the keys need from the game's recorder (audiopoker.persistence.GameRecorder)."""

    def last_hand(self) -> HandHistory | None:
        """The last finished hand; None when none has. OSError or ValueError when the
        record cannot be read."""
        ...

    def numbers(self) -> Summary:
        """This game's numbers for the player."""
        ...


def replay_messages(
    history: HandHistory,
    lang: str,
    listener_seat: int | None,
    verbosity: Verbosity = Verbosity.NORMAL,
    hand_limit: int | None = None,
    unit: Unit = Unit.CHIPS,
) -> list[Message]:
    """The narration of a recorded hand, from ``listener_seat`` (a table seat; None tells
    every card, as when watching). Raises PhhError for a history the engine refuses."""
    result = replay(history)
    seats = history.extra.get("seats")
    listener: int | None = None
    if listener_seat is not None and isinstance(seats, list) and listener_seat + 1 in seats:
        listener = seats.index(listener_seat + 1)  # PHH player order = the replay's seats
    names = [history.player_name(player) for player in range(history.player_count)]
    narrator = Narrator(
        names,
        "es" if lang == "es" else "en",
        verbosity,
        listener,
        reveal_hole_cards=listener_seat is None,
        hand_limit=hand_limit,
        amounts=Amounts(unit),  # its big blind: the replayed hand's
    )
    messages: list[Message] = []
    for event in result.events:
        if isinstance(event, ActionRequired):
            continue  # nobody is asked anything in a replay
        messages.extend(narrator.narrate(event))
    return messages


class RecordKeys:
    """Answers the record keys for the player at ``me`` (None when watching)."""

    def __init__(
        self,
        records: GameRecords | None,
        text: RecordText,
        me: int | None,
        verbosity: Callable[[], Verbosity] = lambda: Verbosity.NORMAL,
        hand_limit: int | None = None,
        unit: Callable[[], Unit] = lambda: Unit.CHIPS,
    ) -> None:
        self.records = records
        self.text = text
        self.me = me
        self._verbosity = verbosity
        self._hand_limit = hand_limit  # a --hands game: "hand 3 of 10" as at the table
        self._unit = unit  # amounts in chips or big blinds, as at the table

    def last_hand(self) -> tuple[int, list[Message]] | Message:
        """The last hand told again: (its number, its narration, one message per action
        and the showdown last), or the one message that says why there is none."""
        try:
            history = self.records.last_hand() if self.records is not None else None
            if history is None:
                return Message("answer", self.text.replay_none(), interrupt=True)
            told = replay_messages(
                history,
                self.text.lang,
                self.me,
                self._verbosity(),
                self._hand_limit,
                self._unit(),
            )
        except (OSError, ValueError) as error:  # PhhError is a ValueError
            log.error("the last hand does not replay: %s", error)
            return Message("error", self.text.replay_failed(), interrupt=True)
        if not told:
            return Message("answer", self.text.replay_none(), interrupt=True)
        return history.hand_number or 0, told

    def replay(self) -> list[Message]:
        """The last hand told all at once: a first line that interrupts, the hand queued
        (the U key browses :meth:`last_hand` instead)."""
        hand = self.last_hand()
        if isinstance(hand, Message):
            return [hand]
        number, told = hand
        return [
            Message("replay", self.text.replay_start(number), interrupt=True),
            *(dataclasses.replace(message, interrupt=False, answer=True) for message in told),
            Message("replay", self.text.replay_end(), answer=True),
        ]

    def numbers(self) -> list[str]:
        """This game's numbers, one sentence each."""
        if self.me is None:
            return [self.text.numbers_watching()]
        if self.records is None:
            return [self.text.r("numbers.none")]
        return self.text.game_numbers(self.records.numbers())
