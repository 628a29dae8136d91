"""One connection to the table server, as the server keeps it: its seat, its outbox, how
far its speech got, and its strikes."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import ClassVar

from websockets.asyncio.server import ServerConnection

from audiopoker.net.limits import RateLimit
from audiopoker.net.protocol import ServerFrame, encode
from audiopoker.net.seats import Person

log = logging.getLogger(__name__)

MAX_STRIKES = 10  # refused frames before a client is dropped
MAX_QUEUE = 2000  # frames waiting for a slow client before it is dropped (it can come back)


@dataclass(eq=False)
class Outbound:
    """An open connection as a server of ours keeps it (the table's ``Client``, the room's
    ``Person``): whom its failures count against, its outbox (a writer task sends it,
    ``net.serving.write_outbox``), its strikes and why it is closing."""

    max_queue: ClassVar[int] = MAX_QUEUE  # frames waiting before a slow one is dropped

    ws: ServerConnection
    address: str = ""  # whom its wrong codes count against (audiopoker.net.guard)
    outbox: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    # Refused frames: MAX_STRIKES at once, forgiven at one a second (a stale action that
    # raced a timeout is no abuse; a stream of garbage is).
    strikes: RateLimit = field(default_factory=lambda: RateLimit(rate=1.0, burst=MAX_STRIKES))
    closing: str | None = None  # why the server is closing the connection

    def put(self, text: str) -> None:
        """Queue one frame's text; a client ``max_queue`` frames behind is dropped."""
        if self.outbox.qsize() >= self.max_queue:
            log.warning("dropping a client %d frames behind", self.max_queue)
            self.close("too slow")
            return
        self.outbox.put_nowait(text)

    def close(self, reason: str) -> None:
        """Close the connection once what waits was sent (a refusal says why first)."""
        if self.closing is None:
            self.closing = reason
            self.outbox.put_nowait(None)


@dataclass(eq=False)
class Client(Outbound):
    """One open connection to the table and the seat it holds (None before it sits down)."""

    seat: int | None = None
    person: Person | None = None
    seq: int = 0  # the last event number sent
    heard: int = 0  # the last event number the client's speech reached
    heard_at: float = 0.0
    deaf: bool = False  # missed a heard wait: not waited for until it catches up
    waited: float = 0.0  # seconds the table waited for this client in this hand
    seated: bool = False  # Welcome was sent: events flow
    # Waiting for a seat: the hand in play's public events flow (as to a spectator) until
    # the Welcome; set and cleared on the loop's thread, in order with the events.
    watching: bool = False
    spectator: str = ""  # a room's spectator: the account it watches as (no person, no seat)

    def send(self, frame: ServerFrame) -> None:
        self.put(encode(frame))
