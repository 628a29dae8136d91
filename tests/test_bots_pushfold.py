"""The heads-up push/fold chart, its equity matrix, and the script that makes both."""

from __future__ import annotations

import itertools
import math
import os
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from audiopoker.bots import pushfold
from audiopoker.bots.equity import class_combos, equity
from audiopoker.bots.preflop import CLASS_NAMES, combo_count
from audiopoker.bots.pushfold import (
    POT,
    STACKS,
    PushFoldChart,
    call_probability,
    chart,
    equity_table,
    equity_vs_range,
    exploitability,
    hu_equity,
    pair_counts,
    parse_chart,
    parse_equity,
    push_probability,
)

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "audiopoker" / "bots" / "data"
# The shipped matrix's largest standard error per entry is 0.0016 (250,000 boards; the
# script prints it and the file's header records it).
MATRIX_ERROR = 0.002
# What a best response may gain against the shipped chart, in big blinds per hand. The
# chart gives up at most 1e-6; moving it one big blind along the stacks, or flipping one
# class's decision (72o shoved, A2o folded, K2o called), gains 0.002 to 0.02.
MAX_GAIN = 0.001


def shipped(name: str) -> str:
    return (DATA / name).read_text("utf-8")


def test_the_files_are_complete_and_say_how_they_were_made() -> None:
    matrix, table = equity_table(), chart()
    assert len(matrix.shares) == 169
    assert all(len(row) == 169 for row in matrix.shares)
    assert set(table.push) == set(table.call) == set(CLASS_NAMES)
    assert all(len(v) == len(STACKS) for v in (*table.push.values(), *table.call.values()))
    assert STACKS[0] == 1.0 and STACKS[-1] == 20.0 and len(STACKS) == 39
    for name in ("hu_equity169.csv", "pushfold_hu.csv"):
        assert "# Made by scripts/make_pushfold_chart.py --boards" in shipped(name)


def with_first_value(text: str, name: str, value: str) -> str:
    """The file with the first value of ``name``'s row replaced."""
    lines = text.splitlines()
    k = next(k for k, line in enumerate(lines) if line.startswith(f"{name},"))
    lines[k] = ",".join([name, value, *lines[k].split(",")[2:]])
    return "\n".join(lines) + "\n"


MANGLED: list[tuple[Callable[[str], str], str]] = [
    (lambda text: text.rsplit("\n", 2)[0] + "\n", "incomplete"),  # the last row gone
    (lambda text: text.replace("\nAA,", "\nAX,", 1), "incomplete"),  # no row for aces
    (lambda text: text.replace("\nKK,", "\nAA,", 1), "incomplete"),  # aces twice
    (lambda text: text.replace("\nhand,", "\nclass,", 1), "header"),
    (lambda text: "", "header"),
    (lambda text: with_first_value(text, "22", "x"), "row 22 holds a non"),
    (lambda text: with_first_value(text, "22", "0,0"), "row 22 is incomplete"),
]


@pytest.mark.parametrize(("mangle", "message"), MANGLED)
def test_incomplete_or_mangled_files_are_refused(
    mangle: Callable[[str], str], message: str
) -> None:
    for name, parse in (("hu_equity169.csv", parse_equity), ("pushfold_hu.csv", parse_chart)):
        with pytest.raises(ValueError, match=message):
            parse(mangle(shipped(name)))


def test_out_of_range_values_are_refused() -> None:
    with pytest.raises(ValueError, match=r"72o .*out of 0\.\.10000"):
        parse_equity(with_first_value(shipped("hu_equity169.csv"), "72o", "10001"))
    with pytest.raises(ValueError, match=r"AA .*out of 0\.\.1"):
        parse_chart(with_first_value(shipped("pushfold_hu.csv"), "AA", "1.5"))


def test_the_matrix_is_complementary() -> None:
    shares = equity_table().shares
    for i in range(169):
        assert shares[i][i] == POT // 2
        for j in range(i):
            assert shares[i][j] + shares[j][i] == POT, (CLASS_NAMES[i], CLASS_NAMES[j])


def test_pair_counts_are_the_disjoint_combo_pairs() -> None:
    counts = pair_counts()
    index = {name: i for i, name in enumerate(CLASS_NAMES)}

    def count(a: str, b: str) -> int:
        return counts[index[a]][index[b]]

    assert count("AA", "AA") == 6  # AcAd against AhAs, and so on
    assert count("AA", "KK") == 36
    assert count("AA", "AKs") == 6 * 2  # each pair of aces leaves two suits for AKs
    assert count("AKo", "AKs") == 12 * 2
    assert count("72o", "32o") == 12 * 9
    for i, name in enumerate(CLASS_NAMES):  # the other hand is any two of 50 cards
        assert sum(counts[i]) == combo_count(name) * 1225
        assert all(counts[i][j] == counts[j][i] for j in range(169))


@pytest.mark.parametrize(
    ("hero", "villain", "about"),
    [("AA", "KK", 0.82), ("AKo", "22", 0.47), ("AKs", "QJs", 0.64), ("72o", "32o", 0.65)],
)
def test_matrix_entries_agree_with_monte_carlo(hero: str, villain: str, about: float) -> None:
    # Every combo of a class is any other with the suits renamed, so one combo against
    # the other class's live combos has the class-against-class equity.
    deals = 100_000
    rng = random.Random(f"pushfold:{hero}:{villain}")
    found = equity(class_combos(hero)[0], (), [class_combos(villain)], rng, deals).value
    shipped_value = hu_equity(hero, villain)
    # Each deal's share has variance at most e(1-e); four combined standard errors.
    error = math.hypot(math.sqrt(found * (1 - found) / deals), MATRIX_ERROR)
    assert abs(found - shipped_value) <= 4 * error, (found, shipped_value)
    assert abs(shipped_value - about) < 0.01


