"""The sdist -> wheel path (what pip, pipx and uv do with a source download): the sdist
builds a wheel that still carries every file the game loads at run time.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "audiopoker"
DATA_SUFFIXES = (".po", ".toml", ".csv")

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("hatchling") is None,
    reason="hatchling is not installed here (pip builds wheels in an isolated environment)",
)


def runtime_data() -> set[str]:
    """Where each data file the game reads sits inside an installed package."""
    found = {
        path.relative_to(ROOT).as_posix()
        for path in PACKAGE.rglob("*")
        if path.suffix in DATA_SUFFIXES and "__pycache__" not in path.parts
    }
    found |= {f"audiopoker/sounds/{cue.name}" for cue in (ROOT / "sounds").glob("*.wav")}
    return found


def test_the_wheel_built_from_the_sdist_carries_the_data(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "hatchling", "build", "-t", "sdist", "-d", str(tmp_path)],
        cwd=ROOT, check=True, capture_output=True,
    )  # fmt: skip
    (sdist,) = tmp_path.glob("audiopoker-*.tar.gz")
    with tarfile.open(sdist) as archive:
        archive.extractall(tmp_path / "unpacked", filter="data")
    (source,) = (tmp_path / "unpacked").iterdir()
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "--no-build-isolation",
         "-w", str(tmp_path / "wheel"), "-q"],
        check=True,
    )  # fmt: skip
    (wheel,) = (tmp_path / "wheel").glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    missing = runtime_data() - names
    assert not missing, sorted(missing)
    for needed in (
        "audiopoker/ui/keymap.toml",
        "audiopoker/bots/data/preflop169.csv",
        "audiopoker/coach/locale/es/LC_MESSAGES/coach.po",
        "audiopoker/tournament/locale/es/LC_MESSAGES/tournament.po",
        "audiopoker/narration/locale/en/LC_MESSAGES/audiopoker.po",
        "audiopoker/sounds/fold.wav",
    ):
        assert needed in names, needed
