"""The room's store on PostgreSQL (psycopg 3), for several room processes sharing one
database: the same interface as the SQLite ``room_db.Store``, so ``accounts`` and the table
directory run unchanged on either.

One connection, one statement or transaction at a time (a lock), as on SQLite; a connection
the server dropped is opened again before the next statement. Transactions run at REPEATABLE
READ: two processes changing the same row at once (a token resumed twice) make the second
fail instead of both succeeding, as SQLite's one writer at a time guarantees; the room answers
that failure "busy, try again". Migrations run under an advisory lock held by their
transaction, at READ COMMITTED so a process that waited for the lock sees what the other one
created, so two processes starting at once migrate once.
"""

from __future__ import annotations

import contextlib
import functools
import threading
from collections.abc import Iterator, Sequence

import psycopg

from audiopoker.room.room_db import Row, SchemaTooNew, Store
from audiopoker.room.room_schema import MIGRATIONS

MIGRATION_LOCK = 0x617564696F  # pg_advisory_xact_lock's key: "audio", any fixed number


@functools.lru_cache(maxsize=256)
def to_pyformat(sql: str) -> str:
    """The room's ``?`` parameters as psycopg's ``%s`` (a literal ``%`` doubled). Our SQL has
    no ``?`` inside a string literal; one there would be a parameter by mistake, so it is
    refused rather than guessed.

    >>> to_pyformat("SELECT 1 FROM t WHERE a = ? AND b LIKE 'x%'")
    "SELECT 1 FROM t WHERE a = %s AND b LIKE 'x%%'"
    """
    parts = sql.replace("%", "%%").split("'")
    if any("?" in literal for literal in parts[1::2]):
        raise ValueError(f"a '?' inside a string literal: {sql}")
    parts[::2] = [code.replace("?", "%s") for code in parts[::2]]
    return "'".join(parts)


class PgStore(Store):
    """A PostgreSQL database (``url``: ``postgresql://user:password@host/name``), migrated
    on opening. Safe from any thread."""

    def __init__(self, url: str) -> None:
        self._url = url
        self._lock = threading.RLock()
        self._pg = self._connect()
        self._depth = 0  # inside a transaction (a reconnect then would lose its work)
        self.version = self._migrate()

    def _connect(self) -> psycopg.Connection[Row]:
        # Autocommit: a statement outside ``transaction`` is its own, as with SQLite.
        return psycopg.connect(self._url, autocommit=True, connect_timeout=10)

    def _live(self) -> psycopg.Connection[Row]:
        if self._pg.closed and self._depth == 0:  # the server went away: try once more
            self._pg = self._connect()
        return self._pg

    def _migrate(self) -> int:
        with self._lock:
            pg = self._pg
            pg.execute("BEGIN ISOLATION LEVEL READ COMMITTED")
            try:
                # Held until COMMIT: a second process waits here, then sees the schema made.
                pg.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
                pg.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER)")
                found = pg.execute("SELECT MAX(version) FROM schema_version").fetchone()
                version = int(found[0] or 0) if found is not None else 0
                if version > len(MIGRATIONS):
                    raise SchemaTooNew(f"schema {version}; this room knows {len(MIGRATIONS)}")
                for number, statements in enumerate(MIGRATIONS[version:], start=version + 1):
                    for statement in statements:
                        pg.execute(to_pyformat(statement), ())
                    pg.execute("INSERT INTO schema_version VALUES (%s)", (number,))
            except BaseException:
                pg.execute("ROLLBACK")
                raise
            pg.execute("COMMIT")
        return len(MIGRATIONS)

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        """Everything inside is written together or not at all."""
        with self._lock:
            pg = self._live()
            pg.execute("BEGIN ISOLATION LEVEL REPEATABLE READ")
            self._depth += 1
            try:
                yield
            except BaseException:
                with contextlib.suppress(psycopg.Error):  # a dropped connection rolled back
                    pg.execute("ROLLBACK")
                raise
            finally:
                self._depth -= 1
            pg.execute("COMMIT")

    def execute(self, sql: str, parameters: Sequence[object] = ()) -> int:
        """Run one statement; how many rows it changed."""
        with self._lock:
            return self._live().execute(to_pyformat(sql), tuple(parameters)).rowcount

    def rows(self, sql: str, parameters: Sequence[object] = ()) -> list[Row]:
        """The rows a query returns."""
        with self._lock:
            cursor = self._live().execute(to_pyformat(sql), tuple(parameters))
            return [tuple(row) for row in cursor.fetchall()]

    def close(self) -> None:
        with self._lock:
            self._pg.close()
