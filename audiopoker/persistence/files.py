"""Files that survive a crash: the data folder, atomic replacement, durable appends, the
lock that keeps a second copy of the game out, and setting a bad file aside.

Every write that matters is made durable before the next step relies on it: a replaced
file is written to a temporary file in the same folder, flushed to disk (fsync), renamed
over the old one (``os.replace`` is atomic) and the folder itself is flushed, so after a
crash or a power cut the old file or the new one is there, never half of one.
"""

from __future__ import annotations

import contextlib
import datetime
import os
import sys
import tempfile
from pathlib import Path
from typing import IO, Final

import platformdirs

APP_NAME: Final = "audiopoker"
DATA_DIR_ENV: Final = "AUDIOPOKER_DATA_DIR"  # tests and portable installs choose the folder
LOCK_NAME: Final = "audiopoker.lock"
TEMP_PREFIX: Final = ".tmp-"


def data_dir() -> Path:
    """Where games, hand histories and statistics are kept: ``$AUDIOPOKER_DATA_DIR`` when
    set, otherwise the user data folder platformdirs gives (e.g. ~/.local/share/audiopoker)."""
    chosen = os.environ.get(DATA_DIR_ENV)
    if chosen:
        return Path(chosen).expanduser()
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def fsync_dir(directory: Path) -> None:
    """Flush a folder's entries (a rename or a new file) to disk, where the system can;
    Windows cannot open a folder for that and commits renames itself."""
    if sys.platform == "win32":
        return
    descriptor = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def atomic_write(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` all at once: temp file in the same folder, fsync,
    rename, fsync the folder. A crash leaves the old file or the new one, and at worst a
    stray temporary file (``remove_stray_temporaries`` clears it)."""
    directory = path.parent
    handle, temporary = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=".part", dir=directory)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    fsync_dir(directory)


def remove_stray_temporaries(directory: Path) -> int:
    """Delete temporary files left by a write that a crash cut short (never a real file:
    only our ``.tmp-*.part`` names). Returns how many were removed."""
    removed = 0
    for stray in directory.glob(f"{TEMP_PREFIX}*.part"):
        with contextlib.suppress(OSError):
            stray.unlink()
            removed += 1
    return removed


def append_durably(path: Path, data: bytes, expected_size: int) -> int:
    """Append ``data`` at ``expected_size`` (cutting anything beyond it first: the tail of
    an append a crash interrupted) and fsync. Returns the new size."""
    with open(path, "ab") as file:
        file.truncate(expected_size)
        file.seek(expected_size)
        file.write(data)
        file.flush()
        os.fsync(file.fileno())
        return file.tell()


def keep_aside(path: Path, label: str, now: datetime.datetime | None = None) -> Path:
    """Rename ``path`` to ``<name>.<label>-<timestamp>`` beside it and return the new path.
    An existing name is never overwritten (a number is added); nothing is deleted."""
    stamp = (now or datetime.datetime.now()).strftime("%Y%m%d-%H%M%S")
    base = f"{path.name}.{label}-{stamp}"
    candidate = path.with_name(base)
    number = 1
    while candidate.exists():
        number += 1
        candidate = path.with_name(f"{base}-{number}")
    # os.link refuses an existing target, so even a race cannot overwrite a kept file.
    try:
        os.link(path, candidate)
    except OSError:
        if candidate.exists():
            raise
        os.rename(path, candidate)  # file systems without hard links
    else:
        path.unlink()
    fsync_dir(path.parent)
    return candidate


class LockBusy(Exception):
    """Another copy of the game holds the data folder. ``owner`` is what it wrote in the
    lock file (its process id), when readable."""

    def __init__(self, path: Path, owner: str | None) -> None:
        self.path = path
        self.owner = owner
        super().__init__(f"{path} is locked" + (f" by process {owner}" if owner else ""))


class DataLock:
    """An exclusive lock on the data folder, held for as long as a game may write there.

    An OS lock (``fcntl.flock`` on POSIX, ``msvcrt.locking`` on Windows) on a lock file:
    the system releases it when the process ends, however it ends (even SIGKILL), so a
    crashed game never leaves the folder locked.
    """

    def __init__(self, directory: Path) -> None:
        self.path = directory / LOCK_NAME
        self._file: IO[bytes] | None = None

    @property
    def held(self) -> bool:
        """True while this object holds the lock."""
        return self._file is not None

    def acquire(self) -> None:
        """Take the lock now or raise LockBusy (never waits)."""
        if self._file is not None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        file = open(self.path, "a+b")  # noqa: SIM115 - held open for the game's life
        try:
            _lock(file)
        except OSError:
            owner = None
            with contextlib.suppress(OSError):  # Windows refuses to read locked bytes
                file.seek(0)
                owner = file.read(64).decode("ascii", "replace").strip() or None
            file.close()
            raise LockBusy(self.path, owner) from None
        file.seek(0)
        file.truncate()
        file.write(str(os.getpid()).encode("ascii"))
        file.flush()
        self._file = file

    def release(self) -> None:
        """Let go of the lock (closing the file releases it too)."""
        file, self._file = self._file, None
        if file is not None:
            with contextlib.suppress(OSError):
                _unlock(file)
            file.close()

    def __enter__(self) -> DataLock:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _lock(file: IO[bytes]) -> None:
        file.seek(0)
        msvcrt.locking(file.fileno(), msvcrt.LK_NBLCK, 1)

    def _unlock(file: IO[bytes]) -> None:
        file.seek(0)
        msvcrt.locking(file.fileno(), msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock(file: IO[bytes]) -> None:
        fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock(file: IO[bytes]) -> None:
        fcntl.flock(file.fileno(), fcntl.LOCK_UN)
