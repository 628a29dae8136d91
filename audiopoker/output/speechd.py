"""Speech Dispatcher through its own client library (Debian's python3-speechd), the path Orca
itself speaks through on Linux.

It is the one Linux path that says when each message ended: the server's BEGIN, END and
CANCEL notifications arrive on the client's reader thread, so the router can say table
messages one at a time, each to its end, and bots wait for them. An interrupt is CANCEL
(the current message and anything queued on the server), never STOP (the current message
only). The language is set; the voice and the rate stay the ones the player chose for
Speech Dispatcher.

The SSIP client is not thread-safe: every command goes out from the router's speech
thread; the notifications only touch our own tables under a lock.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from audiopoker.output.backends import Attempt, Done, Ending
from audiopoker.output.sysmodules import import_system_module

log = logging.getLogger(__name__)

STAGE = "screen reader"
CLIENT_NAME = "audiopoker"
CONNECT_TIMEOUT = 5.0  # seconds a server may take to accept the connection

_ENDINGS = {"end": Ending.ENDED, "cancel": Ending.CUT}


def _ignore(ending: Ending) -> None:
    """The report of an utterance nobody waits for."""


class SpeechDispatcherBackend:
    """Speech through one SSIP connection, tracked by the server's notifications."""

    has_braille = False

    def __init__(
        self,
        client: Any,
        lang: str,
        name: str = "Speech Dispatcher",
        release: Callable[[], None] | None = None,
    ) -> None:
        self.name = name
        self.reads_console = False  # the factory says whether Orca reads the terminal
        self._client = client
        self._release = release if release is not None else client.close
        self._lock = threading.Lock()
        self._waiting: dict[int, Done] = {}  # message id -> who waits for its end
        self._early: dict[int, Ending] = {}  # ends reported before speak() returned the id
        self._speaking: set[int] = set()
        self._closed = False
        connection = getattr(client, "_conn", None)
        # The library's own per-message callbacks are registered only after SPEAK returns,
        # so a short message's END can arrive first and be lost: listen on the connection
        # itself (all notifications of this client), passing each on to the library.
        self._forward: Callable[..., None] | None = getattr(connection, "_callback", None)
        if connection is None or not hasattr(connection, "set_callback"):
            raise RuntimeError("this python3-speechd has no connection to listen on")
        connection.set_callback(self._on_event)
        client.set_language(lang)

    def _on_event(self, msg_id: int, client_id: int, kind: str, **details: Any) -> None:
        """A notification from the server (on the client's reader thread)."""
        done: Done | None = None
        ending = _ENDINGS.get(str(kind))
        with self._lock:
            if kind == "begin":
                self._speaking.add(msg_id)
            elif ending is not None:
                self._speaking.discard(msg_id)
                done = self._waiting.pop(msg_id, None)
                if done is None:
                    self._early[msg_id] = ending
        if done is not None and ending is not None:
            done(ending)
        if self._forward is not None:
            self._forward(msg_id, client_id, kind, **details)

    def speak_tracked(self, text: str, interrupt: bool, done: Done) -> None:
        """Say ``text``; ``interrupt`` cancels the current message first (CANCEL)."""
        if interrupt:
            self._client.cancel()
        if not text:
            done(Ending.ENDED)
            return
        reply = self._client.speak(text)
        msg_id = int(reply[2][0])
        with self._lock:
            ending = self._early.pop(msg_id, None)
            if ending is None:
                self._waiting[msg_id] = done
        if ending is not None:
            done(ending)

    def speak(self, text: str, interrupt: bool) -> None:
        """Say ``text`` without waiting for its end."""
        self.speak_tracked(text, interrupt, _ignore)

    def braille(self, text: str, interrupt: bool = False) -> None:
        """Speech Dispatcher has no braille (BRLTTY's BrlAPI does)."""

    def silence(self) -> None:
        """CANCEL: stop the current message and drop the server's queue."""
        self._client.cancel()

    def is_speaking(self) -> bool | None:
        """True between a message's BEGIN and its END or CANCEL."""
        with self._lock:
            return bool(self._speaking)

    def close(self) -> None:
        """Close the connection (the library needs it for a clean exit)."""
        if self._closed:
            return
        self._closed = True
        with self._lock:
            waiting = list(self._waiting.values())
            self._waiting.clear()
        for done in waiting:
            done(Ending.CUT)
        try:
            self._release()
        except Exception as error:
            log.debug("%s: close failed: %s", self.name, error)


def probe_speech_dispatcher(
    lang: str, timeout: float = CONNECT_TIMEOUT
) -> tuple[SpeechDispatcherBackend | None, Attempt]:
    """Connect to Speech Dispatcher (starting it as its library does where it is installed
    but not running); the attempt says why it was chosen or skipped."""
    label = "Speech Dispatcher"
    try:
        speechd = import_system_module("speechd")
    except ImportError as error:
        return None, Attempt.said(STAGE, label, False, "attempt.install_speechd", error=error)
    outcome: list[object] = []

    def connect() -> None:
        try:
            outcome.append(speechd.SSIPClient(CLIENT_NAME))
        except Exception as error:  # SSIPCommunicationError, SpawnError, …
            outcome.append(error)

    # A server that accepts the socket and never answers would block the client forever.
    thread = threading.Thread(target=connect, name="audiopoker-speechd-connect", daemon=True)
    thread.start()
    thread.join(timeout)
    if not outcome:
        return None, Attempt.said(STAGE, label, False, "attempt.no_answer", seconds=f"{timeout:g}")
    client = outcome[0]
    if isinstance(client, Exception):
        return None, Attempt.said(STAGE, label, False, "attempt.could_not_start", error=client)
    try:
        backend = SpeechDispatcherBackend(client, lang)
    except Exception as error:
        client.close()  # type: ignore[attr-defined]
        return None, Attempt.said(STAGE, label, False, "attempt.could_not_start", error=error)
    return backend, Attempt.said(STAGE, backend.name, True, "attempt.running")
