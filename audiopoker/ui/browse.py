"""Long lists browsed by ear: help (H), the options (O), the lesson and the last hand.

A list opens with its first item at once; after it, short, what the list is, how many items
and the keys that walk and leave it (an arrow cuts those words). Up and Down (Left and
Right too) step one item; Home and End jump to the first and the last. An item reached at
an edge is said with "Top of the list." before it or "End of the list." after it, and
pressing on past an edge says only that. Escape leaves the list and says where the player
is back to (on the player's turn, that T says the choices again); so does Enter, except on
an item it acts on: a setting of the options (Enter changes it and says it again) or a
command found by typing in help (Enter closes the list and runs it). In help, letters type
a command's name: the list keeps the commands it finds (audiopoker.ui.help_list), each
letter says the first and how many, Backspace takes a letter back. Any other key leaves the
list without a word and does what it does without one: the arrows never keep a hidden
meaning.

Every item is an answer (``interrupt=True``): each arrow cuts the item before. Table messages
that arrive while a list is open wait for the item being said, then are spoken; the next
arrow cuts in, and a table message it cut is said again, whole, after it (the output
router's order). So the game goes on while the player reads: bots keep playing and the turn
prompt is never lost. List items stay out of the message history, which keeps the table's
messages for the arrows outside a list.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from audiopoker.output.message import Message
from audiopoker.ui.help_list import HelpContext as HelpContext  # re-exported: help's places
from audiopoker.ui.help_list import HelpEntry, found_order
from audiopoker.ui.help_list import context_of as context_of
from audiopoker.ui.help_list import help_items as help_items
from audiopoker.ui.keymap import Keymap, Mode
from audiopoker.ui.ui_text import UiText

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

    def replace(self, item: T) -> None:
        """Put ``item`` in place of the one under the cursor (a changed setting)."""
        items = list(self.items)
        items[self.cursor] = item
        self.items = tuple(items)


# --- the keys of an open list -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Item:
    """One item of a list: its message, and what Enter does on it. ``run``: a command of
    help, run (the list closed) once it was found by typing; ``change``: a setting of the
    options, changed, its new words returned and said, the list kept open. ``name`` and
    ``description``: what typing finds a command by."""

    message: Message
    run: Callable[[], object] | None = None
    change: Callable[[], str] | None = None
    name: str = ""
    description: str = ""


def find(items: Sequence[Item], typed: str) -> list[Item]:
    """The commands ``typed`` finds: those whose name begins with it first, then those it
    names further on, then those it describes (audiopoker.ui.help_list.found_order)."""
    ranked = [
        (order, index, item)
        for index, item in enumerate(items)
        if item.run is not None
        for order in [found_order(item.name, item.description, typed)]
        if order is not None
    ]
    return [item for _, _, item in sorted(ranked, key=lambda each: each[:2])]


def command_items(
    entries: Sequence[HelpEntry], handlers: Mapping[str, Callable[[], object]]
) -> list[Item]:
    """Help's lines as list items, each command's with its handler (``handlers`` by name)."""
    return [
        Item(
            Message("help", entry.text),
            handlers[entry.command.name] if entry.command is not None else None,
            name=entry.name,
            description=entry.description,
        )
        for entry in entries
    ]


class Sender(Protocol):
    """The output router's send, with the history left out (list items are not news)."""

    def send(self, message: Message, *, remember: bool = True) -> object:
        """Route one message."""
        ...


