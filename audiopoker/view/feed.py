"""The game's side of the view: a listener that keeps each seat's last action and, on its
own thread, builds the view from the table model and the armed pre-action and hands it
to a sink (a terminal the game draws into, or the channel to the view's window).

It never speaks and never sends to the router: speech and braille are the same with and
without the view. The game's thread only records and wakes the drawing thread (a slow
terminal never holds the table up; views that pile up are drawn once, the newest). A sink
that fails (a closed window, a terminal gone) is logged and the feed stops; the game
plays on.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable
from typing import Protocol

from audiopoker.engine.events import ActionTaken, Event, HandStarted, StreetDealt
from audiopoker.ui.pre_actions import Armed
from audiopoker.ui.state import TableState
from audiopoker.view.render import render
from audiopoker.view.screen import ENTER, LEAVE, paint, terminal_size
from audiopoker.view.table_view import ViewTable, view_of
from audiopoker.view.themes import Theme

log = logging.getLogger(__name__)


class Sink(Protocol):
    """Where views go. ``show`` raises ``OSError`` when the place is gone."""

    def show(self, view: ViewTable) -> None:
        """Draw (or send) one view."""

    def close(self) -> None:
        """Let the place go (the terminal back as it was)."""

    def resized(self) -> bool:
        """True when the place changed size since the last view (redraw it)."""


class TerminalSink:
    """Draws into a terminal the player has open (a tmux pane, a full-screen terminal:
    ``--view-tty /dev/pts/N``), at that terminal's size asked at each redraw. A plain
    file works too (80 x 24): the tests and the benchmark draw into one."""

    def __init__(self, path: str, theme: Theme) -> None:
        flags = os.O_WRONLY | os.O_APPEND | getattr(os, "O_NOCTTY", 0)
        self.fd = os.open(path, flags)
        self.theme = theme
        self._entered = False
        self._size = terminal_size(self.fd)

    def draw(self, view: ViewTable) -> str:
        """The escape sequences of one redraw at the terminal's size now."""
        self._size = columns, rows = terminal_size(self.fd)
        return paint(render(view, columns, rows), self.theme)

    def resized(self) -> bool:
        """The terminal is another process's, so its SIGWINCH is not ours: its size is
        asked again (the feed asks twice a second)."""
        return terminal_size(self.fd) != self._size

    def show(self, view: ViewTable) -> None:
        text = self.draw(view)
        if not self._entered:
            text = ENTER + text
            self._entered = True
        os.write(self.fd, text.encode("utf-8"))

    def close(self) -> None:
        try:
            if self._entered:
                os.write(self.fd, LEAVE.encode("utf-8"))
        except OSError:
            pass
        finally:
            os.close(self.fd)


class ViewFeed:
    """The listener (after the table model in ``PlayerSide.listeners``) and its thread."""

    def __init__(
        self,
        state: TableState,
        lang: str,
        sink: Sink,
        armed: Callable[[], Armed | None] = lambda: None,
        big_blind: Callable[[], int] = lambda: 0,
    ) -> None:
        self.state = state
        self.big_blind = big_blind  # the big blind amounts are shown in; 0: in chips
        self.lang = lang
        self.sink = sink
        self.armed = armed
        self._last: dict[int, ActionTaken] = {}
        self._lock = threading.Lock()
        self._wake = threading.Condition(self._lock)
        self._dirty = True  # draw the table as it starts
        self._closing = False
        self.failed: BaseException | None = None
        self.drawn = 0  # views handed to the sink (the tests and the benchmark read it)
        self._thread = threading.Thread(target=self._run, name="view-feed", daemon=True)

    # Seconds between looks at the sink's size while nothing happens at the table.
    SIZE_LOOK = 0.5

    def start(self) -> None:
        """Start drawing."""
        self._thread.start()

    def on_event(self, event: Event) -> None:
        """Keep the seats' last actions (this street's), and ask for a redraw."""
        with self._lock:
            if isinstance(event, HandStarted | StreetDealt):
                self._last.clear()
            elif isinstance(event, ActionTaken):
                self._last[event.seat] = event
            self._dirty = True
            self._wake.notify()

    def changed(self) -> None:
        """Something beside the events changed (a pre-action armed by a key): redraw."""
        with self._lock:
            self._dirty = True
            self._wake.notify()

    def view(self) -> ViewTable:
        """The view as the table is now."""
        with self._lock:
            last = dict(self._last)
        return view_of(self.state.snapshot(), self.lang, self.armed(), last, self.big_blind())

    def _run(self) -> None:
        try:
            while True:
                with self._lock:
                    while not self._dirty and not self._closing:
                        if not self._wake.wait(self.SIZE_LOOK) and self.sink.resized():
                            self._dirty = True
                    if self._closing and not self._dirty:
                        return
                    self._dirty = False
                self.sink.show(self.view())
                self.drawn += 1
        except (OSError, ValueError) as error:  # a closed window, a terminal gone
            self.failed = error
            log.warning("the large view stopped (the game goes on): %r", error)
        except Exception as error:  # a fault of the view must never stop the game
            self.failed = error
            log.exception("the large view failed (the game goes on)")

    def close(self, timeout: float = 5.0) -> None:
        """Draw what is left, stop the thread and let the sink go."""
        with self._lock:
            self._closing = True
            self._wake.notify()
        if self._thread.is_alive():
            self._thread.join(timeout)
        try:
            self.sink.close()
        except OSError as error:
            log.warning("closing the large view: %r", error)
