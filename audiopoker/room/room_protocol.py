"""The room's messages between a client and the room server: versioned, typed, validated
by msgspec on both sides, one JSON object a frame with a ``type`` tag, as the network
table's (``net.protocol``).

A client enters first: ``Register`` (a new account), ``Login`` or ``Resume`` (the token of
its last session). The room answers ``Entered`` (the account's name and the session's new
token) or ``RoomRefused``. Then the client may ``Say`` a line in a channel (the lobby, or
``@name`` for a private message) and ``Leave``; the room streams ``Lobby`` (who is online)
when it changes and ``Line`` for what is said. Nothing a client sends before it entered is
read but an entry; a frame of another version, an unknown type or a bad field is refused
before anything reads it.
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


RoomClientFrame = Register | Login | Resume | Say | Leave


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


class Lobby(_Frame, tag="lobby"):
    online: tuple[str, ...] = ()  # the names in the room, sorted


class Line(_Frame, tag="line"):
    channel: str = LOBBY  # "lobby", or "@Ana": a private line between the two
    name: str = ""
    text: str = ""


RoomServerFrame = Entered | RoomRefused | Lobby | Line

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
    assert isinstance(frame, Register | Login | Resume | Say | Leave)
    return frame


def decode_room_server(raw: str | bytes) -> RoomServerFrame:
    """The room's frame, validated; RoomFrameError otherwise."""
    frame = _decode(raw, _server.decode)
    assert isinstance(frame, Entered | RoomRefused | Lobby | Line)
    return frame


def encode_room(frame: RoomClientFrame | RoomServerFrame) -> str:
    """One frame as the JSON text sent."""
    return _encoder.encode(frame).decode("utf-8")
