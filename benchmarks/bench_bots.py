"""The bots' benchmark by duplicate poker: the matches and goals of issue 14.

Each named match (its players, lineup and stack; blinds 1/2) runs the same duplicate
simulation as ``audiopoker simulate`` on every seed (three by default: one seed's deals
are one sample, and a figure must hold on any), prints its seats, then a line per bot and
seed and a line per bot pooled over the seeds: bb/100 with its 95 % interval [low, high]
(the pooled interval over every seed's deals), hands, the share of hands played
voluntarily (VPIP) and raised (PFR) before the flop, decisions, and the decision time
median and p95. Every goal is judged on the pooled lines.

- hu: hard vs normal heads-up, 200 chips (100 big blinds);
- 3v3: hard vs normal three against three, alternating seats at six (hard, normal, hard,
  normal, hard, normal);
- 3v3-blocks: the same three against three seated as ``audiopoker simulate --bot 'hard*3'
  --bot 'normal*3'`` seats them (hard, hard, hard, normal, normal, normal);
- ladder: hard, normal, easy twice each at six;
- L-R for each level L (easy, normal, hard) and reference R (random, station, honest,
  maniac, minraiser, folder: audiopoker.bots.reference): L against five R at six. A table
  of pooled bb/100 per reference and level follows; the same seeds mean the same deals for
  every level;
- normal-easy: normal vs easy three against three;
- pushfold-hu: hard vs normal heads-up with 20 chips (10 big blinds). After it, hard's
  push/fold decisions are scored against the chart (``bots.shortstack.agreement``) in
  heads-up self-play at 10 big blinds and at 2 to 15 big blinds (an opponent that plays
  the equilibrium too), and against normal at 10 big blinds, where hard's deviations
  are deliberate exploits of what it measured.

Goals (issue 14), printed PASS or FAIL at the end for those whose matches ran:

- 3v3 and 3v3-blocks: hard at least +40 bb/100 with the interval's lower bound above 0
  (12,000 hands a seed);
- hu: hard at least +50 bb/100 with the lower bound above 0;
- hard's bb/100 at least normal's against every reference (the same deals), and at least
  every level's against the fixed strategies (station, maniac, minraiser, folder, honest);
- easy < normal < hard in every lineup where levels meet (hu, 3v3, ladder, normal-easy,
  pushfold-hu);
- push/fold agreement with the chart at least 95 %, weighted by how often spots come up;
- decision p95 under 100 ms at every level (the game's budget stays 0.08 s).

    python benchmarks/bench_bots.py [--hands 12000] [--seeds 1 2 3] [--jobs 2] [--only hu 3v3]
        [--json]

``--hands`` is per match and seed. With fewer than three seeds the goals are not judged.
``--json`` prints everything as JSON on stdout and the lines on stderr. Timings depend on
the machine and its load: note how many cores were busy. Runs are reproducible for the
seeds (no deadline; the bots' iteration caps bound their time).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import TextIO

from audiopoker.bots.base import start_hand, tell
from audiopoker.bots.duplicate import BotReport, Settings, deal_deck, expand_lineup, run_seeds
from audiopoker.bots.levels import LEVELS, REFERENCE_BOTS, make_bot
from audiopoker.bots.shortstack import agreement
from audiopoker.engine.hand import Hand
from audiopoker.engine.view import build_view


@dataclass(frozen=True, slots=True)
class Match:
    """A table: seats, bot specs (cycled to fill the seats) and chips per hand."""

    players: int
    lineup: tuple[str, ...]
    stack: int = 200


MATCHES: dict[str, Match] = {
    "hu": Match(2, ("hard", "normal")),
    "3v3": Match(6, ("hard", "normal")),
    "3v3-blocks": Match(6, ("hard*3", "normal*3")),
    "ladder": Match(6, ("hard", "normal", "easy")),
    **{
        f"{level}-{ref}": Match(6, (level, f"{ref}*5"))
        for ref in REFERENCE_BOTS
        for level in LEVELS
    },
    "normal-easy": Match(6, ("normal", "easy")),
    "pushfold-hu": Match(2, ("hard", "normal"), stack=20),
}
FIXED_STRATEGIES = ("station", "maniac", "minraiser", "folder", "honest")
AGREEMENT_GOAL = 0.95
P95_LIMIT_MS = 100.0
MIN_SEEDS = 3  # convention 10: a figure pools at least three seeds

Results = dict[str, list[BotReport]]


def interval(r: BotReport) -> str:
    """'+12.3 [+1.0, +23.6]': bb/100 and its 95 % interval."""
    return f"{r.bb_per_100:+.1f} [{r.bb_per_100 - r.ci95:+.1f}, {r.bb_per_100 + r.ci95:+.1f}]"


def report_line(name: str, label: str, r: BotReport) -> str:
    """One bot's line in one match, on one seed or pooled (``label``)."""
    return (
        f"  {name:<16} {label:<8} {r.bot:<9} {r.bb_per_100:+8.1f} bb/100 "
        f"[{r.bb_per_100 - r.ci95:+.1f}, {r.bb_per_100 + r.ci95:+.1f}]  {r.hands:>6} hands  "
        f"VPIP {100 * r.vpip:5.1f} %  PFR {100 * r.pfr:5.1f} %  decisions {r.decisions:>6}  "
        f"median {r.median_ms:5.1f} ms  p95 {r.p95_ms:5.1f} ms"
    )


