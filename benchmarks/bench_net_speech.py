"""The network table's latency from one client's action to another client's SPEECH.

The chain measured end to end: a player sends ``Act``, the host's engine takes it, the
host sends the ``ActionTaken`` to every other seat, a real ``audiopoker join`` process
words it ("Zed calls 2.") and hands it to a real Speech Dispatcher, which starts saying it.

- Speech Dispatcher: a private daemon that "speaks" into a file
  (``../shared/speechd-recorder`` beside the repository, ``$AUDIOPOKER_SHARED``, or
  ``--recorder DIR``), every message a ``epoch|start|lang|text`` line when it starts and
  ``epoch|end|lang|text`` when it ends. It runs at 0 ms a character: the voice itself adds
  nothing, so what is measured is the network, the join process (its router says messages
  one at a time, each to its END) and Speech Dispatcher (its generic module runs the
  recorder's script for every message).
- The host: ``python -m audiopoker host --no-seat --port 0 --seats 3 --bots easy
  --bot-delay 0 --hands N --seed S --no-save --output silent`` (its own temporary
  AUDIOPOKER_DATA_DIR). The bots wait for the listener's speech (``Heard``) as they would
  for a person's.
- The listener: ``python -m audiopoker join ... --output screenreader --screen-reader
  speech-dispatcher --lang en --autopilot easy --no-sound`` (its own temporary data dir,
  the recorder's XDG_RUNTIME_DIR, the system ``speechd`` module on PYTHONPATH).
- The actor: a raw asyncio client in this process named "Zed" (``--name``), which checks
  or calls on each of its own turns after ``--think`` seconds (0.3: a person's quickest
  answer; at 0 it acts while the listener is still saying the events before, and its line
  waits behind them), answers every event with ``Heard`` at once, and notes
  ``time.time()`` as it sends each ``Act``. It joins once the listener said it sat down.

Each of Zed's actions (its ``ActionTaken``: fold, check, call, bet or raise) is matched,
in order, to the listener's next spoken ``start`` line that contains "Zed checks" (or
calls, folds, bets, raises: the English narration); the latency is that line's time minus
the send time (one machine, one wall clock). An action with no such line is an error.
Also shown: the time to the listener's message (its ``--transcript`` ``wall`` time: the
network and the join process, before any speech), and the latency of the actions sent
while the listener's speech was idle (everything spoken before Zed's line had ended by
the send), which the goal assumes.

    python benchmarks/bench_net_speech.py [--hands 55] [--seed 7] [--json]

Goal: p95 under 100 ms (the network's 50 ms plus a speech queue that was idle), and no
action without its spoken line. ``--json`` prints the numbers as JSON on stdout and the
lines on stderr. Exits 0 either way.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from audiopoker.net.protocol import (  # the checkout, put on the path above
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

ROOT = Path(__file__).resolve().parents[1]
# ../shared/speechd-recorder beside the repository, or under AUDIOPOKER_SHARED (as the tests)
SHARED = Path(os.environ.get("AUDIOPOKER_SHARED") or ROOT.parent / "shared")
RECORDER = SHARED / "speechd-recorder"
SPEECHD_PATH = "/usr/lib/python3/dist-packages"  # Debian's python3-speechd
SEATS = 3
GOAL_P95_MS = 100.0
START_TIMEOUT = 60.0  # seconds for the host to print its address
SEAT_TIMEOUT = 60.0  # seconds for both clients to sit down
STOP_TIMEOUT = 10.0
SPEECH_SETTLE = 3.0  # seconds to wait, after the last hand, for the last lines to be spoken
JOIN_LINE = re.compile(r"join (\S+):(\d+) --code (\S+)")
VERBS = {"fold": "folds", "check": "checks", "call": "calls", "bet": "bets", "raise": "raises"}


@dataclass
class Action:
    """One of the actor's actions: when its Act left, and what the engine took."""

    hand: int
    sent: float  # time.time() when the Act was sent
    kind: str = ""  # the ActionTaken's kind ("" until it came back)


@dataclass
class Run:
    """What the actor saw."""

    name: str
    seat: int | None = None
    hand: int = 0
    pending: Action | None = None  # sent, its ActionTaken not seen yet
    actions: list[Action] = field(default_factory=list)
    not_ours: int = 0  # ActionTaken for the actor's seat without an Act (its clock ran out)
    hands_seen: int = 0
    errors: list[str] = field(default_factory=list)
    closed: bool = False


