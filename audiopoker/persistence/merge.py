"""Statistics files kept aside, found again and merged back.

A statistics database read and found damaged is renamed ``statistics.sqlite3.damaged-<time>``
(its ``-wal`` and ``-shm`` beside it, with the same label) and new statistics start.
``kept_aside`` finds those files; ``merge_kept`` adds what can still be read in one of them
to the current statistics (games, hands, the coach's reviewed decisions, drill rounds;
nothing counted twice) and then
renames it ``...merged-<time>``, so it is not offered again and still never deleted.
"""

from __future__ import annotations

import contextlib
import shutil
import sqlite3
import tempfile
from dataclasses import dataclass
from pathlib import Path

from audiopoker.persistence.files import keep_aside
from audiopoker.persistence.stats import DB_NAME, StatsDB

KEPT_LABEL = "damaged"
MERGED_LABEL = "merged"


def kept_aside(folder: Path) -> list[Path]:
    """The statistics databases kept aside in ``folder`` and not merged yet, oldest first
    (the ``-wal`` and ``-shm`` companions are not listed: they go with their database)."""
    found = folder.glob(f"{DB_NAME}.{KEPT_LABEL}-*")
    return sorted(path for path in found if f".{MERGED_LABEL}-" not in path.name)


@dataclass(frozen=True, slots=True)
class Merged:
    """What a merge added: games, hands, the coach's reviewed decisions and drill rounds not
    already there."""

    games: int
    hands: int
    drills: int
    decisions: int


def _companion(kept: Path, suffix: str) -> Path:
    # statistics.sqlite3.damaged-STAMP -> statistics.sqlite3-wal.damaged-STAMP
    return kept.with_name(kept.name.replace(DB_NAME, DB_NAME + suffix, 1))


def merge_kept(stats: StatsDB, kept: Path) -> Merged:
    """Add what ``kept`` still holds to ``stats`` and rename it (``.merged-<time>``).
    Raises sqlite3.Error or OSError when nothing of it can be read; a table that cannot
    be read is skipped."""
    with tempfile.TemporaryDirectory(prefix="audiopoker-merge-") as scratch:
        copy = Path(scratch) / DB_NAME  # a copy: the kept file is never changed
        shutil.copyfile(kept, copy)
        wal = _companion(kept, "-wal")
        if wal.exists():
            shutil.copyfile(wal, Path(f"{copy}-wal"))
        with contextlib.suppress(sqlite3.DatabaseError):  # damaged: read what can be read
            StatsDB(copy).close()  # brings an older file to the current tables
        merged = _merge(stats, copy)
    for path in (kept, _companion(kept, "-wal"), _companion(kept, "-shm")):
        if path.exists():
            keep_aside(path, MERGED_LABEL)
    return merged


def _merge(stats: StatsDB, source: Path) -> Merged:
    with stats.lock:
        db = stats.db
        db.execute("ATTACH DATABASE ? AS kept", (str(source),))
        try:
            before = _counts(db)
            db.execute("BEGIN IMMEDIATE")
            try:
                _copy_rows(db)
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
            after = _counts(db)
        finally:
            db.execute("DETACH DATABASE kept")
    return Merged(*(now - then for now, then in zip(after, before, strict=True)))


def _counts(db: sqlite3.Connection) -> tuple[int, ...]:
    # In Merged's order.
    tables = ("games", "hands", "drill_sessions", "decisions")
    return tuple(int(db.execute(f"SELECT COUNT(*) FROM main.{t}").fetchone()[0]) for t in tables)


def _copy_rows(db: sqlite3.Connection) -> None:
    # A damaged table is skipped; the others still come back.
    with contextlib.suppress(sqlite3.DatabaseError):
        db.execute("INSERT OR IGNORE INTO main.games SELECT * FROM kept.games")
    with contextlib.suppress(sqlite3.DatabaseError):
        db.execute(
            "INSERT OR IGNORE INTO main.hands SELECT * FROM kept.hands"
            " WHERE game_id IN (SELECT id FROM main.games)"
        )
    with contextlib.suppress(sqlite3.DatabaseError):
        rounds = db.execute(
            "SELECT id, drill, started_at, ended_at, planned, seed, lang, answered, correct,"
            " best_streak FROM kept.drill_sessions"
        ).fetchall()
        for old_id, drill, started_at, *rest in rounds:
            there = db.execute(
                "SELECT 1 FROM main.drill_sessions WHERE drill = ? AND started_at = ?",
                (drill, started_at),
            ).fetchone()
            if there is not None:
                continue  # merged before, or the same round
            new_id = db.execute(
                "INSERT INTO main.drill_sessions (drill, started_at, ended_at, planned, seed,"
                " lang, answered, correct, best_streak) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (drill, started_at, *rest),
            ).lastrowid
            db.execute(
                "INSERT INTO main.drill_answers SELECT ?, number, answered_at, question,"
                " expected, given, correct FROM kept.drill_answers WHERE session_id = ?",
                (new_id, old_id),
            )
    with contextlib.suppress(sqlite3.DatabaseError):  # a file older than the table: none
        _copy_decisions(db)


# The decisions table's columns, named: a file brought up to date by its migrations may
# hold them in another order than a new one.
_DECISION_COLUMNS = (
    "game_id, hand_number, number, played_at, street, action, amount, suggested,"
    " suggested_amount, reason, kind, grade, loss, big_blind, hole, board"
)


def _copy_decisions(db: sqlite3.Connection) -> None:
    # The decisions of a hand the statistics hold (merged just now or already there), and
    # only of a hand that has none yet: a hand's decisions are kept whole, in one
    # transaction, so a hand with some is never completed from another copy.
    db.execute(
        f"INSERT OR IGNORE INTO main.decisions ({_DECISION_COLUMNS})"
        f" SELECT {_DECISION_COLUMNS} FROM kept.decisions AS d"
        " WHERE EXISTS (SELECT 1 FROM main.hands AS h"
        "   WHERE h.game_id = d.game_id AND h.hand_number = d.hand_number)"
        " AND NOT EXISTS (SELECT 1 FROM main.decisions AS m"
        "   WHERE m.game_id = d.game_id AND m.hand_number = d.hand_number)"
    )
