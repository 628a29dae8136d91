"""Monte Carlo equity, draws, the 169-hand table and opponents' ranges."""

from __future__ import annotations

import importlib.util
import itertools
import math
import random
import time
from pathlib import Path

import pytest

from audiopoker.bots.equity import (
    ALL_COMBOS,
    class_combos,
    draw_strength,
    equity,
    hand_class,
    ids,
    live,
)
from audiopoker.bots.preflop import CLASS_NAMES, DATA_FILE, combo_count, preflop_table
from audiopoker.bots.ranges import Read, board_score, strongest
from audiopoker.cards import parse_cards
from audiopoker.evaluator import strength, strength_ids

ROOT = Path(__file__).resolve().parents[1]


def cards(text: str) -> tuple[int, ...]:
    return ids(parse_cards(text))


def within(value: float, expected: float, deals: int, sigmas: float = 4.0) -> bool:
    """Within ``sigmas`` standard errors of a Monte Carlo mean of ``deals`` deals."""
    error = math.sqrt(max(expected * (1 - expected), 0.01) / deals)
    return abs(value - expected) <= sigmas * error


def exact_heads_up(hero: str, villain: str, board: str) -> float:
    """Hero's share over every runout (small enough after the flop)."""
    mine, theirs, known = cards(hero), cards(villain), cards(board)
    rest = [c for c in range(52) if c not in mine + theirs + known]
    total = 0.0
    runouts = list(itertools.combinations(rest, 5 - len(known)))
    for runout in runouts:
        a = strength_ids(mine + known + runout)
        b = strength_ids(theirs + known + runout)
        total += 1.0 if a > b else 0.5 if a == b else 0.0
    return total / len(runouts)


@pytest.mark.parametrize(
    ("hero", "villain", "board", "expected"),
    [
        # exact shares, by enumerating all 1,712,304 boards
        ("As Ah", "Ks Kh", "", 0.826366),
        ("As Kd", "Qc Qh", "", 0.428352),
        # a flush draw and overcards against a pair, enumerated here
        ("Ah Kh", "2c 2d", "Qh Jd 3h", None),
        ("9c 8c", "As Kd", "7d 6s Kh Qc", None),
    ],
)
def test_heads_up_equity_matches_exact_values(
    hero: str, villain: str, board: str, expected: float | None
) -> None:
    if expected is None:
        expected = exact_heads_up(hero, villain, board)
    villain_combo = tuple(sorted(cards(villain)))
    result = equity(cards(hero), cards(board), [[villain_combo]], random.Random(1), 20000)
    assert result.iterations == 20000
    assert within(result.value, expected, 20000)


def test_exact_on_the_river_and_ties_split() -> None:
    rng = random.Random(2)
    board = cards("Ac Kd Qh Js Tc")
    # everyone plays the broadway straight on the board: a three-way split
    tie = equity(cards("2h 2s"), board, [[tuple(sorted(cards("9d 9c")))], None], rng, 400)
    assert 1 / 3 - 1e-9 <= tie.value <= 1 / 2 + 1e-9
    nuts = equity(cards("As Ks"), cards("Qs Js Ts 2d 3c"), [None, None], rng, 200)
    assert nuts.value == 1.0


def test_random_opponents_match_the_table() -> None:
    table = preflop_table()
    rng = random.Random(3)
    for name, opponents in (("AA", 1), ("72o", 1), ("JTs", 3), ("22", 5)):
        combo = class_combos(name)[0]
        result = equity(combo, (), [None] * opponents, rng, 6000)
        assert within(result.value, table.share(name, opponents), 6000), name


def test_ranges_are_sampled_at_random_not_in_order() -> None:
    # against a range of aces and deuces, half the deals should meet each
    aces = [c for c in ALL_COMBOS if hand_class(*c) == "AA"]
    deuces = [c for c in ALL_COMBOS if hand_class(*c) == "22"]
    hero = cards("Kd Kc")
    value = equity(hero, (), [aces + deuces], random.Random(4), 4000).value
    against_aces = equity(hero, (), [aces], random.Random(4), 4000).value
    against_deuces = equity(hero, (), [deuces], random.Random(4), 4000).value
    assert within(value, (against_aces + against_deuces) / 2, 4000)


