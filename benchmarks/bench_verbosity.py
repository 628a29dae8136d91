"""Characters per hand at each verbosity: how much a watcher hears at brief, normal and
verbose in the same seeded game.

Runs ``audiopoker watch`` as a player would (silent output, no bot delay, a transcript)
once per verbosity, and counts the text of the table messages the transcript says were
delivered to speech, from the first hand's opening to the end of the game, per hand.
Answers to keys and the welcome, notices and goodbye are not table talk and are left out.

    python benchmarks/bench_verbosity.py [--players 6] [--hands 30] [--seed 1] [--lang en]

Issue 12: brief keeps the choices on your turn and your own results; verbose adds
without repeating the board or the stacks that did not change.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

LEVELS = ("brief", "normal", "verbose")
NOT_TABLE_TALK = frozenset({"welcome", "goodbye", "error", "answer", "notice"})


@dataclass(frozen=True, slots=True)
class Count:
    """What one verbosity delivered."""

    level: str
    hands: int
    messages: int
    characters: int

    @property
    def per_hand(self) -> float:
        return self.characters / self.hands if self.hands else 0.0

    @property
    def messages_per_hand(self) -> float:
        return self.messages / self.hands if self.hands else 0.0


def count_transcript(path: Path, level: str) -> Count:
    """Hands, messages and characters of the table talk spoken in a JSONL transcript."""
    hands = messages = characters = 0
    started = False
    for line in path.read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        kind = entry.get("kind", "")
        opening = kind == "hand_started" and _opening(entry["text"])
        started = started or opening
        if not started or kind in NOT_TABLE_TALK or entry.get("interrupt") or entry.get("answer"):
            continue
        if not entry.get("speech", True):
            continue
        hands += opening
        messages += 1
        characters += len(entry["text"])
    return Count(level, hands, messages, characters)


def _opening(text: str) -> bool:
    """The hand's first message ("Hand 7." / "Mano 7."), not the position line."""
    return text.split(" ", 1)[0] in {"Hand", "Mano"}


def watch(level: str, args: argparse.Namespace, directory: Path) -> Count:
    """One seeded watch game at ``level``; its transcript counted."""
    transcript = directory / f"{level}.jsonl"
    command = [
        sys.executable, "-m", "audiopoker", "watch",
        "--players", str(args.players), "--hands", str(args.hands), "--seed", str(args.seed),
        "--lang", args.lang, "--output", "silent", "--bot-delay", "0", "--no-sound",
        "--transcript", str(transcript), "--verbosity", level,
    ]  # fmt: skip
    # Keys never come, but the input stays open until the game ends by itself.
    errors = directory / f"{level}.stderr"
    with (
        errors.open("wb") as sink,
        subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=sink
        ) as process,
    ):
        code = process.wait(timeout=600)
    if code != 0:
        raise SystemExit(f"{level}: audiopoker watch failed ({code}): {errors.read_text()}")
    return count_transcript(transcript, level)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lang", choices=("en", "es"), default="en")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        counts = [watch(level, args, Path(folder)) for level in LEVELS]
    print(
        f"audiopoker watch --players {args.players} --hands {args.hands} --seed {args.seed}"
        f" --lang {args.lang} --output silent --bot-delay 0"
    )
    normal = counts[1].per_hand or 1.0
    print(f"{'verbosity':<10}{'hands':>6}{'messages/hand':>15}{'chars/hand':>12}{'vs normal':>11}")
    for count in counts:
        print(
            f"{count.level:<10}{count.hands:>6}{count.messages_per_hand:>15.1f}"
            f"{count.per_hand:>12.0f}{count.per_hand / normal:>10.0%}"
        )


if __name__ == "__main__":
    main()
