"""Latency from a message entering the router to the backend's speak() call.

Scenarios, each repeated ROUNDS times, with a transcript file and console echo switched on
(the costliest real configuration):

- burst: 51 messages sent back to back (the dispatch thread races the sender).
- queued: 50 game events wait behind a busy backend; one more event enters and the backend
  frees at once: its time includes handing all 50 ahead of it to the backend.
- interrupt: the same 50 wait, then an answer arrives (it jumps the queue).

Goal: p95 under 5 ms. Run: python benchmarks/bench_router.py
"""

from __future__ import annotations

import io
import statistics
import tempfile
import threading
import time
from pathlib import Path

from audiopoker.output import ConsoleBackend, Message, Router, RoutingPolicy, TranscriptWriter

ROUNDS = 200
QUEUED = 50


class TimingBackend:
    """Notes when each text reaches speak(); optionally holds the first call of a round."""

    name = "timing"
    speech_timing = "instant"  # the router's own cost: no waiting for speech to end

    def __init__(self) -> None:
        self.reached: dict[str, float] = {}
        self.gate: threading.Event | None = None

    def speak(self, text: str, interrupt: bool) -> None:
        self.reached[text] = time.perf_counter()
        gate = self.gate
        if gate is not None and text.endswith("#hold"):
            gate.wait(5)

    def braille(self, text: str, interrupt: bool = False) -> None:
        pass

    def silence(self) -> None:
        pass

    def is_speaking(self) -> bool | None:
        return None

    def close(self) -> None:
        pass


def make_router(backend: TimingBackend, folder: Path) -> Router:
    return Router(
        backend,
        policy=RoutingPolicy(echo=True),
        console=ConsoleBackend(io.StringIO()),
        transcript=TranscriptWriter(folder / "bench.jsonl"),
    )


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def report(label: str, seconds: list[float]) -> None:
    ms = [s * 1000 for s in seconds]
    print(
        f"{label:<44} n={len(ms):>6}  median={statistics.median(ms):7.3f} ms  "
        f"p95={percentile(ms, 0.95):7.3f} ms  max={max(ms):7.3f} ms"
    )


def burst(router: Router, backend: TimingBackend) -> tuple[list[float], list[float]]:
    every: list[float] = []
    last: list[float] = []
    for round_number in range(ROUNDS):
        sent: dict[str, float] = {}
        for index in range(QUEUED + 1):
            text = f"r{round_number} m{index}: Ana raises to {index * 2}."
            sent[text] = time.perf_counter()
            router.send(Message("action_taken", text))
        router.drain()
        latencies = {text: backend.reached[text] - started for text, started in sent.items()}
        every.extend(latencies.values())
        last.append(latencies[text])
    return every, last


def behind_queue(router: Router, backend: TimingBackend, answer: bool) -> list[float]:
    latencies: list[float] = []
    for round_number in range(ROUNDS):
        backend.gate = threading.Event()
        busy = f"r{round_number} {answer} busy#hold"
        router.send(Message("action_taken", busy))
        while busy not in backend.reached:  # the dispatch thread is now inside speak()
            time.sleep(0.0001)
        for index in range(QUEUED):
            router.send(Message("action_taken", f"r{round_number} {answer} queued {index}"))
        text = f"r{round_number} {answer} Your stack is 200."
        started = time.perf_counter()
        router.send(Message("answer" if answer else "action_taken", text, interrupt=answer))
        backend.gate.set()  # the busy utterance ends
        router.drain()
        latencies.append(backend.reached[text] - started)
    backend.gate = None
    return latencies


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        backend = TimingBackend()
        router = make_router(backend, Path(folder))
        every, last = burst(router, backend)
        report("burst: every message", every)
        report("burst: the 51st message", last)
        events = behind_queue(router, backend, answer=False)
        report(f"queued: event with {QUEUED} queued ahead", events)
        answers = behind_queue(router, backend, answer=True)
        report(f"interrupt: answer with {QUEUED} queued", answers)
        router.close()
    goal = percentile([s * 1000 for s in events], 0.95)
    print(f"goal: p95 < 5 ms with {QUEUED} queued -> {'met' if goal < 5 else 'NOT met'}")


if __name__ == "__main__":
    main()
