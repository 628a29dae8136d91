"""Drill results in the statistics database and in ``audiopoker stats`` (issue 13): the
migration adds the drill tables to an older database and keeps its rows, each answer is
kept as it is given, the stats tell each drill's sessions, accuracy and the last 7 days
against before (spoken lines in both languages, and JSON); the ``drill`` command runs
from the real command line and refuses bad options in one line."""

from __future__ import annotations

import datetime
import json
import sqlite3
from pathlib import Path

import pytest
from cli_support import run_audiopoker
from persistence_support import play_saved_game

from audiopoker.cli import main
from audiopoker.coach.drills import DrillKind, new_round
from audiopoker.commands.drill import drill_lines, read_drills
from audiopoker.persistence.drills import DrillLog, drill_numbers
from audiopoker.persistence.stats import DB_NAME, SCHEMA_VERSION, StatsDB, migrate
from audiopoker.persistence.stats import schema_version as version_of

NOW = datetime.datetime(2025, 3, 20, 12, 0, 0)


def at(days_ago: float) -> str:
    return (NOW - datetime.timedelta(days=days_ago)).isoformat()


def keep_round(
    stats: StatsDB, drill: str, days_ago: float, answers: list[bool], seed: int = 1
) -> None:
    log = DrillLog.start(stats, drill, at(days_ago), planned=len(answers), seed=seed, lang="en")
    streak = best = 0
    for number, correct in enumerate(answers, start=1):
        streak = streak + 1 if correct else 0
        best = max(best, streak)
        log.record(number, at(days_ago), "q", "1", 1, correct, best_streak=best)
    log.finish(at(days_ago))


def tables(db: sqlite3.Connection) -> set[str]:
    rows = db.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    return {str(row[0]) for row in rows}


