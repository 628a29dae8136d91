"""A real Speech Dispatcher that takes as long as a voice to "say" each message and logs when
each one starts and ends (../shared/speechd-recorder/start.sh), and the game in tmux.

A message that was stopped or cancelled has a ``start`` line and no ``end`` line: that is how
a test sees what was cut, what waited and whether the bots outran speech.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from platform_support import require_linux

SHARED_CANDIDATES = (Path(__file__).resolve().parents[2] / "shared",)


def shared_dir() -> Path | None:
    """../shared beside the repository (or AUDIOPOKER_SHARED)."""
    candidates = list(SHARED_CANDIDATES)
    if os.environ.get("AUDIOPOKER_SHARED"):
        candidates.append(Path(os.environ["AUDIOPOKER_SHARED"]))
    for candidate in candidates:
        if (candidate / "speechd-recorder" / "start.sh").is_file():
            return candidate
    return None


@dataclass(frozen=True)
class Line:
    """One line of the recorder: when, start or end, the language, the text."""

    time: float
    what: str
    lang: str
    text: str


@dataclass(frozen=True)
class Utterance:
    """One message as the recorder saw it: when it started, when it ended (None: cut)."""

    start: float
    end: float | None
    text: str
    lang: str = ""


def utterances(lines: list[Line]) -> list[Utterance]:
    """The recorder's lines as messages: each has one start line and, when it was said to
    its end, one end line right after it (one message at a time); a start with no end was
    stopped or cancelled, or is still being said."""
    found: list[Utterance] = []
    for line in lines:
        if line.what == "start":
            found.append(Utterance(line.time, None, line.text, line.lang))
        elif line.what == "end" and found and (found[-1].end, found[-1].text) == (None, line.text):
            found[-1] = replace(found[-1], end=line.time)
    return found


@dataclass
class TimedRecorder:
    spoken: Path
    env: dict[str, str]  # XDG_RUNTIME_DIR of the private daemon
    ms_per_char: int

    def lines(self) -> list[Line]:
        if not self.spoken.exists():
            return []
        found = []
        for raw in self.spoken.read_bytes().decode("utf-8", "replace").splitlines():
            parts = raw.split("|", 3)
            if len(parts) == 4:
                found.append(Line(float(parts[0]), parts[1], parts[2], parts[3]))
        return found

    def utterances(self) -> list[Utterance]:
        """The messages said so far (see :func:`utterances`)."""
        return utterances(self.lines())

    def wait_until(self, done: Callable[[list[Line]], bool], timeout: float) -> list[Line]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            lines = self.lines()
            if done(lines):
                return lines
            time.sleep(0.02)
        return self.lines()


@contextmanager
def timed_recorder(ms_per_char: int = 50) -> Iterator[TimedRecorder]:
    """Start the shared recorder at ``ms_per_char``; skip with the reason where it cannot."""
    require_linux("Speech Dispatcher and ../shared/speechd-recorder")
    if shutil.which("speech-dispatcher") is None:
        pytest.skip("speech-dispatcher is not installed (apt-get install speech-dispatcher)")
    shared = shared_dir()
    if shared is None:
        pytest.skip("../shared/speechd-recorder not found (set AUDIOPOKER_SHARED)")
    folder = Path(tempfile.mkdtemp(prefix="aprec"))
    spoken = folder / "spoken.txt"
    started = subprocess.run(
        ["bash", str(shared / "speechd-recorder" / "start.sh"), str(spoken), str(ms_per_char)],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    exports = dict(
        item.split("=", 1) for item in started.stdout.replace("export ", "").split() if "=" in item
    )
    if "SPEECHD_RECORDER_PID" not in exports:
        pytest.fail(f"the speech recorder did not start: {started.stdout} {started.stderr}")
    pid = int(exports["SPEECHD_RECORDER_PID"])
    try:
        yield TimedRecorder(spoken, {"XDG_RUNTIME_DIR": exports["XDG_RUNTIME_DIR"]}, ms_per_char)
    finally:
        try:
            os.kill(pid, signal.SIGTERM)
            for _ in range(50):
                os.kill(pid, 0)
                time.sleep(0.1)
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        shutil.rmtree(folder, ignore_errors=True)


@dataclass
class TmuxGame:
    """The game running in its own tmux server; keys go in with send-keys."""

    socket: str
    transcript: Path

    def tmux(self, *arguments: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["tmux", "-L", self.socket, *arguments], capture_output=True, text=True, check=False
        )

    def records(self) -> list[dict[str, object]]:
        if not self.transcript.exists():
            return []
        found = []
        for line in self.transcript.read_text(encoding="utf-8").splitlines():
            try:
                found.append(json.loads(line))
            except json.JSONDecodeError:
                break  # a line being written
        return found

    def press(self, key: str) -> float:
        """Send one key; the wall-clock time just before it was sent."""
        moment = time.time()
        self.tmux("send-keys", "-t", "game", key)
        return moment

    @property
    def running(self) -> bool:
        listed = self.tmux("list-panes", "-t", "game", "-F", "#{pane_dead}")
        return listed.returncode == 0 and listed.stdout.strip() == "0"

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "game", "-S", "-200").stdout


@contextmanager
def game_in_tmux(
    arguments: list[str], env: dict[str, str], program: list[str] | None = None
) -> Iterator[TmuxGame]:
    """Run ``audiopoker ARGUMENTS`` in a fresh tmux session (a real terminal), with a
    transcript, a private data folder and ``env``. ``program`` is the game to run: by
    default this Python's ``-m audiopoker`` (never whatever PATH holds), or the built app."""
    require_linux("tmux (a real terminal) and POSIX signals")
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed (apt-get install tmux)")
    folder = Path(tempfile.mkdtemp(prefix="apgame"))
    transcript = folder / "transcript.jsonl"
    game = TmuxGame(f"ap{os.getpid()}-{folder.name}", transcript)
    settings = {"AUDIOPOKER_DATA_DIR": str(folder / "data"), **env}
    command = ["env", *(f"{name}={value}" for name, value in settings.items())]
    command += [*(program or [sys.executable, "-m", "audiopoker"]), *arguments]
    command += ["--transcript", str(transcript)]
    environment = {**os.environ, **settings}
    environment.pop("TMUX", None)
    # A tmux server of its own: its environment is ours, and no other test shares it.
    start = ["new-session", "-d", "-s", "game", "-x", "200", "-y", "50", "sleep 1000000"]
    subprocess.run(
        ["tmux", "-L", game.socket, *start],
        env=environment,
        check=True,
    )
    game.tmux("set-option", "-t", "game", "remain-on-exit", "on")
    game.tmux("respawn-pane", "-k", "-t", "game", shlex.join(command))
    try:
        yield game
    finally:
        game.tmux("kill-server")
        shutil.rmtree(folder, ignore_errors=True)
