"""Drill results in the statistics database: one row per round (``drill_sessions``) and one
per answer (``drill_answers``, with its time), written as each answer is given so a round
cut short keeps what was answered. The tables come from the statistics migrations.

>>> from audiopoker.persistence.stats import StatsDB
>>> stats = StatsDB(None)
>>> log = DrillLog.start(stats, "ranking", "2025-01-02T10:00:00", planned=3, seed=7, lang="en")
>>> log.record(1, "2025-01-02T10:00:05", "hands ...", "1", 1, True, best_streak=1)
>>> log.record(2, "2025-01-02T10:00:09", "hands ...", "tie", 2, False, best_streak=1)
>>> [(n.drill, n.sessions, n.answers, n.correct, n.best_streak) for n in drill_numbers(stats, "")]
[('ranking', 1, 2, 1, 1)]
>>> stats.close()
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from audiopoker.persistence.stats import StatsDB


@dataclass(frozen=True, slots=True)
class DrillNumbers:
    """One drill over every round with an answer: rounds, answers, right answers, the
    longest run of right answers, and the answers since a moment (the recent days)."""

    drill: str
    sessions: int
    answers: int
    correct: int
    best_streak: int
    recent_answers: int
    recent_correct: int

    @property
    def earlier(self) -> tuple[int, int]:
        """(right answers, answers) before the recent days."""
        return self.correct - self.recent_correct, self.answers - self.recent_answers

    @property
    def recent(self) -> tuple[int, int]:
        """(right answers, answers) in the recent days."""
        return self.recent_correct, self.recent_answers


class DrillLog:
    """The rows of one round of a drill."""

    def __init__(self, stats: StatsDB, session: int) -> None:
        self.stats = stats
        self.session = session

    @classmethod
    def start(
        cls, stats: StatsDB, drill: str, started_at: str, *, planned: int, seed: int, lang: str
    ) -> DrillLog:
        """Record a new round of ``planned`` questions (its seed asks them again)."""
        with stats.lock:
            try:
                cursor = stats.db.execute(
                    "INSERT INTO drill_sessions (drill, started_at, planned, seed, lang)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (drill, started_at, planned, seed, lang),
                )
            except sqlite3.Error as error:
                raise stats.explain(error) from error
            session = cursor.lastrowid
        assert session is not None
        return cls(stats, session)

    def record(
        self,
        number: int,
        answered_at: str,
        question: str,
        expected: str,
        given: int,
        correct: bool,
        *,
        best_streak: int,
    ) -> None:
        """One answer, and the round's counts, in one transaction."""
        self.stats._write(
            [
                (
                    "INSERT OR REPLACE INTO drill_answers (session_id, number, answered_at,"
                    " question, expected, given, correct) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (self.session, number, answered_at, question, expected, given, correct),
                ),
                (
                    "UPDATE drill_sessions SET answered = answered + 1,"
                    " correct = correct + ?, best_streak = MAX(best_streak, ?) WHERE id = ?",
                    (int(correct), best_streak, self.session),
                ),
            ]
        )

    def finish(self, ended_at: str) -> None:
        """The round is over (all answered, or the player left)."""
        self.stats._write(
            [("UPDATE drill_sessions SET ended_at = ? WHERE id = ?", (ended_at, self.session))]
        )


def drill_numbers(stats: StatsDB, since: str) -> list[DrillNumbers]:
    """Every drill played, by name, with the answers given at ``since`` (ISO 8601 local
    time, as written) or later counted as recent."""
    with stats.lock:
        rows = stats.db.execute(
            "SELECT s.drill, COUNT(DISTINCT s.id), COUNT(*), SUM(a.correct),"
            " MAX(s.best_streak), SUM(a.answered_at >= ?),"
            " SUM(CASE WHEN a.answered_at >= ? THEN a.correct ELSE 0 END)"
            " FROM drill_sessions AS s JOIN drill_answers AS a ON a.session_id = s.id"
            " GROUP BY s.drill ORDER BY s.drill",
            (since, since),
        ).fetchall()
    return [
        DrillNumbers(str(drill), *(int(value) for value in numbers)) for drill, *numbers in rows
    ]
