"""``audiopoker stats`` (spoken and printed, --json, nothing yet, unreadable) and
``audiopoker replay`` on a game's ``.phhs`` hand history (every hand, or --hand N)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from persistence_support import history_files, play_saved_game, read_histories

from audiopoker.cli import main
from audiopoker.persistence.stats import DB_NAME


def test_stats_with_nothing_recorded(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--output", "silent", "--lang", "en"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "No games recorded yet: play a game, and its hands are counted here."
    ]


def test_stats_prints_the_summary(
    private_data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    play_saved_game(private_data_dir, hands=12, seed=4)
    assert main(["stats", "--output", "silent", "--lang", "en"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert main(["stats", "--json"]) == 0
    numbers = json.loads(capsys.readouterr().out)
    hands = numbers["hands"]
    assert 0 < hands <= 12 and numbers["games"] == 1 and numbers["games_finished"] == 0
    assert lines[0] == "1 game played; finished: 0; won: 0."
    assert lines[1] == f"{hands} hands played; you won {numbers['hands_won']}."
    assert lines[5] == "By position:" and "By starting cards:" in lines
    positions = lines[6 : lines.index("By starting cards:")]
    assert len(positions) == len(numbers["by_position"])
    assert sum(int(line.split(": ")[1].split(" ")[0]) for line in positions) == hands


def test_stats_in_spanish(private_data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    play_saved_game(private_data_dir, hands=6, seed=4)
    assert main(["stats", "--output", "silent", "--lang", "es"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "1 partida jugada; terminadas: 0; ganadas: 0."
    assert lines[-1].startswith(("Parejas", "Dos cartas", "Un as", "Cartas", "Otras"))


def test_stats_that_cannot_be_read(
    private_data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (private_data_dir / DB_NAME).write_bytes(b"garbage" * 200)
    assert main(["stats", "--output", "silent", "--lang", "en"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"The statistics in {private_data_dir / DB_NAME} could not be read")
    assert (private_data_dir / DB_NAME).read_bytes() == b"garbage" * 200  # left as it was


def test_replay_reads_the_games_hand_history(
    private_data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    play_saved_game(private_data_dir, hands=5, seed=6)
    (path,) = history_files(private_data_dir)
    hands = read_histories(path)
    assert main(["replay", str(path), "--json"]) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert [tuple(r["finishing_stacks"]) for r in replayed] == [h.finishing_stacks for h in hands]
    assert main(["replay", str(path), "--hand", "3", "--json"]) == 0
    third = json.loads(capsys.readouterr().out)
    assert tuple(third["finishing_stacks"]) == hands[2].finishing_stacks
    assert main(["replay", str(path), "--hand", "3", "--output", "console"]) == 0
    told = capsys.readouterr().out.splitlines()
    assert told[0].startswith("Hand 3. ") and len(told) > 4
    assert told[-1] == "End of hand 3."
    assert main(["replay", str(path), "--hand", "9"]) == 2
    assert "[9]" in capsys.readouterr().err


def test_replay_numbers_each_hand_as_the_game_did(
    private_data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Every hand of a .phhs used to be told as "Hand 1": the replay numbered each one 1.
    play_saved_game(private_data_dir, hands=4, seed=6)
    (path,) = history_files(private_data_dir)
    assert [history.hand_number for history in read_histories(path)] == [1, 2, 3, 4]
    assert main(["replay", str(path), "--output", "console"]) == 0
    told = capsys.readouterr().out.splitlines()
    assert [line.split(".")[0] for line in told if line.startswith("Hand ")] == [
        "Hand 1",
        "Hand 2",
        "Hand 3",
        "Hand 4",
    ]
    assert [line for line in told if line.startswith("End of hand")] == [
        f"End of hand {number}." for number in range(1, 5)
    ]
