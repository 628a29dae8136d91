"""What the braille display shows, and when: pure logic, testable without BRLTTY.

A braille display shows one line of a few dozen cells. A message longer than that is cut
into segments the player moves through with the display's own pan keys (:func:`segments`).
:class:`Pager` decides which segment of which message is on the display: speech paces table
messages, and the display shows the newest, held while the player pans and never more than
one message behind. The BrlAPI glue (and the timer that shows a message that waited) is in
braille.py.
"""

from __future__ import annotations

import enum
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

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

# Seconds after the player's last pan key (or an answer shown) during which a new table
# message waits: NVDA's default braille message timeout (Orca's flash messages: 5 s).
HOLD_SECONDS: Final = 4.0
# Seconds a table message stays before the next replaces it, when speech moves on quickly:
# long enough to touch a short line ("Beto sube a 8." is read in about that), short enough
# that the display is never long behind speech (and never more than one message).
MINIMUM_SECONDS: Final = 1.5


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
    """One message on the display (or waiting for it): its segments and where the player is."""

    text: str
    lines: tuple[str, ...]
    answer: bool = False
    index: int = 0
    withdrawn: bool = False  # no longer true: shown until the next, never brought back

    @property
    def line(self) -> str:
        return self.lines[self.index]


class Pager:
    """Which segment of which message the display shows: the newest, held while the player
    reads, never more than one message behind.

    The conventions are the screen readers': NVDA shows a message for its "message timeout"
    (4 s by default) and then returns to what has focus, and Orca's flash messages do the
    same (5 s); we take NVDA's 4 s, counted from the player's last pan key, because a
    braille reader who stops panning for that long has finished the line. "Show messages
    indefinitely" (NVDA) or persistent flash messages (Orca) are not the default: a display
    that waits for the player to pan on is how it once fell a whole hand behind.

    - The newest table message replaces the one shown, unless the player panned within
      ``hold`` seconds, an answer was shown within ``hold`` seconds, or the one shown has been
      there less than ``minimum`` seconds (a 0.7 s flash cannot be read by touch). Then it
      waits; a newer table message replaces the waiting one (the history keeps every one),
      so the display is never more than one message behind. The waiting one shows by
      :meth:`tick` once that time is over, or at once when the player pans past the end.
    - Pan right moves to the next segment; past the last, to the waiting message; with none
      waiting, it tells the pager the player is done: the next table message shows at once.
      Pan left moves back and stays at the first segment.
    - An answer to a query key (``interrupt``) shows at once, whatever the player was doing.
      A table message it covers waits behind it (unless a newer one already waits), where
      the player was in it, so panning on past the answer resumes the reading. Answers
      never wait and are not kept when the next answer comes.
    - The router says a table message cut by an answer again, and sends it to braille again:
      where it is already shown or waiting, nothing changes.
    - :meth:`withdraw` takes back a message that is no longer true (the turn prompt when the
      turn ends).

    ``now`` gives the time in seconds (the game's clock; a fake one in tests): the pager only
    reads it. Every method returns the text to write to the display, or None when it stays.
    """

    def __init__(
        self,
        width: int,
        now: Callable[[], float] = time.monotonic,
        hold: float = HOLD_SECONDS,
        minimum: float = MINIMUM_SECONDS,
    ) -> None:
        self.width = max(width, 1)
        self._now = now
        self.hold = hold
        self.minimum = minimum
        self._shown: _Shown | None = None
        self._waiting: _Shown | None = None
        self._busy_until = float("-inf")  # a table message waits until then
        self.passed_over = 0  # table messages replaced while waiting (never shown)

    @property
    def line(self) -> str:
        """The segment on the display now ('' before the first message)."""
        return self._shown.line if self._shown is not None else ""

    @property
    def text(self) -> str:
        """The whole message on the display now ('' before the first message)."""
        return self._shown.text if self._shown is not None else ""

    @property
    def position(self) -> tuple[int, int]:
        """(segment index, number of segments) of the message shown; (0, 0) before any."""
        shown = self._shown
        return (shown.index, len(shown.lines)) if shown is not None else (0, 0)

    @property
    def waiting(self) -> str | None:
        """The table message waiting for the display (at most one), or None."""
        return self._waiting.text if self._waiting is not None else None

    def due(self) -> float | None:
        """When :meth:`tick` will show the waiting message (None: nothing waits)."""
        return self._busy_until if self._waiting is not None else None

    def show(self, text: str, interrupt: bool = False) -> str | None:
        """A new message: shown now, or kept waiting (see the class rules)."""
        if not text.strip():
            return None
        now = self._now()
        shown = self._shown
        if interrupt:
            if shown is not None and not (shown.answer or shown.withdrawn or self._waiting):
                self._waiting = shown  # the table comes back after the answer
            return self._put(_Shown(text, segments(text, self.width), answer=True), now)
        if self._waiting is not None and self._waiting.text == text:
            return None  # said again after an answer: it already waits
        if shown is not None and not shown.answer and shown.text == text:
            self._drop_waiting()  # the newest is the one shown (said again after an answer)
            return None
        if now < self._busy_until:
            self._drop_waiting()
            self._waiting = _Shown(text, segments(text, self.width))
            return None
        self._waiting = None
        return self._put(_Shown(text, segments(text, self.width)), now)

    def pan(self, direction: Pan) -> str | None:
        """The player pressed a pan key of the display."""
        shown = self._shown
        if shown is None:
            return None
        now = self._now()
        self._busy_until = max(self._busy_until, now + self.hold)
        if direction is Pan.LEFT:
            if shown.index == 0:
                return None
            shown.index -= 1
            return shown.line
        if shown.index + 1 < len(shown.lines):
            shown.index += 1
            return shown.line
        if self._waiting is not None:
            waiting, self._waiting = self._waiting, None
            return self._put(waiting, now, read_from=now)
        self._busy_until = now  # past the end: done with it, the next shows at once
        return None

    def tick(self) -> str | None:
        """Time passed: the waiting message, if its time has come."""
        waiting = self._waiting
        now = self._now()
        if waiting is None or now < self._busy_until:
            return None
        self._waiting = None
        return self._put(waiting, now)

    def withdraw(self, text: str) -> str | None:
        """``text`` is no longer true: dropped if it waits; if it is shown, the waiting
        message replaces it, or with none the display stays (the next message replaces it
        at once, whatever the timeouts)."""
        if self._waiting is not None and self._waiting.text == text:
            self._waiting = None
            return None
        shown = self._shown
        if shown is None or shown.text != text:
            return None
        now = self._now()
        if self._waiting is not None:
            waiting, self._waiting = self._waiting, None
            return self._put(waiting, now)
        shown.withdrawn = True
        self._busy_until = now
        return None

    def _put(self, shown: _Shown, now: float, read_from: float | None = None) -> str:
        """Show ``shown``; table messages wait ``minimum`` behind it, ``hold`` behind an
        answer or a message the player reached by panning (``read_from``)."""
        self._shown = shown
        held = shown.answer or read_from is not None
        self._busy_until = now + (self.hold if held else self.minimum)
        return shown.line

    def _drop_waiting(self) -> None:
        if self._waiting is not None:
            self._waiting = None
            self.passed_over += 1
