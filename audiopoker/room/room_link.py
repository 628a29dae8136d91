"""The client's connection to a room's lobby: frames read on a thread of their own into a
queue, frames sent from any thread, the end of the connection as the last item.

The lobby client (``ui.lobby``) reads the queue; a table is another connection, made with
a ticket (the network table's client).
"""

from __future__ import annotations

import logging
import queue
import ssl
import threading
from dataclasses import dataclass

from websockets.exceptions import ConnectionClosed, WebSocketException
from websockets.sync.client import ClientConnection, connect

from audiopoker.net.protocol import MAX_MESSAGE
from audiopoker.room.room_protocol import (
    RoomClientFrame,
    RoomFrameError,
    RoomServerFrame,
    decode_room_server,
    encode_room,
)

log = logging.getLogger(__name__)
OPEN_TIMEOUT = 10.0


@dataclass(frozen=True, slots=True)
class LinkClosed:
    """The connection ended (``reason``: what the room or the network said)."""

    reason: str


class RoomLink:
    """One connection to a room (``uri``: ``ws://host:port`` or ``wss://``)."""

    def __init__(self, uri: str, tls: ssl.SSLContext | None = None) -> None:
        self.uri = uri
        self.tls = tls
        self.frames: queue.Queue[RoomServerFrame | LinkClosed] = queue.Queue()
        self._ws: ClientConnection | None = None
        self._lock = threading.Lock()

    def open(self) -> None:
        """Connect (raises OSError or a websockets error when the room cannot be reached)
        and start reading."""
        self._ws = connect(
            self.uri, ssl=self.tls, open_timeout=OPEN_TIMEOUT, max_size=MAX_MESSAGE
        ).__enter__()
        threading.Thread(target=self._read, name="room-link", daemon=True).start()

    def _read(self) -> None:
        ws = self._ws
        assert ws is not None
        reason = "closed"
        try:
            for raw in ws:
                try:
                    self.frames.put(decode_room_server(raw))
                except RoomFrameError as error:  # a room of another version, or broken
                    log.warning("a frame from the room was refused: %s", error.detail)
        except ConnectionClosed as closed:
            reason = closed.rcvd.reason if closed.rcvd is not None else "closed"
        except (OSError, WebSocketException) as error:
            reason = str(error)
        self.frames.put(LinkClosed(reason or "closed"))

    def send(self, frame: RoomClientFrame) -> bool:
        """Send ``frame``; False when the connection is gone."""
        ws = self._ws
        if ws is None:
            return False
        try:
            with self._lock:
                ws.send(encode_room(frame))
        except (ConnectionClosed, OSError):
            return False
        return True

    def close(self) -> None:
        ws = self._ws
        if ws is not None:
            ws.close()
