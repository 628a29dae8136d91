"""The output router: every message goes to speech and braille (and the console and the
transcript) by policy, never by the caller's choice.

Table messages are said one at a time, each to its end; answers to query keys
(``interrupt=True``) cut in at once, and what they cut is said again after them (the
:class:`SpeechQueue` owns that order and knows when each message ended). The history keeps
every message the player was told, to repeat, walk and copy, also those X dropped: the
table's messages and the player's answers apart (:mod:`audiopoker.output.message_history`).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass

from audiopoker.output.backends import Adjustable, Backend, ConsoleBackend
from audiopoker.output.braille_display import group_thousands
from audiopoker.output.clipboard import copy_to_clipboard
from audiopoker.output.clock import MONOTONIC, Clock
from audiopoker.output.message import QUIET_TURN, YOUR_TURN, Message, Verbosity
from audiopoker.output.message_history import DEFAULT_HISTORY_LIMIT, History, View
from audiopoker.output.output_text import text as output_text
from audiopoker.output.speech_queue import DEFAULT_WPM, Job, SpeechQueue
from audiopoker.output.transcript import TranscriptWriter

log = logging.getLogger(__name__)


@dataclass(slots=True)
class RoutingPolicy:
    """What reaches which channel: the player's settings, not the caller's wish."""

    verbosity: Verbosity = Verbosity.NORMAL
    speech: bool = True  # a braille-only player may turn speech off
    braille: bool = True
    echo: bool = False  # print each message on the console too

    def route(self, message: Message) -> tuple[bool, bool]:
        """(to speech, to braille) for ``message``."""
        if message.min_verbosity > self.verbosity:
            return False, False
        return self.speech, self.braille and bool(message.braille_text)


@dataclass(frozen=True, slots=True)
class Routed:
    """What the router did with one message."""

    message: Message
    time: float  # seconds since the router started
    speech: bool
    braille: bool


class Router:
    """Routes messages to a backend (speech and braille), the console and the transcript.

    ``clock`` is where its speech queue gets every time and wait (real by default; tests
    pass a :class:`~audiopoker.output.clock.VirtualClock`).
    """

    def __init__(
        self,
        backend: Backend,
        *,
        policy: RoutingPolicy | None = None,
        console: ConsoleBackend | None = None,
        transcript: TranscriptWriter | None = None,
        lang: str = "en",
        history_limit: int = DEFAULT_HISTORY_LIMIT,
        clipboard: Callable[[str], bool] = copy_to_clipboard,
        clock: Clock = MONOTONIC,
        braille_name: str = "none",
        words_per_minute: int = DEFAULT_WPM,
    ) -> None:
        self.backend = backend
        self.policy = policy if policy is not None else RoutingPolicy()
        self.console = console
        self.transcript = transcript
        self.lang = lang
        self.history = History(history_limit)
        self.braille_name = braille_name
        self._clipboard = clipboard
        self._clock = clock
        self._start = clock.now()
        self._lock = threading.RLock()  # orders senders: history, console, transcript, queue
        self._closed = False
        self.errors = 0
        self._failures_told: set[str] = set()
        self.speech = SpeechQueue(backend, self._failed, words_per_minute, clock)

    # Sending

    def send(self, message: Message, *, remember: bool = True) -> Routed:
        """Route one message. Never blocks on speech: the backend is called from the speech
        queue's thread. Table messages queue; ``message.interrupt`` cuts in at once.
        ``remember`` False keeps it out of the history (an item of a browsed list)."""
        return self._route(message, remember=remember)

    def _route(self, message: Message, *, remember: bool, silent: bool = False) -> Routed:
        speech, braille = (False, False) if silent else self.policy.route(message)
        with self._lock:
            if self._closed:
                raise RuntimeError("the output router is closed")
            moment = self._clock.now() - self._start
            if self.transcript is not None:
                self.transcript.write(
                    time=moment,
                    kind=message.kind,
                    text=message.text,
                    speech=speech,
                    braille=braille,
                    interrupt=message.interrupt,
                    answer=message.is_answer,
                )
            if silent and remember:
                self.history.append(message)
            if speech or braille:
                if remember:
                    self.history.append(message)
                echoed = self.policy.echo and self.console is not None
                if echoed and self.console is not None:
                    self.console.speak(message.text, message.interrupt)
                self.speech.put(
                    Job(
                        message.text,
                        # Long numbers grouped for touch; speech keeps plain digits.
                        group_thousands(
                            message.braille_text,
                            output_text("braille.thousands_separator", self.lang),
                        ),
                        speech,
                        braille,
                        answer=message.is_answer,
                        interrupt=message.interrupt,
                        echoed=echoed,
                        true_while=message.true_while,
                    )
                )
        return Routed(message, moment, speech, braille)

    def remember(self, message: Message) -> None:
        """Keep ``message`` in the history (and the transcript) without saying or showing it:
        a room channel the player reads later, in the history, rather than hears."""
        self._route(message, remember=True, silent=True)

    def expire(self, state: str, acted: bool = False) -> None:
        """``state`` (a ``Message.true_while``) ended: what was true only in it is cut if it
        is being said and dropped if it waits; the history keeps it. ``acted``: the player's
        own action key ended it, and that action is the next thing said, at once."""
        self.speech.expire(state, acted)
        if state == YOUR_TURN:  # the reminder of the turn goes with it
            self.speech.expire(QUIET_TURN, acted)

    def _failed(self, what: str, error: Exception, job: Job) -> None:
        """A backend call failed (on the speech queue's thread): log, tell once, and print
        a message whose speech failed unless it was printed already."""
        self.errors += 1
        if self.errors <= 3:
            log.warning("%s: %s failed: %s", self.backend.name, what, error)
        self._tell_failure(what, getattr(error, "notice", None))
        if what == "speak" and not job.echoed and self.console is not None:
            self.console.speak(job.text, False)

    def _tell_failure(self, what: str, notice: str | None = None) -> None:
        """The first failure of speech (or braille) is printed in the player's language
        (the backend's own ``notice`` where it has one, e.g. "the voice has no sound
        device"), and from then on every message is printed too: the log is not read
        mid-game, and a screen reader reading the terminal still reaches the player."""
        key = "output.braille_failed" if what == "braille" else "output.speech_failed"
        if key in self._failures_told or self.console is None:
            return
        self._failures_told.add(key)
        self.policy.echo = True
        self.console.speak(notice or output_text(key, self.lang), False)

    # The player's review keys

    def repeat_last(self) -> Message | None:
        """M: say the newest table message again, at once (never an answer); the history
        goes back to the table's view, its cursor on that message."""
        with self._lock:
            return self._replay(self.history.newest_table(), "repeat")

    def history_previous(self) -> Message | None:
        """Say the message before the cursor ("First message." with the oldest; before it,
        only that there is nothing before)."""
        with self._lock:
            if self.history.at_start and self.history.current is not None:
                return self._edge("output.history_before_first")
            return self._walked(self.history.previous())

    def history_next(self) -> Message | None:
        """Say the message after the cursor ("Last message." with the newest; past it, only
        that there is nothing after)."""
        with self._lock:
            if self.history.at_end and self.history.current is not None:
                return self._edge("output.history_after_last")
            return self._walked(self.history.next())

    def history_first(self) -> Message | None:
        """Home: say the first message of the newest hand; pressed there (or before it), the
        oldest message kept."""
        with self._lock:
            return self._walked(self.history.home())

    def history_last(self) -> Message | None:
        """Say the newest message."""
        with self._lock:
            return self._walked(self.history.last())

    def history_view(self) -> Message | None:
        """The view switch: the arrows now walk the player's answers (or the table's
        messages again); say which, with the view's newest message."""
        with self._lock:
            table = self.history.switch() is View.TABLE
            message = self.history.current
            key = "output.history_view_table" if table else "output.history_view_answers"
            if message is None:
                none = (
                    "output.history_view_table_empty"
                    if table
                    else "output.history_view_answers_empty"
                )
                empty = output_text(none, self.lang)
                self._route(Message("history", empty, True), remember=False)
                return None
            text = output_text(key, self.lang, text=message.text)
            braille = output_text(key, self.lang, text=message.braille_text)
            self._route(Message("history", text, True, braille=braille), remember=False)
            return message

    def _walked(self, message: Message | None) -> Message | None:
        """Say the message the cursor reached, with its edge when it is at one."""
        if message is None or not (self.history.at_start or self.history.at_end):
            return self._replay(message, "history")
        first = self.history.at_start
        key = "output.history_first_message" if first else "output.history_last_message"
        text = output_text(key, self.lang, text=message.text)
        braille = output_text(key, self.lang, text=message.braille_text)
        self._route(Message("history", text, True, braille=braille), remember=False)
        return message

    def _edge(self, key: str) -> Message | None:
        """Pressing on past an edge: say only the edge; the cursor stays."""
        self._route(Message("history", output_text(key, self.lang), True), remember=False)
        return self.history.current

    def _replay(self, message: Message | None, kind: str) -> Message | None:
        if message is None:
            empty = output_text("output.history_empty", self.lang)
            self._route(Message(kind, empty, True), remember=False)
            return None
        again = Message(kind, message.text, interrupt=True, braille=message.braille)
        self._route(again, remember=False)
        return message

    def copy_current(self) -> bool:
        """Copy the message under the history cursor to the clipboard and say whether it
        worked (or that this system has no clipboard)."""
        with self._lock:
            message = self.history.current
            if message is None:
                key, copied = "output.nothing_to_copy", False
            else:
                copied = self._clipboard(message.text)
                key = "output.copied" if copied else "output.clipboard_unavailable"
            self._route(Message("clipboard", output_text(key, self.lang), True), remember=False)
            return copied

    # Settings

    @property
    def verbosity(self) -> Verbosity:
        """The player's verbosity: narration reads it to choose its sentences."""
        return self.policy.verbosity

    @verbosity.setter
    def verbosity(self, value: Verbosity) -> None:
        self.policy.verbosity = Verbosity(value)

    def cycle_verbosity(self) -> Verbosity:
        """Brief, normal, verbose, brief, …; returns the new level."""
        self.verbosity = Verbosity((self.policy.verbosity + 1) % len(Verbosity))
        return self.policy.verbosity

    def _adjustable(self) -> Adjustable | None:
        for candidate in (self.backend, getattr(self.backend, "speech", None)):
            if isinstance(candidate, Adjustable):
                return candidate
        return None

    def set_rate(self, words_per_minute: int) -> bool:
        """Set the TTS rate, and the pace by which speech that cannot say when it ended is
        waited for; False when the backend is a screen reader (its own setting)."""
        self.speech.words_per_minute = words_per_minute
        target = self._adjustable()
        if target is not None:
            target.set_rate(words_per_minute)
        return target is not None

    def set_volume(self, percent: int) -> bool:
        """Set the TTS volume (0-100); False when the backend has no volume of ours."""
        target = self._adjustable()
        if target is not None:
            target.set_volume(percent)
        return target is not None

    # Pacing and shutdown

    @property
    def dropped(self) -> int:
        """Messages never said: answers superseded by newer ones, what X emptied."""
        return self.speech.dropped

    def silence(self) -> None:
        """X: stop the current utterance and drop what waits (the history keeps it)."""
        with self._lock:
            self.speech.silence()

    def drain(self, timeout: float = 5.0) -> bool:
        """Wait until every message sent was said (as far as the backend can tell); False
        on timeout."""
        return self.speech.wait_idle(timeout)

    def is_busy(self) -> bool:
        """True while a table message waits or is being said (answers do not hold the game:
        table messages queue behind them anyway)."""
        return self.speech.table_busy()

    def wait_for_table(
        self, timeout: float = 60.0, stop: threading.Event | None = None
    ) -> float | None:
        """Wait until every table message was said; the time the last one ended (on the
        router's clock), or None when ``stop`` was set or ``timeout`` passed. Bots wait here."""
        return self.speech.wait_for_table(timeout, stop)

    def wait_until_quiet(self, timeout: float = 30.0) -> bool:
        """Wait until everything sent has been said (as far as the backend can tell)."""
        return self.speech.wait_idle(timeout)

    def close(self, timeout: float = 5.0) -> None:
        """Say what is queued (up to ``timeout``), stop the speech thread, close the backend
        and the transcript."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
        self.speech.close(timeout)
        try:
            self.backend.close()
        finally:
            if self.transcript is not None:
                self.transcript.close()

    def __enter__(self) -> Router:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
