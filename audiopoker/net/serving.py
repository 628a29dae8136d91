"""What every websocket server of ours shares (the network table's, ``net.server``, and the
room's, ``room.room_server``): the listening socket with our limits and keepalive, a
connection's writer draining its outbox, the connection's end, and TLS from two PEM files.
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
from collections.abc import Awaitable, Callable, Collection
from pathlib import Path

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from audiopoker.net.conn import Outbound
from audiopoker.net.protocol import MAX_MESSAGE

FLUSH_TIMEOUT = 2.0  # seconds to send a closing connection's last frames (a refusal)
# Keepalive: a ping every PING_INTERVAL s, answered within PING_TIMEOUT s, else the
# connection is dropped (a player whose network went away is noticed within 15 s).
PING_INTERVAL = 5.0
PING_TIMEOUT = 10.0
CLOSE_TIMEOUT = 1.0  # seconds a closing handshake may take: a server stops within 2 s


async def listen(
    handle: Callable[[ServerConnection], Awaitable[None]],
    host: str,
    port: int,
    tls: ssl.SSLContext | None,
    ready: asyncio.Future[int],
    opened: Callable[[Server], None] = lambda server: None,
) -> None:
    """Serve ``handle`` until cancelled; ``ready`` gets the bound port, or the OSError that
    kept it from opening (in use, not this machine's address); ``opened`` the server."""
    try:
        server = await serve(
            handle,
            host,
            port,
            ssl=tls,
            max_size=MAX_MESSAGE,
            max_queue=32,
            # Our frames are small JSON: compressing them cost the room 15 % of its CPU a
            # frame and half a megabyte a table (benchmarks/bench_room.py --no-deflate).
            compression=None,
            ping_interval=PING_INTERVAL,
            ping_timeout=PING_TIMEOUT,
            close_timeout=CLOSE_TIMEOUT,
        )
    except OSError as error:
        ready.set_exception(error)
        return
    async with server:
        opened(server)
        sockets = list(server.sockets)
        ready.set_result(sockets[0].getsockname()[1] if sockets else port)
        await asyncio.Future()


async def write_outbox(conn: Outbound, polite: Collection[str] = ("goodbye",)) -> None:
    """Send what the connection's outbox holds; its None closes the connection, with 1000
    for a ``polite`` reason and 1008 (a policy's) for any other, the reason given."""
    with contextlib.suppress(ConnectionClosed):
        while True:
            text = await conn.outbox.get()
            if text is None:
                why = conn.closing
                await conn.ws.close(1000 if why in polite else 1008, why or "")
                return
            await conn.ws.send(text)


async def flush(writer: asyncio.Task[None]) -> None:
    """Let a closing connection's writer send what waits (a refusal), then stop it."""
    with contextlib.suppress(Exception):
        await asyncio.wait_for(writer, FLUSH_TIMEOUT)
    writer.cancel()


def server_tls(certfile: Path | None, keyfile: Path | None) -> ssl.SSLContext | None:
    """TLS from a certificate and its key (None when neither is given); ssl.SSLError
    when only one is, OSError or ssl.SSLError when they cannot be loaded."""
    if certfile is None and keyfile is None:
        return None
    if certfile is None or keyfile is None:
        raise ssl.SSLError("only one of the two files was given")
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certfile, keyfile)
    return context
