"""Key press to answer: how long from a key arriving at the terminal input to its answer
reaching the speech backend, while bots are thinking.

The whole game runs as ``audiopoker watch`` runs it (engine, bots with their live time
budget, narration, router, the prompt_toolkit app on a pipe input, the conductor in its
own thread), so the bots think continuously: every query key is measured while a Monte
Carlo decision holds the interpreter (every other press waits until a bot is deciding).
The backend stamps each interrupting speak call.

    python benchmarks/bench_keys.py [--presses 400] [--bots hard] [--players 6] [--seed 1]

Goal (issue 5): p95 under 20 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import threading
import time

from prompt_toolkit.input import create_pipe_input

from audiopoker.engine.actions import Action
from audiopoker.engine.view import PlayerView
from audiopoker.game import BotSeat
from audiopoker.output.backends import RecordingBackend
from audiopoker.output.router import Router
from audiopoker.ui.keymap import default_keymap
from audiopoker.ui.session import Session, Settings

QUERY_KEYS = "ptenbl34"


class StampingBackend(RecordingBackend):
    """Records when each answer (an interrupting speak) reached the backend."""

    def __init__(self) -> None:
        super().__init__("stamping")
        self.answered = threading.Condition()
        self.answers: list[float] = []

    def speak(self, text: str, interrupt: bool) -> None:
        now = time.perf_counter()
        super().speak(text, interrupt)
        if interrupt:
            with self.answered:
                self.answers.append(now)
                self.answered.notify_all()


class ThinkingClock:
    """Wraps each bot's decide to measure how much of the run the bots spent thinking."""

    def __init__(self) -> None:
        self.busy = 0.0
        self.decisions = 0
        self.thinking = threading.Event()

    def wrap(self, seat: BotSeat) -> None:
        decide = seat.bot.decide

        def timed(view: PlayerView) -> Action:
            self.thinking.set()
            start = time.perf_counter()
            try:
                return decide(view)
            finally:
                self.busy += time.perf_counter() - start
                self.decisions += 1
                self.thinking.clear()

        seat.bot.decide = timed  # type: ignore[method-assign]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=400)
    parser.add_argument("--bots", default="hard")
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()

    backend = StampingBackend()
    router = Router(backend, lang="en")
    settings = Settings(
        players=options.players,
        chips=10_000,  # deep stacks: the game lasts the whole run
        seed=options.seed,
        bots=options.bots,
        bot_delay=0,
        watch=True,
    )
    rng = random.Random(options.seed)
    clock = ThinkingClock()
    latencies: list[float] = []
    during_thinking: list[float] = []
    with create_pipe_input() as pipe:
        session = Session(settings, router, default_keymap(), input=pipe)
        for seat in session.game.seats:
            if isinstance(seat, BotSeat):
                clock.wrap(seat)
        runner = threading.Thread(target=session.run, daemon=True)
        runner.start()
        time.sleep(0.5)  # the first hand is under way
        started = time.perf_counter()
        for press in range(options.presses):
            time.sleep(rng.uniform(0.005, 0.03))
            if press % 2 == 0:  # every other press waits for a bot to be mid-decision
                clock.thinking.wait(1.0)
            thinking = clock.thinking.is_set()
            with backend.answered:
                seen = len(backend.answers)
            sent = time.perf_counter()
            pipe.send_text(rng.choice(QUERY_KEYS))
            with backend.answered:
                while len(backend.answers) <= seen:
                    if not backend.answered.wait(5):
                        raise SystemExit("an answer never arrived")
                arrived = backend.answers[seen]
            latency = (arrived - sent) * 1000
            latencies.append(latency)
            if thinking:
                during_thinking.append(latency)
        elapsed = time.perf_counter() - started
        session.stop()
        runner.join(10)
    router.close()

    def report(name: str, values: list[float]) -> None:
        if not values:
            print(f"{name}: no samples")
            return
        ordered = sorted(values)
        p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
        print(
            f"{name}: n={len(values)}  median {statistics.median(values):.2f} ms  "
            f"p95 {p95:.2f} ms  max {ordered[-1]:.2f} ms"
        )

    print(
        f"{options.players} {options.bots} bots, {clock.decisions} decisions, thinking "
        f"{100 * clock.busy / elapsed:.0f}% of the {elapsed:.1f} s run"
    )
    report("key -> backend, all presses", latencies)
    report("key -> backend, pressed while a bot was thinking", during_thinking)
    print("goal: p95 under 20 ms")


if __name__ == "__main__":
    main()