async def actor(
    run: Run, address: str, port: int, code: str, think: float, stopping: asyncio.Event
) -> None:
    """The raw-protocol client that acts: check when it may, call otherwise."""
    try:
        async with connect(f"ws://{address}:{port}", max_size=MAX_FRAME, open_timeout=30) as ws:
            await ws.send(encode(Hello(code=code, name=run.name, lang="en")))
            async for raw in ws:
                try:
                    frame = decode_server(raw)
                except FrameError as error:
                    run.errors.append(f"actor: undecodable frame ({error.detail})")
                    continue
                if isinstance(frame, Welcome):
                    run.seat = frame.seat
                elif isinstance(frame, Refused) and frame.code is not RefusalCode.CLOSED:
                    run.errors.append(f"actor refused: {frame.code.value} {frame.detail}".strip())
                elif isinstance(frame, EventFrame):
                    act = on_event(run, frame)
                    if act is not None:
                        if think > 0:
                            await asyncio.sleep(think)
                        run.pending = Action(run.hand, time.time())
                        await ws.send(encode(act))
                    await ws.send(encode(Heard(upto=frame.seq)))
    except ConnectionClosed:
        pass
    except OSError as error:
        run.errors.append(f"actor: cannot connect ({error})")
    run.closed = True
    if not stopping.is_set():
        stopping.set()


def on_event(run: Run, frame: EventFrame) -> Act | None:
    event = frame.event
    kind = event.get("type")
    if kind == "HandStarted":
        run.hand = int(event["hand_number"])
        run.hands_seen += 1
    elif kind == "ActionTaken" and event.get("seat") == run.seat:
        if run.pending is None:
            run.not_ours += 1
        else:
            run.pending.kind = str(event["kind"])
            run.actions.append(run.pending)
            run.pending = None
    elif kind == "ActionRequired" and event.get("seat") == run.seat and frame.turn:
        legal = event["legal"]
        act = Act(kind="check") if legal.get("can_check") else Act(kind="call")
        act.hand, act.turn = run.hand, frame.turn
        return act
    return None


Line = tuple[float, str, float]  # a spoken start's time, its verb, the previous message's end


def spoken_starts(spoken: Path, name: str) -> list[Line]:
    """Every spoken start line about ``name``'s actions, in order: (time, verb, the end time
    of the message spoken before it)."""
    pattern = re.compile(rf"\b{re.escape(name)} ({'|'.join(VERBS.values())})\b")
    found: list[Line] = []
    last_end = 0.0
    for line in spoken.read_text(encoding="utf-8", errors="replace").splitlines():
        parts = line.split("|", 3)
        if len(parts) != 4:
            continue
        if parts[1] == "end":
            last_end = float(parts[0])
            continue
        match = pattern.search(parts[3]) if parts[1] == "start" else None
        if match is not None:
            found.append((float(parts[0]), match[1], last_end))
    return found


def sat_down(spoken: Path) -> bool:
    """The listener said it sat down (the English narration)."""
    return "|start|en|You sit down" in spoken.read_text(encoding="utf-8", errors="replace")


def worded(transcript: Path, name: str) -> list[float]:
    """When the listener worded each message about ``name``'s actions and handed it to its
    output (the ``wall`` time of its transcript), in order."""
    pattern = re.compile(rf"\b{re.escape(name)} ({'|'.join(VERBS.values())})\b")
    found: list[float] = []
    with contextlib.suppress(OSError):
        for line in transcript.read_text(encoding="utf-8", errors="replace").splitlines():
            with contextlib.suppress(ValueError):
                entry = json.loads(line)
                if isinstance(entry, dict) and pattern.search(str(entry.get("text", ""))):
                    found.append(float(entry["wall"]))
    return found


