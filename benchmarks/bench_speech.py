"""Key to voice: how long from a query key to the moment a real Speech Dispatcher starts
saying its answer, while bots play and table messages wait.

The real program runs in tmux (``audiopoker watch``, speaking through Speech Dispatcher
straight through python3-speechd) into the shared recorder, which takes 50 ms a character
like a voice and logs when each message starts. Keys are sent with tmux send-keys; the
latency is from just before send-keys to the recorder's ``start`` line of the answer, so it
includes tmux, the key loop, the router, the SSIP socket and the server's module start.

    python benchmarks/bench_speech.py [--presses 50] [--players 6] [--seed 1]
        [--library speech-dispatcher|accessible-output2|prism]

Goal (issue 11): p95 under 100 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from speechd_support import (  # type: ignore[import-not-found]  # tests/, put on the path above
    game_in_tmux,
    timed_recorder,
    utterances,
)

KEYS = "pte"  # the pot, whose turn, the board: each answers while watching


def answer_latency(records: list[dict[str, Any]], lines: list[Any], at: float) -> float | None:
    """Seconds from ``at`` to the start of the first answer sent after it."""
    answers = [r for r in records if r["interrupt"] and r["wall"] >= at]
    if not answers:
        return None
    said = utterances(lines)
    starts = [u.start for u in said if u.text == answers[0]["text"] and u.start >= at]
    return starts[0] - at if starts else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=50)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--library", default="speech-dispatcher")
    options = parser.parse_args()
    rng = random.Random(options.seed)
    arguments = ["watch", "--players", str(options.players), "--seed", str(options.seed)]
    arguments += ["--output", "screenreader", "--screen-reader", options.library]
    arguments += ["--bot-delay", "0", "--no-sound", "--lang", "en"]
    latencies: list[float] = []
    lost = 0
    with timed_recorder(50) as recorder, game_in_tmux(arguments, recorder.env) as game:
        time.sleep(3)  # the welcome and the first hand start
        for _ in range(options.presses):
            at = game.press(rng.choice(KEYS))
            time.sleep(rng.uniform(0.8, 1.4))  # the answer is said; bots play on
            latency = answer_latency(game.records(), recorder.lines(), at)
            if latency is None:
                lost += 1
            else:
                latencies.append(latency)
    if not latencies:
        raise SystemExit("no answer was heard: is speech-dispatcher installed?")
    latencies.sort()
    p95 = latencies[min(len(latencies) - 1, round(0.95 * (len(latencies) - 1)))]
    median = statistics.median(latencies) * 1000
    print(f"library: {options.library}; presses: {options.presses}; heard: {len(latencies)}")
    print(f"key -> voice starts: median {median:.1f} ms, p95 {p95 * 1000:.1f} ms,")
    print(f"  worst {latencies[-1] * 1000:.1f} ms (goal: p95 < 100 ms)")
    if lost:
        print(f"{lost} presses had no answer heard (the game may have ended)")


if __name__ == "__main__":
    main()
