"""Bots against bots by duplicate poker, without narration (`audiopoker simulate`).

    audiopoker simulate --players 6 --hands 60000 --seed 1 --bot hard 'honest*5' --json

Each deal is replayed with the seats rotated so every bot plays every seat's cards; the
report gives, per bot spec: hands played, big blinds won per 100 hands with a 95 %
confidence interval, the share of its hands played voluntarily before the flop (VPIP)
and raised before the flop (PFR), and decision time median / 95th percentile. Units of work run in
one process per core; progress goes to stderr, one line at a time, on long runs.
``--bot`` takes a level (easy, normal, hard), a reference opponent (random, station,
honest, maniac, minraiser, folder: see audiopoker.bots.reference), or MODULE:FACTORY (an
importable callable taking a ``random.Random`` and returning a bot); ``NAME*N`` repeats
a spec, and the list is cycled to fill the seats.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict

from audiopoker.bots.duplicate import BotFailure, BotReport, Settings, expand_lineup, run
from audiopoker.bots.levels import factory
from audiopoker.coach.bot import COACH_LEVEL

PROGRESS_AFTER = 3.0  # seconds before the first progress line
PROGRESS_EVERY = 10.0  # seconds between progress lines


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``simulate`` subcommand."""
    parser = subparsers.add_parser(
        "simulate",
        help="pit bots against each other (duplicate poker)",
        description=__doc__.splitlines()[0] if __doc__ else None,
    )
    parser.add_argument("--players", type=int, default=6, help="seats at the table (2-10)")
    parser.add_argument("--hands", type=int, default=6000, help="hands to play in total")
    parser.add_argument("--seed", type=int, default=1, help="decks and bots (reproducible)")
    parser.add_argument(
        "--bot",
        action="extend",
        nargs="+",
        default=[],
        metavar="SPEC",
        help="easy|normal|hard|random|station|honest|maniac|minraiser|folder|MODULE:FACTORY,"
        " NAME*N repeats",
    )
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes")
    parser.add_argument("--stack", type=int, default=200, help="chips at the start of a hand")
    parser.add_argument("--small-blind", type=int, default=1)
    parser.add_argument("--big-blind", type=int, default=2)
    parser.add_argument(
        "--time-budget",
        type=float,
        default=None,
        metavar="SECONDS",
        help="per-decision deadline (default none: reproducible for a seed)",
    )
    parser.add_argument("--block", type=int, default=250, help="deals per unit of work")
    parser.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    """Run the simulation and print the report. Returns the exit code."""
    players: int = args.players
    if not 2 <= players <= 10:
        print("simulate: --players must be between 2 and 10", file=sys.stderr)
        return 2
    specs: list[str] = args.bot or ["hard", "normal", "easy"]
    lineup = expand_lineup(specs, players)
    try:
        for spec in dict.fromkeys(lineup):
            factory(spec, more_levels=COACH_LEVEL)  # fail early on a bad spec
    except (ValueError, ImportError, AttributeError) as error:
        print(f"simulate: {error}", file=sys.stderr)
        return 2
    deals = max(1, math.ceil(args.hands / players))
    settings = Settings(
        lineup=lineup,
        deals=deals,
        seed=args.seed,
        stack=args.stack,
        small_blind=args.small_blind,
        big_blind=args.big_blind,
        block=max(1, args.block),
        time_budget=args.time_budget,
        more_levels=COACH_LEVEL,
    )
    started = time.perf_counter()
    try:
        reports = run(settings, jobs=max(1, args.jobs), progress=_Progress(started))
    except BotFailure as error:
        print(f"simulate: {error}", file=sys.stderr)
        return 1
    elapsed = time.perf_counter() - started
    if args.json:
        print(json.dumps(_as_json(settings, reports, elapsed), indent=2))
    else:
        print(_as_text(settings, reports, elapsed))
    return 0


class _Progress:
    """Prints 'simulate: 12/48 units (25 %), 31 s' lines to stderr on long runs."""

    def __init__(self, started: float) -> None:
        self.started = started
        self.last = started

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        first = self.last == self.started
        due = now - self.last >= (PROGRESS_AFTER if first else PROGRESS_EVERY)
        if due and done < total:
            self.last = now
            percent = 100 * done // total
            elapsed = now - self.started
            print(f"simulate: {done}/{total} units ({percent} %), {elapsed:.0f} s", file=sys.stderr)


def _as_json(settings: Settings, reports: Sequence[BotReport], elapsed: float) -> dict[str, object]:
    return {
        "players": settings.players,
        "deals": settings.deals,
        "hands": settings.deals * settings.players,
        "seed": settings.seed,
        "lineup": list(settings.lineup),
        "stack": settings.stack,
        "blinds": [settings.small_blind, settings.big_blind],
        "time_budget": settings.time_budget,
        "elapsed_s": round(elapsed, 1),
        "bots": [
            {
                **asdict(report),
                "bb_per_100": round(report.bb_per_100, 2),
                "ci95": round(report.ci95, 2),
                "ci95_low": round(report.bb_per_100 - report.ci95, 2),
                "ci95_high": round(report.bb_per_100 + report.ci95, 2),
                "median_ms": round(report.median_ms, 3),
                "p95_ms": round(report.p95_ms, 3),
                "vpip": round(report.vpip, 4),
                "pfr": round(report.pfr, 4),
            }
            for report in reports
        ],
    }


def _as_text(settings: Settings, reports: Sequence[BotReport], elapsed: float) -> str:
    hands = settings.deals * settings.players
    lines = [
        f"{settings.players} players, {settings.deals} deals x {settings.players} rotations "
        f"= {hands} hands, seed {settings.seed}, {elapsed:.0f} s",
        f"{'bot':<20} {'seats':>5} {'hands':>7} {'bb/100':>8}  {'95% interval':<20} "
        f"{'VPIP %':>6} {'PFR %':>6} {'decisions':>9} {'median ms':>9} {'p95 ms':>7}",
    ]
    for r in reports:
        interval = f"[{r.bb_per_100 - r.ci95:+.1f}, {r.bb_per_100 + r.ci95:+.1f}]"
        lines.append(
            f"{r.bot:<20} {r.seats:>5} {r.hands:>7} {r.bb_per_100:>+8.1f}  {interval:<20} "
            f"{100 * r.vpip:>6.1f} {100 * r.pfr:>6.1f} "
            f"{r.decisions:>9} {r.median_ms:>9.2f} {r.p95_ms:>7.2f}"
        )
    return "\n".join(lines)
