"""Braille on Linux through BRLTTY's BrlAPI (the optional ``brlapi`` module, Debian's
python3-brlapi). Where it is missing or BRLTTY is not running, the screen reader's own braille
is used instead.

The display shows one segment of a message at a time; the display's own pan keys move
through it (the rules are :class:`~audiopoker.output.braille_display.Pager`'s: the newest
message, held while the player pans, never more than one behind). A small timer thread shows
a message that waited once its time comes. We take only the pan keys from BRLTTY: help,
preferences and every other key stay BRLTTY's.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable
from typing import Any, Final

from audiopoker.output.backends import Attempt
from audiopoker.output.braille_display import (
    RANGE_TYPE_COMMAND,
    Pager,
    accepted_keys,
    pan_of,
    unreadable,
)
from audiopoker.output.clock import MONOTONIC, Clock
from audiopoker.output.output_text import text as output_text
from audiopoker.output.sysmodules import import_system_module

log = logging.getLogger(__name__)

STAGE = "braille"
# How long one wait for a key lasts, in ms: the reader thread checks for close() this often.
KEY_POLL_MS: Final = 200
DEFAULT_CELLS: Final = 40


def _plain(value: object) -> str:
    """A name BrlAPI gives as bytes ("b'TTY'") as plain text ("TTY")."""
    if isinstance(value, bytes | bytearray):
        return bytes(value).decode("utf-8", "replace").strip("\0 ")
    return str(value).strip() if value else ""


class BrlapiBackend:
    """Shows each message on the braille display, a segment at a time; has no speech.

    It takes the display in tty mode (so BRLTTY shows our messages rather than a copy of
    the screen), takes the pan keys (read on a daemon thread), and gives both back on
    close(). ``listen`` False takes no keys (for tests that press them by :meth:`on_key`).
    ``clock`` times the pager's rules and runs the timer thread (a VirtualClock in tests).
    """

    def __init__(
        self, connection: Any, listen: bool = True, lang: str = "en", clock: Clock = MONOTONIC
    ) -> None:
        self._connection = connection
        self.cells = self._size(connection)
        driver = _plain(getattr(connection, "driverName", "")) or "BRLTTY"
        self.name = (
            output_text("braille.display", lang, driver=driver, cells=self.cells)
            if self.cells
            else "BrlAPI"
        )
        self._clock = clock
        self._pager = Pager(self.cells or DEFAULT_CELLS, clock.now)
        # The router's thread, the key thread and the timer; notified when the pager changes.
        self._lock = clock.condition()
        self._closing = threading.Event()
        self._failed = False
        self._warned: set[str] = set()
        self._reader: threading.Thread | None = None
        # Called on each pan key (on the key thread): panning is the player's activity too.
        self.pan_listeners: list[Callable[[], None]] = []
        if listen and self._take_pan_keys():
            self._reader = threading.Thread(target=self._read_keys, name="braille-keys")
            self._reader.daemon = True
            self._reader.start()
        self._timer = clock.start_thread(self._run_timer, "braille-timer")

    @staticmethod
    def _size(connection: Any) -> int:
        size = getattr(connection, "displaySize", None)
        try:
            columns, rows = size if size is not None else (0, 0)
            return int(columns) * max(int(rows), 1)
        except (TypeError, ValueError):
            return 0

    @property
    def pager(self) -> Pager:
        """What the display shows and what waits (for tests and for the speech-test)."""
        return self._pager

    def speak(self, text: str, interrupt: bool) -> None:
        """No speech here."""

    def braille(self, text: str, interrupt: bool = False) -> None:
        """Show ``text`` (its first segment), or keep it waiting while the player reads."""
        odd = unreadable(text)
        if odd and odd not in self._warned:
            self._warned.add(odd)
            log.warning("braille: %r has characters the braille tables may lack", odd)
        with self._lock:
            self._write(self._pager.show(text, interrupt))
            self._lock.notify_all()

    def withdraw(self, text: str) -> None:
        """``text`` is no longer true (the turn prompt once the turn is over): dropped if it
        waits; if it is shown, the message waiting behind it shows, else the display stays
        until the next message, which then shows at once."""
        with self._lock:
            self._write(self._pager.withdraw(text))
            self._lock.notify_all()

    def on_key(self, code: int) -> None:
        """A key BrlAPI gave us (a pan key: the others stay BRLTTY's)."""
        direction = pan_of(code)
        if direction is None:
            return
        with self._lock:
            self._write(self._pager.pan(direction))
            self._lock.notify_all()
        for listener in tuple(self.pan_listeners):
            try:
                listener()
            except Exception:  # a listener's bug must not stop the display's keys
                log.exception("braille: a pan listener failed")

    def silence(self) -> None:
        """No speech here."""

    def is_speaking(self) -> bool | None:
        """No speech here."""
        return False

    def close(self) -> None:
        """Stop reading keys and give the display back to BRLTTY."""
        self._closing.set()
        with self._lock:
            self._lock.notify_all()
        for thread, seconds in ((self._reader, KEY_POLL_MS / 1000 + 1.0), (self._timer, 1.0)):
            if thread is not None and thread is not threading.current_thread():
                thread.join(timeout=seconds)
        with self._lock:
            connection, self._connection = self._connection, None
        if connection is None:
            return
        for step in ("leaveTtyMode", "closeConnection"):
            try:
                getattr(connection, step)()
            except Exception as error:
                log.debug("BrlAPI: %s failed: %s", step, error)

    def _write(self, line: str | None) -> None:
        """Write one segment (called with the lock held)."""
        if line is None or self._connection is None:
            return
        try:
            self._connection.writeText(line)
        except Exception as error:
            if not self._failed:
                self._failed = True
                log.warning("BrlAPI: writing failed: %s", error)

    def _run_timer(self) -> None:
        """The timer thread: show the waiting message when the pager says its time came."""
        with self._lock:
            while not self._closing.is_set():
                due = self._pager.due()
                left = None if due is None else due - self._clock.now()
                if left is not None and left <= 0:
                    self._write(self._pager.tick())
                    continue
                self._lock.wait(left)

    def _take_pan_keys(self) -> bool:
        """Leave every key to BRLTTY but the pan keys. False (no key thread) if refused."""
        try:
            self._connection.ignoreAllKeys()
            self._connection.acceptKeys(RANGE_TYPE_COMMAND, accepted_keys())
        except Exception as error:
            log.warning("BrlAPI: cannot take the pan keys: %s", error)
            with contextlib.suppress(Exception):
                self._connection.ignoreAllKeys()
            return False
        return True

    def _read_keys(self) -> None:
        """The key thread: wait for pan keys until close()."""
        connection = self._connection
        timed = hasattr(connection, "readKeyWithTimeout")
        while not self._closing.is_set():
            try:
                code = (
                    connection.readKeyWithTimeout(KEY_POLL_MS)
                    if timed
                    else connection.readKey(True)
                )
            except Exception as error:
                if not self._closing.is_set():
                    log.warning("BrlAPI: reading keys failed: %s", error)
                return
            if code is not None and not self._closing.is_set():
                self.on_key(int(code))


def watch_panning(backend: object, listener: Callable[[], None]) -> bool:
    """Call ``listener`` on every pan key of the BrlAPI display in ``backend`` (itself, or
    the braille half of a pair). False when there is none: a screen reader's braille pans
    on its own, unseen by us."""
    for candidate in (backend, getattr(backend, "braille_backend", None)):
        if isinstance(candidate, BrlapiBackend):
            candidate.pan_listeners.append(listener)
            return True
    return False


def withdraw_braille(backend: object, text: str) -> bool:
    """Take ``text`` back from the BrlAPI display in ``backend`` (itself, or the braille half
    of a pair; see :meth:`BrlapiBackend.withdraw`). False when there is none."""
    for candidate in (backend, getattr(backend, "braille_backend", None)):
        if isinstance(candidate, BrlapiBackend):
            candidate.withdraw(text)
            return True
    return False


def probe_brlapi(lang: str = "en") -> tuple[BrlapiBackend | None, Attempt]:
    """Connect to BRLTTY if the brlapi module and a running BRLTTY are there (the display is
    named in ``lang``).

    The server and key file are BrlAPI's own defaults, or BRLAPI_HOST and BRLAPI_AUTH
    (e.g. ``keyfile:/etc/brlapi.key``) when set.
    """
    try:
        brlapi = import_system_module("brlapi")
    except ImportError:
        return None, Attempt.said(STAGE, "BrlAPI", False, "attempt.brlapi_missing")
    except Exception as error:  # a compiled module built for another Python
        return None, Attempt.said(STAGE, "BrlAPI", False, "attempt.brlapi_failed", error=error)
    try:
        connection = brlapi.Connection()
    except Exception as error:  # brlapi.ConnectionError when BRLTTY is not running
        return None, Attempt.said(STAGE, "BrlAPI", False, "attempt.brltty_unreachable", error=error)
    try:
        connection.enterTtyModeWithPath()
    except Exception as error:
        with contextlib.suppress(Exception):
            connection.closeConnection()
        return None, Attempt.said(STAGE, "BrlAPI", False, "attempt.display_taken", error=error)
    backend = BrlapiBackend(connection, lang=lang)
    return backend, Attempt.said(STAGE, backend.name, True, "attempt.brltty_running")
