"""The coach key's latency: ``coach.advise`` on many random spots from real play.

Tables of 2 to 9 seats (stacks from 10 to 150 big blinds, so short-stack spots come up)
play hands among reference bots and fast hard and normal bots; every seat keeps an
opponent model fed the events it may see, as the coach key's would be. At every decision
the coach advises the seat to act and is timed: by default as ``advise(view, model, rng)``
does it, a fresh Coach each time (its range cache cold: the slow case); ``--warm`` keeps
one Coach per seat, as a game would. No deadline: the iteration caps alone bound the time,
so runs are reproducible for the seeds. Every seed (three by default) draws its own tables,
whose seats it prints; the times of all seeds pool into median, p95 and max overall and
per street.

    python benchmarks/bench_coach.py [--spots 2000] [--seeds 1 2 3] [--warm]

``--spots`` is a floor per seed: a table plays its hands out, so a few more spots are timed.

``--key`` times the coach key instead, from the key press to the answer being sent: a
whole game as the player plays it (the Session, its key loop on a pipe input, the
conductor and the game's default normal bots in their thread, the router), K pressed the
moment each of the player's turns is announced, then C. By default the advice starts with
the turn, as in the game (the press waits for what is left of it); ``--cold`` starts it
only at the press. The presses are shared among the seeds' games (a game that ends early
leaves the rest of its share to the next seed up); it prints the seeds played and the
table's seats.

    python benchmarks/bench_coach.py --key [--presses 300] [--cold] [--players 6] [--seeds 1 2 3]

Goal (issue 13): p95 under 150 ms. Timings depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import random
import statistics
import threading
import time
from collections import defaultdict
from collections.abc import Callable

from prompt_toolkit.input import create_pipe_input

from audiopoker.bots.base import Bot, start_hand, tell
from audiopoker.bots.hard import HardBot
from audiopoker.bots.levels import make_bot
from audiopoker.bots.model import OpponentModel
from audiopoker.bots.normal import NormalBot
from audiopoker.cards import FULL_DECK
from audiopoker.coach.advice import Coach, advise
from audiopoker.engine.events import ActionRequired, ActionTaken, Event
from audiopoker.engine.hand import Hand
from audiopoker.engine.view import view_for
from audiopoker.output.backends import RecordingBackend
from audiopoker.output.message import Message
from audiopoker.output.router import Routed, Router
from audiopoker.ui.keymap import default_keymap
from audiopoker.ui.session import Session, Settings

KINDS = ("honest", "station", "maniac", "minraiser", "folder", "random", "hard", "normal")
GOAL_MS = 150.0
HANDS_PER_TABLE = 40


def _bot(kind: str, rng: random.Random) -> Bot:
    bot = make_bot(kind, random.Random(rng.getrandbits(32)))
    if isinstance(bot, (NormalBot, HardBot)):  # the table's bots only make spots: keep them quick
        bot.preflop_iterations = 60
        bot.postflop_iterations = 120
    return bot


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def measure(
    spots: int, seed: int, warm: bool, times: dict[str, list[float]] | None = None
) -> tuple[dict[str, list[float]], list[str]]:
    """Milliseconds per advice, by street name and 'all' (added to ``times``), and each
    table's seats, bot by bot."""
    rng = random.Random(seed)
    times = defaultdict(list) if times is None else times
    floor = len(times["all"]) + spots
    tables: list[str] = []
    while len(times["all"]) < floor:
        players = rng.randint(2, 9)
        kinds: list[str] = []
        bots: list[Bot] = []
        for _ in range(players):  # each kind drawn just before its bot, as always
            kinds.append(rng.choice(KINDS))
            bots.append(_bot(kinds[-1], rng))
        tables.append(" ".join(kinds))
        models = [OpponentModel() for _ in range(players)]
        coaches = [Coach(random.Random(rng.getrandbits(32)), models[s]) for s in range(players)]
        for number in range(1, HANDS_PER_TABLE + 1):
            stacks = [rng.choice((20, 60, 200, 300)) for _ in range(players)]
            button = number % players
            order = [(button + k) % players for k in range(1, players + 1)]
            small, big = (button, order[0]) if players == 2 else (order[0], order[1])
            deck = list(FULL_DECK)
            rng.shuffle(deck)
            hand, _ = Hand.start(
                stacks=stacks,
                button=button,
                small_blind_seat=small,
                big_blind_seat=big,
                small_blind=1,
                big_blind=2,
                deck=deck,
                hand_number=number,
            )
            for seat, bot in enumerate(bots):
                start_hand(bot, seat)
            told = 0
            while not hand.is_over:
                for event in hand.events[told:]:
                    for seat, bot in enumerate(bots):
                        tell(bot, seat, event)
                        if event.visible_to(seat):
                            models[seat].observe(event)
                told = len(hand.events)
                actor = hand.actor
                assert actor is not None
                view = view_for(hand, actor)
                started = time.perf_counter()
                if warm:
                    coaches[actor].advise(view)
                else:
                    advise(view, models[actor], random.Random(rng.getrandbits(32)))
                elapsed = 1000 * (time.perf_counter() - started)
                times["all"].append(elapsed)
                times[view.street.name.lower()].append(elapsed)
                hand.act(actor, bots[actor].decide(view))
            for event in hand.events[told:]:
                for seat in range(players):
                    if event.visible_to(seat):
                        models[seat].observe(event)
    return times, tables


