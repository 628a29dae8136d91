"""The clocks the speech queue and the router take: the real one waits for real; the virtual
one lets time pass only when every thread it knows of waits, straight to the next deadline,
so pacing rules are checked in milliseconds and the same way on a busy machine."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest

from audiopoker.output.clock import MONOTONIC, ClockStuck, VirtualClock


@pytest.fixture
def clock() -> Iterator[VirtualClock]:
    with VirtualClock() as started:
        yield started


def test_the_real_clock_is_time_monotonic_with_real_waits() -> None:
    before = time.monotonic()
    assert before <= MONOTONIC.now() <= time.monotonic()
    condition = MONOTONIC.condition()
    assert type(condition) is threading.Condition
    with condition:
        assert condition.wait(0.001) is False
    ran = threading.Event()
    thread = MONOTONIC.start_thread(ran.set, "test")
    thread.join(5)
    assert ran.is_set() and thread.daemon


def test_time_jumps_to_the_deadline_when_every_thread_waits(clock: VirtualClock) -> None:
    condition = clock.condition()
    started = time.monotonic()
    with condition:
        assert condition.wait(3600.0) is False  # an hour, not waited for
    assert clock.now() == 3600.0
    assert time.monotonic() - started < 600  # (only a hang fails this)


def test_time_stands_still_while_a_thread_it_knows_runs(clock: VirtualClock) -> None:
    seen: list[tuple[str, float]] = []

    def busy() -> None:
        time.sleep(0.05)  # real work, however long the machine takes over it
        seen.append(("busy", clock.now()))

    clock.call_later(0.01, lambda: seen.append(("timer", clock.now())))
    clock.start_thread(busy, "busy")
    clock.sleep(1.0)
    # Not even the timer 10 ms ahead could run while busy ran.
    assert seen == [("busy", 0.0), ("timer", 0.01)]
    assert clock.now() == 1.0


def test_a_notify_wakes_before_the_deadline_and_time_stays(clock: VirtualClock) -> None:
    condition = clock.condition()
    flag: list[bool] = []

    def waker() -> None:
        clock.sleep(2.0)
        with condition:
            flag.append(True)
            condition.notify_all()

    clock.start_thread(waker, "waker")
    with condition:
        assert condition.wait_for(lambda: bool(flag), timeout=30.0)
    assert clock.now() == 2.0


def test_wait_for_gives_up_at_its_deadline(clock: VirtualClock) -> None:
    condition = clock.condition()
    with condition:
        assert condition.wait_for(lambda: False, timeout=1.5) is False
    assert clock.now() == 1.5


def test_timers_run_in_time_order_each_alone_and_cancelled_ones_never(
    clock: VirtualClock,
) -> None:
    ran: list[tuple[str, float]] = []
    clock.call_at(3.0, lambda: ran.append(("c", clock.now())))
    clock.call_at(1.0, lambda: ran.append(("a", clock.now())))
    clock.call_at(2.0, lambda: ran.append(("b", clock.now()))).cancel()
    clock.call_at(1.0, lambda: ran.append(("a2", clock.now())))
    clock.sleep(5.0)
    assert ran == [("a", 1.0), ("a2", 1.0), ("c", 3.0)]


def test_threads_wait_on_each_other_in_virtual_time(clock: VirtualClock) -> None:
    """A ping-pong of two threads, each pausing 0.25 s before it answers: the times add
    up exactly, however the machine schedules them."""
    condition = clock.condition()
    turns: list[tuple[str, float]] = []

    def player(name: str, parity: int) -> None:
        for _ in range(5):
            with condition:
                condition.wait_for(lambda: len(turns) % 2 == parity, timeout=60)
            clock.sleep(0.25)
            with condition:
                turns.append((name, clock.now()))
                condition.notify_all()

    threads = [clock.start_thread(lambda: player("pong", 1), "pong")]
    player("ping", 0)
    with condition:
        assert condition.wait_for(lambda: len(turns) == 10, timeout=60)
    threads[0].join(5)
    assert turns == [("ping" if n % 2 == 0 else "pong", 0.25 * (n + 1)) for n in range(10)]


def test_waiting_with_no_deadline_and_nothing_to_wake_it_is_stuck(clock: VirtualClock) -> None:
    condition = clock.condition()
    with condition, pytest.raises(ClockStuck):
        condition.wait()


def test_a_thread_the_clock_does_not_know_may_not_wait_on_it(clock: VirtualClock) -> None:
    condition = clock.condition()
    errors: list[BaseException] = []

    def stranger() -> None:
        try:
            with condition:
                condition.wait(1.0)
        except RuntimeError as error:
            errors.append(error)

    thread = threading.Thread(target=stranger)
    thread.start()
    thread.join(5)
    assert len(errors) == 1 and "did not start" in str(errors[0])
