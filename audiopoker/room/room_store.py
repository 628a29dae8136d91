"""Which store a room opens: PostgreSQL for a ``postgresql://`` URL (``room_pg``, psycopg
imported only then), SQLite otherwise (``room_db``). Apart from both, so neither imports the
other."""

from __future__ import annotations

from pathlib import Path

from audiopoker.room.room_db import Store, is_postgres


def open_store(target: Path | str) -> Store:
    """The store at ``target``: a ``postgresql://`` URL, a SQLite file's path, or
    ``":memory:"``; migrated (``SchemaTooNew`` when it is newer than this room)."""
    if is_postgres(target):
        from audiopoker.room.room_pg import PgStore

        return PgStore(str(target))
    return Store(target)
