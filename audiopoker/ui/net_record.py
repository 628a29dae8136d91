"""The player's own record of a network game: the hands they play at a table another
process deals (``join``, and the host's own seat) go to their statistics and hand
histories, and the coach's review of their decisions to their error rate (``stats``),
as at a table of their own. Nothing is saved to resume here: the table is the host's.

The record starts with the first hand dealt while the player sits (its stakes are the
game's), writes each hand once it and its eliminations were heard, and finishes the
game's row when the game ends for the player or they leave. The hands are the player's
view of them: the others' cards are unknown (``????``) unless shown. Faults of the
machine are met as in a solo game (``GameRecorder``): said once, the hands wait in
memory, are written after a later hand, and that is said too. A folder another copy of
the game holds is said, and the table plays on unrecorded.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from audiopoker.engine.events import Event, HandEnded, HandStarted
from audiopoker.net.net_text import NetText
from audiopoker.persistence import GameRecorder, StatsTooNew, Store
from audiopoker.persistence.decisions import DecisionRecord
from audiopoker.persistence.faults import kind_of
from audiopoker.persistence.files import LockBusy
from audiopoker.persistence.store import new_game_id, now_text
from audiopoker.ui.record_texts import RecordText

log = logging.getLogger(__name__)

NETWORK_BOTS = "network"  # the statistics' ``bots`` of a game at someone else's table


def open_record(folder: Path, text: NetText, say: Callable[[str], object]) -> Store | None:
    """The player's data folder for a network game's record; None, said, when another copy
    holds it or its statistics are newer than this version. A folder the machine keeps
    from opening now is said and returned unopened (the record opens it after a hand)."""
    store = Store(folder)
    try:
        store.open()
    except LockBusy:
        say(text.say("join.record_busy", folder=str(folder)))
        return None
    except StatsTooNew:
        say(text.say("join.record_too_new"))
        return None
    except (OSError, sqlite3.Error) as error:
        log.warning("cannot record in %s (%s): %s", folder, kind_of(error).value, error)
        say(text.say("join.record_failed", fault=RecordText(text.lang).fault(error)))
    return store


class NetGameRecord:
    """Records seat ``me``'s game at a network table into ``store`` (see the module).
    ``names`` gives the table's names now (they change as people sit down and leave);
    ``tournament`` the tournament's state from the welcome (None: a cash game); ``say``
    tells the player of faults and recoveries (a message kind, ``error`` or ``saved``, and
    the line), in ``text``'s language."""

    def __init__(
        self,
        store: Store,
        me: int,
        names: Callable[[], Sequence[str]],
        text: NetText,
        say: Callable[[str, str], object],
        tournament: dict[str, Any] | None = None,
    ) -> None:
        self.store = store
        self.me = me
        self.names = names
        self.text = text
        self.say = say
        self.tournament = tournament
        self.recorder: GameRecorder | None = None
        self._ended: HandEnded | None = None  # the hand heard to its end, to be written
        # The link's thread records; the player's leaving closes from the key loop's.
        self._lock = threading.Lock()
        self._closed = False

    def on_event(self, event: Event) -> None:
        """Every event of the table, as the seat sees it (a catch-up included)."""
        with self._lock:
            if not self._closed:
                self._follow(event)

    def _follow(self, event: Event) -> None:
        if isinstance(event, HandStarted):
            if self.recorder is None:
                if self.me not in event.seats_in_hand:
                    return  # sitting out: the game starts for the record when dealt in
                self.recorder = self._start(event)
            self.recorder.names = tuple(self.names())
            self._ended = None
        elif isinstance(event, HandEnded):
            self._ended = event
        if self.recorder is not None:
            self.recorder.on_event(event)

    def _start(self, first: HandStarted) -> GameRecorder:
        paid = None
        if self.tournament is not None:
            payouts = self.tournament.get("payouts")
            paid = len(payouts) if isinstance(payouts, list) else 0
        game_id = new_game_id()
        recorder = GameRecorder(
            self.store,
            game_id=game_id,
            started_at=now_text(),
            names=self.names(),
            human=self.me,
            settings={
                "chips": first.stacks[self.me],
                "small_blind": first.small_blind_amount,
                "big_blind": first.big_blind_amount,
                "ante": first.ante,
                "bots": NETWORK_BOTS,
            },
            history=self.store.history(game_id),
            bot_states=list,
            prefs=dict,
            on_problem=self._problem,
            on_recovered=self._recovered,
            tournament_paid=paid,
            keep_save=False,
        )
        recorder.start()
        return recorder

    def hand_heard(self) -> None:
        """The hand and its eliminations were heard (the coach handed its review over):
        write it."""
        with self._lock:
            ended, self._ended = self._ended, None
            if self.recorder is not None and ended is not None and not self._closed:
                self.recorder.hand_finished(ended.hand_number, ended.stacks[self.me])

    def record_decisions(self, hand_number: int, records: Sequence[DecisionRecord]) -> None:
        """The coach's review of one hand's decisions (see ``GameRecorder``)."""
        with self._lock:
            if self.recorder is not None and not self._closed:
                self.recorder.record_decisions(hand_number, records)

    def close(self) -> None:
        """The player left or the game ended: the game's row is finished, the folder let
        go."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            if self.recorder is not None:
                self.recorder.leave()
            self.store.close()

    def _problem(self, error: Exception) -> None:
        fault = RecordText(self.text.lang).fault(error)
        self.say("error", self.text.say("join.record_failed", fault=fault))

    def _recovered(self) -> None:
        self.say("saved", self.text.say("join.record_works"))
