"""`audiopoker simulate` and the duplicate-poker runner."""

from __future__ import annotations

import json
import math
import statistics
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from audiopoker.bots.duplicate import (
    Settings,
    deal_deck,
    expand_lineup,
    play_unit,
    run,
    run_seeds,
)
from audiopoker.cli import main


def _run_json(capsys: pytest.CaptureFixture[str], *arguments: str) -> dict[str, object]:
    assert main(["simulate", "--json", *arguments]) == 0
    report: dict[str, object] = json.loads(capsys.readouterr().out)
    return report


def test_simulate_prints_a_report_per_bot(capsys: pytest.CaptureFixture[str]) -> None:
    report = _run_json(
        capsys, "--players", "4", "--hands", "40", "--seed", "3", "--jobs", "1",
        "--bot", "station", "random",
    )  # fmt: skip
    assert report["players"] == 4 and report["deals"] == 10 and report["hands"] == 40
    assert report["lineup"] == ["station", "random", "station", "random"]
    bots = report["bots"]
    assert isinstance(bots, list) and [b["bot"] for b in bots] == ["station", "random"]
    for bot in bots:
        assert bot["hands"] == 80  # two seats each, over four rotations of ten deals
        assert bot["ci95_low"] <= bot["bb_per_100"] <= bot["ci95_high"]
        assert bot["decisions"] > 0 and bot["p95_ms"] >= bot["median_ms"] >= 0
        assert 0 <= bot["pfr"] <= bot["vpip"] <= 1  # shares of its hands, before the flop
    # no rake: what one spec wins the other loses
    assert abs(sum(b["bb_per_100"] * b["hands"] for b in bots)) < 1e-6


def test_identical_strategies_break_exactly_even() -> None:
    """Duplicate poker cancels the cards: a deterministic bot against itself under another
    name wins exactly nothing, deal by deal."""
    outside = "audiopoker.bots.reference:CallingStation"
    settings = Settings(lineup=expand_lineup(["station", outside], 6), deals=30, seed=4)
    reports = run(settings)
    assert [r.bb_per_100 for r in reports] == [0.0, 0.0]
    assert [r.ci95 for r in reports] == [0.0, 0.0]


@pytest.mark.slow  # two worker processes: the guard in conftest would say so otherwise
def test_results_do_not_depend_on_processes_or_blocks() -> None:
    base = Settings(lineup=expand_lineup(["normal", "random*2"], 3), deals=12, seed=5, block=4)
    one = run(base, jobs=1)
    two = run(base, jobs=2)
    assert [(r.bot, r.bb_per_100, r.decisions, r.vpip, r.pfr) for r in one] == [
        (r.bot, r.bb_per_100, r.decisions, r.vpip, r.pfr) for r in two
    ]
    other_seed = run(Settings(lineup=base.lineup, deals=12, seed=6, block=4))
    assert [r.bb_per_100 for r in other_seed] != [r.bb_per_100 for r in one]


def test_an_outside_bot_through_module_factory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "pairbot.py").write_text(
        textwrap.dedent(
            '''
            from audiopoker.engine.actions import Action

            class PairBot:
                """Raises the minimum with a pair, otherwise checks or calls."""
                def __init__(self, rng):
                    self.rng = rng
                def decide(self, view):
                    legal = view.legal
                    first, second = view.hole_cards
                    if first.rank == second.rank and legal.raise_kind is not None:
                        return Action(legal.raise_kind, legal.min_raise_to)
                    return Action.check() if legal.can_check else Action.call()
            '''
        )
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    report = _run_json(
        capsys, "--hands", "60", "--jobs", "1", "--bot", "pairbot:PairBot", "station*5"
    )
    assert [b["bot"] for b in report["bots"]] == ["pairbot:PairBot", "station"]  # type: ignore[index]


def test_bad_specs_and_sizes_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--bot", "grandmaster"]) == 2
    assert "grandmaster" in capsys.readouterr().err
    assert main(["simulate", "--players", "11"]) == 2


def test_illegal_actions_are_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "cheater.py").write_text(
        "from audiopoker.engine.actions import Action\n"
        "def make(rng):\n"
        "    class Cheater:\n"
        "        def decide(self, view):\n"
        "            return Action.check()\n"
        "    return Cheater()\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    assert main(["simulate", "--hands", "12", "--jobs", "1", "--bot", "cheater:make"]) == 1
    assert "cheater:make" in capsys.readouterr().err


def test_decks_are_seeded_per_deal() -> None:
    assert deal_deck(1, 5) == deal_deck(1, 5)
    assert deal_deck(1, 5) != deal_deck(1, 6) != deal_deck(2, 5)
    assert len(set(deal_deck(1, 5))) == 52


def test_seeds_pool_deal_by_deal() -> None:
    """Three seeds pool into one interval over every (seed, deal), not an average of three
    intervals; each seed alone is what ``run`` reports for it."""
    base = Settings(lineup=("random", "station"), deals=10, seed=0, block=10)
    seeds = (1, 2, 3)
    pooled, each = run_seeds(base, seeds)
    assert list(each) == list(seeds)
    alone = run(replace(base, seed=2))
    assert [(r.bb_per_100, r.ci95, r.hands, r.vpip) for r in each[2]] == [
        (r.bb_per_100, r.ci95, r.hands, r.vpip) for r in alone
    ]  # decision times aside
    samples = []  # the random bot's bb/100 per deal, both rotations summed
    for seed in seeds:
        one = replace(base, seed=seed)
        rotations = [play_unit(one, rotation, 0, 10) for rotation in (0, 1)]
        for deal in range(10):
            chips = sum(unit.nets[deal][0] for unit in rotations)
            samples.append(chips / 2 / base.big_blind * 100)
    random_bot = pooled[0]
    assert random_bot.bot == "random" and random_bot.hands == 3 * 20
    assert random_bot.bb_per_100 == pytest.approx(statistics.fmean(samples))
    assert random_bot.ci95 == pytest.approx(1.96 * statistics.stdev(samples) / math.sqrt(30))
    assert random_bot.decisions == sum(each[seed][0].decisions for seed in seeds)
