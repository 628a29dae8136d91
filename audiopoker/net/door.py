"""The table server's door: a connection's Hello, its invite code or its seat token, a name
for a player who gave none, the wait for a seat, and refusals.

``Door`` is a part of ``net.server.TableServer`` (its base class), kept apart because
letting people in is its own concern: the server plays the table, the door decides who
may follow it and sit down. The attributes and the two methods it declares without a body
of its own are the server's.
"""

from __future__ import annotations

import asyncio
import hmac
import threading
from collections.abc import Callable
from dataclasses import dataclass

from audiopoker.bots.levels import bot_names
from audiopoker.engine.events import Event, HandStarted
from audiopoker.engine.table import Table
from audiopoker.net.clean import clean_client_frame
from audiopoker.net.conn import Client
from audiopoker.net.guard import Guard
from audiopoker.net.limits import new_token
from audiopoker.net.protocol import (
    FrameError,
    Hello,
    RefusalCode,
    Refused,
    Waiting,
    decode_client,
)
from audiopoker.net.seat_events import PlayerBack
from audiopoker.net.seats import NetSeat, Person
from audiopoker.net.wire import encode_event

HELLO_TIMEOUT = 10.0  # seconds a new connection has to say Hello


@dataclass(frozen=True, slots=True)
class Admission:
    """Who a room's ticket lets in (``room``: its tables' codes are one-time tickets given
    to an account): under the account's name, to sit down or only to watch."""

    name: str
    watch: bool = False


