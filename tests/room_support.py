"""A room on a free loopback port for the room's tests, its loop on a thread of its own."""

from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from argon2 import PasswordHasher
from cli_support import ROOT

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


class Visitor:
    """``audiopoker connect`` as a process, what it printed (``lines``), keys typed into it."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.process = process
        self.lines: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def press(self, keys: str) -> None:
        """Type ``keys`` (escape sequences for arrows: "\\x1b[B" is Down)."""
        assert self.process.stdin is not None
        self.process.stdin.write(keys)
        self.process.stdin.flush()

    def hears(self, text: str, seconds: float = 30.0) -> None:
        """Wait until a printed line holds ``text`` (the test fails after ``seconds``)."""
        deadline = time.monotonic() + seconds
        while not any(text in line for line in self.lines):
            assert time.monotonic() < deadline, f"{text!r} never said: {self.lines[-10:]}"
            time.sleep(0.02)

    def said(self, text: str) -> int:
        """How many printed lines hold ``text``."""
        return sum(text in line for line in self.lines)


@contextlib.contextmanager
def visiting(folder: Path, address: str, *options: str) -> Iterator[Visitor]:
    """Ana's ``connect`` to ``address`` (in English, on the console, without sound, her
    password in a file, her data in ``folder``); killed after the block."""
    (folder / "password").write_text("a long secret\n", encoding="utf-8")
    env = {**os.environ, "AUDIOPOKER_DATA_DIR": str(folder / "data"), "LANG": "en_US.UTF-8"}
    process = subprocess.Popen(
        [sys.executable, "-m", "audiopoker", "connect", address, "--name", "Ana",
         "--password-file", str(folder / "password"), "--output", "console",
         "--no-sound", "--lang", "en", *options],
        cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    try:
        yield Visitor(process)
    finally:
        process.kill()
        process.wait(10)