def test_the_deadline_stops_the_loop() -> None:
    started = time.perf_counter()
    result = equity(cards("As Ah"), (), [None] * 5, random.Random(5), 10**9, started + 0.02)
    assert time.perf_counter() - started < 0.5
    assert 31 <= result.iterations < 10**9


def test_draws() -> None:
    assert draw_strength(cards("Ah Kh"), cards("Qh Jd 2h")) == 3
    assert draw_strength(cards("9c 8c"), cards("7d 6s Kh")) == 2
    assert draw_strength(cards("9c 8d"), cards("6d 5s Kh")) == 1  # gutshot: 7
    assert draw_strength(cards("Ac 2d"), cards("3h 4s Kh")) == 1  # wheel gutshot: 5
    assert draw_strength(cards("2c 3d"), cards("7h 8h 9h Th")) == 0  # the board's draw only
    assert draw_strength(cards("9c 8d"), cards("7d 6s 5h")) == 0  # a made straight


def test_hand_classes_and_combos() -> None:
    assert hand_class(*cards("Ks Ah")) == "AKo"
    assert hand_class(*cards("9h Th")) == "T9s"
    assert sorted(CLASS_NAMES) == sorted({hand_class(*c) for c in ALL_COMBOS})
    assert sum(combo_count(name) for name in CLASS_NAMES) == 1326
    assert all(len(class_combos(name)) == combo_count(name) for name in ("AA", "AKs", "AKo"))
    assert live([tuple(sorted(cards("As Kd")))], cards("As")) == []


def test_table_percentiles_and_windows() -> None:
    table = preflop_table()
    assert table.percentile("AA", 3) == 6 / 1326
    assert table.percentile("72o", 1) > 0.95
    # suited connectors gain against many opponents, weak offsuit aces lose
    assert table.percentile("76s", 8) < table.percentile("76s", 1)
    assert table.percentile("A2o", 8) > table.percentile("A2o", 1)
    top = table.top(0.1)
    assert 0.08 <= len(top) / 1326 <= 0.11
    assert all(table.combo_percentile(c) <= 0.1 for c in top)
    assert set(table.window(0.1, 0.3)).isdisjoint(top)


def test_shipped_table_agrees_with_our_evaluator() -> None:
    """Recompute a few classes with the generating script and compare."""
    spec = importlib.util.spec_from_file_location(
        "make_preflop_table", ROOT / "scripts" / "make_preflop_table.py"
    )
    assert spec and spec.loader
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    table = preflop_table()
    assert DATA_FILE.read_text(encoding="utf-8").count("\n") == 169 + 3
    for name in ("AA", "T9s", "K7o", "33"):
        shares = script.class_shares(name, 3000, seed=77)
        for opponents in (1, 4, 9):
            assert within(shares[opponents - 1], table.share(name, opponents), 3000), name


def test_fast_path_matches_the_evaluator() -> None:
    rng = random.Random(6)
    deck = parse_cards("As Kd Qh Js Tc 9d 8c 7h 6s 5d 4c 3h 2s Ah Kc Qd")
    for _ in range(200):
        hand = rng.sample(deck, 7)
        combo = (hand[0].index, hand[1].index)
        assert board_score(combo, ids(hand[2:])) == strength(hand)


def test_strongest_keeps_the_best_part_of_a_range() -> None:
    board = cards("Ah 7d 2c")
    combos = live(preflop_table().top(0.3), board)
    kept = strongest(combos, board, 0.2)
    assert abs(len(kept) - 0.2 * len(combos)) <= 1
    worst_kept = min(board_score(c, board) for c in kept)
    dropped = [c for c in combos if c not in kept]
    assert all(board_score(c, board) <= worst_kept for c in dropped)
    assert tuple(sorted(cards("As Ad"))) in kept  # top set
    assert Read().keep_bet < Read().keep_call