def match(
    actions: list[Action], lines: list[Line], handed: list[float]
) -> tuple[list[float], list[float], list[float], list[Action]]:
    """Pair each action, in order, with the next line of its verb: the latencies (s), those of
    the actions sent while the listener's speech was idle (its previous message had ended),
    the time to the listener's message (when ``handed`` pairs one to one with ``lines``),
    and the actions never spoken."""
    latencies: list[float] = []
    idle: list[float] = []
    to_message: list[float] = []
    missing: list[Action] = []
    j = 0
    for action in actions:
        verb = VERBS.get(action.kind, "?")
        k = j
        while k < len(lines) and lines[k][1] != verb:
            k += 1
        if k == len(lines):
            missing.append(action)
            continue
        latencies.append(lines[k][0] - action.sent)
        if lines[k][2] <= action.sent:
            idle.append(lines[k][0] - action.sent)
        if len(handed) == len(lines):
            to_message.append(handed[k] - action.sent)
        j = k + 1
    return latencies, idle, to_message, missing


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (``share`` in 0..1) of ``values``; 0 when empty."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, round(share * len(ordered) + 0.5))
    return ordered[min(rank, len(ordered)) - 1]


def start_recorder(recorder: Path, spoken: Path) -> tuple[str, int]:
    """The recorder's XDG_RUNTIME_DIR and daemon PID (0 ms a character)."""
    done = subprocess.run(
        ["bash", str(recorder / "start.sh"), str(spoken), "0"],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    found = re.search(r"XDG_RUNTIME_DIR=(\S+) SPEECHD_RECORDER_PID=(\d+)", done.stdout)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"the speech recorder did not start: {done.stdout} {done.stderr}")
    return found[1], int(found[2])


def stop_recorder(pid: int, runtime: str) -> None:
    """Stop the recorder's daemon by its PID and remove its temporary folders (its
    configuration copy, named in its command line, and its runtime folder)."""
    folders = [Path(runtime)]
    with contextlib.suppress(OSError):
        argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        if b"-C" in argv:
            folders.append(Path(argv[argv.index(b"-C") + 1].decode()))
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGTERM)
    for _ in range(50):  # not our child: wait until it is gone
        if not Path(f"/proc/{pid}").exists():
            break
        time.sleep(0.1)
    else:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    temporary = Path(tempfile.gettempdir())
    for folder in folders:
        if folder.parent == temporary and folder.name.startswith("tmp."):
            shutil.rmtree(folder, ignore_errors=True)


async def stop(process: asyncio.subprocess.Process | None) -> None:
    if process is None or process.returncode is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        process.send_signal(signal.SIGTERM)
    try:
        await asyncio.wait_for(process.wait(), STOP_TIMEOUT)
    except TimeoutError:
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        await process.wait()


def tail(path: Path, lines: int = 3) -> list[str]:
    try:
        return path.read_text(errors="replace").strip().splitlines()[-lines:]
    except OSError:
        return []


