"""A game's hand histories: every hand played, appended to one ``.phhs`` file (PHH, the
open Poker Hand History format; a table ``[N]`` per hand, N the hand number), which
pokerkit's ``HandHistory.loads_all`` and ``audiopoker replay`` read.

Each hand is appended and flushed to disk before the save records it; the save says how
many bytes are committed (:class:`HistoryMark`), and on resume anything past that (the
tail of an append a crash interrupted, or a hand the save never recorded) is cut off, so
the file always holds exactly the finished hands, numbered without gaps.

Without a path the histories are kept in memory (a game that is not saved: the replay key
still has the last hand). A file the system will not let us prepare (a full disk, a
read-only folder) is prepared again before the next append, which raises the fault while it
lasts: the recorder says it and tries again after the next hand.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from pathlib import Path

from audiopoker.engine.events import Event, HandStarted
from audiopoker.engine.phh import HandHistory, dumps, history_from_events, loads_all
from audiopoker.persistence.files import append_durably, fsync_dir, keep_aside
from audiopoker.persistence.save import HistoryMark

log = logging.getLogger(__name__)


def hand_history(events: Sequence[Event], names: Sequence[str], game_id: str) -> HandHistory:
    """The PHH history of one played hand, with the standard fields that place it in the
    game: ``hand`` (its number), ``seats`` (each player's table seat, 1-based),
    ``seat_count`` and ``table`` (the game's id)."""
    started = next(event for event in events if isinstance(event, HandStarted))
    return history_from_events(
        events,
        names,
        hand=started.hand_number,
        seats=[seat + 1 for seat in started.seats_in_hand],
        seat_count=len(names),
        table=game_id,
    )


def section(history: HandHistory, hand_number: int, first: bool) -> bytes:
    """One hand as a ``.phhs`` table, separated from the one before by a blank line."""
    text = ("" if first else "\n") + f"[{hand_number}]\n" + dumps(history)
    return text.encode("utf-8")


class HistoryFile:
    """The ``.phhs`` file of one game (``path`` None: kept in memory only)."""

    def __init__(self, path: Path | None, mark: HistoryMark | None = None) -> None:
        self.path = path
        name = path.name if path is not None else ""
        self.mark = mark if mark is not None else HistoryMark(name, 0, 0, 0)
        self._last: HandHistory | None = None
        self._memory: list[HandHistory] = []
        self.kept_as: Path | None = None  # a file shorter than its mark, kept aside
        self._ready = path is None
        if path is not None:
            try:
                self._prepare()
            except OSError as error:  # a fault: tried again before the first append
                log.warning("the hand history %s is not ready yet: %s", path, error)

    def _prepare(self) -> None:
        assert self.path is not None
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._cut_to_mark()
        self._ready = True

    def _cut_to_mark(self) -> None:
        """Drop whatever lies past the committed size (or create the empty file). A file
        shorter than the mark lost hands outside our control: it is kept aside and the
        game's histories go on in a new file."""
        assert self.path is not None
        existed = self.path.exists()
        if existed and self.path.stat().st_size < self.mark.size:
            kept = self.kept_as = keep_aside(self.path, "short")
            log.warning("the hand history %s is shorter than saved; kept as %s", self.path, kept)
            self.mark = HistoryMark(self.mark.file, 0, self.mark.hands, 0)
            existed = False
        with open(self.path, "ab") as file:
            if file.tell() != self.mark.size:
                file.truncate(self.mark.size)
                file.flush()
                os.fsync(file.fileno())
        if not existed:
            fsync_dir(self.path.parent)

    @property
    def hands(self) -> int:
        """Hands committed to the file."""
        return self.mark.hands

    def append(self, history: HandHistory, hand_number: int) -> HistoryMark:
        """Add one hand, durably; returns the new mark (for the save)."""
        if not self._ready:
            self._prepare()
        data = section(history, hand_number, first=self.mark.size == 0)
        start = self.mark.size
        if self.path is not None:
            size = append_durably(self.path, data, start)
        else:
            size = start + len(data)
            self._memory.append(history)
        self.mark = HistoryMark(self.mark.file, size, self.mark.hands + 1, start)
        self._last = history
        return self.mark

    def last(self) -> HandHistory | None:
        """The last hand committed (read back from the file after a resume)."""
        mark = self.mark  # one mark: the game thread may append meanwhile
        if self._last is None and self.path is not None and mark.hands and mark.size:
            with open(self.path, "rb") as file:
                file.seek(mark.last_start)
                text = file.read(mark.size - mark.last_start).decode("utf-8")
            histories = loads_all(text)
            self._last = histories[-1] if histories else None
        return self._last

    def all(self) -> list[HandHistory]:
        """Every hand committed, in order."""
        if self.path is None:
            return list(self._memory)
        with open(self.path, "rb") as file:
            text = file.read(self.mark.size).decode("utf-8")
        return loads_all(text) if text.strip() else []