class Door:
    """Who may come in, and how (see the module docstring)."""

    table: Table
    seats: tuple[NetSeat, ...]
    code: str
    people: dict[int, Person]  # seat -> person, kept across connections
    bank_seconds: int
    clients: list[Client]
    waiting: list[Client]  # newcomers: they sit down before the next hand
    hand_events: list[Event]
    guard: Guard
    someone_here: threading.Event
    # A room's table: a Hello's code is a ticket (consumed) rather than the invite code.
    admit: Callable[[str], Admission | None] | None
    _lock: threading.Lock  # guards ``waiting`` and ``people`` across threads

    def _welcome(self, client: Client, back: bool) -> None:
        raise NotImplementedError  # the server's: it knows the turn and the tournament

    def _tell_all(self, event: Event) -> None:
        raise NotImplementedError  # the server's: its listeners

    def gathered(self) -> int:
        """How many people are seated or waiting for a seat (from any thread)."""
        with self._lock:
            seated = sum(1 for person in self.people.values() if not person.leaving)
            return seated + len(self.waiting)

    def _presence(self) -> None:
        """The table plays while a person is connected or waiting to sit down (under the
        lock)."""
        if self.waiting or any(p.connected for p in self.people.values()):
            self.someone_here.set()
        else:
            self.someone_here.clear()

    def _free_seat(self, table: Table) -> int | None:
        """A bot's seat with chips for a newcomer (the lowest), None when the table is full."""
        for seat, stack in enumerate(table.stacks):
            if stack > 0 and seat not in self.people:
                return seat
        return None

    def _stacks_at_start(self) -> tuple[int, ...]:
        """The stacks the catch-up events start from (those of the hand's start)."""
        start = next((e for e in self.hand_events if isinstance(e, HandStarted)), None)
        return start.stacks if start is not None else self.table.stacks

    def _refuse(self, client: Client, code: RefusalCode, detail: str, fatal: bool = False) -> None:
        client.send(Refused(code=code, detail=detail, fatal=fatal))
        if fatal:
            client.close(detail)
        elif not client.strikes.allow():
            client.send(Refused(code=code, detail="too many refused frames", fatal=True))
            client.close("too many refused frames")

    async def _hello(self, client: Client) -> bool:
        try:
            raw = await asyncio.wait_for(client.ws.recv(), HELLO_TIMEOUT)
            frame = clean_client_frame(decode_client(raw))
        except TimeoutError:
            await client.ws.close(1008, "no hello")
            return False
        except FrameError as error:
            self._refuse(client, error.code, error.detail, fatal=True)
            return False
        if not isinstance(frame, Hello):
            self._refuse(client, RefusalCode.NOT_SEATED, "say hello first", fatal=True)
            return False
        # A seated player's token (32 secret characters) stands for the code: it passes a
        # lock-out of their address and a code renewed since; a locked guess is not compared.
        seated = self._seated(frame.token)
        if not seated and not self.guard.may_try(client.address):
            self._refuse(client, RefusalCode.LOCKED, "too many wrong codes", fatal=True)
            return False
        code = frame.code.replace(" ", "").encode()
        admitted = self.admit(frame.code) if self.admit is not None and not seated else None
        if not seated and admitted is None and not hmac.compare_digest(code, self.code.encode()):
            self.guard.failed(client.address)
            await asyncio.sleep(0.5)  # guessing codes is slow
            self._refuse(client, RefusalCode.BAD_CODE, "wrong invite code", fatal=True)
            return False
        self.clients.append(client)
        if frame.token is not None:
            return self._back(client, frame.token)
        if admitted is not None and admitted.watch:  # a spectator: the public table, always
            client.send(self._waiting())
            client.watching = True
            client.spectator = admitted.name
            return True
        if not frame.name:  # nothing a voice could say was left of it
            self._refuse(client, RefusalCode.BAD_NAME, "no letters in the name", fatal=True)
            return False
        with self._lock:
            if self._free_seat(self.table) is None or len(self.waiting) >= len(self.seats):
                self._refuse(client, RefusalCode.TABLE_FULL, "no seat free", fatal=True)
                return False
            if admitted is not None:  # the room's account: its own name, nobody else's
                name = admitted.name
            else:
                name = frame.name if frame.named else self._free_name(frame.lang)
            client.person = Person(name, new_token(), frame.lang, self.bank_seconds, connected=True)
            self.waiting.append(client)
            self._presence()
        client.send(self._waiting())
        client.watching = True  # the hand's next public events follow its Waiting
        return True

    def _free_name(self, lang: str) -> str:
        """A name for a player who gave none: the first of the bots' names in the player's
        language that nobody at the table has or waits with (under the lock)."""
        taken = {*self.table.names, *(seat.bot_name for seat in self.seats)}
        taken |= {person.name for person in self.people.values()}
        taken |= {c.person.name for c in self.waiting if c.person is not None}
        return next(name for name in bot_names(lang, len(taken) + 1) if name not in taken)

    def _waiting(self) -> Waiting:
        """The newcomer's Waiting, with the hand in play as anyone may see it."""
        return Waiting(
            names=self.table.names,
            stacks=self._stacks_at_start(),
            events=tuple(encode_event(e) for e in self.hand_events if e.visible_to(None)),
        )

    def _seated(self, token: str | None) -> bool:
        """True when ``token`` is a seated person's (each compared in constant time)."""
        with self._lock:
            tokens = [person.token.encode() for person in self.people.values()]
        return token is not None and any(hmac.compare_digest(t, token.encode()) for t in tokens)

    def _back(self, client: Client, token: str) -> bool:
        with self._lock:
            seat = next(
                (
                    s
                    for s, p in self.people.items()
                    if hmac.compare_digest(p.token.encode(), token.encode())
                ),
                None,
            )
            if seat is None:
                self._refuse(client, RefusalCode.BAD_TOKEN, "no seat has that token", fatal=True)
                return False
            for old in [c for c in self.clients if c.seat == seat and c is not client]:
                old.seat = None  # the seat's older connection (dropped or not) lets go
                old.close("the seat was taken back with its token")
            person = self.people[seat]
            person.connected = True
            person.sitting_out = False
            client.person, client.seat = person, seat
            self._presence()
        self._welcome(client, True)
        self._tell_all(PlayerBack(seat))
        return True
