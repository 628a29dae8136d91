"""The room at scale (issue 28, point 5): one ``audiopoker server`` process on loopback,
many tables of six simulated players each, and spectators, the load from other processes.

The room is the real command (``python -m audiopoker server --port 0 --bot-delay 0``) on a
fresh SQLite database in a temporary folder (in /dev/shm where there is one: the lobby's
entries write the database, a disk sync each, which is not what this measures). Its
accounts are made BEFORE it starts, by this script, through ``room.accounts.Accounts`` on
that database with cheap Argon2 parameters and the registration window opened (the room
allows three registrations an hour from one address): the room never hashes a password
during the run; each simulated person enters with the session token its registration gave
(``Resume``).

The load runs in ``--workers`` processes (multiprocessing, spawn), each one asyncio loop
with many raw-protocol websocket clients (``audiopoker.net.protocol``, as in
``bench_net.py``); a table's players and spectators are all in one worker. Every simulated
person connects from its own loopback address (127.64.x.y: Linux routes all of 127/8 to
the loopback), as people on the internet come from different addresses, so the room's
per-address connection guard (``net.guard.MAX_CONNECTIONS``, 12) is met as it would be, not
raised. A table: its maker enters the lobby (``Resume``), asks ``MakeTable`` (6 seats, deep
stacks, easy bots in the seats nobody took yet) and gets a ticket; five more players ask
``Sit`` and the spectators ``Watch``, one lobby visit at a time in each worker; each says
``Leave`` once it has its ticket (the real client keeps its lobby open: see the note at the
end), then the table's people open ``/table/<id>`` together with ``Hello`` and their ticket.
The players send ``Heard`` after each event, as the real client does when its speech is
done, and act on their turn (check or call mostly, sometimes a minimum raise, folds to big
bets, seeded): at a human pace (``SETUP_THINK``) while the tables are set up, so that the
lobby visits do not wait on a saturated room (at once while their table is not full yet:
its newcomers sit down at the next hand), then from the warm-up on at ``--think``
seconds on average, by default 0: at once, as many actions as the room can play.

Measured in a window that opens once every player is seated (plus a short warm-up):

- action to every other client: from a player sending ``Act`` to EACH other client of the
  table (players and spectators) receiving the ``ActionTaken`` that tells it; p50/p95/p99
  over every (action, receiver) pair. One clock: ``time.monotonic()`` (CLOCK_MONOTONIC, the
  same in every process on Linux);
- memory per table: the room's RSS (``VmRSS``) at the window's end, minus its RSS when it
  was open with no table and nobody connected, over the tables (the first table's lazily
  imported code is in it: the marginal figure between two table counts is printed too);
- CPU per 1,000 actions: the room's CPU seconds (utime + stime, all its threads) over the
  window, over the actions (``ActionTaken``) played in it.

Each (tables, seed) is a fresh room; the figures pool the seeds (the latency pairs
together, memory averaged, CPU over all actions). The seeds choose the players' actions and
who watches which table; the room shuffles its decks itself (it has no seed).

    python benchmarks/bench_room.py --tables 50 100 200 400 --spectators 200 \\
        --seconds 20 --seeds 1 2 3
    python benchmarks/bench_room.py --quick      # a smoke run: 3 tables, 3 s, one seed

Goals (the issue): p95 under 50 ms and memory per table under 3 MB. ``--json`` prints the
figures as JSON on stdout and the lines on stderr. Exits 0 either way. Linux only (/proc).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ipaddress
import itertools
import json
import multiprocessing
import os
import random
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from array import array
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, TextIO

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from audiopoker.net.protocol import (
    MAX_FRAME,
    Act,
    EventFrame,
    FrameError,
    Heard,
    Hello,
    RefusalCode,
    Refused,
    Welcome,
    decode_server,
    encode,
)
from audiopoker.room.room_protocol import (
    Entered,
    Leave,
    MakeTable,
    Resume,
    RoomClientFrame,
    RoomFrameError,
    RoomRefused,
    Sit,
    Ticket,
    Watch,
    decode_room_server,
    encode_room,
)

ROOT = Path(__file__).resolve().parents[1]
SEATS = 6
CHIPS = 100_000  # 50,000 big blinds: nobody goes broke in a run, so no table ends
BIG_BLIND = 2
GOAL_P95_MS = 50.0
GOAL_TABLE_MB = 3.0
FIRST_ADDRESS = ipaddress.IPv4Address("127.64.0.1")  # each simulated person its own
START_TIMEOUT = 60.0  # seconds for the room to say where it listens
STEP_TIMEOUT = 30.0  # seconds for any one answer (connect, enter, ticket, close)
STOP_TIMEOUT = 20.0
WARM_UP = 3.0  # seconds between everyone seated and the window
SEAT_WAIT = 60.0  # seconds, once a worker's tables are made, for everyone to sit down
SETUP_THINK = 1.0  # a player's mean seconds before acting while the tables are set up
# The lobby's frames are skipped unread (only their size is kept: each is one part of the
# lobby, under MAX_FRAME since the room sends it in parts).


LOBBY_FRAME = '{"type":"lobby"'
OPEN_LINE = re.compile(r"ws://[\d.]+:(\d+)")
Key = tuple[int, int, int]  # the hand, the seat, and which of the seat's actions in the hand


# --- the plan -------------------------------------------------------------------------


@dataclass(frozen=True)
class Someone:
    """A simulated person: the account, its session token and its own address."""

    name: str
    token: str
    address: str


@dataclass(frozen=True)
class TablePlan:
    index: int
    players: tuple[Someone, ...]  # the first makes the table
    spectators: tuple[Someone, ...]


@dataclass(frozen=True)
class WorkerPlan:
    number: int
    port: int
    seed: int
    tables: tuple[TablePlan, ...]
    setup_timeout: float
    think: float = 0.0
    deflate: bool = True


def make_accounts(database: Path, count: int) -> list[tuple[str, str]]:
    """``count`` accounts in the room's database, each with a session token (name, token)."""
    from argon2 import PasswordHasher

    from audiopoker.room.accounts import Accounts, Limits, Session, Window
    from audiopoker.room.room_db import Store

    store = Store(database)
    cheap = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
    opened = Limits(register_by_address=Window(count + 1, 3600.0))
    accounts = Accounts(store, hasher=cheap, limits=opened)
    made: list[tuple[str, str]] = []
    try:
        for number in range(count):
            session = accounts.register(f"P{number}", "a long secret", "bench")
            assert isinstance(session, Session), session
            made.append((session.account.name, session.token))
    finally:
        store.close()
    return made


