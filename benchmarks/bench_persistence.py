"""How long recording one finished hand takes: the hand appended to its history file, its
statistics row, and the game saved (each fsynced), against the same game kept in memory.

    python benchmarks/bench_persistence.py [--hands 200] [--players 6]

Prints milliseconds per hand (the median and the slowest), the save file's size and the
history's size per hand. Nothing is timed in the tests; this prints numbers only.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from audiopoker.bots.levels import roster
from audiopoker.engine.table import Table, TableConfig
from audiopoker.game import BotSeat, Game
from audiopoker.persistence import GameRecorder, Store, new_game_id, now_text


class Timed(GameRecorder):
    """A recorder that notes how long each hand's recording took."""

    times: list[float]

    def on_hand_finished(self, table: Table) -> None:
        start = time.perf_counter()
        super().on_hand_finished(table)
        self.times.append(time.perf_counter() - start)


def run(folder: Path | None, hands: int, players: int) -> tuple[list[float], Store, Timed]:
    rng = random.Random(1)
    bots = roster("easy", players, "en", rng, None)
    names = [name for name, _ in bots]
    table = Table(names, 10_000, TableConfig(), random.Random(rng.getrandbits(64)))
    seats = [BotSeat(bot, seat) for seat, (_, bot) in enumerate(bots)]
    store = Store(folder)
    store.open()
    game_id = new_game_id()
    recorder = Timed(
        store,
        game_id=game_id,
        started_at=now_text(),
        names=names,
        human=0,
        settings={"chips": 10_000, "small_blind": 1, "big_blind": 2, "ante": 0, "bots": "easy"},
        history=store.history(game_id),
        bot_states=lambda: [seat.bot.state() for seat in seats],  # type: ignore[attr-defined]
        prefs=lambda: {"bot_delay": 1.0, "verbosity": "normal"},
    )
    recorder.times = []
    recorder.start(table)
    Game(table, seats, [recorder]).run(max_hands=hands)
    return recorder.times, store, recorder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--players", type=int, default=6)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        for label, folder in (("disk", Path(directory)), ("memory", None)):
            times, store, recorder = run(folder, args.hands, args.players)
            ms = sorted(t * 1000 for t in times)
            line = (
                f"{label:6}: {len(ms)} hands, median {statistics.median(ms):.2f} ms per hand, "
                f"slowest {ms[-1]:.2f} ms"
            )
            if folder is not None and store.save_path is not None:
                history = recorder.history.mark
                line += (
                    f"; save {store.save_path.stat().st_size} bytes, history "
                    f"{history.size / max(1, history.hands):.0f} bytes per hand"
                )
            print(line)
            store.close()


if __name__ == "__main__":
    main()
