"""Players at both kinds of table, for the tests of issue 25: a ``PlayerSide`` running in a
thread on a pipe input (as the main thread runs it), speaking into a RecordingBackend with
an in-memory transcript — at a local table (``Session``) or at a hosted table on loopback
(a real in-process ``HostedTable`` and a ``ClientSession`` joined through a real
``Connection``). The keys are pressed through the pipe, as a person presses them."""

from __future__ import annotations

import contextlib
import io
import json
import queue
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from prompt_toolkit.input import PipeInput, create_pipe_input

from audiopoker.bots.base import Bot
from audiopoker.engine.events import ActionTaken, Event
from audiopoker.i18n import Language
from audiopoker.net.client import Connection
from audiopoker.net.hosted_table import HostedTable, HostOptions
from audiopoker.net.protocol import Hello, ServerFrame, Welcome
from audiopoker.output.backends import RecordingBackend
from audiopoker.output.router import Router
from audiopoker.output.transcript import TranscriptWriter
from audiopoker.persistence import Store
from audiopoker.ui.keymap import default_keymap
from audiopoker.ui.player_prefs import PrefsFile
from audiopoker.ui.remote_link import ClientSession
from audiopoker.ui.session import Session, Settings
from audiopoker.ui.side import PlayerSide

WAIT = 20.0  # seconds any one thing may take before a test fails


def wait_until(
    condition: Callable[[], bool], what: str | Callable[[], str], seconds: float = WAIT
) -> None:
    """Wait for ``condition``; fail saying ``what`` (a callable: worked out on failing)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.002)
    raise AssertionError(f"waited {seconds} s for {what() if callable(what) else what}")


@dataclass
class Player:
    """One side running, its keys and what it said."""

    side: PlayerSide
    router: Router
    pipe: PipeInput
    transcript: io.StringIO
    thread: threading.Thread | None = None
    result: list[object] = field(default_factory=list)
    acted: int = 0  # the player's actions the table took

    def on_event(self, event: Event) -> None:
        """Counts the player's actions (a listener of the side)."""
        if isinstance(event, ActionTaken) and event.seat == self.side.link.me:
            self.acted += 1

    def start(self) -> None:
        self.side.listeners.append(self)

        def run() -> None:
            try:
                self.result.append(self.side.run())
            except BaseException as error:  # the test reports it
                self.result.append(error)

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()

    @property
    def finished(self) -> bool:
        return self.thread is not None and not self.thread.is_alive()

    def records(self) -> list[dict[str, Any]]:
        """Every message sent to the player so far (kind, text, ...), in order."""
        return [json.loads(line) for line in self.transcript.getvalue().splitlines()]

    def texts(self) -> list[str]:
        return [str(record["text"]) for record in self.records()]

    def said(self, kind: str) -> int:
        return sum(record["kind"] == kind for record in self.records())

    def wait_said(self, wanted: str, seconds: float = WAIT) -> list[str]:
        """Wait until a message holding ``wanted`` was said; everything said."""
        wait_until(lambda: any(wanted in text for text in self.texts()), repr(wanted), seconds)
        return self.texts()

    def press(self, *keys: str) -> None:
        for key in keys:
            self.pipe.send_text(key)

    def ask(self, *keys: str) -> None:
        """Press query keys and wait for their answers (one message each)."""
        answered = self.said("answer")
        self.press(*keys)
        wait_until(lambda: self.said("answer") >= answered + len(keys), f"answers to {keys}")

    def wait_turn(self, prompts: int) -> None:
        """Wait until it is the player's turn and its prompt (the ``prompts``-th) was said."""
        human = self.side.human
        assert human is not None
        wait_until(
            lambda: (
                (human.pending is not None and self.said("your_turn") >= prompts) or self.finished
            ),
            lambda: f"your turn #{prompts}; said last: {self.records()[-8:]}",
        )
        assert not self.finished, self.texts()[-6:]

    def act(self, *keys: str) -> None:
        """Press ``keys`` on the player's turn and wait until the action is taken (counted:
        the bots may have played on to the player's next turn by the time we look)."""
        acted = self.acted
        self.press(*keys)
        wait_until(
            lambda: self.acted > acted or self.finished,
            lambda: f"the keys {keys} to act; said last: {self.records()[-8:]}",
        )

    def wait_end(self) -> None:
        wait_until(lambda: self.finished, "the end of the game", 60)
        assert self.result == [0], self.result


