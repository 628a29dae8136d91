"""The speech queue: the one place that decides what is said when, and knows when it ended.

Answers to keys come first. An interrupting answer cuts what is being said and drops the
answers before it; a table message it cut goes back to the front of the table queue and is
said again, whole, once the answers are over. Table messages are said one at a time, each
to its end, as far as the speech path can tell:

- ``tracked`` paths report each end (Speech Dispatcher's END/CANCEL notifications, the
  built-in voice's worker);
- ``polled`` paths answer ``is_speaking`` reliably: the message ends when it was seen
  speaking and then quiet;
- ``estimated`` paths (most screen reader APIs) cannot tell: the message lasts as long as
  its length takes at the speech rate;
- ``instant`` paths (console, silent, recording) are done at once.

The game waits on :meth:`SpeechQueue.wait_for_table` before a bot acts, so no action is
told before the one before it was heard. One dispatch thread makes every backend call, so
a slow screen reader API never blocks the key loop. Every time and wait comes from the clock
passed in (audiopoker.output.clock): real in the game, virtual in the tests of these rules.
"""

from __future__ import annotations

import enum
import math
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from audiopoker.output.backends import Backend, Ending, PairBackend, Tracked
from audiopoker.output.clock import MONOTONIC, Clock

DEFAULT_WPM = 200  # words per minute: a screen reader's default pace
CHARS_PER_WORD = 6  # five letters and a space, so 200 words a minute is 50 ms a character
POLL = 0.02  # seconds between is_speaking questions on a polled path
LOST_AFTER = 10.0  # seconds past three times the estimate: the path lost the message
# A path that cannot tell is given a little more than the estimate: a voice slower than
# the rate given, or slow to start, would otherwise still be speaking when the next message
# is sent, which then waits on the reader's side where an interrupt may not reach it.
ESTIMATE_STRETCH = 1.1
ANSWER_GRACE = 0.7  # seconds the table waits after an answer, for the player's next key
ESTIMATE_PAD = 0.15  # seconds


class Timing(enum.Enum):
    """How a speech path tells the end of an utterance (see the module docstring)."""

    TRACKED = "tracked"
    POLLED = "polled"
    ESTIMATED = "estimated"
    INSTANT = "instant"


def voice_of(backend: Backend) -> Backend:
    """The backend that speaks: the speech half of a speech + braille pair."""
    return backend.speech if isinstance(backend, PairBackend) else backend


def timing_of(voice: Backend) -> Timing:
    """A Tracked backend is tracked; others declare ``speech_timing`` (default: estimated,
    the honest answer for a screen reader API that cannot say when it stopped)."""
    if isinstance(voice, Tracked):
        return Timing.TRACKED
    try:
        return Timing(getattr(voice, "speech_timing", Timing.ESTIMATED.value))
    except ValueError:
        return Timing.ESTIMATED


def estimate_seconds(text: str, words_per_minute: int) -> float:
    """How long a voice takes to say ``text`` at ``words_per_minute``.

    >>> estimate_seconds("x" * 20, 200)
    1.0
    """
    return len(text) * 60.0 / (max(words_per_minute, 1) * CHARS_PER_WORD)


@dataclass(slots=True)
class Job:
    """One message for the backend: its speech and braille, and which queue it belongs to."""

    text: str
    braille_text: str
    speech: bool
    braille: bool
    answer: bool = False  # an answer to a key, ahead of the table messages
    interrupt: bool = False  # the first message of an answer: cuts what is being said
    silence: bool = False  # not a message: stop speech (X)
    echoed: bool = False  # printed on the console when it was sent
    true_while: str = ""  # the state it describes (Message.true_while): gone when it ends


# A backend call failed: what it was ("speak", "braille", "silence"), the error, the job.
Failure = Callable[[str, Exception, Job], None]


