"""The data folder of one copy of the game: its lock, the saved game, the hand histories
and the statistics database.

    <data dir>/audiopoker.lock         held while a game may write (a second copy is refused)
    <data dir>/saved-game.json         the game in progress (atomic rewrite per hand)
    <data dir>/histories/<game>.phhs   every hand of each game, PHH
    <data dir>/statistics.sqlite3      hands and games (WAL)

Files read and found damaged are kept aside with a timestamp
(``saved-game.json.damaged-...``), never deleted or overwritten. A file the system would
not let us read or write (a full disk, a read-only folder, a locked file, a disk error) is
a fault of the machine, not damage: it stays where it is, as it is. A saved game that could
not be read is never replaced by a new game, nor is one found in a folder that could only be
opened once the new game had begun (``save_kept``). Without a folder (``Store(None)``)
nothing is written: the histories and statistics of the game live in memory.
"""

from __future__ import annotations

import datetime
import errno
import logging
import secrets
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from audiopoker.persistence.faults import is_damage, kind_of
from audiopoker.persistence.files import (
    DataLock,
    LockBusy,
    atomic_write,
    fsync_dir,
    keep_aside,
    remove_stray_temporaries,
)
from audiopoker.persistence.history import HistoryFile
from audiopoker.persistence.save import HistoryMark, SavedGame, SaveError
from audiopoker.persistence.stats import DB_NAME, StatsDB, StatsTooNew

SAVE_NAME: Final = "saved-game.json"
HISTORY_DIR: Final = "histories"
HISTORY_SUFFIX: Final = ".phhs"

log = logging.getLogger(__name__)


def now_text() -> str:
    """The local time, to the second, as ISO 8601 text."""
    return datetime.datetime.now().replace(microsecond=0).isoformat()


def new_game_id() -> str:
    """A game's id: when it started and a few random letters (unique, sorts by time)."""
    return datetime.datetime.now().strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(3)


@dataclass(frozen=True, slots=True)
class SaveLoad:
    """What was found at start: a usable save, none, one we refused (``error``) and kept
    aside under ``kept_as``, or one the system would not let us read (``unread``: a fault,
    the file stays where it is and is never replaced)."""

    saved: SavedGame | None = None
    error: SaveError | None = None
    kept_as: Path | None = None
    unread: OSError | None = None


