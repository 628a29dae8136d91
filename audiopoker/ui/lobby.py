"""The room's lobby by ear (``audiopoker connect``): who is online and the tables, browsed
with the arrows, said as they change; single keys to sit, watch, make a table and talk.

Keys: Tab (Shift+Tab back) chooses the list Up and Down walk: the tables, the people here,
the channels; Left and Right, Home and End walk what was said, as at a table (lines a
channel keeps in the history without saying them among it). Up and Down walk it (the first
at once, the edges said); on the people, Enter opens a private line to the one heard. On
the tables: Enter asks to sit at the table heard, W to watch it (a private one asks for its
code first: type the digits, Enter); N makes a table (six seats, 200 chips, blinds 1 and 2,
normal bots), Control+N a private one (its code is said, to give to friends); G makes a
sit-and-go (a tournament of six that starts when every seat has a person), Control+G a
private one; P says who is online; T opens a line to the lobby (type, Enter says it, Escape
drops it), and a line starting with @name goes to that person alone; C walks the channels
(the lobby, private lines, table chat) saying how each is heard, and 1, 2 and 3 turn the
speech, sound and history of the channel heard last on or off (``ui.channels``); H says the
keys; Q, then Q again, leaves the room. Lines from others are said as they come ("Ana:
hola", "Ana, to you: hola"). Every word comes from the ui catalog, in the player's
language; what people typed is cleaned by the room before anyone hears it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from audiopoker.output.message import Message
from audiopoker.room.room_protocol import (
    LOBBY,
    Invite,
    Line,
    Lobby,
    LobbyPages,
    MakeTable,
    Moderate,
    Notice,
    Report,
    RoomClientFrame,
    RoomRefused,
    RoomServerFrame,
    Say,
    Sit,
    TableInfo,
    Ticket,
    Watch,
)
from audiopoker.room.room_tables import LEAVERS_BOT, NO_BOTS
from audiopoker.ui.channels import ASPECTS, CHANNELS, PRIVATE, Channels
from audiopoker.ui.table_form import TableForm
from audiopoker.ui.ui_text import UiText

PRIVATE_CODE_KEYS = frozenset("0123456789")
TABLES, PEOPLE, CHANNEL_LIST = "tables", "people", "channels"
LISTS = (TABLES, PEOPLE, CHANNEL_LIST)  # the lobby's lists, in Tab's order
# The history keys of a table (ui/keymap.toml's defaults), the same in the lobby.
HISTORY_KEYS = {
    "left": "history_previous",
    "right": "history_next",
    "home": "history_first",
    "end": "history_last",
}


class HistoryWalk(Protocol):
    """Where the lobby walks what was said (the router: lines kept by their channels)."""

    def history_previous(self) -> object: ...
    def history_next(self) -> object: ...
    def history_first(self) -> object: ...
    def history_last(self) -> object: ...


MAX_TYPED = 200


@dataclass
class Typing:
    """A line being typed: to the lobby (``code_for`` None) or a private table's code."""

    text: str = ""
    code_for: tuple[str, bool] | None = None  # (table id, watch) while typing its code


