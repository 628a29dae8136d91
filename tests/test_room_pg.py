"""The room's store on a real PostgreSQL (issue 28, point 3): several processes opening one
fresh database at once migrate it once; the room's ``?`` SQL is translated for psycopg and a
``?`` inside a string literal is refused. (The accounts' tests run on both backends.)"""

from __future__ import annotations

import threading

import pytest

from audiopoker.room.room_db import Store
from audiopoker.room.room_pg import to_pyformat
from audiopoker.room.room_schema import MIGRATIONS
from audiopoker.room.room_store import open_store


@pytest.mark.slow  # a real database server
def test_stores_opened_at_once_migrate_the_database_once(postgres_url: str) -> None:
    # Each its own connection, as separate room processes have: the database's locks decide.
    start = threading.Barrier(4)
    opened: list[Store] = []
    failed: list[BaseException] = []

    def open_one() -> None:
        start.wait()
        try:
            opened.append(open_store(postgres_url))
        except BaseException as error:
            failed.append(error)

    threads = [threading.Thread(target=open_one) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert failed == [] and len(opened) == 4
    versions = opened[0].rows("SELECT version FROM schema_version ORDER BY version")
    assert versions == [(number,) for number in range(1, len(MIGRATIONS) + 1)]
    for store in opened:
        assert store.version == len(MIGRATIONS)
        store.close()


def test_a_question_mark_in_a_literal_is_refused() -> None:
    assert to_pyformat("UPDATE t SET a = ? WHERE b = 'it''s'") == (
        "UPDATE t SET a = %s WHERE b = 'it''s'"
    )
    with pytest.raises(ValueError, match="literal"):
        to_pyformat("SELECT 'why?' WHERE a = ?")


@pytest.mark.slow
def test_a_dropped_connection_is_opened_again(postgres_url: str) -> None:
    store = open_store(postgres_url)
    store.execute("INSERT INTO attempts VALUES (?, ?, ?)", ("login", "ana", 1.0))
    store._pg.close()  # as when the server restarted
    assert store.rows("SELECT subject FROM attempts") == [("ana",)]
    store.close()