def test_an_older_database_gains_the_drill_tables_and_keeps_its_rows(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    db = sqlite3.connect(path, isolation_level=None)
    # The newest version without the drills.
    before = max(v for v in range(SCHEMA_VERSION) if _without_drills(tmp_path / f"{v}.db", v))
    migrate(db, target=before)
    assert "drill_sessions" not in tables(db)
    db.execute(
        "INSERT INTO games (id, started_at, players, starting_chips, small_blind, big_blind,"
        " ante, bots) VALUES ('g1', '2025-01-01T10:00:00', 3, 100, 1, 2, 0, 'easy')"
    )
    db.close()
    stats = StatsDB(path)
    try:
        assert version_of(stats.db) == SCHEMA_VERSION
        assert {"drill_sessions", "drill_answers"} <= tables(stats.db)
        assert stats.db.execute("SELECT id FROM games").fetchall() == [("g1",)]
        keep_round(stats, "odds", 0, [True, False])
        assert drill_numbers(stats, "")[0].answers == 2
    finally:
        stats.close()


def _without_drills(path: Path, version: int) -> bool:
    db = sqlite3.connect(path, isolation_level=None)
    try:
        migrate(db, target=version)
        return "drill_sessions" not in tables(db)
    finally:
        db.close()


def test_each_answer_is_kept_as_it_is_given() -> None:
    stats = StatsDB(None)
    try:
        log = DrillLog.start(stats, "showdown", at(0), planned=10, seed=99, lang="es")
        log.record(1, at(0), "board ...", "split", 0, True, best_streak=1)
        # The round is cut short here: what was answered is kept, the round counted.
        (numbers,) = drill_numbers(stats, at(1))
        assert (numbers.drill, numbers.sessions, numbers.answers, numbers.correct) == (
            "showdown", 1, 1, 1,
        )  # fmt: skip
        row = stats.db.execute(
            "SELECT drill, planned, seed, lang, answered, correct, best_streak, ended_at"
            " FROM drill_sessions"
        ).fetchone()
        assert row == ("showdown", 10, 99, "es", 1, 1, 1, None)
        answer = stats.db.execute("SELECT number, expected, given, correct FROM drill_answers")
        assert answer.fetchall() == [(1, "split", 0, 1)]
        # A round started and left without an answer is no session.
        DrillLog.start(stats, "showdown", at(0), planned=10, seed=5, lang="es")
        assert drill_numbers(stats, at(1))[0].sessions == 1
    finally:
        stats.close()


def test_the_last_days_are_counted_apart() -> None:
    stats = StatsDB(None)
    try:
        keep_round(stats, "ranking", 20, [True, False, False, False])  # 25 percent
        keep_round(stats, "ranking", 10, [True, True, False, False])  # 50 percent
        keep_round(stats, "ranking", 2, [True, True, True, False])  # 75 percent
        keep_round(stats, "odds", 1, [True])
        ranking, odds = sorted(drill_numbers(stats, at(7)), key=lambda n: n.drill != "ranking")
        assert (ranking.sessions, ranking.answers, ranking.correct, ranking.best_streak) == (
            3, 12, 6, 3,
        )  # fmt: skip
        assert ranking.recent == (3, 4) and ranking.earlier == (3, 8)
        assert odds.recent == (1, 1) and odds.earlier == (0, 0)
        assert drill_lines([ranking, odds], "en") == [
            "Drills:",
            "Ranking drill: 3 sessions; questions answered: 12; right: 50 percent; best streak: 3.",
            "Last 7 days: 75 percent right, up 37 points from 38 percent before.",
            "Odds drill: 1 session; questions answered: 1; right: 100 percent; best streak: 1.",
        ]
        spanish = drill_lines([ranking], "es")
        assert spanish[1] == (
            "Práctica de jugadas: 3 sesiones; preguntas respondidas: 12; aciertos: un 50 por "
            "ciento; mejor racha: 3."
        )
        assert spanish[2] == (
            "Últimos 7 días: un 75 por ciento de aciertos, 37 puntos más que antes, cuando era "
            "un 38 por ciento."
        )
    finally:
        stats.close()


def test_a_drill_not_played_lately_says_so() -> None:
    stats = StatsDB(None)
    try:
        keep_round(stats, "odds", 30, [True, True, False])
        assert drill_lines(drill_numbers(stats, at(7)), "en")[-1] == "Nothing in the last 7 days."
    finally:
        stats.close()


def test_stats_tells_the_drills(private_data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    stats = StatsDB(private_data_dir / DB_NAME)
    now = datetime.datetime.now()
    try:
        keep_round(stats, "showdown", (NOW - now).days + 30, [False, True])  # a month ago
        keep_round(stats, "showdown", (NOW - now).days + 1, [True, True])  # yesterday
    finally:
        stats.close()
    assert main(["stats", "--output", "silent", "--lang", "en"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        "Drills:",
        "Showdown drill: 2 sessions; questions answered: 4; right: 75 percent; best streak: 2.",
        "Last 7 days: 100 percent right, up 50 points from 50 percent before.",
    ]
    assert [drill.drill for drill in read_drills()] == ["showdown"]
    assert main(["stats", "--json"]) == 0
    (drill,) = json.loads(capsys.readouterr().out)["drills"]
    assert drill == {
        "drill": "showdown", "sessions": 2, "answers": 4, "correct": 3, "best_streak": 2,
        "recent_answers": 2, "recent_correct": 2,
    }  # fmt: skip


def test_stats_tells_the_drills_after_the_games(
    private_data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    play_saved_game(private_data_dir, hands=4, seed=4)
    stats = StatsDB(private_data_dir / DB_NAME)
    try:
        keep_round(stats, "odds", (NOW - datetime.datetime.now()).days, [True])
    finally:
        stats.close()
    assert main(["stats", "--output", "silent", "--lang", "es"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "1 partida jugada; terminadas: 0; ganadas: 0."
    assert lines[-2:] == [
        "Prácticas:",
        "Práctica de probabilidades: 1 sesión; preguntas respondidas: 1; aciertos: un 100 por "
        "ciento; mejor racha: 1.",
    ]


# --- the command line --------------------------------------------------------------------


def test_the_drill_runs_from_the_command_line(tmp_path: Path) -> None:
    arguments = ["drill", "ranking", "--output", "console", "--count", "3", "--seed", "5"]
    result = run_audiopoker([*arguments, "--lang", "en"], tmp_path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    question = new_round(DrillKind.RANKING, 3, 5).current
    assert question is not None
    assert lines[0].startswith("Ranking drill: 3 questions.")
    assert lines[1].startswith("Question 1 of 3. Hand 1: ")
    # The input is closed: the drill ends at once, as Control+C would.
    assert lines[-2:] == ["Drill ended before any answer; nothing was kept.", "Goodbye."]
    again = run_audiopoker([*arguments, "--lang", "en"], tmp_path)
    assert again.stdout == result.stdout  # the same seed asks the same question
    stats = StatsDB(tmp_path / DB_NAME)
    try:
        row = stats.db.execute("SELECT drill, planned, seed, answered FROM drill_sessions")
        assert row.fetchall() == [("ranking", 3, 5, 0)] * 2
    finally:
        stats.close()
    spanish = run_audiopoker(["drill", "odds", "--output", "console", "--lang", "es"], tmp_path)
    assert spanish.stdout.startswith("Práctica de probabilidades: 10 preguntas.")


def test_no_save_keeps_nothing(tmp_path: Path) -> None:
    result = run_audiopoker(["drill", "showdown", "--output", "console", "--no-save"], tmp_path)
    assert result.returncode == 0 and not (tmp_path / DB_NAME).exists()


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (
            ["drill", "poker", "--lang", "es"],
            "audiopoker drill: no se puede empezar: la opción DRILL no admite 'poker': elige "
            "entre 'showdown', 'odds', 'ranking'",
        ),
        (
            ["drill", "odds", "--count", "0"],
            "audiopoker drill: error: argument --count: must be a whole number from 1 to 100, "
            "not '0'",
        ),
        (["drill"], "audiopoker drill: "),
    ],
)
def test_bad_options_are_refused_in_one_line(
    tmp_path: Path, arguments: list[str], said: str
) -> None:
    result = run_audiopoker(arguments, tmp_path)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith(said) and len(result.stderr.splitlines()) == 1


def test_a_data_folder_that_is_a_file_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.write_text("not a folder")
    result = run_audiopoker(["drill", "ranking", "--output", "console"], folder)
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1
    assert (
        run_audiopoker(["drill", "ranking", "--output", "console", "--no-save"], folder).returncode
        == 0
    )


def test_statistics_that_cannot_be_used_leave_the_drill_unkept(tmp_path: Path) -> None:
    (tmp_path / DB_NAME).write_bytes(b"garbage" * 200)
    result = run_audiopoker(["drill", "odds", "--output", "console", "--lang", "en"], tmp_path)
    assert result.returncode == 0
    assert result.stdout.startswith(
        "This drill is not kept in your statistics. A file there is damaged; it is left as it is."
    )
    assert "Odds drill: 10 questions." in result.stdout
    assert (tmp_path / DB_NAME).read_bytes() == b"garbage" * 200  # left as it was
    newer = tmp_path / "newer"
    newer.mkdir()
    stats = StatsDB(newer / DB_NAME)
    stats.db.execute("UPDATE schema_version SET version = 99")
    stats.close()
    result = run_audiopoker(["drill", "odds", "--output", "console", "--lang", "es"], newer)
    assert result.stdout.splitlines()[0] == (
        "Tus estadísticas son de una versión más nueva de audiopoker: esta práctica no se "
        "guarda en ellas."
    )
