"""The view in a second terminal window the game opens, so the player's console stays an
append-only stream for the screen reader.

The game listens on the loopback (a port of the system's choice) and starts a terminal
running ``python -m audiopoker.view.viewer``, which connects and first sends a random token the
game left for it in a file only this user can read (a command line is readable by every
user of the machine, a file in a private folder is not); a connection without it is
refused. Then views flow one JSON line each. The window closed (its process gone) is a
broken connection: logged, and the game plays on.
"""

from __future__ import annotations

import hmac
import logging
import os
import secrets
import shlex
import shutil
import socket
import subprocess
import sys
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Final

from audiopoker.view.table_view import ViewTable, encode

log = logging.getLogger(__name__)

CONNECT_WAIT: Final = 30.0  # seconds for the window to start and connect
TITLE: Final = "audiopoker"
# Linux terminals in the order tried, and how each is told to run a command.
TERMINALS: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    ("x-terminal-emulator", ("-T", TITLE, "-e")),
    ("xterm", ("-T", TITLE, "-e")),
    ("gnome-terminal", ("--title", TITLE, "--")),
    ("konsole", ("-e",)),
)


def terminal_command(
    command: list[str],
    platform: str = sys.platform,
    which: Callable[[str], str | None] = shutil.which,
    environ: Mapping[str, str] = os.environ,
) -> list[str] | None:
    """How to run ``command`` in a new terminal window here; None when no terminal is
    found (on Linux: no X or Wayland display, or none of ``TERMINALS`` installed).

    >>> terminal_command(["v"], "linux", lambda name: "/usr/bin/" + name, {"DISPLAY": ":0"})
    ['/usr/bin/x-terminal-emulator', '-T', 'audiopoker', '-e', 'v']
    >>> terminal_command(["v"], "linux", lambda name: None, {"DISPLAY": ":0"}) is None
    True
    """
    if platform == "win32":
        return ["cmd", "/c", "start", TITLE, *command]
    if platform == "darwin":
        line = shlex.join(command).replace("\\", "\\\\").replace('"', '\\"')
        return ["osascript", "-e", f'tell application "Terminal" to do script "{line}"']
    if not environ.get("DISPLAY") and not environ.get("WAYLAND_DISPLAY"):
        return None
    for name, runs in TERMINALS:
        found = which(name)
        if found is not None:
            return [found, *runs, *command]
    return None


class WindowSink:
    """The channel to the view's window (a ``Sink``)."""

    def __init__(self, listener: socket.socket, token: str, folder: Path) -> None:
        self.listener = listener
        self.token = token
        self.folder = folder
        self.connection: socket.socket | None = None

    def _connect(self) -> socket.socket:
        self.listener.settimeout(CONNECT_WAIT)
        while True:
            connection, _ = self.listener.accept()  # socket.timeout (an OSError) ends it
            connection.settimeout(CONNECT_WAIT)
            given = connection.makefile("rb").readline(200).strip()
            if hmac.compare_digest(given, self.token.encode("ascii")):
                connection.settimeout(None)
                self.listener.close()
                return connection
            log.warning("the large view: a connection without the token, refused")
            connection.close()

    def show(self, view: ViewTable) -> None:
        if self.connection is None:
            self.connection = self._connect()
        self.connection.sendall(encode(view))

    def resized(self) -> bool:
        return False  # the window's own process follows its size (SIGWINCH)

    def close(self) -> None:
        for sock in (self.connection, self.listener):
            if sock is not None:
                sock.close()
        for path in self.folder.glob("*"):
            path.unlink(missing_ok=True)
        self.folder.rmdir()


def open_window(theme: str) -> WindowSink | str:
    """Start the view's window; the sink that feeds it, or why it could not start
    ("none": no terminal was found; else the error)."""
    folder = Path(tempfile.mkdtemp(prefix="audiopoker-view-"))  # 0700: this user's only
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        listener.bind(("127.0.0.1", 0))
        listener.listen(2)
        token = secrets.token_hex(16)
        token_file = folder / "token"
        descriptor = os.open(token_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w", encoding="ascii") as out:
            out.write(token)
        port = listener.getsockname()[1]
        view = [sys.executable, "-m", "audiopoker.view.viewer", "--port", str(port)]
        view += ["--token-file", str(token_file), "--theme", theme]
        command = terminal_command(view)
        if command is None:
            raise LookupError("none")
        subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=sys.platform != "win32",
        )
    except (OSError, LookupError) as error:
        listener.close()
        for path in folder.glob("*"):
            path.unlink(missing_ok=True)
        folder.rmdir()
        return "none" if isinstance(error, LookupError) else str(error)
    log.info("the large view's window: %s", command[0])
    return WindowSink(listener, token, folder)
