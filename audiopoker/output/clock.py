"""Time, passed in (DESIGN.md, convention 7): the speech queue and the router read the time,
wait and start their thread through a :class:`Clock`.

The game runs on :class:`MonotonicClock`: ``time.monotonic`` and real waits, exactly as if
the queue called them itself. Tests run on :class:`VirtualClock`, where time stands still
while any thread it knows of is running and jumps to the next deadline once all of them
wait. A rule about 0.7 s of grace after an answer or ten seconds before a message counts as
lost is then checked in milliseconds, and checked the same way on a busy machine: nothing
depends on how fast a thread happens to be scheduled, only on what it waits for.

The virtual clock lives in the package, not in ``tests/``, as trio keeps its ``MockClock``
in ``trio.testing``: ``mypy --strict`` checks it beside the code it stands in for, and the
tests of any layer that takes a clock can use it.
"""

from __future__ import annotations

import enum
import heapq
import itertools
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

T = TypeVar("T")


class Clock(Protocol):
    """Where the speech queue gets its time, its waits and its thread."""

    def now(self) -> float:
        """Seconds on this clock (only differences mean anything)."""

    def condition(self) -> threading.Condition:
        """A condition variable whose ``wait`` timeouts are seconds of this clock."""

    def start_thread(self, target: Callable[[], None], name: str) -> threading.Thread:
        """Start a daemon thread running ``target``, whose waits this clock knows of."""


class MonotonicClock:
    """Real time: ``time.monotonic``, ``threading.Condition``, a plain daemon thread."""

    def now(self) -> float:
        """``time.monotonic()``."""
        return time.monotonic()

    def condition(self) -> threading.Condition:
        """A plain ``threading.Condition`` (real seconds)."""
        return threading.Condition()

    def start_thread(self, target: Callable[[], None], name: str) -> threading.Thread:
        """A plain daemon thread, started."""
        thread = threading.Thread(target=target, name=name, daemon=True)
        thread.start()
        return thread


MONOTONIC = MonotonicClock()  # stateless: one will do for every queue and router


class ClockStuck(RuntimeError):
    """Every thread the virtual clock knows waits, with no deadline and no timer left:
    nothing can ever wake them (in real time, a hang)."""


class _Woken(enum.Enum):
    NOT_YET = 0
    NOTIFIED = 1
    TIMED_OUT = 2
    STUCK = 3


@dataclass(eq=False)
class _Waiter:
    condition: VirtualCondition
    deadline: float | None
    woken: _Woken = _Woken.NOT_YET


@dataclass(order=True)
class Timer:
    """A callback the virtual clock runs when its time comes (see :meth:`VirtualClock.call_at`)."""

    when: float
    number: int
    callback: Callable[[], object] = field(compare=False)
    cancelled: bool = field(default=False, compare=False)

    def cancel(self) -> None:
        """Do not run it (no effect once it ran)."""
        self.cancelled = True


