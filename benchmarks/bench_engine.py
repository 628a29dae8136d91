"""Random legal 6-player hands per second: our engine against pokerkit 0.7.7, in one run.

Both engines play the same kind of hands (6 players, 200 chips each, blinds 1/2, a fresh
shuffled deck every hand) with the same seeded random policy over their legal actions:
fold a quarter of the time when facing a bet, raise a quarter of the time when allowed (to
the minimum, a random amount or all-in), otherwise check or call. Our engine gets a deck
shuffled with ``random.Random``; pokerkit shuffles and deals itself. The seconds are
shared among the seeds (three by default), whose hands pool into one rate per engine.

    python benchmarks/bench_engine.py [--seconds 5] [--seeds 1 2 3] [--profile]

Goal (issue 2): ours at least 20x pokerkit's rate.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from pokerkit import Automation, Mode, NoLimitTexasHoldem

from audiopoker.cards import FULL_DECK
from audiopoker.engine.actions import Action
from audiopoker.engine.hand import Hand

PLAYERS = 6
STACK = 200
SMALL_BLIND, BIG_BLIND = 1, 2

_PK_AUTOMATIONS = tuple(Automation)  # pokerkit deals, shows, pays and pulls by itself


def choose(
    rng: random.Random, to_call: int, can_raise: bool, low: int, high: int
) -> tuple[str, int]:
    """The shared policy: ('fold' | 'call' | 'raise', raise-to amount)."""
    roll = rng.random()
    if to_call > 0 and roll < 0.25:
        return "fold", 0
    if can_raise and roll >= 0.75:
        pick = rng.random()
        if pick < 0.5:
            return "raise", low
        if pick < 0.85:
            return "raise", rng.randint(low, high)
        return "raise", high
    return "call", 0


def play_ours(rng: random.Random, hands: int) -> int:
    """Play ``hands`` hands with our engine; return the number of decisions made."""
    deck = list(FULL_DECK)
    stacks = (STACK,) * PLAYERS
    decisions = 0
    for _ in range(hands):
        rng.shuffle(deck)
        hand, _ = Hand.start(
            stacks=stacks,
            button=PLAYERS - 1,
            small_blind_seat=0,
            big_blind_seat=1,
            small_blind=SMALL_BLIND,
            big_blind=BIG_BLIND,
            deck=deck,
        )
        while not hand.is_over:
            legal = hand.legal_actions()
            kind, amount = choose(
                rng,
                legal.to_call,
                legal.raise_kind is not None,
                legal.min_raise_to,
                legal.max_raise_to,
            )
            if kind == "fold":
                action = Action.fold()
            elif kind == "raise" and legal.raise_kind is not None:
                action = Action(legal.raise_kind, amount)
            elif legal.to_call:
                action = Action.call()
            else:
                action = Action.check()
            hand.act(legal.seat, action)
            decisions += 1
    return decisions


def play_pokerkit(rng: random.Random, hands: int) -> int:
    """Play ``hands`` hands with pokerkit; return the number of decisions made."""
    random.seed(rng.random())  # pokerkit shuffles with the global generator
    decisions = 0
    for _ in range(hands):
        state = NoLimitTexasHoldem.create_state(
            _PK_AUTOMATIONS,
            True,
            0,
            (SMALL_BLIND, BIG_BLIND),
            BIG_BLIND,
            (STACK,) * PLAYERS,
            PLAYERS,
            mode=Mode.TOURNAMENT,
        )
        while state.status:
            to_call = state.checking_or_calling_amount
            assert to_call is not None
            can_raise = state.can_complete_bet_or_raise_to()
            low = state.min_completion_betting_or_raising_to_amount if can_raise else 0
            high = state.max_completion_betting_or_raising_to_amount if can_raise else 0
            kind, amount = choose(rng, to_call, can_raise, low or 0, high or 0)
            if kind == "fold":
                state.fold()
            elif kind == "raise":
                state.complete_bet_or_raise_to(amount)
            else:
                state.check_or_call()
            decisions += 1
    return decisions


Player = Callable[[random.Random, int], int]


@dataclass
class Tally:
    """Hands, decisions and seconds spent by one engine."""

    hands: int = 0
    decisions: int = 0
    seconds: float = 0.0

    def run(self, play: Player, rng: random.Random, hands: int) -> None:
        start = time.perf_counter()
        self.decisions += play(rng, hands)
        self.seconds += time.perf_counter() - start
        self.hands += hands

    def line(self, name: str) -> str:
        return (
            f"{name:11} {self.hands / self.seconds:10.0f} hands/s"
            f" ({self.decisions / self.seconds:.0f} decisions/s, {self.hands} hands)"
        )


def measure(seeds: list[int], seconds: float) -> tuple[Tally, Tally]:
    """Both engines in alternating short batches (about a tenth of a second each), so a
    shared machine's changing load hits both alike; ``seconds`` per engine, shared among
    the seeds."""
    ours, theirs = Tally(), Tally()
    for index, seed in enumerate(seeds, 1):
        due = seconds * index / len(seeds)  # seconds spent by the end of this seed
        our_rng, their_rng = random.Random(seed), random.Random(seed)
        while ours.seconds < due or theirs.seconds < due:
            ours.run(play_ours, our_rng, 200)
            theirs.run(play_pokerkit, their_rng, 10)
    return ours, theirs


def main() -> None:
    """Measure both engines and print the rates and the ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per engine")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3], metavar="SEED")
    parser.add_argument("--profile", action="store_true", help="cProfile our engine")
    args = parser.parse_args()

    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        play_ours(random.Random(args.seeds[0]), 2000)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
        return

    seeds = list(dict.fromkeys(args.seeds))
    print(
        f"{PLAYERS} seats, all the same random policy, {STACK} chips, blinds "
        f"{SMALL_BLIND}/{BIG_BLIND}, seeds {' '.join(map(str, seeds))}, pooled"
    )
    ours, theirs = measure(seeds, args.seconds)
    print(ours.line("audiopoker:"))
    print(theirs.line("pokerkit:"))
    ratio = (ours.hands / ours.seconds) / (theirs.hands / theirs.seconds)
    print(f"ratio:      {ratio:10.1f}x (goal: at least 20x)")


if __name__ == "__main__":
    main()
