"""The network table with real processes on loopback: ``audiopoker host --no-seat`` and
``audiopoker join --autopilot`` clients play a seeded game to its end, and a client killed
with SIGKILL in the middle of a hand comes back to its seat."""

from __future__ import annotations

import itertools
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from audiopoker.engine.phh import loads_all
from audiopoker.narration.words import card_name
from tests.platform_support import posix_only

pytestmark = posix_only("SIGKILL and the hosted table's processes")

JOIN_LINE = re.compile(r"join (\S+) --code (\d+)")


def _env(folder: Path) -> dict[str, str]:
    return {**os.environ, "AUDIOPOKER_DATA_DIR": str(folder), "PYTHONUNBUFFERED": "1"}


def _host(tmp_path: Path, *options: str) -> tuple[subprocess.Popen[str], str, str]:
    """A hosted table on a free port; its process, address and code."""
    host = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "audiopoker",
            "host",
            "--no-seat",
            "--port",
            "0",
            "--bots",
            "easy",
            "--bot-delay",
            "0",
            "--output",
            "silent",
            *options,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_env(tmp_path / "host"),
    )
    assert host.stdout is not None
    line = host.stdout.readline()
    found = JOIN_LINE.search(line)
    assert found, f"the host said {line!r}; stderr: {host.stderr.read() if host.stderr else ''}"
    return host, found.group(1), found.group(2)


def join_command(address: str, code: str, name: str, *options: str) -> list[str]:
    """``audiopoker join`` for a bot-played seat (``--autopilot easy``), silent."""
    return [sys.executable, "-m", "audiopoker", "join", address, "--code", code,
            "--name", name, "--autopilot", "easy", "--output", "silent", "--no-sound",
            *options]  # fmt: skip


def _join(
    tmp_path: Path, address: str, code: str, name: str, think: float = 0.0
) -> subprocess.Popen[str]:
    transcript = str(tmp_path / f"{name}.jsonl")
    return subprocess.Popen(
        join_command(
            address, code, name, "--autopilot-think", str(think), "--transcript", transcript
        ),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=_env(tmp_path / name),
    )