class Store:
    """One game copy's data folder (``directory`` None: everything in memory).

    ``open`` takes the lock (LockBusy when another copy holds it), clears temporary files
    a crash left, and opens the statistics (a database read and found damaged is kept aside
    and a new one started: ``stats_kept_as`` says where the old one went; one that cannot
    be written, a full disk or a locked file, is left as it is and the error raised, and
    kept as ``fault``: the game plays on and the recorder tries ``reopen`` after each hand).
    """

    def __init__(self, directory: Path | None) -> None:
        self.directory = directory
        self.lock = DataLock(directory) if directory is not None else None
        self._stats: StatsDB | None = None
        self.stats_kept_as: Path | None = None
        # The file reconcile cut, handed to the next history() call for that mark (the
        # recorder's): a file found short is kept aside once, and the game can say so.
        self._cut: dict[tuple[str, HistoryMark], HistoryFile] = {}
        # What kept the folder from opening (a fault of the machine), until it opens.
        self.fault: OSError | sqlite3.Error | None = None
        # A saved game is in the folder that this game must never replace: it could not be
        # read, or it was there when the folder opened late (the player was told it stays).
        self.save_kept = False

    @property
    def saving(self) -> bool:
        """True when games are written to disk."""
        return self.directory is not None

    @property
    def opened(self) -> bool:
        """True once the folder is open (the statistics with it)."""
        return self._stats is not None

    @property
    def stats(self) -> StatsDB:
        """The statistics database (opened by ``open``)."""
        if self._stats is None:
            raise RuntimeError("the store is not open")
        return self._stats

    @property
    def save_path(self) -> Path | None:
        """Where the saved game lives (None in memory)."""
        return None if self.directory is None else self.directory / SAVE_NAME

    def open(self) -> None:
        """Lock the folder and open the statistics. Raises LockBusy, or OSError when the
        folder cannot be made, or StatsTooNew for a database from a newer version."""
        if self.directory is None or self.lock is None:
            self._stats = StatsDB(None)
            return
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            self.lock.acquire()
            try:
                remove_stray_temporaries(self.directory)
                (self.directory / HISTORY_DIR).mkdir(exist_ok=True)
                self._stats = self._open_stats(self.directory / DB_NAME)
            except BaseException:
                self.lock.release()
                raise
        except (OSError, sqlite3.Error) as error:
            self.fault = error
            raise
        self.fault = None

    def reopen(self) -> None:
        """Open the folder that could not be opened at the start (``fault``), as the game
        goes on: raises the fault while it lasts, and another copy of the game that took
        the folder meanwhile as a file in use (EBUSY). A saved game found there once it
        opens was another game's, which the player was told stays: it is kept."""
        if self.opened:
            return
        try:
            self.open()
        except LockBusy as busy:
            raise OSError(errno.EBUSY, "another copy holds the folder", str(busy.path)) from busy
        path = self.save_path
        if path is not None and path.exists():
            self.save_kept = True

    def waiting_hand(self) -> int | None:
        """The hand the saved game in the folder resumes from (read only, never set aside);
        None when there is none or it cannot be read."""
        path = self.save_path
        try:
            return None if path is None else SavedGame.from_json(path.read_bytes()).hand_number + 1
        except (OSError, SaveError):
            return None

    def _open_stats(self, path: Path) -> StatsDB:
        try:
            return StatsDB(path)
        except StatsTooNew:
            raise
        except sqlite3.DatabaseError as error:
            if not is_damage(error):
                raise  # a full disk or a locked file is the machine's fault: keep the file
            log.warning("statistics database %s damaged (%s): kept aside", path, error)
            self.stats_kept_as = keep_aside(path, "damaged")
            for companion in (Path(f"{path}-wal"), Path(f"{path}-shm")):
                if companion.exists():
                    keep_aside(companion, "damaged")
            return StatsDB(path)

    def close(self) -> None:
        """Close the statistics and release the lock."""
        if self._stats is not None:
            self._stats.close()
            self._stats = None
        if self.lock is not None:
            self.lock.release()

    def __enter__(self) -> Store:
        self.open()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- the saved game -----------------------------------------------------------------
    def load(self) -> SaveLoad:
        """The saved game, if there is one. A save read and found unusable is kept aside at
        once; one the system would not let us read stays where it is (``unread``), and this
        game will not replace it."""
        path = self.save_path
        if path is None or not path.exists():
            return SaveLoad()
        try:
            data = path.read_bytes()
        except OSError as error:
            kind = kind_of(error).value
            log.warning("saved game %s not read (%s): %s; left as it is", path, kind, error)
            self.save_kept = True
            return SaveLoad(unread=error)
        try:
            return SaveLoad(SavedGame.from_json(data))
        except SaveError as error:
            return self._refuse(error)

    def _refuse(self, error: SaveError) -> SaveLoad:
        return SaveLoad(None, error, self.set_aside(error))

    def set_aside(self, error: SaveError) -> Path | None:
        """Keep the save file aside (renamed with a timestamp) after ``error``."""
        path = self.save_path
        if path is None or not path.exists():
            return None
        kept = keep_aside(path, "damaged")
        log.warning("saved game refused (%s): kept as %s", error, kept)
        return kept

    def write_save(self, saved: SavedGame) -> None:
        """Replace the saved game, atomically."""
        if self.save_path is not None:
            atomic_write(self.save_path, saved.to_json())

    def remove_save(self, game_id: str) -> None:
        """The game is over: its save goes (only when it was read and is that game's: a file
        that cannot be read now may be another game's)."""
        path = self.save_path
        if path is None or not path.exists() or self.save_kept:
            return
        try:
            if SavedGame.from_json(path.read_bytes()).game_id != game_id:
                return
        except (OSError, ValueError):
            return
        path.unlink(missing_ok=True)
        fsync_dir(path.parent)

    def reconcile(self, saved: SavedGame) -> None:
        """Make the history file and the statistics agree with ``saved``: a copy that
        crashed after writing a hand but before saving recorded a hand the game will now
        play again, so it is cut from both."""
        cut = self.history(saved.game_id, saved.history)  # cuts the file to the mark
        self._cut[saved.game_id, saved.history] = cut
        try:
            dropped = self.stats.cut_after(saved.game_id, saved.hand_number)
        except sqlite3.Error as error:  # a fault: the hand played again replaces its row
            log.warning(
                "unsaved hands of %s not cut (%s): %s", saved.game_id, kind_of(error).value, error
            )
            return
        if dropped:
            log.info("dropped %d unsaved hand(s) of %s", dropped, saved.game_id)

    # --- hand histories -----------------------------------------------------------------
    def history_path(self, game_id: str) -> Path | None:
        """The ``.phhs`` file of a game (None in memory)."""
        if self.directory is None:
            return None
        return self.directory / HISTORY_DIR / (game_id + HISTORY_SUFFIX)

    def history(self, game_id: str, mark: HistoryMark | None = None) -> HistoryFile:
        """The game's history file, cut to ``mark`` (a new game: empty)."""
        if mark is not None and (game_id, mark) in self._cut:
            return self._cut.pop((game_id, mark))
        path = self.history_path(game_id)
        if path is not None and mark is not None:
            path = path.with_name(mark.file)
        return HistoryFile(path, mark)