def find(results: Results, match: str, bot: str) -> BotReport | None:
    """``bot``'s report in ``match``, if that match ran."""
    return next((r for r in results.get(match, []) if r.bot == bot), None)


def level_rows(results: Results, ref: str) -> dict[str, BotReport]:
    """Each level's report against five ``ref`` (levels whose match ran)."""
    rows = {level: find(results, f"{level}-{ref}", level) for level in LEVELS}
    return {level: r for level, r in rows.items() if r is not None}


def ordered(values: Sequence[float], strict: bool) -> bool:
    """Whether ``values`` (easy first) never fall (strictly rise when ``strict``)."""
    return all(a < b if strict else a <= b for a, b in itertools.pairwise(values))


def reference_table(results: Results) -> list[str]:
    """'reference | easy | normal | hard' rows of bb/100 with intervals."""
    lines = [f"{'reference':<10} | {'easy':<26} | {'normal':<26} | {'hard':<26} | hard"]
    for ref in REFERENCE_BOTS:
        rows = level_rows(results, ref)
        if not rows:
            continue
        cells = " | ".join(f"{interval(rows[lv]) if lv in rows else '-':<26}" for lv in LEVELS)
        order = "-"
        if len(rows) == len(LEVELS):
            ahead = [lv for lv in LEVELS if rows[lv].bb_per_100 > rows["hard"].bb_per_100]
            order = f"hard behind {', '.join(ahead)}" if ahead else "hard first"
        lines.append(f"{ref:<10} | {cells} | {order}")
    return lines


