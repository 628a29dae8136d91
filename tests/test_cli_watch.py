"""``audiopoker watch`` with stdin closed plays on to its end (keys then simply never
come); ``audiopoker play`` with stdin closed still quits at once, as Q and Y do. Real
processes, both languages; nothing English from prompt_toolkit reaches the console."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_support import run_audiopoker

QUIET = ["--hands", "2", "--bot-delay", "0", "--output", "silent", "--no-sound", "--seed", "1"]


def run_closed(arguments: list[str], folder: Path) -> tuple[int, str, list[dict[str, Any]]]:
    """Run with stdin at its end (/dev/null); exit code, stderr and the transcript."""
    transcript = folder / "t.jsonl"
    done = run_audiopoker(
        [*arguments, "--transcript", str(transcript)], folder / "data", timeout=300
    )
    records = [json.loads(line) for line in transcript.read_text("utf-8").splitlines()]
    return done.returncode, done.stderr, records


@pytest.mark.parametrize(
    ("lang", "last_hand", "goodbye"),
    [("es", "Fin de la mano 2.", "Adiós."), ("en", "End of hand 2.", "Goodbye.")],
)
def test_watch_plays_to_its_end_with_stdin_closed(
    lang: str, last_hand: str, goodbye: str, tmp_path: Path
) -> None:
    code, stderr, records = run_closed(["watch", *QUIET, "--lang", lang], tmp_path)
    assert code == 0, stderr
    assert stderr == ""  # no "Warning: Input is not a terminal"
    kinds = [record["kind"] for record in records]
    assert kinds.count("hand_ended") == 2
    assert last_hand in [record["text"] for record in records]
    assert kinds[-2:] == ["game_ended", "goodbye"]
    assert records[-1]["text"] == goodbye


@pytest.mark.parametrize("lang", ["es", "en"])
def test_play_with_stdin_closed_still_quits_at_once(lang: str, tmp_path: Path) -> None:
    code, stderr, records = run_closed(["play", *QUIET, "--lang", lang], tmp_path)
    assert code == 0, stderr
    assert stderr == ""
    kinds = [record["kind"] for record in records]
    assert "hand_ended" not in kinds and "game_ended" not in kinds
    assert records[-1]["text"] == {"es": "Adiós.", "en": "Goodbye."}[lang]