class SpeechQueue:
    """Answers and table messages for one backend, said in order by one dispatch thread."""

    def __init__(
        self,
        backend: Backend,
        on_failure: Failure,
        words_per_minute: int = DEFAULT_WPM,
        clock: Clock = MONOTONIC,
    ) -> None:
        self.backend = backend
        self.voice = voice_of(backend)
        self.timing = timing_of(self.voice)
        self.words_per_minute = words_per_minute
        self.lost_after = LOST_AFTER
        self._on_failure = on_failure
        self._clock = clock  # every wait and every time below is this clock's
        self._cond = clock.condition()
        self._answers: deque[Job] = deque()
        self._table: deque[Job] = deque()
        self._current: Job | None = None
        self._preempted = False  # an answer, X or closing wants the current message cut
        self._discard = False  # ... and it is not to be said again (X, closing)
        self._token = 0  # numbers each utterance, so a late report of an old one is ignored
        self._endings: dict[int, Ending] = {}
        self._last_table_end = clock.now()
        self._answered_at = -math.inf  # when the last answer ended (none yet)
        self.answer_grace = ANSWER_GRACE
        self._closing = False
        self.dropped = 0  # messages never said: superseded answers, queues emptied by X
        self.expired = 0  # messages no longer true: dropped while waiting, or cut
        self._expired_current = False  # the current message was cut because it expired
        # Messages said to their end that are true only while a state lasts (the turn
        # prompt): still on the braille display, so taken off it when their state ends.
        self._said_while: deque[Job] = deque(maxlen=8)
        self._acted = False  # the player acted: the next table message needs no grace
        self.repeated = 0  # table messages cut by an answer and said again after it
        self._thread = clock.start_thread(self._run, "audiopoker-speech")

    # --- the senders' side (any thread; never waits for speech) --------------------------

    def put(self, job: Job) -> None:
        """Queue one message: an interrupting answer cuts current speech and earlier answers."""
        with self._cond:
            if job.answer:
                if job.interrupt:
                    self._acted = False  # a new key: the grace is for it again
                    self.dropped += sum(1 for queued in self._answers if queued.speech)
                    self._answers.clear()
                    if self._current is not None:
                        self._preempted = True
                self._answers.append(job)
            else:
                self._table.append(job)
            self._cond.notify_all()

    def silence(self) -> None:
        """X: stop now and drop everything waiting (the history keeps it)."""
        with self._cond:
            waiting = (*self._answers, *self._table)
            self.dropped += sum(1 for queued in waiting if queued.speech)
            self._answers.clear()
            self._table.clear()
            if self._current is not None:
                self._preempted = self._discard = True
            self._answers.append(Job("", "", False, False, answer=True, silence=True))
            self._cond.notify_all()

    def expire(self, state: str, acted: bool = False) -> None:
        """``state`` ended: every message true only in it is dropped if it waits, and cut
        if it is being said (the voice stops at once, and it is not said again). ``acted``:
        the player ended it with an action key, which is told next with no pause for a key
        (the grace after an answer is for questions in a row, and the turn is over)."""
        with self._cond:
            if acted:
                self._answered_at = -math.inf
                self._acted = True  # nor after the answer being said now
            for queue in (self._answers, self._table):
                stale = [job for job in queue if job.true_while == state]
                for job in stale:
                    queue.remove(job)
                self.expired += len(stale)
            current = self._current
            if current is not None and current.true_while == state and not self._discard:
                self._preempted = self._discard = self._expired_current = True
                self.expired += 1
            shown = [job for job in self._said_while if job.true_while == state]
            for job in shown:
                self._said_while.remove(job)
            self._cond.notify_all()
        withdraw = getattr(self.backend, "withdraw", None)
        for job in shown:  # said to its end, still on the display: no longer true there
            if callable(withdraw):
                self._call("braille", job, withdraw, job.braille_text)

    def table_busy(self) -> bool:
        """True while a table message waits or is being said."""
        with self._cond:
            return self._table_busy()

    def _table_busy(self) -> bool:
        current = self._current
        return bool(self._table) or (current is not None and not current.answer)

    def wait_for_table(self, timeout: float, stop: threading.Event | None = None) -> float | None:
        """Wait until every table message was said; return when the last one ended (a time
        of the queue's clock). None when ``stop`` was set or the wait timed out."""
        deadline = self._clock.now() + timeout
        with self._cond:
            while self._table_busy() and self._thread.is_alive():
                left = deadline - self._clock.now()
                if left <= 0 or (stop is not None and stop.is_set()):
                    return None
                self._cond.wait(min(left, 0.05))
            return self._last_table_end

    def wait_idle(self, timeout: float) -> bool:
        """Wait until nothing waits or is being said; False on timeout."""
        deadline = self._clock.now() + timeout
        with self._cond:
            while self._answers or self._table or self._current is not None:
                left = deadline - self._clock.now()
                if left <= 0 or not self._thread.is_alive():
                    return False
                self._cond.wait(left)
            return True

    def close(self, timeout: float) -> None:
        """Let what waits be said (up to ``timeout``), then stop the dispatch thread."""
        self.wait_idle(timeout)
        with self._cond:
            self._closing = True
            if self._current is not None:
                self._preempted = self._discard = True
            self._cond.notify_all()
        self._thread.join(timeout)

    # --- the dispatch thread ------------------------------------------------------------

    def _next(self) -> Job | None:
        """The next job (None: closing). Caller holds the lock. After an answer the table
        waits ``answer_grace`` seconds, so a player walking a list or asking several
        things in a row does not hear a table message start and be cut between each."""
        while not self._closing:
            if self._answers:
                return self._answers.popleft()
            if self._table:
                left = self._answered_at + self.answer_grace - self._clock.now()
                if left <= 0 or self.timing is Timing.INSTANT or self._acted:
                    self._acted = False
                    return self._table.popleft()
                self._cond.wait(left)
            else:
                self._cond.wait()
        return None

    def _run(self) -> None:
        while True:
            with self._cond:
                job = self._next()
                if job is None:
                    return
                self._current = job
                self._preempted = self._discard = self._expired_current = False
                self._token += 1
                token = self._token
            ending = self._say(job, token)
            with self._cond:
                expired = self._expired_current
            if expired and ending is Ending.CUT:
                self._withdraw(job)
            with self._cond:
                if ending is Ending.CUT and not job.answer and not self._discard:
                    self._table.appendleft(job)  # cut by an answer: said again after it
                    self.repeated += 1
                elif not job.answer:
                    self._last_table_end = self._clock.now()
                if ending is not Ending.CUT and job.true_while and job.braille:
                    self._said_while.append(job)
                if job.answer and not expired:  # a message that expired asks no grace
                    self._answered_at = self._clock.now()
                self._current = None
                self._endings.clear()
                self._cond.notify_all()

    def _say(self, job: Job, token: int) -> Ending:
        """Hand one job to the backend and wait until it ended, was cut, or was lost."""
        if job.silence:
            self._call("silence", job, self.backend.silence)
            return Ending.ENDED
        started = self._clock.now()
        spoken = False
        if job.speech:
            spoken = self._start_speech(job, token)
        elif job.interrupt:
            self._call("silence", job, self.backend.silence)
        if job.braille:
            self._call("braille", job, self.backend.braille, job.braille_text, job.answer)
        if not spoken or self.timing is Timing.INSTANT:
            return Ending.ENDED
        estimate = estimate_seconds(job.text, self.words_per_minute)
        if self.timing is Timing.TRACKED:
            return self._await_report(token, started + 3 * estimate + self.lost_after)
        if self.timing is Timing.POLLED:
            return self._await_quiet(started, estimate)
        return self._await_until(started + estimate * ESTIMATE_STRETCH + ESTIMATE_PAD)

    def _withdraw(self, job: Job) -> None:
        """Stop the voice saying an expired message, and take it off a braille display
        that can tell (BrlAPI's pager); the next message then starts on a quiet voice."""
        if job.speech:
            self._call("silence", job, self.backend.silence)
        withdraw = getattr(self.backend, "withdraw", None)
        if job.braille and callable(withdraw):
            self._call("braille", job, withdraw, job.braille_text)

    def _start_speech(self, job: Job, token: int) -> bool:
        if self.timing is Timing.TRACKED and isinstance(self.voice, Tracked):
            report = self._reporter(token)
            return self._call(
                "speak", job, self.voice.speak_tracked, job.text, job.interrupt, report
            )
        return self._call("speak", job, self.backend.speak, job.text, job.interrupt)

    def _reporter(self, token: int) -> Callable[[Ending], None]:
        def report(ending: Ending) -> None:
            with self._cond:
                if token == self._token:
                    self._endings[token] = ending
                    self._cond.notify_all()

        return report

    def _await_report(self, token: int, give_up: float) -> Ending:
        with self._cond:
            while token not in self._endings and not self._preempted:
                left = give_up - self._clock.now()
                if left <= 0:
                    return Ending.UNKNOWN
                self._cond.wait(left)
            return self._endings.get(token, Ending.CUT)

    def _await_until(self, deadline: float) -> Ending:
        with self._cond:
            while not self._preempted:
                left = deadline - self._clock.now()
                if left <= 0:
                    return Ending.ENDED
                self._cond.wait(left)
            return Ending.CUT

    def _await_quiet(self, started: float, estimate: float) -> Ending:
        """Seen speaking, then quiet; never seen speaking within the estimate: the estimate
        is all there is to go on."""
        seen = False
        give_up = started + 3 * estimate + self.lost_after
        while True:
            with self._cond:
                if self._preempted or self._cond.wait_for(lambda: self._preempted, POLL):
                    return Ending.CUT
            try:
                speaking = self.voice.is_speaking()
            except Exception:
                speaking = None
            now = self._clock.now()
            if speaking is None:
                return self._await_until(started + estimate)
            if speaking:
                seen = True
            elif seen or now >= started + estimate:
                return Ending.ENDED
            if now >= give_up:
                return Ending.UNKNOWN

    def _call(self, what: str, job: Job, function: Callable[..., object], *args: object) -> bool:
        try:
            function(*args)
        except Exception as error:  # a failing backend must not stop the game
            self._on_failure(what, error, job)
            return False
        return True
