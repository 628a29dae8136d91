"""Where log records go: a file in the user log folder, never the player's console.

Without any configuration Python prints every warning on stderr, in English, in the middle
of a game (a screen reader reads it out between two hands). The command line calls
:func:`configure_logging` once: records go to ``audiopoker.log`` in platformdirs' user log
folder (``$AUDIOPOKER_DATA_DIR/logs`` when that variable chooses the data folder, as the
tests do), and with ``--debug`` to stderr as well. Whatever the player must know is said
through the output router in their language; the log is for bug reports.
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import sys
from logging.handlers import RotatingFileHandler
from pathlib import Path
from typing import Any, Final

import platformdirs

from audiopoker.persistence.files import APP_NAME, DATA_DIR_ENV

LOG_FILE_NAME: Final = "audiopoker.log"
MAX_LOG_BYTES: Final = 1_000_000
LOG_BACKUPS: Final = 2  # audiopoker.log.1 and .2: enough to send with a bug report
FORMAT: Final = "%(asctime)s %(levelname)s %(name)s [%(threadName)s] %(message)s"
# The handlers this module installs, by name, so a second call replaces them.
_FILE_HANDLER: Final = "audiopoker-log-file"
_DEBUG_HANDLER: Final = "audiopoker-log-stderr"


class QuietFileHandler(RotatingFileHandler):
    """The log file, which never reaches the console: a record it cannot write (a full
    disk, a folder made read-only) is dropped, where logging would print a traceback in
    English on stderr, in the middle of the game. A record a crash cut in the middle (the
    file does not end with a line's end) is ended before the next one is written, so the
    next record starts a line of its own."""

    def handleError(self, record: logging.LogRecord) -> None:
        """Drop the record; the game goes on and tells the player what matters itself."""

    def _open(self) -> io.TextIOWrapper[Any]:
        stream = super()._open()
        if not _ends_a_line(self.baseFilename):
            with contextlib.suppress(OSError):
                stream.write("\n")
        return stream


def _ends_a_line(path: str) -> bool:
    """True when the file is empty or ends with a line's end (False: a record cut short)."""
    try:
        with open(path, "rb") as file:
            if file.seek(0, os.SEEK_END) == 0:
                return True
            file.seek(-1, os.SEEK_END)
            return file.read(1) == b"\n"
    except OSError:
        return True


def log_dir() -> Path:
    """The folder of the log file: ``$AUDIOPOKER_DATA_DIR/logs`` when set, otherwise the
    user log folder platformdirs gives (e.g. ~/.local/state/audiopoker/log)."""
    chosen = os.environ.get(DATA_DIR_ENV)
    if chosen:
        return Path(chosen).expanduser() / "logs"
    return Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))


def log_path() -> Path:
    """The log file."""
    return log_dir() / LOG_FILE_NAME


def configure_logging(debug: bool = False) -> Path | None:
    """Send every log record to the log file (created at the first record), and with
    ``debug`` to stderr too, at every level. Returns the file, or None when its folder
    cannot be made (records then go nowhere rather than onto the console). Calling it
    again replaces what an earlier call installed."""
    root = logging.getLogger()
    for installed in list(root.handlers):
        if installed.get_name() in (_FILE_HANDLER, _DEBUG_HANDLER):
            root.removeHandler(installed)
            installed.close()
    path: Path | None = log_path()
    handler: logging.Handler
    try:
        log_dir().mkdir(parents=True, exist_ok=True)
        handler = QuietFileHandler(
            log_path(),
            maxBytes=MAX_LOG_BYTES,
            backupCount=LOG_BACKUPS,
            encoding="utf-8",
            delay=True,
        )
    except OSError:
        handler, path = logging.NullHandler(), None
    handler.set_name(_FILE_HANDLER)
    handler.setFormatter(logging.Formatter(FORMAT))
    root.addHandler(handler)
    if debug:
        loud = logging.StreamHandler(sys.stderr)
        loud.set_name(_DEBUG_HANDLER)
        loud.setFormatter(logging.Formatter(FORMAT))
        root.addHandler(loud)
    # Every level of ours and libraries' warnings; with --debug everything.
    root.setLevel(logging.DEBUG if debug else logging.WARNING)
    logging.getLogger(APP_NAME).setLevel(logging.DEBUG if debug else logging.INFO)
    logging.captureWarnings(True)  # Python's warnings go to the log as well
    # A log file that cannot be written (a full disk) must not print a traceback instead.
    logging.raiseExceptions = False
    return path
