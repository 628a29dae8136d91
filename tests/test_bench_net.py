"""The network load test runs end to end, briefly: real host processes, raw clients."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_bench_net_plays_two_small_tables_without_errors() -> None:
    arguments = ["--tables", "2", "--clients", "3", "--seconds", "5", "--seed", "7", "--json"]
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_net.py"), *arguments],
        capture_output=True,
        text=True,
        timeout=30,
        cwd=ROOT,
        check=True,
    )
    found = json.loads(done.stdout)
    assert found["errors"] == [], found["errors"]
    assert (found["tables"], found["clients_per_table"], found["seated"]) == (2, 3, 6)
    assert found["actions"] > 0
    assert found["actions_per_s_per_table"]["min"] > 0  # both tables played
    latency = found["latency_ms"]
    assert latency["samples"] > 0
    assert 0 < latency["p50"] <= latency["p95"] <= latency["p99"] <= latency["max"]
    assert found["server_peak_rss_mb"] is None or found["server_peak_rss_mb"] > 0
    assert [goal["goal"] for goal in found["goals"]] == ["latency p95 < 50 ms", "no errors"]
    assert "PASS  no errors" in done.stderr
