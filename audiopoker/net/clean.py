"""Text from other people, cleaned before it reaches a console or a voice.

One function, ``clean_text``, for every string a peer sends (names, chat, and whatever
comes later): control, format and bidirectional characters out (an escape sequence could
clear another player's terminal, an override reverse its text, a bell ring), invisible
fillers out, spaces folded, combining marks capped (a letter under a hundred accents floods
a voice), and the length counted in graphemes (what a person reads as one character), so
"Zoë" is three whether its ë comes as one code point or two.

Each side cleans what it receives: the server every client frame (``clean_client_frame``),
the client every server frame (``clean_server_frame``), so a hostile host is cleaned too.
"""

from __future__ import annotations

import unicodedata
from typing import Any

import msgspec

from audiopoker.net.protocol import (
    MAX_CHAT,
    MAX_NAME,
    Chat,
    ChatFrame,
    ClientFrame,
    EventFrame,
    Hello,
    Level,
    Refused,
    ServerFrame,
    Waiting,
    Welcome,
)

MAX_MARKS = 4  # combining marks kept on one letter: enough for any language's accents
MAX_DETAIL = 200  # a refusal's English detail (the log's)
# Letters that show and say nothing (Hangul fillers, Khmer vowels inherent, the combining
# grapheme joiner): a name of them would be an invisible name.
_INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u17b4\u17b5\u034f")


def _extends(char: str) -> bool:
    """True for what belongs to the character before it: combining marks (variation
    selectors included) and emoji skin tones."""
    return unicodedata.category(char)[0] == "M" or "\U0001f3fb" <= char <= "\U0001f3ff"


def _regional(char: str) -> bool:
    return "\U0001f1e6" <= char <= "\U0001f1ff"  # two of them make one flag


def clean_text(text: str, limit: int) -> str:
    """``text`` as others may read and hear it, at most ``limit`` graphemes.

    >>> clean_text("  Tr\\x1b[2J\\u202eudy\\x07 ", 30)
    'Tr[2Judy'
    >>> clean_text("a\\n\\tb\\u2028c", 30)
    'a b c'
    >>> clean_text("Zoe\\u0308 Zoë", 30)
    'Zoë Zoë'
    >>> len(clean_text("q\\u0307" * 40, 30))  # q with a dot: two code points, one grapheme
    60
    >>> clean_text("q" + "\\u0301" * 50, 30) == "q" + "\\u0301" * MAX_MARKS
    True
    >>> clean_text("\\U0001f1ea\\U0001f1f8\\U0001f1ea\\U0001f1f8!", 2)
    '🇪🇸🇪🇸'
    """
    graphemes: list[str] = []
    marks = 0
    for char in unicodedata.normalize("NFC", text):
        if char.isspace():
            if graphemes and graphemes[-1] != " ":
                graphemes.append(" ")
            continue
        if unicodedata.category(char)[0] == "C" or char in _INVISIBLE:
            continue  # control, format (bidirectional included), surrogate, private, unassigned
        last = graphemes[-1] if graphemes else " "
        if _extends(char):
            if last != " " and marks < MAX_MARKS:  # a mark on nothing is dropped
                graphemes[-1] += char
                marks += 1
            continue
        if _regional(char) and len(last) == 1 and _regional(last):
            graphemes[-1] += char
            continue
        graphemes.append(char)
        marks = 0
    while graphemes and graphemes[0] == " ":
        del graphemes[0]
    kept = graphemes[:limit]
    while kept and kept[-1] == " ":
        kept.pop()
    return "".join(kept)


def clean_name(name: str) -> str:
    """A person's name, at most MAX_NAME graphemes ("" when nothing is left)."""
    return clean_text(name, MAX_NAME)


def clean_chat(text: str) -> str:
    """A chat line, at most MAX_CHAT graphemes ("" when nothing is left).

    >>> clean_chat("  hola\\x1b[2J  amigos\\u202e\\n")
    'hola[2J amigos'
    """
    return clean_text(text, MAX_CHAT)


def _clean_value(value: Any) -> Any:
    """Every string inside a JSON value (an event's names, whatever comes later)."""
    if isinstance(value, str):
        return clean_text(value, MAX_CHAT)
    if isinstance(value, list):
        return [_clean_value(item) for item in value]
    if isinstance(value, dict):
        return {key: _clean_value(item) for key, item in value.items()}
    return value


def clean_client_frame(frame: ClientFrame) -> ClientFrame:
    """What the server keeps of a client's frame: its name and chat cleaned (the code and
    the token are only compared, the rest are numbers and checked words)."""
    if isinstance(frame, Hello):
        return msgspec.structs.replace(frame, name=clean_name(frame.name))
    if isinstance(frame, Chat):
        return msgspec.structs.replace(frame, text=clean_chat(frame.text))
    return frame


def clean_server_frame(frame: ServerFrame) -> ServerFrame:
    """What the client keeps of a server's frame: every string a person may hear cleaned."""
    if isinstance(frame, Welcome):
        return msgspec.structs.replace(
            frame,
            names=tuple(clean_name(name) or "?" for name in frame.names),
            events=tuple(_clean_value(event) for event in frame.events),
            tournament=_clean_value(frame.tournament),
        )
    if isinstance(frame, Waiting):
        return msgspec.structs.replace(
            frame,
            names=tuple(clean_name(name) or "?" for name in frame.names),
            events=tuple(_clean_value(event) for event in frame.events),
        )
    if isinstance(frame, Level):
        return msgspec.structs.replace(frame, state=_clean_value(frame.state))
    if isinstance(frame, EventFrame):
        return msgspec.structs.replace(frame, event=_clean_value(frame.event))
    if isinstance(frame, ChatFrame):
        return msgspec.structs.replace(
            frame, name=clean_name(frame.name) or "?", text=clean_chat(frame.text)
        )
    if isinstance(frame, Refused):
        return msgspec.structs.replace(frame, detail=clean_text(frame.detail, MAX_DETAIL))
    return frame
