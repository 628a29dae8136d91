"""Shared test setup: no test ever writes into the real user data folder. Every test gets
its own empty data folder through AUDIOPOKER_DATA_DIR (saved games, hand histories and
statistics land there), also for the game processes a test starts. The system language is
English for every test (commands without --lang follow it) unless the test sets another."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from audiopoker.persistence.files import DATA_DIR_ENV

# The shared helper modules beside the tests (engine_helpers, session_harness, the
# *_support modules) are imported by name: with --import-mode=importlib this folder is
# not on the path by itself.
_TESTS = str(Path(__file__).resolve().parent)
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)


@pytest.fixture(autouse=True)
def private_data_dir(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """A fresh data folder for this test."""
    folder = tmp_path_factory.mktemp("data")
    monkeypatch.setenv(DATA_DIR_ENV, str(folder))
    return folder


@pytest.fixture(autouse=True)
def english_system_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """The system language is English, whatever the machine running the tests speaks."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
