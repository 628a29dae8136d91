"""The ``audiopoker`` / ``audiopoker play`` / ``audiopoker watch`` options: bad values get
one line naming the option and the allowed range, and exit code 2."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from audiopoker.cli import build_parser, main
from audiopoker.commands.play import settings_from_args
from audiopoker.ui.session import LIVE_BOT_BUDGET


@pytest.mark.parametrize(
    ("argv", "option", "allowed"),
    [
        (["--players", "1"], "--players", "from 2 to 10"),
        (["--players", "11"], "--players", "from 2 to 10"),
        (["--players", "six"], "--players", "from 2 to 10"),
        (["--chips", "0"], "--chips", "from 1 to 1000000"),
        (["--blinds", "2/1"], "--blinds", "SMALL/BIG"),
        (["--blinds", "1-2"], "--blinds", "SMALL/BIG"),
        (["--blinds", "0/0"], "--blinds", "SMALL/BIG"),
        (["--ante", "-1"], "--ante", "from 0 to"),
        (["--bots", "genius"], "--bots", "easy"),
        (["--seed", "-5"], "--seed", "from 0 to"),
        (["--lang", "fr"], "--lang", "'es'"),
        (["--output", "braille"], "--output", "console"),
        (["--bot-delay", "11"], "--bot-delay", "from 0 to 10"),
        (["--bot-delay", "-0.5"], "--bot-delay", "from 0 to 10"),
        (["--hands", "0"], "--hands", "from 1 to"),
        (["--name", "   "], "--name", "1 to 30 characters"),
        (["--chips", "1", "--blinds", "1/2"], "--chips", "at least the big blind (2)"),
        (["--keymap", "/nonexistent/keys.toml"], "--keymap", "no such file"),
        (["play", "--players", "12"], "--players", "from 2 to 10"),
        (["watch", "--players", "1"], "--players", "from 2 to 10"),
        (["watch", "--hands", "-3"], "--hands", "from 1 to"),
    ],
)
def test_bad_values_get_one_line_and_exit_code_2(
    argv: list[str], option: str, allowed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as raised:
        code = main(argv)
        raise SystemExit(code)
    assert raised.value.code == 2
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert option in lines[0] and allowed in lines[0], lines[0]


def test_plain_audiopoker_means_play_with_the_house_defaults() -> None:
    parser = build_parser()
    args = parser.parse_args(["play"])
    settings = settings_from_args(args, "en")
    assert (settings.players, settings.chips, settings.small_blind, settings.big_blind) == (
        6,
        200,
        1,
        2,
    )
    assert settings.ante == 0 and settings.hands is None and not settings.watch
    assert settings.bots == "normal" and settings.bot_delay == 1.0
    assert settings.seed is None and settings.bot_time_budget == LIVE_BOT_BUDGET


def test_options_reach_the_settings(tmp_path: Path) -> None:
    parser = build_parser()
    args = parser.parse_args(
        ["play", "--players", "3", "--chips", "500", "--blinds", "5/10", "--ante", "1",
         "--bots", "hard", "--name", " Ana  María ", "--seed", "11", "--bot-delay", "0",
         "--hands", "20"]
    )  # fmt: skip
    settings = settings_from_args(args, "es")
    assert settings.players == 3 and settings.chips == 500
    assert (settings.small_blind, settings.big_blind, settings.ante) == (5, 10, 1)
    assert settings.bots == "hard" and settings.name == "Ana María" and settings.seed == 11
    assert settings.bot_delay == 0 and settings.hands == 20 and settings.lang == "es"
    assert settings.bot_time_budget is None  # a seeded game replays exactly


def test_watch_is_an_all_bot_table() -> None:
    args = build_parser().parse_args(["watch", "--players", "4", "--hands", "3"])
    settings = settings_from_args(args, "en")
    assert settings.watch and settings.players == 4 and settings.hands == 3
    assert settings.name is None


def test_output_to_a_reader_that_went_away_ends_quietly() -> None:
    """``audiopoker hint ... | head -1``: the reader may close the pipe before the last line;
    the program stops writing, with no traceback on the console (it used to print one)."""
    read_end, write_end = os.pipe()
    os.close(read_end)  # every write meets a closed pipe
    try:
        done = subprocess.run(
            [sys.executable, "-m", "audiopoker", "hint", "--output", "silent",
             "--hand", "Ks Kd", "--position", "button"],
            stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=60, check=False,
        )  # fmt: skip
    finally:
        os.close(write_end)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr and "BrokenPipeError" not in done.stderr
