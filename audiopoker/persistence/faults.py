"""What went wrong with a file: a fault of the machine (the disk is full, the folder cannot
be written, another program holds the file, the disk failed) or damage found in what was
read. Only damage sets a file aside; a fault leaves every file as it is, and the game tries
again later. The UI says each kind in the player's words; the technical text goes to the
log only.

>>> import errno
>>> kind_of(OSError(errno.ENOSPC, "No space left on device")).value
'full'
>>> kind_of(sqlite3.OperationalError("database or disk is full")).value
'full'
>>> kind_of(sqlite3.DatabaseError("file is not a database")).value
'damaged'
>>> kind_of(OSError(errno.EROFS, "Read-only file system")).value
'denied'
>>> kind_of(DiskFull("disk I/O error (the disk is full)")).value
'full'
"""

from __future__ import annotations

import enum
import errno
import shutil
import sqlite3
from pathlib import Path
from typing import Final


class Fault(enum.Enum):
    """The kind of a problem with a file, as the player is told it."""

    FULL = "full"  # no space left (or the quota is used up)
    DENIED = "denied"  # read-only, or not allowed to write there
    LOCKED = "locked"  # another program holds the file
    IO = "io"  # the disk or the system failed (and anything we cannot tell apart)
    DAMAGED = "damaged"  # the file was read and is not what it should be


_ERRNO: Final[dict[int, Fault]] = {
    errno.ENOSPC: Fault.FULL,
    errno.EDQUOT: Fault.FULL,
    errno.EFBIG: Fault.FULL,
    errno.EROFS: Fault.DENIED,
    errno.EACCES: Fault.DENIED,
    errno.EPERM: Fault.DENIED,
    errno.EBUSY: Fault.LOCKED,
    errno.ETXTBSY: Fault.LOCKED,
}

# SQLite's primary result codes (the low byte of an extended code).
_SQLITE: Final[dict[int, Fault]] = {
    13: Fault.FULL,  # SQLITE_FULL
    8: Fault.DENIED,  # SQLITE_READONLY
    3: Fault.DENIED,  # SQLITE_PERM
    23: Fault.DENIED,  # SQLITE_AUTH
    5: Fault.LOCKED,  # SQLITE_BUSY
    6: Fault.LOCKED,  # SQLITE_LOCKED
    10: Fault.IO,  # SQLITE_IOERR
    14: Fault.IO,  # SQLITE_CANTOPEN: the folder or file cannot be opened, not damage
    11: Fault.DAMAGED,  # SQLITE_CORRUPT
    26: Fault.DAMAGED,  # SQLITE_NOTADB
}

# An error made without a code (by a wrapper, or a test) is told by SQLite's own words.
_SQLITE_WORDS: Final = (
    ("disk is full", Fault.FULL),
    ("readonly", Fault.DENIED),
    ("read-only", Fault.DENIED),
    ("permission", Fault.DENIED),
    ("not authorized", Fault.DENIED),
    ("is locked", Fault.LOCKED),
    ("busy", Fault.LOCKED),
    ("malformed", Fault.DAMAGED),
    ("not a database", Fault.DAMAGED),
    ("corrupt", Fault.DAMAGED),
)


# Bytes free under which a disk counts as full (SQLite grows its files by pages and by
# 32 KiB of shared memory; a disk with less than this left is full for any of its writes).
FULL_BELOW: Final = 1 << 20


class DiskFull(sqlite3.OperationalError):
    """SQLite's I/O error on a disk that has no space left. SQLite says "disk I/O error"
    when growing its shared-memory or journal file fails, without saying why (a real full
    disk, met at the start of a game, is reported that way): the player must hear that the
    disk is full, not that it is failing."""


def disk_full(folder: Path) -> bool:
    """True when the disk holding ``folder`` has (almost) no space left for us."""
    try:
        return shutil.disk_usage(folder).free < FULL_BELOW
    except OSError:
        return False


def explained(error: sqlite3.Error, folder: Path | None) -> sqlite3.Error:
    """``error`` as the player must hear it: SQLite's I/O error in ``folder`` on a full
    disk is a :class:`DiskFull` (the original is its cause, for the log); else ``error``."""
    if folder is None or kind_of(error) is not Fault.IO or not disk_full(folder):
        return error
    full = DiskFull(f"{error} (the disk is full)")
    full.__cause__ = error
    return full


def kind_of(error: BaseException) -> Fault:
    """The kind of ``error`` (an OSError or a sqlite3 error); anything else is IO."""
    if isinstance(error, DiskFull):
        return Fault.FULL
    if isinstance(error, OSError):
        code = error.errno
        if code is None and getattr(error, "winerror", None) in (32, 33):
            return Fault.LOCKED  # Windows: sharing or lock violation
        return _ERRNO.get(code, Fault.IO) if code is not None else Fault.IO
    if isinstance(error, sqlite3.Error):
        code = getattr(error, "sqlite_errorcode", None)
        if isinstance(code, int) and code & 0xFF in _SQLITE:
            return _SQLITE[code & 0xFF]
        words = str(error).lower()
        for phrase, fault in _SQLITE_WORDS:
            if phrase in words:
                return fault
    return Fault.IO


def is_damage(error: BaseException) -> bool:
    """True only when what was read is damaged; never for a failed write."""
    return kind_of(error) is Fault.DAMAGED
