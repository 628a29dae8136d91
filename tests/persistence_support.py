"""Helpers for the persistence tests: running the real game process, reading what it
left in its data folder, and checking a game's records for lost or doubled hands."""

from __future__ import annotations

import dataclasses
import os
import random
import subprocess
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from audiopoker.bots.levels import roster
from audiopoker.engine.phh import HandHistory, loads_all
from audiopoker.engine.phh_replay import replay
from audiopoker.engine.table import Table, TableConfig
from audiopoker.game import BotSeat, Game
from audiopoker.persistence import GameRecorder, SavedGame, Store, new_game_id, now_text
from audiopoker.persistence.files import DATA_DIR_ENV
from audiopoker.persistence.recorder import PAUSE_ENV
from audiopoker.persistence.stats import DB_NAME, StatsDB
from audiopoker.persistence.store import HISTORY_DIR, SAVE_NAME
from audiopoker.ui.session import Settings

# A short, fast game: bots play the player's seat (the hidden --autopilot), nothing is
# spoken or played, and the bots think by their iteration caps (seeded: reproducible).
GAME = (
    "--autopilot", "--players", "3", "--chips", "300", "--bots", "easy",
    "--bot-delay", "0", "--output", "silent", "--no-sound", "--lang", "en",
)  # fmt: skip


def start_game(
    folder: Path, *arguments: str, pause: float = 0.0, log: Path | None = None
) -> subprocess.Popen[bytes]:
    """``python -m audiopoker play ...`` with ``folder`` as its data folder. Its input is a
    pipe kept open (the key loop waits on it); output goes to ``log`` or nowhere."""
    env = {**os.environ, DATA_DIR_ENV: str(folder), PAUSE_ENV: str(pause)}
    out = open(log, "ab") if log is not None else subprocess.DEVNULL  # noqa: SIM115
    try:
        return subprocess.Popen(
            [sys.executable, "-m", "audiopoker", "play", *GAME, *arguments],
            stdin=subprocess.PIPE,
            stdout=out,
            stderr=subprocess.STDOUT if log is not None else subprocess.PIPE,
            env=env,
        )
    finally:
        if log is not None and not isinstance(out, int):
            out.close()


def finish(process: subprocess.Popen[bytes], timeout: float = 120) -> tuple[int, str]:
    """Wait for the process to end by itself (its input stays open: a closed input would
    end the key loop); its exit code and what it wrote on stderr."""
    code = process.wait(timeout=timeout)
    stderr = process.stderr
    err = stderr.read() if stderr is not None and not stderr.closed else b""
    for stream in (process.stdin, process.stderr):
        if stream is not None:
            stream.close()
    return code, err.decode("utf-8", "replace")


def save_path(folder: Path) -> Path:
    return folder / SAVE_NAME


def history_files(folder: Path) -> list[Path]:
    return sorted((folder / HISTORY_DIR).glob("*.phhs"))


def read_histories(path: Path) -> list[HandHistory]:
    text = path.read_text("utf-8")
    return loads_all(text) if text.strip() else []


def stats(folder: Path) -> StatsDB:
    return StatsDB(folder / DB_NAME)


def check_game_records(histories: Sequence[HandHistory], players: int, chips: int) -> None:
    """The hands of one game, in order: numbered 1, 2, 3... without a gap or a repeat;
    each replays through our engine to the stacks it records; every hand starts with the
    stacks the hand before it left (so no finished hand is missing); chips are conserved
    over the whole game."""
    stacks = [chips] * players
    for number, history in enumerate(histories, start=1):
        assert history.extra["hand"] == number, (number, history.extra)
        seats = [seat - 1 for seat in history.extra["seats"]]
        assert history.starting_stacks == tuple(stacks[seat] for seat in seats), number
        assert all(stacks[seat] == 0 for seat in range(players) if seat not in seats), number
        assert replay(history).finishing_stacks == history.finishing_stacks, number
        for seat, stack in zip(seats, history.finishing_stacks or (), strict=True):
            stacks[seat] = int(stack)
        assert sum(stacks) == players * chips, number


def pokerkit_stacks(text: str) -> list[tuple[int, ...]]:
    """Each hand's final stacks as pokerkit plays the file."""
    import pokerkit

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns about fields it does not know
        result = []
        for history in pokerkit.HandHistory.loads_all(text):
            *_, state = history
            result.append(tuple(int(stack) for stack in state.stacks))
    return result


def bot_table(
    level: str, players: int, chips: int, seed: int, lang: str = "en", first: str | None = None
) -> tuple[Table, list[BotSeat]]:
    """A seeded all-bot table: the roster and then the table's generator are drawn from
    ``seed``. ``first`` renames seat 0 (the seat counted as the player's)."""
    rng = random.Random(seed)
    bots = roster(level, players, lang, rng, None)
    names = [name for name, _ in bots]
    if first is not None:
        names[0] = first
    table = Table(names, chips, TableConfig(), random.Random(rng.getrandbits(64)))
    return table, [BotSeat(bot, seat) for seat, (_, bot) in enumerate(bots)]


def play_saved_game(folder: Path, hands: int, seed: int = 3, players: int = 3) -> SavedGame:
    """Record ``hands`` hands of a bot game (seat 0 counted as the player's) in ``folder``,
    as the game does, and return the save it leaves."""
    settings = Settings(players=players, chips=100, seed=seed, bots="easy", bot_time_budget=None)
    table, seats = bot_table("easy", players, settings.chips, seed, first="Player")
    store = Store(folder)
    store.open()
    try:
        recorder = game_recorder(
            store, settings, table, seats, {"bot_delay": 0.5, "verbosity": "verbose"}
        )
        recorder.start(table)
        Game(table, seats, [recorder]).run(max_hands=hands)
        saved = store.load().saved
        assert saved is not None and saved.hand_number == hands
        return saved
    finally:
        store.close()


def game_recorder(
    store: Store,
    settings: Settings,
    table: Table,
    seats: list[BotSeat],
    prefs: dict[str, object],
    **more: Any,
) -> GameRecorder:
    """A recorder for a new game of ``table``, built as the game builds it (seat 0 counted
    as the player's); ``more`` goes to GameRecorder as it is (a tournament's extra data)."""
    game_id = new_game_id()
    return GameRecorder(
        store,
        game_id=game_id,
        started_at=now_text(),
        names=table.names,
        human=0,
        settings=dataclasses.asdict(settings),
        history=store.history(game_id),
        bot_states=lambda: [seat.bot.state() for seat in seats],  # type: ignore[attr-defined]
        prefs=lambda: prefs,
        **more,
    )
