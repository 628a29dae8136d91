"""The bot ladder by duplicate poker, at six players (issue 6 goals).

Runs the same duplicate simulation as ``audiopoker simulate`` for each matchup and prints
bb/100 with its 95 % interval and the decision times per bot:

- ladder: hard, normal, easy, twice each around the table (goal: hard > normal > easy,
  intervals apart);
- hard against five honest bots (goal: at least +20 bb/100), five calling stations
  (goal: at least +50), five random bots;
- p95 decision time under 100 ms for every level (easy, normal, hard rows).

    python benchmarks/bench_bots.py [--hands 12000] [--seed 1] [--jobs 2] [--only ladder]

Timings depend on the machine and its load: note how many cores were busy. Runs are
reproducible for a seed (no deadline; the bots' iteration caps bound their time).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from dataclasses import asdict

from audiopoker.bots.duplicate import Settings, expand_lineup, run

MATCHUPS = {
    "ladder": ["hard", "normal", "easy"],
    "honest": ["hard", "honest*5"],
    "station": ["hard", "station*5"],
    "random": ["hard", "random*5"],
    "normal-honest": ["normal", "honest*5"],
    "easy-honest": ["easy", "honest*5"],
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=12000, help="hands per matchup")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--only", nargs="*", choices=sorted(MATCHUPS), default=None)
    parser.add_argument("--json", action="store_true", help="JSON on stdout, lines on stderr")
    args = parser.parse_args()
    results = {}
    for name in args.only or MATCHUPS:
        lineup = expand_lineup(MATCHUPS[name], 6)
        settings = Settings(lineup=lineup, deals=math.ceil(args.hands / 6), seed=args.seed)
        started = time.perf_counter()
        reports = run(settings, jobs=args.jobs)
        elapsed = time.perf_counter() - started
        results[name] = [asdict(r) for r in reports]
        print(f"{name}: {settings.deals * 6} hands, {elapsed:.0f} s", file=sys.stderr)
        for r in reports:
            print(
                f"  {name:<14} {r.bot:<8} {r.bb_per_100:+8.1f} bb/100 "
                f"[{r.bb_per_100 - r.ci95:+.1f}, {r.bb_per_100 + r.ci95:+.1f}]  "
                f"{r.hands:>6} hands  decisions {r.decisions:>6}  "
                f"median {r.median_ms:5.1f} ms  p95 {r.p95_ms:5.1f} ms",
                file=sys.stderr if args.json else sys.stdout,
                flush=True,
            )
    if args.json:
        print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