def _messages(path: Path) -> list[dict[str, object]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def _hands(messages: list[dict[str, object]]) -> Iterator[list[dict[str, object]]]:
    """The messages of each hand, from its start to its end."""
    hand: list[dict[str, object]] = []
    for message in messages:
        if message["kind"] == "hand_started" and any(m["kind"] == "hand_ended" for m in hand):
            yield hand
            hand = []
        if message["kind"] == "hand_started" or hand:
            hand.append(message)
    if any(m["kind"] == "hand_ended" for m in hand):
        yield hand


@pytest.mark.slow
def test_a_seeded_network_game_is_told_alike_by_every_client_and_the_history(
    tmp_path: Path,
) -> None:
    host, address, code = _host(tmp_path, "--seats", "4", "--hands", "12", "--seed", "5")
    names = ("Ana", "Beto")
    clients = [_join(tmp_path, address, code, name) for name in names]
    try:
        for client in clients:
            assert client.wait(timeout=120) == 0, client.stderr.read() if client.stderr else ""
        assert host.wait(timeout=30) == 0
    finally:
        for process in (*clients, host):
            process.kill()
    histories = sorted((tmp_path / "host" / "hosted" / "histories").glob("*.phhs"))
    assert len(histories) == 1
    hands = loads_all(histories[0].read_text(encoding="utf-8"))
    # Both sat down before the first hand (the table waits for its first person only).
    played = [h for h in hands if h.players is not None and set(names) <= set(h.players)]
    assert len(played) >= 10
    for name in names:
        told: dict[int, list[dict[str, object]]] = {}
        for hand in _hands(_messages(tmp_path / f"{name}.jsonl")):
            end = next(str(m["text"]) for m in hand if m["kind"] == "hand_ended")
            told[int(re.findall(r"\d+", end)[0])] = hand  # "End of hand 7. ..."
        for history in played:
            assert history.players is not None and history.finishing_stacks is not None
            assert sum(history.finishing_stacks) == sum(history.starting_stacks)  # conserved
            me = history.players.index(name)
            number = history.hand_number
            assert number in told, f"{name} did not hear hand {number}"
            texts = [str(m["text"]) for m in told[number]]
            dealt = next(a for a in history.actions if a.player == me and a.cards)
            cards = " and ".join(card_name(c, "en") for c in dealt.cards if c is not None)
            assert any(cards in t for t in texts), (name, number, cards, texts[:5])
            stack = int(history.finishing_stacks[me])
            end = next(
                t for m, t in zip(told[number], texts, strict=True) if m["kind"] == "hand_ended"
            )
            assert f"{stack} chips" in end, (name, number, stack, end)


@pytest.mark.slow
def test_a_client_killed_mid_hand_takes_its_seat_back_with_its_token(tmp_path: Path) -> None:
    host, address, code = _host(
        tmp_path,
        "--seats",
        "3",
        "--hands",
        "40",
        "--seed",
        "9",
        "--turn-seconds",
        "10",
        "--time-bank",
        "0",
    )
    ana = _join(tmp_path, address, code, "Ana")
    beto = _join(tmp_path, address, code, "Beto", think=1.0)  # killed while it thinks
    try:
        transcript = tmp_path / "Beto.jsonl"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:  # Beto's turn: kill it before it acts
            messages = _messages(transcript)
            if messages and messages[-1]["kind"] == "your_turn":
                break
            time.sleep(0.005)
        beto.send_signal(signal.SIGKILL)
        beto.wait(timeout=10)
        killed_at = time.monotonic()
        transcript.rename(tmp_path / "Beto-before.jsonl")
        # The same name and data folder: its token.
        beto = _join(tmp_path, address, code, "Beto", think=0.2)
        back: list[dict[str, object]] = []

        def turn_again(messages: list[dict[str, object]]) -> bool:
            kinds = [m["kind"] for m in messages]
            return "rejoined" in kinds and "your_turn" in kinds[kinds.index("rejoined") :]

        while time.monotonic() < killed_at + 30 and not turn_again(back):
            back = _messages(transcript)
            time.sleep(0.05)
        texts = [str(m["text"]) for m in back]
        assert "Back at the table." in texts, texts
        summary = next(t for t in texts if t.startswith("You are at seat"))
        assert "chips" in summary
        assert not any("You sit down" in t for t in texts), texts  # its own seat, not a new one
        # Killed while thinking: the decision it had is its again, first thing.
        kinds = [m["kind"] for m in back]
        assert kinds[kinds.index("rejoined") :].count("your_turn") >= 1, texts
        assert ana.wait(timeout=180) == 0
        # Ana's table never stood still longer than Beto's clock (10 s, no time bank).
        times = [float(m["time"]) for m in _messages(tmp_path / "Ana.jsonl")]  # type: ignore[arg-type]
        assert max(b - a for a, b in itertools.pairwise(times)) < 10 + 2
        assert beto.wait(timeout=60) == 0
        assert host.wait(timeout=30) == 0
        after = _messages(transcript)
        assert any(m["kind"] == "game_ended" for m in after)
    finally:
        for process in (ana, beto, host):
            process.kill()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.slow
def test_a_restarted_host_resumes_the_saved_table_and_its_player_comes_back(
    tmp_path: Path,
) -> None:
    port = str(_free_port())
    options = ("--seats", "3", "--chips", "5000", "--seed", "3", "--port", port)
    host, address, code = _host(tmp_path, *options)
    ana = _join(tmp_path, address, code, "Ana", think=0.05)
    transcript = tmp_path / "Ana.jsonl"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:  # a few hands, then the host stops
            if sum(m["kind"] == "hand_ended" for m in _messages(transcript)) >= 5:
                break
            time.sleep(0.05)
        host.send_signal(signal.SIGTERM)
        assert host.wait(timeout=30) == 0
        save = json.loads((tmp_path / "host" / "hosted" / "saved-game.json").read_text("utf-8"))
        played = save["table"]["hand_number"]
        assert played >= 5
        host, again, same_code = _host(tmp_path, *options)  # the same data folder: resumed
        assert (again, same_code) == (address, code)
        deadline = time.monotonic() + 60
        said: list[str] = []
        while time.monotonic() < deadline and "Back at the table." not in said:
            said = [str(m["text"]) for m in _messages(transcript)]
            time.sleep(0.1)
        assert any(t.startswith("The host closed the table. It is saved") for t in said)
        assert not any(t.startswith("The connection to the table was lost") for t in said)
        assert "Back at the table." in said
        while time.monotonic() < deadline:  # the table goes on from the saved hand
            ends = [str(m["text"]) for m in _messages(transcript) if m["kind"] == "hand_ended"]
            if any(f"End of hand {played + 1}." in t for t in ends):
                break
            time.sleep(0.1)
        else:
            raise AssertionError(f"hand {played + 1} never ended after the restart")
    finally:
        for process in (ana, host):
            process.kill()


def test_a_port_in_use_is_refused_in_the_players_language(tmp_path: Path) -> None:
    host, address, _code = _host(tmp_path, "--no-save")
    port = address.rpartition(":")[2]
    try:
        second = subprocess.run(
            [sys.executable, "-m", "audiopoker", "host", "--no-seat", "--port", port,
             "--output", "silent", "--lang", "es", "--no-save"],
            stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=30,
            env=_env(tmp_path / "second"),
        )  # fmt: skip
    finally:
        host.kill()
    assert second.returncode == 2
    assert f"No se puede abrir el puerto {port}" in second.stderr
    assert "Elige otro puerto con --port" in second.stderr


def test_a_host_serving_without_a_seat_hears_who_comes_and_goes(tmp_path: Path) -> None:
    said = tmp_path / "host.jsonl"
    host, address, code = _host(
        tmp_path, "--seats", "3", "--hands", "3", "--seed", "1", "--lang", "es",
        "--transcript", str(said),
    )  # fmt: skip
    ana = _join(tmp_path, address, code, "Ana")
    try:
        assert ana.wait(timeout=60) == 0
        assert host.wait(timeout=30) == 0
    finally:
        for process in (ana, host):
            process.kill()
    texts = [str(m["text"]) for m in _messages(said)]
    assert texts[0].startswith("Mesa abierta en 127.0.0.1, puerto ")
    assert any(t.startswith("Ana se sienta en el asiento de ") for t in texts)
    assert texts[-1] == "La partida de la mesa ha terminado."
