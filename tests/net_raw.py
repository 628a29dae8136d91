"""A raw protocol client for the network table's tests: no narration, no UI, just frames.

``RawClient`` connects, says ``Hello`` with the invite code (and a token when given),
records every frame it receives (its raw text, the decoded frame, the monotonic time),
answers each ``ActionRequired`` of its own seat with a check, a call or a fold (an ``Act``
carrying the frame's ``turn`` and the hand number of the last ``HandStarted``), and says
``Heard(upto=seq)`` after each ``EventFrame`` (coalesced: one Heard covers the events read
in one go). Tests read ``frames`` afterwards and may send anything with ``send_raw``.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from audiopoker.net.protocol import (
    Act,
    ClientFrame,
    EventFrame,
    FrameError,
    Heard,
    Hello,
    ServerFrame,
    Welcome,
    decode_server,
    encode,
)

Answer = Literal["call", "fold", "silent"]


@dataclass(frozen=True)
class Received:
    """One frame as it arrived: ``frame`` is None when it did not decode (``error``)."""

    at: float
    raw: str
    frame: ServerFrame | None
    error: str | None = None


@dataclass
class RawClient:
    """One connection to ``uri``. ``answer``: ``call`` checks or calls, ``fold`` checks or
    folds, ``silent`` never acts (the clock acts for it)."""

    uri: str
    code: str
    name: str = "raw"
    token: str | None = None
    answer: Answer = "call"
    heard: bool = True  # say Heard after each event
    think: float = 0.0  # seconds to wait before answering a turn (a test may change it)
    hear_after: float = 0.0  # seconds the client's "speech" takes before it says Heard
    heard_log: list[tuple[float, int]] = field(default_factory=list)  # (sent at, upto)
    frames: list[Received] = field(default_factory=list)
    sent: list[str] = field(default_factory=list)
    acts: list[Act] = field(default_factory=list)
    seat: int | None = None
    hand: int = 0
    close_code: int | None = None
    ws: ClientConnection | None = None
    _reader: asyncio.Task[None] | None = None
    _heard_upto: int = 0
    _heard_times: list[float] = field(default_factory=list)
    _acker: asyncio.Task[None] | None = None
    _writer: asyncio.Task[None] | None = None
    _outbox: asyncio.Queue[tuple[float, str]] = field(default_factory=asyncio.Queue)
    _news: asyncio.Event = field(default_factory=asyncio.Event)
    closed: asyncio.Event = field(default_factory=asyncio.Event)

    async def connect(self, hello: Hello | None = None) -> None:
        """Open the connection and say Hello (``hello``, or one with our code and token)."""
        self.ws = await connect(self.uri, proxy=None, max_size=None, open_timeout=10)
        self._reader = asyncio.create_task(self._read())
        self._writer = asyncio.create_task(self._write())
        await self.send(hello or Hello(code=self.code, name=self.name, token=self.token))

    async def send(self, frame: ClientFrame) -> None:
        await self.send_raw(encode(frame))

    async def send_raw(self, text: str | bytes) -> None:
        """Send anything; a closed connection swallows it."""
        assert self.ws is not None
        self.sent.append(text if isinstance(text, str) else text.decode(errors="replace"))
        with contextlib.suppress(ConnectionClosed):
            await self.ws.send(text)

    def _post(self, frame: ClientFrame, delay: float = 0.0) -> None:
        """Send from the reader without waiting: a reader blocked in ``send`` stops reading,
        and under a flood the two ends can then wait for each other."""
        self._outbox.put_nowait((delay, encode(frame)))

    async def _write(self) -> None:
        while True:
            delay, text = await self._outbox.get()
            if delay:
                await asyncio.sleep(delay)
            await self.send_raw(text)

    async def close(self) -> None:
        if self._writer is not None:
            self._writer.cancel()
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.wait_for(self._reader, 5)

    async def _read(self) -> None:
        assert self.ws is not None
        try:
            async for raw in self.ws:
                text = raw if isinstance(raw, str) else raw.decode()
                try:
                    frame: ServerFrame | None = decode_server(text)
                    error = None
                except FrameError as problem:
                    frame, error = None, problem.detail
                self.frames.append(Received(time.monotonic(), text, frame, error))
                if frame is not None:
                    await self._handle(frame)
                self._news.set()
        except ConnectionClosed:
            pass
        finally:
            self.close_code = self.ws.close_code
            self.closed.set()
            self._news.set()

    async def _handle(self, frame: ServerFrame) -> None:
        if isinstance(frame, Welcome):
            self.seat, self.token = frame.seat, frame.token
            last: dict[str, Any] | None = None
            for event in frame.events:
                self._follow(event)
                last = event
            if frame.turn and last is not None and last.get("type") == "ActionRequired":
                await self._answer(last, frame.turn)
        elif isinstance(frame, EventFrame):
            self._follow(frame.event)
            if frame.turn and frame.event.get("type") == "ActionRequired":
                await self._answer(frame.event, frame.turn)
            if self.heard:
                self._heard_upto = frame.seq
                if self._acker is None or self._acker.done():
                    self._acker = asyncio.create_task(self._ack())

    def _follow(self, event: dict[str, Any]) -> None:
        if event.get("type") == "HandStarted":
            self.hand = int(event["hand_number"])

    async def _answer(self, event: dict[str, Any], turn: int) -> None:
        if self.answer == "silent" or event.get("seat") != self.seat:
            return
        legal = event["legal"]
        otherwise = "call" if self.answer == "call" else "fold"
        kind = "check" if legal["can_check"] else otherwise
        act = Act(hand=self.hand, turn=turn, kind=kind)
        self.acts.append(act)
        self._post(act, self.think)

    async def _ack(self) -> None:
        """Heard for every event read so far: one frame covers the events read in one go
        (``upto`` is cumulative), again while more came during ``hear_after``, and at most
        150 a second (the server only notes Heard frames beyond 200 a second)."""
        told = 0
        while told < self._heard_upto:
            await asyncio.sleep(0)  # let the reader take the frames already here
            recent = [t for t in self._heard_times if t > time.monotonic() - 1.0]
            if len(recent) >= 150:
                await asyncio.sleep(recent[0] + 1.0 - time.monotonic())
            self._heard_times = [*recent[-150:], time.monotonic()]
            upto = self._heard_upto
            if self.hear_after:
                await asyncio.sleep(self.hear_after)  # as if a voice were saying the events
            self.heard_log.append((time.monotonic(), upto))
            self._post(Heard(upto=upto))
            told = upto

    # --- reading what arrived -----------------------------------------------------------
    async def wait_for(
        self, match: Callable[[Received], bool], timeout: float, start: int = 0
    ) -> Received:
        """The first frame from index ``start`` on that ``match``es; TimeoutError after
        ``timeout`` seconds (or AssertionError when the connection closed first)."""
        deadline = time.monotonic() + timeout
        index = start
        while True:
            while index < len(self.frames):
                if match(self.frames[index]):
                    return self.frames[index]
                index += 1
            if self.closed.is_set():
                raise AssertionError(f"closed ({self.close_code}) before the frame came")
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the frame did not come")
            self._news.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._news.wait(), left)

    def events(self) -> list[tuple[Received, dict[str, Any]]]:
        """Every event received, in order, with its frame (catch-up events of a Welcome
        come with the Welcome's frame)."""
        found: list[tuple[Received, dict[str, Any]]] = []
        for received in self.frames:
            frame = received.frame
            if isinstance(frame, Welcome):
                found.extend((received, event) for event in frame.events)
            elif isinstance(frame, EventFrame):
                found.append((received, frame.event))
        return found

    def count(self, kind: str) -> int:
        """How many events of type ``kind`` arrived."""
        return sum(1 for _, event in self.events() if event.get("type") == kind)


def is_event(kind: str) -> Callable[[Received], bool]:
    """A ``wait_for`` matcher: an EventFrame carrying an event of type ``kind``."""

    def match(received: Received) -> bool:
        frame = received.frame
        return isinstance(frame, EventFrame) and frame.event.get("type") == kind

    return match


def is_frame(kind: type[ServerFrame]) -> Callable[[Received], bool]:
    """A ``wait_for`` matcher: a frame of class ``kind``."""

    def match(received: Received) -> bool:
        return isinstance(received.frame, kind)

    return match
