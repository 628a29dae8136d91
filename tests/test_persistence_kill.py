"""Killed in the middle of each write (issue 29, point 4): a real child process is killed with
SIGKILL at a known point inside one write of the game (the temporary file of a save written
and flushed but not yet renamed; half a hand appended to the history; a statistics or drill
transaction begun but not committed; the seat tokens' temporary file not yet renamed; half a
log record written). The child is ``sys.executable -c`` with a hook that wraps the one call
the write goes through and kills the process there; nothing in the game knows about it.

After each kill, what was written before is whole and loads, nothing is set aside as
damaged, and the next start (a real one: ``audiopoker play --resume``, ``audiopoker stats``,
the log's next record) uses it."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from contextlib import closing
from pathlib import Path

import pytest
from fault_support import damaged_files
from persistence_support import (
    GAME,
    check_game_records,
    finish,
    history_files,
    play_saved_game,
    read_histories,
    save_path,
    start_game,
)

from audiopoker.net.tokens import FILE_NAME, TokenBook
from audiopoker.persistence import DATA_DIR_ENV, SavedGame, Store
from audiopoker.persistence.files import TEMP_PREFIX
from audiopoker.persistence.stats import DB_NAME

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")

TESTS = Path(__file__).resolve().parent
HANDS = 8


def killed(folder: Path, hook: str, run: str) -> None:
    """Run ``hook`` then ``run`` in a child Python with ``folder`` as its data folder; the
    hook must kill it (``die()``) in the middle of a write."""
    script = "\n".join(
        [
            "import os, signal, sys",
            f"sys.path.insert(0, {str(TESTS)!r})",
            "def die():",
            "    os.kill(os.getpid(), signal.SIGKILL)",
            textwrap.dedent(hook),
            textwrap.dedent(run),
            "raise SystemExit('the write was never reached')",
        ]
    )
    env = {**os.environ, DATA_DIR_ENV: str(folder)}
    child = subprocess.Popen(
        [sys.executable, "-c", script],
        stdin=subprocess.PIPE,  # the game's key loop waits on it: kept open until the end
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=env,
    )
    code, err = finish(child)
    assert code == -signal.SIGKILL, err


PLAY = f"""
from audiopoker.cli import main
main(["play", *{list(GAME)!r}, "--seed", "11", "--hands", "{HANDS}"])
"""

# Each write of a hand, killed at the third hand (the save: its fourth write, the first is
# the game's start); the game saved after hand 2 must be the one resumed.
HOOKS = {
    "saved game": """
        real = os.replace
        count = [0]
        def replace(source, target, *args, **kwargs):
            if str(target).endswith("saved-game.json"):
                count[0] += 1
                if count[0] == 4:
                    die()  # the temporary file is written and flushed; not renamed yet
            return real(source, target, *args, **kwargs)
        os.replace = replace
    """,
    "hand history": """
        import audiopoker.persistence.history as history
        real = history.append_durably
        count = [0]
        def append(path, data, expected):
            count[0] += 1
            if count[0] == 3:
                with open(path, "ab") as file:
                    file.truncate(expected)
                    file.seek(expected)
                    file.write(data[: len(data) // 2])  # half the hand
                    file.flush()
                    os.fsync(file.fileno())
                die()
            return real(path, data, expected)
        history.append_durably = append
    """,
    "statistics": """
        from audiopoker.persistence.stats import StatsDB
        real = StatsDB._write
        count = [0]
        def write(self, statements):
            if any("UPDATE games SET hands" in sql for sql, _ in statements):
                count[0] += 1
                if count[0] == 3:
                    self.db.execute("PRAGMA cache_size = 1")  # its pages reach the WAL
                    self.db.execute("BEGIN IMMEDIATE")
                    for sql, values in statements:
                        self.db.execute(sql, values)
                    die()  # in the transaction, before COMMIT
            return real(self, statements)
        StatsDB._write = write
    """,
}


@pytest.mark.parametrize("site", list(HOOKS))
def test_a_game_killed_in_the_middle_of_a_write_resumes_from_its_last_save(
    tmp_path: Path, site: str
) -> None:
    killed(tmp_path, HOOKS[site], PLAY)
    assert damaged_files(tmp_path) == []
    saved = SavedGame.from_json(save_path(tmp_path).read_bytes())
    assert saved.hand_number == 2
    with closing(sqlite3.connect(tmp_path / DB_NAME)) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        numbers = [row[0] for row in db.execute("SELECT hand_number FROM hands")]
    assert numbers[:2] == [1, 2] and len(numbers) <= 3  # the killed hand, at most, ahead
    (history,) = history_files(tmp_path)
    assert history.stat().st_size >= saved.history.size

    code, err = finish(start_game(tmp_path, "--resume"))  # the next start: it goes on
    assert code == 0, err
    assert damaged_files(tmp_path) == [] and not list(tmp_path.glob(f"{TEMP_PREFIX}*"))
    hands = read_histories(history)
    check_game_records(hands, 3, 300)
    with closing(sqlite3.connect(tmp_path / DB_NAME)) as db:
        numbers = [row[0] for row in db.execute("SELECT hand_number FROM hands ORDER BY 1")]
        status = db.execute("SELECT status FROM games").fetchone()[0]
    assert numbers == list(range(1, len(hands) + 1)) and status == "finished"


def test_preferences_killed_while_saved_leave_the_save_before_them(tmp_path: Path) -> None:
    """A key changes the verbosity between two hands and the process dies before its save
    is renamed: the save from before, with the old preference, is whole and resumes."""
    hook = """
        from persistence_support import bot_table, game_recorder
        from audiopoker.game import Game
        from audiopoker.persistence import Store
        from audiopoker.ui.session import Settings
        real = os.replace
        def replace(source, target, *args, **kwargs):
            if str(target).endswith("saved-game.json") and prefs["verbosity"] == "terse":
                die()  # the temporary file is written and flushed; not renamed yet
            return real(source, target, *args, **kwargs)
        os.replace = replace
    """
    run = """
        settings = Settings(players=3, chips=100, seed=5, bots="easy", bot_time_budget=None)
        table, seats = bot_table("easy", 3, 100, 5, first="Player")
        store = Store(Path(os.environ["AUDIOPOKER_DATA_DIR"]))
        store.open()
        prefs = {"verbosity": "verbose"}
        recorder = game_recorder(store, settings, table, seats, prefs)
        recorder.start(table)
        Game(table, seats, [recorder]).run(max_hands=2)
        prefs["verbosity"] = "terse"
        recorder.save_prefs()
    """
    killed(tmp_path, "from pathlib import Path\n" + textwrap.dedent(hook), run)
    assert damaged_files(tmp_path) == []
    assert list(tmp_path.glob(f"{TEMP_PREFIX}*"))  # what the kill left, cleared next start
    with closing(Store(tmp_path)) as store:
        store.open()
        found = store.load()
    assert found.saved is not None and found.saved.hand_number == 2
    assert found.saved.prefs["verbosity"] == "verbose"
    assert not list(tmp_path.glob(f"{TEMP_PREFIX}*"))


def test_a_drill_killed_in_its_transaction_keeps_every_answer_before(tmp_path: Path) -> None:
    """The second answer of a drill round is being recorded when the process dies: the
    statistics (a game's hands and the first answer) are whole, and `audiopoker stats`
    reads them."""
    play_saved_game(tmp_path, hands=2)
    hook = """
        from audiopoker.persistence.drills import DrillLog
        real = DrillLog.record
        def record(self, number, *args, **kwargs):
            if number == 2:
                self.stats.db.execute("PRAGMA cache_size = 1")
                self.stats.db.execute("BEGIN IMMEDIATE")
                self.stats.db.execute(
                    "INSERT INTO drill_answers VALUES (?, 2, 'now', 'q', '1', 1, 1)",
                    (self.session,),
                )
                die()
            return real(self, number, *args, **kwargs)
        DrillLog.record = record
    """
    run = """
        from audiopoker.coach.drills import DrillKind, new_round
        from audiopoker.coach.drills.drill_text import DrillText
        from audiopoker.commands.drill import Keeper
        keeper = Keeper(DrillText("en"), new_round(DrillKind.RANKING, 3, 7), "en")
        assert keeper.open() is None
        keeper.log.record(1, "2026-01-02T10:00:00", "q1", "1", 1, True, best_streak=1)
        keeper.log.record(2, "2026-01-02T10:00:09", "q2", "2", 2, True, best_streak=2)
    """
    killed(tmp_path, hook, run)
    assert damaged_files(tmp_path) == []
    with closing(sqlite3.connect(tmp_path / DB_NAME)) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        answers = db.execute("SELECT number FROM drill_answers").fetchall()
    assert answers == [(1,)]
    env = {**os.environ, DATA_DIR_ENV: str(tmp_path)}
    command = [sys.executable, "-m", "audiopoker", "stats", "--json", "--output", "silent"]
    shown = subprocess.run(command, capture_output=True, env=env, timeout=60, text=True)
    assert shown.returncode == 0, shown.stderr
    numbers = json.loads(shown.stdout)
    assert numbers["hands"] == 2 and numbers["drills"][0]["answers"] == 1, numbers
    assert damaged_files(tmp_path) == []


def test_seat_tokens_killed_before_the_rename_stay_as_they_were(tmp_path: Path) -> None:
    kept = {"ws://10.0.0.2:7777 Ana": "token-a"}
    (tmp_path / FILE_NAME).write_text(json.dumps(kept), "utf-8")
    hook = """
        real = os.replace
        def replace(source, target, *args, **kwargs):
            if str(target).endswith("seats.json"):
                die()  # the temporary file is written and flushed; not renamed yet
            return real(source, target, *args, **kwargs)
        os.replace = replace
    """
    run = """
        from pathlib import Path
        from audiopoker.net.tokens import TokenBook
        TokenBook(Path(os.environ["AUDIOPOKER_DATA_DIR"])).put("ws://127.0.0.1:7777 Beto", "b")
    """
    killed(tmp_path, hook, run)
    assert json.loads((tmp_path / FILE_NAME).read_text("utf-8")) == kept
    assert TokenBook(tmp_path).get("ws://10.0.0.2:7777 Ana") == "token-a"
    assert damaged_files(tmp_path) == []
    with closing(Store(tmp_path)) as store:  # the game's next start clears the temporary file
        store.open()
    assert not list(tmp_path.glob(f"{TEMP_PREFIX}*"))


def test_a_log_record_cut_by_a_kill_leaves_the_records_before_whole(tmp_path: Path) -> None:
    """Half a record is written when the process dies: the records before are whole lines,
    and the next start's records begin lines of their own."""
    hook = """
        import logging
        from audiopoker.logfile import QuietFileHandler, configure_logging
        configure_logging()
        log = logging.getLogger("audiopoker.test")
        log.warning("first record")
        (handler,) = [h for h in logging.getLogger().handlers if isinstance(h, QuietFileHandler)]
        real = handler.stream.write
        def write(text):
            if "second" in text:
                real(text[: len(text) // 2])
                handler.stream.flush()
                die()
            return real(text)
        handler.stream.write = write
    """
    killed(tmp_path, hook, 'log.warning("second record")')
    again = """
        import logging
        from audiopoker.logfile import configure_logging
        configure_logging()
        logging.getLogger("audiopoker.test").warning("third record")
        die()  # killed again: what was logged is on disk already
    """
    killed(tmp_path, again, "")
    lines = (tmp_path / "logs" / "audiopoker.log").read_text("utf-8").splitlines()
    record = " WARNING audiopoker.test [MainThread] {} record"
    assert len(lines) == 3 and lines[0].endswith(record.format("first"))
    assert not lines[1].endswith("record")  # the half the kill left
    assert lines[2].endswith(record.format("third"))
