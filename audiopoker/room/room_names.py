"""The form of a name two accounts may not share, apart from the accounts' own module so the
player's side (the lobby, its tables) needs no password hashing library: the room extra is
for running a room, not for entering one."""

from __future__ import annotations

import unicodedata


def folded(name: str) -> str:
    """The form two names that must not both exist share: NFKC, case folded.

    >>> folded("Ａｎａ") == folded("ANA") == folded("ana")
    True
    """
    return unicodedata.normalize("NFKC", name).casefold()
