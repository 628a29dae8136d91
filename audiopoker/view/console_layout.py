"""The large view in the game's own terminal, full screen (``--view-in console``): the
table above, a rule, and below it the game's lines scrolling in a region of their own.

For a player who sees a little and uses no screen reader: one window, the table where the
eye expects it and what was said beneath. The terminal's scroll region (DECSTBM) keeps the
lines below the table: a line printed at the region's bottom scrolls the region alone.
Each redraw saves the cursor, draws the table's rows from the top and puts the cursor back
in the region, in one write under the console's own lock (``ConsoleBackend.write_control``),
so a line and a redraw never interleave. Nothing the lines say changes: the console prints
them as before, into the region.

Never while a screen reader reads the console (the view options refuse it and open the
view in a window of its own): a reader following the terminal would hear every redraw.
"""

from __future__ import annotations

from typing import Final, Protocol

from audiopoker.view.render import render
from audiopoker.view.screen import paint, terminal_size
from audiopoker.view.table_view import ViewTable
from audiopoker.view.themes import Theme

HIDE_CURSOR: Final = "\x1b[?25l"
SHOW_CURSOR: Final = "\x1b[?25h"
SAVE: Final = "\x1b7"
RESTORE: Final = "\x1b8"
RESET_REGION: Final = "\x1b[r"
MIN_LINES: Final = 4  # the game's lines below the table: a quarter of the rows, at least 4


class Console(Protocol):
    """What the layout uses of the console (``output.backends.ConsoleBackend``)."""

    def terminal(self) -> int | None: ...

    def write_control(self, text: str, then_lines: int = 0) -> None: ...


def split(rows: int) -> int:
    """How many rows the table takes of ``rows``: the rest (a rule, then the lines) is a
    quarter, at least MIN_LINES lines under the rule.

    >>> split(40), split(24), split(12)
    (29, 17, 7)
    """
    lines = max(MIN_LINES, rows // 4)
    return max(1, rows - lines - 1)


class ConsoleLayoutSink:
    """Draws the view at the top of the console's terminal; the game's lines scroll below."""

    def __init__(self, console: Console, theme: Theme) -> None:
        descriptor = console.terminal()
        if descriptor is None:
            raise OSError("the console is not a terminal")
        self.console = console
        self.fd = descriptor
        self.theme = theme
        self._size: tuple[int, int] | None = None

    def _layout(self, columns: int, rows: int) -> str:
        """Clear, draw the rule, and give the lines their region (the cursor at its foot,
        where the lines are printed again)."""
        top = split(rows)
        rule = paint([(("text", "─" * columns),)], self.theme).replace("\x1b[1;1H", "")
        return f"{HIDE_CURSOR}\x1b[2J\x1b[{top + 1};1H{rule}\x1b[{top + 2};{rows}r\x1b[{rows};1H"

    def resized(self) -> bool:
        """Our own terminal: its size is asked again (the feed asks twice a second)."""
        return terminal_size(self.fd) != self._size

    def show(self, view: ViewTable) -> None:
        columns, rows = size = terminal_size(self.fd)
        if size != self._size:  # the first view, or the terminal changed size: the lines
            self._size = size  # that fit below the rule are printed again
            self.console.write_control(self._layout(columns, rows), rows - split(rows) - 1)
        table = paint(render(view, columns, split(rows)), self.theme)
        self.console.write_control(f"{SAVE}{table}{RESTORE}")

    def close(self) -> None:
        """The whole terminal scrolls again; the cursor below the last line."""
        if self._size is not None:
            rows = self._size[1]
            self.console.write_control(f"{RESET_REGION}{SHOW_CURSOR}\x1b[{rows};1H\n")
