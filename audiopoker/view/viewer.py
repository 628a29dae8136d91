"""``python -m audiopoker.view.viewer``: the view's window. It connects to the game (``--port``
on the loopback, proving itself with the token in ``--token-file``) and redraws the table
in place at each view the game sends, and when the terminal changes size (SIGWINCH: a
resized or zoomed window). ``--show FILE`` draws one view kept in a file instead (the
screenshots). The window closes when the game ends or the channel breaks."""

from __future__ import annotations

import argparse
import contextlib
import signal
import socket
import sys
import threading
from pathlib import Path

import msgspec

from audiopoker.view.render import render
from audiopoker.view.screen import ENTER, LEAVE, paint, terminal_size
from audiopoker.view.table_view import ViewTable, decode
from audiopoker.view.themes import DEFAULT_THEME, THEMES, Theme


class Window:
    """The terminal this process runs in, redrawn whole at each view or resize."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self.view: ViewTable | None = None
        self.lock = threading.Lock()

    def draw(self, view: ViewTable | None = None) -> None:
        with self.lock:
            if view is not None:
                self.view = view
            if self.view is None:
                return
            columns, rows = terminal_size(sys.stdout.fileno())
            sys.stdout.write(paint(render(self.view, columns, rows), self.theme))
            sys.stdout.flush()


def _follow(port: int, token_file: Path, window: Window) -> None:
    token = token_file.read_text(encoding="ascii").strip()
    token_file.unlink(missing_ok=True)  # used once
    with socket.create_connection(("127.0.0.1", port), timeout=30) as connection:
        connection.settimeout(None)
        connection.sendall(token.encode("ascii") + b"\n")
        for line in connection.makefile("rb"):
            with contextlib.suppress(msgspec.ValidationError, msgspec.DecodeError):
                window.draw(decode(line))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m audiopoker.view.viewer")
    parser.add_argument("--port", type=int)
    parser.add_argument("--token-file", type=Path)
    parser.add_argument("--theme", choices=tuple(THEMES), default=DEFAULT_THEME)
    parser.add_argument("--show", type=Path, help="draw the view kept in FILE (one JSON line)")
    args = parser.parse_args(argv)
    window = Window(THEMES[args.theme])
    sys.stdout.write(ENTER)
    sys.stdout.flush()
    if hasattr(signal, "SIGWINCH"):
        signal.signal(signal.SIGWINCH, lambda *_: window.draw())
    try:
        if args.show is not None:
            window.draw(decode(args.show.read_bytes()))
            while True:
                signal.pause() if hasattr(signal, "pause") else threading.Event().wait()
        elif args.port is not None and args.token_file is not None:
            _follow(args.port, args.token_file, window)
    except (KeyboardInterrupt, OSError):
        pass
    finally:
        sys.stdout.write(LEAVE)
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
