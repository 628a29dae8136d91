"""Helpers for whole-game tests: a Session running in a thread on a pipe input, as the
main thread runs it, with a recording backend and an in-memory transcript."""

from __future__ import annotations

import io
import json
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

from prompt_toolkit.input import PipeInput, create_pipe_input

from audiopoker.audio.listener import SoundListener
from audiopoker.engine.events import (
    ActionRequired,
    ActionTaken,
    Event,
    GameEnded,
    HandEnded,
    PlayerEliminated,
)
from audiopoker.output.backends import RecordingBackend
from audiopoker.output.router import Router
from audiopoker.output.transcript import TranscriptWriter
from audiopoker.persistence import Store
from audiopoker.tournament.schedule import Tournament
from audiopoker.ui.keymap import Keymap, KeymapProblem, Mode, default_keymap
from audiopoker.ui.session import Session, Settings


class Chips:
    """A listener checking that every hand ends with the chips the game started with, and
    counting the player's turns (asked and taken)."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.asked = 0
        self.taken = 0
        self.hands = 0
        self.ended: GameEnded | None = None
        self.out: list[int] = []
        self.problems: list[str] = []

    def on_event(self, event: Event) -> None:
        if isinstance(event, ActionRequired) and event.seat == 0:
            self.asked += 1
        elif isinstance(event, ActionTaken) and event.seat == 0:
            self.taken += 1
        elif isinstance(event, HandEnded):
            self.hands += 1
            if sum(event.stacks) != self.total or sum(event.net) != 0:
                self.problems.append(f"hand {event.hand_number}: {event.stacks} {event.net}")
        elif isinstance(event, GameEnded):
            self.ended = event
        elif isinstance(event, PlayerEliminated):
            self.out.append(event.seat)


@dataclass
class Running:
    session: Session
    backend: RecordingBackend
    router: Router
    pipe: PipeInput
    chips: Chips
    transcript: io.StringIO
    thread: threading.Thread
    result: list[object] = field(default_factory=list)

    def my_turn(self) -> bool:
        """Asked and not yet answered (counted from events: a turn can end and the next
        begin between two polls)."""
        return self.chips.asked > self.chips.taken

    def play_turn(self, keys: list[str]) -> bool:
        """Wait for the player's turn, press ``keys``, wait until the action is taken.
        False when the game ended instead."""
        if not self.wait(lambda: self.my_turn() or self.finished):
            raise AssertionError("neither the player's turn nor the end came")
        if self.finished:
            return False
        taken = self.chips.taken
        for key in keys:
            self.pipe.send_text(key)

        def done() -> bool:
            return self.chips.taken > taken or self.finished

        def asked() -> bool:
            return self.session.controller.mode is Mode.CONFIRM

        assert self.wait(lambda: done() or asked()), "the keys did not act"
        if not done():  # asked first: A again goes all in; a free fold is cancelled (N), then C
            question = self.session.controller.questions.asked
            if question is not None and question.value == "all_in":
                self.pipe.send_text("a")
            else:
                self.pipe.send_text("n")
                self.pipe.send_text("c")
            assert self.wait(done), "the answer did not act"
        return True

    @property
    def finished(self) -> bool:
        return not self.thread.is_alive()

    def wait(self, condition: object, timeout: float = 20.0) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if callable(condition) and condition():
                return True
            time.sleep(0.002)
        return False

    def records(self) -> list[dict[str, object]]:
        return [json.loads(line) for line in self.transcript.getvalue().splitlines()]

    def spoken(self) -> list[str]:
        self.router.drain(5)
        return self.backend.spoken


@contextmanager
def running(
    settings: Settings,
    keymap: Keymap | None = None,
    problems: Sequence[KeymapProblem] = (),
    sound: SoundListener | None = None,
    backend: RecordingBackend | None = None,
    tournament: Tournament | None = None,
    store: Store | None = None,
    make_router: Callable[[io.StringIO], Router] | None = None,
) -> Iterator[Running]:
    """A Session running in a thread (as the main thread would run it) on a pipe, with
    ``sound`` as its sound cues (None: as with --no-sound), speaking into ``backend`` (a
    RecordingBackend by default), playing ``tournament`` when one is given, recorded in
    ``store`` (None: in memory). ``make_router`` builds the router instead, writing its
    transcript into the stream it is given (the game's own, on real speech and braille:
    ``backend`` is then unused)."""
    backend = backend if backend is not None else RecordingBackend()
    transcript = io.StringIO()
    router = (
        make_router(transcript)
        if make_router is not None
        else Router(backend, transcript=TranscriptWriter(transcript), lang=settings.lang)
    )
    with create_pipe_input() as pipe:
        session = Session(
            settings,
            router,
            keymap or default_keymap(),
            problems,
            input=pipe,
            sound=sound,
            tournament=tournament,
            store=store,
        )
        chips = Chips(settings.chips * settings.players)
        session.game.add_listener(chips)
        result: list[object] = []

        def run() -> None:
            try:
                result.append(session.run())
            except BaseException as error:  # the test reports it
                result.append(error)

        thread = threading.Thread(target=run, daemon=True)
        state = Running(session, backend, router, pipe, chips, transcript, thread, result)
        thread.start()
        try:
            yield state
        finally:
            if thread.is_alive():
                session.stopping.set()
                pipe.send_text("\x03")
            thread.join(10)
            router.close()