class VirtualCondition(threading.Condition):
    """A condition whose waits are measured in a :class:`VirtualClock`'s seconds.

    A waiter blocks for real until it is notified or the clock, having reached its
    deadline, wakes it; the clock learns of both at once, so it never takes a thread that
    is about to run for one still waiting.
    """

    def __init__(self, clock: VirtualClock) -> None:
        super().__init__(threading.RLock())
        self._clock = clock
        self._virtual_waiters: list[_Waiter] = []

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for a notify or ``timeout`` virtual seconds; True when notified."""
        if timeout is not None and timeout <= 0:
            return False
        waiter = self._clock._block(self, timeout)  # holds this lock: no notify is missed
        self._virtual_waiters.append(waiter)
        try:
            while waiter.woken is _Woken.NOT_YET:
                super().wait()  # releases the lock; woken for real by notify or the clock
        finally:
            if waiter in self._virtual_waiters:
                self._virtual_waiters.remove(waiter)
        if waiter.woken is _Woken.STUCK:
            raise ClockStuck("every thread of the virtual clock waits and nothing can wake it")
        return waiter.woken is _Woken.NOTIFIED

    def wait_for(self, predicate: Callable[[], T], timeout: float | None = None) -> T:
        """Wait until ``predicate()`` is true or ``timeout`` virtual seconds passed."""
        end = None if timeout is None else self._clock.now() + timeout
        result = predicate()
        while not result:
            if end is None:
                self.wait()
            else:
                left = end - self._clock.now()
                if left <= 0:
                    break
                self.wait(left)
            result = predicate()
        return result

    def notify(self, n: int = 1) -> None:
        """Wake up to ``n`` waiters (the caller holds the lock)."""
        if n <= 0:
            return
        woken = 0
        for waiter in tuple(self._virtual_waiters):
            if self._clock._wake(waiter, _Woken.NOTIFIED):
                woken += 1
            self._virtual_waiters.remove(waiter)
            if woken >= n:
                break
        self._wake_for_real()  # the ones not woken go back to waiting

    def notify_all(self) -> None:
        """Wake every waiter (the caller holds the lock)."""
        self.notify(len(self._virtual_waiters))

    def _wake_for_real(self) -> None:
        """Wake every thread blocked in the real wait below (each looks at its own mark)."""
        with self:
            # The base class's notify, not notify_all: that one calls our notify back.
            super().notify(sys.maxsize)


class VirtualClock:
    """Time that passes only when every thread it knows of waits, straight to the next
    deadline: the thread that made it, the threads it started (:meth:`start_thread`), and
    the timers it runs (:meth:`call_at`), which run on the clock's own thread one at a time.

    A thread it knows of must not wait on anything but this clock's conditions (and
    :meth:`sleep`) for long, or time stands still; a thread it does not know must not wait
    on them at all. Use it as a context manager: closing stops the clock's thread.

    >>> with VirtualClock() as clock:
    ...     clock.sleep(600.0)
    ...     clock.now()
    600.0
    """

    def __init__(self, start: float = 0.0) -> None:
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)  # wakes the clock's thread
        self._now = start
        self._known = {threading.get_ident()}
        self._running = 1  # threads it knows of that are not waiting on it: the maker
        self._waiting: list[_Waiter] = []
        self._timers: list[Timer] = []
        self._numbers = itertools.count()
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="virtual-clock", daemon=True)
        self._thread.start()

    # --- the Clock protocol --------------------------------------------------------------

    def now(self) -> float:
        """The virtual time, in seconds."""
        with self._lock:
            return self._now

    def condition(self) -> VirtualCondition:
        """A condition whose waits are in virtual seconds."""
        return VirtualCondition(self)

    def start_thread(self, target: Callable[[], None], name: str) -> threading.Thread:
        """Start a daemon thread the clock knows of from its first instant (time cannot
        pass before it first waits) until it ends."""

        def run() -> None:
            me = threading.get_ident()
            with self._lock:
                self._known.add(me)
            try:
                target()
            finally:
                with self._lock:
                    self._known.discard(me)
                    self._running -= 1
                    self._changed.notify_all()

        with self._lock:
            self._running += 1
        thread = threading.Thread(target=run, name=name, daemon=True)
        try:
            thread.start()
        except BaseException:
            with self._lock:
                self._running -= 1
            raise
        return thread

    # --- for tests ------------------------------------------------------------------------

    def sleep(self, seconds: float) -> None:
        """Wait ``seconds`` of virtual time (a player's pause between two keys)."""
        pause = self.condition()
        deadline = self.now() + seconds
        with pause:
            while (left := deadline - self.now()) > 0:
                pause.wait(left)

    def call_at(self, when: float, callback: Callable[[], object]) -> Timer:
        """Run ``callback`` on the clock's thread once the virtual time reaches ``when``."""
        timer = Timer(when, next(self._numbers), callback)
        with self._lock:
            heapq.heappush(self._timers, timer)
            self._changed.notify_all()
        return timer

    def call_later(self, delay: float, callback: Callable[[], object]) -> Timer:
        """Run ``callback`` ``delay`` virtual seconds from now."""
        return self.call_at(self.now() + delay, callback)

    def close(self) -> None:
        """Stop the clock's thread (threads still waiting on it stay waiting)."""
        with self._lock:
            self._closed = True
            self._changed.notify_all()
        self._thread.join()

    def __enter__(self) -> VirtualClock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- waiting and waking (called by VirtualCondition) ------------------------------------

    def _block(self, condition: VirtualCondition, timeout: float | None) -> _Waiter:
        with self._lock:
            if threading.get_ident() not in self._known:
                raise RuntimeError("a thread the virtual clock did not start waits on it")
            deadline = None if timeout is None else self._now + timeout
            waiter = _Waiter(condition, deadline)
            self._waiting.append(waiter)
            self._running -= 1
            self._changed.notify_all()
            return waiter

    def _wake(self, waiter: _Waiter, why: _Woken) -> bool:
        """Mark ``waiter`` woken (and its thread running) unless it was already."""
        with self._lock:
            return self._mark(waiter, why)

    def _mark(self, waiter: _Waiter, why: _Woken) -> bool:
        if waiter.woken is not _Woken.NOT_YET:
            return False
        waiter.woken = why
        self._waiting.remove(waiter)
        self._running += 1
        return True

    # --- the clock's thread ---------------------------------------------------------------

    def _run(self) -> None:
        """Whenever every known thread waits: wake the waiters whose deadline is next, or
        run the next timer (one at a time, each counted as a running thread)."""
        while True:
            with self._lock:
                while not self._closed and not (self._running == 0 and self._waiting):
                    if self._running == 0 and self._next_timer() is not None:
                        break
                    self._changed.wait()
                if self._closed:
                    return
                woken, timer = self._advance()
                if timer is not None:
                    self._running += 1
            for waiter in woken:
                waiter.condition._wake_for_real()
            if timer is not None:
                try:
                    timer.callback()
                finally:
                    with self._lock:
                        self._running -= 1

    def _next_timer(self) -> Timer | None:
        while self._timers and self._timers[0].cancelled:
            heapq.heappop(self._timers)
        return self._timers[0] if self._timers else None

    def _advance(self) -> tuple[list[_Waiter], Timer | None]:
        """Move to the next deadline (lock held, nothing running): the waiters it wakes, or
        the timer due; with neither, every waiter is stuck."""
        timer = self._next_timer()
        deadlines = [w.deadline for w in self._waiting if w.deadline is not None]
        if timer is not None:
            deadlines.append(timer.when)
        if not deadlines:
            stuck = list(self._waiting)
            for waiter in stuck:
                self._mark(waiter, _Woken.STUCK)
            return stuck, None
        self._now = max(self._now, min(deadlines))
        due = [w for w in self._waiting if w.deadline is not None and w.deadline <= self._now]
        for waiter in due:
            self._mark(waiter, _Woken.TIMED_OUT)
        if due or timer is None:
            return due, None
        return [], heapq.heappop(self._timers)
