"""Long lists browsed by ear: help (H), the lesson (I) and the last hand (U).

A list opens with its first item at once; after it, short, what the list is, how many items
and the keys that walk and leave it (an arrow cuts those words). Up and Down (Left and
Right too) step one item; Home and End jump to the first and the last. An item reached at
an edge is said with "Top of the list." before it or "End of the list." after it, and
pressing on past an edge says only that. Enter or Escape leave the list and say where the
player is back to (on the player's turn, that T says the choices again). Any other key
leaves the list without a word and does what it does without one: the arrows never keep a
hidden meaning.

Every item is an answer (``interrupt=True``): each arrow cuts the item before. Table messages
that arrive while a list is open wait for the item being said, then are spoken; the next
arrow cuts in, and a table message it cut is said again, whole, after it (the output
router's order). So the game goes on while the player reads: bots keep playing and the turn
prompt is never lost. List items stay out of the message history, which keeps the table's
messages for the arrows outside a list.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, Generic, Protocol, TypeVar

from audiopoker.output.message import Message
from audiopoker.ui.keymap import ACTIONS, Keymap, Mode
from audiopoker.ui.texts import UiText

T = TypeVar("T")


class Edge(enum.Enum):
    """An end of a list."""

    TOP = "top"
    END = "end"


@dataclass(frozen=True, slots=True)
class Step(Generic[T]):
    """What one move in a list reached: an item (None when the move pushed past an edge)
    and the edge it is at, if any."""

    item: T | None
    edge: Edge | None


class Browser(Generic[T]):
    """A non-empty list with a cursor on one item, stopping at the ends.

    >>> browser = Browser(["a", "b", "c"])
    >>> browser.current, browser.next(), browser.next()
    ('a', Step(item='b', edge=None), Step(item='c', edge=<Edge.END: 'end'>))
    >>> browser.next(), browser.first()
    (Step(item=None, edge=<Edge.END: 'end'>), Step(item='a', edge=<Edge.TOP: 'top'>))
    >>> browser.previous()
    Step(item=None, edge=<Edge.TOP: 'top'>)
    """

    def __init__(self, items: Sequence[T]) -> None:
        if not items:
            raise ValueError("a list to browse needs an item")
        self.items: tuple[T, ...] = tuple(items)
        self.cursor = 0

    def __len__(self) -> int:
        return len(self.items)

    @property
    def current(self) -> T:
        """The item under the cursor."""
        return self.items[self.cursor]

    def _go(self, index: int) -> Step[T]:
        self.cursor = index
        edge = Edge.TOP if index == 0 else Edge.END if index == len(self.items) - 1 else None
        return Step(self.items[index], edge)

    def next(self) -> Step[T]:
        """One item on; past the last, only the edge."""
        if self.cursor >= len(self.items) - 1:
            return Step(None, Edge.END)
        return self._go(self.cursor + 1)

    def previous(self) -> Step[T]:
        """One item back; before the first, only the edge."""
        if self.cursor <= 0:
            return Step(None, Edge.TOP)
        return self._go(self.cursor - 1)

    def first(self) -> Step[T]:
        """The first item."""
        return self._go(0)

    def last(self) -> Step[T]:
        """The last item."""
        return self._go(len(self.items) - 1)


# --- help by context ----------------------------------------------------------------------


class HelpContext(enum.Enum):
    """Where the player is when H is pressed: help lists that state's keys first."""

    YOUR_TURN = "your_turn"
    THEIR_TURN = "their_turn"
    WATCHING = "watching"
    AMOUNT = "amount"
    QUESTION = "question"


def context_of(mode: Mode, watching: bool, your_turn: bool) -> HelpContext:
    """The help context of the key loop's state."""
    if mode is Mode.AMOUNT:
        return HelpContext.AMOUNT
    if mode is Mode.CONFIRM:
        return HelpContext.QUESTION
    if watching:
        return HelpContext.WATCHING
    return HelpContext.YOUR_TURN if your_turn else HelpContext.THEIR_TURN


