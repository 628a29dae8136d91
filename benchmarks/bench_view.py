"""The large view's redraw time per event: render (pure) plus painting the escape
sequences and writing them to a terminal, over the views of seeded bot games as seat 0
sees them (each event a redraw, as the game's feed draws when it keeps up), at two
terminal sizes. The write goes to a pseudo-terminal of that size (read by a thread, as a
terminal would) or, with --devnull, to /dev/null.

    python benchmarks/bench_view.py [--seeds 1 2 3] [--hands 5] [--players 6] [--lang es]

Prints the seeds and the lineup, then per size: events, median and p95 per redraw (ms),
and the bytes a redraw writes. Goal (issue 27): a redraw well under a frame (16 ms).
"""

from __future__ import annotations

import argparse
import fcntl
import os
import statistics
import struct
import termios
import threading
import time

from audiopoker.view.render import render
from audiopoker.view.sample_table import seeded_views
from audiopoker.view.screen import paint
from audiopoker.view.table_view import ViewTable
from audiopoker.view.themes import THEMES

SIZES = ((80, 24), (160, 50))


def terminal(columns: int, rows: int, devnull: bool) -> tuple[int, list[int]]:
    """Where redraws are written, and the descriptors to close afterwards."""
    if devnull:
        fd = os.open(os.devnull, os.O_WRONLY)
        return fd, [fd]
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))

    def drain() -> None:
        while True:
            try:
                if not os.read(master, 1 << 16):
                    return
            except OSError:
                return

    threading.Thread(target=drain, daemon=True).start()
    return slave, [slave, master]


def measure(views: list[ViewTable], columns: int, rows: int, devnull: bool) -> None:
    fd, close = terminal(columns, rows, devnull)
    theme = THEMES["contrast"]
    times: list[float] = []
    sizes: list[int] = []
    try:
        for view in views:
            start = time.perf_counter()
            data = paint(render(view, columns, rows), theme).encode("utf-8")
            os.write(fd, data)
            times.append(time.perf_counter() - start)
            sizes.append(len(data))
    finally:
        for descriptor in close:
            os.close(descriptor)
    times.sort()
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    print(
        f"{columns}x{rows}: {len(times)} events  median {statistics.median(times) * 1000:.3f} ms"
        f"  p95 {p95 * 1000:.3f} ms  max {times[-1] * 1000:.3f} ms"
        f"  {statistics.median(sizes) / 1024:.1f} KiB a redraw"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--lang", choices=("en", "es"), default="es")
    parser.add_argument("--devnull", action="store_true", help="write to /dev/null, no pty")
    args = parser.parse_args()
    views = [
        view
        for seed in args.seeds
        for view in seeded_views(seed, args.players, args.hands, args.lang)
    ]
    where = "/dev/null" if args.devnull else "a pty of that size"
    print(
        f"seeds {args.seeds}, {args.players} easy bots, {args.hands} hands a seed, "
        f"lang {args.lang}, theme contrast, written to {where}"
    )
    for columns, rows in SIZES:
        measure(views, columns, rows, args.devnull)


if __name__ == "__main__":
    main()
