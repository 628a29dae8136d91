"""The room's tables: every one the engine, its bots and its conductor as at a hosted table
(``net.hosted_table``), all on the room's one loop, made by players.

A table's door takes one-time tickets instead of an invite code (``net.door.Admission``):
the room gives a ticket to an account that asks to sit or to watch (after the code of a
private table), and the client opens the table's own connection with it
(``/table/<id>``). So at a table every player is an account under its own name, and a
spectator hears the public table only: the table's server never sends it a hole card.
"""

from __future__ import annotations

import asyncio
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from audiopoker.bots.levels import LEVELS
from audiopoker.net.door import Admission
from audiopoker.net.hosted_table import HostedTable, HostOptions
from audiopoker.persistence import Store
from audiopoker.room.room_names import folded
from audiopoker.tournament.schedule import DEFAULT_LEVELS, Tournament

TICKET_SECONDS = 60.0  # a ticket not used by then is no good
PRIVATE_CODE_DIGITS = 6
MIN_SEATS, MAX_SEATS = 2, 10
CASH, SIT_AND_GO = "cash", "sitgo"
# No bots fill the seats: the first hand waits for a person in every one; a bot of the
# normal level plays only for someone who leaves (its seat and chips), as at a sit-and-go.
NO_BOTS = "none"
LEAVERS_BOT = "normal"


def sit_and_go_payouts(seats: int) -> tuple[int, ...]:
    """The shares of the prize pool by place: the winner alone at four seats or fewer, two
    places up to seven, three beyond (the usual sit-and-go shapes).

    >>> sit_and_go_payouts(2), sit_and_go_payouts(6), sit_and_go_payouts(9)
    ((100,), (65, 35), (50, 30, 20))
    """
    if seats <= 4:
        return (100,)
    return (65, 35) if seats <= 7 else (50, 30, 20)


@dataclass(frozen=True, slots=True)
class TableSpec:
    """What a player asks for when making a table."""

    seats: int = 6
    chips: int = 200
    small_blind: int = 1
    big_blind: int = 2
    bots: str = "normal"
    private: bool = False
    kind: str = CASH  # or SIT_AND_GO: starts when every seat has a person, blinds rising

    def problem(self) -> str | None:
        """Why the room cannot make this table, or None."""
        if not MIN_SEATS <= self.seats <= MAX_SEATS:
            return "seats"
        if not 1 <= self.small_blind <= self.big_blind <= 10_000:
            return "blinds"
        if not self.big_blind <= self.chips <= 1_000_000:
            return "chips"
        if self.bots not in LEVELS and self.bots != NO_BOTS:
            return "bots"
        if self.kind not in (CASH, SIT_AND_GO):
            return "kind"
        return None

    @property
    def sit_and_go(self) -> bool:
        return self.kind == SIT_AND_GO

    @property
    def blinds(self) -> tuple[int, int]:
        """The blinds of the first hand (a sit-and-go's first level)."""
        if self.sit_and_go:
            return DEFAULT_LEVELS[0].small_blind, DEFAULT_LEVELS[0].big_blind
        return self.small_blind, self.big_blind


class RoomTable:
    """One table of the room."""

    def __init__(
        self,
        table_id: str,
        owner: str,
        spec: TableSpec,
        lang: str = "en",
        bot_delay: float = 1.0,
    ) -> None:
        self.id = table_id
        self.owner = owner
        self.spec = spec
        # A private table's code, said to its owner to give to friends: a ticket needs it.
        self.code = (
            "".join(secrets.choice("0123456789") for _ in range(PRIVATE_CODE_DIGITS))
            if spec.private
            else ""
        )
        options = HostOptions(
            seats=spec.seats,
            chips=spec.chips,
            small_blind=spec.small_blind,
            big_blind=spec.big_blind,
            bots=LEAVERS_BOT if spec.bots == NO_BOTS else spec.bots,
            lang=lang,
            bot_delay=bot_delay,
        )
        tournament = Tournament(payouts=sit_and_go_payouts(spec.seats)) if spec.sit_and_go else None
        # Kept in memory: a room's table lives as long as the room process.
        self.hosted = HostedTable(options, Store(None), None, tournament)
        if spec.sit_and_go or spec.bots == NO_BOTS:
            self.hosted.wait_for = spec.seats
        self.hosted.server.admit = self.admit
        self._tickets: dict[str, tuple[Admission, float]] = {}
        self._lock = threading.Lock()
        self.clock: Callable[[], float] = time.monotonic
        self.idle_since: float | None = None  # since when nobody is connected (the room's)
        # The owner's moderation (folded names): kept out of the table; lines not heard.
        self.barred: set[str] = set()
        self.invited: set[str] = set()  # folded names the owner invited: no code asked
        self.muted: dict[str, float] = {}  # folded name -> until (``clock``)
        self.hosted.server.silenced = self.silenced

    def silenced(self, name: str) -> bool:
        """Whether ``name``'s lines are muted at this table now."""
        return self.muted.get(folded(name), 0.0) > self.clock()

    def send_away(self, name: str) -> bool:
        """``name`` out of this table now, seated, waiting or watching (on the room's loop,
        the table's server's); False when they were not here."""
        server, key, found = self.hosted.server, folded(name), False
        for client in list(server.clients):
            who = client.person.name if client.person is not None else client.spectator
            if who and folded(who) == key:
                server.send_away(client)
                found = True
        return found

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """Play on the room's loop."""
        self.hosted.start_on(loop)

    def ticket(self, name: str, watch: bool) -> str:
        """A one-time ticket for ``name`` to sit down (or only watch) at this table."""
        ticket = secrets.token_urlsafe(24)
        with self._lock:
            now = self.clock()
            for old, (_, expires) in list(self._tickets.items()):
                if expires <= now:
                    del self._tickets[old]
            self._tickets[ticket] = (Admission(name, watch), now + TICKET_SECONDS)
        return ticket

    def admit(self, code: str) -> Admission | None:
        """The table's door: who the ticket ``code`` lets in, once; None for any other."""
        with self._lock:
            found = self._tickets.pop(code, None)
        if found is None or found[1] <= self.clock():
            return None
        return found[0]

    @property
    def players(self) -> tuple[str, ...]:
        """The people seated (not the bots), by seat."""
        _, people = self.hosted.server.seating()
        return tuple(person.name for _, person in sorted(people.items()))

    @property
    def started(self) -> bool:
        """A hand was dealt (a sit-and-go gathers its players until then)."""
        return self.hosted.table.hand_number > 0

    @property
    def coming(self) -> tuple[str, ...]:
        """The people waiting to sit down at the next hand (a sit-and-go's, before it)."""
        return tuple(c.person.name for c in self.hosted.server.waiting if c.person is not None)

    @property
    def spectators(self) -> int:
        """Connections following the table without a seat (not those waiting for one)."""
        server = self.hosted.server
        return sum(1 for c in server.clients if c.watching and c not in server.waiting)

    @property
    def over(self) -> bool:
        return self.hosted.over

    def stop(self) -> None:
        self.hosted.stop()
