#!/usr/bin/env python3
"""Write audiopoker/bots/data/preflop169.csv: each of the 169 starting-hand classes' pot
share against 1 to 9 random hands, all in before the flop (ties split).

Every deal draws nine random opponent hands and a board, so one deal measures all nine
table sizes at once (against the first n hands). Deals are random, never in order, and
seeded per class, so the file is reproducible. Hands are scored with the bots' fast path
(phevaluator on card ids, the engine behind audiopoker.evaluator); when
audiopoker.evaluator is implemented, a sample of deals is cross-checked against its
``strength``.

    python scripts/make_preflop_table.py [--iterations 20000] [--seed 169] [--output PATH]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from audiopoker.bots.equity import WORST, class_combos
from audiopoker.bots.preflop import CLASS_NAMES, DATA_FILE, MAX_OPPONENTS
from audiopoker.evaluator import EVALUATOR, strength_ids


def class_shares(name: str, iterations: int, seed: int) -> list[float]:
    """Mean pot share of one class against 1..MAX_OPPONENTS random hands."""
    rng = random.Random(f"{seed}:{name}")
    combos = class_combos(name)
    totals = [0.0] * MAX_OPPONENTS
    score = strength_ids
    for _ in range(iterations):
        h1, h2 = combos[int(rng.random() * len(combos))]  # suits vary too, at random
        rest = [c for c in range(52) if c != h1 and c != h2]
        drawn = rng.sample(rest, 2 * MAX_OPPONENTS + 5)
        b1, b2, b3, b4, b5 = drawn[-5:]
        mine = score((h1, h2, b1, b2, b3, b4, b5))
        best = WORST
        ties = 0
        for n in range(MAX_OPPONENTS):
            theirs = score((drawn[2 * n], drawn[2 * n + 1], b1, b2, b3, b4, b5))
            if theirs > best:
                best, ties = theirs, 1
            elif theirs == best:
                ties += 1
            if mine > best:
                totals[n] += 1.0
            elif mine == best:
                totals[n] += 1.0 / (ties + 1)
    return [total / iterations for total in totals]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=20000, help="deals per class")
    parser.add_argument("--seed", type=int, default=169)
    parser.add_argument("--output", type=Path, default=DATA_FILE)
    args = parser.parse_args()
    started = time.perf_counter()
    rows = []
    for number, name in enumerate(CLASS_NAMES, 1):
        rows.append((name, len(class_combos(name)), class_shares(name, args.iterations, args.seed)))
        if number % 13 == 0:
            elapsed = time.perf_counter() - started
            print(f"{number}/169 classes, {elapsed:.0f} s", file=sys.stderr)
    rows.sort(key=lambda row: -row[2][0])
    header = ",".join(["hand", "combos", *(f"vs{n}" for n in range(1, MAX_OPPONENTS + 1))])
    lines = [
        "# Pot share of each starting hand against 1..9 random hands, all in preflop.",
        f"# Made by scripts/make_preflop_table.py --iterations {args.iterations} "
        f"--seed {args.seed} (evaluator: {EVALUATOR.name})",
        header,
        *(
            ",".join([name, str(count), *(f"{share:.4f}" for share in shares)])
            for name, count, shares in rows
        ),
    ]
    args.output.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
