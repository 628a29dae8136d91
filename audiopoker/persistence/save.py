"""The saved game: one JSON file, rewritten atomically after every finished hand.

It holds everything needed to deal the next hand exactly as the uninterrupted game would
have: the settings, the seats' names and stacks, the button and blinds, the hand number,
the table's random generator, what each bot remembers, and the player's preferences
(pace, verbosity). A game resumes from the start of the hand that was interrupted, with
the stacks as after the last finished hand.

A file we cannot read (cut short, garbled, another format, another schema version, values
that cannot be a game) raises :class:`SaveError` naming the problem; the caller keeps the
file aside and starts a new game.

>>> import random
>>> from audiopoker.engine.table import TableSnapshot
>>> game = SavedGame(
...     game_id="g1", started_at="2026-01-01T10:00:00", saved_at="2026-01-01T10:05:00",
...     settings={"players": 2}, names=("Ana", "Beto"), human=0,
...     table=TableSnapshot((210, 190), (None, None), 3, 1, (0, 0, 1)),
...     table_rng=encode_rng(random.Random(5)), bots=(None, {"rng": encode_rng(random.Random(6))}),
...     prefs={"verbosity": "normal"}, history=HistoryMark("g1.phhs", 1234, 3, 800))
>>> SavedGame.from_json(game.to_json()) == game
True
"""

from __future__ import annotations

import enum
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from audiopoker.bots.base import decode_rng, encode_rng
from audiopoker.bots.model import OpponentModel
from audiopoker.engine.table import TableSnapshot

FORMAT: Final = "audiopoker-save"
SCHEMA_VERSION: Final = 1

__all__ = [
    "FORMAT",
    "SCHEMA_VERSION",
    "HistoryMark",
    "SaveError",
    "SaveProblem",
    "SavedGame",
    "decode_rng",
    "encode_rng",
]


class SaveProblem(enum.Enum):
    """Why a saved game could not be used."""

    DAMAGED = "damaged"  # not JSON: cut short or garbled
    NOT_A_SAVE = "not_a_save"  # JSON, but not our format
    WRONG_VERSION = "wrong_version"  # details: version (the file's), expected
    BAD_CONTENT = "bad_content"  # our format, but values that cannot be a game; details: field


class SaveError(ValueError):
    """A saved game we refuse, with the problem and its particulars."""

    def __init__(self, problem: SaveProblem, **details: Any) -> None:
        self.problem = problem
        self.details: dict[str, Any] = details
        shown = ", ".join(f"{key}={value!r}" for key, value in details.items())
        super().__init__(problem.value + (f" ({shown})" if shown else ""))


@dataclass(frozen=True, slots=True)
class HistoryMark:
    """How far the game's hand history file is committed: its name (in the histories
    folder), its size in bytes, the hands in it and where the last one starts."""

    file: str
    size: int
    hands: int
    last_start: int


@dataclass(frozen=True)
class SavedGame:
    """A game between two hands. ``settings`` and ``prefs`` are plain JSON values owned by
    the layer that made them (the UI's Settings, pace and verbosity); ``bots`` holds each
    seat's bot state (None for the person's seat)."""

    game_id: str
    started_at: str
    saved_at: str
    settings: Mapping[str, Any]
    names: tuple[str, ...]
    human: int | None
    table: TableSnapshot
    table_rng: str
    bots: tuple[Mapping[str, Any] | None, ...]
    prefs: Mapping[str, Any]
    history: HistoryMark
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def hand_number(self) -> int:
        """Hands finished so far; the game resumes with the next one."""
        return self.table.hand_number

    def to_json(self) -> bytes:
        """The file's bytes (UTF-8 JSON, one key a line: readable in any text editor)."""
        table = self.table
        document = {
            "format": FORMAT,
            "version": SCHEMA_VERSION,
            "game_id": self.game_id,
            "started_at": self.started_at,
            "saved_at": self.saved_at,
            "settings": dict(self.settings),
            "names": list(self.names),
            "human": self.human,
            "table": {
                "stacks": list(table.stacks),
                "places": list(table.places),
                "hand_number": table.hand_number,
                "first_button": table.first_button,
                "last": None if table.last is None else list(table.last),
                "rng": self.table_rng,
            },
            "bots": [None if bot is None else dict(bot) for bot in self.bots],
            "prefs": dict(self.prefs),
            "history": {
                "file": self.history.file,
                "size": self.history.size,
                "hands": self.history.hands,
                "last_start": self.history.last_start,
            },
            "extra": dict(self.extra),
        }
        return (json.dumps(document, ensure_ascii=False, indent=1) + "\n").encode("utf-8")

    @classmethod
    def from_json(cls, data: bytes) -> SavedGame:
        """Read a save; SaveError says why one is refused."""
        try:
            document = json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
            raise SaveError(SaveProblem.DAMAGED) from None
        if not isinstance(document, dict) or document.get("format") != FORMAT:
            raise SaveError(SaveProblem.NOT_A_SAVE)
        version = document.get("version")
        if version != SCHEMA_VERSION:
            raise SaveError(SaveProblem.WRONG_VERSION, version=version, expected=SCHEMA_VERSION)
        return _parse(document)


