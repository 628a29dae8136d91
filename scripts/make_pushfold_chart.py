#!/usr/bin/env python3
"""Write the heads-up push/fold chart: audiopoker/bots/data/hu_equity169.csv and
audiopoker/bots/data/pushfold_hu.csv.

1. The all-in equity of each of the 169 starting-hand classes against each other heads
   up, card removal counted: the mean pot share (ties split) over every pair of disjoint
   combos of the two classes and random boards. Each random board scores all 1326 combos
   once; one pass of numpy compares every pair of combos on it. Boards come in groups, and
   the spread between groups estimates the standard error.
2. The push/fold equilibrium at each stack of 1, 1.5, .. 20 big blinds (chips behind
   before the blinds; the small blind shoves or folds, the big blind calls or folds; no
   ante), by fictitious play on the rounded matrix that ships: each round both sides play
   a best response to the other's average so far (rounds weighed linearly), and the
   averages converge to the equilibrium. The shipped chart is those averages, and the
   script reports what a best response still gains against them.

    python scripts/make_pushfold_chart.py [--boards 250000] [--iterations 100000]
        [--seed 14] [--out-dir audiopoker/bots/data]

Needs numpy (in the test extra); the game itself reads the files with
audiopoker.bots.pushfold, in pure Python.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np
import numpy.typing as npt

from audiopoker.bots import pushfold
from audiopoker.bots.equity import ALL_COMBOS, hand_class
from audiopoker.bots.preflop import CLASS_NAMES
from audiopoker.evaluator import EVALUATOR, strength_ids

Floats = npt.NDArray[np.float64]
DEFAULT_OUT = Path(__file__).resolve().parents[1] / "audiopoker" / "bots" / "data"
GROUPS = 16  # board groups for the standard error
FLUSH = 16384  # boards per int16 accumulator: each board moves an entry by at most 1


def _combos_by_class() -> tuple[tuple[int, int], ...]:
    index = {name: i for i, name in enumerate(CLASS_NAMES)}
    return tuple(sorted(ALL_COMBOS, key=lambda combo: index[hand_class(*combo)]))


# The 1326 combos grouped by class in CLASS_NAMES order, so that summing a class's block of
# rows and columns is one reduceat; STARTS[i] is class i's first combo.
COMBOS = _combos_by_class()
STARTS = np.flatnonzero(
    [k == 0 or hand_class(*COMBOS[k]) != hand_class(*COMBOS[k - 1]) for k in range(len(COMBOS))]
)


def by_class(values: Floats) -> Floats:
    """Sum a 1326 x 1326 combo-pair matrix into 169 x 169 class pairs."""
    return np.add.reduceat(np.add.reduceat(values, STARTS, axis=0), STARTS, axis=1)


def disjoint_pairs() -> npt.NDArray[np.bool_]:
    """Which pairs of combos share no card (1326 x 1326)."""
    cards = np.zeros((len(COMBOS), 52))
    for k, (a, b) in enumerate(COMBOS):
        cards[k, a] = cards[k, b] = 1.0
    return np.asarray((cards @ cards.T) == 0, dtype=np.bool_)


def random_boards(rng: np.random.Generator, count: int) -> npt.NDArray[np.intp]:
    """``count`` boards of five distinct cards, uniformly at random."""
    return np.argsort(rng.random((count, 52)), axis=1)[:, :5]


def board_group(boards: npt.NDArray[np.intp]) -> tuple[Floats, Floats]:
    """Summed sign(mine - theirs) and the number of boards both combos avoid, per combo pair.

    A combo that touches the board scores 0, below every live one, so on that board each
    live combo a counts +1 against it and it -1 against a. Over the boards those add up to
    live(a) - both(a, b) and -(live(b) - both(a, b)): subtracting live(a) and adding live(b)
    takes them out exactly.
    """
    combos = len(COMBOS)
    signs = np.zeros((combos, combos), np.int16)
    diff = np.empty((combos, combos), np.int16)
    live = np.zeros((len(boards), combos), np.float32)
    for n, board in enumerate(boards.tolist()):
        b1, b2, b3, b4, b5 = board
        dead = set(board)
        scores = np.array(
            [
                0 if a in dead or b in dead else strength_ids((a, b, b1, b2, b3, b4, b5))
                for a, b in COMBOS
            ],
            np.int16,
        )
        live[n] = scores > 0
        np.subtract(scores[:, None], scores[None, :], out=diff)
        np.sign(diff, out=diff)
        np.add(signs, diff, out=signs)
    both = (live.T @ live).astype(np.float64)  # exact: float32 holds integers to 2**24
    alone = np.diag(both)
    return signs - alone[:, None] + alone[None, :], both


def equity_matrix(boards: int, seed: int) -> tuple[Floats, Floats]:
    """The 169 x 169 equity matrix and its estimated standard error per entry."""
    rng = np.random.default_rng(seed)
    disjoint = disjoint_pairs()
    groups = max(1, min(GROUPS, boards))
    sizes = [boards // groups + (g < boards % groups) for g in range(groups)]
    sign_sums, counts = [], []
    started = time.perf_counter()
    for g, size in enumerate(sizes):
        signs = np.zeros((len(COMBOS),) * 2)
        both = np.zeros_like(signs)
        for start in range(0, size, FLUSH):
            part_signs, part_both = board_group(random_boards(rng, min(FLUSH, size - start)))
            signs += part_signs
            both += part_both
        sign_sums.append(by_class(signs * disjoint))
        counts.append(by_class(both * disjoint))
        elapsed = time.perf_counter() - started
        print(f"boards: group {g + 1}/{groups}, {elapsed:.0f} s", file=sys.stderr)
    # Every disjoint pair avoids a random board equally often (four distinct cards), so
    # the ratio of class sums weighs the combo pairs equally.
    total = 0.5 + sum(sign_sums) / (2 * np.maximum(sum(counts), 1))
    with np.errstate(invalid="ignore", divide="ignore"):
        parts = np.array([0.5 + s / (2 * c) for s, c in zip(sign_sums, counts, strict=True)])
    if groups < 2:
        return total, np.full_like(total, np.nan)
    # Group sizes differ by one board at most: their spread is the usual mean's.
    spread = np.nanstd(parts, axis=0, ddof=1) / np.sqrt(np.sum(~np.isnan(parts), axis=0))
    return total, spread


def pushfold_equilibrium(
    equity: Floats, pairs: Floats, stack: float, iterations: int
) -> tuple[Floats, Floats]:
    """Average shove and call frequencies after ``iterations`` rounds of fictitious play.

    Round t's best responses weigh t in the averages: the early rounds, far from the
    equilibrium, fade faster than with a plain mean, so fewer hands keep a stray 0.001."""
    shove_gain, call_gain, base = _gains(equity, pairs, stack)
    push = np.zeros(len(pairs))
    call = np.zeros(len(pairs))
    for t in range(1, iterations + 1):
        push_br = (base + shove_gain @ call) > 0
        call_br = (push @ call_gain) > 0
        push += (push_br - push) * 2 / (t + 1)
        call += (call_br - call) * 2 / (t + 1)
    return push, call


def best_response_gains(
    equity: Floats, pairs: Floats, stack: float, push: Floats, call: Floats
) -> tuple[float, float]:
    """What the SB and the BB each gain by a best response, in big blinds per hand."""
    shove_gain, call_gain, base = _gains(equity, pairs, stack)
    sb = base + shove_gain @ call
    bb = push @ call_gain
    total = pairs.sum()
    # Per class: v(1 - p) or -pv, never below 0 even in floating point.
    return (
        float((np.maximum(sb, 0) - push * sb).sum()) / total,
        float((np.maximum(bb, 0) - call * bb).sum()) / total,
    )


def _gains(equity: Floats, pairs: Floats, stack: float) -> tuple[Floats, Floats, Floats]:
    """What shoving adds over folding for the SB (-0.5), per pair of classes and per BB
    call, on top of 1.5 always (the third item, per SB class); and what calling adds over
    folding for the BB (-1), per pair and per SB shove."""
    shove_gain = pairs * (2 * stack * equity - stack - 1)
    call_gain = pairs * (2 * stack * (1 - equity) - stack + 1)
    return shove_gain, call_gain, 1.5 * pairs.sum(axis=1)


def number(value: float) -> str:
    """0, 1 or up to three decimals: most of the chart is pure."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=250_000, help="random boards")
    parser.add_argument("--iterations", type=int, default=100_000, help="fictitious play rounds")
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--out-dir", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    started = time.perf_counter()
    names = list(CLASS_NAMES)

    equity, error = equity_matrix(args.boards, args.seed)
    shares = np.rint(equity * pushfold.POT).astype(np.int64)
    upper = np.triu(np.ones_like(shares, dtype=bool), 1)
    shares = np.where(upper, shares, pushfold.POT - shares.T)  # exactly complementary
    np.fill_diagonal(shares, pushfold.POT // 2)
    worst = float(np.nanmax(error))
    print(
        f"equity: {args.boards} boards in {time.perf_counter() - started:.0f} s; "
        f"standard error median {float(np.nanmedian(error)):.5f}, largest {worst:.5f}",
        file=sys.stderr,
    )
    args.out_dir.mkdir(parents=True, exist_ok=True)
    equity_lines = [
        "# Heads-up all-in pot share of the row's starting hand against the column's, in",
        f"# 1/{pushfold.POT} of the pot (ties split), over every pair of disjoint combos.",
        f"# Made by scripts/make_pushfold_chart.py --boards {args.boards} --seed {args.seed}"
        f" (evaluator: {EVALUATOR.name}); largest standard error {worst:.4f}",
        ",".join(["hand", *names]),
        *(
            ",".join([name, *map(str, row)])
            for name, row in zip(names, shares.tolist(), strict=True)
        ),
    ]
    equity_path = args.out_dir / pushfold.EQUITY_FILE.rsplit("/", 1)[-1]
    equity_path.write_text("\n".join(equity_lines) + "\n", encoding="utf-8")

    rounded = shares / pushfold.POT
    pairs = np.array(pushfold.pair_counts(), dtype=np.float64)
    if not np.array_equal(pairs, by_class(disjoint_pairs().astype(np.float64))):
        raise SystemExit("pair counts disagree with the combo layout")
    push_columns, call_columns, gains = [], [], []
    for stack in pushfold.STACKS:
        push, call = pushfold_equilibrium(rounded, pairs, stack, args.iterations)
        push, call = np.round(push, 3), np.round(call, 3)  # as shipped
        sb_gain, bb_gain = best_response_gains(rounded, pairs, stack, push, call)
        push_columns.append(push)
        call_columns.append(call)
        gains.append(max(sb_gain, bb_gain))
        combos = pairs.sum(axis=1)
        print(
            f"{stack:4.1f} bb: shove {push @ combos / combos.sum():.3f}, "
            f"call {call @ combos / combos.sum():.3f}, best-response gain "
            f"SB {sb_gain:.5f} BB {bb_gain:.5f} bb/hand",
            file=sys.stderr,
        )
    chart_lines = [
        "# Heads-up push/fold equilibrium without ante: the probability that the small blind",
        "# shoves (push@S) and that the big blind calls the shove (call@S), S big blinds",
        "# behind each before the blinds. The equity matrix is hu_equity169.csv.",
        f"# Made by scripts/make_pushfold_chart.py --boards {args.boards} --seed {args.seed}"
        f" --iterations {args.iterations}; largest best-response gain {max(gains):.1e} bb",
        ",".join(["hand", *pushfold.chart_columns()]),
        *(
            ",".join(
                [name, *(number(col[i]) for col in push_columns)]
                + [number(col[i]) for col in call_columns]
            )
            for i, name in enumerate(names)
        ),
    ]
    chart_path = args.out_dir / pushfold.CHART_FILE.rsplit("/", 1)[-1]
    chart_path.write_text("\n".join(chart_lines) + "\n", encoding="utf-8")
    elapsed = time.perf_counter() - started
    print(f"wrote {equity_path} and {chart_path} in {elapsed:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