# The game keys in sections; a game action in none of the first three goes to "other".
BETTING: Final = ("check_call", "raise", "all_in", "fold")
TABLE: Final = (
    "chips",
    "to_call",
    "cards",
    "board",
    "best_hand",
    "turn",
    *(f"card_{number}" for number in range(1, 8)),
    "pot",
    "next_player",
    "previous_player",
    "last_action",
)
MESSAGES: Final = (
    "repeat",
    "history_back",
    "history_forward",
    "history_first",
    "history_last",
    "history_view",
    "stop_speech",
)
# Section order by context: game sections by name, then the other keymap sections.
ORDER: Final[dict[HelpContext, tuple[str | Mode, ...]]] = {
    HelpContext.YOUR_TURN: ("betting", "table", "messages", "other", Mode.AMOUNT, Mode.CONFIRM),
    HelpContext.THEIR_TURN: ("table", "messages", "other", "betting", Mode.AMOUNT, Mode.CONFIRM),
    HelpContext.WATCHING: ("table", "messages", "other", Mode.CONFIRM),
    HelpContext.AMOUNT: (Mode.AMOUNT, "table", "messages", "other", "betting", Mode.CONFIRM),
    HelpContext.QUESTION: (Mode.CONFIRM, "table", "messages", "other", "betting", Mode.AMOUNT),
}


def _section_actions(section: str | Mode) -> tuple[Mode, tuple[str, ...]]:
    if isinstance(section, Mode):
        return section, ACTIONS[section]
    named = {"betting": BETTING, "table": TABLE, "messages": MESSAGES}
    if section in named:
        return Mode.GAME, named[section]
    grouped = set(BETTING) | set(TABLE) | set(MESSAGES)
    return Mode.GAME, tuple(action for action in ACTIONS[Mode.GAME] if action not in grouped)


def _heading(text: UiText, section: str | Mode) -> str:
    if section is Mode.AMOUNT:
        return text.help_amount_intro()
    if section is Mode.CONFIRM:
        return text.help_confirm_intro()
    name = section.value if isinstance(section, Mode) else section
    return text.browse("section." + name)


def help_items(text: UiText, keymap: Keymap, where: HelpContext) -> list[str]:
    """Every bound key, one line per action, in sections under a heading each: the
    sections of ``where`` first, the list's own keys last."""
    lines: list[str] = []
    for section in (*ORDER[where], Mode.LIST):
        mode, actions = _section_actions(section)
        bound = [(action, keymap.keys_for(mode, action)) for action in actions]
        entries = [
            text.help_line(text.keys_or([text.key_name(key) for key in keys]), action_text)
            for action, keys in bound
            if keys
            for action_text in [text.action_description(action)]
        ]
        if entries:
            lines += [_heading(text, section), *entries]
    return lines


# --- the keys of an open list -------------------------------------------------------------


class Sender(Protocol):
    """The output router's send, with the history left out (list items are not news)."""

    def send(self, message: Message, *, remember: bool = True) -> object:
        """Route one message."""
        ...


