"""The table directory room processes share (issue 28, point 3), in process on one SQLite
file with time passed in: each process lists the others' tables and not its own; a grant for
another process's table carries its address, checks a private table's code, admits once and
only at its table, and expires; a process not seen for a while drops out; a closed table and
a process that closes are withdrawn. (Two real processes on PostgreSQL: test_room_shared.)"""

from __future__ import annotations

from pathlib import Path

from audiopoker.net.door import Admission
from audiopoker.room.directory import GRANT_SECONDS, STALE, Directory, Granted
from audiopoker.room.room_protocol import RoomCode, TableInfo

OPEN = TableInfo("t1", "Ana", 6, 200, 1, 2, "normal", False, ("Ana",), 1)
SECRET = TableInfo("t2", "Ana", 4, 500, 5, 10, "hard", True)


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def two(tmp_path: Path) -> tuple[Directory, Directory, Clock]:
    clock = Clock()
    target = tmp_path / "room.db"
    a = Directory(target, "ws://a.example:7778", clock)
    b = Directory(target, "ws://b.example:7778", clock)
    return a, b, clock


def test_each_process_lists_the_others_tables(tmp_path: Path) -> None:
    a, b, clock = two(tmp_path)
    a.publish([(OPEN, ""), (SECRET, "123456")])
    b.publish([])
    a.publish([(OPEN, ""), (SECRET, "123456")])
    assert a.elsewhere == {}  # its own tables are in its memory
    assert {key: table.info for key, table in b.elsewhere.items()} == {"t1": OPEN, "t2": SECRET}
    assert b.elsewhere["t1"].url == "ws://a.example:7778"
    a.publish([(OPEN, "")])  # t2 closed
    b.publish([])
    assert list(b.elsewhere) == ["t1"]
    clock.now += STALE + 1  # a stopped looking (it died): its tables are not listed
    b.publish([])
    assert b.elsewhere == {}
    assert a._store.rows("SELECT id FROM room_tables") == []  # and cleaned


def test_a_grant_admits_once_at_its_table_and_expires(tmp_path: Path) -> None:
    a, b, clock = two(tmp_path)
    a.publish([(OPEN, ""), (SECRET, "123456")])
    b.publish([])
    assert b.grant("Beto", "t9", "", watch=False) is RoomCode.NO_TABLE
    assert b.grant("Beto", "t2", "654321", watch=False) is RoomCode.TABLE_CODE
    granted = b.grant("Beto", "t2", "123456", watch=False)
    assert isinstance(granted, Granted) and granted.url == "ws://a.example:7778"
    assert granted.code == ""  # only the owner is told a private table's code
    door = a.door(lambda code: None, "t2")
    assert a.door(lambda code: None, "t1")(granted.token) is None  # another table's door
    assert door(granted.token) == Admission("Beto", False)
    assert door(granted.token) is None  # used once
    owner = b.grant("Ana", "t2", "123456", watch=True)
    assert isinstance(owner, Granted) and owner.code == "123456"
    clock.now += GRANT_SECONDS + 1
    assert door(owner.token) is None  # too late
    assert a.door(lambda code: Admission("Own", True), "t2")("anything") == Admission("Own", True)


def test_a_closing_process_withdraws_its_tables(tmp_path: Path) -> None:
    a, b, _ = two(tmp_path)
    a.publish([(OPEN, "")])
    a.withdraw()
    b.publish([])
    assert b.elsewhere == {}
    a.close()
    b.close()


def test_a_sit_and_go_begun_elsewhere_takes_no_one_new_but_spectators(tmp_path: Path) -> None:
    a, b, _ = two(tmp_path)
    begun = TableInfo("t3", "Ana", 2, 200, 1, 2, "normal", False, ("Ana", "Carla"), 0, "sitgo")
    a.publish([(begun, "")])
    b.publish([])
    assert b.grant("Beto", "t3", "", watch=False) is RoomCode.STARTED
    assert isinstance(b.grant("Beto", "t3", "", watch=True), Granted)
