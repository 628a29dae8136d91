"""What the room keeps: a SQL database, SQLite by default (a file, nothing to set up), or
PostgreSQL (``room_pg``) so several room processes share accounts and the table directory.

The room's code speaks to it through ``Store`` (``room_store.open_store`` picks the backend
from the target): ``?`` parameters, rows as tuples, one transaction at a time (``transaction``), the
schema migrated to the newest version on opening (``room_schema.MIGRATIONS``). A store opened
on a newer schema than this version knows is refused rather than written to.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from audiopoker.room.room_schema import MIGRATIONS

Row = tuple[Any, ...]
POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres(target: Path | str) -> bool:
    """Whether ``target`` names a PostgreSQL database rather than a SQLite file.

    >>> is_postgres("postgresql://room@db/room"), is_postgres("room.sqlite3")
    (True, False)
    """
    return isinstance(target, str) and target.startswith(POSTGRES_SCHEMES)


class SchemaTooNew(Exception):
    """The database was written by a newer room than this one."""


class Store:
    """A SQLite database (``path``, or ``":memory:"``), migrated on opening. Safe from any
    thread: one connection, one statement or transaction at a time."""

    def __init__(self, path: Path | str) -> None:
        if isinstance(path, Path):
            path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA foreign_keys = ON")
        self._db.execute("PRAGMA journal_mode = WAL")  # readers never wait for the writer
        self._lock = threading.RLock()
        self.version = self._migrate()

    def _migrate(self) -> int:
        with self.transaction():
            self._db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER)")
            found = self._db.execute("SELECT MAX(version) FROM schema_version").fetchone()
            version = int(found[0] or 0)
            if version > len(MIGRATIONS):
                raise SchemaTooNew(f"schema {version}; this room knows {len(MIGRATIONS)}")
            for number, statements in enumerate(MIGRATIONS[version:], start=version + 1):
                for statement in statements:
                    self._db.execute(statement)
                self._db.execute("INSERT INTO schema_version VALUES (?)", (number,))
        return len(MIGRATIONS)

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        """Everything inside is written together or not at all."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def execute(self, sql: str, parameters: Sequence[object] = ()) -> int:
        """Run one statement; how many rows it changed."""
        with self._lock:
            return self._db.execute(sql, tuple(parameters)).rowcount

    def rows(self, sql: str, parameters: Sequence[object] = ()) -> list[Row]:
        """The rows a query returns."""
        with self._lock:
            return [tuple(row) for row in self._db.execute(sql, tuple(parameters))]

    def row(self, sql: str, parameters: Sequence[object] = ()) -> Row | None:
        """The first row a query returns, or None."""
        found = self.rows(sql, parameters)
        return found[0] if found else None

    def close(self) -> None:
        with self._lock:
            self._db.close()