def plan(
    accounts: list[tuple[str, str]], tables: int, seed: int, port: int, args: argparse.Namespace
) -> list[WorkerPlan]:
    """Who sits and who watches where; the tables dealt to the workers in turn."""
    spectators, workers = args.spectators, args.workers
    people = [
        Someone(name, token, str(FIRST_ADDRESS + number))
        for number, (name, token) in enumerate(accounts)
    ]
    watching: list[list[Someone]] = [[] for _ in range(tables)]
    order = list(range(tables))
    random.Random(seed).shuffle(order)  # dealt in turn: which tables get one more, seeded
    for number in range(spectators):
        watching[order[number % tables]].append(people[tables * SEATS + number])
    table_plans = [
        TablePlan(t, tuple(people[t * SEATS : (t + 1) * SEATS]), tuple(watching[t]))
        for t in range(tables)
    ]
    timeout = SEAT_WAIT + 60.0 + 0.2 * (tables * SEATS + spectators) / max(1, workers)
    return [
        WorkerPlan(
            w,
            port,
            seed * 1000 + w,
            tuple(table_plans[w::workers]),
            timeout,
            args.think,
            not args.no_deflate,
        )
        for w in range(workers)
        if table_plans[w::workers]
    ]


# --- a worker: the clients of its tables ---------------------------------------------


@dataclass
class TableRun:
    sent: dict[Key, float] = field(default_factory=dict)  # an Act's send time
    actions: int = 0  # ActionTaken seen by the table's first player in the window
    seated: int = 0  # players welcomed, or who never will be


