"""Two room processes on one PostgreSQL database (issue 28, points 3 and 5): an account
registered on one logs in on the other; a table made on one is in the other's lobby, and a
player who entered on the other sits at it there (a one-time grant in the database, the
ticket giving the holder's address); a token rotated on one is refused reused on the other.
Two real ``audiopoker server`` processes against a real server (pg_support)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_support import ROOT
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from audiopoker.net.protocol import (
    Act,
    EventFrame,
    Heard,
    Hello,
    Refused,
    Waiting,
    Welcome,
    decode_server,
    encode,
)
from audiopoker.room.room_protocol import (
    Entered,
    Lobby,
    Login,
    MakeTable,
    Register,
    Resume,
    RoomClientFrame,
    RoomRefused,
    RoomServerFrame,
    Sit,
    Ticket,
    decode_room_server,
    encode_room,
)

SECRET = "a long secret"
OPENED = re.compile(r"Room open at (ws://127\.0\.0\.1:\d+) \(database: (.+)\)\.")


@pytest.fixture
def two_rooms(postgres_url: str, tmp_path: Path) -> Iterator[tuple[str, str]]:
    """The addresses of two room processes on one fresh database."""
    env = {**os.environ, "AUDIOPOKER_DATA_DIR": str(tmp_path / "data")}
    command = [sys.executable, "-m", "audiopoker", "server", "--port", "0", "--lang", "en"]
    command += ["--database", postgres_url, "--bot-delay", "0"]
    rooms = [
        subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        for _ in range(2)
    ]
    try:
        addresses = []
        for room in rooms:
            assert room.stdout is not None
            line = room.stdout.readline()
            found = OPENED.match(line)
            assert found is not None, (line, room.stderr.read() if room.stderr else "")
            assert "secret" not in found.group(2)
            addresses.append(found.group(1))
        yield addresses[0], addresses[1]
    finally:
        for room in rooms:
            room.terminate()
        for number, room in enumerate(rooms):
            try:
                _, err = room.communicate(timeout=20)
            except subprocess.TimeoutExpired:
                room.kill()
                _, err = room.communicate()
            print(f"room {number}'s log:\n{err}")  # shown when the test failed


def opened(uri: str) -> ClientConnection:
    return connect(uri).__enter__()  # closed by the test (or with the process at its end)


def send(ws: ClientConnection, frame: RoomClientFrame) -> None:
    ws.send(encode_room(frame))


def until(ws: ClientConnection, kind: type[RoomServerFrame], timeout: float = 15) -> object:
    """The next frame of ``kind`` (others on the way skipped)."""
    while True:
        frame = decode_room_server(ws.recv(timeout=timeout))
        if isinstance(frame, kind):
            return frame


def enter(address: str, frame: RoomClientFrame) -> tuple[ClientConnection, Entered]:
    ws = opened(address)
    send(ws, frame)
    entered = until(ws, Entered)
    assert isinstance(entered, Entered)
    return ws, entered


def play(ws: ClientConnection, stop: threading.Event) -> None:
    """A seated player who checks or folds every turn (so the table lasts: bots act at once
    here), until ``stop`` (or the end)."""
    seat, hand = -1, 0
    try:
        while not stop.is_set():
            frame = decode_server(ws.recv(timeout=30))
            if isinstance(frame, Welcome):
                seat = frame.seat
            if not isinstance(frame, EventFrame):
                continue
            ws.send(encode(Heard(upto=frame.seq)))
            event = frame.event
            if event["type"] == "HandStarted":
                hand = int(str(event["hand_number"]))
            if event["type"] == "ActionRequired" and event["seat"] == seat:
                legal = event["legal"]
                assert isinstance(legal, dict)
                kind = "check" if legal["can_check"] else "fold"
                ws.send(encode(Act(hand=hand, turn=frame.turn, kind=kind)))
    except (ConnectionClosed, TimeoutError):
        return


def test_two_rooms_share_accounts_tables_and_tokens(two_rooms: tuple[str, str]) -> None:
    a, b = two_rooms
    ana, made = enter(a, Register(name="Ana", password=SECRET))
    enter(b, Login(name="ana", password=SECRET))[0].close()  # the account is B's too
    beto_a, _ = enter(a, Register(name="Beto", password=SECRET))
    beto_a.close()
    beto, _ = enter(b, Login(name="Beto", password=SECRET))

    send(ana, MakeTable(seats=3, chips=1000, bots="easy"))
    own = until(ana, Ticket)
    assert isinstance(own, Ticket) and own.url == ""  # this room's own table
    seated = opened(a + own.path)
    seated.send(encode(Hello(code=own.ticket, name="Ana", lang="en")))
    stop = threading.Event()
    player = threading.Thread(target=play, args=(seated, stop), daemon=True)
    player.start()

    while True:  # B's lobby lists the table A holds (each process looks every 2 s)
        lobby = until(beto, Lobby)
        assert isinstance(lobby, Lobby)
        if any(table.id == own.table for table in lobby.tables):
            break
    send(beto, Sit(table=own.table))
    ticket = until(beto, Ticket)
    assert isinstance(ticket, Ticket) and ticket.url == a and ticket.path == own.path
    table = opened(ticket.url + ticket.path)
    table.send(encode(Hello(code=ticket.ticket, name="Someone Else", lang="en")))
    assert isinstance(decode_server(table.recv(timeout=10)), Waiting)  # admitted by grant
    again = opened(ticket.url + ticket.path)  # the grant is used once
    again.send(encode(Hello(code=ticket.ticket, name="Copy", lang="en")))
    assert isinstance(decode_server(again.recv(timeout=10)), Refused)
    while True:  # seated when the hand in play ends, under the account's name
        frame = decode_server(table.recv(timeout=30))
        if isinstance(frame, Welcome):
            assert frame.names[frame.seat] == "Beto"
            break
    stop.set()

    ana.close()
    rotated, _ = enter(a, Resume(token=made.token))  # the token is spent on A
    rotated.close()
    reused = opened(b)
    send(reused, Resume(token=made.token))
    refused = until(reused, RoomRefused)
    assert isinstance(refused, RoomRefused) and refused.code == "token_reused"
    for ws in (beto, table, again, seated, reused):
        ws.close()


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "0.0.0.0 is no address to reach it at. Give --public-url"),
        ("es", "0.0.0.0 no es una dirección donde encontrarlo. Da --public-url"),
    ],
)
def test_every_network_on_postgres_needs_a_public_url(tmp_path: Path, lang: str, said: str) -> None:
    env = {**os.environ, "AUDIOPOKER_DATA_DIR": str(tmp_path / "data")}
    database = "postgresql://room:secret@db.invalid/room"  # refused before any connection
    room = subprocess.run(
        [sys.executable, "-m", "audiopoker", "server", "--bind", "0.0.0.0", "--port", "0",
         "--database", database, "--lang", lang],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    assert room.returncode == 2 and room.stdout == ""
    assert said in room.stderr
