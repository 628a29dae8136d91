"""A real BRLTTY whose ``tt`` driver draws a 40-cell display into a tmux pane (row 0: the
text, row 1: the braille dots) and reads that pane's keys as the display's keys (Left/Right:
pan, F1: BRLTTY's help), on a private BrlAPI socket. The game's BrlapiBackend connects to it
in-process, told where it is by BrlAPI's own variables (:attr:`Display.brlapi_env`).

Needs the Debian packages brltty, python3-brlapi and tmux; the tests skip, saying which is
missing, where they are not installed (:func:`brltty_marks`). Every wait polls with a
deadline (no fixed sleeps), so a loaded machine makes the tests slower, not red.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from platform_support import linux_only

from audiopoker.output.braille_display import segments
from audiopoker.output.sysmodules import import_system_module

CELLS = 40
DEADLINE = 30.0  # seconds for any one thing to show; generous for loaded CI machines
SOCKET_DIR = Path("/var/lib/BrlAPI")  # where BRLTTY puts its local BrlAPI sockets
UTF8 = {"LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}


def missing() -> str:
    """Why the real stack cannot run here ('' when it can)."""
    for tool, package in (("brltty", "brltty"), ("tmux", "tmux")):
        if shutil.which(tool) is None:
            return f"{tool} is not installed (Debian package {package})"
    try:
        import_system_module("brlapi")
    except ImportError:
        return "the brlapi module is not installed (Debian package python3-brlapi)"
    if not os.access(SOCKET_DIR if SOCKET_DIR.exists() else SOCKET_DIR.parent, os.W_OK):
        return f"BRLTTY cannot create its BrlAPI socket in {SOCKET_DIR} as this user"
    return ""


def brltty_marks() -> list[pytest.MarkDecorator]:
    """A module's ``pytestmark``: Linux only, and skipped saying what is missing. Called when
    the test module is imported, so a faked platform (test_platform_skips) is read."""
    why = missing()
    return [
        linux_only("BRLTTY, BrlAPI and tmux"),
        pytest.mark.skipif(bool(why), reason=why or "runs"),
    ]


def wait_until(what: str, check: Callable[[], Any], seconds: float = DEADLINE) -> Any:
    """Poll ``check`` until it returns something true; fail saying ``what`` at the deadline."""
    deadline = time.monotonic() + seconds
    delay = 0.02
    while True:
        result = check()
        if result:
            return result
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {seconds:.0f} s waiting for {what}")
        time.sleep(delay)
        delay = min(delay * 1.5, 0.25)


class Display:
    """A BRLTTY ``tt`` display in a private tmux server, on a private BrlAPI socket."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.tmux_socket = folder / "tmux"
        self.log = folder / "brltty.log"
        key = folder / "brlapi.key"
        key.write_text(secrets.token_hex(16))
        key.chmod(0o600)
        self.auth = f"keyfile:{key}"
        self.host = f":{self._free_port()}"
        self.brltty: subprocess.Popen[bytes] | None = None
        self.env = {**os.environ, **UTF8}

    @property
    def brlapi_env(self) -> dict[str, str]:
        """BrlAPI's variables that lead a client (probe_brlapi) to this display."""
        return {"BRLAPI_HOST": self.host, "BRLAPI_AUTH": self.auth}

    @staticmethod
    def _free_port() -> int:
        """A BrlAPI port (local socket name) that nothing else uses now."""
        for offset in range(500):
            number = 50 + (os.getpid() + offset) % 900
            if not (SOCKET_DIR / str(number)).exists() and not (SOCKET_DIR / f".{number}").exists():
                return number
        pytest.skip("no free BrlAPI socket name")

    def tmux(self, *args: str) -> str:
        done = subprocess.run(
            ["tmux", "-u", "-S", str(self.tmux_socket), *args],
            capture_output=True,
            env=self.env,
            timeout=DEADLINE,
            check=True,
        )
        return done.stdout.decode("utf-8", "replace")

    def start(self) -> None:
        # The pane runs a process that never reads its terminal, so BRLTTY gets every key.
        self.tmux("new-session", "-d", "-s", "brl", "-x", "60", "-y", "4", "exec sleep 86400")
        tty = self.tmux("display", "-p", "-t", "brl", "#{pane_tty}").strip()
        folder = str(self.folder)
        command = [
            "brltty", "-n", "-e", "-l", "warning", "-f", "/dev/null",
            "-F", f"{folder}/prefs", "-P", f"{folder}/brltty.pid", "-W", folder, "-U", folder,
            "-b", "tt", "-d", tty, "-B", f"term=xterm,lines=1,columns={CELLS}",
            "-x", "no", "-s", "no", "-A", f"auth={self.auth},host={self.host}",
        ]  # fmt: skip
        with self.log.open("wb") as log:
            self.brltty = subprocess.Popen(
                command, stdout=log, stderr=subprocess.STDOUT, env=self.env
            )
        wait_until("BRLTTY to draw into its pane", lambda: self.rows()[0] or self._died())
        wait_until("BrlAPI to accept a connection", self._reachable)
        # BRLTTY shows its name and version for a few seconds: a client's text stays behind
        # that message until it is gone.
        wait_until("BRLTTY's start message to go", lambda: not self.text().startswith("BRLTTY"))

    def _died(self) -> bool:
        if self.brltty is not None and self.brltty.poll() is not None:
            pytest.fail(f"BRLTTY exited ({self.brltty.returncode}): {self.log.read_text()}")
        return False

    def _reachable(self) -> bool:
        brlapi = import_system_module("brlapi")
        self._died()
        try:
            connection = brlapi.Connection(self.host.encode(), self.auth.encode())
        except Exception:
            return False
        connection.closeConnection()
        return True

    def rows(self) -> tuple[str, str]:
        """(text row, braille dots row) of the display, trailing blanks removed."""
        lines = [*self.tmux("capture-pane", "-p", "-t", "brl").splitlines(), "", ""]
        return lines[0].rstrip(), lines[1].rstrip("\u2800 ")

    def text(self) -> str:
        return self.rows()[0]

    def press(self, key: str) -> None:
        self.tmux("send-keys", "-t", "brl", key)

    def stop(self) -> None:
        process = self.brltty
        if process is not None and process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:  # BRLTTY may ignore SIGTERM
                process.kill()
                process.wait(timeout=5)
        with contextlib.suppress(Exception):
            self.tmux("kill-server")


@contextlib.contextmanager
def brltty_display() -> Iterator[Display]:
    """A started BRLTTY display (it takes seconds to start: share it across a module),
    stopped and its folder removed at the end."""
    folder = Path(tempfile.mkdtemp(prefix="apbrl"))  # short: tmux's socket path is limited
    shown = Display(folder)
    try:
        shown.start()
        yield shown
    finally:
        shown.stop()
        shutil.rmtree(folder, ignore_errors=True)


def on_display(display: Display, texts: list[str]) -> str | None:
    """Which of ``texts`` the display shows now (any of its segments), or None."""
    now = display.text()
    return next((text for text in texts if now in segments(text, CELLS)), None)
