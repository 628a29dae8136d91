"""Fakes for the built-in voice's tests: a pyttsx3-like engine, a player process that plays
a WAV for as long as it lasts (and says when it starts and ends), and polling helpers.

Everything waits by polling against a deadline, never by a fixed sleep alone: the tests
must pass on a loaded machine too.
"""

from __future__ import annotations

import os
import sys
import threading
import time
import wave
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from audiopoker.output.backends import Ending

DEADLINE = 20.0  # seconds: generous, since polling ends as soon as the condition holds


def wait(condition: Callable[[], object], timeout: float = DEADLINE) -> bool:
    """Poll ``condition`` until it is true or ``timeout`` passes."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.01)
    return bool(condition())


@dataclass
class Voice:
    id: str
    name: str
    languages: list[str]


class FakeEngine:
    """Mimics pyttsx3.Engine: runAndWait() blocks for each utterance, firing a word callback
    per word; stop() ends the utterance. save_to_file() writes a silent WAV lasting
    ``seconds_per_word`` per word. Records which thread touched it."""

    def __init__(self, word_delay: float = 0.0, seconds_per_word: float = 0.05) -> None:
        self.word_delay = word_delay
        self.seconds_per_word = seconds_per_word
        self.pending: list[tuple[str, str | None]] = []
        self.spoken: list[str] = []
        self.stopped: list[str] = []
        self.properties: dict[str, Any] = {"voices": [Voice("gmw/en", "English", ["en-gb"])]}
        self.threads: set[int] = set()
        self.callbacks: dict[str, list[Any]] = {}
        self.started = threading.Event()
        self._stop = False

    def _touch(self) -> None:
        self.threads.add(threading.get_ident())

    def connect(self, topic: str, callback: Any) -> dict[str, Any]:
        self._touch()
        self.callbacks.setdefault(topic, []).append(callback)
        return {"topic": topic, "cb": callback}

    def disconnect(self, token: dict[str, Any]) -> None:
        self.callbacks[token["topic"]].remove(token["cb"])

    def _notify(self, topic: str, **details: Any) -> None:
        for callback in list(self.callbacks.get(topic, [])):
            callback(**details)

    def getProperty(self, name: str) -> Any:
        self._touch()
        return self.properties.get(name)

    def setProperty(self, name: str, value: Any) -> None:
        self._touch()
        self.properties[name] = value

    def say(self, text: str) -> None:
        self._touch()
        self.pending.append((text, None))

    def save_to_file(self, text: str, path: str) -> None:
        self._touch()
        self.pending.append((text, path))

    def stop(self) -> None:
        self._touch()
        self._stop = True

    def runAndWait(self) -> None:
        self._touch()
        for text, path in self.pending:
            self._stop = False
            self.started.set()
            for word in text.split():
                self._notify("started-word", name=word, location=0, length=len(word))
                if self._stop:
                    self.stopped.append(text)
                    break
                time.sleep(self.word_delay)
            else:
                if path is None:
                    self.spoken.append(text)
                else:
                    write_silence(Path(path), self.seconds_per_word * len(text.split()))
            self._notify("finished-utterance", name=None, completed=not self._stop)
        self.pending.clear()


def write_silence(path: Path, seconds: float, rate: int = 22050) -> None:
    """A mono 16-bit WAV of silence lasting ``seconds``."""
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(rate)
        wav.writeframes(b"\0\0" * int(rate * seconds))


PLAYER_SCRIPT = """
import os, sys, time, wave
log, mode, path = sys.argv[1], sys.argv[2], sys.argv[3]
def note(word):
    with open(log, "a") as out:
        out.write(f"{word} {os.getpid()}\\n")
note("start")
if mode == "fail":
    for n in range(8):
        sys.stderr.write(f"ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default {n}\\n")
    sys.stderr.write("aplay: main:831: audio open error: No such file or directory\\n")
    sys.exit(1)
import io
source = io.BytesIO(sys.stdin.buffer.read()) if path == "-" else path  # aplay's "-": stdin
with wave.open(source) as wav:
    seconds = wav.getnframes() / wav.getframerate()
time.sleep(seconds)
note("end")
"""


class FakePlayer:
    """A player process standing in for aplay: it "plays" the WAV by sleeping for its
    length, and writes ``start PID`` and (only when it played to the end) ``end PID`` to a
    log. ``mode`` "fail" writes ALSA's and aplay's error lines to stderr and exits 1."""

    def __init__(self, folder: Path, mode: str = "play") -> None:
        self.log = folder / "player.log"
        script = folder / "fake_player.py"
        script.write_text(PLAYER_SCRIPT)
        self.command = (sys.executable, str(script), str(self.log), mode)

    def events(self) -> list[tuple[str, int]]:
        if not self.log.exists():
            return []
        lines = self.log.read_text().split("\n")
        return [(word, int(pid)) for word, pid in (line.split() for line in lines if line)]

    def started(self) -> list[int]:
        return [pid for word, pid in self.events() if word == "start"]

    def ended(self) -> list[int]:
        return [pid for word, pid in self.events() if word == "end"]

    def wait_started(self, count: int) -> int:
        """The pid of the ``count``-th player started (waits for it)."""
        assert wait(lambda: len(self.started()) >= count), self.events()
        return self.started()[count - 1]


def gone(pid: int) -> bool:
    """True once the process ``pid`` no longer exists (killed and reaped)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


class Endings:
    """Collects done() reports by the utterance's label, recording the reporting thread."""

    def __init__(self) -> None:
        self.reports: list[tuple[str, Ending]] = []
        self.threads: set[int] = set()
        self._lock = threading.Lock()

    def done(self, label: str) -> Callable[[Ending], None]:
        def report(ending: Ending) -> None:
            with self._lock:
                self.reports.append((label, ending))
                self.threads.add(threading.get_ident())

        return report

    def of(self, label: str) -> list[Ending]:
        with self._lock:
            return [ending for name, ending in self.reports if name == label]
