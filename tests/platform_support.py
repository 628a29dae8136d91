"""Which tests run where. The real-stack tests (tmux, Speech Dispatcher, BRLTTY, aplay, a
pty) need Linux and the packages .ci/run installs; on Windows and macOS (the CI matrix) they
skip with a reason that names what they need. The platform is read when a mark is made or a
helper is called, so tests of these helpers can fake ``sys.platform``."""

from __future__ import annotations

import os
import sys

import pytest

CI_NOTE = "CI runs it on ubuntu-latest"


def on_linux() -> bool:
    """True on Linux, where the real speech, braille and terminal stack exists."""
    return sys.platform.startswith("linux")


def linux_reason(what: str) -> str:
    """The skip reason for a test that needs ``what``, which only Linux has here."""
    return f"needs {what}, on Linux only ({CI_NOTE})"


def posix_reason(what: str) -> str:
    """The skip reason for a test that needs ``what``, which Windows lacks."""
    return f"needs {what}, which Windows lacks"


def linux_only(what: str) -> pytest.MarkDecorator:
    """Skip the marked test (or module, as ``pytestmark``) off Linux."""
    return pytest.mark.skipif(not on_linux(), reason=linux_reason(what))


def posix_only(what: str) -> pytest.MarkDecorator:
    """Skip the marked test on Windows (macOS has what it needs)."""
    return pytest.mark.skipif(sys.platform == "win32", reason=posix_reason(what))


def require_linux(what: str) -> None:
    """Skip the running test off Linux (for fixtures and helpers that start real tools)."""
    if not on_linux():
        pytest.skip(linux_reason(what))


def tmpfs_reason() -> str | None:
    """Why a small tmpfs cannot be mounted here to be filled (a real full disk), or None:
    it needs Linux and root (CI runs the suite as root on Linux)."""
    if not on_linux():
        return linux_reason("a tmpfs mounted as a small disk")
    if os.geteuid() != 0:
        return "needs root to mount a tmpfs as a small disk (CI runs as root on Linux)"
    return None
