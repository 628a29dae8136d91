"""`audiopoker showdown`: text, JSON, languages, and one-line refusals with exit code 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from audiopoker.cli import main


def showdown(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    # Speech to the console only: the lines are the printed lines (no voice probed here).
    code = main(["showdown", *args, "--output", "console"])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_json_has_exactly_the_documented_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = showdown(
        capsys, "--board", "Ac Kd Qh Js Tc", "--hand", "2h 2s", "--hand", "9d 9c",
        "--json", "--lang", "en",
    )  # fmt: skip
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"players", "winners", "reason"}
    assert data["winners"] == [0, 1]
    assert data["reason"] == "Player 1 and Player 2 both play the board: a straight to the ace."
    for player, hand in zip(data["players"], (["2h", "2s"], ["9d", "9c"]), strict=True):
        assert set(player) == {"hand", "category", "best", "hole_cards_used"}
        assert player["hand"] == hand
        assert player["category"] == "straight"
        assert sorted(player["best"]) == sorted(["Ac", "Kd", "Qh", "Js", "Tc"])
        assert player["hole_cards_used"] == 0


def test_json_kicker_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = showdown(
        capsys, "--board", "A♠ 7♣ 2♦ 5♥ J♦", "--hand", "A♥ 9♣", "--hand", "AdKt",
        "--json", "--lang", "es",
    )  # fmt: skip
    assert code == 0
    data = json.loads(out)
    assert data["winners"] == [1]
    assert [p["category"] for p in data["players"]] == ["pair", "pair"]
    assert data["players"][1]["best"] == ["As", "Ad", "Kc", "Jd", "7c"]
    assert data["players"][1]["hole_cards_used"] == 2
    assert data["reason"] == (
        "Los dos tienen pareja de ases; decide el kicker. "
        "El rey de Jugador 2 le gana a la sota de Jugador 1."
    )


def test_a_split_says_why_the_third_hand_lost(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = showdown(
        capsys, "--board", "9c 6d 2s 4h Jc", "--hand", "As Ad", "--hand", "Ks Kh",
        "--hand", "Ah Ac", "--json", "--lang", "en",
    )  # fmt: skip
    assert code == 0
    assert json.loads(out)["reason"] == (
        "Player 1 and Player 3 both have a pair of aces, jack kicker: a tie. "
        "Player 2 loses with a pair of kings."
    )


def test_royal_flush_is_a_straight_flush(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = showdown(
        capsys, "--board", "Ah Kh Qh Jh 2c", "--hand", "Th 3c", "--hand", "As Ks", "--json",
    )  # fmt: skip
    assert code == 0
    data = json.loads(out)
    assert data["players"][0]["category"] == "straight_flush"
    assert data["winners"] == [0]


def test_text_output_tells_each_hand_then_the_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = showdown(
        capsys, "--board", "Kd 8c 4s 3h 2d", "--hand", "Kh Qc", "--hand", "Ks Jd", "--lang", "en",
    )  # fmt: skip
    assert code == 0
    assert out.splitlines() == [
        "Player 1 shows king of hearts and queen of clubs: pair of kings, queen kicker. "
        "Best five: king, king, queen, eight and four.",
        "Player 2 shows king of spades and jack of diamonds: pair of kings, jack kicker. "
        "Best five: king, king, jack, eight and four.",
        "Player 1 wins with a pair of kings, queen kicker. Both have a pair of kings; "
        "the kicker decides. Player 1's queen beats Player 2's jack.",
    ]


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--board", "Ac Kd Qh Js", "--hand", "2h 2s", "--hand", "9d 9c"],
         "The board needs 5 cards, not 4."),
        (["--board", "Ac Kd Qh Js Tc", "--hand", "2h 2s 3s", "--hand", "9d 9c"],
         "Hand 1: Each hand needs 2 cards, not 3."),
        (["--board", "Ac Kd Qh Js Tc", "--hand", "2h 2s", "--hand", "9d Xc"],
         "Hand 2: Xc is not a card: the rank must be 2 to 10, J, Q, K or A."),
        (["--board", "Ac Kd Qh Js Tz", "--hand", "2h 2s", "--hand", "9d 9c"],
         "Board: Tz is not a card: the suit must be c for clubs, d for diamonds, h for "
         "hearts or s for spades."),
        (["--board", "Ac Kd Qh Js Tc", "--hand", "2h Ac", "--hand", "9d 9c"],
         "Card repeated: ace of clubs. Each card is in the deck only once."),
        (["--board", "Ac Kd Qh Js Tc", "--hand", "2h 2s"], "At least 2 players are needed."),
        (["--board", "Ac Kd Qh Js Tc", "--hand", "2h 2s", "--hand", "9d 9c", "--lang", "fr"],
         "Invalid value for the language: fr. Use en or es."),
    ],
)  # fmt: skip
def test_refusals_are_one_line_with_exit_code_2(
    capsys: pytest.CaptureFixture[str], args: list[str], expected: str
) -> None:
    if "--lang" not in args:
        args = [*args, "--lang", "en"]
    code, out, err = showdown(capsys, *args)
    assert code == 2
    assert out == ""
    assert err == f"audiopoker showdown: {expected}\n"


def test_refusal_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = showdown(
        capsys, "--board", "At Kd Qc Jp Tt", "--hand", "2c 2c", "--hand", "9d 9t", "--lang", "es",
    )  # fmt: skip
    assert code == 2
    assert err == (
        "audiopoker showdown: Mano 1: Carta repetida: dos de corazones. "
        "Cada carta está una sola vez en la baraja.\n"
    )


def test_console_script_exit_code_and_no_traceback() -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "audiopoker", "showdown", "--board", "Ac Kd", "--hand", "2h 2s",
         "--hand", "9d 9c", "--lang", "en"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert completed.returncode == 2
    assert completed.stderr.count("\n") == 1
    assert "Traceback" not in completed.stderr
