"""The Linux-only tests skip cleanly on Windows and macOS, with a reason: the helpers of
platform_support and every test module that assumes Linux, imported here with
``sys.platform`` faked (and, for Windows, the POSIX-only modules made unimportable)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from platform_support import linux_only, posix_only, require_linux

TESTS = Path(__file__).resolve().parent
POSIX_MODULES = ("pty", "tty", "termios", "fcntl", "resource")

# Each module that assumes Linux, and the words its module-wide skip reason must hold.
LINUX_MODULES = {
    "test_tmux.py": "tmux",
    "test_output_braille_brltty.py": "BRLTTY",
    "test_output_braille_game.py": "BRLTTY",
    "test_output_tts_console.py": "a pty",
}
# Tests skipped only on Windows (macOS has what they need), by module and test name.
WINDOWS_SKIPS = {
    "test_output_tts_player.py": ("", "POSIX process signals"),
    "test_output_echo.py": ("test_each_linux_reader_is_found_by_its_process", "os.getuid"),
    "test_persistence_files.py": ("test_the_lock_of_a_killed_process_is_free_at_once", "SIGKILL"),
    "test_persistence_crash.py": ("", "SIGKILL"),
}


@pytest.fixture(autouse=True, scope="module")
def warm() -> None:
    """Import every module under test once with the real platform."""
    for file_name in (*LINUX_MODULES, *WINDOWS_SKIPS):
        load(file_name)
    import speechd_support  # noqa: F401


def fake_platform(monkeypatch: pytest.MonkeyPatch, platform: str) -> None:
    monkeypatch.setattr(sys, "platform", platform)
    if platform == "win32":
        for name in POSIX_MODULES:  # `import pty` now fails as it does on Windows
            monkeypatch.setitem(sys.modules, name, None)


def load(file_name: str) -> ModuleType:
    """Import a test module afresh (under a private name), as collection would. Whatever
    it imports is already loaded under the real platform (see ``warm``): asyncio and others
    pick their Windows parts when first imported with the platform faked."""
    spec = importlib.util.spec_from_file_location(f"_faked_{file_name[:-3]}", TESTS / file_name)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def skip_reasons(marks: object) -> list[str]:
    """The reasons of the skipif marks whose condition holds."""
    listed = marks if isinstance(marks, list) else [marks]
    found = []
    for item in listed:
        mark: Any = getattr(item, "mark", item)  # a MarkDecorator or a Mark
        if mark.name == "skipif" and mark.args and mark.args[0]:
            found.append(str(mark.kwargs["reason"]))
    return found


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_linux_only_skips_elsewhere_with_its_reason(
    monkeypatch: pytest.MonkeyPatch, platform: str
) -> None:
    fake_platform(monkeypatch, platform)
    assert skip_reasons(linux_only("tmux")) == [
        "needs tmux, on Linux only (CI runs it on ubuntu-latest)"
    ]
    with pytest.raises(pytest.skip.Exception, match="needs Speech Dispatcher, on Linux only"):
        require_linux("Speech Dispatcher")
    windows = skip_reasons(posix_only("SIGKILL"))
    assert windows == (["needs SIGKILL, which Windows lacks"] if platform == "win32" else [])


def test_on_linux_nothing_is_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_platform(monkeypatch, "linux")
    assert skip_reasons(linux_only("tmux")) == skip_reasons(posix_only("SIGKILL")) == []
    require_linux("tmux")  # returns


@pytest.mark.parametrize("platform", ["win32", "darwin"])
@pytest.mark.parametrize("file_name", sorted(LINUX_MODULES))
def test_linux_modules_import_and_skip_whole(
    monkeypatch: pytest.MonkeyPatch, platform: str, file_name: str
) -> None:
    fake_platform(monkeypatch, platform)
    module = load(file_name)
    reasons = skip_reasons(module.pytestmark)
    assert reasons, f"{file_name} would run on {platform}"
    assert LINUX_MODULES[file_name] in reasons[0] and "Linux only" in reasons[0]


@pytest.mark.parametrize("file_name", sorted(WINDOWS_SKIPS))
def test_posix_tests_import_and_skip_on_windows(
    monkeypatch: pytest.MonkeyPatch, file_name: str
) -> None:
    fake_platform(monkeypatch, "win32")
    module = load(file_name)
    test_name, words = WINDOWS_SKIPS[file_name]
    marks = getattr(module, test_name).pytestmark if test_name else module.pytestmark
    assert any(words in reason for reason in skip_reasons(marks))


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_the_real_stack_helpers_skip_before_starting_anything(
    monkeypatch: pytest.MonkeyPatch, platform: str
) -> None:
    """The tmux games (drills, saved games, the app) and the Speech Dispatcher recorder
    (speech timing, speech-test) skip inside their helpers, before any tool starts."""
    import speechd_support

    fake_platform(monkeypatch, platform)
    monkeypatch.setattr("subprocess.run", _must_not_run)
    with (
        pytest.raises(pytest.skip.Exception, match="tmux"),
        speechd_support.game_in_tmux(["--output", "console"], {}),
    ):
        pass  # pragma: no cover - skipped on entry
    with (
        pytest.raises(pytest.skip.Exception, match="Speech Dispatcher"),
        speechd_support.timed_recorder(),
    ):
        pass  # pragma: no cover


def _must_not_run(*args: object, **kwargs: object) -> None:
    raise AssertionError(f"started {args} on a faked platform")
