"""A new table's settings chosen by ear in the lobby (``audiopoker connect``, M): Up and Down
walk the settings, Left and Right change the one heard (the first or last choice said),
Enter makes the table, Escape drops it, H says the keys.

The settings: the kind (a cash table, or a sit-and-go that starts when every seat has a
person, its blinds rising by levels), the seats, the chips each player starts with, the
blinds (a cash table's; a sit-and-go's first level is said instead), the bots' level (they
fill a cash table's empty seats and play for anyone who leaves), and whether the table is
private (its code is said to its maker). Only choices the room accepts are offered: a
player cannot build a table the room refuses (``room_tables.TableSpec.problem``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from audiopoker.bots.levels import LEVELS
from audiopoker.room.room_protocol import MakeTable
from audiopoker.room.room_tables import CASH, MAX_SEATS, MIN_SEATS, NO_BOTS, SIT_AND_GO
from audiopoker.tournament.schedule import DEFAULT_LEVELS

KINDS: Final = (CASH, SIT_AND_GO)
SEATS: Final = tuple(range(MIN_SEATS, MAX_SEATS + 1))
# Every big blind is at most the fewest chips: any pair of choices makes a table.
CHIPS: Final = (100, 200, 500, 1_000, 2_000, 5_000, 10_000)
BLINDS: Final = ((1, 2), (2, 4), (5, 10), (10, 20), (25, 50), (50, 100))
FIELDS: Final = ("kind", "seats", "chips", "blinds", "bots", "private")
BOTS: Final = (*LEVELS, NO_BOTS)  # none: the table waits for people in every seat


COUNTS: Final = {
    "kind": len(KINDS),
    "seats": len(SEATS),
    "chips": len(CHIPS),
    "blinds": len(BLINDS),
    "bots": len(BOTS),
    "private": 2,
}


@dataclass
class TableForm:
    """The form's state; ``words(key, **fields)`` is the ui catalog's text."""

    words: Callable[..., str]
    chosen: dict[str, int] = field(
        default_factory=lambda: {
            "kind": 0,
            "seats": SEATS.index(6),
            "chips": CHIPS.index(200),
            "blinds": 0,
            "bots": BOTS.index("normal"),
            "private": 0,
        }
    )
    at: int = 0  # the setting heard last, by index in FIELDS

    @property
    def kind(self) -> str:
        return KINDS[self.chosen["kind"]]

    @property
    def seats(self) -> int:
        return SEATS[self.chosen["seats"]]

    @property
    def chips(self) -> int:
        return CHIPS[self.chosen["chips"]]

    @property
    def blinds(self) -> tuple[int, int]:
        return BLINDS[self.chosen["blinds"]]

    @property
    def bots(self) -> str:
        return BOTS[self.chosen["bots"]]

    @property
    def private(self) -> bool:
        return self.chosen["private"] == 1

    def said(self, name: str) -> str:
        """One setting as said: "Seats: 6."."""
        if name == "kind":
            return self.words(f"ui.lobby.form.kind.{self.kind}")
        if name == "bots":
            return self.words("ui.lobby.form.bots", value=self.words(f"ui.lobby.bots.{self.bots}"))
        if name == "private":
            if self.private:
                return self.words("ui.lobby.form.private.yes")
            return self.words("ui.lobby.form.private.no")
        if name == "blinds":
            if self.kind == SIT_AND_GO:
                small, big = _first_level()
                return self.words("ui.lobby.form.blinds.sitgo", small=small, big=big)
            small, big = self.blinds
            return self.words("ui.lobby.form.blinds", small=small, big=big)
        if name == "seats":
            return self.words("ui.lobby.form.seats", value=self.seats)
        return self.words("ui.lobby.form.chips", value=self.chips)

    def move(self, step: int) -> str:
        """Up or Down: the next setting, said."""
        self.at = max(0, min(self.at + step, len(FIELDS) - 1))
        return self.said(FIELDS[self.at])

    def change(self, step: int) -> str:
        """Left or Right: the setting heard takes its next choice (an edge is said)."""
        name = FIELDS[self.at]
        index = self.chosen[name] + step
        self.chosen[name] = max(0, min(index, COUNTS[name] - 1))
        said = self.said(name)
        if index < 0:
            return f"{said} {self.words('ui.lobby.form.first')}"
        if index >= COUNTS[name]:
            return f"{said} {self.words('ui.lobby.form.last')}"
        return said

    def frame(self) -> MakeTable:
        """The table as asked of the room."""
        small, big = self.blinds
        return MakeTable(
            seats=self.seats,
            chips=self.chips,
            small_blind=small,
            big_blind=big,
            bots=self.bots,
            private=self.private,
            kind=self.kind,
        )


def _first_level() -> tuple[int, int]:
    return DEFAULT_LEVELS[0].small_blind, DEFAULT_LEVELS[0].big_blind
