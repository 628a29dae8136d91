"""The coach key's latency: ``coach.advise`` on many random spots from real play.

Tables of 2 to 9 seats (stacks from 10 to 150 big blinds, so short-stack spots come up)
play hands among reference bots and fast hard and normal bots; every seat keeps an
opponent model fed the events it may see, as the coach key's would be. At every decision
the coach advises the seat to act and is timed: by default as ``advise(view, model, rng)``
does it, a fresh Coach each time (its range cache cold: the slow case); ``--warm`` keeps
one Coach per seat, as a game would. No deadline: the iteration caps alone bound the time,
so runs are reproducible for a seed. Prints median, p95 and max overall and per street.

    python benchmarks/bench_coach.py [--spots 2000] [--seed 1] [--warm]

``--spots`` is a floor: a table plays its hands out, so a few more spots are timed.

Goal (issue 13): p95 under 150 ms. Timings depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict

from audiopoker.bots.base import Bot, start_hand, tell
from audiopoker.bots.hard import HardBot
from audiopoker.bots.levels import make_bot
from audiopoker.bots.model import OpponentModel
from audiopoker.bots.normal import NormalBot
from audiopoker.cards import FULL_DECK
from audiopoker.coach.advice import Coach, advise
from audiopoker.engine.hand import Hand
from audiopoker.engine.view import view_for

KINDS = ("honest", "station", "maniac", "minraiser", "folder", "random", "hard", "normal")
GOAL_MS = 150.0
HANDS_PER_TABLE = 40


def _bot(kind: str, rng: random.Random) -> Bot:
    bot = make_bot(kind, random.Random(rng.getrandbits(32)))
    if isinstance(bot, (NormalBot, HardBot)):  # the table's bots only make spots: keep them quick
        bot.preflop_iterations = 60
        bot.postflop_iterations = 120
    return bot


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def measure(spots: int, seed: int, warm: bool) -> dict[str, list[float]]:
    """Milliseconds per advice, by street name and 'all'."""
    rng = random.Random(seed)
    times: dict[str, list[float]] = defaultdict(list)
    while len(times["all"]) < spots:
        players = rng.randint(2, 9)
        bots = [_bot(rng.choice(KINDS), rng) for _ in range(players)]
        models = [OpponentModel() for _ in range(players)]
        coaches = [Coach(random.Random(rng.getrandbits(32)), models[s]) for s in range(players)]
        for number in range(1, HANDS_PER_TABLE + 1):
            stacks = [rng.choice((20, 60, 200, 300)) for _ in range(players)]
            button = number % players
            order = [(button + k) % players for k in range(1, players + 1)]
            small, big = (button, order[0]) if players == 2 else (order[0], order[1])
            deck = list(FULL_DECK)
            rng.shuffle(deck)
            hand, _ = Hand.start(
                stacks=stacks,
                button=button,
                small_blind_seat=small,
                big_blind_seat=big,
                small_blind=1,
                big_blind=2,
                deck=deck,
                hand_number=number,
            )
            for seat, bot in enumerate(bots):
                start_hand(bot, seat)
            told = 0
            while not hand.is_over:
                for event in hand.events[told:]:
                    for seat, bot in enumerate(bots):
                        tell(bot, seat, event)
                        if event.visible_to(seat):
                            models[seat].observe(event)
                told = len(hand.events)
                actor = hand.actor
                assert actor is not None
                view = view_for(hand, actor)
                started = time.perf_counter()
                if warm:
                    coaches[actor].advise(view)
                else:
                    advise(view, models[actor], random.Random(rng.getrandbits(32)))
                elapsed = 1000 * (time.perf_counter() - started)
                times["all"].append(elapsed)
                times[view.street.name.lower()].append(elapsed)
                hand.act(actor, bots[actor].decide(view))
            for event in hand.events[told:]:
                for seat in range(players):
                    if event.visible_to(seat):
                        models[seat].observe(event)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--spots", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--warm", action="store_true", help="one Coach per seat, kept")
    args = parser.parse_args()
    times = measure(args.spots, args.seed, args.warm)
    mode = "warm (a Coach kept per seat)" if args.warm else "cold (advise: a fresh Coach)"
    print(f"coach advice, {mode}, seed {args.seed}")
    print(f"{'street':<8} {'spots':>6} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}")
    for name in ("preflop", "flop", "turn", "river", "all"):
        values = times.get(name, [])
        if values:
            print(
                f"{name:<8} {len(values):>6} {statistics.median(values):>10.1f} "
                f"{_percentile(values, 0.95):>8.1f} {max(values):>8.1f}"
            )
    p95 = _percentile(times["all"], 0.95)
    verdict = "PASS" if p95 < GOAL_MS else "FAIL"
    print(f"{verdict}: p95 {p95:.1f} ms (goal under {GOAL_MS:.0f} ms)")


if __name__ == "__main__":
    main()