async def bench(args: argparse.Namespace, out: TextIO) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="apspeech"))
    spoken = folder / "spoken.txt"
    run = Run(args.name)
    host: asyncio.subprocess.Process | None = None
    listener: asyncio.subprocess.Process | None = None
    recorder_pid, runtime = 0, ""
    actor_task: asyncio.Task[None] | None = None
    elapsed = 0.0
    try:
        runtime, recorder_pid = start_recorder(args.recorder, spoken)
        host_dir, join_dir = folder / "host", folder / "join"
        host_dir.mkdir()
        join_dir.mkdir()
        command = [sys.executable, "-m", "audiopoker", "host", "--no-seat", "--port", "0"]
        command += ["--seats", str(SEATS), "--bots", "easy", "--bot-delay", "0"]
        command += ["--hands", str(args.hands), "--seed", str(args.seed), "--no-save"]
        command += ["--output", "silent"]
        env = {**os.environ, "AUDIOPOKER_DATA_DIR": str(host_dir), "PYTHONPATH": str(ROOT)}
        with (host_dir / "stderr.txt").open("wb") as err:
            host = await asyncio.create_subprocess_exec(
                *command, stdout=asyncio.subprocess.PIPE, stderr=err, env=env, cwd=host_dir
            )
        assert host.stdout is not None
        try:
            line = (await asyncio.wait_for(host.stdout.readline(), START_TIMEOUT)).decode()
        except TimeoutError:
            line = ""
        found = JOIN_LINE.search(line)
        if found is None:
            said = tail(host_dir / "stderr.txt")
            raise SystemExit(f"the host did not say its address: {line!r} {said}")
        address, port, code = found[1], int(found[2]), found[3]
        print(f"host up at {address}:{port}; listener and {args.name} joining", file=out)
        join = [sys.executable, "-m", "audiopoker", "join", f"{address}:{port}", "--code", code]
        join += ["--name", "Ana", "--lang", "en", "--output", "screenreader"]
        join += ["--screen-reader", "speech-dispatcher", "--autopilot", "easy", "--no-sound"]
        join += ["--transcript", str(join_dir / "transcript.jsonl")]
        path = os.pathsep.join([str(ROOT), SPEECHD_PATH])
        join_env = {**os.environ, "AUDIOPOKER_DATA_DIR": str(join_dir), "PYTHONPATH": path}
        join_env["XDG_RUNTIME_DIR"] = runtime
        with (
            (join_dir / "stdout.txt").open("wb") as jout,
            (join_dir / "stderr.txt").open("wb") as jerr,
        ):
            listener = await asyncio.create_subprocess_exec(
                *join,
                stdin=asyncio.subprocess.DEVNULL,
                stdout=jout,
                stderr=jerr,
                env=join_env,
                cwd=join_dir,
            )
        # The listener sits down first (the table starts when it is waiting); the actor joins
        # once it hears "You sit down" and sits down from the next hand.
        deadline = time.monotonic() + SEAT_TIMEOUT
        while not sat_down(spoken) and listener.returncode is None and host.returncode is None:
            if time.monotonic() > deadline:
                raise SystemExit(f"the listener did not sit down: {tail(join_dir / 'stderr.txt')}")
            await asyncio.sleep(0.05)
        stopping = asyncio.Event()
        began = time.monotonic()
        actor_task = asyncio.create_task(actor(run, address, port, code, args.think, stopping))
        waits = [asyncio.create_task(stopping.wait()), asyncio.create_task(host.wait())]
        waits.append(asyncio.create_task(listener.wait()))
        await asyncio.wait(waits, timeout=args.timeout, return_when=asyncio.FIRST_COMPLETED)
        for task in waits:
            task.cancel()
        elapsed = time.monotonic() - began
        if run.seat is None:
            run.errors.append("the actor never sat down")
        if listener.returncode is not None and host.returncode is None:
            said = tail(join_dir / "stderr.txt")
            run.errors.append(f"the listener exited early (code {listener.returncode}): {said}")
        if host.returncode not in (None, 0):
            said = tail(host_dir / "stderr.txt")
            run.errors.append(f"the host exited with code {host.returncode}: {said}")
        if not run.closed and elapsed >= args.timeout:
            run.errors.append(f"the table did not finish in {args.timeout:.0f} s")
        await asyncio.sleep(SPEECH_SETTLE)  # the last lines reach the recorder
    finally:
        if actor_task is not None:
            actor_task.cancel()
            await asyncio.gather(actor_task, return_exceptions=True)
        await stop(listener)
        await stop(host)
        if recorder_pid:
            stop_recorder(recorder_pid, runtime)
        lines = spoken_starts(spoken, args.name) if spoken.exists() else []
        handed = worded(folder / "join" / "transcript.jsonl", args.name)
        spoken_total = 0
        if spoken.exists():
            text = spoken.read_text(encoding="utf-8", errors="replace")
            spoken_total = sum(1 for line in text.splitlines() if "|start|" in line)
        if args.keep:
            with (folder / "actions.txt").open("w") as kept:
                for action in run.actions:
                    kept.write(f"{action.sent:.3f} {action.hand} {action.kind}\n")
            print(f"kept: {folder}", file=out)
        else:
            shutil.rmtree(folder, ignore_errors=True)
    latencies, idle, to_message, missing = match(run.actions, lines, handed)
    for action in missing[:10]:
        verb = VERBS.get(action.kind, action.kind)
        run.errors.append(f"{args.name} {verb} in hand {action.hand}: no spoken line")
    ms = [1000 * s for s in latencies]
    idle_ms = [1000 * s for s in idle]
    message_ms = [1000 * s for s in to_message]
    return {
        "hands": args.hands,
        "hands_seen": run.hands_seen,
        "seed": args.seed,
        "seconds": round(elapsed, 1),
        "cores": os.cpu_count(),
        "ms_per_char": 0,
        "actions": len(run.actions),
        "timed_out_actions": run.not_ours,
        "spoken_lines": spoken_total,
        "spoken_actor_lines": len(lines),
        "latency_ms": {
            "samples": len(ms),
            "p50": round(percentile(ms, 0.50), 1),
            "p95": round(percentile(ms, 0.95), 1),
            "max": round(max(ms), 1) if ms else 0.0,
            "min": round(min(ms), 1) if ms else 0.0,
        },
        "idle_latency_ms": {
            "samples": len(idle_ms),
            "p50": round(percentile(idle_ms, 0.50), 1),
            "p95": round(percentile(idle_ms, 0.95), 1),
            "max": round(max(idle_ms), 1) if idle_ms else 0.0,
        },
        "to_message_ms": {
            "samples": len(message_ms),
            "p50": round(percentile(message_ms, 0.50), 1),
            "p95": round(percentile(message_ms, 0.95), 1),
            "max": round(max(message_ms), 1) if message_ms else 0.0,
        },
        "think_s": args.think,
        "missing": len(missing),
        "errors": run.errors,
    }


