"""The message history: the table's messages and the player's answers, kept apart.

Two walks, one per view: the table (what the game said unasked) and the player's answers
(what a key asked for: S, L, N, a refusal). Left and Right walk the view in use; the view
switch key changes it, and M always says the newest table message (and goes back to the
table), so an answer never stands in for what the table said.
"""

from __future__ import annotations

import enum
from collections import deque
from collections.abc import Iterator

from audiopoker.output.message import Message

DEFAULT_HISTORY_LIMIT = 5000
# The kind of the messages that open a hand (narration's HandStarted): Home jumps there.
HAND_START_KIND = "hand_started"


class View(enum.Enum):
    """Which messages the history's walk keys move through."""

    TABLE = "table"
    ANSWERS = "answers"


class Walk:
    """Messages with a cursor to walk them.

    The cursor rests on the newest message whenever one arrives; previous/next move it one
    step and stop at the ends (``at_start``/``at_end`` say when they did), first/last jump,
    and home jumps to the first message of the newest hand (a message of ``HAND_START_KIND``
    after one of another kind), or, from there or before it, to the oldest.
    """

    def __init__(self, limit: int = DEFAULT_HISTORY_LIMIT) -> None:
        self._items: deque[Message] = deque(maxlen=limit)
        self._cursor = -1
        self._appended = 0  # messages ever added; the oldest kept is number appended - len
        self._hand_start: int | None = None  # the newest hand's first message, by number

    def append(self, message: Message) -> None:
        """Add the newest message and put the cursor on it."""
        newest = self._items[-1] if self._items else None
        if message.kind == HAND_START_KIND and (newest is None or newest.kind != message.kind):
            self._hand_start = self._appended
        self._items.append(message)
        self._appended += 1
        self._cursor = len(self._items) - 1

    def __len__(self) -> int:
        return len(self._items)

    @property
    def current(self) -> Message | None:
        """The message under the cursor."""
        return self._items[self._cursor] if self._items else None

    @property
    def position(self) -> tuple[int, int]:
        """(1-based cursor position, number of messages); (0, 0) when empty."""
        return (self._cursor + 1, len(self._items)) if self._items else (0, 0)

    @property
    def at_start(self) -> bool:
        """True when the cursor is on the oldest message."""
        return self._cursor <= 0

    @property
    def at_end(self) -> bool:
        """True when the cursor is on the newest message."""
        return self._cursor >= len(self._items) - 1

    def previous(self) -> Message | None:
        """Step back one (staying on the oldest)."""
        self._cursor = max(self._cursor - 1, 0)
        return self.current

    def next(self) -> Message | None:
        """Step forward one (staying on the newest)."""
        self._cursor = min(self._cursor + 1, len(self._items) - 1)
        return self.current

    def first(self) -> Message | None:
        """Jump to the oldest message kept."""
        self._cursor = 0
        return self.current

    def last(self) -> Message | None:
        """Jump to the newest message."""
        self._cursor = len(self._items) - 1
        return self.current

    @property
    def hand_start(self) -> int | None:
        """The index of the newest hand's first message; None when no hand started among
        the messages kept."""
        if self._hand_start is None:
            return None
        index = self._hand_start - (self._appended - len(self._items))
        return index if index >= 0 else None

    def home(self) -> Message | None:
        """Jump to the start of the newest hand; from there (or before it), to the oldest."""
        start = self.hand_start
        if start is None or self._cursor <= start:
            return self.first()
        self._cursor = start
        return self.current


class History:
    """Everything the player was told, in order, and two walks through it: the table's
    messages and the player's answers (``Message.is_answer``). The walk methods and
    properties are those of the view in use (the table's until :meth:`switch`)."""

    def __init__(self, limit: int = DEFAULT_HISTORY_LIMIT) -> None:
        self._all: deque[Message] = deque(maxlen=limit)
        self._walks = {View.TABLE: Walk(limit), View.ANSWERS: Walk(limit)}
        self.view = View.TABLE

    def append(self, message: Message) -> None:
        """Keep ``message``; the cursor of its view goes to it."""
        self._all.append(message)
        self._walks[View.ANSWERS if message.is_answer else View.TABLE].append(message)

    def __len__(self) -> int:
        return len(self._all)

    def __iter__(self) -> Iterator[Message]:
        """Every message kept, table messages and answers, in the order told."""
        return iter(tuple(self._all))

    @property
    def walk(self) -> Walk:
        """The walk of the view in use."""
        return self._walks[self.view]

    def switch(self) -> View:
        """Change the view (table, answers, table…), its cursor on its newest message."""
        self.view = View.ANSWERS if self.view is View.TABLE else View.TABLE
        self.walk.last()
        return self.view

    def newest_table(self) -> Message | None:
        """Back to the table's view, on its newest message (M)."""
        self.view = View.TABLE
        return self.walk.last()

    # The view in use, walked.

    @property
    def current(self) -> Message | None:
        """The message under the cursor of the view in use."""
        return self.walk.current

    @property
    def position(self) -> tuple[int, int]:
        """(1-based cursor position, number of messages) in the view; (0, 0) when empty."""
        return self.walk.position

    @property
    def at_start(self) -> bool:
        """True on the view's oldest message."""
        return self.walk.at_start

    @property
    def at_end(self) -> bool:
        """True on the view's newest message."""
        return self.walk.at_end

    def previous(self) -> Message | None:
        """Step back one in the view."""
        return self.walk.previous()

    def next(self) -> Message | None:
        """Step forward one in the view."""
        return self.walk.next()

    def first(self) -> Message | None:
        """The view's oldest message."""
        return self.walk.first()

    def last(self) -> Message | None:
        """The view's newest message."""
        return self.walk.last()

    def home(self) -> Message | None:
        """The start of the newest hand in the view; from there, its oldest message."""
        return self.walk.home()
