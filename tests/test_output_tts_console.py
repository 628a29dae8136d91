"""The built-in voice with no sound device, as a player meets it: real ``audiopoker``
processes in a terminal (a pty: stdout and stderr both land on the screen, as they do for
the player). Nothing of ALSA or aplay may appear, and one line says the voice has no sound
device; then every message is printed.

ALSA gets an empty configuration (ALSA_CONFIG_PATH), so there is no default device on any
machine, sound card or not. Needs Debian's alsa-utils (aplay), espeak-ng and
libespeak-ng1; skipped with the package to install where they are missing.
"""

from __future__ import annotations

import ctypes.util
import os
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from platform_support import linux_only

pytestmark = [
    linux_only("aplay, espeak-ng and a pty"),
    pytest.mark.skipif(
        shutil.which("aplay") is None, reason="needs aplay (apt-get install alsa-utils)"
    ),
    pytest.mark.skipif(
        ctypes.util.find_library("espeak-ng") is None,
        reason="needs espeak-ng (apt-get install espeak-ng libespeak-ng1)",
    ),
]

NOTICE = {
    "en": "The built-in voice has no sound device; every message is printed here instead.",
    "es": "La voz integrada no tiene dispositivo de sonido; cada mensaje se escribe aquí en su "
    "lugar.",
}
DEADLINE = 180.0  # seconds for a one-hand game: polling ends as soon as the process does


def run_in_terminal(args: list[str], tmp_path: Path) -> tuple[int, list[str]]:
    """Run ``python -m audiopoker ARGS`` on a pty; its exit code and every screen line."""
    empty = tmp_path / "empty-alsa.conf"
    empty.write_text("")
    env = {**os.environ, "ALSA_CONFIG_PATH": str(empty), "TERM": "xterm"}
    import pty  # POSIX only: importing it at the top would break collection on Windows

    main, terminal = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "audiopoker", *args],
        stdin=terminal,
        stdout=terminal,
        stderr=terminal,
        env=env,
        start_new_session=True,
    )
    os.close(terminal)
    chunks: list[bytes] = []
    deadline = time.monotonic() + DEADLINE
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([main], [], [], 0.2)
            if ready:
                try:
                    data = os.read(main, 65536)
                except OSError:  # the terminal closed: the process is gone
                    break
                if not data:
                    break
                chunks.append(data)
            elif process.poll() is not None:
                break
        code = process.wait(timeout=max(1.0, deadline - time.monotonic()))
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(main)
    screen = b"".join(chunks).decode("utf-8", "replace")
    return code, [line.rstrip("\r") for line in screen.split("\n")]


def assert_quiet_and_said_once(lines: list[str], lang: str) -> None:
    text = "\n".join(lines)
    for noise in ("ALSA lib", "aplay:", "snd_", "Audio saved", "Playback error", "Traceback"):
        assert noise not in text, text
    said = [line for line in lines if NOTICE[lang] in line]
    assert len(said) == 1, text


@pytest.mark.parametrize("lang", ["en", "es"])
def test_watch_with_the_voice_and_no_sound_device(tmp_path: Path, lang: str) -> None:
    args = ["watch", "--output", "tts", "--players", "2", "--hands", "1", "--seed", "3"]
    code, lines = run_in_terminal([*args, "--bot-delay", "0", "--lang", lang], tmp_path)
    assert code == 0, lines
    assert_quiet_and_said_once(lines, lang)
    assert lines[0].endswith(NOTICE[lang])  # the first thing said
    hand = {"en": "Hand 1 of 1.", "es": "Mano 1 de 1."}[lang]
    assert any(line.startswith(hand) for line in lines), lines  # every message printed


def test_play_with_the_voice_and_no_sound_device(tmp_path: Path) -> None:
    args = ["--output", "tts", "--players", "2", "--hands", "1", "--seed", "3"]
    code, lines = run_in_terminal([*args, "--bot-delay", "0", "--autopilot"], tmp_path)
    assert code == 0, lines
    assert_quiet_and_said_once(lines, "en")


def test_speech_test_tells_the_truth_about_the_voice(tmp_path: Path) -> None:
    code, lines = run_in_terminal(["speech-test", "--output", "tts", "--lang", "es"], tmp_path)
    assert code == 1, lines  # the voice asked for is not there
    assert_quiet_and_said_once(lines, "es")
    assert "Voz activa: la consola" in lines
