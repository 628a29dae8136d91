"""The client's link to a table server: a websockets connection on its own asyncio loop
thread, which comes back by itself (with the seat's token) when the network drops it.

Frames are validated (``decode_server``) and handed to ``on_frame`` on the loop's thread;
``on_link`` hears ``lost`` (trying again), ``failed`` (never reached the table, or gave up)
and ``closed`` (the server ended the connection for good).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import ssl
import threading
import time
from collections.abc import Callable

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidHandshake, InvalidURI, WebSocketException

from audiopoker.net.clean import clean_server_frame
from audiopoker.net.protocol import (
    MAX_MESSAGE,
    ClientFrame,
    FrameError,
    Hello,
    Refused,
    ServerFrame,
    Welcome,
    decode_server,
    encode,
)

log = logging.getLogger(__name__)

RECONNECT_FOR = 600.0  # seconds of trying to get back before giving up
BACKOFF = (0.5, 1.0, 2.0, 3.0, 5.0)


class Connection:
    """One player's connection. ``start`` connects in the background; ``send`` from any
    thread (dropped while disconnected: the server's clock decides what happens then)."""

    def __init__(
        self,
        uri: str,
        hello: Hello,
        tls: ssl.SSLContext | None,
        on_frame: Callable[[ServerFrame], None],
        on_link: Callable[[str, str], None],
    ) -> None:
        self.uri = uri
        self.hello = hello
        self.token = hello.token
        self._tls = tls
        self._on_frame = on_frame
        self._on_link = on_link
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ws: ClientConnection | None = None
        self._closing = False
        self._thread: threading.Thread | None = None
        self._ended = threading.Event()  # the loop's thread is done: it runs nothing more
        self.seated = False  # a Welcome came at least once

    def start(self) -> None:
        """Connect and read in a background thread."""
        self._thread = threading.Thread(target=self._main, name="audiopoker-link", daemon=True)
        self._thread.start()

    def _main(self) -> None:
        try:
            with contextlib.suppress(asyncio.CancelledError):
                asyncio.run(self._run())
        finally:
            self._ended.set()

    async def _run(self) -> None:
        self._loop = asyncio.get_running_loop()
        lost_at: float | None = None
        attempt = 0
        while not self._closing:
            self.seated = False  # until this connection's Welcome
            reason = await self._session()
            if self._closing:
                break
            if self.token is None:  # never seated: nothing to come back to
                self._on_link("failed", reason)
                return
            if self.seated or lost_at is None:  # a fresh loss (this connection was seated)
                lost_at, attempt = time.monotonic(), 0
                self._on_link("lost", reason)
            if time.monotonic() - lost_at > RECONNECT_FOR:
                self._on_link("failed", reason)
                return
            await asyncio.sleep(BACKOFF[min(attempt, len(BACKOFF) - 1)])
            attempt += 1
        self._on_link("closed", "")

    async def _session(self) -> str:
        """One connection, from Hello to its end; why it ended."""
        try:
            async with connect(
                self.uri, ssl=self._tls, max_size=MAX_MESSAGE, proxy=None, open_timeout=5
            ) as ws:
                self._ws = ws
                await ws.send(encode(msgspec.structs.replace(self.hello, token=self.token)))
                async for raw in ws:
                    try:
                        frame = clean_server_frame(decode_server(raw))
                    except FrameError as error:
                        log.warning("a frame from the server was refused: %s", error.detail)
                        continue
                    if isinstance(frame, Welcome):
                        self.token = frame.token
                        self.seated = True
                    if isinstance(frame, Refused) and frame.fatal:
                        self._closing = True
                    self._on_frame(frame)
                return "closed"
        except (OSError, TimeoutError, InvalidURI, InvalidHandshake, WebSocketException) as error:
            return str(error) or type(error).__name__
        finally:
            self._ws = None

    def send(self, frame: ClientFrame) -> None:
        """Send one frame (from any thread)."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):
            asyncio.run_coroutine_threadsafe(self._send(encode(frame)), loop)

    async def _send(self, text: str) -> None:
        ws = self._ws
        if ws is not None:
            with contextlib.suppress(WebSocketException, OSError):
                await ws.send(text)

    def close(self, farewell: ClientFrame | None = None) -> None:
        """Say ``farewell`` (Bye) if given, close, and stop trying to come back."""
        self._closing = True
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                closing = self._close(farewell)
                future = asyncio.run_coroutine_threadsafe(closing, loop)
                if not self._wait(future, 3.0) and self._ended.is_set():
                    closing.close()  # the loop died first: the work never ran
        if self._thread is not None:
            self._thread.join(timeout=3)

    def _wait(self, future: concurrent.futures.Future[None], seconds: float) -> bool:
        """Wait for ``future`` at most ``seconds``, and no longer than the loop runs: a loop
        that ended as it was handed the work (the server closed the link for good) never
        runs it, and the player would wait the whole time for nothing. True when done."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and not self._ended.is_set():
            try:
                future.result(timeout=0.05)
            except TimeoutError:
                continue
            except Exception:  # the link failed as it closed: closed all the same
                return True
            return True
        return future.done()

    async def _close(self, farewell: ClientFrame | None) -> None:
        ws = self._ws
        if ws is None:
            return
        with contextlib.suppress(WebSocketException, OSError):
            if farewell is not None:
                await ws.send(encode(farewell))
            await ws.close()