class ListKeys:
    """The open list, if any, and what its keys say. ``where`` tells the key loop's state
    (the words on leaving)."""

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
        self.browser: Browser[Item] | None = None
        self.kind = "help"
        self.title = ""
        self.typed: str | None = None  # help's typed name ("": none yet); None: no typing
        self._everything: tuple[Item, ...] = ()  # help's whole list, while typing narrows it
        # Why a command typed is not at this table (None: it is not one this table leaves out).
        self._elsewhere: Callable[[str], str | None] = lambda typed: None

    @property
    def is_open(self) -> bool:
        """True while a list is being browsed."""
        return self.browser is not None

    def _label(self, action: str) -> str:
        return self.text.key_label(self.keymap, action, Mode.LIST)

    def _keys(self, *actions: str) -> str:
        keys = [key for action in actions for key in self.keymap.keys_for(Mode.LIST, action)]
        if not keys:
            return self.text.no_key()
        return self.text.keys_or([self.text.key_name(key) for key in dict.fromkeys(keys)])

    def _send(self, kind: str, text: str, braille: str | None = None, first: bool = True) -> None:
        message = Message(kind, text, interrupt=first, braille=braille, answer=True)
        self.output.send(message, remember=False)

    def walk_words(self) -> str:
        """'Up arrow and Down arrow walk it; Enter or Escape closes it.' (Home and End are in
        help's list section: the words after the first item stay short.) Help says that
        letters find a command; the options, that Enter changes one."""
        moves = {"previous": self._label("list_previous"), "next": self._label("list_next")}
        if self.kind == "help":
            return self.text.browse("walk.help", leave=self._keys("list_leave"), **moves)
        if self.kind == "options":
            choose, leave = self._keys("list_choose"), self._keys("list_leave")
            return self.text.browse("walk.options", choose=choose, leave=leave, **moves)
        return self.text.browse("walk", leave=self._keys("list_choose", "list_leave"), **moves)

    def open(
        self,
        kind: str,
        title: str,
        items: Sequence[Message | Item],
        typing: bool = False,
        elsewhere: Callable[[str], str | None] | None = None,
        behind: bool = False,
    ) -> None:
        """Open a list: its first item at once, then ``title`` (what it is, how many items)
        and how to walk and leave it. The display keeps the first item meanwhile.
        ``typing``: letters find a command (help); ``elsewhere``: why what was typed names
        a command this table does not offer (audiopoker.ui.help_list.not_here);
        ``behind``: the first item follows the answer just sent instead of cutting it (the
        coach's detail, then what each range holds on the board)."""
        self.kind, self.title = kind, title
        self._elsewhere = elsewhere or (lambda typed: None)
        found = [item if isinstance(item, Item) else Item(item) for item in items]
        self.browser = Browser(found)
        self.typed = "" if typing else None
        self._everything = tuple(found)
        self._say_opening(behind)

    def _say_opening(self, behind: bool = False) -> None:
        assert self.browser is not None
        first = self.browser.current.message
        self._send(self.kind, first.text, first.braille, first=not behind)
        self._send(self.kind, f"{self.title} {self.walk_words()}", first.braille_text, False)

    def open_texts(self, kind: str, title: str, items: Sequence[str], behind: bool = False) -> None:
        """Open a list of plain sentences (``behind``: as in ``open``)."""
        self.open(kind, title, [Message(kind, item) for item in items], behind=behind)

    def lesson(self) -> None:
        """The hands, the betting and the words of the game."""
        lines = self.text.lesson()
        self.open_texts("lesson", self.text.browse_count("lesson", len(lines)), lines)

    def replay(self, hand: tuple[int, Sequence[Message]] | Message) -> None:
        """The last hand (RecordKeys.last_hand), one narration message per item, its
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
            if self.typed is not None and self._type(name):
                return True
            self.close()
            return False
        if action == "list_leave":
            self.leave()
            return True
        if action == "list_choose":
            self.choose()
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

    def _say_step(self, step: Step[Item]) -> None:
        if step.item is None:
            edge = step.edge.value if step.edge is not None else "top"
            self._send(self.kind, self.text.browse(edge))
            return
        text, braille = step.item.message.text, step.item.message.braille
        if step.edge is not None:
            template = "at_" + step.edge.value
            text = self.text.browse(template, item=text)
            braille = self.text.browse(template, item=braille) if braille is not None else None
        self._send(self.kind, text, braille)

    # --- typing a command's name (help) ---------------------------------------------------
    def _type(self, name: str) -> bool:
        """A letter (or a space after one) narrows help to the commands it finds; Backspace
        takes a letter back. False for any other key."""
        assert self.typed is not None
        if name == "c-h":  # with nothing typed, help from its start again (it stays open)
            self._narrow(self.typed[:-1])
        elif len(name) == 1 and (name.isalpha() or (name == " " and self.typed)):
            self._narrow(self.typed + name)
        else:
            return False
        return True

    def _narrow(self, typed: str) -> None:
        if not typed.strip():  # nothing typed any more: the whole of help again
            self.typed = ""
            self.browser = Browser(self._everything)
            self._say_opening()
            return
        found = find(self._everything, typed)
        why = None if found else self._elsewhere(typed)
        if why is not None:  # kept, so the name can be typed on: the list is only why
            self.typed = typed
            self.browser = Browser([Item(Message(self.kind, why))])
            self._send(self.kind, why)
            return
        if not found:  # the letter is not kept: what was found stays
            self._send(self.kind, self.text.browse("no_match", typed=typed.strip()))
            return
        self.typed = typed
        self.browser = Browser(found)
        first = found[0].message
        self._send(self.kind, first.text, first.braille)
        choose = self._keys("list_choose")
        words = self.text.browse_count("found", len(found), typed=typed.strip(), choose=choose)
        self._send(self.kind, words, first.braille_text, first=False)

    # --- Enter, Escape ----------------------------------------------------------------------
    def choose(self) -> None:
        """Enter: change the setting the cursor is on and say it, or run the command found
        by typing (the list closes); on any other item, leave the list."""
        assert self.browser is not None
        item = self.browser.current
        if item.change is not None:
            words = item.change()
            changed = Item(Message(self.kind, words), change=item.change)
            self.browser.replace(changed)
            self._send(self.kind, words)
        elif item.run is not None and self.typed:
            self.close()
            item.run()
        else:
            self.leave()

    def leave(self) -> None:
        """Escape (or Enter on an item it does not act on): close the list and say where
        the player is back to."""
        self.close()
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
        self.typed = None
        self._everything = ()
        self._elsewhere = lambda typed: None
