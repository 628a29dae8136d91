"""Speech and braille unchanged by the large view (issue 27, point 4): a seeded game (a
bot plays the player's seat) is played with and without the view drawing into a
terminal (a pty), and the transcripts, what went to speech and to braille, are byte for
byte the same, in both languages; the terminal did get the table."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from cli_support import ROOT
from pty_support import open_pty

GAME = ["play", "--autopilot", "--seed", "7", "--hands", "3", "--bot-delay", "0",
        "--output", "silent", "--no-sound", "--no-save", "--players", "4"]  # fmt: skip
CLOCKS = ("time", "wall")  # when a message went out: the only fields allowed to differ


def play(folder: Path, lang: str, extra: list[str]) -> bytes:
    """Run the seeded game; its transcript without the clock fields, one JSON a line."""
    transcript = folder / f"t{len(extra)}.jsonl"
    env = {**os.environ, "AUDIOPOKER_DATA_DIR": str(folder / "data"), "LANG": "en_US.UTF-8"}
    arguments = [*GAME, "--lang", lang, "--transcript", str(transcript), *extra]
    assert _run_open(folder, env, arguments) == 0
    lines = transcript.read_bytes().splitlines()
    kept = [{k: v for k, v in json.loads(line).items() if k not in CLOCKS} for line in lines]
    return b"\n".join(json.dumps(record, ensure_ascii=False).encode() for record in kept)


def _run_open(folder: Path, env: dict[str, str], arguments: list[str]) -> int:
    """Keys never come but the input stays open: the autopilot plays the game to its end
    (a closed input would quit at once, as Q and Y do)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "audiopoker", *arguments],
        cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        return process.wait(timeout=120)
    finally:
        if process.stdin is not None:
            process.stdin.close()


@pytest.mark.parametrize(("lang", "title"), [("en", "Hand 3"), ("es", "Mano 3")])
def test_speech_and_braille_are_the_same_with_and_without_the_view(
    lang: str, title: str, tmp_path: Path
) -> None:
    without = play(tmp_path, lang, [])
    master, slave, drawn = open_pty(100, 40)
    try:
        with_view = play(tmp_path, lang, ["--view", "large", "--view-tty", os.ttyname(slave)])
    finally:
        os.close(slave)
        os.close(master)
    assert without.count(b"\n") > 40  # a real game was said
    assert with_view == without
    screen = b"".join(drawn).decode("utf-8", "replace")
    assert screen.startswith("\x1b[?1049h") and screen.endswith("\x1b[?1049l")
    assert title in re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", screen)  # the view drew the table
