"""The chat line of a network table: a line typed at the keyboard, one key at a time.

Every letter is a game key, so the line is opened by its own key (Enter by default) and,
while it is open, takes EVERY key before the table does: C and F are letters of the line,
never check or fold. Each character is said back at once (a space as the word "space", the
signs help names by their names), Backspace says what it deleted, Enter sends the line and
closes it, Escape closes it sending nothing. Control+C closes it and goes on to the
controller, so the game still quits at once. Its feedback stays out of the message history:
M and the arrows keep the table's messages.

A local game against bots has no chat line (the controller says chat needs a network
table). The network client builds one and reads ``muted`` to keep others' lines quiet.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from audiopoker.output.message import Message
from audiopoker.ui.speaker import Speaker
from audiopoker.ui.ui_text import UiText

CHAT_LIMIT: Final = 200  # characters of one line (the server's MAX_CHAT)

# prompt_toolkit's names of the keys the open line answers to.
SEND_KEYS: Final = frozenset({"c-m", "enter", "c-j"})
CANCEL_KEYS: Final = frozenset({"escape", "c-["})
DELETE_KEYS: Final = frozenset({"c-h", "backspace"})
QUIT_KEYS: Final = frozenset({"c-c"})


class ChatLine:
    """The chat line: closed, or open and typing.

    ``send``: hands a finished line on (the client sends it to the table); it gets the
    line stripped of outer spaces, never an empty one. ``output``: where the line's words
    go. ``text``: the ui sentences in the player's language. ``limit``: characters a line
    may hold.

    >>> from audiopoker.output.message import Message
    >>> class Out:
    ...     def __init__(self) -> None: self.said: list[str] = []
    ...     def send(self, message: Message, *, remember: bool = True) -> None:
    ...         self.said.append(message.text)
    >>> sent: list[str] = []
    >>> out = Out()
    >>> chat = ChatLine(sent.append, out, UiText("en"))  # type: ignore[arg-type]
    >>> chat.open()
    >>> [chat.key(name) for name in ("H", "i", "c-m")], sent, out.said[1:]
    ([True, True, True], ['Hi'], ['H', 'i'])
    """

    def __init__(
        self,
        send: Callable[[str], None],
        output: Speaker,
        text: UiText,
        limit: int = CHAT_LIMIT,
    ) -> None:
        self._send = send
        self.output = output
        self.text = text
        self.limit = limit
        self.typing = False  # the line is open: every key is the line's
        self.muted = False  # others' lines are not said (the client reads this)
        self.buffer = ""  # what is typed so far
        # A room's table: a line for the room rather than the table (``@name …``, a
        # ``/command``) goes there; True when it took the line.
        self.divert: Callable[[str], bool] | None = None

    # --- speaking -----------------------------------------------------------------------
    def _(self, key: str, /, **fields: object) -> str:
        return self.text.catalog.text("ui.chat." + key, **fields)

    def _say(self, words: str, *, remember: bool = False, braille: str | None = None) -> None:
        """An answer that cuts current speech; the line's own words stay out of the
        history unless ``remember``. ``braille``: what the display shows instead."""
        message = Message("answer", words, interrupt=True, answer=True, braille=braille)
        self.output.send(message, remember=remember)

    def spoken(self, char: str) -> str:
        """One typed character as it is said: a letter as typed (capitals kept), a space
        and the signs help names ("?") by their names, anything else as itself.

        >>> chat = ChatLine(print, None, UiText("es"))  # type: ignore[arg-type]
        >>> chat.spoken("Ñ"), chat.spoken(" "), chat.spoken("?"), chat.spoken("7")
        ('Ñ', 'Espacio', 'signo de interrogación', '7')
        """
        return char if char.isalpha() else self.text.key_name(char)

    # --- the line's keys ----------------------------------------------------------------
    def open(self) -> None:
        """The chat key: open an empty line and say how it works."""
        self.typing = True
        self.buffer = ""
        self._say(self._("open"))

    def close(self) -> None:
        """Close the line without a word, dropping what was typed."""
        self.typing = False
        self.buffer = ""

    def toggle_mute(self, key: str | None = None) -> None:
        """The chat mute key: others' lines off, or back on; says which. ``key`` is the
        spoken name of the mute key (the controller's label), said as the way back."""
        self.muted = not self.muted
        if not self.muted:
            words = self._("on")
        elif key is None:
            words = self._("muted_same_key")
        else:
            words = self._("muted", key=key)
        self._say(words, remember=True)

    def key(self, name: str) -> bool:
        """One key, by prompt_toolkit name (a printable character comes as itself, Shift
        kept). While the line is open every key is taken (True), but Control+C, which
        closes the line and returns False so the controller quits as usual. Closed: False."""
        if not self.typing:
            return False
        if name in QUIT_KEYS:
            self.close()
            return False
        if len(name) == 1 and name.isprintable():
            self.type_char(name)
        elif name in DELETE_KEYS:
            self.delete()
        elif name in SEND_KEYS:
            self.enter()
        elif name in CANCEL_KEYS:
            self.close()
            self._say(self._("cancelled"))
        else:
            self._say(self._("keys"))  # arrows, F-keys, Tab: nothing in the line
        return True

    def type_char(self, char: str) -> None:
        """A printable character: onto the line and said back, unless the line is full."""
        if len(self.buffer) >= self.limit:
            self._say(self._("full", limit=self.limit))
            return
        self.buffer += char
        self._say(self.spoken(char), braille=self.buffer)  # the display shows the line

    def delete(self) -> None:
        """Backspace: drop the last character and say which."""
        if not self.buffer:
            self._say(self._("nothing_to_delete"))
            return
        gone, self.buffer = self.buffer[-1], self.buffer[:-1]
        self._say(self._("deleted", char=self.spoken(gone)), braille=self.buffer or None)

    def enter(self) -> None:
        """Enter: send the line (outer spaces stripped) and close; an empty one stays open."""
        line = self.buffer.strip()
        if not line:
            self._say(self._("empty"))
            return
        self.close()
        if self.divert is not None and self.divert(line):
            return
        self._send(line)
