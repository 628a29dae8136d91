"""The room's tables, as numbered migrations applied in order and recorded in
``schema_version``.

Our own numbered migrations rather than a migration tool (Alembic and the like): the
schema is a few tables; a tool would bring an ORM and its engine as dependencies into a
game that installs with pip on a player's machine; plain SQL in the portable subset runs on
SQLite and PostgreSQL alike, so one list serves both (``room_db`` translates the parameter
style). A migration is never edited once shipped: a change is a new one at the end.
"""

from __future__ import annotations

from typing import Final

# Each migration: its statements, run in one transaction with the version's record.
MIGRATIONS: Final[tuple[tuple[str, ...], ...]] = (
    (  # 1: accounts, their sessions, and the attempts the rate limits count
        """CREATE TABLE accounts (
            id TEXT PRIMARY KEY,  -- random: portable, and no count of accounts leaks
            name TEXT NOT NULL,
            folded TEXT NOT NULL UNIQUE,
            password TEXT NOT NULL,
            role TEXT NOT NULL DEFAULT 'player',
            created DOUBLE PRECISION NOT NULL
        )""",
        """CREATE TABLE sessions (
            token TEXT PRIMARY KEY,
            account TEXT NOT NULL REFERENCES accounts(id),
            family TEXT NOT NULL,
            expires DOUBLE PRECISION NOT NULL,
            rotated DOUBLE PRECISION
        )""",
        "CREATE INDEX sessions_family ON sessions(family)",
        """CREATE TABLE attempts (
            kind TEXT NOT NULL,
            subject TEXT NOT NULL,
            at DOUBLE PRECISION NOT NULL
        )""",
        "CREATE INDEX attempts_subject ON attempts(kind, subject, at)",
    ),
    (  # 2: moderation: bans (until a time, or for good) and reports
        """CREATE TABLE bans (
            account TEXT PRIMARY KEY REFERENCES accounts(id),
            by_name TEXT NOT NULL,
            until DOUBLE PRECISION,
            at DOUBLE PRECISION NOT NULL
        )""",
        """CREATE TABLE reports (
            id TEXT PRIMARY KEY,
            by_name TEXT NOT NULL,
            about TEXT NOT NULL,
            text TEXT NOT NULL,
            at DOUBLE PRECISION NOT NULL
        )""",
    ),
    (  # 3: the table directory room processes on one database share, and one-time grants
        """CREATE TABLE room_tables (
            id TEXT PRIMARY KEY,
            process TEXT NOT NULL,  -- the room process holding the table
            url TEXT NOT NULL,  -- where that process is reached (its public address)
            owner TEXT NOT NULL,
            private INTEGER NOT NULL,
            code TEXT NOT NULL,  -- the code of a private table, checked by any process
            info TEXT NOT NULL,  -- the lobby TableInfo as JSON: spec, players, spectators
            seen DOUBLE PRECISION NOT NULL  -- wall clock: the last look of its process
        )""",
        "CREATE INDEX room_tables_process ON room_tables(process)",
        """CREATE TABLE grants (
            digest TEXT PRIMARY KEY,  -- a digest of the grant token, never the token
            table_id TEXT NOT NULL,
            name TEXT NOT NULL,
            watch INTEGER NOT NULL,
            expires DOUBLE PRECISION NOT NULL
        )""",
    ),
)
