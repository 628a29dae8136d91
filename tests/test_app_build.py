"""The stand-alone app (scripts/build_app.py): built with PyInstaller, it starts without our
Python, speaks through the real Speech Dispatcher recorder at 50 ms a character and plays a
seeded hand by keys in tmux, in Spanish (a catalog that must have been packed).
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from platform_support import linux_only
from speechd_support import TimedRecorder, game_in_tmux, timed_recorder

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import build_app  # noqa: E402

pytestmark = [
    # Elsewhere CI's app job builds the zip; the spoken game needs the Linux stack.
    linux_only("tmux and the Speech Dispatcher recorder"),
    pytest.mark.slow,
    pytest.mark.skipif(
        importlib.util.find_spec("PyInstaller") is None,
        reason="PyInstaller is not installed (pip install -e .[test] or pip install pyinstaller)",
    ),
    # python3-speechd ends its reader thread with sys.exit() when a connection closes.
    pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning"),
]

GAME_DEADLINE = 240.0  # one narrated hand at 50 ms a character, under load
GAME = ["--players", "3", "--seed", "11", "--bot-delay", "0", "--hands", "1", "--no-save"]
GAME += ["--no-sound", "--lang", "es", "--screen-reader", "speech-dispatcher"]


@pytest.fixture
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    dist = tmp_path_factory.mktemp("dist")
    folder, archive = build_app.build(dist)
    assert archive is not None and archive.name.startswith("audiopoker-")
    names = set(zipfile.ZipFile(archive).namelist())
    internal = "audiopoker/_internal/audiopoker"
    for needed in ("ui/keymap.toml", "bots/data/preflop169.csv", "sounds/fold.wav"):
        assert f"{internal}/{needed}" in names, needed
    for domain in ("narration", "coach", "tournament", "ui", "output", "commands"):
        assert any(n.startswith(f"{internal}/{domain}/locale/es/") for n in names), domain
    if importlib.util.find_spec("prism") is not None:
        assert any("libprism" in name for name in names), "prismatoid's library is missing"
    yield folder


def test_the_app_says_its_version_then_plays_a_hand_by_ear(
    app: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One test for the one build (a build per test, or per worker, costs half a minute)."""
    monkeypatch.setenv("PATH", "/usr/bin:/bin")  # no Python of ours within reach
    program = [str(app / "audiopoker")]
    shown = subprocess.run([*program, "--version"], capture_output=True, text=True, timeout=60)
    assert shown.returncode == 0, shown.stderr
    assert build_app.version() in shown.stdout
    with timed_recorder(50) as recorder, game_in_tmux(GAME, recorder.env, program) as game:
        turns_answered = 0
        deadline = time.monotonic() + GAME_DEADLINE
        while game.running and time.monotonic() < deadline:
            records = game.records()
            turns = [r for r in records if r["kind"] == "your_turn" and not r["answer"]]
            said = recorder.utterances()
            heard = {u.text for u in said if u.end is not None}
            if len(turns) > turns_answered and str(turns[turns_answered]["text"]) in heard:
                game.press("c")  # heard the whole prompt: call
                turns_answered += 1
            time.sleep(0.1)
        assert not game.running, f"the game did not end in time:\n{game.screen()}"
        check_heard(game.records(), recorder)
    assert turns_answered >= 1, "the seed gives the player a turn"


def check_heard(records: list[dict[str, object]], recorder: TimedRecorder) -> None:
    table = [str(r["text"]) for r in records if not r["answer"] and r["speech"]]
    assert len(table) >= 3, records
    heard = [u.text for u in recorder.utterances() if u.end is not None]
    # The table's first sentences, in Spanish, each spoken to its end and in order.
    assert heard[:3] == table[:3], (heard[:5], table[:5])
    assert any(word in " ".join(table) for word in ("ciegas", "ciega", "reparte")), table[:3]
