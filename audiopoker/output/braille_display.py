"""What the braille display shows, and when: pure logic, testable without BRLTTY.

A braille display shows one line of a few dozen cells. A message longer than that is cut
into segments the player moves through with the display's own pan keys (:func:`segments`).
:class:`Pager` decides which segment of which message is on the display: speech paces table
messages, so one the player has not touched is simply replaced by the next; but once the
player pans through a message, newer table messages wait, in order, until the player pans
past its end, so nothing is flashed away mid-reading. The BrlAPI glue is in braille.py.
"""

from __future__ import annotations

import enum
import logging
import re
from collections import deque
from dataclasses import dataclass
from typing import Final

log = logging.getLogger(__name__)

# Characters every common BRLTTY text table and liblouis computer-braille table has a cell
# for: printable ASCII and the Spanish letters and marks. Anything else (♠ ♥ ♦ ♣, typographic
# quotes, emoji) may show as a placeholder cell such as ⣿, so narration must not send it.
SPANISH_LETTERS: Final = "áéíóúüñÁÉÍÓÚÜÑ¿¡"
BRAILLE_SAFE: Final = frozenset(chr(code) for code in range(0x20, 0x7F)) | frozenset(
    SPANISH_LETTERS
)

# BrlAPI key codes (brlapi_keycodes.h, stable across BrlAPI 0.x): kept here so the pure logic
# needs no brlapi module; the tests check them against the installed module.
KEY_TYPE_MASK: Final = 0xE000_0000
KEY_TYPE_CMD: Final = 0x2000_0000
KEY_CMD_BLK_MASK: Final = 0x1FFF_0000
KEY_CMD_ARG_MASK: Final = 0x0000_FFFF
CMD_FWINLT: Final = 0x17
CMD_FWINRT: Final = 0x18
CMD_FWINLTSKIP: Final = 0x19
CMD_FWINRTSKIP: Final = 0x1A
RANGE_TYPE_COMMAND: Final = 2  # brlapi_rangeType_command: a command, whatever its flags

# Messages waiting while the player reads, at most; beyond it the oldest goes (a safety
# bound: a hand never produces this many before the player must act).
WAITING_LIMIT: Final = 500


class Pan(enum.Enum):
    """The display's own pan keys (BRLTTY's FWINLT / FWINRT)."""

    LEFT = "left"
    RIGHT = "right"


_PAN_COMMANDS: Final = {
    CMD_FWINLT: Pan.LEFT,
    CMD_FWINLTSKIP: Pan.LEFT,
    CMD_FWINRT: Pan.RIGHT,
    CMD_FWINRTSKIP: Pan.RIGHT,
}


def accepted_keys() -> list[int]:
    """The BrlAPI command codes we take from BRLTTY: the pan keys and nothing else, so help,
    preferences and every other key of the display keep working as BRLTTY defines them."""
    return [KEY_TYPE_CMD | command for command in _PAN_COMMANDS]


def pan_of(code: int) -> Pan | None:
    """The pan key a BrlAPI key code stands for, or None (any other key, or a flagged key).

    >>> pan_of(0x2000_0018), pan_of(0x2000_0031)
    (<Pan.RIGHT: 'right'>, None)
    """
    if code & KEY_TYPE_MASK != KEY_TYPE_CMD:
        return None
    block = code & KEY_CMD_BLK_MASK
    if block:  # commands with an argument (routing keys...): not ours
        return None
    return _PAN_COMMANDS.get(code & KEY_CMD_ARG_MASK)


def unreadable(text: str) -> str:
    """The characters of ``text`` a braille text table may lack (empty when all is well).

    >>> unreadable("Flop: Jd 10c As."), unreadable("Flop: J♦")
    ('', '♦')
    """
    return "".join(dict.fromkeys(char for char in text if char not in BRAILLE_SAFE))


_LONG_NUMBER: Final = re.compile(r"(?<![\w.,])[0-9]{5,}(?![\w]|[.,][0-9])")


def group_thousands(text: str, separator: str) -> str:
    """Numbers of five digits or more in ``text`` grouped in threes for the braille
    display ("12500" as "12.500" in Spanish, "12,500" in English: the separator is the
    language's, from the output catalog). Speech keeps plain digits, which every voice
    reads right whatever its language; braille is read digit by digit by touch, where
    "12500" and "125000" are hard to tell apart, and the reader's braille table keeps the
    separator inside the number. Four digits stay whole (a hand number, "1000").

    >>> group_thousands("Pot: 125000. Hand 1000. Seed 123456789.", ",")
    'Pot: 125,000. Hand 1000. Seed 123,456,789.'
    >>> group_thousands("Bote: 12500; 10h, 2.500", ".")
    'Bote: 12.500; 10h, 2.500'
    """

    def grouped(match: re.Match[str]) -> str:
        digits = match.group(0)
        head = len(digits) % 3 or 3
        groups = [digits[:head]] + [digits[i : i + 3] for i in range(head, len(digits), 3)]
        return separator.join(groups)

    return _LONG_NUMBER.sub(grouped, text)


