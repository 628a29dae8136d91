"""Every message still true when it is heard: a Spanish tournament played for a while by a
script that acts at every "Te toca", through a real Speech Dispatcher at a voice's pace.

The real program runs in tmux and speaks through Speech Dispatcher into the shared recorder
(50 ms a character unless told otherwise), which logs when each message starts and ends. At
every turn prompt the script presses a key at a random moment between a fifth of a second
into the prompt and a second after it ended: C mostly, sometimes A twice (the all-in
question, then yes). When a tournament ends the next one starts, until the time is up.

It reports, over all turns: how many turn messages (the prompt, "still your turn", a
question) started after the turn had ended (the goal is none), and the time from the key to
the player's own action starting (p50, p95, max; goal: under 300 ms).

    python benchmarks/bench_turns.py [--minutes 30] [--ms-per-char 50] [--seed 1]
        [--lang es] [--players 3]
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

TURN_KINDS = ("your_turn", "reminder", "question")
Record = dict[str, Any]


def wall(record: Record) -> float:
    return float(record["wall"])


def play(game: Any, recorder: Any, rng: random.Random, until: float, pace: float) -> list[float]:
    """Act at every turn prompt until the game ends or ``until``; the times of the keys
    that acted (C, or the second A)."""
    acted: list[float] = []
    handled = 0
    while game.running and time.monotonic() < until:
        records = game.records()
        turns = [r for r in records if r["kind"] == "your_turn" and not r["answer"]]
        if len(turns) > handled:
            turn = turns[handled]
            said = [u for u in recorder.utterances() if u.text == turn["text"]]
            started = [u for u in said if u.start >= wall(turn)]
            if started:
                length = len(str(turn["text"])) * pace
                wait = rng.uniform(0.2, length + 1.0)
                time.sleep(max(0.0, started[0].start + wait - time.time()))
                if rng.random() < 0.1:
                    asked = game.press("a")
                    time.sleep(rng.uniform(0.3, 1.5))  # part of the question heard
                    refused = [r for r in game.records() if r["kind"] == "error"]
                    if any(wall(r) >= asked for r in refused):  # no all in here: call
                        acted.append(game.press("c"))
                    else:
                        acted.append(game.press("a"))
                else:
                    acted.append(game.press("c"))
                handled += 1
                continue
        time.sleep(0.02)
    return acted


def check(records: list[Record], lines: list[Any], keys: list[float]) -> tuple[int, list[float]]:
    """(turn messages started after their turn ended, key-to-own-action seconds)."""
    said = utterances(lines)
    turn_ends = sorted(keys)
    stale = 0
    for record in records:
        if record["kind"] not in TURN_KINDS or not record["speech"]:
            continue
        sent = wall(record)
        ended = next((k for k in turn_ends if k >= sent), None)
        if ended is None:
            continue
        later_turns = [
            wall(r)
            for r in records
            if r["kind"] == "your_turn" and not r["answer"] and wall(r) > ended
        ]
        next_turn = min(later_turns, default=float("inf"))  # the same words may come again
        stale += sum(
            1 for u in said if u.text == record["text"] and ended + 0.05 < u.start < next_turn
        )
    latencies = []
    for key in keys:
        mine = next((r for r in records if not r["answer"] and wall(r) >= key), None)
        if mine is None:
            continue
        heard = [u.start for u in said if u.text == mine["text"] and u.start >= key]
        if heard:
            latencies.append(heard[0] - key)
    return stale, latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--ms-per-char", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lang", default="es")
    parser.add_argument("--players", type=int, default=3)
    options = parser.parse_args()
    rng = random.Random(options.seed)
    until = time.monotonic() + options.minutes * 60
    stale_total, latencies, turns, games = 0, [], 0, 0
    pace = options.ms_per_char / 1000
    while time.monotonic() < until:
        seed = options.seed + games
        arguments = ["--tournament", "--players", str(options.players), "--seed", str(seed)]
        arguments += ["--lang", options.lang, "--output", "screenreader", "--no-save"]
        arguments += ["--screen-reader", "speech-dispatcher", "--no-sound", "--bot-delay", "0"]
        env = {"AUDIOPOKER_NO_PRISM": "1"}
        with (
            timed_recorder(options.ms_per_char) as recorder,
            game_in_tmux(arguments, {**recorder.env, **env}) as game,
        ):
            keys = play(game, recorder, rng, until, pace)
            if game.running:  # time is up: quit
                game.press("q")
                time.sleep(0.5)
                game.press("q")
                time.sleep(2.0)
            stale, seconds = check(game.records(), recorder.lines(), keys)
        games += 1
        turns += len(keys)
        stale_total += stale
        latencies += seconds
        print(f"game {games} (seed {seed}): {len(keys)} turns, {stale} stale", flush=True)
    print(f"{options.lang}, {options.players} players, {options.ms_per_char} ms a character, ")
    print(f"seeds {options.seed} to {options.seed + games - 1}: {games} games, {turns} turns")
    print(f"turn messages started after their turn ended: {stale_total} (goal: 0)")
    if latencies:
        ordered = sorted(latencies)
        p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        print(
            f"key to own action: p50 {statistics.median(ordered) * 1000:.0f} ms, "
            f"p95 {p95 * 1000:.0f} ms, max {ordered[-1] * 1000:.0f} ms over {len(ordered)}"
        )


if __name__ == "__main__":
    main()
