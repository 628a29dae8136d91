"""Whole games through the real wiring: engine, bots, narration, router, the prompt_toolkit
app on a pipe input and the conductor in its own thread, as ``audiopoker`` runs them.

- a seeded game played to its end by scripted keys;
- ``watch``: an all-bot table, narrated, with the query keys answering;
- a key storm: 20,000 random key presses, escape sequences and digits included.
"""

from __future__ import annotations

import io
import json
import random
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from prompt_toolkit.input import PipeInput, create_pipe_input

from audiopoker.engine.events import (
    ActionRequired,
    ActionTaken,
    Event,
    GameEnded,
    GameEndReason,
    HandEnded,
    PlayerEliminated,
)
from audiopoker.output.backends import RecordingBackend
from audiopoker.output.router import Router
from audiopoker.output.transcript import TranscriptWriter
from audiopoker.ui.keymap import default_keymap
from audiopoker.ui.session import Session, Settings

ESCAPE_SEQUENCES = (
    "\x1b[A", "\x1b[B", "\x1b[C", "\x1b[D", "\x1b[H", "\x1b[F", "\x1b[5~", "\x1b[6~",
    "\x1bOP", "\x1bOQ", "\x1b[15~", "\x1b[2~", "\x1b[3~", "\x1b[1;5C", "\x1b", "\x1b[",
    "\x1bx", "\x1b[99;99R",
)  # fmt: skip
# Not "\x1b[200~": a terminal sends that bracketed-paste start only after a program asks for
# bracketed paste, which the game never does (its screen is append-only); prompt_toolkit
# would then take everything up to the end marker as one paste.
HOME = "\x1b[H"
# Every printable key and some control keys, except the two that quit (q, Control+C).
PLAIN_KEYS = [
    *"abcdefghijklmnoprstuvwxyzABCDEFGHIJKLMNOPRSTUVWXYZ0123456789+-=?,. ",
    "\r", "\x7f", "\t", "\x01", "\x04", "\x1a", "\x00",
]  # fmt: skip


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
        if not self.wait(lambda: self.chips.taken > taken or self.finished, 1):
            self.pipe.send_text("c")  # e.g. a fold that asked first: check instead
            assert self.wait(lambda: self.chips.taken > taken or self.finished, 5)
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
def running(settings: Settings) -> Iterator[Running]:
    """A Session running in a thread (as the main thread would run it) on a pipe."""
    backend = RecordingBackend()
    transcript = io.StringIO()
    router = Router(backend, transcript=TranscriptWriter(transcript), lang=settings.lang)
    with create_pipe_input() as pipe:
        session = Session(settings, router, default_keymap(), input=pipe)
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


def test_a_seeded_game_played_by_keys_to_the_end() -> None:
    settings = Settings(
        players=3, chips=40, seed=7, lang="en", bot_delay=0, hands=12, bot_time_budget=None
    )
    plans = [
        ["c"],
        ["r", "\x1b[H", "\r"],
        ["c"],
        ["v", "c"],
        ["r", "9", "9", "9", "\r", "\x1b", "f"],
    ]
    turns = 0
    with running(settings) as game:
        while game.play_turn(plans[turns % len(plans)]):
            turns += 1
        assert game.result == [0]
        assert game.chips.problems == []
        assert turns >= 3
        ended = game.chips.ended
        # Seeded bots without a time budget play the same way everywhere: this game reaches
        # its 12-hand limit with the player still in.
        assert ended is not None and ended.reason is GameEndReason.HAND_LIMIT
        assert game.chips.hands == 12 and 0 not in game.chips.out
        records = game.records()
    kinds = [record["kind"] for record in records]
    assert kinds[0] == "welcome"
    assert "your_turn" in kinds
    assert records[0]["text"].startswith("You play against 2 bots.")  # type: ignore[union-attr]
    assert kinds[-1] == "game_ended"


def test_the_same_seed_and_keys_give_the_same_game() -> None:
    def play() -> list[str]:
        settings = Settings(
            players=3, chips=30, seed=3, lang="es", bot_delay=0, hands=4, bot_time_budget=None
        )
        with running(settings) as game:
            while game.play_turn(["c"]):
                pass
            return [str(r["text"]) for r in game.records() if r["kind"] != "answer"]

    first = play()
    assert first == play()
    assert any(text.startswith("Juegas contra 2 bots.") for text in first)


def test_watch_mode_narrates_an_all_bot_game_and_answers_keys() -> None:
    settings = Settings(
        players=3, chips=30, seed=5, lang="en", bot_delay=0.05, hands=2, watch=True,
        bot_time_budget=None,
    )  # fmt: skip
    with running(settings) as game:
        assert game.session.human is None
        game.pipe.send_text("t")
        game.pipe.send_text("c")
        game.pipe.send_text("d")
        assert game.wait(lambda: game.finished, 30)
        assert game.result == [0]
        records = game.records()
    answers = [str(r["text"]) for r in records if r["interrupt"]]
    assert "You are watching: the bots play." in answers
    assert "You are watching: you have no seat." in answers
    kinds = {r["kind"] for r in records}
    assert {"welcome", "hand_started", "action_taken", "game_ended"} <= kinds
    assert "your_turn" not in kinds
    assert str(records[0]["text"]).startswith("You are watching 3 bots play.")


def test_quit_with_q_and_y_ends_the_session_cleanly() -> None:
    settings = Settings(players=4, seed=2, bot_delay=0, bot_time_budget=None)
    with running(settings) as game:
        assert game.wait(game.my_turn)
        game.pipe.send_text("q")
        game.pipe.send_text("y")
        assert game.wait(lambda: game.finished, 10)
        assert game.result == [0]
        assert game.spoken()[-1] == "Goodbye."


def test_key_storm_no_crash_chips_conserved_still_responds() -> None:
    """20,000 random key presses over seeded games (a new game starts if one ends)."""
    rng = random.Random(2024)
    remaining = 20_000
    sessions = 0
    while remaining > 0:
        settings = Settings(
            players=4, chips=500, seed=100 + sessions, lang=rng.choice(["en", "es"]),
            bot_delay=0, bot_time_budget=None,
        )  # fmt: skip
        sessions += 1
        with running(settings) as game:
            while remaining > 0 and not game.finished:
                burst = []
                for _ in range(min(50, remaining)):
                    roll = rng.random()
                    if roll < 0.2:
                        burst.append(rng.choice(ESCAPE_SEQUENCES))
                    elif roll < 0.45:
                        burst.append(rng.choice("0123456789"))
                    else:
                        burst.append(rng.choice(PLAIN_KEYS))
                remaining -= len(burst)
                game.pipe.send_text("".join(burst))
                time.sleep(0.01)
            if not game.finished:
                # Still responds: a query answers while the game goes on.
                time.sleep(0.5)  # let the storm's last keys be handled and heard
                mark = len(game.spoken())
                game.pipe.send_text("\x1b\x1b\x1bs")  # leave any entry or question, then S

                def answered(game: Running = game, mark: int = mark) -> bool:
                    return any(t.startswith(("You have", "Tienes")) for t in game.spoken()[mark:])

                assert game.wait(answered, 10), "no answer after the storm"
                game.pipe.send_text("\x03")
                assert game.wait(lambda: game.finished, 10)
            assert game.result == [0], game.result
            assert game.session.error is None
            assert game.chips.problems == []
    assert sessions >= 1
