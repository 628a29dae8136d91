"""The conductor: one loop for every mode. Seats are asked, listeners hear every event in
order, illegal actions are refused and asked again, stopping works, pacing waits."""

from __future__ import annotations

import random
import threading
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from audiopoker.bots.levels import roster
from audiopoker.engine.actions import Action, ActionKind
from audiopoker.engine.events import (
    ActionRequired,
    ActionTaken,
    Event,
    GameEnded,
    GameEndReason,
    HandEnded,
    HandStarted,
    HoleCardsDealt,
)
from audiopoker.engine.table import Table, TableConfig
from audiopoker.engine.view import PlayerView
from audiopoker.errors import PokerError
from audiopoker.game import BotSeat, Game, GameStopped, Listener, NoPacer, Seat, SpeechPacer


class Recorder:
    """A listener keeping every event."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def on_event(self, event: Event) -> None:
        self.events.append(event)


class Scripted:
    """A seat that plays a fixed policy and remembers what it saw."""

    human = False

    def __init__(self, choose: object = None) -> None:
        self.views: list[PlayerView] = []
        self.refusals: list[tuple[Action, PokerError]] = []
        self._choose = choose

    def act(self, view: PlayerView) -> Action:
        self.views.append(view)
        if callable(self._choose):
            action: Action = self._choose(view)
            return action
        return Action.check() if view.legal.can_check else Action.call()

    def refused(self, action: Action, error: PokerError) -> None:
        self.refusals.append((action, error))


def bots_table(players: int, chips: int, seed: int, **config: int) -> tuple[Table, list[Seat]]:
    rng = random.Random(seed)
    bots = roster("easy", players, "en", rng, time_budget=None)
    table = Table([n for n, _ in bots], chips, TableConfig(**config), random.Random(seed))
    return table, [BotSeat(bot, seat) for seat, (_, bot) in enumerate(bots)]


def test_seats_and_listeners_follow_the_protocols() -> None:
    _table, seats = bots_table(3, 50, 1)
    assert all(isinstance(seat, Seat) for seat in seats)
    assert isinstance(Recorder(), Listener)


@settings(max_examples=10, deadline=None)
@given(players=st.integers(2, 6), chips=st.integers(5, 60), seed=st.integers(0, 10**6))
def test_a_bot_game_runs_to_its_end_and_conserves_chips(
    players: int, chips: int, seed: int
) -> None:
    table, seats = bots_table(players, chips, seed, hand_limit=25)
    recorder = Recorder()
    ended = Game(table, seats, [recorder]).run()
    assert isinstance(ended, GameEnded)
    assert recorder.events[-1] == ended
    for event in recorder.events:
        if isinstance(event, HandEnded):
            assert sum(event.stacks) == players * chips
            assert sum(event.net) == 0
    assert table.is_over


def test_listeners_hear_every_event_in_the_engines_order() -> None:
    table, seats = bots_table(3, 30, 5, hand_limit=3)
    recorder = Recorder()
    logs: list[tuple[Event, ...]] = []
    game = Game(table, seats, [recorder])

    class HandLogs:
        def on_event(self, event: Event) -> None:
            if isinstance(event, HandEnded) and game.hand is not None:
                logs.append(game.hand.events)

    game.add_listener(HandLogs())
    game.run()
    starts = [i for i, e in enumerate(recorder.events) if isinstance(e, HandStarted)]
    assert len(starts) == len(logs) == table.hand_number
    for start, log in zip(starts, logs, strict=True):
        assert tuple(recorder.events[start : start + len(log)]) == log


def test_a_seat_is_asked_only_on_its_turn_with_its_own_view() -> None:
    table = Table(["A", "B", "C"], 100, TableConfig(hand_limit=2), random.Random(2))
    seats = [Scripted(), Scripted(), Scripted()]
    recorder = Recorder()
    Game(table, seats, [recorder]).run()
    asked = [e.seat for e in recorder.events if isinstance(e, ActionRequired)]
    acted = [e.seat for e in recorder.events if isinstance(e, ActionTaken)]
    assert asked == acted
    for index, seat in enumerate(seats):
        assert seat.views and all(view.seat == index for view in seat.views)
        for view in seat.views:
            hidden = [e for e in view.history if isinstance(e, HoleCardsDealt)]
            assert all(e.seat == index for e in hidden), "a seat never sees others' cards"


def test_an_illegal_action_is_refused_and_asked_again() -> None:
    attempts: list[int] = []

    def stubborn(view: PlayerView) -> Action:
        attempts.append(view.hand_number)
        if len(attempts) == 1:
            return Action.check() if not view.legal.can_check else Action.raise_to(10**6)
        return Action.fold() if not view.legal.can_check else Action.check()

    table = Table(["A", "B"], 100, TableConfig(hand_limit=1), random.Random(4))
    seats = [Scripted(stubborn), Scripted(stubborn)]
    Game(table, seats).run()
    refusals = seats[0].refusals + seats[1].refusals
    assert len(refusals) == 1
    assert isinstance(refusals[0][1], PokerError)


def test_a_seat_that_never_acts_legally_is_checked_or_folded() -> None:
    def broken(view: PlayerView) -> Action:
        return Action.raise_to(10**6)

    table = Table(["A", "B"], 100, TableConfig(hand_limit=1), random.Random(4))
    recorder = Recorder()
    seats = [Scripted(broken), Scripted(broken)]
    Game(table, seats, [recorder]).run()
    kinds = {e.kind for e in recorder.events if isinstance(e, ActionTaken)}
    assert kinds <= {ActionKind.CHECK, ActionKind.FOLD}
    assert table.is_over


def test_hand_limit_ends_the_game_with_the_largest_stack() -> None:
    table, seats = bots_table(4, 100, 9, hand_limit=2)
    ended = Game(table, seats).run()
    assert ended is not None
    assert ended.reason in (GameEndReason.HAND_LIMIT, GameEndReason.LAST_PLAYER_STANDING)
    assert table.hand_number <= 2


def test_the_game_stops_when_a_watched_seat_is_eliminated() -> None:
    def shove(view: PlayerView) -> Action:
        all_in = view.legal.all_in()
        return all_in if all_in is not None else Action.check()

    table = Table(["A", "B", "C"], 20, TableConfig(), random.Random(3))
    seats = [Scripted(shove), Scripted(shove), Scripted(shove)]
    recorder = Recorder()
    game = Game(table, seats, [recorder], stop_when_out=[0])
    game.run()
    assert game.over
    if not table.is_over:
        assert table.stacks[0] == 0


def test_stop_from_another_thread_ends_run_while_a_seat_waits() -> None:
    started = threading.Event()

    class Waiting:
        human = True

        def __init__(self, stopping: threading.Event) -> None:
            self.stopping = stopping

        def act(self, view: PlayerView) -> Action:
            started.set()
            self.stopping.wait(5)
            raise GameStopped

        def refused(self, action: Action, error: PokerError) -> None:
            pass

    table, seats = bots_table(3, 100, 1)
    game = Game(table, seats)
    seats[0] = Waiting(game.stopping)
    game.seats = tuple(seats)
    result: list[object] = []
    thread = threading.Thread(target=lambda: result.append(game.run()))
    thread.start()
    assert started.wait(5)
    game.stop()
    thread.join(5)
    assert not thread.is_alive() and result == [None]


def test_seats_must_match_the_table() -> None:
    table, seats = bots_table(3, 100, 1)
    with pytest.raises(ValueError):
        Game(table, seats[:2])


class FakeSpeech:
    """wait_for_table: speech ends ``after`` seconds from the first question."""

    def __init__(self, after: float) -> None:
        self.after = after
        self.ends: float | None = None

    def __call__(self, timeout: float, stop: threading.Event) -> float | None:
        now = time.monotonic()
        if self.ends is None:
            self.ends = now + self.after
        if stop.wait(max(0.0, min(self.ends, now + timeout) - now)):
            return None
        return self.ends if time.monotonic() >= self.ends else None


def test_speech_pacer_waits_for_speech_then_the_delay_after_it() -> None:
    speech = FakeSpeech(0.1)
    pacer = SpeechPacer(speech, 0.05, threading.Event())
    start = time.monotonic()
    pacer.before_bot_action(1, start)
    assert speech.ends is not None
    assert time.monotonic() >= speech.ends + 0.05


def test_speech_pacer_counts_time_since_speech_ended_toward_the_delay() -> None:
    stop = threading.Event()
    ended_long_ago = time.monotonic() - 0.2
    pacer = SpeechPacer(lambda timeout, stop: ended_long_ago, 0.2, stop)
    start = time.monotonic()
    pacer.before_bot_action(1, start)  # the table fell quiet 0.2 s ago: no more waiting
    assert time.monotonic() - start < 0.1


def test_speech_pacer_raises_when_stopped() -> None:
    stop = threading.Event()
    pacer = SpeechPacer(FakeSpeech(60.0), 5.0, stop)
    threading.Timer(0.05, stop.set).start()
    start = time.monotonic()
    with pytest.raises(GameStopped):
        pacer.before_bot_action(0, start)
    assert time.monotonic() - start < 1


def test_bots_are_paced_but_the_human_seat_is_not() -> None:
    calls: list[int] = []

    class CountingPacer(NoPacer):
        def before_bot_action(self, seat: int, asked_at: float) -> None:
            calls.append(seat)

    class Person(Scripted):
        human = True

    table = Table(["A", "B"], 100, TableConfig(hand_limit=2), random.Random(8))
    recorder = Recorder()
    Game(table, [Person(), Scripted()], [recorder], CountingPacer()).run()
    bot_actions = [e for e in recorder.events if isinstance(e, ActionTaken) and e.seat == 1]
    assert calls == [1] * len(bot_actions)
