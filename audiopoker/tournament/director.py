"""The tournament director: between hands it moves the table from level to level.

Attached to the Game as a listener, it is asked before every hand (``before_hand``, the
conductor's HandStartingListener). When the hand about to start is the last one of its
level it says so first (``BlindsRising``: "Blinds go up to 2 and 4 next hand."); the next
hand starts with the engine's ``BlindsChanged`` and the new blinds on the table. A level
in hands ends after its hands; a level in minutes ends with the hand that starts once its
time is up (that hand is announced as the last one, so the player always hears a change
one hand ahead). The last level stays until the end.

The clock is injected (``time.monotonic`` by default): tests drive a level in minutes with
a fake clock, never with sleeps. Its place in the schedule (level, hands and seconds
played in it, a change announced) is saved with the game, and a resumed game goes on from
it; time while the game is closed does not count.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from audiopoker.engine.events import Event
from audiopoker.engine.table import Table
from audiopoker.tournament.schedule import Level, Tournament, levels_of, parse_payouts

Clock = Callable[[], float]


@dataclass(frozen=True, slots=True)
class BlindsRising(Event):
    """The hand starting now is the last at these blinds: the next one plays ``level``
    (1-based) with these amounts."""

    level: int
    small_blind_amount: int
    big_blind_amount: int
    ante: int


@dataclass(frozen=True, slots=True)
class LevelStatus:
    """Where the tournament stands, for words: the level (1-based) of ``count``, its
    blinds, the next level (None at the last), and when it comes: ``next_hand`` when the
    change was announced; else ``hands_left`` hands still to be played at these blinds
    (counting the next one, not the one being played), or ``minutes_left`` (rounded up)
    of a level in minutes."""

    number: int
    count: int
    level: Level
    coming: Level | None
    next_hand: bool
    hands_left: int | None
    minutes_left: int | None


class Director:
    """Runs ``tournament``'s levels on a table, from ``level`` (0-based) with ``hands`` and
    ``seconds`` already played in it, and the change announced when ``pending``."""

    def __init__(
        self,
        tournament: Tournament,
        clock: Clock = time.monotonic,
        *,
        level: int = 0,
        hands: int = 0,
        seconds: float = 0.0,
        pending: bool = False,
    ) -> None:
        if not 0 <= level < len(tournament.levels) or hands < 0 or seconds < 0:
            raise ValueError("a place outside the schedule")
        if pending and level + 1 >= len(tournament.levels):
            raise ValueError("a change announced after the last level")
        self.tournament = tournament
        self._clock = clock
        self._index = level
        self._hands = hands
        self._seconds = seconds  # played in this level before ``_since``
        self._since: float | None = None  # when the clock of this run started
        self._pending = pending
        self._lock = threading.Lock()  # the keys read while the game thread moves on

    @property
    def level(self) -> Level:
        """The level being played (or to be played by the next hand, unless it changes)."""
        return self.tournament.levels[self._index]

    def _elapsed(self) -> float:
        if self._since is None:
            return self._seconds
        return self._seconds + max(0.0, self._clock() - self._since)

    def _ends_now(self) -> bool:
        """True when the hand just counted is the level's last."""
        level = self.level
        if level.hands is not None:
            return self._hands >= level.hands
        assert level.minutes is not None
        return self._elapsed() >= level.minutes * 60

    # --- the conductor's hooks --------------------------------------------------------
    def before_hand(self, table: Table) -> tuple[Event, ...]:
        """Move to the next level if it was announced (or put this level's blinds on a
        table that has others); count the hand; announce it when it is the level's last."""
        with self._lock:
            now = self._clock()
            if self._since is None:
                self._since = now
            events: list[Event] = []
            if self._pending:
                self._index += 1
                self._hands, self._seconds, self._since = 0, 0.0, now
                self._pending = False
            level, config = self.level, table.config
            blinds = (level.small_blind, level.big_blind, level.ante)
            if (config.small_blind, config.big_blind, config.ante) != blinds:
                events.append(table.change_blinds(*blinds))
            self._hands += 1
            levels = self.tournament.levels
            if self._index + 1 < len(levels) and self._ends_now():
                self._pending = True
                coming = levels[self._index + 1]
                events.append(
                    BlindsRising(self._index + 2, coming.small_blind, coming.big_blind, coming.ante)
                )
            return tuple(events)

    def on_event(self, event: Event) -> None:
        """Nothing to follow: the director acts between hands only."""

    # --- reading ------------------------------------------------------------------------
    def status(self) -> LevelStatus:
        """The level and the next change, now."""
        with self._lock:
            levels = self.tournament.levels
            level = self.level
            coming = levels[self._index + 1] if self._index + 1 < len(levels) else None
            hands_left: int | None = None
            minutes_left: int | None = None
            if coming is not None and not self._pending:
                if level.hands is not None:
                    hands_left = level.hands - self._hands
                else:
                    assert level.minutes is not None
                    seconds = level.minutes * 60 - self._elapsed()
                    if seconds > 0:
                        minutes_left = max(1, math.ceil(seconds / 60))
                    else:  # time is up: the next hand is the last one at these blinds
                        hands_left = 1
            return LevelStatus(
                number=self._index + 1,
                count=len(levels),
                level=level,
                coming=coming,
                next_hand=self._pending,
                hands_left=hands_left,
                minutes_left=minutes_left,
            )

    # --- saving and resuming ------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        """The tournament as JSON values for the saved game (between hands)."""
        with self._lock:
            return {
                "levels": [level.to_json() for level in self.tournament.levels],
                "payouts": list(self.tournament.payouts),
                "each_hand": self.tournament.each_hand,
                "level": self._index,
                "hands": self._hands,
                "seconds": round(self._elapsed(), 3),
                "pending": self._pending,
            }

    @classmethod
    def restore(cls, state: Mapping[str, Any], clock: Clock = time.monotonic) -> Director:
        """A director going on from ``state`` (``state()``'s values); ValueError when they
        cannot be a tournament."""
        payouts = state.get("payouts")
        if not isinstance(payouts, list) or not all(type(p) is int for p in payouts):
            raise ValueError("payouts")
        each_hand = state.get("each_hand")
        level, hands, seconds = state.get("level"), state.get("hands"), state.get("seconds")
        pending = state.get("pending")
        if not isinstance(each_hand, bool) or not isinstance(pending, bool):
            raise ValueError("each_hand, pending")
        if type(level) is not int or type(hands) is not int:
            raise ValueError("level, hands")
        if not isinstance(seconds, int | float) or isinstance(seconds, bool):
            raise ValueError("seconds")
        tournament = Tournament(
            levels=levels_of(state.get("levels")),
            payouts=parse_payouts(",".join(map(str, payouts))) if payouts else (),
            each_hand=each_hand,
        )
        return cls(
            tournament, clock, level=level, hands=hands, seconds=float(seconds), pending=pending
        )


def tournament_state(extra: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The tournament kept in a saved game's ``extra`` (None: a cash game, as every save
    from before tournaments)."""
    state = extra.get("tournament")
    if state is None:
        return None
    if not isinstance(state, dict):
        raise ValueError("tournament")
    return state
