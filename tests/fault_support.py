"""A disk that fails on purpose, in process: the faults a player's machine makes (a full
disk, a read-only folder, permission taken away, another program holding the file, an I/O
error) injected where the game's writes reach the system (``os.fsync``, ``os.replace``,
``os.open``, ``os.write``, SQLite's statements), so every write site can be made to fail in
turn. A full disk takes the first half of an ``os.write`` before it refuses, as a real one
does when it fills in the middle of a write.

SQLite's own behaviour is copied where it matters: after a full disk or an I/O error it has
already rolled the transaction back itself (which is what turned the old error into
"cannot rollback - no transaction is active").
"""

from __future__ import annotations

import errno
import os
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from audiopoker.output.backends import RecordingBackend
from audiopoker.output.router import Router, RoutingPolicy

# Each fault: the errno a file write meets, and what SQLite says for its statements.
FAULTS: dict[str, tuple[int, str]] = {
    "full": (errno.ENOSPC, "database or disk is full"),
    "read-only": (errno.EROFS, "attempt to write a readonly database"),
    "permission": (errno.EACCES, "attempt to write a readonly database"),
    "locked": (errno.EBUSY, "database is locked"),
    "io": (errno.EIO, "disk I/O error"),
}
# The sentence kind each fault is told as (persistence.faults.Fault values).
KIND = {"full": "full", "read-only": "denied", "permission": "denied", "locked": "locked",
        "io": "io"}  # fmt: skip

_WRITES = ("BEGIN", "INSERT", "UPDATE", "DELETE", "CREATE", "ALTER", "PRAGMA JOURNAL_MODE")


def _fd_path(descriptor: int) -> str:
    try:
        return os.readlink(f"/proc/self/fd/{descriptor}")
    except OSError:
        return ""


@dataclass
class Disk:
    """The faulty disk: ``fail(fault, where)`` arms a fault for paths containing ``where``
    (any path when empty); ``heal()`` disarms it. ``hits`` counts the writes refused."""

    fault: str | None = None
    where: str = ""
    hits: int = 0
    torn: bool = False  # a full disk took part of a write already
    _sql: list[str] = field(default_factory=list)

    def fail(self, fault: str, where: str = "") -> None:
        self.fault, self.where, self.torn = fault, where, False

    def heal(self) -> None:
        self.fault = None

    def refuses(self, path: str) -> bool:
        return self.fault is not None and self.where in path

    def os_error(self, path: str) -> OSError:
        assert self.fault is not None
        self.hits += 1
        code = FAULTS[self.fault][0]
        return OSError(code, os.strerror(code), path)

    def sql_error(self) -> sqlite3.OperationalError:
        assert self.fault is not None
        self.hits += 1
        return sqlite3.OperationalError(FAULTS[self.fault][1])


@contextmanager
def faulty_disk(monkeypatch: pytest.MonkeyPatch) -> Iterator[Disk]:
    """Patch the system calls our writes go through; yields the Disk to arm (healed on
    leaving)."""
    disk = Disk()
    real_fsync, real_replace, real_open, real_write = os.fsync, os.replace, os.open, os.write
    real_connect = sqlite3.connect

    def fsync(descriptor: int) -> None:
        path = _fd_path(descriptor)
        if disk.refuses(path):
            raise disk.os_error(path)
        real_fsync(descriptor)

    def replace(source: Any, target: Any, **kwargs: Any) -> None:
        if disk.refuses(str(target)):
            raise disk.os_error(str(target))
        real_replace(source, target, **kwargs)

    def open_(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        writing = flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT)
        if writing and disk.refuses(str(path)):
            raise disk.os_error(str(path))
        return real_open(path, flags, *args, **kwargs)

    def write(descriptor: int, data: Any) -> int:
        path = _fd_path(descriptor)
        if disk.where and disk.refuses(path):
            if disk.fault == "full" and not disk.torn and len(data) > 1:
                disk.torn = True  # the disk fills in the middle of this write
                return real_write(descriptor, bytes(data)[: len(data) // 2])
            raise disk.os_error(path)
        return real_write(descriptor, data)

    class Connection(sqlite3.Connection):
        path = ""

        def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:  # type: ignore[override]
            if sql.lstrip().upper().startswith(_WRITES) and disk.refuses(self.path):
                if self.in_transaction and disk.fault in ("full", "io"):
                    super().execute("ROLLBACK")  # SQLite does this itself on these errors
                raise disk.sql_error()
            return super().execute(sql, *args)

    def connect(database: Any, *args: Any, **kwargs: Any) -> sqlite3.Connection:
        kwargs.setdefault("factory", Connection)
        connection = real_connect(database, *args, **kwargs)
        if isinstance(connection, Connection):
            connection.path = str(database)
        return connection

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    monkeypatch.setattr(os, "open", open_)
    monkeypatch.setattr(os, "write", write)
    monkeypatch.setattr(sqlite3, "connect", connect)
    try:
        yield disk
    finally:
        disk.heal()  # the patches stay until the test ends, harmless once healed


def damaged_files(folder: Path) -> list[str]:
    """Names of the files set aside as damaged (or short) anywhere under ``folder``."""
    return sorted(p.name for p in folder.rglob("*") if ".damaged-" in p.name or ".short-" in p.name)


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (but the lock and the log), by relative path."""
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in folder.rglob("*")
        if p.is_file() and p.name != "audiopoker.lock" and "logs" not in p.parts
    }


Step = Callable[[], None]


def refuse_reads(monkeypatch: pytest.MonkeyPatch, path: Path, fault: str) -> None:
    """Reading ``path`` fails with ``fault`` (a permission taken away, an I/O error), as the
    system refuses it; root reads any file, so a test cannot take the permission away."""
    code = FAULTS[fault][0]
    real = Path.read_bytes

    def read_bytes(self: Path) -> bytes:
        if self == path:
            raise OSError(code, os.strerror(code), str(self))
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", read_bytes)


def told(lang: str) -> tuple[Router, RecordingBackend]:
    """A router in ``lang`` whose backend keeps what was said."""
    backend = RecordingBackend()
    return Router(backend, policy=RoutingPolicy(echo=True), lang=lang), backend


def spoken(router: Router, backend: RecordingBackend) -> list[str]:
    """Everything said, once the router has said it all (and is closed)."""
    router.drain(5)
    router.close()
    return list(backend.spoken)
