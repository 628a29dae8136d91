"""A pseudo-terminal for the large view's tests: its two ends, a size, and what is drawn
into it, read by a thread as a terminal would (so drawing never blocks)."""

from __future__ import annotations

import fcntl
import os
import struct
import termios
import threading


def set_size(slave: int, columns: int, rows: int) -> None:
    """Give the terminal ``columns`` x ``rows`` (as a window resized or zoomed would)."""
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def open_pty(columns: int, rows: int) -> tuple[int, int, list[bytes]]:
    """A pseudo-terminal of ``columns`` x ``rows``: its master and slave ends, and the list
    the bytes written to the slave are appended to."""
    master, slave = os.openpty()
    set_size(slave, columns, rows)
    drawn: list[bytes] = []

    def drain() -> None:
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                return
            if not chunk:
                return
            drawn.append(chunk)

    threading.Thread(target=drain, daemon=True).start()
    return master, slave, drawn
