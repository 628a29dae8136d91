"""``audiopoker server`` as an operator runs it (issue 28, point 4): it prints where the room
listens, players register and come back, Control+C closes it and the accounts stay in its
database; it refuses to listen beyond this machine without TLS, and a database of a newer
room, each said in the operator's language."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from cli_support import ROOT
from websockets.sync.client import connect

from audiopoker.room.room_db import Store
from audiopoker.room.room_protocol import Entered, Login, Register, decode_room_server, encode_room


def server(tmp_path: Path, *options: str) -> subprocess.Popen[str]:
    env = {**os.environ, "AUDIOPOKER_DATA_DIR": str(tmp_path / "data")}
    return subprocess.Popen(
        [sys.executable, "-m", "audiopoker", "server", *options],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip


def test_the_room_opens_keeps_its_accounts_and_closes_on_control_c(tmp_path: Path) -> None:
    database = tmp_path / "room.db"
    room = server(tmp_path, "--port", "0", "--database", str(database), "--lang", "en")
    try:
        assert room.stdout is not None
        opened = room.stdout.readline()
        found = re.fullmatch(
            r"Room open at (ws://127\.0\.0\.1:\d+) \(database: (.+)\)\. Control\+C closes it\.\n",
            opened,
        )
        assert found is not None, opened
        assert found.group(2) == str(database)
        with connect(found.group(1)) as ws:
            ws.send(encode_room(Register(name="Ana", password="a long secret")))
            assert isinstance(decode_room_server(ws.recv(timeout=10)), Entered)
        with connect(found.group(1)) as ws:
            ws.send(encode_room(Login(name="ana", password="a long secret")))
            assert isinstance(decode_room_server(ws.recv(timeout=10)), Entered)
        room.send_signal(signal.SIGINT)
        out, err = room.communicate(timeout=20)
    finally:
        room.kill()
    assert room.returncode == 0, err
    assert out == "Room closed.\n"
    assert [row[0] for row in Store(database).rows("SELECT name FROM accounts")] == ["Ana"]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "a room that listens on 0.0.0.0 is open to a network"),
        ("es", "una sala que escucha en 0.0.0.0 está abierta a una red"),
    ],
)
def test_a_room_open_to_a_network_needs_tls(tmp_path: Path, lang: str, said: str) -> None:
    room = server(tmp_path, "--bind", "0.0.0.0", "--port", "0", "--lang", lang)
    out, err = room.communicate(timeout=30)
    assert room.returncode == 2 and out == ""
    assert said in err and "--certfile" in err


def test_a_database_of_a_newer_room_is_refused(tmp_path: Path) -> None:
    database = tmp_path / "room.db"
    store = Store(database)
    store.execute("INSERT INTO schema_version VALUES (?)", (999,))
    store.close()
    room = server(tmp_path, "--port", "0", "--database", str(database), "--lang", "en")
    out, err = room.communicate(timeout=30)
    assert room.returncode == 2 and out == ""
    assert "was written by a newer audiopoker" in err


def test_admin_needs_an_account(tmp_path: Path) -> None:
    room = server(tmp_path, "--port", "0", "--database", str(tmp_path / "r.db"), "--admin", "Zoe")
    out, err = room.communicate(timeout=30)
    assert room.returncode == 2 and out == ""
    assert "no account Zoe" in err or "ninguna cuenta Zoe" in err


# Start the game as a machine without the room extra has it: argon2 and psycopg missing.
WITHOUT_ROOM_EXTRA = (
    "import runpy, sys\n"
    "sys.modules['argon2'] = None\n"
    "sys.modules['psycopg'] = None\n"
    "sys.argv = ['audiopoker', *sys.argv[1:]]\n"
    "runpy.run_module('audiopoker', run_name='__main__', alter_sys=True)\n"
)


@pytest.mark.parametrize("command", [["--help"], ["connect", "--help"], ["play", "--help"]])
def test_the_players_side_needs_no_room_extra(command: list[str]) -> None:
    """`pip install .` and `audiopoker` (the Quick start): the lobby and its tables import
    nothing of the room extra (found: the game did not start without argon2)."""
    done = subprocess.run(
        [sys.executable, "-c", WITHOUT_ROOM_EXTRA, *command],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "usage:" in done.stdout


def test_a_room_without_its_extra_says_how_to_install_it(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", WITHOUT_ROOM_EXTRA, "server", "--lang", "en"],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
        env={**os.environ, "AUDIOPOKER_DATA_DIR": str(tmp_path)},
    )  # fmt: skip
    assert done.returncode != 0
    assert "audiopoker[room]" in done.stdout + done.stderr
