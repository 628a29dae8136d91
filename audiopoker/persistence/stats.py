"""Statistics in SQLite (the standard library's sqlite3): every hand the player played and
every game, and the summaries ``audiopoker stats`` and the game's numbers key speak.

The database runs in WAL mode (a reader such as ``audiopoker stats`` never blocks the
game) with full fsync on commit. ``schema_version`` holds the version; opening a database
applies the missing migrations in order, each in one transaction, so an old file is
brought up to date and a crash mid-migration leaves the old version intact. A database
from a newer audiopoker is refused rather than damaged.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from audiopoker.persistence.faults import explained
from audiopoker.persistence.hands import HandFacts

DB_NAME: Final = "statistics.sqlite3"


def _v1(db: sqlite3.Connection) -> None:
    db.execute(
        """CREATE TABLE games (
            id TEXT PRIMARY KEY,
            started_at TEXT NOT NULL,
            ended_at TEXT,
            status TEXT NOT NULL DEFAULT 'playing',  -- playing, finished, abandoned
            player_name TEXT,
            players INTEGER NOT NULL,
            starting_chips INTEGER NOT NULL,
            small_blind INTEGER NOT NULL,
            big_blind INTEGER NOT NULL,
            ante INTEGER NOT NULL,
            bots TEXT NOT NULL,
            history_file TEXT,
            hands INTEGER NOT NULL DEFAULT 0,
            chips INTEGER,  -- the player's chips after the last recorded hand
            place INTEGER,
            won INTEGER NOT NULL DEFAULT 0
        )"""
    )
    db.execute(
        """CREATE TABLE hands (
            game_id TEXT NOT NULL REFERENCES games(id),
            hand_number INTEGER NOT NULL,
            players INTEGER NOT NULL,
            position TEXT NOT NULL,
            cards TEXT NOT NULL,
            hand_class TEXT NOT NULL,
            hand_group TEXT NOT NULL,
            stack_before INTEGER NOT NULL,
            stack_after INTEGER NOT NULL,
            net INTEGER NOT NULL,
            won INTEGER NOT NULL,
            vpip INTEGER NOT NULL,
            pfr INTEGER NOT NULL,
            last_street TEXT NOT NULL,
            showdown INTEGER NOT NULL,
            folded_on TEXT,
            went_to_showdown INTEGER NOT NULL,
            pot INTEGER NOT NULL,
            collected INTEGER NOT NULL,
            PRIMARY KEY (game_id, hand_number)
        )"""
    )


def _v2(db: sqlite3.Connection) -> None:
    # Summaries group by position and starting-hand group; record when each hand was played.
    db.execute("ALTER TABLE hands ADD COLUMN played_at TEXT")
    db.execute("CREATE INDEX hands_by_position ON hands(position)")
    db.execute("CREATE INDEX hands_by_group ON hands(hand_group)")


def _v3(db: sqlite3.Connection) -> None:
    # Tournaments are kept apart from cash games: each game's kind, and how many places a
    # tournament paid (its place is in ``place``; in the money when place <= paid_places).
    db.execute("ALTER TABLE games ADD COLUMN game_type TEXT NOT NULL DEFAULT 'cash'")
    db.execute("ALTER TABLE games ADD COLUMN paid_places INTEGER NOT NULL DEFAULT 0")


def _v4(db: sqlite3.Connection) -> None:
    # Drills (audiopoker drill): one row per round and one per answer, with its time, so
    # `audiopoker stats` tells each drill's accuracy and how it changes over the days.
    db.execute(
        """CREATE TABLE drill_sessions (
            id INTEGER PRIMARY KEY,
            drill TEXT NOT NULL,  -- showdown, odds, ranking
            started_at TEXT NOT NULL,
            ended_at TEXT,
            planned INTEGER NOT NULL,
            seed INTEGER NOT NULL,  -- the same seed asks the same questions
            lang TEXT NOT NULL,
            answered INTEGER NOT NULL DEFAULT 0,
            correct INTEGER NOT NULL DEFAULT 0,
            best_streak INTEGER NOT NULL DEFAULT 0
        )"""
    )
    db.execute(
        """CREATE TABLE drill_answers (
            session_id INTEGER NOT NULL REFERENCES drill_sessions(id),
            number INTEGER NOT NULL,
            answered_at TEXT NOT NULL,
            question TEXT NOT NULL,  -- the cards and numbers, in notation
            expected TEXT NOT NULL,
            given INTEGER NOT NULL,  -- the key (0: split or tie) or the percentage typed
            correct INTEGER NOT NULL,
            PRIMARY KEY (session_id, number)
        )"""
    )
    db.execute("CREATE INDEX drill_answers_by_time ON drill_answers(answered_at)")


def _v5(db: sqlite3.Connection) -> None:
    # The coach's review of every decision (issue 26, point 6): what the player did, what
    # the coach suggested and the big blinds it cost, so `audiopoker stats` tells the error
    # rate over sessions and lists the blunders. One row per decision, in the hand's order.
    db.execute(
        """CREATE TABLE decisions (
            game_id TEXT NOT NULL REFERENCES games(id),
            hand_number INTEGER NOT NULL,
            number INTEGER NOT NULL,  -- the decision's place in the hand, from 1
            played_at TEXT NOT NULL,
            street TEXT NOT NULL,  -- preflop, flop, turn, river
            action TEXT NOT NULL,  -- fold, check, call, bet, raise
            amount INTEGER,  -- a bet or raise's street total
            suggested TEXT NOT NULL,
            suggested_amount INTEGER,
            reason TEXT NOT NULL,  -- the coach's reason key (coach.advice.Reason)
            kind TEXT NOT NULL,  -- the kind of mistake (persistence.decisions.mistake_kind)
            grade TEXT NOT NULL,  -- best, correct, inaccuracy, mistake, blunder
            loss REAL NOT NULL,  -- big blinds given up against the coach's choice
            big_blind INTEGER NOT NULL,
            hole TEXT NOT NULL,  -- the player's cards and the board, in notation
            board TEXT NOT NULL,
            PRIMARY KEY (game_id, hand_number, number)
        )"""
    )
    db.execute("CREATE INDEX decisions_by_time ON decisions(played_at)")


# MIGRATIONS[i] takes a database from version i to version i + 1. Never edit a released
# step: add a new one.
MIGRATIONS: Final[tuple[Callable[[sqlite3.Connection], None], ...]] = (
    _v1, _v2, _v3, _v4, _v5,
)  # fmt: skip
SCHEMA_VERSION: Final = len(MIGRATIONS)


class StatsTooNew(Exception):
    """The database was written by a newer audiopoker (its schema version is higher)."""

    def __init__(self, version: int) -> None:
        self.version = version
        super().__init__(f"statistics schema {version} is newer than {SCHEMA_VERSION}")


def schema_version(db: sqlite3.Connection) -> int:
    """The database's schema version (0 for a new, empty one)."""
    exists = db.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'"
    ).fetchone()
    if exists is None:
        return 0
    row = db.execute("SELECT version FROM schema_version").fetchone()
    return int(row[0]) if row is not None else 0