def goals(results: Results, hands: dict[str, int]) -> list[tuple[str, bool, str]]:
    """(goal, passed, measured) for every goal whose matches ran, on pooled results."""
    measured: list[tuple[str, bool, str]] = []
    for match, minimum in (("3v3", 40), ("3v3-blocks", 40), ("hu", 50)):
        hard = find(results, match, "hard")
        if hard is not None:
            passed = hard.bb_per_100 >= minimum and hard.bb_per_100 - hard.ci95 > 0
            goal = f"{match}: hard vs normal >= +{minimum} bb/100, lower bound > 0"
            measured.append((goal, passed, f"{interval(hard)} over {hands[match]} hands"))
    pairs = {ref: level_rows(results, ref) for ref in REFERENCE_BOTS}
    pairs = {ref: rows for ref, rows in pairs.items() if {"normal", "hard"} <= rows.keys()}
    if pairs:
        behind = [
            r for r, rows in pairs.items() if rows["hard"].bb_per_100 < rows["normal"].bb_per_100
        ]
        detail = (
            f"behind normal against {', '.join(behind)}" if behind else f"{len(pairs)} references"
        )
        measured.append(("hard >= normal against every reference", not behind, detail))
    fixed = {ref: pairs[ref] for ref in FIXED_STRATEGIES if len(pairs.get(ref, {})) == 3}
    if fixed:
        under = [r for r, rows in fixed.items() if not _hard_leads(rows)]
        detail = f"behind another level against {', '.join(under)}" if under else "all five"
        measured.append(("hard >= every level against the fixed strategies", not under, detail))
    lineups = {name: [r for lv in LEVELS if (r := find(results, name, lv))] for name in results}
    lineups = {name: rows for name, rows in lineups.items() if len(rows) > 1}
    if lineups:
        bad = [n for n, rows in lineups.items() if not ordered([r.bb_per_100 for r in rows], True)]
        detail = f"out of order in {', '.join(bad)}" if bad else f"{len(lineups)} lineups"
        measured.append(("easy < normal < hard in every lineup", not bad, detail))
    p95s: dict[str, list[float]] = {}
    for reports in results.values():
        for r in reports:
            p95s.setdefault(r.bot, []).append(r.p95_ms)
    worst = {level: max(p95s[level]) for level in LEVELS if level in p95s}
    if worst:
        detail = ", ".join(f"{level} {ms:.1f} ms" for level, ms in worst.items())
        passed = all(ms < P95_LIMIT_MS for ms in worst.values())
        measured.append((f"decision p95 < {P95_LIMIT_MS:.0f} ms at every level", passed, detail))
    return measured


@dataclass(frozen=True, slots=True)
class Agreement:
    """Hard's push/fold decisions scored against the chart in one setting."""

    setting: str
    spots: int
    share: float  # mean probability the chart gives hard's choice


def push_fold_agreement(
    opponent: str, stacks: Sequence[int], hands: int, seeds: Sequence[int]
) -> Agreement:
    """Heads-up hands of hard against ``opponent`` on each seed, each at a stack (chips,
    blinds 1/2) taken in turn from ``stacks``; every push/fold spot hard meets on every
    seed, weighted equally (so spots count as often as they come up)."""
    scores: list[float] = []
    for seed in seeds:
        scores += _push_fold_scores(opponent, stacks, hands, seed)
    low, high = min(stacks) / 2, max(stacks) / 2
    where = f"{low:g} big blinds" if low == high else f"{low:g} to {high:g} big blinds"
    share = sum(scores) / len(scores) if scores else 0.0
    return Agreement(f"hard vs {opponent}, {where}", len(scores), share)


def _push_fold_scores(opponent: str, stacks: Sequence[int], hands: int, seed: int) -> list[float]:
    """The chart's probability of each push/fold choice hard made on one seed."""
    bots = [
        make_bot("hard", random.Random(f"{seed}:hard")),
        make_bot(opponent, random.Random(seed)),
    ]
    scores: list[float] = []
    for number in range(hands):
        button = number % 2
        chips = stacks[number % len(stacks)]
        hand, events = Hand.start(
            stacks=[chips, chips], button=button, small_blind_seat=button,
            big_blind_seat=1 - button, small_blind=1, big_blind=2,
            deck=deal_deck(seed, number), hand_number=number + 1,
        )  # fmt: skip
        for seat, bot in enumerate(bots):
            start_hand(bot, seat)
        while not hand.is_over:
            for event in events:
                for seat, bot in enumerate(bots):
                    tell(bot, seat, event)
            actor = hand.actor
            assert actor is not None
            view = build_view(actor, hand.events)
            action = bots[actor].decide(view)
            score = agreement(view, action) if actor == 0 else None
            if score is not None:
                scores.append(score)
            events = hand.act(actor, action)
        for event in events:
            for seat, bot in enumerate(bots):
                tell(bot, seat, event)
    return scores