class PlayerTurns:
    """Counts the player's turns as the conductor announces them and as they are taken."""

    def __init__(self) -> None:
        self.asked = 0
        self.taken = 0

    def on_event(self, event: Event) -> None:
        if isinstance(event, ActionRequired) and event.seat == 0:
            self.asked += 1
        elif isinstance(event, ActionTaken) and event.seat == 0:
            self.taken += 1


def _wait(condition: Callable[[], bool], timeout: float = 30.0) -> bool:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.0005)
    return True


def measure_key(
    presses: int, seeds: list[int], players: int, eager: bool
) -> tuple[list[float], list[int]]:
    """Milliseconds from pressing K on the player's turn to the answer's send, the presses
    shared among games of ``seeds`` (sorted; a game that ends early leaves the rest of its
    share to the next seed up, past the last one if need be), and the seeds played."""
    latencies: list[float] = []
    played: list[int] = []
    seed = seeds[0]
    for index in range(len(seeds)):
        seed = max(seeds[index], seed)
        share = presses * (index + 1) // len(seeds)  # presses due by the end of this seed
        while len(latencies) < share:
            settings = Settings(players=players, seed=seed, bot_delay=0, bot_time_budget=None)
            latencies += _key_game(settings, eager, share - len(latencies))
            played.append(seed)
            seed += 1
    return latencies, played


def _key_game(settings: Settings, eager: bool, wanted: int) -> list[float]:
    """One game: K at each of the player's turns, then C, until ``wanted`` presses or
    the end of the game."""
    router = Router(RecordingBackend(), lang="en")
    sent: list[float] = []
    route = router.send

    def stamped(message: Message, *, remember: bool = True) -> Routed:
        if message.kind == "answer":
            sent.append(time.perf_counter())
        return route(message, remember=remember)

    router.send = stamped  # type: ignore[method-assign]
    turns = PlayerTurns()
    latencies: list[float] = []
    with create_pipe_input() as pipe:
        session = Session(settings, router, default_keymap(), input=pipe)
        assert session.coach is not None
        session.coach.eager = eager
        session.game.add_listener(turns)
        thread = threading.Thread(target=session.run, daemon=True)
        thread.start()
        while len(latencies) < wanted:
            if not _wait(lambda: turns.asked > turns.taken or not thread.is_alive()):
                break
            if not thread.is_alive():
                break
            answers, taken = len(sent), turns.taken
            pressed = time.perf_counter()
            pipe.send_text("k")
            if not _wait(lambda: len(sent) > answers):  # noqa: B023 (read at once)
                break
            latencies.append(1000 * (sent[answers] - pressed))
            pipe.send_text("c")
            _wait(lambda: turns.taken > taken or not thread.is_alive())  # noqa: B023
        session.stopping.set()
        pipe.send_text("\x03")
        thread.join(10)
    router.close()
    return latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--spots", type=int, default=2000)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3], metavar="SEED")
    parser.add_argument("--warm", action="store_true", help="one Coach per seat, kept")
    parser.add_argument("--key", action="store_true", help="the coach key, press to answer")
    parser.add_argument("--presses", type=int, default=300, help="K presses with --key")
    parser.add_argument("--players", type=int, default=6, help="seats with --key")
    parser.add_argument("--cold", action="store_true", help="--key: advice starts at the press")
    args = parser.parse_args()
    if args.key:
        main_key(args)
        return
    mode = "warm (a Coach kept per seat)" if args.warm else "cold (advise: a fresh Coach)"
    seeds = list(dict.fromkeys(args.seeds))
    print(f"coach advice, {mode}, seeds {' '.join(map(str, seeds))}, pooled")
    times: dict[str, list[float]] = defaultdict(list)
    for seed in seeds:
        before = len(times["all"])
        times, tables = measure(args.spots, seed, args.warm, times)
        print(f"seed {seed}: {len(times['all']) - before} spots, {len(tables)} tables:")
        for table in tables:
            print(f"  {table}")
    print(f"{'street':<8} {'spots':>6} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}")
    for name in ("preflop", "flop", "turn", "river", "all"):
        values = times.get(name, [])
        if values:
            print(
                f"{name:<8} {len(values):>6} {statistics.median(values):>10.1f} "
                f"{_percentile(values, 0.95):>8.1f} {max(values):>8.1f}"
            )
    p95 = _percentile(times["all"], 0.95)
    verdict = "PASS" if p95 < GOAL_MS else "FAIL"
    print(f"{verdict}: p95 {p95:.1f} ms (goal under {GOAL_MS:.0f} ms)")


def main_key(args: argparse.Namespace) -> None:
    """Print the coach key's latency, press to answer."""
    seeds = sorted(set(args.seeds))
    values, played = measure_key(args.presses, seeds, args.players, eager=not args.cold)
    mode = (
        "cold (advice started at the press)"
        if args.cold
        else "as played (advice starts with the turn)"
    )
    bots = Settings().bots
    print(
        f"coach key, press to answer sent, {mode}, {args.players} players (you and "
        f"{args.players - 1} {bots} bots), seeds played {' '.join(map(str, played))}, pooled"
    )
    print(
        f"presses {len(values)}: median {statistics.median(values):.1f} ms, "
        f"p95 {_percentile(values, 0.95):.1f} ms, max {max(values):.1f} ms"
    )
    p95 = _percentile(values, 0.95)
    verdict = "PASS" if p95 < GOAL_MS else "FAIL"
    print(f"{verdict}: p95 {p95:.1f} ms (goal under {GOAL_MS:.0f} ms)")


if __name__ == "__main__":
    main()