def recording_router(lang: Language) -> tuple[Router, io.StringIO]:
    transcript = io.StringIO()
    return Router(
        RecordingBackend(), transcript=TranscriptWriter(transcript), lang=lang
    ), transcript


@contextlib.contextmanager
def local_player(settings: Settings) -> Iterator[Player]:
    """A game at a local table (not started: ``Player.start``)."""
    router, transcript = recording_router(settings.lang)
    with create_pipe_input() as pipe:
        session = Session(settings, router, default_keymap(), input=pipe)
        player = Player(session, router, pipe, transcript)
        try:
            yield player
        finally:
            _stop(player)


@contextlib.contextmanager
def hosted_table(folder: Path | None = None, **settings: Any) -> Iterator[HostedTable]:
    """A hosted table on a free loopback port, served and played in this process, saved
    in ``folder`` (None: not saved)."""
    defaults: dict[str, Any] = dict(
        seats=3, chips=100, bots="easy", bot_delay=0.0, port=0, seed=1, hands=3,
        turn_seconds=600, time_bank=0, bot_time_budget=None,
    )  # fmt: skip
    store = Store(folder)
    store.open()
    hosted = HostedTable(HostOptions(**{**defaults, **settings}), store, None)
    hosted.start()
    try:
        yield hosted
    finally:
        hosted.stop()
        store.close()


def uri_of(hosted: HostedTable) -> str:
    return f"ws://127.0.0.1:{hosted.port}"


@contextlib.contextmanager
def remote_player(
    hosted: HostedTable,
    name: str | None,
    lang: Language,
    *,
    close_table: Callable[[], None] | None = None,
    farewell: Callable[[], list[str]] = list,
    prefs: PrefsFile | None = None,
    remind: float = 0.0,
    token: str | None = None,
    autopilot: Bot | None = None,
    start: bool = False,
) -> Iterator[Player]:
    """A player joined at ``hosted`` and seated, as ``audiopoker join`` joins: Hello,
    Waiting, Welcome, then the session takes the frames in order. ``name`` None: the
    player typed none (the table names them). ``token``: a seat's, to come back to it;
    ``autopilot``: a bot plays the seat (keys still work). ``start``: playing at once
    (else ``Player.start``: the table waits on the player's turn meanwhile)."""
    router, transcript = recording_router(lang)
    early: queue.Queue[ServerFrame | tuple[str, str]] = queue.Queue()
    session: list[ClientSession] = []
    switch = threading.Lock()

    def on_frame(frame: ServerFrame) -> None:
        with switch:
            (session[0].on_frame if session else early.put)(frame)

    def on_link(state: str, reason: str) -> None:
        with switch:
            if session:
                session[0].on_link(state, reason)
            else:
                early.put((state, reason))

    hello = Hello(
        code=hosted.code, name=name or "Player", named=name is not None, lang=lang, token=token
    )
    connection = Connection(uri_of(hosted), hello, None, on_frame, on_link)
    connection.start()
    frames: list[ServerFrame] = []
    while not frames or not isinstance(frames[-1], Welcome):
        got = early.get(timeout=WAIT)
        assert not isinstance(got, tuple), got
        frames.append(got)
    welcome = frames[-1]
    assert isinstance(welcome, Welcome)
    with create_pipe_input() as pipe:
        made = ClientSession(
            welcome,
            connection,
            router,
            default_keymap(),
            lang,
            remind=remind,
            autopilot=autopilot,
            named=name is not None,
            close_table=close_table,
            farewell=farewell,
            prefs=prefs,
            input=pipe,
        )
        with switch:
            while not early.empty():
                frame = early.get()
                made.on_link(*frame) if isinstance(frame, tuple) else made.on_frame(frame)
            session.append(made)
        player = Player(made, router, pipe, transcript)
        if start:
            player.start()
        try:
            yield player
        finally:
            _stop(player)
            connection.close()


def vanish(player: Player) -> None:
    """The player's program ends without a word (killed, or the machine died): its
    connection just ends; nothing is said to it any more."""
    side = player.side
    assert isinstance(side, ClientSession)
    side.stopping.set()
    side.connection.close(None)
    _stop(player)


def _stop(player: Player) -> None:
    if player.thread is not None and player.thread.is_alive():
        player.side.stopping.set()
        player.pipe.send_text("\x03")
        player.thread.join(10)
    player.router.close()