class ListKeys:
    """The open list, if any, and what its keys say. ``where`` tells the key loop's state
    (help's order and the words on leaving)."""

    def __init__(
        self,
        output: Sender,
        text: UiText,
        keymap: Keymap,
        where: Callable[[], HelpContext],
    ) -> None:
        self.output = output
        self.text = text
        self.keymap = keymap
        self.where = where
        self.browser: Browser[Message] | None = None
        self.kind = "help"

    @property
    def is_open(self) -> bool:
        """True while a list is being browsed."""
        return self.browser is not None

    def _label(self, action: str) -> str:
        return self.text.key_label(self.keymap, action, Mode.LIST)

    def _send(self, kind: str, text: str, braille: str | None = None, first: bool = True) -> None:
        message = Message(kind, text, interrupt=first, braille=braille, answer=True)
        self.output.send(message, remember=False)

    def walk_words(self) -> str:
        """'Up arrow and Down arrow walk it; Enter or Escape closes it.' (Home and End are in
        help's list section: the words after the first item stay short.)"""
        leave = self.keymap.keys_for(Mode.LIST, "list_leave")
        return self.text.browse(
            "walk",
            previous=self._label("list_previous"),
            next=self._label("list_next"),
            leave=self.text.keys_or([self.text.key_name(key) for key in leave])
            if leave
            else self.text.no_key(),
        )

    def open(self, kind: str, title: str, items: Sequence[Message]) -> None:
        """Open a list: its first item at once, then ``title`` (what it is, how many items)
        and how to walk and leave it. The display keeps the first item meanwhile."""
        self.kind = kind
        self.browser = Browser(items)
        first = self.browser.current
        self._send(kind, first.text, first.braille)
        self._send(kind, f"{title} {self.walk_words()}", first.braille_text, first=False)

    def open_texts(self, kind: str, title: str, items: Sequence[str]) -> None:
        """Open a list of plain sentences."""
        self.open(kind, title, [Message(kind, item) for item in items])

    def help_lines(self) -> list[str]:
        """The help list for the key loop's state now."""
        return help_items(self.text, self.keymap, self.where())

    def help(self) -> None:
        """H: the keys of this moment first, then the others by section."""
        lines = self.help_lines()
        title = self.text.browse_count("help", len(lines))
        self.open_texts("help", title, lines)

    def lesson(self) -> None:
        """I: the hands, the betting and the words of the game."""
        lines = self.text.lesson()
        self.open_texts("lesson", self.text.browse_count("lesson", len(lines)), lines)

    def replay(self, hand: tuple[int, Sequence[Message]] | Message) -> None:
        """U: the last hand (RecordKeys.last_hand), one narration message per item, its
        showdown last; or the message that says why there is none."""
        if isinstance(hand, Message):
            self.browser = None
            self.output.send(hand)
            return
        number, told = hand
        items = [Message("replay", m.text, braille=m.braille) for m in told]
        self.open("replay", self.text.browse_count("replay", len(items), hand=number), items)

    def key(self, name: str) -> bool:
        """A key press while a list may be open: True when it was the list's. Any other key
        closes the list quietly (False: the key then does what it does without a list)."""
        if self.browser is None:
            return False
        action = self.keymap.action_for(Mode.LIST, name)
        if action is None:
            self.browser = None
            return False
        if action == "list_leave":
            self.leave()
            return True
        browser = self.browser
        moves = {
            "list_previous": browser.previous,
            "list_next": browser.next,
            "list_first": browser.first,
            "list_last": browser.last,
        }
        self._say_step(moves[action]())
        return True

    def _say_step(self, step: Step[Message]) -> None:
        if step.item is None:
            edge = step.edge.value if step.edge is not None else "top"
            self._send(self.kind, self.text.browse(edge))
            return
        text, braille = step.item.text, step.item.braille
        if step.edge is not None:
            template = "at_" + step.edge.value
            text = self.text.browse(template, item=text)
            braille = self.text.browse(template, item=braille) if braille is not None else None
        self._send(self.kind, text, braille)

    def leave(self) -> None:
        """Enter or Escape: close the list and say where the player is back to."""
        self.browser = None
        where = self.where()
        if where is HelpContext.YOUR_TURN:
            words = self.text.browse(
                "closed.your_turn", turn=self.text.key_label(self.keymap, "turn")
            )
        elif where in (HelpContext.AMOUNT, HelpContext.QUESTION):
            words = self.text.browse("closed." + where.value)
        else:
            words = self.text.browse("closed")
        self._send(self.kind, words)

    def close(self) -> None:
        """Close the list without a word."""
        self.browser = None