@dataclass
class Load:
    """What one worker measures."""

    rng: random.Random
    go: float = float("inf")  # the warm-up's start: players act at their --think pace
    start: float = float("inf")  # the window, monotonic
    end: float = float("inf")
    stopping: bool = False
    think: float = 0.0  # a player's mean seconds before acting (0: at once)
    deflate: bool = True  # the table connections ask for permessage-deflate (as the client)
    pending: set[asyncio.Task[None]] = field(default_factory=set)  # actions sent later
    latencies: array[float] = field(default_factory=lambda: array("d"))  # seconds
    errors: list[str] = field(default_factory=list)
    seated: int = 0
    settled: int = 0  # players seated, or who never will be
    all_seated: asyncio.Event = field(default_factory=asyncio.Event)
    players: int = 0
    tables: list[TableRun] = field(default_factory=list)
    tasks: list[asyncio.Task[None]] = field(default_factory=list)  # the clients'
    visits: list[float] = field(default_factory=list)  # seconds a lobby visit took, a table's
    lobby_bytes: int = 0  # the biggest Lobby frame heard
    cpu: float = 0.0  # this worker's CPU seconds in the window


class Client:
    """One person's connection to its table: a player (acts on its turns) or a spectator."""

    def __init__(self, load: Load, table: TableRun, who: Someone, where: str, role: str) -> None:
        self.load = load
        self.table = table
        self.who = who
        self.where = where
        self.player = role == "player"
        self.counts = role == "counter"  # the table's first player counts its actions
        if self.counts:
            self.player = True
        self.seat: int | None = None
        self.hand = 0
        self.taken: dict[int, int] = {}  # seat -> its actions seen in this hand
        self.ws: ClientConnection | None = None
        self.frames = 0  # frames received (said of a player never seated)
        self.no_seat = False  # a player who may never sit: a free seat went broke
        self.no_seat_error = (
            f"{where}: no seat left: a bot's seat went broke (the room still let it in to "
            "wait for a seat, and it waits as a spectator)"
        )
        self.last = ""  # the last frame's type

    async def play(self, uri: str, ticket: Ticket) -> None:
        try:
            async with connect(
                uri + ticket.path,
                local_addr=(self.who.address, 0),
                open_timeout=STEP_TIMEOUT,
                close_timeout=2,
                compression="deflate" if self.load.deflate else None,
            ) as ws:
                self.ws = ws
                await ws.send(encode(Hello(code=ticket.ticket, name=self.who.name)))
                async for raw in ws:
                    await self.on_frame(ws, raw)
        except (ConnectionClosed, OSError, TimeoutError) as error:
            if not self.load.stopping:
                self.load.errors.append(f"{self.where}: {type(error).__name__} {error}")
            return
        if not self.load.stopping:
            self.load.errors.append(f"{self.where}: the room closed the table's connection")

    async def on_frame(self, ws: ClientConnection, raw: str | bytes) -> None:
        now = time.monotonic()
        try:
            frame = decode_server(raw)
        except FrameError as error:
            self.load.errors.append(f"{self.where}: undecodable frame ({error.detail})")
            return
        self.frames += 1
        self.last = type(frame).__name__
        if isinstance(frame, EventFrame):
            act = self.on_event(frame.event, frame.turn, now)
            if act is not None and self.seat is not None:
                key = (self.hand, self.seat, self.taken.get(self.seat, 0))
                # Before the warm-up, a human pace, so that setting up the other tables does
                # not wait on a saturated room; then --think (0: at once).
                # A table not full yet plays at once: its newcomers sit down at the next hand.
                think = self.load.think if now >= self.load.go else SETUP_THINK
                think = think if self.table.seated == SEATS else 0.0
                if think > 0:  # the action sent later, timed from then
                    wait = self.load.rng.uniform(0.5, 1.5) * think
                    later = asyncio.create_task(self.act(ws, key, act, wait))
                    self.load.pending.add(later)
                    later.add_done_callback(self.load.pending.discard)
                else:
                    await self.act(ws, key, act)
            if self.seat is not None:
                await ws.send(encode(Heard(upto=frame.seq)))
        elif isinstance(frame, Welcome):
            self.seat = frame.seat
            self.load.seated += 1
            if self.no_seat:  # it found a seat after all (another bot's): counted already
                self.no_seat = False
                self.load.errors.remove(self.no_seat_error)
            else:
                self.settled()
        elif isinstance(frame, Refused) and frame.code is not RefusalCode.CLOSED:
            self.load.errors.append(f"{self.where}: refused {frame.code.value} {frame.detail}")

    async def act(self, ws: ClientConnection, key: Key, act: Act, wait: float = 0.0) -> None:
        if wait:
            await asyncio.sleep(wait)
        self.table.sent[key] = time.monotonic()
        with contextlib.suppress(ConnectionClosed):
            await ws.send(encode(act))

    def settled(self) -> None:
        """This player sat down, or never will: the table and the worker count it."""
        self.table.seated += 1
        self.load.settled += 1
        if self.load.settled == self.load.players:
            self.load.all_seated.set()

    def on_event(self, event: dict[str, Any], turn: int, now: float) -> Act | None:
        kind = event.get("type")
        waiting = self.player and self.seat is None and not self.no_seat
        if kind == "HandStarted" and waiting and 0 in event["stacks"]:
            self.no_seat = True  # a bot went broke before this player sat down
            self.load.errors.append(self.no_seat_error)
            self.settled()
        if kind == "HandStarted":
            self.hand = int(event["hand_number"])
            self.taken = {}
            if self.counts:  # forget the send times of hands long over
                for key in [k for k in self.table.sent if k[0] < self.hand - 1]:
                    del self.table.sent[key]
        elif kind == "ActionTaken":
            seat = int(event["seat"])
            k = self.taken.get(seat, 0)
            self.taken[seat] = k + 1
            if self.counts and self.load.start <= now < self.load.end:
                self.table.actions += 1
            if seat != self.seat:
                sent = self.table.sent.get((self.hand, seat, k))
                if sent is not None and self.load.start <= sent < self.load.end:
                    self.load.latencies.append(now - sent)
        elif kind == "ActionRequired" and turn and event.get("seat") == self.seat:
            act = choose(event["legal"], self.load.rng)
            act.hand, act.turn = self.hand, turn
            return act
        return None


