"""A room on a free loopback port for the room's tests, its loop on a thread of its own."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Iterator
from pathlib import Path

from argon2 import PasswordHasher

from audiopoker.room.accounts import Accounts
from audiopoker.room.room_db import Store
from audiopoker.room.room_server import RoomServer

# Cheap parameters: the tests check behaviour, not the hash's cost.
FAST = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)


@contextlib.contextmanager
def running_room(folder: Path, table_idle: float = 300.0) -> Iterator[tuple[int, RoomServer]]:
    """The room's port and server while the block runs; closed after it (its connections
    told, its tables closed)."""
    accounts = Accounts(Store(folder / "room.db"), hasher=FAST)
    server = RoomServer(accounts, bot_delay=0.0, table_idle=table_idle, look_every=0.05)
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()

    async def start() -> tuple[asyncio.Task[None], int]:
        ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        task = asyncio.create_task(server.serve("127.0.0.1", 0, None, ready))
        return task, await ready

    task, port = asyncio.run_coroutine_threadsafe(start(), loop).result(5)
    try:
        yield port, server
    finally:

        async def stop() -> None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

        asyncio.run_coroutine_threadsafe(stop(), loop).result(15)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)
        loop.close()
