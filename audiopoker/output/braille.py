"""Braille on Linux through BRLTTY's BrlAPI (the optional ``brlapi`` module, Debian's
python3-brlapi). Where it is missing or BRLTTY is not running, the screen reader's own braille
is used instead."""

from __future__ import annotations

import contextlib
import logging
from typing import Any

from audiopoker.output.backends import Attempt
from audiopoker.output.sysmodules import import_system_module

log = logging.getLogger(__name__)

STAGE = "braille"


class BrlapiBackend:
    """Shows each message on the braille display; has no speech.

    It takes the display in tty mode for our terminal, so BRLTTY shows our messages rather
    than a copy of the screen, and gives it back on close().
    """

    def __init__(self, connection: Any) -> None:
        self._connection = connection
        self.cells = self._size(connection)
        driver = str(getattr(connection, "driverName", "") or "BRLTTY")
        self.name = f"BrlAPI ({driver}, {self.cells} cells)" if self.cells else "BrlAPI"
        self._failed = False

    @staticmethod
    def _size(connection: Any) -> int:
        size = getattr(connection, "displaySize", None)
        try:
            columns, rows = size if size is not None else (0, 0)
            return int(columns) * max(int(rows), 1)
        except (TypeError, ValueError):
            return 0

    def speak(self, text: str, interrupt: bool) -> None:
        """No speech here."""

    def braille(self, text: str, interrupt: bool = False) -> None:
        """Write ``text``; the display shows as many cells as it has."""
        if not text or self._connection is None:
            return
        try:
            self._connection.writeText(text)
        except Exception as error:
            if not self._failed:
                self._failed = True
                log.warning("BrlAPI: writing failed: %s", error)

    def silence(self) -> None:
        """No speech here."""

    def is_speaking(self) -> bool | None:
        """No speech here."""
        return False

    def close(self) -> None:
        """Give the display back to BRLTTY."""
        connection, self._connection = self._connection, None
        if connection is None:
            return
        for step in ("leaveTtyMode", "closeConnection"):
            try:
                getattr(connection, step)()
            except Exception as error:
                log.debug("BrlAPI: %s failed: %s", step, error)


def probe_brlapi() -> tuple[BrlapiBackend | None, Attempt]:
    """Connect to BRLTTY if the brlapi module and a running BRLTTY are there."""
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
    backend = BrlapiBackend(connection)
    return backend, Attempt.said(STAGE, backend.name, True, "attempt.brltty_running")
