"""Following a room's table as a spectator until the player stops (``commands.join``): the
table's frames are said as the spectator hears them (``ui.net_talk.Spectator``) on a thread
of their own while the key loop listens (``ui.watch_keys``)."""

from __future__ import annotations

import contextlib
import queue
import threading
from collections.abc import Callable

from prompt_toolkit.application import Application

from audiopoker.net.client import Connection
from audiopoker.net.net_text import NetText
from audiopoker.net.protocol import (
    EventFrame,
    RefusalCode,
    Refused,
    ServerFrame,
    Waiting,
    Welcome,
)
from audiopoker.output.message import Message
from audiopoker.output.router import Router
from audiopoker.ui.app import build_app
from audiopoker.ui.keymap import Keymap
from audiopoker.ui.net_talk import Spectator
from audiopoker.ui.watch_keys import WatchKeys


def watch_table(
    frames: queue.Queue[ServerFrame | tuple[str, str]],
    connection: Connection,
    spectator: Spectator,
    router: Router,
    text: NetText,
    keymap: Keymap,
    arrival: str,
) -> int:
    """Follow the table until Q Q, Control+C, or the table's end; 0 when the player chose
    to stop, 1 when the table ended or the connection failed."""
    ended: list[str] = []
    stop = threading.Event()  # the player stopped: the connection's close is no news

    def follow(app: Application[None]) -> None:
        loop = app.loop
        assert loop is not None
        while not stop.is_set():
            try:
                got = frames.get(timeout=0.2)
            except queue.Empty:
                continue
            line = ""
            if isinstance(got, tuple):  # the connection failed for good
                line = text.say("join.failed", address=connection.uri, reason=got[1])
            elif isinstance(got, Refused):
                closed = got.code is RefusalCode.CLOSED
                line = text.say("join.closed" if closed else f"refused.{got.code.value}")
                if not (got.fatal or closed):
                    router.send(Message("error", line))
                    continue
            elif isinstance(got, Waiting):
                router.send(Message("welcome", text.say(arrival)))
                spectator.waiting(got)
            elif isinstance(got, EventFrame):
                spectator.follow(got)
            if line:
                router.send(Message("error", line))
                ended.append(line)
                with contextlib.suppress(RuntimeError):  # the key loop ended already
                    loop.call_soon_threadsafe(app.exit)
                return

    keys = WatchKeys(text, router.send, lambda: None)
    app = build_app(keys, keymap)
    keys.done = app.exit
    thread = threading.Thread(target=follow, args=(app,), name="watching", daemon=True)

    with contextlib.suppress(EOFError, KeyboardInterrupt):  # Control+C stops watching too
        app.run(pre_run=thread.start, handle_sigint=False)
    # The frames stop being read before the close: its news is for nobody (found playing:
    # stopping was said as "could not reach the table").
    stop.set()
    if thread.ident is not None:
        thread.join()
    connection.close()
    return 1 if ended else 0


def wait_for_seat(
    settle: Callable[[threading.Event], Welcome | int],
    router: Router,
    text: NetText,
    keymap: Keymap,
) -> Welcome | int:
    """A room's table until the seat is the player's: ``settle`` reads the table's frames
    (on a thread) until the Welcome, or an exit code at the table's end or when the event is
    set (the player pressed Q twice: back to the lobby, 0). Meanwhile keys are answered and
    dropped, so none waits in the terminal to act at the table later."""
    stop = threading.Event()
    outcome: list[Welcome | int] = []
    keys = WatchKeys(text, router.send, lambda: None, state="wait")
    app = build_app(keys, keymap)
    keys.done = app.exit

    def follow() -> None:
        outcome.append(settle(stop))
        loop = app.loop
        if loop is not None:
            with contextlib.suppress(RuntimeError):  # the key loop ended already
                loop.call_soon_threadsafe(app.exit)

    thread = threading.Thread(target=follow, name="waiting-for-seat", daemon=True)

    with contextlib.suppress(EOFError, KeyboardInterrupt):
        app.run(pre_run=thread.start, handle_sigint=False)
    stop.set()  # the player left before the seat came (or the table answered)
    if thread.ident is None:  # the key loop could not start: no keys to wait with
        return settle(stop)
    thread.join()
    return outcome[0]
