"""One connection to the table server, as the server keeps it: its seat, its outbox, how
far its speech got, and its strikes."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field

from websockets.asyncio.server import ServerConnection

from audiopoker.net.limits import RateLimit
from audiopoker.net.protocol import ServerFrame, encode
from audiopoker.net.seats import Person

log = logging.getLogger(__name__)

MAX_STRIKES = 10  # refused frames before a client is dropped
MAX_QUEUE = 2000  # frames waiting for a slow client before it is dropped (it can come back)


@dataclass(eq=False)
class Client:
    """One open connection and the seat it holds (None before it sits down)."""

    ws: ServerConnection
    address: str = ""  # whom its wrong codes count against (audiopoker.net.guard)
    seat: int | None = None
    person: Person | None = None
    outbox: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    seq: int = 0  # the last event number sent
    heard: int = 0  # the last event number the client's speech reached
    heard_at: float = 0.0
    deaf: bool = False  # missed a heard wait: not waited for until it catches up
    waited: float = 0.0  # seconds the table waited for this client in this hand
    # Refused frames: MAX_STRIKES at once, forgiven at one a second (a stale action that
    # raced a timeout is no abuse; a stream of garbage is).
    strikes: RateLimit = field(default_factory=lambda: RateLimit(rate=1.0, burst=MAX_STRIKES))
    seated: bool = False  # Welcome was sent: events flow
    # Waiting for a seat: the hand in play's public events flow (as to a spectator) until
    # the Welcome; set and cleared on the loop's thread, in order with the events.
    watching: bool = False
    closing: str | None = None  # why the server is closing the connection

    def send(self, frame: ServerFrame) -> None:
        if self.outbox.qsize() >= MAX_QUEUE:
            log.warning("dropping a client %d frames behind", MAX_QUEUE)
            self.close("too slow")
            return
        self.outbox.put_nowait(encode(frame))

    def close(self, reason: str) -> None:
        """Close the connection once what waits was sent (a refusal says why first)."""
        if self.closing is None:
            self.closing = reason
            self.outbox.put_nowait(None)