def _hard_leads(rows: dict[str, BotReport]) -> bool:
    return all(rows["hard"].bb_per_100 >= rows[level].bb_per_100 for level in LEVELS)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=12000, help="hands per match and seed")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3], metavar="SEED")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--only", nargs="+", choices=list(MATCHES), default=None, metavar="MATCH")
    parser.add_argument("--json", action="store_true", help="JSON on stdout, lines on stderr")
    args = parser.parse_args()
    out: TextIO = sys.stderr if args.json else sys.stdout
    seeds: list[int] = list(dict.fromkeys(args.seeds))
    seed_words = " ".join(map(str, seeds))
    results: Results = {}
    hands: dict[str, int] = {}
    matches: dict[str, object] = {}
    for name in args.only or MATCHES:
        match = MATCHES[name]
        settings = Settings(
            lineup=expand_lineup(match.lineup, match.players),
            deals=math.ceil(args.hands / match.players),
            seed=seeds[0],
            stack=match.stack,
        )
        started = time.perf_counter()
        results[name], each = run_seeds(settings, seeds, jobs=max(1, args.jobs))
        elapsed = time.perf_counter() - started
        per_seed = settings.deals * match.players
        hands[name] = per_seed * len(seeds)
        print(
            f"{name}: {match.players} players, {match.stack} chips, blinds 1/2, "
            f"seeds {seed_words}, {per_seed} hands a seed, {hands[name]} in all, {elapsed:.0f} s"
            f"\n  seats: {' '.join(settings.lineup)} (each deal replayed at every rotation)",
            file=out,
            flush=True,
        )
        for seed, reports in each.items():
            for report in reports:
                print(report_line(name, f"seed {seed}", report), file=out)
        for report in results[name]:
            print(report_line(name, "pooled", report), file=out, flush=True)
        matches[name] = {
            **asdict(match),
            "lineup": list(settings.lineup),
            "blinds": [settings.small_blind, settings.big_blind],
            "seeds": seeds,
            "hands": hands[name],
            "elapsed_s": round(elapsed, 1),
            "bots": [asdict(r) for r in results[name]],
            "per_seed": {str(seed): [asdict(r) for r in each[seed]] for seed in seeds},
        }
    agreements: list[Agreement] = []
    if "pushfold-hu" in results:
        spots = max(args.hands // 4, 200)
        agreements = [
            push_fold_agreement("hard", [20], spots, seeds),
            push_fold_agreement("hard", list(range(4, 31, 2)), spots, seeds),
            push_fold_agreement("normal", [20], spots, seeds),
        ]
        print(f"\npush/fold agreement with the chart, seeds {seed_words}:", file=out)
        for a in agreements:
            print(f"  {a.setting:<36} {100 * a.share:5.1f} % of {a.spots} spots", file=out)
    table = reference_table(results)
    if len(table) > 1:
        print(f"\npooled over seeds {seed_words}\n" + "\n".join(table), file=out)
    measured = goals(results, hands)
    if agreements:
        passed = all(a.share >= AGREEMENT_GOAL for a in agreements[:2])
        detail = ", ".join(f"{100 * a.share:.1f} % ({a.setting})" for a in agreements)
        measured.append(
            ("push/fold agreement >= 95 % against an equilibrium player", passed, detail)
        )
    if measured and len(seeds) < MIN_SEEDS:
        print(f"\ngoals not judged: {len(seeds)} seeds, fewer than {MIN_SEEDS}", file=out)
        measured = []
    elif measured:
        print(f"\ngoals, pooled over seeds {seed_words}:", file=out)
    for goal, passed, detail in measured:
        print(f"{'PASS' if passed else 'FAIL'}  {goal}: {detail}", file=out)
    if args.json:
        goal_rows = [{"goal": g, "passed": p, "measured": d} for g, p, d in measured]
        chart = [asdict(a) for a in agreements]
        everything = {"seeds": seeds, "matches": matches, "agreement": chart, "goals": goal_rows}
        print(json.dumps(everything, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
