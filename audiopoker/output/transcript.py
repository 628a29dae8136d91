"""The JSONL transcript: one JSON object a line for every message, with what the policy sent
to speech and to braille, whatever backend stands behind them.

A line the machine will not take (a full disk, a disk error) never stops the game: it is
dropped whole (a line half written is cut off again, so every line in the file stays whole
JSON), the fault is logged once, and the next line is tried; the log says when lines are
written again and how many were lost.
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import threading
import time as clock
from pathlib import Path
from typing import Any, TextIO

log = logging.getLogger(__name__)

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
        # A file is written through its descriptor, unbuffered, so that a line the disk
        # refused is not written again later from a buffer, in part.
        self._fd: int | None = None
        self._stream: TextIO | None = None
        if isinstance(target, (str, Path)):
            flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0)
            self._fd = os.open(target, flags, 0o644)
        else:
            self._stream = target
        self._size = 0  # bytes of whole lines in the file
        self._closed = False
        self.lost = 0  # lines the machine would not take
        self._failing = False
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
            if self._closed or (self._stream is not None and self._stream.closed):
                return
            try:
                self._put(line + "\n")
            except OSError as error:
                self.lost += 1
                if not self._failing:
                    self._failing = True
                    name = errno.errorcode.get(error.errno or 0, "?")
                    log.error("transcript line not written (%s): %s", name, error)
                return
            if self._failing:
                self._failing = False
                log.info("transcript written again; %d line(s) lost so far", self.lost)

    def _put(self, text: str) -> None:
        if self._stream is not None:
            self._stream.write(text)
            self._stream.flush()
            return
        assert self._fd is not None
        data = text.encode("utf-8")
        try:
            done = 0
            while done < len(data):  # a full disk may take part of it, then refuse
                done += os.write(self._fd, data[done:])
        except OSError:
            with contextlib.suppress(OSError):  # cut the part back: every line stays whole
                os.ftruncate(self._fd, self._size)
                os.lseek(self._fd, self._size, os.SEEK_SET)
            raise
        self._size += len(data)

    def close(self) -> None:
        """Close the file if this writer opened it."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            if self._fd is not None:
                with contextlib.suppress(OSError):
                    os.close(self._fd)


def read_transcript(path: Path | str) -> list[dict[str, Any]]:
    """The records of a transcript file, in order (for tests and golden comparisons)."""
    with open(path, encoding="utf-8") as stream:
        return [json.loads(line) for line in stream if line.strip()]
