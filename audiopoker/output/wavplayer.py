"""Playing the built-in voice's WAV files through an audio player process we own.

pyttsx3 2.99's espeak driver plays each utterance with ``os.system("aplay … -q")``: the
player inherits our stderr, so with no sound device ALSA's and aplay's nine error lines
land in the game text, and the player cannot be stopped mid-sentence. Instead the voice
has espeak-ng write the utterance to a file and starts the player here, with its stderr in
a pipe (its text goes to our log) and its process ours to kill on an interrupt.
"""

from __future__ import annotations

import io
import logging
import shutil
import subprocess
import sys
import wave
from collections.abc import Sequence
from pathlib import Path

log = logging.getLogger(__name__)

DEFAULT_PLAYER: tuple[str, ...] = ("aplay", "-q")
PROBE_TIMEOUT = 3.0  # seconds for the player to open the device and play 10 ms of silence


def default_player() -> tuple[str, ...] | None:
    """The player command for this system, or None where the engine plays by itself
    (SAPI on Windows and NSSpeech on macOS speak without a player process)."""
    if sys.platform.startswith("linux") and shutil.which(DEFAULT_PLAYER[0]):
        return DEFAULT_PLAYER
    return None


def silence_wav(milliseconds: int = 10, rate: int = 22050) -> bytes:
    """A mono 16-bit WAV of silence: what the probe plays (inaudible, and quick)."""
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(rate)
        wav.writeframes(b"\0\0" * (rate * milliseconds // 1000))
    return buffer.getvalue()


def probe_player(command: Sequence[str] = DEFAULT_PLAYER, timeout: float = PROBE_TIMEOUT) -> str:
    """Play 10 ms of silence on the default device; "" when it played, else what failed
    (the player's own error text, for the log only).

    Truthful where listing devices is not: ``aplay -l`` finds no card behind PulseAudio
    or PipeWire yet they play, and ``aplay -L`` lists plugins with no device behind them.
    Fast: with no device aplay fails in a few milliseconds; a player that hangs counts as
    failed after ``timeout`` (speech through it would hang too).
    """
    try:
        done = subprocess.run(
            [*command, "-"],
            input=silence_wav(),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            timeout=timeout,
            check=False,
            start_new_session=True,
        )
    except subprocess.TimeoutExpired:
        return f"{command[0]} did not finish playing 10 ms of silence in {timeout:g} s"
    except OSError as error:
        return f"{command[0]} could not start: {error}"
    if done.returncode == 0:
        return ""
    return describe_failure(command[0], done.returncode, done.stderr)


def describe_failure(player: str, returncode: int, stderr: bytes) -> str:
    """One log line for a failed player: its exit status and its error text."""
    text = " | ".join(line.strip() for line in stderr.decode("utf-8", "replace").splitlines())
    return f"{player} exited with status {returncode}: {text or 'no message'}"


def start_player(command: Sequence[str], path: Path) -> subprocess.Popen[bytes]:
    """Start playing ``path``: nothing on our terminal (stderr piped for the log), and in a
    session of its own so a Ctrl+C meant for the game does not kill it behind our back."""
    return subprocess.Popen(
        [*command, str(path)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )


def wav_seconds(path: Path) -> float:
    """How long ``path`` plays; 0.0 when it is not a WAV we can read."""
    try:
        with wave.open(str(path)) as wav:
            rate = wav.getframerate()
            return wav.getnframes() / rate if rate else 0.0
    except (OSError, EOFError, wave.Error):
        return 0.0