@dataclass
class LobbyKeys:
    """The lobby's state and keys. ``send`` reaches the room; ``say`` the router;
    ``done`` ends the lobby's key loop (a ticket came, or the player left)."""

    text: UiText
    send: Callable[[RoomClientFrame], bool]
    say: Callable[[Message], object]
    done: Callable[[], None]
    me: str = ""
    lobby: Lobby = field(default_factory=Lobby)
    cursor: int | None = None  # the table heard last, by index
    typing: Typing | None = None
    quitting: bool = False
    ticket: Ticket | None = None
    left: bool = False
    heard_lobby: bool = False
    on_key: Callable[[], object] = lambda: None  # a key was pressed (the opening stops)
    # How each channel's lines reach the player (None: all said, as they come).
    channels: Channels | None = None
    channels_changed: Callable[[], object] = lambda: None  # to keep them for next time
    channel: int | None = None  # the channel heard last, by index
    person: int | None = None  # the person heard last, by index
    showing: int = 0  # which list Up and Down walk (Tab changes it): LISTS
    history: HistoryWalk | None = None  # what was said, walked as at a table (the router)
    invitation: str | None = None  # the table of the last invitation (J sits there)
    form: TableForm | None = None  # a new table's settings being chosen (M)
    pages: LobbyPages = field(default_factory=LobbyPages)  # a lobby's parts, put together

    def _(self, key: str, /, **fields: object) -> str:
        return self.text.catalog.text("ui.lobby." + key, **fields)

    def _tell(self, line: str, kind: str = "answer", interrupt: bool = True) -> None:
        self.say(Message(kind, line, interrupt=interrupt))

    # --- what the room says -----------------------------------------------------------------
    def on_frame(self, frame: RoomServerFrame) -> None:
        """A frame from the room (from the link's thread, one at a time)."""
        if isinstance(frame, Lobby):
            whole = self.pages.add(frame)  # a room with many tables sends it in parts
            if whole is not None:
                self._changed(self.lobby, whole)
                self.lobby = whole
        elif isinstance(frame, Line):
            self._line(frame)
        elif isinstance(frame, Ticket):
            self.ticket = frame
            if frame.code:  # a private table just made: its owner gives the code
                self._tell(self._("private_code", code=" ".join(frame.code)), "welcome", False)
            self.done()
        elif isinstance(frame, RoomRefused):
            self._tell(self.text.catalog.text(f"ui.lobby.refused.{frame.code}"), "error")
        elif isinstance(frame, Notice):
            self._notice(frame)

    def _notice(self, notice: Notice) -> None:
        """Moderation news, in words ("…for 10 minutes", "…for good"); an invitation,
        kept for J."""
        if notice.key == "invited":
            self.invitation = notice.text
        how_long = (
            self.text.catalog.plural("ui.lobby.minutes", notice.minutes)
            if notice.minutes
            else self._("for_good")
        )
        line = self._(
            f"notice.{notice.key}",
            name=notice.name,
            by=notice.by,
            text=notice.text,
            how_long=how_long,
        )
        against = notice.key.removeprefix("table_") in ("muted", "kicked", "banned")
        # The answer to one's own command cuts in; news about one (an invitation, a mute, a
        # report for the admins) waits its turn and stays on the braille display.
        answer = notice.key.startswith("done_") or notice.key == "reported"
        self._tell(line, "error" if against else "answer" if answer else "lobby", answer)

    def _changed(self, before: Lobby, after: Lobby) -> None:
        if not self.heard_lobby:  # the first: the opening says it
            self.heard_lobby = True
            return
        said: list[str] = []
        came = [name for name in after.online if name not in before.online and name != self.me]
        went = [name for name in before.online if name not in after.online]
        if came:
            said.append(self._("came", names=self.text.join(came)))
        if went:
            said.append(self._("went", names=self.text.join(went)))
        known = {table.id for table in before.tables}
        for table in after.tables:
            if table.id not in known and table.owner != self.me:  # one's own is no news
                said.append(self._("new_table", owner=table.owner))
        if said:
            self._tell(" ".join(said), "lobby", interrupt=False)

    def _line(self, line: Line) -> None:
        if line.channel == LOBBY:
            said = Message("chat", self._("line", name=line.name, text=line.text))
        elif line.name == self.me:  # one's own, as sent: always said
            self._tell(self._("line.sent", name=line.channel[1:], text=line.text), "chat", False)
            return
        else:
            said = Message("chat", self._("line.private", name=line.name, text=line.text))
        if line.name == self.me or self.channels is None:
            self.say(said)
        else:
            self.channels.deliver(LOBBY if line.channel == LOBBY else PRIVATE, said)

    # --- the keys ---------------------------------------------------------------------------
    def opening(self) -> str:
        """What the lobby says on arrival: how many are here, the tables, the keys."""
        tables = len(self.lobby.tables)
        return " ".join(
            [
                self.text.catalog.plural("ui.lobby.online", len(self.lobby.online)),
                self.text.catalog.plural("ui.lobby.tables", tables),
                self._("keys.short"),  # H says them all: the opening stays short
            ]
        )

    def key(self, name: str) -> None:
        """One key press."""
        self.on_key()
        if self.typing is not None:
            self._type(name)
            return
        if self.form is not None:
            self._form(self.form, name)
            return
        if name != "q":
            self.quitting = False
        if name in ("up", "down"):
            self._move(-1 if name == "up" else 1)
        elif name in ("c-i", "tab", "s-tab"):
            self.showing = (self.showing + (-1 if name == "s-tab" else 1)) % len(LISTS)
            self._tell(self._list_words())
        elif name in HISTORY_KEYS and self.history is not None:
            getattr(self.history, HISTORY_KEYS[name])()
        elif name in ("enter", "c-m") and LISTS[self.showing] == PEOPLE:
            self._write_to()
        elif name in ("enter", "c-m") and LISTS[self.showing] == CHANNEL_LIST:
            self._tell(self._list_words())  # 1, 2 and 3 change a channel
        elif name in ("enter", "c-m", "w"):
            self._ask(watch=name == "w")
        elif name in ("n", "c-n"):
            self.send(MakeTable(private=name == "c-n"))
        elif name in ("g", "c-g"):
            self.send(MakeTable(private=name == "c-g", kind="sitgo"))
        elif name == "m":
            self.form = TableForm(self.text.catalog.text)
            self._tell(f"{self._('form.open')} {self.form.said('kind')}")
        elif name == "p":
            names = self.text.join(list(self.lobby.online))
            self._tell(self._("who", names=names))
        elif name == "t":
            self.typing = Typing()
            self._tell(self._("typing"))
        elif name == "h":
            self._tell(self._("keys"))
        elif name == "j":
            if self.invitation is None:
                self._tell(self._("no_invitation"))
            else:
                self.send(Sit(table=self.invitation))
        elif name == "c":  # the channels' list, and its next channel, round again
            self.showing = LISTS.index(CHANNEL_LIST)
            self.channel = 0 if self.channel is None else (self.channel + 1) % len(CHANNELS)
            self._tell(self.channel_words(CHANNELS[self.channel]))
        elif name in ("1", "2", "3"):
            self._toggle(ASPECTS[int(name) - 1])
        elif name == "q":
            if self.quitting:
                self.left = True
                self.done()
            else:
                self.quitting = True
                self._tell(self._("quit_ask"))
        else:
            self._tell(self._("unknown_key"))

    def channel_words(self, channel: str) -> str:
        """A channel's settings as said: "Lobby lines: spoken, with a sound, kept…"."""
        assert self.channels is not None
        setting = self.channels.settings[channel]
        states = {
            aspect: self._(f"channel.{aspect}.{'on' if getattr(setting, aspect) else 'off'}")
            for aspect in ASPECTS
        }
        return self._("channel.state", channel=self._(f"channel.{channel}"), **states)

    def _toggle(self, aspect: str) -> None:
        """1, 2, 3: the speech, sound or history of the channel heard last (the lobby's
        when none was)."""
        if self.channels is None:
            self._tell(self._("unknown_key"))
            return
        channel = CHANNELS[self.channel or 0]
        value = self.channels.toggle(channel, aspect)
        self.channels_changed()
        what = self._(f"channel.{aspect}.{'on' if value else 'off'}")
        self._tell(self._("channel.changed", channel=self._(f"channel.{channel}"), what=what))

    def _list_words(self) -> str:
        """The list Left and Right chose: its name, how many, and what its keys do."""
        shown = LISTS[self.showing]
        count = {
            TABLES: len(self.lobby.tables),
            PEOPLE: len(self.lobby.online),
            CHANNEL_LIST: len(CHANNELS),
        }[shown]
        return self.text.catalog.plural(f"ui.lobby.list.{shown}", count)

    def _move(self, step: int) -> None:
        """Up and Down in the list shown: its next item said, the edges too."""
        shown = LISTS[self.showing]
        if shown == PEOPLE:
            names = self.lobby.online
            self.person = self._walk(self.person, step, len(names), "person", self._person)
        elif shown == CHANNEL_LIST:
            self.channel = self._walk(
                self.channel, step, len(CHANNELS), "channel",
                lambda index: self.channel_words(CHANNELS[index]),
            )  # fmt: skip
        elif not self.lobby.tables:
            self._tell(self._("no_tables"))
        else:
            self.cursor = self._walk(
                self.cursor, step, len(self.lobby.tables), "table",
                lambda index: self.table_words(self.lobby.tables[index]),
            )  # fmt: skip

    def _walk(
        self, cursor: int | None, step: int, count: int, edge: str, words: Callable[[int], str]
    ) -> int | None:
        """One step in a list of ``count`` (the first or last at once when none was
        heard yet); the item said, with "First…"/"Last…" at an edge. The new cursor."""
        if count == 0:
            return None
        start = -1 if cursor is None and step > 0 else cursor
        index = (count if start is None else start) + step
        if 0 <= index < count:
            self._tell(words(index))
            return index
        index = max(0, min(index, count - 1))
        self._tell(f"{words(index)} {self._(('first.' if step < 0 else 'last.') + edge)}")
        return index

    def _person(self, index: int) -> str:
        name = self.lobby.online[index]
        return self._("person.you", name=name) if name == self.me else name

    def _write_to(self) -> None:
        """Enter on a person: a private line to them, typed like any other."""
        names = self.lobby.online
        if self.person is None or not 0 <= self.person < len(names):
            self._tell(self._("choose_person"))
            return
        name = names[self.person]
        self.typing = Typing(text=f"@{name} ")
        self._tell(self._("writing_to", name=name))

    def table_words(self, table: TableInfo) -> str:
        """One table as said: whose, its kind, seats, blinds, chips and bots, who sits (at a
        sit-and-go not begun: how many it still waits for), who watches."""
        sitgo = table.kind == "sitgo"
        key = "table.sitgo" if sitgo else "table.nobots" if table.bots == NO_BOTS else "table"
        key += ".private" if table.private else ""
        bots = LEAVERS_BOT if table.bots == NO_BOTS else table.bots  # who plays for leavers
        said = [
            self._(
                key,
                owner=table.owner,
                seats=table.seats,
                small=table.small_blind,
                big=table.big_blind,
                chips=table.chips,
                bots=self.text.catalog.text(f"ui.lobby.bots.{bots}"),
            )
        ]
        if table.players:
            said.append(self._("table.players", names=self.text.join(list(table.players))))
        if not table.started:
            missing = table.seats - len(table.players)
            said.append(self.text.catalog.plural("ui.lobby.table.gathering", missing))
        if table.spectators:
            said.append(self.text.catalog.plural("ui.lobby.table.spectators", table.spectators))
        return " ".join(said)

    def _ask(self, watch: bool) -> None:
        tables = self.lobby.tables
        if self.cursor is None or not 0 <= self.cursor < len(tables):
            self._tell(self._("choose_first"))
            return
        table = tables[self.cursor]
        if table.private and table.owner != self.me and table.id != self.invitation:
            self.typing = Typing(code_for=(table.id, watch))
            self._tell(self._("code_ask"))
            return
        self.send(Watch(table=table.id) if watch else Sit(table=table.id))

    def _type(self, name: str) -> None:
        typing = self.typing
        assert typing is not None
        if name in ("escape", "c-["):
            self.typing = None
            self._tell(self._("typing_dropped"))
        elif name in ("enter", "c-m"):
            self.typing = None
            self._typed(typing)
        elif name in ("backspace", "c-h"):
            typing.text = typing.text[:-1]
            self._tell(typing.text[-1:] if typing.text else self._("empty"))
        elif len(name) == 1 and name.isprintable() and len(typing.text) < MAX_TYPED:
            if typing.code_for is not None and name not in PRIVATE_CODE_KEYS:
                self._tell(self._("digits_only"))
                return
            typing.text += name

    def _form(self, form: TableForm, name: str) -> None:
        """A key in the new table's form (``ui.table_form``)."""
        if name in ("up", "down"):
            self._tell(form.move(-1 if name == "up" else 1))
        elif name in ("left", "right"):
            self._tell(form.change(-1 if name == "left" else 1))
        elif name in ("enter", "c-m"):
            self.form = None
            self.send(form.frame())
        elif name in ("escape", "c-["):
            self.form = None
            self._tell(self._("form.dropped"))
        else:
            self._tell(self._("form.keys"))

    def room_line(self, text: str) -> bool:
        """A line typed at a room's table that is the room's: ``@name …`` to one person,
        a ``/command`` (an owner's moderation, an invitation); True when it was one."""
        if text.startswith("/") or (text.startswith("@") and " " in text):
            self._typed(Typing(text=text))
            return True
        return False

    def _typed(self, typing: Typing) -> None:
        text = typing.text.strip()
        if typing.code_for is not None:
            table, watch = typing.code_for
            code = text.replace(" ", "")
            self.send(Watch(table=table, code=code) if watch else Sit(table=table, code=code))
        elif not text:
            self._tell(self._("typing_dropped"))
        elif text.startswith("/"):
            frame = command_frame(text)
            if frame is None:
                self._tell(self._("commands"), "error")
            else:
                self.send(frame)
        elif text.startswith("@") and " " in text:
            to, _, said = text[1:].partition(" ")
            self.send(Say(channel=f"@{to}", text=said))
        else:
            self.send(Say(channel=LOBBY, text=text))


def command_frame(line: str) -> Moderate | Report | Invite | None:
    """A typed command as its frame, or None when it is not one: /mute NAME MINUTES,
    /unmute NAME, /kick NAME, /ban NAME [MINUTES], /unban NAME, /report NAME WHAT HAPPENED,
    /invite NAME.

    >>> command_frame("/mute Beto 10")
    Moderate(v=1, action='mute', name='Beto', minutes=10)
    >>> command_frame("/ban Beto"), command_frame("/mute Beto"), command_frame("/dance")
    (Moderate(v=1, action='ban', name='Beto', minutes=0), None, None)
    """
    word, _, rest = line[1:].partition(" ")
    name, _, more = rest.strip().partition(" ")
    more = more.strip()
    if not name:
        return None
    if word == "report":
        return Report(name=name, text=more) if more else None
    if word == "invite":
        return Invite(name=name) if not more else None
    if word in ("unmute", "kick", "unban") and not more:
        return Moderate(action=word, name=name)
    if word in ("mute", "ban") and (more.isdigit() or (word == "ban" and not more)):
        minutes = int(more) if more else 0
        return (
            Moderate(action=word, name=name, minutes=minutes) if minutes or word == "ban" else None
        )
    return None
