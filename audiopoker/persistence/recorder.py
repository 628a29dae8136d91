"""The persistence listener: after every finished hand it appends the hand to the game's
history, records it in the statistics, and saves the game, in that order.

The save is the commit point. Each step is durable before the next begins, and on resume
the history and the statistics are cut back to what the save recorded (Store.reconcile),
so a crash at any moment loses at most the hand being played, and never leaves a hand
recorded twice or a gap in the hand numbers.

Problems writing (a full disk, a folder made read-only) never stop the game, and never
touch what is already saved: the first is reported through ``on_problem``, the hands not
yet written wait in memory, and after each later hand the recorder tries again, writing
them in order; when that works, ``on_recovered`` says so. A folder that could not be opened
at the start (``Store.fault``, said by whoever opened it) is the same: the recorder starts
as failed, opens it after each hand (``Store.reopen``), and says when that works. A saved
game the store keeps (``Store.save_kept``: another game's, unread or found late) is never
replaced: this game's hands are recorded, its save is not.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from audiopoker.bots.base import encode_rng
from audiopoker.engine.events import Event, GameEnded, HandStarted, PlayerEliminated
from audiopoker.engine.phh import HandHistory
from audiopoker.engine.table import Table
from audiopoker.persistence.decisions import DecisionRecord, record_decisions
from audiopoker.persistence.faults import kind_of
from audiopoker.persistence.hands import HandFacts, hand_facts
from audiopoker.persistence.history import HistoryFile, hand_history
from audiopoker.persistence.save import SavedGame
from audiopoker.persistence.stats import StatsDB, Summary
from audiopoker.persistence.store import Store, now_text

log = logging.getLogger(__name__)

# Tests only (the crash test): seconds to pause between the steps of recording a hand, so
# that a kill lands inside a save more often. Never set in normal play.
PAUSE_ENV: Final = "AUDIOPOKER_TEST_SAVE_PAUSE"


def _test_pause() -> float:
    try:
        return max(0.0, float(os.environ.get(PAUSE_ENV, "0")))
    except ValueError:
        return 0.0


@dataclasses.dataclass(slots=True)
class _Hand:
    """A finished hand still to be written (each step done once, in order)."""

    number: int
    history: HandHistory
    facts: HandFacts | None
    chips: int | None
    played_at: str
    in_history: bool = False
    in_stats: bool = False


@dataclasses.dataclass(frozen=True, slots=True)
class _Decisions:
    """A hand's decisions reviewed by the coach, still to be written."""

    hand_number: int
    records: tuple[DecisionRecord, ...]
    played_at: str


