"""Shared test setup: no test ever writes into the real user data folder. Every test gets
its own empty data folder through AUDIOPOKER_DATA_DIR (saved games, hand histories and
statistics land there), also for the game processes a test starts. The system language is
English for every test (commands without --lang follow it) unless the test sets another."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from audiopoker.i18n import DEFAULT_WORDS, set_words
from audiopoker.persistence.files import DATA_DIR_ENV

# The shared helper modules beside the tests (engine_helpers, session_harness, the
# *_support modules) are imported by name: with --import-mode=importlib this folder is
# not on the path by itself.
_TESTS = str(Path(__file__).resolve().parent)
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)

from lane_support import ProcessGuard, Reader  # noqa: E402  (needs the path above)


@pytest.fixture(autouse=True)
def private_data_dir(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """A fresh data folder for this test."""
    folder = tmp_path_factory.mktemp("data")
    monkeypatch.setenv(DATA_DIR_ENV, str(folder))
    return folder


@pytest.fixture(autouse=True)
def default_words() -> Iterator[None]:
    """Every test starts and ends in the default Spanish words: the choice is process-wide
    (one player per process), so a test that chose the poker words would leave them to the
    next test on its worker."""
    set_words(DEFAULT_WORDS)
    yield
    set_words(DEFAULT_WORDS)


@pytest.fixture(autouse=True)
def english_system_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """The system language is English, whatever the machine running the tests speaks."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


# --- the lanes: `slow` from what a test uses (lane_support), and the guard behind it -------

_WHY_SLOW = pytest.StashKey[str]()
_guard = ProcessGuard()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--why-slow",
        action="store_true",
        help="print each test the lanes put in the slow lane, and what made it slow",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    reader = Reader()
    for item in items:
        reason = _slow_reason(reader, item)
        if reason is None:
            continue
        item.stash[_WHY_SLOW] = reason
        if item.get_closest_marker("slow") is None:
            item.add_marker(pytest.mark.slow)
        if config.getoption("--why-slow"):
            print(f"slow: {item.nodeid}: {reason}")


def _slow_reason(reader: Reader, item: pytest.Item) -> str | None:
    if item.get_closest_marker("slow") is not None:
        return "marked slow"
    for mark in item.iter_markers("skipif"):  # skips with the system package it needs
        reason = str(mark.kwargs.get("reason", ""))
        if "apt-get install" in reason:
            return f"needs a system program ({reason})"
    function = getattr(item, "function", None)
    if function is None:  # a doctest: runs in process, reads no helper
        return None
    reason = reader.why_slow(function)
    if reason is not None:
        return reason
    info = getattr(item, "_fixtureinfo", None)
    for name, definitions in info.name2fixturedefs.items() if info else ():
        for definition in definitions:
            reason = reader.why_slow(definition.func)
            if reason is not None:
                return f"fixture {name}: {reason}"
    return None


def pytest_sessionstart(session: pytest.Session) -> None:
    _guard.install()


def pytest_sessionfinish(session: pytest.Session) -> None:
    _guard.uninstall()


@pytest.fixture(autouse=True)
def fast_lane_starts_no_process(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test left in the fast lane that starts a process fails with what it started: the
    lanes' reading missed a slow thing it uses (add it to lane_support)."""
    fast = _WHY_SLOW not in request.node.stash
    _guard.begin(fast)
    try:
        yield
    finally:
        _guard.fast_test_running = False
        started = _guard.take()
    if fast and started:
        pytest.fail(
            "this test is in the fast lane but started "
            + "; ".join(started[:3])
            + ": teach tests/lane_support.py what it uses, so the lanes mark it slow",
            pytrace=False,
        )


# A test long in process (thousands of hands or keys) is the one kind the reading cannot
# tell: the fast lane names each one that took longer than this, to be marked slow.
FAST_TEST_SECONDS = 2.0
_long_fast_tests: list[tuple[float, str]] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    long = report.duration > FAST_TEST_SECONDS
    if report.when == "call" and long and "slow" not in report.keywords:
        _long_fast_tests.append((report.duration, report.nodeid))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not _long_fast_tests:
        return
    terminalreporter.section("fast lane: tests that took long in process")
    for seconds, nodeid in sorted(_long_fast_tests, reverse=True):
        terminalreporter.write_line(f"{seconds:6.1f} s  {nodeid}  (mark it slow if it always does)")


# --- a real PostgreSQL for the room (pg_support): one server a worker, a database a test ----


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """A PostgreSQL server's URL (AUDIOPOKER_TEST_POSTGRES, or a throwaway cluster); the
    test is skipped, saying why, when there is neither."""
    from pg_support import postgres_server as server

    try:
        with server() as url:
            yield url
    except LookupError as why:
        pytest.skip(f"no PostgreSQL to test against: {why}")


@pytest.fixture
def postgres_url(postgres_server: str) -> Iterator[str]:
    """A fresh database of its own for this test, dropped after."""
    from pg_support import fresh_database

    with fresh_database(postgres_server) as url:
        yield url
