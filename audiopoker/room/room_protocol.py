"""The room's messages between a client and the room server: versioned, typed, validated
by msgspec on both sides, one JSON object a frame with a ``type`` tag, as the network
table's (``net.protocol``).

A client enters first: ``Register`` (a new account), ``Login`` or ``Resume`` (the token of
its last session). The room answers ``Entered`` (the account's name and the session's new
token) or ``RoomRefused``. Then the client may ``Say`` a line in a channel (the lobby, or
``@name`` for a private message), make a table (``MakeTable``), ask to sit at one or watch
it (``Sit``, ``Watch``: the room answers a ``Ticket`` for the table's own connection, where
the network table's protocol takes over), and ``Leave``; the room streams ``Lobby`` (who is
online, the tables) when it changes and ``Line`` for what is said. Nothing a client sends
before it entered is read but an entry; a frame of another version, an unknown type or a
bad field is refused before anything reads it.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Annotated

import msgspec

from audiopoker.net.protocol import MAX_CHAT, MAX_FRAME, MAX_NAME

ROOM_VERSION = 1
LOBBY = "lobby"  # the channel everyone in the room hears
MAX_PASSWORD_BYTES = 1024  # the accounts refuse more than 200 characters; this bounds a frame

Name = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME * 4)]
Password = Annotated[str, msgspec.Meta(max_length=MAX_PASSWORD_BYTES)]
Lang = Annotated[str, msgspec.Meta(pattern="^(en|es)$")]
Channel = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME * 4 + 1)]


class RoomCode(enum.Enum):
    """Why the room refused (the client says it in the player's words); the account
    refusals (``room.accounts.Refusal``) travel as their own values."""

    MALFORMED = "malformed"
    VERSION = "version"
    NOT_ENTERED = "not_entered"  # anything but an entry before Entered
    ENTERED = "entered"  # a second entry on one connection
    RATE = "rate"
    CHAT_EMPTY = "chat_empty"
    NOBODY = "nobody"  # a private message to a name not in the room
    NO_TABLE = "no_table"  # no such table (it ended, or never was)
    TABLE_CODE = "table_code"  # a private table's code is wrong
    BAD_TABLE = "bad_table"  # a table the room cannot make (``detail`` says which field)
    TABLES = "tables"  # the room has as many tables as it can hold
    NOT_ALLOWED = "not_allowed"  # moderation is for admins and a table's owner
    STARTED = "started"  # a sit-and-go under way takes no one new: watch it
    BARRED = "barred"  # the table's owner removed this person from it
    MUTED = "muted"  # an admin muted this person (``wait``: seconds left)
    BUSY = "busy"  # the room could not answer now (its database): try again
    TOO_BIG = "too_big"


class _Frame(msgspec.Struct, tag_field="type", forbid_unknown_fields=True):
    v: int = ROOM_VERSION


# --- client to room ----------------------------------------------------------------------


class Register(_Frame, tag="register"):
    name: Name = "?"
    password: Password = ""
    lang: Lang = "en"


class Login(_Frame, tag="login"):
    name: Name = "?"
    password: Password = ""
    lang: Lang = "en"


class Resume(_Frame, tag="resume"):
    token: Annotated[str, msgspec.Meta(min_length=16, max_length=128)] = "?" * 16
    lang: Lang = "en"


class Say(_Frame, tag="say"):
    channel: Channel = LOBBY  # "lobby", or "@Ana" for Ana alone
    text: Annotated[str, msgspec.Meta(max_length=MAX_CHAT * 4)] = ""


class Leave(_Frame, tag="leave"):
    """The player leaves the room (the session stays: ``Resume`` brings them back)."""


Small = Annotated[int, msgspec.Meta(ge=0, le=1_000_000)]
TableId = Annotated[str, msgspec.Meta(min_length=1, max_length=32)]
TableCode = Annotated[str, msgspec.Meta(max_length=32)]


class MakeTable(_Frame, tag="make_table"):
    """A new table, made by the player (who gets a ticket to sit at it)."""

    seats: Small = 6
    chips: Small = 200
    small_blind: Small = 1
    big_blind: Small = 2
    bots: Annotated[str, msgspec.Meta(max_length=16)] = "normal"
    private: bool = False
    # "cash": play at once, come and go; "sitgo": a tournament that starts when every seat
    # has a person, its blinds rising by levels (the small and big blind asked are ignored).
    kind: Annotated[str, msgspec.Meta(pattern="^(cash|sitgo)$")] = "cash"


class Sit(_Frame, tag="sit"):
    """A ticket to sit down at ``table`` (``code``: a private table's)."""

    table: TableId = "?"
    code: TableCode = ""


class Watch(_Frame, tag="watch"):
    """A ticket to follow ``table`` as a spectator (the public table, never a hole card)."""

    table: TableId = "?"
    code: TableCode = ""


class Moderate(_Frame, tag="moderate"):
    """An admin's act on a person: "mute" (``minutes``), "unmute", "kick" (out of the room
    now), "ban" (``minutes``; 0: for good), "unban"."""

    action: Annotated[str, msgspec.Meta(pattern="^(mute|unmute|kick|ban|unban)$")] = "kick"
    name: Name = "?"
    minutes: Annotated[int, msgspec.Meta(ge=0, le=525_600)] = 0


class Invite(_Frame, tag="invite"):
    """A table's owner invites ``name`` to their newest table: told to them, and let in
    without the private table's code."""

    name: Name = "?"


class Report(_Frame, tag="report"):
    """Any player's report about another, kept for the admins (told to those online)."""

    name: Name = "?"
    text: Annotated[str, msgspec.Meta(max_length=MAX_CHAT * 4)] = ""


RoomClientFrame = (
    Register | Login | Resume | Say | Leave | MakeTable | Sit | Watch | Moderate | Report | Invite
)


# --- room to client ----------------------------------------------------------------------


class Entered(_Frame, tag="entered"):
    name: str = ""
    token: str = ""  # the session's new token: the client keeps it for Resume
    expires: float = 0.0
    new: bool = False  # a new account


class RoomRefused(_Frame, tag="refused"):
    code: str = RoomCode.MALFORMED.value  # a RoomCode or an accounts Refusal value
    wait: float = 0.0  # seconds before trying again (a rate limit)
    fatal: bool = False  # the room closes the connection after this
    detail: str = ""  # which field, for BAD_TABLE


class TableInfo(msgspec.Struct, forbid_unknown_fields=True):
    """A table as the lobby lists it."""

    id: str
    owner: str
    seats: int
    chips: int
    small_blind: int
    big_blind: int
    bots: str
    private: bool
    players: tuple[str, ...] = ()  # the people seated (or, at a sit-and-go not begun, come)
    spectators: int = 0
    kind: str = "cash"  # or "sitgo"
    started: bool = True  # a sit-and-go waits for every seat to have a person


class Lobby(_Frame, tag="lobby"):
    """Who is online and the tables. A big room sends its lobby in ``parts`` frames, each
    under the frame limit; the client puts them together (``lobby_pages``, ``LobbyPages``)."""

    online: tuple[str, ...] = ()  # the names in the room, sorted
    tables: tuple[TableInfo, ...] = ()
    part: int = 0
    parts: int = 1


class Ticket(_Frame, tag="ticket"):
    """Go to the table: open ``path`` on this room's address and say Hello with ``ticket``
    as the code (once, within a minute). ``code``: a private table's, for its owner to give.
    ``url``: the address of another process of the room that holds the table ("": this
    room's own address)."""

    table: str = ""
    path: str = ""
    ticket: str = ""
    watch: bool = False
    code: str = ""
    url: str = ""


class Line(_Frame, tag="line"):
    channel: str = LOBBY  # "lobby", or "@Ana": a private line between the two
    name: str = ""
    text: str = ""


class Notice(_Frame, tag="notice"):
    """Moderation news: to its subject ("muted", "kicked", "banned": by ``by``, for
    ``minutes``, 0 for good), to the admin who acted ("done_<action>" about ``name``), to
    a reporter ("reported") and to the admins ("report": ``by`` about ``name``, ``text``)."""

    key: str = ""
    name: str = ""
    by: str = ""
    minutes: int = 0
    text: str = ""


RoomServerFrame = Entered | RoomRefused | Lobby | Line | Ticket | Notice

PAGE_BYTES = 48 * 1024  # the names and tables one Lobby frame carries: under MAX_FRAME


def lobby_pages(lobby: Lobby, budget: int = PAGE_BYTES) -> list[Lobby]:
    """The lobby as the frames that carry it: names, then tables, packed into parts of at
    most ``budget`` bytes of them (one part for a small room).

    >>> table = TableInfo("t", "Ana", 6, 200, 1, 2, "normal", False)
    >>> [len(p.tables) for p in lobby_pages(Lobby(tables=(table,) * 250), budget=8_000)]
    [48, 48, 48, 48, 48, 10]
    """
    names: list[list[str]] = [[]]
    tables: list[list[TableInfo]] = [[]]
    size = 0

    def room_for(cost: int) -> None:
        nonlocal size
        if size + cost > budget and (names[-1] or tables[-1]):
            names.append([])
            tables.append([])
            size = 0
        size += cost

    for name in lobby.online:
        room_for(len(_encoder.encode(name)) + 1)
        names[-1].append(name)
    for table in lobby.tables:
        room_for(len(_encoder.encode(table)) + 1)
        tables[-1].append(table)
    parts = list(zip(names, tables, strict=True))
    return [
        Lobby(online=tuple(names), tables=tuple(tables), part=number, parts=len(parts))
        for number, (names, tables) in enumerate(parts)
    ]


class LobbyPages:
    """A client's side of ``lobby_pages``: the parts of one lobby put together."""

    def __init__(self) -> None:
        self._parts: list[Lobby] = []

    def add(self, page: Lobby) -> Lobby | None:
        """The whole lobby once its last part came; None before (a part out of order starts
        the gathering again)."""
        if page.part == 0:
            self._parts = []
        if page.part != len(self._parts):
            self._parts = []
            return None
        self._parts.append(page)
        if page.part < page.parts - 1:
            return None
        parts, self._parts = self._parts, []
        online = tuple(name for part in parts for name in part.online)
        tables = tuple(table for part in parts for table in part.tables)
        return Lobby(online=online, tables=tables)


_client = msgspec.json.Decoder(RoomClientFrame)
_server = msgspec.json.Decoder(RoomServerFrame)
_encoder = msgspec.json.Encoder()


class RoomFrameError(Exception):
    """A frame the room cannot read; ``code`` says why."""

    def __init__(self, code: RoomCode, detail: str) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail


def _decode(raw: str | bytes, decoder: Callable[[str | bytes], object]) -> object:
    if len(raw) > MAX_FRAME:
        raise RoomFrameError(RoomCode.TOO_BIG, f"{len(raw)} bytes")
    try:
        frame = decoder(raw)
    except (msgspec.DecodeError, UnicodeDecodeError) as error:
        raise RoomFrameError(RoomCode.MALFORMED, str(error)[:200]) from None
    if getattr(frame, "v", ROOM_VERSION) != ROOM_VERSION:
        raise RoomFrameError(RoomCode.VERSION, f"version {getattr(frame, 'v', '?')}")
    return frame


def decode_room_client(raw: str | bytes) -> RoomClientFrame:
    """A client's frame, validated; RoomFrameError otherwise."""
    frame = _decode(raw, _client.decode)
    assert isinstance(frame, RoomClientFrame)
    return frame


def decode_room_server(raw: str | bytes) -> RoomServerFrame:
    """The room's frame, validated; RoomFrameError otherwise."""
    frame = _decode(raw, _server.decode)
    assert isinstance(frame, Entered | RoomRefused | Lobby | Line | Ticket | Notice)
    return frame


def encode_room(frame: RoomClientFrame | RoomServerFrame) -> str:
    """One frame as the JSON text sent."""
    return _encoder.encode(frame).decode("utf-8")
