"""Seven-card evaluations per second through our interface, phevaluator and pure fallback.

Every path scores the same seeded random seven-card hands (an equal share from each seed,
three by default); the best of several timed passes is printed. ``strength`` takes Card
tuples (what the engine and bots hold), ``strength_ids`` takes ``Card.index`` ints,
``best_hand`` also finds the five cards and the hole cards used (what a showdown needs).
The pure evaluator fills a memo table on first sight of each rank pattern, so its first
pass is shown separately as "cold".

    python benchmarks/bench_evaluator.py [--hands 100000] [--repeat 5] [--seeds 1 2 3]

Goal (issue 2): at least 1.5 million a second through ``strength`` with phevaluator.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from audiopoker.cards import FULL_DECK, Card
from audiopoker.evaluator import PHEVALUATOR, PURE, Evaluator


def rate(function: Callable[[Any], object], items: Sequence[Any], repeat: int) -> float:
    """Best calls per second over ``repeat`` passes of ``function`` over ``items``."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for item in items:
            function(item)
        best = min(best, time.perf_counter() - start)
    return len(items) / best


def bench(evaluator: Evaluator, hands: list[tuple[Card, ...]], repeat: int) -> None:
    ids = [tuple(card.index for card in hand) for hand in hands]
    few = hands[: max(1, len(hands) // 20)]  # best_hand is ~20x slower: time fewer hands
    if evaluator is PURE:
        print(f"{'pure strength_ids (cold)':<34} {rate(evaluator.strength_ids, ids, 1):>12,.0f} /s")
    rows = [
        ("strength(cards)", rate(evaluator.strength, hands, repeat)),
        ("strength_ids(ids)", rate(evaluator.strength_ids, ids, repeat)),
        ("best_hand(hole, board)", rate(lambda h: evaluator.best_hand(h[:2], h[2:]), few, repeat)),
    ]
    for label, per_second in rows:
        print(f"{evaluator.name + ' ' + label:<34} {per_second:>12,.0f} /s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3], metavar="SEED")
    options = parser.parse_args()
    seeds = list(dict.fromkeys(options.seeds))
    hands: list[tuple[Card, ...]] = []
    for index, seed in enumerate(seeds, 1):
        rng = random.Random(seed)
        due = options.hands * index // len(seeds)  # hands drawn by the end of this seed
        hands += [tuple(rng.sample(FULL_DECK, 7)) for _ in range(due - len(hands))]
    print(
        f"{len(hands):,} seven-card hands from seeds {' '.join(map(str, seeds))}, "
        f"best of {options.repeat} passes"
    )
    if PHEVALUATOR is None:
        print("phevaluator: not importable")
    else:
        bench(PHEVALUATOR, hands, options.repeat)
    bench(PURE, hands, options.repeat)


if __name__ == "__main__":
    main()