def rollback(db: sqlite3.Connection) -> None:
    """Undo the open transaction, if any: SQLite has already rolled it back itself after
    some errors (a full disk, an I/O error), and the error to report is the first one,
    never "cannot rollback - no transaction is active"."""
    if db.in_transaction:
        with contextlib.suppress(sqlite3.Error):
            db.execute("ROLLBACK")


def migrate(db: sqlite3.Connection, target: int = SCHEMA_VERSION) -> int:
    """Apply the missing migrations up to ``target``, each in its own transaction (taken
    with BEGIN IMMEDIATE, so two processes never migrate at once). Returns the version."""
    while True:
        db.execute("BEGIN IMMEDIATE")
        try:
            version = schema_version(db)
            if version > SCHEMA_VERSION:
                raise StatsTooNew(version)
            if version >= target:
                db.execute("COMMIT")
                return version
            if version == 0:
                db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
                db.execute("DELETE FROM schema_version")
                db.execute("INSERT INTO schema_version VALUES (0)")
            MIGRATIONS[version](db)
            db.execute("UPDATE schema_version SET version = ?", (version + 1,))
            db.execute("COMMIT")
        except BaseException:
            rollback(db)
            raise


@dataclass(frozen=True, slots=True)
class Line:
    """One row of a breakdown: hands played, hands won and chips won or lost."""

    key: str
    hands: int
    won: int
    net: int


@dataclass(frozen=True, slots=True)
class Summary:
    """The player's numbers over some hands (all games, or one game). Rates are shares
    of the hands played (0 when there are none)."""

    games: int
    games_finished: int
    games_won: int
    hands: int
    hands_won: int
    net: int
    biggest_pot: int
    vpip: float
    pfr: float
    showdowns: int
    by_position: tuple[Line, ...]
    by_group: tuple[Line, ...]


@dataclass(frozen=True, slots=True)
class TournamentSummary:
    """The player's tournaments, apart from cash games: how many were played (with a hand
    recorded), finished and won; their hands; the finishing places, latest first (at most
    ten); how many paid places, and in how many of those the player was paid."""

    played: int
    finished: int
    won: int
    hands: int
    hands_won: int
    places: tuple[int, ...]
    paying: int
    in_the_money: int