def report(found: dict[str, Any], out: TextIO) -> list[tuple[str, bool, str]]:
    """Print the table of numbers; the goals as (goal, passed, measured)."""
    latency, idle, worded = found["latency_ms"], found["idle_latency_ms"], found["to_message_ms"]
    rows = [
        ("hands (played)", f"{found['hands']} ({found['hands_seen']})"),
        ("seconds", f"{found['seconds']}"),
        ("cores", f"{found['cores']}"),
        ("voice", f"{found['ms_per_char']} ms a character (adds nothing)"),
        ("actor's actions", f"{found['actions']}"),
        ("actor's turns timed out", f"{found['timed_out_actions']}"),
        ("spoken lines (all)", f"{found['spoken_lines']}"),
        ("spoken lines about the actor", f"{found['spoken_actor_lines']}"),
        ("latency samples", f"{latency['samples']}"),
        ("latency p50 / p95 / max", f"{latency['p50']} / {latency['p95']} / {latency['max']} ms"),
        ("latency min", f"{latency['min']} ms"),
        ("actor's think time", f"{found['think_s']} s"),
        (
            "to the listener's message",
            f"p50 / p95 / max {worded['p50']} / {worded['p95']} / {worded['max']} ms "
            "(network and join process, before Speech Dispatcher)",
        ),
        (
            "sent to an idle speech queue",
            f"{idle['samples']}: p50 / p95 / max {idle['p50']} / {idle['p95']} / {idle['max']} ms",
        ),
        ("actions without a spoken line", f"{found['missing']}"),
        ("errors", f"{len(found['errors'])}"),
    ]
    width = max(len(name) for name, _ in rows)
    print(file=out)
    for name, value in rows:
        print(f"  {name:<{width}}  {value}", file=out)
    for error in found["errors"][:20]:
        print(f"  error: {error}", file=out)
    p95 = latency["p95"]
    goals = [
        (
            f"action to speech p95 < {GOAL_P95_MS:.0f} ms",
            latency["samples"] > 0 and p95 < GOAL_P95_MS,
            f"{p95} ms over {latency['samples']} actions",
        ),
        (
            "every action spoken, no errors",
            found["actions"] > 0 and not found["errors"],
            f"{found['missing']} unspoken, {len(found['errors'])} errors",
        ),
    ]
    print(file=out)
    for goal, passed, detail in goals:
        print(f"{'PASS' if passed else 'FAIL'}  {goal}: {detail}", file=out)
    return goals


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--hands", type=int, default=55, help="hands the host plays (~4 actor's actions a hand)"
    )
    parser.add_argument("--seed", type=int, default=7, help="the host's seed")
    parser.add_argument(
        "--think",
        type=float,
        default=0.3,
        help="seconds the actor waits on its turn before it acts, as a person would (0: at once)",
    )
    parser.add_argument("--name", default="Zed", help="the acting client's name")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds for the table")
    parser.add_argument("--recorder", type=Path, default=RECORDER, help="speechd-recorder dir")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    parser.add_argument("--json", action="store_true", help="JSON on stdout, lines on stderr")
    args = parser.parse_args()
    if args.hands < 1 or args.timeout <= 0:
        parser.error("--hands and --timeout must be positive")
    out: TextIO = sys.stderr if args.json else sys.stdout
    print(
        f"action-to-speech latency: {args.hands} hands at a {SEATS}-seat table on loopback; "
        f"{args.name} acts (asyncio raw-protocol client), an `audiopoker join` process speaks "
        f"through a real Speech Dispatcher that records at 0 ms a character",
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
