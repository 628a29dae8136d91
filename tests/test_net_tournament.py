"""A tournament at the network table: the host's director raises the blinds, every client
hears the levels and the prizes, and the level key answers from the state the server tells
before each hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from audiopoker.engine.events import GameEnded, GameEndReason, HandEnded, PlayerEliminated
from audiopoker.output.message import Message
from audiopoker.tournament.director import Director
from audiopoker.tournament.schedule import DEFAULT_LEVELS, Tournament
from audiopoker.ui.net_tournament import TournamentFollower
from tests.test_net_play import _host, _join


def test_the_level_key_follows_the_state_the_server_tells() -> None:
    director = Director(Tournament(levels=DEFAULT_LEVELS, payouts=(70, 30)))
    said: list[Message] = []
    follower = TournamentFollower(director.state(), "en", ("Ana", "Bob", "Cy"), 0, said.append)
    assert follower.level_answer()[0].startswith("Level 1 of")
    moved = Director(
        Tournament(levels=DEFAULT_LEVELS, payouts=(70, 30)), level=2, hands=1, seconds=0.0
    )
    follower.level(moved.state())
    assert follower.level_answer()[0].startswith("Level 3 of")
    # Bob goes out third; the game ends: Cy first, Ana second; then the prizes.
    follower.rename(2, "Cyd")
    follower.on_event(HandEnded(9, (300, 0, 300), (0, -100, 100)))
    follower.on_event(PlayerEliminated(1, 3))
    follower.on_event(GameEnded(GameEndReason.LAST_PLAYER_STANDING, (2,), (2, 0, 1), (0, 0, 600)))
    prizes = [m.text for m in said if m.kind == "prizes"]
    assert prizes == ["Prizes: Cyd 70 percent and you 30 percent."]


@pytest.mark.slow
def test_a_hosted_tournament_is_heard_by_every_client_to_its_prizes(tmp_path: Path) -> None:
    host, address, code = _host(
        tmp_path, "--seats", "3", "--seed", "4", "--tournament", "--payouts", "70,30"
    )
    clients = [_join(tmp_path, address, code, name) for name in ("Ana", "Beto")]
    try:
        for client in clients:
            assert client.wait(timeout=150) == 0
        assert host.wait(timeout=30) == 0
    finally:
        for process in (*clients, host):
            process.kill()
    for name in ("Ana", "Beto"):
        lines = (tmp_path / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
        said = [json.loads(line) for line in lines]
        kinds = [m["kind"] for m in said]
        assert "blinds_rising" in kinds and "blinds_changed" in kinds
        assert kinds.index("blinds_rising") < kinds.index("blinds_changed")
        prizes = [m["text"] for m in said if m["kind"] == "prizes"]
        assert len(prizes) == 1 and "70 percent" in prizes[0] and "30 percent" in prizes[0]