class GameRecorder:
    """Records one game. Attach it to the Game as a listener (it also implements
    ``on_hand_finished``).

    ``settings`` are the game's options as JSON values; ``bot_states`` gives each seat's
    bot state (None for the person); ``prefs`` the player's preferences at save time;
    ``extra`` more of the game, saved as the save's ``extra`` (a tournament's levels).
    """

    def __init__(
        self,
        store: Store,
        *,
        game_id: str,
        started_at: str,
        names: Sequence[str],
        human: int | None,
        settings: Mapping[str, Any],
        history: HistoryFile,
        bot_states: Callable[[], Sequence[Mapping[str, Any] | None]],
        prefs: Callable[[], Mapping[str, Any]],
        on_problem: Callable[[Exception], None] | None = None,
        on_recovered: Callable[[], None] | None = None,
        extra: Callable[[], Mapping[str, Any]] | None = None,
        tournament_paid: int | None = None,
        keep_save: bool | None = None,
    ) -> None:
        self.store = store
        # The game is saved between hands when someone comes back to it: the person's
        # game (``human``), or a hosted table (``keep_save``); a watched table is not.
        self._keeps_save = human is not None if keep_save is None else keep_save
        self.game_id = game_id
        self.started_at = started_at
        self.names = tuple(names)
        self.human = human
        self.settings = dict(settings)
        self.history = history
        self._bot_states = bot_states
        self._prefs = prefs
        self._on_problem = on_problem
        self._on_recovered = on_recovered
        # More of the game to save (a tournament's levels), and for the statistics a
        # tournament paying this many places (None: a cash game).
        self._extra = extra
        self._tournament_paid = tournament_paid
        self._events: list[Event] = []
        self._place: int | None = None
        self._won = False
        self._over = False
        # The error that stopped the last attempt (None: everything is written; a folder
        # that could not be opened counts), the hands waiting to be written, and whether
        # the game's statistics row exists.
        self.failed: Exception | None = store.fault
        self._waiting: list[_Hand] = []
        self._decisions: list[_Decisions] = []  # the coach's, written after the hands
        self._started = False
        self._pause = _test_pause()
        # The last save written, and the lock that keeps the key loop's preference saves
        # and the game thread's saves in order (the later one always holds the latest).
        self._last_save: SavedGame | None = None
        self._save_lock = threading.RLock()

    # --- the game's start ---------------------------------------------------------------
    def start(self, table: Table | None = None) -> None:
        """Record the game's start (call it before the first hand, also when resuming): its
        statistics row and a first save, so a crash in the first hand still finds the game
        to resume. ``table`` None: a table played elsewhere (a network seat's record, never
        saved here)."""
        self._guard(lambda: self._start(table), recovering=True)

    def _start(self, table: Table | None) -> None:
        self.store.reopen()
        self._start_row(table)
        if self.saves and table is not None:
            self._write_save(table)

    @property
    def saves(self) -> bool:
        """True when this game's save is written between hands (not for a watched table,
        nor over a saved game the store keeps)."""
        return self._keeps_save and not self.store.save_kept

    def _start_row(self, table: Table | None) -> None:
        # Also on resume: the statistics may be new (an unreadable file was set aside).
        s = self.settings
        chips = s.get("chips")
        if not isinstance(chips, int):
            chips = max(table.stacks) if table is not None else 0
        self.store.stats.start_game(
            self.game_id,
            self.started_at,
            player_name=None if self.human is None else self.names[self.human],
            players=len(self.names),
            chips=chips,
            blinds=(int(s.get("small_blind", 0)), int(s.get("big_blind", 0))),
            ante=int(s.get("ante", 0)),
            bots=str(s.get("bots", "")),
            history_file=self.history.mark.file or None,
            tournament_paid=self._tournament_paid,
        )
        self._started = True

    # --- Listener -----------------------------------------------------------------------
    def on_event(self, event: Event) -> None:
        """Collect the hand's events; note the end of the game for the player."""
        if isinstance(event, HandStarted):
            self._events = []
        self._events.append(event)
        if isinstance(event, PlayerEliminated) and event.seat == self.human:
            self._over, self._place = True, event.place
        elif isinstance(event, GameEnded):
            self._over = True
            if self.human is not None:
                self._place = event.standings.index(self.human) + 1
                self._won = self.human in event.winners

    def on_hand_finished(self, table: Table) -> None:
        """History, statistics, then the save (the commit point)."""
        chips = table.stacks[self.human] if self.human is not None else None
        self.hand_finished(table.hand_number, chips, table)

    def hand_finished(self, number: int, chips: int | None, table: Table | None = None) -> None:
        """Hand ``number`` ended with the player holding ``chips``: its history and
        statistics, then the save of ``table`` (None: a table played elsewhere, whose
        hands are recorded and never saved here)."""
        events, self._events = self._events, []
        if not any(isinstance(event, HandStarted) for event in events):
            return
        self._waiting.append(
            _Hand(
                number=number,
                history=hand_history(events, self.names, self.game_id),
                facts=hand_facts(events, self.human) if self.human is not None else None,
                chips=chips,
                played_at=now_text(),
            )
        )
        self._guard(lambda: self._record(table), recovering=True)

    def _record(self, table: Table | None) -> None:
        self.store.reopen()  # a folder that could not be opened at the start
        if not self._started:  # the start could not be written: its row comes first
            self._start_row(table)
        while self._waiting:
            hand = self._waiting[0]
            if not hand.in_history:
                self.history.append(hand.history, hand.number)
                hand.in_history = True
                self._step()
            if not hand.in_stats:
                self.store.stats.record_hand(
                    self.game_id, hand.number, hand.facts, hand.chips, hand.played_at
                )
                hand.in_stats = True
                self._step()
            self._waiting.pop(0)
        self._record_decisions()
        if self._over:
            self.store.stats.end_game(self.game_id, now_text(), place=self._place, won=self._won)
            with self._save_lock:
                self._last_save = None
                self.store.remove_save(self.game_id)
        elif self.saves and table is not None:
            self._write_save(table)
        self._step()

    def leave(self) -> None:
        """The player left a table played elsewhere (a network seat) before its end: the
        game's row is finished without a place, after the hands still waiting; the hand
        in play is not the player's to record any more."""
        if self._over:
            return
        self._over, self._events = True, []
        self._guard(lambda: self._record(None), recovering=True)

    def record_decisions(self, hand_number: int, records: Sequence[DecisionRecord]) -> None:
        """Keep the coach's review of a hand's decisions (the coach hands them over when
        the hand ends, before the recorder hears of it): written after the hand's own row,
        with the same fault rules (a fault keeps them waiting, tried again after the next
        hand)."""
        if self.human is not None and records:
            self._decisions.append(_Decisions(hand_number, tuple(records), now_text()))

    def _record_decisions(self) -> None:
        while self._decisions:
            batch = self._decisions[0]
            try:
                record_decisions(
                    self.store.stats, self.game_id, batch.hand_number, batch.played_at,
                    batch.records,
                )  # fmt: skip
            except sqlite3.OperationalError:
                raise  # a fault of the machine (a full disk): tried again after each hand
            except (sqlite3.Error, ValueError, TypeError):
                # never a fault that goes away: dropped, so it cannot hold back the save
                log.exception("the decisions of hand %s were not kept", batch.hand_number)
            self._decisions.pop(0)
            self._step()

    def _write_save(self, table: Table) -> None:
        with self._save_lock:  # the preferences are read and written in one step
            saved = self.saved_game(table)
            self.store.write_save(saved)
            self._last_save = saved

    @property
    def resumes_at(self) -> int | None:
        """The hand a resumed game would start with, when this game is saved on disk and
        will be offered next time (also while saving fails: the last save written stays
        whole); None when it is not (nothing written yet or at all, or the game is over)."""
        last = self._last_save
        if last is None or not self.store.saving:
            return None
        return last.hand_number + 1

    @property
    def waiting(self) -> int:
        """How many finished hands are not written yet (saving failed since)."""
        return len(self._waiting)

    def save_prefs(self) -> None:
        """Save the player's preferences now, when they change (verbosity, pace): the last
        save (the game between two hands) is written again, atomically, with them. The hand
        being played is not saved: a resumed game starts it again, as always; only the
        preferences are new. Nothing happens before the first save or after the end."""
        with self._save_lock:
            last = self._last_save
            if last is None or self._waiting:
                return  # the last save is older than the hands waiting: left as it is
            updated = dataclasses.replace(last, prefs=dict(self._prefs()), saved_at=now_text())

            def write() -> None:
                self.store.write_save(updated)
                self._last_save = updated

            self._guard(write)

    def rewrite_save(self, change: Callable[[SavedGame], SavedGame | None]) -> bool:
        """Write the last save again as ``change`` makes it from the last one (None: leave
        it), when what is kept beside the table changed between hands (a hosted table's
        seats changing hands). The table, its chips and the hand it resumes at stay the last
        save's. Nothing happens before the first save, after the end, or while finished
        hands wait to be written (the last save is older than the table). True when
        written."""
        with self._save_lock:
            last = self._last_save
            if last is None or self._waiting or not self.saves:
                return False
            updated = change(dataclasses.replace(last, saved_at=now_text()))
            if updated is None:
                return False
            written: list[SavedGame] = []

            def write() -> None:
                self.store.write_save(updated)
                self._last_save = updated
                written.append(updated)

            self._guard(write)
            return bool(written)

    def _step(self) -> None:
        if self._pause:
            time.sleep(self._pause)

    def _guard(self, work: Callable[[], None], recovering: bool = False) -> None:
        """Run ``work``; a failure is told once (until writing works again, which is told
        when ``recovering``: the whole game was written) and the game goes on."""
        try:
            work()
        except (OSError, sqlite3.Error) as error:
            first = self.failed is None
            self.failed = error
            log.error("could not record the game (%s): %s", kind_of(error).value, error)
            if first and self._on_problem is not None:
                self._on_problem(error)
            return
        if recovering and self.failed is not None:
            self.failed = None
            log.info("the game can be recorded again")
            if self._on_recovered is not None:
                self._on_recovered()

    # --- what the keys ask --------------------------------------------------------------
    def saved_game(self, table: Table) -> SavedGame:
        """The game as it stands between hands."""
        return SavedGame(
            game_id=self.game_id,
            started_at=self.started_at,
            saved_at=now_text(),
            settings=self.settings,
            names=self.names,
            human=self.human,
            table=table.snapshot(),
            table_rng=encode_rng(table.rng),
            bots=tuple(self._bot_states()),
            prefs=dict(self._prefs()),
            history=self.history.mark,
            extra=dict(self._extra()) if self._extra is not None else {},
        )

    def last_hand(self) -> HandHistory | None:
        """The last finished hand of this game (one still waiting to be written, or from
        the file after a resume); None when none has finished. Raises OSError or ValueError
        when the file cannot be read (the replay key says so)."""
        waiting = self._waiting
        return waiting[-1].history if waiting else self.history.last()

    def numbers(self) -> Summary:
        """This game's numbers for the player (while the folder could not be opened, from
        the hands waiting in memory: every hand of the game so far)."""
        if self.store.opened:
            return self.store.stats.summary(self.game_id)
        memory = StatsDB(None)
        try:
            memory.start_game(
                self.game_id, self.started_at, player_name=None, players=len(self.names),
                chips=0, blinds=(0, 0), ante=0, bots="", history_file=None,
            )  # fmt: skip
            for hand in list(self._waiting):
                memory.record_hand(self.game_id, hand.number, hand.facts, hand.chips, "")
            return memory.summary(self.game_id)
        finally:
            memory.close()

    @property
    def over(self) -> bool:
        """True once the game ended for the player."""
        return self._over
