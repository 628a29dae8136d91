"""The network table's messages: versioned, typed, validated by msgspec on both sides.

Every frame is one JSON object with a ``type`` tag. A client sends ``Hello`` first (the
invite code, its name and language, and its seat token when it comes back), then ``Act``,
``Chat``, ``Heard`` and ``Bye``. The server answers ``Welcome`` and then streams the table:
``EventFrame`` (one engine event the seat may see, numbered), ``ChatFrame``, ``ClockFrame``
and ``Refused`` (a typed refusal: nothing changed). Engine events travel inside
``EventFrame.event`` as ``audiopoker.net.wire`` dicts, validated there.

A frame of another version, an unknown type, a missing or mistyped field, one too big or
too deeply nested, or bytes that are not UTF-8 are refused with ``Refused(code=...)`` before
anything reads it: decoding a peer's bytes raises FrameError and nothing else.
"""

from __future__ import annotations

import enum
import re
from typing import Annotated, Any

import msgspec

VERSION = 1
# Bytes: no frame of ours comes near this; a bigger one is closed by the transport (1009).
MAX_FRAME = 64 * 1024
# Bytes the transport takes before it closes (1009): a frame between MAX_FRAME and this is
# read and refused with TOO_BIG, so a seated player is told, not dropped.
MAX_MESSAGE = 4 * MAX_FRAME
# Brackets inside brackets: ours nest about six deep (a Welcome's events); a decoder that
# recursed into 30,000 would raise RecursionError instead of refusing.
MAX_DEPTH = 32
MAX_CHAT = 200  # characters of one chat line
MAX_NAME = 30  # graphemes of a name, once cleaned (audiopoker.net.clean)
# The invite code's digits, read aloud to friends: with the guard's limits on wrong codes
# (audiopoker.net.guard) nine make guessing take over fifteen years on average.
CODE_LENGTH = 9

# Code points on the wire: a name's graphemes may take several each; clean cuts them.
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME * 4)]
Token = Annotated[str, msgspec.Meta(min_length=16, max_length=64)]
Count = Annotated[int, msgspec.Meta(ge=0, le=2**53)]


class RefusalCode(enum.Enum):
    """Why the server refused a frame; the client says it in the player's language."""

    MALFORMED = "malformed"  # not JSON, or not one of our messages
    VERSION = "version"  # another protocol version
    BAD_CODE = "bad_code"  # the invite code is wrong
    BAD_TOKEN = "bad_token"  # the seat token is unknown: nobody may act for another seat
    TABLE_FULL = "table_full"  # no seat free for a newcomer
    NOT_SEATED = "not_seated"  # Act or Chat before Hello was accepted
    NOT_YOUR_TURN = "not_your_turn"
    STALE = "stale"  # an action for a turn that is over (a replayed or late frame)
    ILLEGAL = "illegal"  # the engine refused the action (its reason in ``detail``)
    RATE = "rate"  # too many frames: slow down
    CHAT_EMPTY = "chat_empty"  # nothing left once control characters were stripped
    BAD_NAME = "bad_name"  # nothing left of the name once cleaned
    CLOSED = "closed"  # the table closed (the game ended, or the host stopped it)
    LOCKED = "locked"  # too many wrong codes: codes are not even compared for a while
    TOO_BIG = "too_big"  # more than MAX_FRAME bytes
    TOO_DEEP = "too_deep"  # nested more than MAX_DEPTH deep
    ENCODING = "encoding"  # bytes that are not UTF-8
    REMOVED = "removed"  # a room's table: its owner (or an admin) sent this person away
    MUTED = "muted"  # a room's table: its owner muted this person's lines here


class _Frame(msgspec.Struct, tag_field="type", forbid_unknown_fields=True):
    """Every frame carries the protocol version."""

    v: int = VERSION


# --- client to server ------------------------------------------------------------------


class Hello(_Frame, tag="hello"):
    code: Annotated[str, msgspec.Meta(max_length=32)] = ""
    name: Name = "?"
    # False: the player gave no name (``name`` is only this machine's word for "player"):
    # the table gives them a name nobody there has, so every listener hears a name.
    named: bool = True
    lang: Annotated[str, msgspec.Meta(pattern="^(en|es)$")] = "en"
    token: Token | None = None  # given back when the client comes back to its seat


class Act(_Frame, tag="act"):
    hand: Count = 0  # the hand number and the turn number the action answers:
    turn: Count = 0  # an old or replayed action is refused as STALE
    kind: Annotated[str, msgspec.Meta(max_length=8)] = ""
    to: Count | None = None


class Chat(_Frame, tag="chat"):
    text: Annotated[str, msgspec.Meta(max_length=MAX_CHAT * 4)] = ""


class Heard(_Frame, tag="heard"):
    """The client's speech reached the end of event ``upto``: bots may act again."""

    upto: Count = 0


class Bye(_Frame, tag="bye"):
    """The player leaves the table for good: a bot takes the seat from the next hand."""


