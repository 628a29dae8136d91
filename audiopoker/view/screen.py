"""Drawing the rendered lines into a terminal: the alternate screen (the terminal's own
scrollback, and so any console a screen reader follows, is left as it was), the cursor
hidden, and every row drawn whole in 24-bit colour at each redraw, in one write."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Final

from audiopoker.view.card_art import Line
from audiopoker.view.themes import RGB, Theme

ENTER: Final = "\x1b[?1049h\x1b[?25l\x1b[2J"  # alternate screen, cursor hidden, cleared
LEAVE: Final = "\x1b[0m\x1b[?25h\x1b[?1049l"
BOLD: Final = frozenset({"strong", "turn"})
DEFAULT_SIZE: Final = (80, 24)


def _sgr(colour: RGB, layer: int) -> str:
    red, green, blue = colour
    return f"{layer};2;{red};{green};{blue}"


def paint(lines: Sequence[Line], theme: Theme) -> str:
    """The escape sequences that draw ``lines`` from the top left, each row whole."""
    out: list[str] = []
    for row, line in enumerate(lines, start=1):
        out.append(f"\x1b[{row};1H")
        for style, text in line:
            foreground, background = theme.styles[style]
            bold = "1;" if style in BOLD else ""
            out.append(f"\x1b[0;{bold}{_sgr(foreground, 38)};{_sgr(background, 48)}m{text}")
    out.append("\x1b[0m")
    return "".join(out)


def terminal_size(fd: int) -> tuple[int, int]:
    """The terminal's (columns, rows) behind ``fd``, asked at each redraw (so a resized or
    zoomed terminal is followed); 80 x 24 when ``fd`` is no terminal (a file)."""
    try:
        size = os.get_terminal_size(fd)
    except OSError:
        return DEFAULT_SIZE
    if size.columns <= 0 or size.lines <= 0:
        return DEFAULT_SIZE
    return size.columns, size.lines
