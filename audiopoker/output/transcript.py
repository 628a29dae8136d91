"""The JSONL transcript: one JSON object a line for every message, with what the policy sent
to speech and to braille, whatever backend stands behind them."""

from __future__ import annotations

import json
import threading
import time as clock
from pathlib import Path
from typing import Any, TextIO

# time: seconds since the router started; wall: the system clock (seconds since the epoch),
# to line a transcript up with what a speech server logged; answer: an answer to a key
# (the first of which interrupts), not a table message.
FIELDS = ("time", "wall", "kind", "text", "speech", "braille", "interrupt", "answer")


class TranscriptWriter:
    """Appends transcript lines to a file (created anew) or to an open text stream.

    Each line is flushed at once, so a transcript survives a crash up to its last message.
    """

    def __init__(self, target: Path | str | TextIO) -> None:
        self._owns = isinstance(target, (str, Path))
        if isinstance(target, (str, Path)):
            self._stream: TextIO = open(target, "w", encoding="utf-8", newline="\n")  # noqa: SIM115
        else:
            self._stream = target
        self._lock = threading.Lock()

    def write(
        self,
        *,
        time: float,
        kind: str,
        text: str,
        speech: bool,
        braille: bool,
        interrupt: bool,
        answer: bool = False,
    ) -> None:
        """Append one message."""
        record = {
            "time": round(time, 4),
            "wall": round(clock.time(), 4),
            "kind": kind,
            "text": text,
            "speech": speech,
            "braille": braille,
            "interrupt": interrupt,
            "answer": answer or interrupt,
        }
        line = json.dumps(record, ensure_ascii=False)
        with self._lock:
            if self._stream.closed:
                return
            self._stream.write(line + "\n")
            self._stream.flush()

    def close(self) -> None:
        """Close the file if this writer opened it."""
        with self._lock:
            if self._owns and not self._stream.closed:
                self._stream.close()


def read_transcript(path: Path | str) -> list[dict[str, Any]]:
    """The records of a transcript file, in order (for tests and golden comparisons)."""
    with open(path, encoding="utf-8") as stream:
        return [json.loads(line) for line in stream if line.strip()]