ClientFrame = Hello | Act | Chat | Heard | Bye


# --- server to client ------------------------------------------------------------------


class Welcome(_Frame, tag="welcome"):
    seat: int = 0
    token: str = ""
    names: tuple[str, ...] = ()
    people: tuple[bool, ...] = ()  # which seats a person plays (the rest are bots)
    stacks: tuple[int, ...] = ()
    hand_limit: int | None = None
    back: bool = False  # True when the client came back to its seat with its token
    turn_seconds: int = 60
    time_bank: int = 0  # the seat's time bank now, seconds
    events: tuple[dict[str, Any], ...] = ()  # the hand so far, as this seat may see it
    seq: int = 0  # the number of the last of ``events`` (0: none)
    turn: int = 0  # when the catch-up ends on this seat's turn: the number to act with
    tournament: dict[str, Any] | None = None  # a tournament's levels and where it stands


class Level(_Frame, tag="level"):
    """Before each hand of a tournament: its levels and where it stands now (the level
    key answers from it)."""

    state: dict[str, Any] = {}


class Waiting(_Frame, tag="waiting"):
    """The code was right: the newcomer sits down when the hand being played ends. The
    hand in play so far, as anyone may see it (no hole cards), is told on arrival."""

    names: tuple[str, ...] = ()
    stacks: tuple[int, ...] = ()  # at the start of ``events`` (the hand in play)
    events: tuple[dict[str, Any], ...] = ()  # the hand in play, public events only


class EventFrame(_Frame, tag="event"):
    seq: int = 0  # numbers every event sent to this client, from 1
    turn: int = 0  # with ActionRequired: the turn number an Act must give back
    event: dict[str, Any] = {}


class ChatFrame(_Frame, tag="said"):
    seat: int = 0
    name: str = ""
    text: str = ""


class ClockFrame(_Frame, tag="clock"):
    """``seat``'s clock: ``seconds`` left (a warning), or 0 with ``expired`` set."""

    seat: int = 0
    seconds: int = 0
    bank: bool = False  # the time bank is running
    expired: bool = False


class Refused(_Frame, tag="refused"):
    code: RefusalCode = RefusalCode.MALFORMED
    detail: str = ""  # English, for the log; the client words the code itself
    fatal: bool = False  # the server closes the connection after this frame


ServerFrame = Welcome | Waiting | Level | EventFrame | ChatFrame | ClockFrame | Refused

_client_decoder = msgspec.json.Decoder(ClientFrame)
_server_decoder = msgspec.json.Decoder(ServerFrame)
_encoder = msgspec.json.Encoder()


class FrameError(ValueError):
    """A frame that is not one of ours: ``code`` says how to refuse it."""

    def __init__(self, code: RefusalCode, detail: str) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def _too_deep(text: str) -> bool:
    """True when brackets nest deeper than MAX_DEPTH outside strings (fast for our frames:
    few brackets, or the scan stops at the first too deep)."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False
    depth = 0
    for char in _NOT_BRACKET.sub("", _STRING.sub("", text)):
        if char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        else:
            depth -= 1
    return False


def _size(data: str | bytes) -> int:
    if isinstance(data, bytes) or data.isascii():
        return len(data)
    return len(data.encode("utf-8", "surrogatepass"))


def _decode(decoder: msgspec.json.Decoder[Any], data: str | bytes) -> Any:
    """The frame, or FrameError whatever the bytes are (no other exception escapes)."""
    if _size(data) > MAX_FRAME:
        raise FrameError(RefusalCode.TOO_BIG, f"more than {MAX_FRAME} bytes")
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise FrameError(RefusalCode.ENCODING, f"not UTF-8 at byte {error.start}") from None
    if _too_deep(data):
        raise FrameError(RefusalCode.TOO_DEEP, f"nested more than {MAX_DEPTH} deep")
    try:
        frame = decoder.decode(data)
    except (msgspec.DecodeError, msgspec.ValidationError) as error:
        raise FrameError(RefusalCode.MALFORMED, str(error)[:200]) from None
    except RecursionError:  # the scan above should have caught it; a small stack did not
        raise FrameError(RefusalCode.TOO_DEEP, "nested too deep") from None
    except Exception as error:  # msgspec documents no other; a peer never gets a traceback
        raise FrameError(RefusalCode.MALFORMED, type(error).__name__) from None
    if frame.v != VERSION:
        raise FrameError(RefusalCode.VERSION, f"version {frame.v}, this server speaks {VERSION}")
    return frame


def decode_client(data: str | bytes) -> ClientFrame:
    """A client's frame, validated; FrameError otherwise."""
    frame: ClientFrame = _decode(_client_decoder, data)
    return frame


def decode_server(data: str | bytes) -> ServerFrame:
    """A server's frame, validated; FrameError otherwise."""
    frame: ServerFrame = _decode(_server_decoder, data)
    return frame


def encode(frame: ClientFrame | ServerFrame) -> str:
    """One frame as JSON text."""
    return _encoder.encode(frame).decode()
