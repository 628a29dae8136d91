"""The idle reminder: on the player's turn, after a while without a key, "Still your turn:
2 to call." — once, then again at a long interval, at most three times in one silence;
any key starts the wait again; the player's action or the hand's end stops it; 0 turns it
off; it waits while the table still speaks. The timers are fired by hand, never slept on.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from session_harness import running

from audiopoker.engine.actions import ActionKind, LegalActions, Street
from audiopoker.engine.events import ActionRequired, ActionTaken, Event, HandEnded
from audiopoker.output.backends import PairBackend, RecordingBackend
from audiopoker.output.braille import BrlapiBackend, watch_panning
from audiopoker.output.braille_display import KEY_TYPE_CMD
from audiopoker.output.message import QUIET_TURN
from audiopoker.ui.reminder import (
    BUSY_RETRY,
    MAX_REMINDERS,
    REPEAT_FACTOR,
    Reminder,
    reminder_text,
)
from audiopoker.ui.session import Settings
from audiopoker.ui.ui_text import UiText


@dataclass
class Timer:
    delay: float
    action: Callable[[], None]
    cancelled: bool = False

    def cancel(self) -> None:
        self.cancelled = True


@dataclass
class Clock:
    """Timers started, fired by the test."""

    timers: list[Timer] = field(default_factory=list)

    def start(self, delay: float, action: Callable[[], None]) -> Callable[[], None]:
        timer = Timer(delay, action)
        self.timers.append(timer)
        return timer.cancel

    @property
    def pending(self) -> list[Timer]:
        return [timer for timer in self.timers if not timer.cancelled]

    def fire(self) -> float:
        """Fire the one pending timer; its delay."""
        (timer,) = self.pending
        timer.cancelled = True
        timer.action()
        return timer.delay


PAN_RIGHT = KEY_TYPE_CMD | 0x18  # BRLTTY's FWINRT


class FakeConnection:
    """Just what BrlapiBackend writes to (keys are pressed by hand with on_key)."""

    displaySize = (40, 1)
    driverName = b"TTY"

    def __init__(self) -> None:
        self.written: list[str] = []

    def writeText(self, text: str) -> None:
        self.written.append(text)

    def leaveTtyMode(self) -> None:
        """Given back on close."""

    def closeConnection(self) -> None:
        """Closed on close."""


def legal(to_call: int = 2, all_in: bool = False) -> LegalActions:
    return LegalActions(
        seat=0,
        can_check=to_call == 0,
        to_call=to_call,
        call_is_all_in=all_in,
        raise_kind=ActionKind.RAISE,
        min_raise_to=4,
        max_raise_to=200,
        stack=200,
        committed=0,
        pot=3,
    )


def turn(to_call: int = 2, all_in: bool = False) -> Event:
    return ActionRequired(seat=0, legal=legal(to_call, all_in))


def called(seat: int) -> Event:
    return ActionTaken(
        seat=seat, kind=ActionKind.CALL, amount=2, to=2, all_in=False, stack=198, pot=5,
        street=Street.PREFLOP,
    )  # fmt: skip


def make(
    seconds: float = 30, busy: Callable[[], bool] = lambda: False
) -> tuple[Reminder, Clock, list[LegalActions]]:
    clock, said = Clock(), list[LegalActions]()
    reminder = Reminder(0, seconds, said.append, busy=busy, start_timer=clock.start)
    return reminder, clock, said


@pytest.mark.parametrize(
    ("lang", "to_call", "all_in", "sentence"),
    [
        ("en", 2, False, "Still your turn: 2 to call."),
        ("es", 2, False, "Sigue siendo tu turno: para seguir pones 2."),
        ("en", 0, False, "Still your turn: you can check."),
        ("es", 0, False, "Sigue siendo tu turno: puedes ver."),
        ("en", 40, True, "Still your turn: calling 40 puts you all in."),
        ("es", 40, True, "Sigue siendo tu turno: seguir con 40 es jugar el resto."),
    ],
)
def test_the_reminder_says_what_the_turn_costs(
    lang: str, to_call: int, all_in: bool, sentence: str
) -> None:
    assert reminder_text(UiText(lang), legal(to_call, all_in)) == sentence  # type: ignore[arg-type]


def test_it_comes_after_the_wait_then_at_a_long_interval_at_most_three_times() -> None:
    reminder, clock, said = make(30)
    reminder.on_event(turn())
    assert [timer.delay for timer in clock.pending] == [30]
    delays = []
    for _ in range(MAX_REMINDERS):
        delays.append(clock.fire())
    assert delays == [30, 30 * REPEAT_FACTOR, 30 * REPEAT_FACTOR]
    assert len(said) == MAX_REMINDERS and said[0].to_call == 2
    assert clock.pending == []  # then silence until a key or the next turn


@pytest.mark.parametrize(
    ("lang", "sentence"),
    [("en", "Still your turn: 2 to call."), ("es", "Sigue siendo tu turno: para seguir pones 2.")],
)
def test_panning_the_braille_display_starts_the_wait_again(lang: str, sentence: str) -> None:
    connection = FakeConnection()
    display = BrlapiBackend(connection, listen=False)
    text = UiText(lang)  # type: ignore[arg-type]
    clock, said = Clock(), list[str]()
    reminder = Reminder(
        0, 30, lambda legal: said.append(reminder_text(text, legal)), start_timer=clock.start
    )
    assert watch_panning(PairBackend(RecordingBackend(), display), reminder.key_pressed)
    reminder.on_event(turn())
    first = clock.pending[0]
    display.braille("Ana raises to 12. " * 6)
    display.on_key(PAN_RIGHT)  # reading the display's next segment
    assert first.cancelled and [timer.delay for timer in clock.pending] == [30]
    assert said == []  # not while the player reads
    clock.fire()
    assert said == [sentence]  # after a full wait without a key or a pan
    display.close()


def test_a_key_starts_the_wait_again() -> None:
    reminder, clock, said = make(30)
    reminder.on_event(turn())
    clock.fire()
    reminder.key_pressed()
    assert [timer.delay for timer in clock.pending] == [30]  # the full wait, count reset
    for _ in range(MAX_REMINDERS):
        clock.fire()
    assert len(said) == 1 + MAX_REMINDERS


def test_the_players_action_or_the_hands_end_stops_it() -> None:
    reminder, clock, said = make(30)
    reminder.on_event(turn())
    reminder.on_event(called(1))
    assert len(clock.pending) == 1  # another seat acting changes nothing
    stale = clock.pending[0]
    reminder.on_event(called(0))
    assert clock.pending == []
    stale.action()  # a timer that fires anyway, late, says nothing
    reminder.key_pressed()  # keys outside the turn arm nothing
    assert (said, clock.pending) == ([], [])
    reminder.on_event(turn())
    reminder.on_event(HandEnded(hand_number=1, stacks=(200, 200), net=(0, 0)))
    assert clock.pending == []


def test_zero_turns_it_off() -> None:
    reminder, clock, said = make(0)
    reminder.on_event(turn())
    reminder.key_pressed()
    assert (clock.timers, said) == ([], [])


def test_it_waits_while_the_table_speaks_and_counts_the_quiet_after() -> None:
    """The turn came while the table was still speaking (the hand's start, the prompt): the
    reminder counts its seconds from when the speech went quiet, not from the turn (a
    player heard "still your turn" 0.7 s after the prompt ended)."""
    speaking = [True]
    reminder, clock, said = make(30, busy=lambda: speaking[0])
    reminder.on_event(turn())
    assert clock.fire() == 30
    assert said == [] and [timer.delay for timer in clock.pending] == [BUSY_RETRY]
    speaking[0] = False
    clock.fire()
    assert said == [] and [timer.delay for timer in clock.pending] == [30]
    clock.fire()
    assert len(said) == 1


@pytest.mark.parametrize(
    ("lang", "start"), [("en", "Still your turn: "), ("es", "Sigue siendo tu turno: ")]
)
def test_through_the_real_key_loop(lang: str, start: str) -> None:
    """A game on a pipe input: the player's turn comes, a query key restarts the wait, the
    due reminder is said as a table message; the player's call stops it."""
    settings = Settings(
        players=3, chips=40, seed=7, lang=lang, bot_delay=0, hands=3, bot_time_budget=None,  # type: ignore[arg-type]
        remind=1000,  # the real timer never fires in this test: the fake clock does
    )  # fmt: skip
    clock = Clock()
    with running(settings) as game:
        reminder = game.session.reminder
        assert reminder is not None and reminder.seconds == 1000
        reminder._start_timer = clock.start
        assert game.wait(game.my_turn)
        game.pipe.send_text("s")  # your chips: a key, so the wait starts again, on our clock
        assert game.wait(lambda: len(clock.pending) == 1)
        while not any(record["kind"] == "reminder" for record in game.records()):
            assert game.wait(lambda: len(clock.pending) == 1)
            clock.fire()  # (again after a wait for the table to be quiet)
        (record,) = [record for record in game.records() if record["kind"] == "reminder"]
        assert str(record["text"]).startswith(start)
        assert record["answer"] is False  # a table message, not an answer cutting in
        expired: list[str] = []
        expire = game.router.expire

        def noted(state: str, acted: bool = False) -> None:
            expired.append(state)
            expire(state, acted)

        game.router.expire = noted  # type: ignore[method-assign]
        game.pipe.send_text("s")  # a key: the reminder is no longer true, never said again
        assert game.wait(lambda: QUIET_TURN in expired)
        taken = game.chips.taken
        game.pipe.send_text("c")
        assert game.wait(lambda: game.chips.taken > taken or game.finished)
        assert game.wait(lambda: clock.pending == [] or game.my_turn())