def choose(legal: dict[str, Any], rng: random.Random) -> Act:
    """Check or call mostly, sometimes the minimum bet or raise (within 20 big blinds),
    now and then a fold, and a fold to anything bigger than 20 big blinds."""
    roll = rng.random()
    raising = legal.get("raise_kind")
    min_to = int(legal.get("min_raise_to", 0))
    if raising is not None and roll < 0.12 and min_to <= 20 * BIG_BLIND:
        return Act(kind=str(raising), to=min_to)
    if legal.get("can_check"):
        return Act(kind="check")
    if int(legal.get("to_call", 0)) <= 20 * BIG_BLIND and roll < 0.9:
        return Act(kind="call")
    return Act(kind="fold")


async def ticket_for(uri: str, load: Load, who: Someone, ask: RoomClientFrame) -> Ticket:
    """A visit to the lobby: in with the session token, ``ask`` answered with a ticket, out."""
    lobby = connect(uri, local_addr=(who.address, 0), open_timeout=STEP_TIMEOUT, close_timeout=2)
    async with asyncio.timeout(STEP_TIMEOUT), lobby as ws:
        await ws.send(encode_room(Resume(token=who.token)))
        asked = False
        async for raw in ws:
            if raw[: len(LOBBY_FRAME)] in (LOBBY_FRAME, LOBBY_FRAME.encode()):
                load.lobby_bytes = max(load.lobby_bytes, len(raw))  # not read: see the note
                continue
            try:
                frame = decode_room_server(raw)
            except RoomFrameError as error:
                raise RuntimeError(f"undecodable frame ({error.detail})") from None
            if isinstance(frame, RoomRefused):
                raise RuntimeError(f"refused {frame.code} {frame.detail}")
            if isinstance(frame, Entered) and not asked:
                await ws.send(encode_room(ask))
                asked = True
            elif isinstance(frame, Ticket):
                await ws.send(encode_room(Leave()))
                return frame
    raise RuntimeError("the lobby closed before a ticket")


