"""The room's load test runs end to end in its quick mode: a real room process, its tables
made and played by simulated players and watched by spectators from a load process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_bench_room_quick_plays_its_tables_and_prints_sane_figures() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_room.py"), "--quick", "--json"],
        capture_output=True,
        text=True,
        timeout=240,
        cwd=ROOT,
        check=True,
    )
    [found] = json.loads(done.stdout)
    assert found["errors"] == [], found["errors"]
    assert found["tables"] == 3 and found["seeds"] == [1]
    assert found["players_seated"] == found["players"] == 18
    assert found["actions"] > 0 and found["actions_per_s"] > 0
    assert found["deliveries"] > found["actions"]  # each action reached several others
    assert 0 < found["p50_ms"] <= found["p95_ms"] <= found["p99_ms"]
    assert found["mb_per_table"] > 0
    assert found["cpu_s_per_1000_actions"] > 0
    assert found["threads"] >= 3  # a conductor thread per table
    assert "action to every other client p95 < 50 ms" in done.stderr
    assert "memory per table < 3 MB" in done.stderr
