"""The network table's load test: many tables at once, every seat played over the network.

Each table is a real ``python -m audiopoker host --no-seat --port 0 --seats 6`` process
(easy bots, no bot delay, nothing saved, silent; a deep stack so nobody goes broke during
the run). Its clients are NOT ``audiopoker join`` processes: 120 Python processes would
swamp a small machine, so every client is a lightweight asyncio client in this process
speaking the raw protocol (``audiopoker.net.protocol``): ``Hello`` with the code and a
name, ``Waiting`` then ``Welcome`` (a newcomer sits down between hands), an ``Act`` for
each of its own ``ActionRequired`` events with a simple legal policy (check or call mostly,
sometimes a minimum bet or raise, folds to big bets), and ``Heard(upto=seq)`` after every
``EventFrame``. The clients act at once (the server never rate-limits an action for the
seat's own turn: the turn is its own limit); the latency is timed from the moment the
action is sent. Clients read the events as the server's JSON
dicts (not through ``wire.decode_event``: the clients' own CPU would then dominate).

Measured over the run:

- actions per second per table (``ActionTaken`` events one client of each table saw);
- latency: from a client sending ``Act`` to each OTHER client of the table receiving the
  ``ActionTaken`` for that seat (every client is in this process: one monotonic clock),
  p50/p95/p99 over every such pair;
- the host processes' CPU seconds over the run and their peak resident memory (summed over
  the hosts: ``/proc/PID/stat`` and ``VmHWM`` in ``/proc/PID/status``; Linux only);
- errors: any ``Refused`` frame (but the table's own closing at the end), any connection
  closed before the end, any client never seated, any host process exiting early.

The clients share this process's CPU with nothing else, but on a small machine they share
the cores with the hosts: the latency includes the time this process takes to get to each
frame. Note how many cores the machine has.

    python benchmarks/bench_net.py [--tables 20] [--clients 6] [--seconds 120] [--json]

Goal (the network table's issue): latency p95 under 50 ms, and no errors. ``--json``
prints the numbers as JSON on stdout and the lines on stderr. Exits 0 either way.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import resource
import shutil
import signal
import sys
import tempfile
import time
from dataclasses import dataclass, field
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
    Waiting,
    Welcome,
    decode_server,
    encode,
)

ROOT = Path(__file__).resolve().parents[1]
SEATS = 6
CHIPS = 100_000  # 50,000 big blinds: nobody goes broke in a run, so no table ends early
GOAL_P95_MS = 50.0
START_TIMEOUT = 90.0  # seconds for a host to print its address (20 start at once)
STOP_TIMEOUT = 20.0
JOIN_LINE = re.compile(r"join (\S+):(\d+) --code (\S+)")
Key = tuple[int, int, int]  # the hand, the seat, and which of the seat's actions in the hand


@dataclass
class Host:
    """One host process and what it said."""

    index: int
    process: asyncio.subprocess.Process
    stderr: Path
    address: str = ""
    port: int = 0
    code: str = ""
    cpu_at_start: float = 0.0


@dataclass
class TableRun:
    """One table's clients' shared record."""

    index: int
    sent: dict[Key, float] = field(default_factory=dict)  # the Act's send time
    actions: int = 0  # ActionTaken events the counting client saw while measuring


@dataclass
class Run:
    """Everything measured, shared by every client."""

    rng: random.Random
    measuring: bool = False
    stopping: bool = False
    latencies: list[float] = field(default_factory=list)  # seconds
    errors: list[str] = field(default_factory=list)
    seated: int = 0


class Client:
    """One raw-protocol client at one table."""

    def __init__(self, run: Run, table: TableRun, host: Host, number: int) -> None:
        self.run = run
        self.table = table
        self.host = host
        self.number = number
        self.counts = number == 0  # the table's first client counts its actions
        self.seat: int | None = None
        self.hand = 0
        self.taken: dict[int, int] = {}  # seat -> its actions seen in this hand
        self.ws: ClientConnection | None = None
        self.where = f"table {table.index} client {number}"

    async def play(self) -> None:
        uri = f"ws://{self.host.address}:{self.host.port}"
        try:
            async with connect(uri, max_size=MAX_FRAME, open_timeout=30) as ws:
                self.ws = ws
                name = f"T{self.table.index}C{self.number}"
                await ws.send(encode(Hello(code=self.host.code, name=name, lang="en")))
                async for raw in ws:
                    await self.on_frame(ws, raw)
        except ConnectionClosed as closed:
            if not self.run.stopping:
                self.run.errors.append(f"{self.where}: connection closed ({closed})")
            return
        except OSError as error:
            if not self.run.stopping:
                self.run.errors.append(f"{self.where}: cannot connect ({error})")
            return
        if not self.run.stopping:
            self.run.errors.append(f"{self.where}: the server closed the connection")

    async def on_frame(self, ws: ClientConnection, raw: str | bytes) -> None:
        now = time.monotonic()
        try:
            frame = decode_server(raw)
        except FrameError as error:
            self.run.errors.append(f"{self.where}: undecodable frame ({error.detail})")
            return
        if isinstance(frame, EventFrame):
            act = self.on_event(frame, now)
            if act is not None:
                assert self.seat is not None
                key = (self.hand, self.seat, self.taken.get(self.seat, 0))
                self.table.sent[key] = time.monotonic()
                await ws.send(encode(act))
            await ws.send(encode(Heard(upto=frame.seq)))
        elif isinstance(frame, Welcome):
            self.seat = frame.seat
            self.run.seated += 1
        elif isinstance(frame, Refused) and frame.code is not RefusalCode.CLOSED:
            detail = f"{frame.code.value} {frame.detail}".strip()
            self.run.errors.append(f"{self.where}: refused: {detail}")
        elif not isinstance(frame, Waiting):
            pass  # chat and clock frames: nothing to do

    def on_event(self, frame: EventFrame, now: float) -> Act | None:
        event = frame.event
        kind = event.get("type")
        if kind == "HandStarted":
            self.hand = int(event["hand_number"])
            self.taken = {}
            if self.counts:  # forget the send times of hands long over
                old = [key for key in self.table.sent if key[0] < self.hand - 1]
                for key in old:
                    del self.table.sent[key]
        elif kind == "ActionTaken":
            seat = int(event["seat"])
            k = self.taken.get(seat, 0)
            self.taken[seat] = k + 1
            if self.counts and self.run.measuring:
                self.table.actions += 1
            if seat != self.seat and self.run.measuring:
                sent = self.table.sent.get((self.hand, seat, k))
                if sent is not None:
                    self.run.latencies.append(now - sent)
        elif kind == "ActionRequired" and event.get("seat") == self.seat and frame.turn:
            act = choose(event["legal"], self.run.rng)
            act.hand, act.turn = self.hand, frame.turn
            return act
        return None


def choose(legal: dict[str, Any], rng: random.Random) -> Act:
    """A simple legal policy: check or call mostly, sometimes the minimum bet or raise
    (within 20 big blinds), fold to anything bigger than 20 big blinds."""
    roll = rng.random()
    raising = legal.get("raise_kind")
    min_to = int(legal.get("min_raise_to", 0))
    if raising is not None and roll < 0.15 and min_to <= 40:
        return Act(kind=str(raising), to=min_to)
    if legal.get("can_check"):
        return Act(kind="check")
    if int(legal.get("to_call", 0)) <= 40 and roll < 0.85:
        return Act(kind="call")
    return Act(kind="fold")


async def start_host(index: int, folder: Path, extra: list[str]) -> Host:
    """A host process, once it printed the address and code."""
    command = [sys.executable, "-m", "audiopoker", "host", "--no-seat", "--port", "0"]
    command += ["--seats", str(SEATS), "--bots", "easy", "--bot-delay", "0", "--no-save"]
    command += ["--output", "silent", "--chips", str(CHIPS), *extra]
    data = folder / f"table{index}"
    data.mkdir()
    stderr = data / "stderr.txt"
    env = {**os.environ, "AUDIOPOKER_DATA_DIR": str(data), "PYTHONPATH": str(ROOT)}
    with stderr.open("wb") as err:
        process = await asyncio.create_subprocess_exec(
            *command, stdout=asyncio.subprocess.PIPE, stderr=err, env=env, cwd=data
        )
    host = Host(index, process, stderr)
    assert process.stdout is not None
    try:
        line = (await asyncio.wait_for(process.stdout.readline(), START_TIMEOUT)).decode()
    except TimeoutError:
        line = ""
    found = JOIN_LINE.search(line)
    if found is None:
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        said = stderr.read_text(errors="replace").strip().splitlines()[-3:]
        raise SystemExit(f"host {index} did not say its address: {line!r} {said}")
    host.address, host.port, host.code = found[1], int(found[2]), found[3]
    return host


def cpu_seconds(pid: int) -> float | None:
    """User and system CPU seconds of a live process (Linux); None when unknown."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat.rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def peak_rss_mb(pid: int) -> float | None:
    """The process's peak resident memory (VmHWM), MB; None when unknown."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    for line in status.splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return None


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (``share`` in 0..1) of ``values``; 0 when empty."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, round(share * len(ordered) + 0.5))
    return ordered[min(rank, len(ordered)) - 1]


async def stop_hosts(hosts: list[Host]) -> None:
    for host in hosts:
        if host.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                host.process.send_signal(signal.SIGTERM)
    for host in hosts:
        try:
            await asyncio.wait_for(host.process.wait(), STOP_TIMEOUT)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                host.process.kill()
            await host.process.wait()


async def bench(args: argparse.Namespace, out: TextIO) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="apnet"))
    extra = ["--seed", str(args.seed)] if args.seed is not None else []
    run = Run(random.Random(args.seed))
    hosts: list[Host] = []
    try:
        started = time.monotonic()
        results = await asyncio.gather(
            *(start_host(i, folder, extra) for i in range(args.tables)), return_exceptions=True
        )
        hosts = [host for host in results if isinstance(host, Host)]
        failed = [r for r in results if isinstance(r, BaseException)]
        if failed:
            raise failed[0]
        print(
            f"{args.tables} hosts up in {time.monotonic() - started:.1f} s; "
            f"{args.tables * args.clients} clients connecting (asyncio, in this process)",
            file=out,
            flush=True,
        )
        tables = [TableRun(i) for i in range(args.tables)]
        clients = [Client(run, tables[h.index], h, n) for h in hosts for n in range(args.clients)]
        for host in hosts:
            host.cpu_at_start = cpu_seconds(host.process.pid) or 0.0
        own_cpu = resource.getrusage(resource.RUSAGE_SELF)
        tasks = [asyncio.create_task(client.play()) for client in clients]
        run.measuring = True
        began = time.monotonic()
        await asyncio.sleep(args.seconds)
        run.measuring = False
        elapsed = time.monotonic() - began
        own = resource.getrusage(resource.RUSAGE_SELF)
        client_cpu = own.ru_utime + own.ru_stime - own_cpu.ru_utime - own_cpu.ru_stime
        cpu: list[float] = []
        rss: list[float] = []
        for host in hosts:
            if host.process.returncode is not None:
                said = host.stderr.read_text(errors="replace").strip().splitlines()[-2:]
                code = host.process.returncode
                run.errors.append(f"host {host.index} exited early (code {code}): {said}")
                continue
            used, peak = cpu_seconds(host.process.pid), peak_rss_mb(host.process.pid)
            if used is not None:
                cpu.append(used - host.cpu_at_start)
            if peak is not None:
                rss.append(peak)
        run.stopping = True
        for client in clients:
            if client.seat is None:
                run.errors.append(f"{client.where}: never seated")
            if client.ws is not None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(client.ws.close(), 5)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    finally:
        run.stopping = True
        await stop_hosts(hosts)
        shutil.rmtree(folder, ignore_errors=True)
    per_table = [t.actions / elapsed for t in tables]
    ms = [1000 * s for s in run.latencies]
    return {
        "tables": args.tables,
        "clients_per_table": args.clients,
        "seconds": round(elapsed, 1),
        "cores": os.cpu_count(),
        "seated": run.seated,
        "actions": sum(t.actions for t in tables),
        "actions_per_s_per_table": {
            "mean": round(sum(per_table) / len(per_table), 1) if per_table else 0.0,
            "min": round(min(per_table), 1) if per_table else 0.0,
            "max": round(max(per_table), 1) if per_table else 0.0,
        },
        "actions_per_s_total": round(sum(per_table), 1),
        "latency_ms": {
            "samples": len(ms),
            "p50": round(percentile(ms, 0.50), 2),
            "p95": round(percentile(ms, 0.95), 2),
            "p99": round(percentile(ms, 0.99), 2),
            "max": round(max(ms), 2) if ms else 0.0,
        },
        "server_cpu_s": round(sum(cpu), 1) if cpu else None,
        "server_cpu_share": round(sum(cpu) / elapsed, 2) if cpu else None,
        "server_peak_rss_mb": round(sum(rss), 1) if rss else None,
        "client_cpu_s": round(client_cpu, 1),
        "errors": run.errors,
    }


def report(found: dict[str, Any], out: TextIO) -> list[tuple[str, bool, str]]:
    """Print the table of numbers; the goals as (goal, passed, measured)."""
    latency, rate = found["latency_ms"], found["actions_per_s_per_table"]
    cpu = found["server_cpu_s"]
    rss = found["server_peak_rss_mb"]
    share = found["server_cpu_share"]
    rows = [
        ("tables x clients", f"{found['tables']} x {found['clients_per_table']}"),
        ("seconds measured", f"{found['seconds']}"),
        ("cores", f"{found['cores']}"),
        ("clients seated", f"{found['seated']}"),
        ("actions", f"{found['actions']}"),
        ("actions/s per table", f"{rate['mean']} (min {rate['min']}, max {rate['max']})"),
        ("actions/s, all tables", f"{found['actions_per_s_total']}"),
        ("latency samples", f"{latency['samples']}"),
        ("latency p50 / p95 / p99", f"{latency['p50']} / {latency['p95']} / {latency['p99']} ms"),
        ("latency max", f"{latency['max']} ms"),
        (
            "server CPU (all hosts)",
            "unknown" if cpu is None else f"{cpu} s ({share} cores busy on average)",
        ),
        ("server peak RSS (sum)", "unknown" if rss is None else f"{rss} MB"),
        ("clients' CPU (this process)", f"{found['client_cpu_s']} s"),
        ("errors", f"{len(found['errors'])}"),
    ]
    width = max(len(name) for name, _ in rows)
    print(file=out)
    for name, value in rows:
        print(f"  {name:<{width}}  {value}", file=out)
    for error in found["errors"][:20]:
        print(f"  error: {error}", file=out)
    if len(found["errors"]) > 20:
        print(f"  ... and {len(found['errors']) - 20} more errors", file=out)
    p95 = latency["p95"]
    goals = [
        (
            f"latency p95 < {GOAL_P95_MS:.0f} ms",
            latency["samples"] > 0 and p95 < GOAL_P95_MS,
            f"{p95} ms over {latency['samples']} samples",
        ),
        ("no errors", not found["errors"], f"{len(found['errors'])} errors"),
    ]
    print(file=out)
    for goal, passed, detail in goals:
        print(f"{'PASS' if passed else 'FAIL'}  {goal}: {detail}", file=out)
    return goals


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--clients", type=int, default=6, help=f"per table, 1 to {SEATS}")
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--seed", type=int, default=None, help="the hosts' and clients' seed")
    parser.add_argument("--json", action="store_true", help="JSON on stdout, lines on stderr")
    args = parser.parse_args()
    if not 1 <= args.clients <= SEATS:
        parser.error(f"--clients must be 1 to {SEATS}")
    if args.tables < 1 or args.seconds <= 0:
        parser.error("--tables and --seconds must be positive")
    out: TextIO = sys.stderr if args.json else sys.stdout
    print(
        f"load test: {args.tables} tables x {args.clients} clients for {args.seconds:.0f} s on "
        f"loopback; hosts are `audiopoker host` processes, clients are asyncio raw-protocol "
        f"clients in this process (not `audiopoker join` processes)",
        file=out,
        flush=True,
    )
    found = asyncio.run(bench(args, out))
    goals = report(found, out)
    if args.json:
        found["goals"] = [{"goal": g, "passed": p, "measured": d} for g, p, d in goals]
        print(json.dumps(found, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
