"""No stall from one player (issue 24, point 3): Heard is counted per connection (a real
``join`` that reconnects by itself is heard again at once), a stale Heard never resets a
wait, one player keeps the table waiting at most HAND_WAIT in a hand (then the table goes
on without them until they catch up, said to the host in both languages), a client that
never reads is let go within about 15 s, and the host stops within 2 s whatever its
clients do."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from audiopoker.net import server as server_module
from audiopoker.net.conn import Client
from audiopoker.net.host_news import HostNews
from audiopoker.net.protocol import Heard, Hello, Welcome, encode
from audiopoker.net.serving import PING_INTERVAL, PING_TIMEOUT
from tests.net_raw import is_event, is_frame
from tests.platform_support import posix_only
from tests.test_net_server import Table, hosted_table, run


def news_in_both_languages(table: Table) -> list[str]:
    heard: list[str] = []
    for lang in ("en", "es"):
        news = HostNews(lang, lambda: table.hosted.table.names, lambda m: heard.append(m.text))
        table.hosted.server.news.append(news.on_event)
    return heard


def test_a_slow_player_holds_a_hand_at_most_hand_wait(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(server_module, "HEARD_WAIT", 5.0)
    monkeypatch.setattr(server_module, "HAND_WAIT", 1.0)
    with hosted_table(seats=6, hands=6, turn_seconds=10) as table:
        host_heard = news_in_both_languages(table)
        # Speech that takes 0.8 s after every event: unbounded, each bot action would
        # wait for it (a hand of six seats has about eight such waits).
        slow = table.client(name="Slow", answer="fold", hear_after=0.8)

        async def scenario() -> tuple[list[float], Client]:
            await slow.connect()
            await slow.wait_for(is_frame(Welcome), 10)
            await slow.wait_for(is_event("GameEnded"), 60)
            starts = [r.at for r, e in slow.events() if e["type"] == "HandStarted"]
            ends = [r.at for r, e in slow.events() if e["type"] == "HandEnded"]
            client = next(c for c in table.hosted.server.clients if c.seat == slow.seat)
            return [end - start for start, end in zip(starts, ends, strict=True)], client

        lengths, _client = run(scenario(), timeout=90)
    assert len(lengths) == 6
    # The bound and its slack (a loop tick, the speech of the hand's last events).
    assert max(lengths) < 1.0 + 2.0, lengths
    said_en = [t for t in host_heard if "stopped waiting for Slow's speech" in t]
    said_es = [t for t in host_heard if "dejó de esperar a que la voz de Slow" in t]
    # Said once: its speech, always behind the bots, never caught up again in this game.
    assert len(said_en) == len(said_es) >= 1, host_heard


def test_a_stale_heard_never_brings_back_the_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_module, "HEARD_WAIT", 0.5)
    with hosted_table(seats=4, hands=200, turn_seconds=10) as table:
        mute = table.client(name="Mute", answer="fold", heard=False)

        async def scenario() -> list[tuple[bool, float]]:
            await mute.connect()
            await mute.wait_for(is_frame(Welcome), 10)
            await mute.wait_for(is_event("HandEnded"), 30)
            client = next(c for c in table.hosted.server.clients if c.seat == mute.seat)
            await mute.send(Heard(upto=3))  # some progress, far from caught up
            await asyncio.sleep(0.3)
            seen = [(client.deaf, client.heard_at)]
            for upto in (1, 3, 2, 3):  # old numbers, again and again
                await mute.send(Heard(upto=upto))
            await asyncio.sleep(0.3)
            seen.append((client.deaf, client.heard_at))
            await mute.send(Heard(upto=client.seq + 1000))  # caught up with everything
            await asyncio.sleep(0.3)
            seen.append((client.deaf, client.heard_at))
            await mute.close()
            return seen

        (deaf, at), (stale_deaf, stale_at), (_, caught_up_at) = run(scenario(), timeout=60)
    assert at > 0 and deaf and stale_deaf and stale_at == at  # stale Heards changed nothing
    assert caught_up_at > at  # the one that caught up counted


@posix_only("a join process")
def test_a_join_that_reconnects_is_heard_again_at_once(tmp_path: Path) -> None:
    with hosted_table(seats=4, hands=400, turn_seconds=30, bot_delay=0.05) as table:
        host_heard = news_in_both_languages(table)
        beto = subprocess.Popen(
            [sys.executable, "-m", "audiopoker", "join", table.uri.removeprefix("ws://"),
             "--code", table.hosted.code, "--name", "Beto", "--lang", "es", "--output",
             "silent", "--no-sound", "--autopilot"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            env={**os.environ, "AUDIOPOKER_DATA_DIR": str(tmp_path / "beto")},
        )  # fmt: skip
        server = table.hosted.server
        try:
            deadline = time.monotonic() + 30
            while not any(c.seated and c.heard > 5 for c in list(server.clients)):
                assert time.monotonic() < deadline, "never seated and heard"
                time.sleep(0.1)
            first = next(c for c in list(server.clients) if c.seated)
            while first.seq < 150:  # many events numbered on this connection
                assert time.monotonic() < deadline + 30, first.seq
                time.sleep(0.1)
            assert server.loop is not None
            server.loop.call_soon_threadsafe(first.close, "the test drops it")
            # Heard again at once: the old count (150 and more) is not waited for.
            deadline = time.monotonic() + 5
            heard_again = None
            while heard_again is None:
                assert time.monotonic() < deadline, "never heard on the new connection"
                again = [c for c in list(server.clients) if c.seated and c is not first]
                if again and 0 < again[0].seq <= again[0].heard + 3 and again[0].heard_at:
                    heard_again = time.monotonic()
                time.sleep(0.05)
        finally:
            beto.terminate()
            beto.wait(20)
    stopped = [t for t in host_heard if "stopped waiting" in t or "dejó de esperar" in t]
    assert not stopped, stopped  # the table never stopped waiting for Beto


def test_a_client_that_never_reads_is_let_go_and_the_host_stops_within_two_seconds() -> None:
    assert PING_INTERVAL + PING_TIMEOUT <= 15
    with hosted_table(seats=4, hands=1000, turn_seconds=10) as table:
        honest = table.client(name="Honest", answer="fold")

        async def never_reads() -> Any:
            # max_queue=1: past one frame the client stops reading its socket: no pong.
            ws = await connect(table.uri, proxy=None, max_queue=1)
            await ws.send(encode(Hello(code=table.hosted.code, name="Sleepy")))
            return ws

        async def scenario() -> tuple[float, Any]:
            await honest.connect()
            await honest.wait_for(is_frame(Welcome), 10)
            sleepy = await never_reads()
            sat = await honest.wait_for(lambda r: "Sleepy" in r.raw, 15)
            away = await honest.wait_for(is_event("PlayerAway"), 40, honest.frames.index(sat))
            await never_reads()  # another one, still connected when the host stops
            await asyncio.sleep(1.0)
            await sleepy.close()
            return away.at - sat.at, honest

        let_go, _ = run(scenario(), timeout=90)
        started = time.monotonic()
        table.hosted.stop()
        stopped = time.monotonic() - started
        alive = [t.name for t in table.hosted._threads if t.is_alive()]
    assert let_go < PING_INTERVAL + PING_TIMEOUT + 5, let_go
    assert not alive and stopped < 2.5, (alive, stopped)
