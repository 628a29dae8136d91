"""Running the real program for the command-line tests: ``python3 -m audiopoker …`` with
its input closed, a data folder of the test's own and a known locale."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_audiopoker(
    arguments: list[str],
    data: Path,
    *,
    env: dict[str, str] | None = None,
    prefix: list[str] | None = None,
    timeout: float = 120,
) -> subprocess.CompletedProcess[str]:
    """Run ``audiopoker ARGUMENTS`` (after ``prefix``, e.g. a privilege-dropping wrapper)
    with stdin at its end, ``data`` as AUDIOPOKER_DATA_DIR and an English system locale
    unless ``env`` says otherwise (LANGUAGE and LC_* are cleared so the locale decides)."""
    environment = {**os.environ, "AUDIOPOKER_DATA_DIR": str(data), "LANG": "en_US.UTF-8"}
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        environment.pop(name, None)
    environment.update(env or {})
    return subprocess.run(
        [*(prefix or []), sys.executable, "-m", "audiopoker", *arguments],
        cwd=ROOT,
        env=environment,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def transcript_texts(transcript: Path) -> list[str]:
    """What a game's ``--transcript`` holds so far, message by message."""
    if not transcript.exists():
        return []
    lines = transcript.read_text(encoding="utf-8").splitlines()
    return [json.loads(line)["text"] for line in lines if line]


def wait_said(transcript: Path, wanted: str, seconds: float = 30) -> list[str]:
    """Wait until a message holding ``wanted`` is in the transcript; everything said."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        said = transcript_texts(transcript)
        if any(wanted in line for line in said):
            return said
        time.sleep(0.05)
    raise AssertionError(f"never said {wanted!r}: {transcript_texts(transcript)[-8:]}")