def test_equity_against_a_range_weighs_classes_by_the_combos_left() -> None:
    assert equity_vs_range("AKo", {"22": 1.0}) == hu_equity("AKo", "22")
    assert equity_vs_range("AKo", {"22": 0.3, "72o": 0.0}) == hu_equity("AKo", "22")
    # Aces leave 36 pairs of kings and 12 of suited ace-kings; half of the latter.
    expected = (36 * hu_equity("AA", "KK") + 6 * hu_equity("AA", "AKs")) / 42
    assert equity_vs_range("AA", {"KK": 1.0, "AKs": 0.5}) == pytest.approx(expected)
    whole = {name: 1.0 for name in CLASS_NAMES}
    assert 0.84 < equity_vs_range("AA", whole) < 0.86  # against a random hand
    with pytest.raises(ValueError, match="empty"):
        equity_vs_range("AA", {"KK": 0.0})
    with pytest.raises(ValueError, match="empty"):
        equity_vs_range("AA", {})
    with pytest.raises(ValueError, match="not a starting-hand class"):
        equity_vs_range("AA", {"KQ": 1.0})
    with pytest.raises(ValueError, match=r"not in 0\.\.1"):
        equity_vs_range("AA", {"KK": 2.0})


@pytest.mark.parametrize("stack", STACKS)
def test_the_chart_is_close_to_the_equilibrium(stack: float) -> None:
    gains = exploitability(stack)
    assert 0.0 <= gains.small_blind < MAX_GAIN
    assert 0.0 <= gains.big_blind < MAX_GAIN


def test_a_broken_chart_is_exploitable() -> None:
    table = chart()
    never = tuple(0.0 for _ in STACKS)
    push = {name: never if name == "AA" else values for name, values in table.push.items()}
    broken = PushFoldChart(push, table.call)
    assert exploitability(10.0, broken).small_blind > MAX_GAIN  # folding aces
    assert exploitability(10.0, broken).big_blind < MAX_GAIN  # the BB's chart still fits


def test_aces_always_shove_and_call() -> None:
    for stack in STACKS:
        assert push_probability("AA", stack) == call_probability("AA", stack) == 1.0
        assert push_probability("KK", stack) == call_probability("KK", stack) == 1.0


def test_ranges_tighten_as_stacks_deepen() -> None:
    table = chart()
    for shallow, deep in itertools.pairwise(STACKS):
        # FP leaves a class or two mixed at each stack: a few combos of slack.
        assert table.push_share(deep) <= table.push_share(shallow) + 0.01
        assert table.call_share(deep) <= table.call_share(shallow) + 0.01
    assert table.push_share(1.0) > 0.99 and table.call_share(1.0) > 0.99
    assert table.push_share(20.0) < table.push_share(10.0) < table.push_share(5.0)
    assert table.call_share(20.0) < table.call_share(10.0) < table.call_share(5.0)


def test_the_chart_looks_like_the_published_ones() -> None:
    # Published heads-up charts without ante: at 10 big blinds the button shoves about
    # 58 % of hands and the big blind calls about 37 %.
    table = chart()
    assert 0.55 < table.push_share(10.0) < 0.62
    assert 0.34 < table.call_share(10.0) < 0.41
    assert push_probability("72o", 10.0) == 0.0 and push_probability("K2o", 10.0) == 1.0
    assert call_probability("A2o", 10.0) == 1.0 and call_probability("K2o", 10.0) == 0.0


def test_probabilities_interpolate_between_stacks_and_clamp() -> None:
    table = chart()
    name = next(n for n in CLASS_NAMES if table.push[n][10] != table.push[n][11])
    low, high = table.push[name][10], table.push[name][11]  # 6.0 and 6.5 big blinds
    assert push_probability(name, 6.25) == pytest.approx((low + high) / 2)
    assert push_probability(name, 6.4) == pytest.approx(low + 0.8 * (high - low))
    assert push_probability(name, 6.0) == low
    assert call_probability("72o", 0.2) == call_probability("72o", 1.0)
    assert push_probability("72o", 80.0) == push_probability("72o", 20.0) == 0.0
    with pytest.raises(ValueError, match="not a number"):
        push_probability("AA", math.nan)
    with pytest.raises(ValueError, match="not a starting-hand class"):
        call_probability("A1s", 10.0)


def test_the_script_runs_end_to_end(tmp_path: Path) -> None:
    pytest.importorskip("numpy", reason="the chart script needs numpy (in the test extra)")
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "scripts" / "make_pushfold_chart.py"),
            *("--boards", "64", "--iterations", "300", "--seed", "3"),
            *("--out-dir", str(tmp_path)),
        ],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        timeout=300,
    )
    assert "standard error" in done.stderr
    matrix = parse_equity((tmp_path / "hu_equity169.csv").read_text("utf-8"))
    table = parse_chart((tmp_path / "pushfold_hu.csv").read_text("utf-8"))
    assert matrix.shares[0][1] + matrix.shares[1][0] == POT
    assert abs(matrix.equity("AA", "KK") - 0.82) < 0.1  # 64 boards: rough
    assert table.push_probability("AA", 10.0) == 1.0
    gains = exploitability(10.0, table, matrix)
    assert gains.small_blind < 0.01 and gains.big_blind < 0.01
    assert "--boards 64 --seed 3 --iterations 300" in (tmp_path / "pushfold_hu.csv").read_text()


def test_the_module_reads_the_shipped_files_once() -> None:
    assert pushfold.chart() is pushfold.chart()
    assert pushfold.equity_table() is pushfold.equity_table()
