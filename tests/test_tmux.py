"""The game in a real terminal: tmux runs ``audiopoker`` exactly as a player starts it,
sends the documented keys, and the test reads the screen and the transcript.

Needs tmux (CI installs it: .ci/run); skipped with a reason where it is missing.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from platform_support import linux_only

pytestmark = [
    linux_only("tmux (a real terminal)"),
    pytest.mark.skipif(
        shutil.which("tmux") is None, reason="tmux is not installed (apt-get install -y tmux)"
    ),
]

Record = dict[str, Any]


class Terminal:
    """One tmux server and session of our own (its own socket: other tmux use is safe)."""

    def __init__(self, tmp_path: Path, command: str) -> None:
        self.socket = f"audiopoker-test-{os.getpid()}-{tmp_path.name}"  # private per test
        self.done = tmp_path / "exit-code"
        # The pane stays open after the game ends so the screen can still be read.
        # The raw bytes the game writes are recorded too: the game starts once the pipe is on.
        self.raw = tmp_path / "raw-output"
        self.go = tmp_path / "go"
        wait = f"while [ ! -e {self.go} ]; do sleep 0.05; done"
        script = f"{wait}; {command}; echo $? > {self.done}; sleep 600"
        self._tmux("new-session", "-d", "-s", "game", "-x", "160", "-y", "50", script)
        self._tmux("pipe-pane", "-t", "game", "-o", f"cat >> {self.raw}")
        self.go.touch()

    def _tmux(self, *args: str) -> str:
        result = subprocess.run(
            ["tmux", "-L", self.socket, *args], capture_output=True, text=True, check=True
        )
        return result.stdout

    def send(self, key: str) -> None:
        self._tmux("send-keys", "-t", "game", key)

    def screen(self) -> str:
        """Everything printed so far (the scrollback too)."""
        return self._tmux("capture-pane", "-p", "-J", "-S", "-", "-t", "game")

    def exit_code(self) -> int | None:
        text = self.done.read_text().strip() if self.done.exists() else ""
        return int(text) if text else None

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)


def read_records(path: Path) -> list[Record]:
    if not path.exists():
        return []
    lines = path.read_text("utf-8").splitlines()
    records = []
    for line in lines:
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError:  # a line being written right now
            break
    return records


def wait_for(condition: Callable[[], Any], what: str, timeout: float = 30.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def test_a_hand_in_a_real_terminal(tmp_path: Path) -> None:
    transcript = tmp_path / "transcript.jsonl"
    command = (
        f"cd {tmp_path} && {sys.executable} -m audiopoker --players 3 --seed 11 --lang en "
        f"--output console --transcript {transcript} --bot-delay 0"
    )
    terminal = Terminal(tmp_path, command)
    try:
        records = lambda: read_records(transcript)  # noqa: E731
        kinds = lambda: [r["kind"] for r in records()]  # noqa: E731
        wait_for(lambda: "your_turn" in kinds(), "the player's first turn")

        answers: dict[str, str] = {}
        for key in ("D", "S", "V", "E", "G", "T", "1", "2"):
            before = len([r for r in records() if r["kind"] == "answer"])
            terminal.send(key)
            answer = wait_for(
                lambda before=before: [r for r in records() if r["kind"] == "answer"][before:],
                f"the answer to {key}",
            )
            answers[key] = answer[0]["text"]
            assert answer[0]["interrupt"] is True

        first = records()
        dealt = next(r["text"] for r in first if r["kind"] == "hole_cards_dealt")
        turn = next(r["text"] for r in first if r["kind"] == "your_turn")
        assert answers["D"] == dealt
        cards = re.fullmatch(r"Your cards: (.+) and (.+)\.", answers["D"])
        assert cards is not None
        assert (answers["1"], answers["2"]) == (cards.group(1) + ".", cards.group(2) + ".")
        chips = re.fullmatch(r"You have (\d+) chips(?:, and (\d+) bet this round)?\.", answers["S"])
        assert chips is not None and int(chips.group(1)) + int(chips.group(2) or 0) == 200
        owed = re.search(r": (\d+) to call", turn)
        if owed is None:
            assert answers["V"] == "Nothing to call: you can check."
        else:
            chip_word = "chip" if owed.group(1) == "1" else "chips"
            assert answers["V"] == f"{owed.group(1)} {chip_word} to call."
        assert answers["E"] == "No cards on the table yet."
        assert re.fullmatch(r"Your best hand: (a pair of \w+|\w+ high)\.", answers["G"])
        assert answers["T"] == turn  # the whole prompt again, in the same words

        # C until the hand ends (the player's own actions are narrated "You ...").
        def mine() -> int:
            return sum(
                1 for r in records() if r["kind"] == "action_taken" and r["text"][:4] == "You "
            )

        while "hand_ended" not in kinds():
            acted = mine()
            wait_for(
                lambda acted=acted: "hand_ended" in kinds() or kinds().count("your_turn") > acted,
                "the player's turn or the end of the hand",
            )
            if "hand_ended" in kinds():
                break
            terminal.send("C")
            wait_for(lambda acted=acted: mine() > acted, "the player's call or check")

        asked_from = len(records())
        terminal.send("Q")
        question = "Press Q again to quit the game."
        # The next hand may start meanwhile: the question is among what came after the key.
        wait_for(lambda: any(r["text"] == question for r in records()[asked_from:]), "the question")
        terminal.send("Q")
        code = wait_for(lambda: terminal.exit_code() is not None and [terminal.exit_code()], "exit")
        assert code == [0]

        final = records()
        assert final[-1]["text"] == "Goodbye."
        assert final[0]["kind"] == "welcome" and "Press H" in final[0]["text"]
        screen = terminal.screen()
        for text in [final[0]["text"], *answers.values(), "Goodbye."]:
            assert text in screen, f"not on screen: {text}"
        ended = next(r["text"] for r in final if r["kind"] == "hand_ended")
        assert ended in screen
        # The screen is append-only: the game wrote plain lines, no cursor movement,
        # clearing or colour codes (the raw bytes hold no escape character at all).
        raw = terminal.raw.read_bytes()
        assert b"Goodbye." in raw
        assert b"\x1b" not in raw
    finally:
        terminal.close()
