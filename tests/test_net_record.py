"""A network game is in each player's own statistics and hand histories: the host's seat
and a joiner, each on their machine (their own data folder), play a seeded game; each
folder then holds the game as that player saw it — every hand they were dealt, their own
cards, the others' unknown unless shown, the chips the table says they finished with, and
the coach's review of their decisions."""

from __future__ import annotations

import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from platform_support import posix_only

from audiopoker.commands.blunder_spot import Spot, find_spot, narration
from audiopoker.engine.phh import HandHistory, loads_all
from audiopoker.output.message import Verbosity
from audiopoker.persistence.blunder_hands import blunder_hands
from audiopoker.persistence.stats import DB_NAME, StatsDB

pytestmark = posix_only("the hosted table's processes")

JOIN_LINE = re.compile(r"join (\S+) --code (\d+)")
HANDS = 12
NAMES = ("Wendy", "Yago")  # no bot has these names
QUIET = ("--output", "silent", "--no-sound", "--autopilot", "normal")


def _run(folder: Path, *arguments: str) -> subprocess.Popen[str]:
    env = {**os.environ, "AUDIOPOKER_DATA_DIR": str(folder), "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen(
        [sys.executable, "-m", "audiopoker", *arguments],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def _histories(folder: Path) -> list[HandHistory]:
    files = sorted((folder / "histories").glob("*.phhs"))
    assert len(files) == 1, files
    return loads_all(files[0].read_text(encoding="utf-8"))


def _acted_after_flop(hands: list[HandHistory], name: str) -> set[int]:
    acted = set()
    for hand in hands:
        assert hand.players is not None
        me = hand.players.index(name)
        flop = next((i for i, a in enumerate(hand.actions) if a.text.startswith("d db")), None)
        if flop is not None and any(a.player == me for a in hand.actions[flop:]):
            acted.add(hand.hand_number)
    return acted


def _every_decision_replays(folder: Path) -> int:
    """`stats --blunders` replays a decision from the player's own history, up to it."""
    stats = StatsDB(folder / DB_NAME)
    try:
        hands = blunder_hands(stats, at_least=0.0)
    finally:
        stats.close()
    for hand in hands:
        spot = find_spot(hand, folder)
        assert isinstance(spot, Spot), (hand, spot)
        said = " ".join(m.text for m in narration(spot, "en", Verbosity.NORMAL))
        assert "??" not in said and "None" not in said
    return len(hands)


@pytest.mark.slow  # a whole network game, about 10 s
def test_each_player_keeps_the_network_game_in_their_own_statistics(tmp_path: Path) -> None:
    table = ("--seats", "3", "--hands", str(HANDS), "--seed", "7", "--bots", "easy")
    host = _run(tmp_path / NAMES[0], "host", "--port", "0", "--bot-delay", "0", *table,
                "--name", NAMES[0], "--lang", "es", "--autopilot-think", ".2", *QUIET)  # fmt: skip
    assert host.stdout is not None
    found = JOIN_LINE.search(host.stdout.readline())
    assert found, host.stderr.read() if host.stderr else ""
    joiner = _run(tmp_path / NAMES[1], "join", found.group(1), "--code", found.group(2),
                  "--name", NAMES[1], "--lang", "en", *QUIET)  # fmt: skip
    try:
        for process in (joiner, host):
            assert process.wait(timeout=180) == 0, process.stderr.read() if process.stderr else ""
    finally:
        for process in (joiner, host):
            process.kill()
    table_hands = {h.hand_number: h for h in _histories(tmp_path / NAMES[0] / "hosted")}
    replayed = 0
    for name in NAMES:
        folder = tmp_path / name
        mine = _histories(folder)
        dealt = [h for h in table_hands.values() if h.players and name in h.players]
        assert dealt  # the joiner sits down between two hands, seconds after the start
        assert [h.hand_number for h in mine] == [h.hand_number for h in dealt]
        for seen in mine:
            truth = table_hands[seen.hand_number]
            assert seen.players == truth.players
            assert seen.finishing_stacks == truth.finishing_stacks
            me = truth.players.index(name) if truth.players else -1
            deals = [a for a in seen.actions if a.player is not None and a.text.startswith("d dh")]
            assert len(deals) == len(truth.starting_stacks)
            real = [a for a in truth.actions if a.text.startswith("d dh")]
            for ours, theirs in zip(deals, real, strict=True):
                if ours.player == me:
                    assert ours.cards == theirs.cards  # my own cards
                else:
                    assert all(card is None for card in ours.cards)  # never another's
        with sqlite3.connect(folder / DB_NAME) as db:
            games = db.execute(
                "SELECT id, player_name, bots, status, chips, hands, big_blind FROM games"
            ).fetchall()
            assert len(games) == 1
            game_id, player, bots, status, chips, hands, big_blind = games[0]
            assert (player, bots, status, big_blind) == (name, "network", "finished", 2)
            last = dealt[-1]
            assert last.players is not None and last.finishing_stacks is not None
            assert chips == last.finishing_stacks[last.players.index(name)]
            assert hands == last.hand_number
            rows = db.execute(
                "SELECT hand_number, net FROM hands WHERE game_id = ? ORDER BY hand_number",
                (game_id,),
            ).fetchall()
            assert [number for number, _ in rows] == [h.hand_number for h in dealt]
            first = dealt[0]
            assert first.players is not None
            start = first.starting_stacks[first.players.index(name)]
            assert start + sum(net for _, net in rows) == chips  # every chip accounted for
            decisions = db.execute(
                "SELECT DISTINCT hand_number FROM decisions WHERE game_id = ?", (game_id,)
            ).fetchall()
            # the coach reviewed every hand where the player acted after the flop
            assert {number for (number,) in decisions} == _acted_after_flop(mine, name)
        replayed += _every_decision_replays(folder)
    assert replayed > 0