async def seat_table(uri: str, load: Load, table: TablePlan, clients: list[Client]) -> None:
    """The table made by its first player, the others' tickets asked for, then everyone
    at it at once (the table waits for its first connection: all sit down for hand one)."""
    run = TableRun()
    maker = table.players[0]
    spec = MakeTable(seats=SEATS, chips=CHIPS, small_blind=1, big_blind=BIG_BLIND, bots="easy")
    began = time.monotonic()
    tickets = [await ticket_for(uri, load, maker, spec)]
    for person in table.players[1:]:
        tickets.append(await ticket_for(uri, load, person, Sit(table=tickets[0].table)))
    for person in table.spectators:
        tickets.append(await ticket_for(uri, load, person, Watch(table=tickets[0].table)))
    load.visits.append((time.monotonic() - began) / len(tickets))
    people = table.players + table.spectators
    for number, (who, ticket) in enumerate(zip(people, tickets, strict=True)):
        role = "counter" if number == 0 else "player" if number < SEATS else "spectator"
        client = Client(load, run, who, f"table {table.index} {role} {who.name}", role)
        clients.append(client)
        load.tasks.append(asyncio.create_task(client.play(uri, ticket)))
    load.tables.append(run)


async def run_worker(work: WorkerPlan, pipe: Connection) -> dict[str, Any]:
    load = Load(random.Random(work.seed), think=work.think, deflate=work.deflate)
    load.players = SEATS * len(work.tables)
    uri = f"ws://127.0.0.1:{work.port}"
    clients: list[Client] = []
    try:
        for table in work.tables:  # one lobby visit at a time (see the note on the lobby)
            try:
                await seat_table(uri, load, table, clients)
            except (OSError, TimeoutError, RuntimeError, ConnectionClosed) as error:
                why = f"{type(error).__name__} {error}"
                load.errors.append(f"table {table.index} not set up: {why}")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(load.all_seated.wait(), SEAT_WAIT)
        pipe.send(("ready", load.seated))
        loop = asyncio.get_running_loop()
        start, end = await loop.run_in_executor(None, pipe.recv)
        load.go, load.start, load.end = start - WARM_UP, start, end
        await asyncio.sleep(max(0.0, start - time.monotonic()))
        cpu = time.process_time()
        await asyncio.sleep(max(0.0, end - time.monotonic()))
        load.cpu = time.process_time() - cpu
    finally:
        load.stopping = True
        for client in clients:
            if client.player and client.seat is None and not client.no_seat:
                heard = f"{client.frames} frames, the last {client.last or 'none'}"
                load.errors.append(f"{client.where}: never seated ({heard})")
        closing = [c.ws.close() for c in clients if c.ws is not None]
        with contextlib.suppress(Exception):
            await asyncio.wait_for(asyncio.gather(*closing, return_exceptions=True), STOP_TIMEOUT)
        for task in load.tasks:
            task.cancel()
        await asyncio.gather(*load.tasks, return_exceptions=True)
    return {
        "latencies": load.latencies.tobytes(),
        "actions": sum(t.actions for t in load.tables),
        "seated": load.seated,
        "errors": load.errors,
        "visits": load.visits,
        "lobby_bytes": load.lobby_bytes,
        "cpu": load.cpu,
    }


def worker_main(work: WorkerPlan, pipe: Connection) -> None:
    """A worker process: its tables' clients on one loop; the results through ``pipe``."""
    with contextlib.suppress(KeyboardInterrupt):
        try:
            result = asyncio.run(run_worker(work, pipe))
        except Exception as error:  # told to the main process, which counts it
            result = {"latencies": b"", "actions": 0, "seated": 0, "errors": [repr(error)]}
            result["visits"], result["lobby_bytes"], result["cpu"] = [], 0, 0.0
        pipe.send(("done", result))


# --- the room process and one run -------------------------------------------------------


def cpu_seconds(pid: int) -> float:
    """User and system CPU seconds of a live process, all its threads (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def status_of(pid: int, key: str) -> int:
    """One number of ``/proc/PID/status`` (``VmRSS`` in kB, ``Threads``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1])
    raise KeyError(key)


def start_room(
    folder: Path, database: Path, max_tables: int
) -> tuple[subprocess.Popen[bytes], int]:
    """The room process, once it said where it listens; its port."""
    command = [sys.executable, "-m", "audiopoker", "server", "--port", "0", "--lang", "en"]
    command += ["--database", str(database), "--bot-delay", "0"]
    command += ["--max-tables", str(max(1, max_tables))]
    env = {**os.environ, "AUDIOPOKER_DATA_DIR": str(folder), "PYTHONPATH": str(ROOT)}
    with (folder / "room-stderr.txt").open("wb") as err:
        room = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=err, env=env, cwd=folder)
    assert room.stdout is not None
    ready, _, _ = select.select([room.stdout], [], [], START_TIMEOUT)
    line = room.stdout.readline().decode(errors="replace") if ready else ""
    found = OPEN_LINE.search(line)
    if found is None:
        stop_room(room)
        said = (folder / "room-stderr.txt").read_text(errors="replace").strip()[-500:]
        raise SystemExit(f"the room did not say where it listens: {line!r} {said}")
    return room, int(found[1])


