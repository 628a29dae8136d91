"""Characters per hand at each verbosity: how much a watcher hears at brief, normal and
verbose in the same seeded game.

Runs ``audiopoker watch`` as a player would (silent output, no bot delay, a transcript)
once per verbosity, and counts the text of the table messages the transcript says were
delivered to speech, from the first hand's opening to the end of the game, per hand.
Answers to keys and the welcome, notices and goodbye are not table talk and are left out.

    python benchmarks/bench_verbosity.py [--players 6] [--hands 30] [--seed 1] [--lang en]
        [--folded] [--seeds 1 2 3] [--source DIR]

Issue 12: brief keeps the choices on your turn and your own results; verbose adds
without repeating the board or the stacks that did not change.

``--folded`` (issue 27, fast fold) measures instead what a hand the player folded costs
after the fold: the seat is played by the autopilot (``audiopoker --autopilot``, a bot
in the player's seat, heard as the player), and for every hand it folded, the table talk
spoken from the fold to the hand's end message (that included) is counted, in characters
and in seconds at 50 ms a character (a screen reader's default pace, the speech recorder's
in our tests), pooled over ``--seeds``. ``--source`` runs the game from another checkout
(an older commit: the figures before a change).
"""

from __future__ import annotations

import argparse
import json
import os
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


# The player's fold, as said (in Spanish, the room's words and poker Spanish).
FOLD_TEXT: dict[str, tuple[str, ...]] = {"en": ("You fold.",), "es": ("Te vas.", "Te retiras.")}
MS_PER_CHARACTER = 50


@dataclass(frozen=True, slots=True)
class Folded:
    """What the folded hands cost at one verbosity, pooled over seeds."""

    level: str
    hands: int
    characters: int

    @property
    def per_hand(self) -> float:
        return self.characters / self.hands if self.hands else 0.0

    @property
    def seconds_per_hand(self) -> float:
        return self.per_hand * MS_PER_CHARACTER / 1000


def count_folded(path: Path, lang: str) -> tuple[int, int]:
    """Hands the player folded and the characters spoken from each fold to its hand's end
    message, from a JSONL transcript."""
    folds = FOLD_TEXT[lang]
    hands = characters = 0
    counting = False
    for line in path.read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        kind, text = entry.get("kind", ""), entry.get("text", "")
        if kind == "hand_started":
            counting = False
        if kind in NOT_TABLE_TALK or entry.get("interrupt") or entry.get("answer"):
            continue
        if not entry.get("speech", True):
            continue
        if counting:
            characters += len(text)
            if kind == "hand_ended":
                counting = False
        elif kind == "action_taken" and text in folds:
            counting = True
            hands += 1
    return hands, characters


def play_folded(level: str, seed: int, args: argparse.Namespace, directory: Path) -> Path:
    """One seeded game with the autopilot in the player's seat; its transcript."""
    transcript = directory / f"{level}-{seed}.jsonl"
    command = [
        sys.executable, "-m", "audiopoker", "--autopilot", "--no-save",
        "--players", str(args.players), "--hands", str(args.hands), "--seed", str(seed),
        "--lang", args.lang, "--output", "silent", "--bot-delay", "0", "--no-sound",
        "--transcript", str(transcript), "--verbosity", level,
    ]  # fmt: skip
    env = dict(os.environ)
    if args.source is not None:
        env["PYTHONPATH"] = str(args.source)
    errors = directory / f"{level}-{seed}.stderr"
    with (
        errors.open("wb") as sink,
        subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=sink,
            env=env,
            cwd=args.source or None,
        ) as process,
    ):
        code = process.wait(timeout=600)
    if code != 0:
        raise SystemExit(f"{level}: audiopoker failed ({code}): {errors.read_text()}")
    return transcript


def folded(args: argparse.Namespace) -> None:
    """The folded hands' cost at each verbosity, pooled over the seeds."""
    results = []
    with tempfile.TemporaryDirectory() as folder:
        for level in LEVELS:
            hands = characters = 0
            for seed in args.seeds:
                found = count_folded(play_folded(level, seed, args, Path(folder)), args.lang)
                hands, characters = hands + found[0], characters + found[1]
            results.append(Folded(level, hands, characters))
    seeds = " ".join(str(seed) for seed in args.seeds)
    print(
        f"audiopoker --autopilot --players {args.players} --hands {args.hands} --lang"
        f" {args.lang} --bot-delay 0, seeds {seeds}, pooled"
        + (f"; game from {args.source}" if args.source else "")
    )
    print(f"{'verbosity':<10}{'folded':>7}{'chars/folded hand':>19}{'seconds at 50 ms/char':>23}")
    for result in results:
        print(
            f"{result.level:<10}{result.hands:>7}{result.per_hand:>19.0f}"
            f"{result.seconds_per_hand:>23.1f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lang", choices=("en", "es"), default="en")
    parser.add_argument("--folded", action="store_true", help="what a folded hand costs")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--source", type=Path, help="run the game from this checkout")
    args = parser.parse_args()
    if args.folded:
        folded(args)
        return
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