def segments(text: str, width: int) -> tuple[str, ...]:
    """``text`` cut into display lines of at most ``width`` cells.

    Whitespace runs (line breaks too) become one space. Lines break at a space, which is
    dropped (a blank cell at the start of a line reads as a stray gap); a word longer than
    the display is cut where the display ends. An empty text is one empty line.

    >>> segments("Your turn: call 20, raise or fold.", 16)
    ('Your turn: call', '20, raise or', 'fold.')
    >>> segments("abcdefghij klm", 4)
    ('abcd', 'efgh', 'ij', 'klm')
    """
    rest = " ".join(text.split())
    width = max(width, 1)
    lines: list[str] = []
    while len(rest) > width:
        cut = rest.rfind(" ", 0, width + 1)
        if cut > 0:
            lines.append(rest[:cut])
            rest = rest[cut + 1 :]
        else:
            lines.append(rest[:width])
            rest = rest[width:].lstrip(" ")
    lines.append(rest)
    return tuple(lines)


@dataclass(slots=True)
class _Shown:
    """One message on the display: its segments and where the player is in it.

    ``hold``: the message stays until the player pans past its end (they started panning
    it, or it was reached by panning on, so speech did not pace it).
    """

    text: str
    lines: tuple[str, ...]
    answer: bool = False
    index: int = 0
    hold: bool = False

    @property
    def line(self) -> str:
        return self.lines[self.index]


class Pager:
    """Which segment of which message the display shows.

    Rules (the player's reading is never flashed away, nothing is skipped):

    - A table message replaces the one shown, unless that one is held (the player panned in
      it, or reached it by panning on) or messages already wait: then it waits, in order.
    - Pan right moves to the next segment; past the last, to the oldest waiting message;
      with none waiting it changes nothing. A message whose last segment the player has
      reached counts as read: the next table message may replace it (after those waiting,
      in order), so the display never sticks on a message read to its end. Pan left moves
      back (holding the message again), and stays at the first segment.
    - An answer to a query key (``interrupt``) shows at once. A held table message it covers
      goes back to the front of the waiting ones (from its first segment), so panning on
      past the answer resumes the reading where the table had got to. Answers themselves
      never wait and are not kept when the next answer comes.
    - The router says a table message cut by an answer again, whole, after the answers, and
      sends it to braille again: where it is already shown or waiting, it is not added twice.

    Every method returns the text to write to the display, or None when it stays as it is.
    """

    def __init__(self, width: int, limit: int = WAITING_LIMIT) -> None:
        self.width = max(width, 1)
        self.limit = max(limit, 1)
        self._shown: _Shown | None = None
        self._waiting: deque[str] = deque()
        self._last_table = ""  # the newest table message received
        self.dropped = 0

    @property
    def line(self) -> str:
        """The segment on the display now ('' before the first message)."""
        return self._shown.line if self._shown is not None else ""

    @property
    def position(self) -> tuple[int, int]:
        """(segment index, number of segments) of the message shown; (0, 0) before any."""
        shown = self._shown
        return (shown.index, len(shown.lines)) if shown is not None else (0, 0)

    @property
    def waiting(self) -> tuple[str, ...]:
        """The table messages waiting for the player, oldest first."""
        return tuple(self._waiting)

    def show(self, text: str, interrupt: bool = False) -> str | None:
        """A new message: shown now, or kept waiting (see the class rules)."""
        if not text.strip():
            return None
        if interrupt:
            shown = self._shown
            if shown is not None and shown.hold and not shown.answer:
                self._waiting.appendleft(shown.text)
                self._trim()
            return self._put(_Shown(text, segments(text, self.width), answer=True))
        shown = self._shown
        again = text == self._last_table
        self._last_table = text
        if again and (text in self._waiting or (shown is not None and shown.text == text)):
            return None  # said again after an answer: already on the display or waiting
        if self._waiting or (shown is not None and shown.hold):
            self._waiting.append(text)
            self._trim()
            return None
        return self._put(_Shown(text, segments(text, self.width)))

    def pan(self, direction: Pan) -> str | None:
        """The player pressed a pan key of the display."""
        shown = self._shown
        if shown is None:
            return None
        if direction is Pan.LEFT:
            if len(shown.lines) > 1:
                shown.hold = True
            if shown.index == 0:
                return None
            shown.index -= 1
            return shown.line
        if shown.index + 1 < len(shown.lines):
            shown.index += 1
            shown.hold = shown.index + 1 < len(shown.lines)  # the last piece read: had it
            return shown.line
        if self._waiting:
            text = self._waiting.popleft()
            lines = segments(text, self.width)
            return self._put(_Shown(text, lines, hold=len(lines) > 1))
        shown.hold = False  # read to its end: the next table message may replace it
        return None

    def _put(self, shown: _Shown) -> str:
        self._shown = shown
        return shown.line

    def _trim(self) -> None:
        while len(self._waiting) > self.limit:
            self._waiting.popleft()
            self.dropped += 1
            if self.dropped == 1:
                log.warning("braille: over %d messages waiting; dropping the oldest", self.limit)
