"""The fixed reference opponents (maniac, minraiser, folder), the VPIP and PFR counts of the
duplicate runner, and the bot benchmark script."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

_HERE = os.path.dirname(os.path.abspath(__file__))
if _HERE not in sys.path:  # the support module is a sibling helper, not a test module
    sys.path.insert(0, _HERE)

from bots_support import KINDS, fast_bot, play, random_hand  # noqa: E402

from audiopoker.bots.duplicate import BotReport, Settings, expand_lineup, run  # noqa: E402
from audiopoker.bots.levels import REFERENCE_BOTS, factory  # noqa: E402
from audiopoker.bots.reference import Folder, Maniac, MinRaiser  # noqa: E402
from audiopoker.cli import main  # noqa: E402
from audiopoker.engine.actions import Action, LegalActions  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def _passive(legal: LegalActions) -> Action:
    return Action.check() if legal.can_check else Action.call()


def test_fixed_references_do_exactly_what_they_say() -> None:
    rng = random.Random(14)
    seen: Counter[str] = Counter()
    for number in range(1, 400):
        hand = random_hand(rng, number)
        bots = {seat: fast_bot(rng.choice(KINDS), rng) for seat in hand.seats_in_hand}
        for view, action in play(hand, bots):
            legal = view.legal
            bot = bots[view.seat]
            if isinstance(bot, Maniac):
                if legal.raise_kind is not None:
                    assert action == Action(legal.raise_kind, legal.max_raise_to)
                else:
                    assert action == _passive(legal)
            elif isinstance(bot, MinRaiser):
                if legal.raise_kind is not None:
                    assert action == Action(legal.raise_kind, legal.min_raise_to)
                else:
                    assert action == _passive(legal)
            elif isinstance(bot, Folder):
                assert action == (Action.check() if legal.can_check else Action.fold())
            else:
                continue
            seen[f"{type(bot).__name__}:{action.kind.value}"] += 1
    for name in ("Maniac", "MinRaiser"):
        assert seen[f"{name}:raise"] > 20 and seen[f"{name}:call"] > 5
        assert seen[f"{name}:fold"] == 0
    assert seen["MinRaiser:bet"] > 5  # the maniac is all in before the flop: it rarely bets
    assert seen["Folder:fold"] > 20 and seen["Folder:check"] > 5
    assert seen["Folder:call"] == seen["Folder:raise"] == seen["Folder:bet"] == 0


def test_every_reference_is_a_spec() -> None:
    assert {"maniac", "minraiser", "folder"} <= set(REFERENCE_BOTS)
    for spec in REFERENCE_BOTS:
        bot = factory(spec)(random.Random(1))
        assert callable(getattr(bot, "decide", None))


def _reports(specs: list[str], players: int, deals: int) -> dict[str, BotReport]:
    settings = Settings(lineup=expand_lineup(specs, players), deals=deals, seed=2, block=3)
    return {r.bot: r for r in run(settings)}


@pytest.mark.parametrize(
    ("specs", "players", "expected"),
    [
        # The station calls from every seat but the big blind, where the folders leave it
        # the blinds without a decision: posting a blind is not voluntary.
        (["station", "folder*5"], 6, {"station": (5 / 6, 0.0), "folder": (0.0, 0.0)}),
        (["minraiser", "folder*5"], 6, {"minraiser": (5 / 6, 5 / 6), "folder": (0.0, 0.0)}),
        # The maniac always gets to raise before the flop, and the stations call it.
        (["maniac", "station*5"], 6, {"maniac": (1.0, 1.0), "station": (1.0, 0.0)}),
        # Heads-up the button posts the small blind: the station calls there; as the big
        # blind the folder has folded its small blind to it.
        (["station", "folder"], 2, {"station": (0.5, 0.0), "folder": (0.0, 0.0)}),
    ],
)
def test_vpip_and_pfr_count_voluntary_chips_and_raises_before_the_flop(
    specs: list[str], players: int, expected: dict[str, tuple[float, float]]
) -> None:
    reports = _reports(specs, players, deals=7)
    assert set(reports) == set(expected)
    for bot, (vpip, pfr) in expected.items():  # approx compares flat sequences, not nests
        assert (reports[bot].vpip, reports[bot].pfr) == pytest.approx((vpip, pfr)), bot
    for report in reports.values():
        assert report.hands == 7 * players * report.seats


def test_simulate_prints_vpip_and_pfr_columns(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--hands", "36", "--jobs", "1", "--bot", "station", "folder*5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "VPIP %" in lines[1] and "PFR %" in lines[1]
    station = next(line for line in lines if line.startswith("station")).split()
    assert station[6:8] == ["83.3", "0.0"]  # after bot, seats, hands, bb/100, [low, high]


def _bench(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_bots.py"), *arguments],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        check=True,
    )


def test_bench_bots_runs_named_matches_and_reports_the_goals() -> None:
    done = _bench(
        "--only", "hu", "normal-folder", "hard-folder", "--hands", "60", "--jobs", "1", "--json"
    )  # fmt: skip
    lines = done.stderr.splitlines()
    assert lines[0].startswith("hu: 2 players, 200 chips, blinds 1/2, seeds 1 2 3, 60 hands a")
    assert lines[1] == "  seats: hard normal (each deal replayed at every rotation)"
    bot_lines = [line.split() for line in lines if line.startswith("  hu ")]
    labels = [" ".join(words[1 : words.index("bb/100") - 1]) for words in bot_lines]
    assert labels == [
        *(f"seed {seed} {bot}" for seed in (1, 2, 3) for bot in ("hard", "normal")),
        "pooled hard",
        "pooled normal",
    ]
    assert all("bb/100" in words and "VPIP" in words and "p95" in words for words in bot_lines)
    report = json.loads(done.stdout)
    pooled, *_ = report["matches"]["hu"]["bots"]
    seeds = report["matches"]["hu"]["per_seed"]
    assert list(seeds) == ["1", "2", "3"] and report["seeds"] == [1, 2, 3]
    assert pooled["hands"] == sum(seeds[seed][0]["hands"] for seed in seeds)
    folder_row = next(line for line in lines if line.startswith("folder "))
    assert folder_row.count("[") == 2  # normal and hard ran, easy did not
    verdicts = [line for line in lines if line.startswith(("PASS", "FAIL"))]
    assert any("hu: hard vs normal" in line for line in verdicts)
    assert any("hard >= normal against every reference" in line for line in verdicts)
    assert not any("3v3" in line for line in verdicts)  # not measured, not judged
    assert list(report["matches"]) == ["hu", "normal-folder", "hard-folder"]
    hu = report["matches"]["hu"]
    assert hu["players"] == 2 and hu["stack"] == 200 and hu["hands"] == 3 * 60
    assert {"vpip", "pfr", "bb_per_100", "ci95", "p95_ms"} <= hu["bots"][0].keys()
    assert {goal["passed"] for goal in report["goals"]} <= {True, False}


def test_bench_bots_judges_no_goal_on_fewer_than_three_seeds() -> None:
    done = _bench("--only", "hard-folder", "--hands", "12", "--jobs", "1", "--seeds", "4", "5")
    lines = done.stdout.splitlines()
    assert lines[0].startswith("hard-folder: 6 players, 200 chips, blinds 1/2, seeds 4 5, 12 ")
    assert "goals not judged: 2 seeds, fewer than 3" in lines
    assert not any(line.startswith(("PASS", "FAIL")) for line in lines)