class StatsDB:
    """The statistics database (``path`` None: in memory, for a game that is not saved)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        target = ":memory:" if path is None else str(path)
        # The game records from its thread and the keys read from theirs: one at a time.
        self.lock = threading.RLock()
        self.folder = None if path is None else path.parent
        # isolation_level None: we issue BEGIN and COMMIT ourselves.
        try:
            self.db = sqlite3.connect(target, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as error:
            raise self.explain(error) from error
        try:
            self.db.execute("PRAGMA journal_mode = WAL")
            self.db.execute("PRAGMA synchronous = FULL")
            self.db.execute("PRAGMA foreign_keys = ON")
            self.db.execute("PRAGMA busy_timeout = 5000")
            migrate(self.db)
        except sqlite3.Error as error:
            self.db.close()
            raise self.explain(error) from error
        except BaseException:
            self.db.close()
            raise

    def explain(self, error: sqlite3.Error) -> sqlite3.Error:
        """``error`` as the player must hear it (SQLite's I/O error on a full disk is a
        full disk: ``faults.explained``)."""
        return explained(error, self.folder)

    def close(self) -> None:
        """Close the connection (the WAL is checkpointed by SQLite)."""
        with self.lock:
            self.db.close()

    def _write(self, statements: Sequence[tuple[str, tuple[object, ...]]]) -> None:
        with self.lock:
            try:
                self.db.execute("BEGIN IMMEDIATE")
                try:
                    for sql, values in statements:
                        self.db.execute(sql, values)
                    self.db.execute("COMMIT")
                except BaseException:
                    rollback(self.db)
                    raise
            except sqlite3.Error as error:
                raise self.explain(error) from error

    # --- writing ------------------------------------------------------------------------
    def start_game(
        self,
        game_id: str,
        started_at: str,
        *,
        player_name: str | None,
        players: int,
        chips: int,
        blinds: tuple[int, int],
        ante: int,
        bots: str,
        history_file: str | None,
        tournament_paid: int | None = None,
    ) -> None:
        """Record a new game (status ``playing``): a cash game, or a tournament paying
        ``tournament_paid`` places (0: just ranked)."""
        kind = "cash" if tournament_paid is None else "tournament"
        self._write(
            [
                (
                    "INSERT OR IGNORE INTO games (id, started_at, player_name, players,"
                    " starting_chips, small_blind, big_blind, ante, bots, history_file, chips,"
                    " game_type, paid_places) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (game_id, started_at, player_name, players, chips, *blinds, ante, bots,
                     history_file, chips, kind, tournament_paid or 0),
                )
            ]
        )  # fmt: skip

    def record_hand(
        self, game_id: str, hand_number: int, facts: HandFacts | None, chips: int | None,
        played_at: str,
    ) -> None:  # fmt: skip
        """Record one finished hand (``facts`` None when the player sat it out) and the
        game's progress, in one transaction. Recording a hand again replaces it."""
        statements: list[tuple[str, tuple[object, ...]]] = []
        if facts is not None:
            statements.append(
                (
                    "INSERT OR REPLACE INTO hands (game_id, hand_number, players, position,"
                    " cards, hand_class, hand_group, stack_before, stack_after, net, won, vpip,"
                    " pfr, last_street, showdown, folded_on, went_to_showdown, pot, collected,"
                    " played_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
                    " ?, ?)",
                    (game_id, hand_number, facts.players, facts.position, facts.cards,
                     facts.hand_class, facts.group, facts.stack_before, facts.stack_after,
                     facts.net, facts.won, facts.vpip, facts.pfr, facts.last_street,
                     facts.showdown, facts.folded_on, facts.went_to_showdown, facts.pot,
                     facts.collected, played_at),
                )
            )  # fmt: skip
        statements.append(
            (
                "UPDATE games SET hands = ?, chips = COALESCE(?, chips) WHERE id = ?",
                (hand_number, chips, game_id),
            )
        )
        self._write(statements)

    def end_game(self, game_id: str, ended_at: str, *, place: int | None, won: bool) -> None:
        """The game is over for the player (``place`` None when watching)."""
        self._write(
            [
                (
                    "UPDATE games SET status = 'finished', ended_at = ?, place = ?, won = ?"
                    " WHERE id = ?",
                    (ended_at, place, won, game_id),
                )
            ]
        )

    def abandon_game(self, game_id: str, ended_at: str) -> None:
        """The player started a new game instead of resuming this one."""
        self._write(
            [
                (
                    "UPDATE games SET status = 'abandoned', ended_at = ?"
                    " WHERE id = ? AND status = 'playing'",
                    (ended_at, game_id),
                )
            ]
        )

    def cut_after(self, game_id: str, hand_number: int) -> int:
        """Forget the game's hands after ``hand_number`` (recorded by a copy that crashed
        before it saved the game: the game resumes before them). Returns how many."""
        with self.lock:
            count = self.db.execute(
                "SELECT COUNT(*) FROM hands WHERE game_id = ? AND hand_number > ?",
                (game_id, hand_number),
            ).fetchone()[0]
        self._write(
            [
                (
                    "DELETE FROM hands WHERE game_id = ? AND hand_number > ?",
                    (game_id, hand_number),
                ),
                (  # their decisions go with them: the resumed game plays them again
                    "DELETE FROM decisions WHERE game_id = ? AND hand_number > ?",
                    (game_id, hand_number),
                ),
                (
                    "UPDATE games SET hands = MIN(hands, ?) WHERE id = ?",
                    (hand_number, game_id),
                ),
            ]
        )
        return int(count)

    # --- reading ------------------------------------------------------------------------
    def hand_numbers(self, game_id: str) -> list[int]:
        """The hand numbers recorded for a game, in order."""
        with self.lock:
            rows = self.db.execute(
                "SELECT hand_number FROM hands WHERE game_id = ? ORDER BY hand_number",
                (game_id,),
            ).fetchall()
        return [int(row[0]) for row in rows]

    def summary(self, game_id: str | None = None) -> Summary:
        """The player's numbers over every cash game (tournaments are apart:
        ``tournaments``), or over one game."""
        with self.lock:
            return self._summary(game_id)

    def tournaments(self) -> TournamentSummary:
        """The player's tournaments."""
        kind = "game_type = 'tournament'"
        with self.lock:
            games = self.db.execute(
                "SELECT COUNT(*), COALESCE(SUM(status = 'finished'), 0), COALESCE(SUM(won), 0),"
                " COALESCE(SUM(paid_places > 0), 0), COALESCE(SUM(place <= paid_places), 0)"
                f" FROM games WHERE hands > 0 AND {kind}"
            ).fetchone()
            hands = self.db.execute(
                "SELECT COUNT(*), COALESCE(SUM(won), 0) FROM hands"
                f" WHERE game_id IN (SELECT id FROM games WHERE {kind})"
            ).fetchone()
            places = self.db.execute(
                f"SELECT place FROM games WHERE {kind} AND place IS NOT NULL"
                " ORDER BY ended_at DESC, started_at DESC LIMIT 10"
            ).fetchall()
        return TournamentSummary(
            played=int(games[0]),
            finished=int(games[1]),
            won=int(games[2]),
            hands=int(hands[0]),
            hands_won=int(hands[1]),
            places=tuple(int(row[0]) for row in places),
            paying=int(games[3]),
            in_the_money=int(games[4]),
        )

    def _summary(self, game_id: str | None) -> Summary:
        cash = "game_id IN (SELECT id FROM games WHERE game_type = 'cash')"
        where, values = ("WHERE game_id = ?", (game_id,)) if game_id else (f"WHERE {cash}", ())
        row = self.db.execute(
            "SELECT COUNT(*), COALESCE(SUM(won), 0), COALESCE(SUM(net), 0),"
            " COALESCE(MAX(CASE WHEN won THEN pot END), 0), COALESCE(AVG(vpip), 0),"
            f" COALESCE(AVG(pfr), 0), COALESCE(SUM(went_to_showdown), 0) FROM hands {where}",
            values,
        ).fetchone()
        games_where = "WHERE id = ?" if game_id else "WHERE hands > 0 AND game_type = 'cash'"
        games = self.db.execute(
            "SELECT COUNT(*), COALESCE(SUM(status = 'finished'), 0), COALESCE(SUM(won), 0)"
            f" FROM games {games_where}",
            values,
        ).fetchone()
        return Summary(
            games=int(games[0]),
            games_finished=int(games[1]),
            games_won=int(games[2]),
            hands=int(row[0]),
            hands_won=int(row[1]),
            net=int(row[2]),
            biggest_pot=int(row[3]),
            vpip=float(row[4]),
            pfr=float(row[5]),
            showdowns=int(row[6]),
            by_position=self._lines("position", where, values),
            by_group=self._lines("hand_group", where, values),
        )

    def _lines(self, column: str, where: str, values: tuple[object, ...]) -> tuple[Line, ...]:
        rows = self.db.execute(
            f"SELECT {column}, COUNT(*), SUM(won), SUM(net) FROM hands {where} GROUP BY {column}",
            values,
        ).fetchall()
        return tuple(
            Line(str(key), int(hands), int(won), int(net)) for key, hands, won, net in rows
        )
