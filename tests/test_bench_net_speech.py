"""The action-to-speech benchmark runs end to end, briefly: a real host, a real
``audiopoker join`` speaking through a real Speech Dispatcher (the shared recorder), and a
raw client that acts."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from speechd_support import shared_dir

ROOT = Path(__file__).resolve().parents[1]


def test_bench_net_speech_hears_every_action_of_a_short_game() -> None:
    if shutil.which("speech-dispatcher") is None:
        pytest.skip("speech-dispatcher is not installed (apt-get install speech-dispatcher)")
    if shared_dir() is None:  # the benchmark's recorder, as every recorder test needs it
        pytest.skip("../shared/speechd-recorder not found (set AUDIOPOKER_SHARED)")
    arguments = ["--hands", "15", "--seed", "7", "--think", "0.1", "--json"]
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_net_speech.py"), *arguments],
        capture_output=True,
        text=True,
        timeout=300,  # a guard against a hang, not a timing goal: a loaded machine is slow
        cwd=ROOT,
        check=True,
    )
    found = json.loads(done.stdout)
    assert found["errors"] == [], found["errors"]
    assert found["actions"] > 0
    assert found["missing"] == 0
    latency = found["latency_ms"]
    assert latency["samples"] == found["actions"]
    assert 0 < latency["p50"] <= latency["p95"] <= latency["max"]
    assert found["ms_per_char"] == 0
    assert [goal["goal"] for goal in found["goals"]] == [
        "action to speech p95 < 100 ms",
        "every action spoken, no errors",
    ]
    assert "PASS  every action spoken, no errors" in done.stderr