def stop_room(room: subprocess.Popen[bytes]) -> None:
    if room.poll() is None:
        room.send_signal(signal.SIGTERM)
        try:
            room.wait(STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            room.kill()
            room.wait()
    if room.stdout is not None:
        room.stdout.close()


def receive(pipe: Connection, timeout: float, what: str) -> Any:
    """The next message of a worker, or TimeoutError."""
    if not pipe.poll(timeout):
        raise TimeoutError(f"no {what} from a worker within {timeout:.0f} s")
    return pipe.recv()


def run_once(args: argparse.Namespace, tables: int, seed: int, out: TextIO) -> dict[str, Any]:
    """One fresh room with ``tables`` tables, measured over the window."""
    # In memory where Linux has it: the lobby's entries write the database (a sync each),
    # which is not what this measures and which a disk shared with others makes erratic.
    shm = Path("/dev/shm")
    folder = Path(tempfile.mkdtemp(prefix="aproom", dir=shm if shm.is_dir() else None))
    spectators = args.spectators
    workers: list[tuple[Any, Connection]] = []  # (a spawned process, its pipe)
    room: subprocess.Popen[bytes] | None = None
    errors: list[str] = []
    try:
        database = folder / "room.sqlite3"
        accounts = make_accounts(database, tables * SEATS + spectators)
        room, port = start_room(folder, database, tables)
        time.sleep(1.0)
        idle_kb = status_of(room.pid, "VmRSS")
        began = time.monotonic()
        context = multiprocessing.get_context("spawn")
        plans = plan(accounts, tables, seed, port, args)
        for work in plans:
            mine, theirs = context.Pipe()
            process = context.Process(target=worker_main, args=(work, theirs), daemon=True)
            process.start()
            workers.append((process, mine))
        seated = 0
        for _, pipe in workers:
            try:
                said = receive(pipe, plans[0].setup_timeout, "readiness")
            except TimeoutError as error:  # measured all the same, and said
                errors.append(str(error))
                continue
            if said[0] == "ready":
                seated += int(said[1])
            else:  # the worker failed before it was ready
                errors += said[1]["errors"]
        setup = time.monotonic() - began
        start = time.monotonic() + WARM_UP
        end = start + args.seconds
        for _, pipe in workers:
            with contextlib.suppress(OSError):
                pipe.send((start, end))
        time.sleep(max(0.0, start - time.monotonic()))
        cpu_at_start = cpu_seconds(room.pid)
        time.sleep(max(0.0, end - time.monotonic()))
        cpu = cpu_seconds(room.pid) - cpu_at_start
        rss_kb, threads = status_of(room.pid, "VmRSS"), status_of(room.pid, "Threads")
        latencies = array("d")
        actions = 0
        visits: list[float] = []
        lobby_bytes = 0
        load_cpu = 0.0
        for _, pipe in workers:
            try:
                said = receive(pipe, STOP_TIMEOUT + 30, "results")
                while said[0] != "done":
                    said = receive(pipe, STOP_TIMEOUT + 30, "results")
            except TimeoutError as error:
                errors.append(str(error))
                continue
            result = said[1]
            latencies.frombytes(result["latencies"])
            actions += int(result["actions"])
            errors += result["errors"]
            visits += result["visits"]
            lobby_bytes = max(lobby_bytes, int(result["lobby_bytes"]))
            load_cpu += float(result["cpu"])
        if room.poll() is not None:
            errors.append(f"the room exited early (code {room.returncode})")
    finally:
        for process, pipe in workers:
            process.join(5)
            if process.is_alive():
                process.kill()
                process.join()
            pipe.close()
        if room is not None:
            stop_room(room)
        shutil.rmtree(folder, ignore_errors=True)
    found = {
        "tables": tables,
        "seed": seed,
        "spectators": spectators,
        "players_seated": seated,
        "setup_s": round(setup, 1),
        "lobby_visit_ms": round(1000 * sum(visits) / len(visits), 1) if visits else None,
        "lobby_frame_bytes": lobby_bytes,
        "seconds": args.seconds,
        "actions": actions,
        "room_cpu_s": round(cpu, 2),
        "load_cpu_s": round(load_cpu, 2),
        "idle_rss_mb": round(idle_kb / 1024, 1),
        "rss_mb": round(rss_kb / 1024, 1),
        "threads": threads,
        "errors": errors,
        "latencies_ms": [1000 * s for s in latencies],
    }
    print(
        f"  {tables} tables, seed {seed}: {seated}/{tables * SEATS} seated in {setup:.0f} s "
        f"(a lobby visit {found['lobby_visit_ms']} ms), {actions} actions, "
        f"{len(latencies)} deliveries, {len(errors)} errors",
        file=out,
        flush=True,
    )
    return found


# --- the figures ----------------------------------------------------------------------------


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (``share`` in 0..1) of ``values``; 0 when empty."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, round(share * len(ordered) + 0.5))
    return ordered[min(rank, len(ordered)) - 1]


def pooled(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """One table count's runs (one a seed) as one set of figures."""
    tables = runs[0]["tables"]
    ms = [value for run in runs for value in run["latencies_ms"]]
    actions = sum(run["actions"] for run in runs)
    cpu = sum(run["room_cpu_s"] for run in runs)
    seconds = sum(run["seconds"] for run in runs)
    per_table = [(run["rss_mb"] - run["idle_rss_mb"]) / tables for run in runs]
    return {
        "tables": tables,
        "seeds": [run["seed"] for run in runs],
        "players_seated": min(run["players_seated"] for run in runs),
        "players": tables * SEATS,
        "actions": actions,
        "actions_per_s": round(actions / seconds, 1) if seconds else 0.0,
        "deliveries": len(ms),
        "p50_ms": round(percentile(ms, 0.50), 1),
        "p95_ms": round(percentile(ms, 0.95), 1),
        "p99_ms": round(percentile(ms, 0.99), 1),
        "mb_per_table": round(sum(per_table) / len(per_table), 2),
        "mb_per_table_range": [round(min(per_table), 2), round(max(per_table), 2)],
        "rss_mb": round(sum(run["rss_mb"] for run in runs) / len(runs), 1),
        "cpu_s_per_1000_actions": round(1000 * cpu / actions, 3) if actions else None,
        "room_cores_busy": round(cpu / seconds, 2) if seconds else 0.0,
        "load_cores_busy": round(sum(run["load_cpu_s"] for run in runs) / seconds, 2)
        if seconds
        else 0.0,
        "threads": max(run["threads"] for run in runs),
        "setup_s": round(max(run["setup_s"] for run in runs), 1),
        "lobby_visit_ms": max(run["lobby_visit_ms"] or 0.0 for run in runs),
        "lobby_frame_bytes": max(run["lobby_frame_bytes"] for run in runs),
        "errors": [error for run in runs for error in run["errors"]],
    }


def report(found: list[dict[str, Any]], args: argparse.Namespace, out: TextIO) -> None:
    head = (
        "tables",
        "seated",
        "actions/s",
        "p50 ms",
        "p95 ms",
        "p99 ms",
        "MB/table",
        "CPU s/1k act",
        "room cores",
        "load cores",
        "threads",
        "errors",
    )
    rows = [
        (
            str(f["tables"]),
            f"{f['players_seated']}/{f['players']}",
            str(f["actions_per_s"]),
            str(f["p50_ms"]),
            str(f["p95_ms"]),
            str(f["p99_ms"]),
            str(f["mb_per_table"]),
            str(f["cpu_s_per_1000_actions"]),
            str(f["room_cores_busy"]),
            str(f["load_cores_busy"]),
            str(f["threads"]),
            str(len(f["errors"])),
        )
        for f in found
    ]
    widths = [max(len(row[i]) for row in [head, *rows]) for i in range(len(head))]
    print(file=out)
    for row in [head, *rows]:
        print(
            "  " + "  ".join(cell.rjust(w) for cell, w in zip(row, widths, strict=True)), file=out
        )
    for low, high in itertools.pairwise(found):
        grew = high["rss_mb"] - low["rss_mb"]
        each = grew / (high["tables"] - low["tables"]) if high["tables"] != low["tables"] else 0.0
        print(
            f"  marginal memory from {low['tables']} to {high['tables']} tables: "
            f"{each:.2f} MB a table",
            file=out,
        )
    for f in found:
        size = f["lobby_frame_bytes"]
        print(
            f"  {f['tables']} tables: the lobby's list {size:,} bytes"
            f"{' (over MAX_FRAME: the client refuses it)' if size > MAX_FRAME else ''}, "
            f"a lobby visit {f['lobby_visit_ms']} ms, set up in {f['setup_s']} s at most",
            file=out,
        )
    print(file=out)
    for f in found:
        for error in f["errors"][:10]:
            print(f"  error ({f['tables']} tables): {error}", file=out)
        if len(f["errors"]) > 10:
            print(f"  ... and {len(f['errors']) - 10} more errors", file=out)
        p95_ok = f["deliveries"] > 0 and f["p95_ms"] < GOAL_P95_MS
        mb_ok = f["mb_per_table"] < GOAL_TABLE_MB
        print(
            f"{'PASS' if p95_ok else 'FAIL'}  {f['tables']} tables: action to every other "
            f"client p95 < {GOAL_P95_MS:.0f} ms: {f['p95_ms']} ms over {f['deliveries']} "
            f"deliveries (seeds {' '.join(map(str, f['seeds']))})",
            file=out,
        )
        print(
            f"{'PASS' if mb_ok else 'FAIL'}  {f['tables']} tables: memory per table < "
            f"{GOAL_TABLE_MB:.0f} MB: {f['mb_per_table']} MB "
            f"(seeds from {f['mb_per_table_range'][0]} to {f['mb_per_table_range'][1]})",
            file=out,
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, nargs="+", default=[50, 100, 200, 400])
    parser.add_argument("--spectators", type=int, default=200, help="spread over the tables")
    parser.add_argument("--seconds", type=float, default=20.0, help="the measured window")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--workers", type=int, default=2, help="load processes")
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="a player's mean time before acting (uniform, half to one and a half times it); "
        "0, the default, acts at once: the room's saturation",
    )
    parser.add_argument(
        "--no-deflate",
        action="store_true",
        help="table connections without permessage-deflate (the real client asks for it): "
        "what compressing every small frame costs the room",
    )
    parser.add_argument("--quick", action="store_true", help="a smoke run: 3 tables, 3 s")
    parser.add_argument("--json", action="store_true", help="JSON on stdout, lines on stderr")
    args = parser.parse_args()
    if args.quick:
        args.tables, args.spectators, args.seconds, args.workers = [3], 4, 3.0, 1
        args.seeds = args.seeds if "--seeds" in sys.argv else [1]
    if min(args.tables) < 1 or args.seconds <= 0 or args.spectators < 0 or args.workers < 1:
        parser.error("--tables, --seconds and --workers must be positive")
    out: TextIO = sys.stderr if args.json else sys.stdout
    print(
        f"the room at scale: one `audiopoker server` on loopback; tables {args.tables} of "
        f"{SEATS} players, {args.spectators} spectators, {args.seconds:.0f} s measured, "
        f"players acting {f'after {args.think:g} s on average' if args.think else 'at once'}, "
        f"{'no permessage-deflate, ' if args.no_deflate else ''}seeds "
        f"{args.seeds} pooled, {args.workers} load process(es); {os.cpu_count()} cores"
        + (" (--quick: a smoke run, not a measurement)" if args.quick else ""),
        file=out,
        flush=True,
    )
    found = []
    for tables in args.tables:
        runs = [run_once(args, tables, seed, out) for seed in args.seeds]
        found.append(pooled(runs))
    report(found, args, out)
    print(
        "\nnote: each simulated person leaves the lobby once it has its ticket; the real "
        "client (`audiopoker connect`) keeps its lobby open while at a table. The room tells "
        "the lobby (in parts under MAX_FRAME, encoded once) to everyone in it at most every "
        "LOBBY_EVERY seconds when it changed: people staying in the lobby cost that many "
        "frames each, which these figures leave out.",
        file=out,
    )
    if args.json:
        print(json.dumps(found, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
