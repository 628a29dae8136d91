"""One connection in the room: its outbox (``net.conn.Outbound``), and once it entered, its
session and language."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from audiopoker.net.conn import Outbound
from audiopoker.room.accounts import Session
from audiopoker.room.room_protocol import Lobby, RoomServerFrame, encode_room

MAX_QUEUE = 256  # frames waiting for a slow client before it is dropped


@dataclass(eq=False)
class Person(Outbound):
    """One connection in the room (``session`` None until it entered)."""

    max_queue: ClassVar[int] = MAX_QUEUE

    session: Session | None = None
    lang: str = "en"
    heard: Lobby | None = None  # the lobby this person was sent last

    @property
    def name(self) -> str:
        return self.session.account.name if self.session is not None else "?"

    def send(self, frame: RoomServerFrame) -> None:
        self.put_text(encode_room(frame))

    def put_text(self, text: str) -> None:
        """A frame encoded already (one text for everyone: the lobby)."""
        if self.closing is None:  # nothing more for a connection on its way out
            self.put(text)
