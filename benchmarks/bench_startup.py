"""Start-up to the first spoken word: the stand-alone app against ``python -m audiopoker``.

Each run starts a seeded one-hand game in a fresh tmux server (a real terminal), speaking
through the shared Speech Dispatcher recorder (50 ms a character); the time is from just
before the launch to the recorder's first ``start`` line after it, so it includes the
program's own start, the first catalog loads, the SSIP connection and the server's module.
Also prints the app folder's size.

    python scripts/build_app.py          (or let this build it: --build)
    python benchmarks/bench_startup.py [--runs 7] [--app dist/audiopoker] [--build]

Goal (issue 16): the app within 2x of ``python -m audiopoker`` and under 2 s.
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from speechd_support import (  # type: ignore[import-not-found]  # tests/, put on the path above
    TimedRecorder,
    timed_recorder,
)

ROOT = Path(__file__).resolve().parents[1]
GAME = ["--players", "3", "--seed", "11", "--bot-delay", "0", "--hands", "1", "--no-save"]
GAME += ["--no-sound", "--lang", "en", "--screen-reader", "speech-dispatcher"]
TIMEOUT = 30.0


def first_word(command: list[str], recorder: TimedRecorder, env: dict[str, str]) -> float:
    """Seconds from launching ``command`` in tmux to the recorder's next ``start`` line."""
    folder = Path(tempfile.mkdtemp(prefix="apstart"))
    socket = f"apstart{os.getpid()}-{folder.name}"
    settings = {**env, "AUDIOPOKER_DATA_DIR": str(folder / "data"), "PYTHONPATH": str(ROOT)}
    environment = {**os.environ, **settings}
    environment.pop("TMUX", None)
    shell = shlex.join(["env", *(f"{k}={v}" for k, v in settings.items()), *command])
    tmux = ["tmux", "-L", socket]
    quiet(recorder, env)
    try:
        launched = time.time()
        subprocess.run(
            [*tmux, "new-session", "-d", "-s", "game", "-x", "200", "-y", "50", shell],
            env=environment, check=True, cwd=folder,
        )  # fmt: skip
        lines = recorder.wait_until(
            lambda found: any(ln.what == "start" and ln.time >= launched for ln in found),
            TIMEOUT,
        )
        starts = [ln.time for ln in lines if ln.what == "start" and ln.time >= launched]
        if not starts:
            raise SystemExit(f"nothing was said within {TIMEOUT:.0f} s: {shell}")
        return float(starts[0] - launched)
    finally:
        subprocess.run([*tmux, "kill-server"], capture_output=True, check=False)
        shutil.rmtree(folder, ignore_errors=True)


def quiet(recorder: TimedRecorder, env: dict[str, str], still: float = 1.0) -> None:
    """Cancel what the server still says for the run before (it goes on after its client
    died) and wait until nothing new is logged for ``still`` seconds, so no message of that
    run is taken for this run's first word."""
    if shutil.which("spd-say"):
        cancel = ["spd-say", "--cancel"]
        subprocess.run(cancel, env={**os.environ, **env}, capture_output=True, check=False)
    count, since = len(recorder.lines()), time.monotonic()
    while time.monotonic() - since < still:
        time.sleep(0.1)
        now = len(recorder.lines())
        if now != count:
            count, since = now, time.monotonic()


def folder_size(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--app", type=Path, default=ROOT / "dist" / "audiopoker")
    parser.add_argument("--build", action="store_true", help="build the app first")
    options = parser.parse_args()
    app: Path = options.app.resolve()
    if options.build:
        build = [sys.executable, str(ROOT / "scripts" / "build_app.py"), "--no-zip"]
        subprocess.run([*build, "--dist", str(app.parent)], check=True)
    executable = app / ("audiopoker.exe" if sys.platform == "win32" else "audiopoker")
    if not executable.is_file():
        raise SystemExit(f"no app at {app}: python scripts/build_app.py (or pass --build)")
    print(f"app folder: {app} {folder_size(app) / 1e6:.1f} MB")
    commands = {
        "app": [str(executable), *GAME],
        "python -m audiopoker": [sys.executable, "-m", "audiopoker", *GAME],
    }
    medians: dict[str, float] = {}
    with timed_recorder(50) as recorder:
        env = {**recorder.env, "AUDIOPOKER_NO_PRISM": "1"}
        first_word(commands["app"], recorder, env)  # warm the disk cache and the server
        times: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(options.runs):  # interleaved, so load drifts hit both alike
            for name, command in commands.items():
                times[name].append(first_word(command, recorder, env))
    for name, found in times.items():
        medians[name] = statistics.median(found)
        runs = " ".join(f"{t:.2f}" for t in found)
        print(f"{name:>22}: median {medians[name]:.2f} s to the first word  (runs: {runs})")
    ratio = medians["app"] / medians["python -m audiopoker"]
    verdict = "met" if ratio <= 2 and medians["app"] < 2 else "NOT met"
    print(f"app / python: {ratio:.2f}x  (goal: within 2x and under 2 s: {verdict})")


if __name__ == "__main__":
    main()