# -------------------------------------------------------------------- checking values


def _bad(name: str) -> SaveError:
    return SaveError(SaveProblem.BAD_CONTENT, field=name)


def _get(document: Mapping[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    value = document.get(name)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise _bad(name)
    return value


def _count(document: Mapping[str, Any], name: str, minimum: int = 0) -> int:
    value = document.get(name)
    if type(value) is not int or value < minimum:
        raise _bad(name)
    return value


def _int_list(value: Any, name: str, *, nullable: bool = False) -> tuple[Any, ...]:
    if not isinstance(value, list):
        raise _bad(name)
    for item in value:
        if item is None and nullable:
            continue
        if type(item) is not int or item < 0:
            raise _bad(name)
    return tuple(value)


def _parse(document: Mapping[str, Any]) -> SavedGame:
    names = _get(document, "names", list)
    if not 2 <= len(names) <= 10 or not all(isinstance(name, str) and name for name in names):
        raise _bad("names")
    count = len(names)
    human = document.get("human")
    if human is not None and (type(human) is not int or not 0 <= human < count):
        raise _bad("human")
    raw_table = _get(document, "table", dict)
    last = raw_table.get("last")
    if last is not None:
        last = _int_list(last, "table.last")
        if len(last) != 3:
            raise _bad("table.last")
    table = TableSnapshot(
        stacks=_int_list(raw_table.get("stacks"), "table.stacks"),
        places=_int_list(raw_table.get("places"), "table.places", nullable=True),
        hand_number=_count(raw_table, "hand_number"),
        first_button=_count(raw_table, "first_button"),
        last=last,
    )
    if len(table.stacks) != count or len(table.places) != count:
        raise _bad("table.stacks")
    if human is not None and table.stacks[human] <= 0:
        raise _bad("human")  # a player who is out has no game to resume
    table_rng = _get(raw_table, "rng", str)
    try:
        decode_rng(table_rng)
    except ValueError:
        raise _bad("table.rng") from None
    bots = _get(document, "bots", list)
    if len(bots) != count:
        raise _bad("bots")
    for seat, bot in enumerate(bots):
        if bot is None and seat != human:  # the player's seat has none (but a test autopilot)
            raise _bad("bots")
        if bot is not None:
            _check_bot(bot)
    raw_history = _get(document, "history", dict)
    history = HistoryMark(
        file=_get(raw_history, "file", str),
        size=_count(raw_history, "size"),
        hands=_count(raw_history, "hands"),
        last_start=_count(raw_history, "last_start"),
    )
    if "/" in history.file or "\\" in history.file or history.file.startswith("."):
        raise _bad("history.file")  # a name inside our folder, never a path elsewhere
    if history.hands != table.hand_number or history.last_start > history.size:
        raise _bad("history")
    extra = document.get("extra")
    return SavedGame(
        game_id=_get(document, "game_id", str),
        started_at=_get(document, "started_at", str),
        saved_at=_get(document, "saved_at", str),
        settings=_get(document, "settings", dict),
        names=tuple(names),
        human=human,
        table=table,
        table_rng=table_rng,
        bots=tuple(bots),
        prefs=_get(document, "prefs", dict),
        history=history,
        extra=extra if isinstance(extra, dict) else {},
    )


def _check_bot(bot: Any) -> None:
    """A bot state as BaseBot.state writes it: its generator, maybe opponent counts (a
    bot of another kind may save an empty state)."""
    if not isinstance(bot, dict) or ("rng" in bot and not isinstance(bot["rng"], str)):
        raise _bad("bots")
    try:
        if "rng" in bot:
            decode_rng(bot["rng"])
        if "model" in bot:
            if not isinstance(bot["model"], dict):
                raise ValueError("model")
            OpponentModel().restore(bot["model"])
    except ValueError:
        raise _bad("bots") from None
