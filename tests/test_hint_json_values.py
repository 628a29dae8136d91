"""`audiopoker hint --json` (issue 26, point 2): each option's value in big blinds and its
grade from coach/option_values.py, the hand's outs (coach/outs.py) and each opponent's
range, after the flop with and without an action line, in both languages."""

from __future__ import annotations

import json
from typing import Any

import pytest

from audiopoker.cli import main
from audiopoker.coach.option_values import Grade

GRADES = {grade.value for grade in Grade}
LINE = "preflop: Beto raises 6, Ana calls; flop: Ana checks, Beto bets 20"


def hint_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    code = main(["hint", *args, "--json", "--output", "console"])
    captured = capsys.readouterr()
    assert (code, captured.err) == (0, "")
    data: dict[str, Any] = json.loads(captured.out)
    return data


def check_values(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The values' shape and arithmetic: best first, the best's loss 0, every loss what the
    option gives up against the best (a check: against the best that is not a bluff)."""
    values: list[dict[str, Any]] = data["values"]
    assert values and all(set(v) == {"action", "to", "all_in", "bluff", "value_bb",
                                     "loss_bb", "grade"} for v in values)  # fmt: skip
    assert all(v["grade"] in GRADES for v in values)
    worth = [v["value_bb"] for v in values]
    assert worth == sorted(worth, reverse=True)
    assert values[0]["loss_bb"] == 0.0 and values[0]["grade"] == "best"
    for one in values:
        if one["action"] != "check":
            assert one["loss_bb"] == pytest.approx(worth[0] - one["value_bb"], abs=0.02)
        if one["action"] in ("bet", "raise"):
            assert isinstance(one["to"], int)
    return values


def test_values_grades_and_outs_in_big_blinds(capsys: pytest.CaptureFixture[str]) -> None:
    spot = ["--board", "Ah Kh 7d", "--hand", "Qh Jh", "--pot", "60", "--to-call", "20"]
    data = hint_json(capsys, *spot, "--players", "2", "--lang", "en")
    values = check_values(data)
    assert data["big_blind"] == 2
    assert {v["action"] for v in values} >= {"fold", "call", "raise"}
    fold = next(v for v in values if v["action"] == "fold")
    assert fold["value_bb"] == 0.0
    outs = data["outs"]  # a flush draw, a gutshot, the pairs: each card once, best first
    assert outs["counted"] is True
    kinds = [g["kind"] for g in outs["groups"]]
    assert kinds == ["straight_flush", "flush", "straight", "pair"]
    assert outs["groups"][0]["cards"] == ["Th"]
    assert outs["count"] == len(outs["cards"]) == sum(len(g["cards"]) for g in outs["groups"])
    assert "Th" in outs["cards"] and len(set(outs["cards"])) == outs["count"]
    # the same spot with blinds twice as big: the same chips, half the big blinds
    bigger = hint_json(capsys, *spot, "--players", "2", "--blinds", "2/4", "--lang", "en")
    assert bigger["big_blind"] == 4
    half = {(v["action"], v["to"]): v["value_bb"] for v in check_values(bigger)}
    for one in values:
        assert half[(one["action"], one["to"])] == pytest.approx(one["value_bb"] / 2, abs=0.01)


def test_a_line_in_json_names_each_range_and_sets_the_spot(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = hint_json(capsys, "--board", "Ah 7d 2c", "--hand", "Ks Kd", "--line", LINE,
                     "--lang", "en")  # fmt: skip
    assert (data["pot"], data["to_call"], data["players"]) == (40, 20, 3)
    assert [(r["name"], r["role"]) for r in data["ranges"]] == [
        ("Beto", "bettor"),
        ("Ana", "other"),
    ]
    assert data["ranges"][0]["range"].startswith("the top 16 percent of hands (raised first in)")
    assert data["range"] == data["ranges"][0]["range"]
    values = check_values(data)
    suggested = next(v for v in values if v["action"] == data["action"])
    assert suggested["grade"] in ("best", "correct")  # the suggestion is never a blunder
    assert data["outs"]["count"] == 2  # the two other kings


def test_json_in_spanish_says_the_words_in_spanish_and_keeps_the_keys(
    capsys: pytest.CaptureFixture[str],
) -> None:
    english = hint_json(capsys, "--board", "Ah 7d 2c", "--hand", "Ks Kd", "--line", LINE,
                        "--lang", "en")  # fmt: skip
    spanish = hint_json(capsys, "--board", "Ac 7d 2t", "--hand", "Kp Kd", "--line",
                        "preflop: Beto sube 6, Ana sigue; flop: Ana pasa, Beto apuesta 20",
                        "--lang", "es")  # fmt: skip
    assert set(spanish) == set(english)
    assert spanish["values"] == english["values"]  # the same spot, the same numbers
    assert spanish["outs"] == english["outs"]
    assert spanish["ranges"][0]["range"].startswith("el 16 por ciento mejor de las manos")
    assert spanish["reason"].startswith(("Irte", "Seguir", "Subir"))


def test_a_check_is_never_graded_down_for_want_of_a_bluff(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # the river, checked to the player with bottom pair: checking down is no mistake
    data = hint_json(capsys, "--board", "Ks Qd 8c 5h 2s", "--hand", "2d 3c", "--pot", "50",
                     "--to-call", "0", "--players", "2", "--lang", "en")  # fmt: skip
    check = next(v for v in check_values(data) if v["action"] == "check")
    assert check["grade"] in ("best", "correct")
