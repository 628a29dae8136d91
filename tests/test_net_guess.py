"""Guessing the invite code, bounded (issue 24, point 2): wrong codes counted per address
and in total, a lock-out that backs off and is told to the host (in both languages), the
connections from one address capped, and a code long enough that guessing at full speed
takes more than a year on average."""

from __future__ import annotations

import asyncio

from websockets.asyncio.client import connect

from audiopoker.net.guard import (
    LOCK_AFTER,
    LOCK_FIRST,
    MAX_CONNECTIONS,
    TOTAL_BURST,
    Guard,
    expected_years,
)
from audiopoker.net.host_news import HostNews
from audiopoker.net.limits import new_code
from audiopoker.net.protocol import CODE_LENGTH, Hello, RefusalCode, Refused, Welcome, encode
from tests.net_raw import is_frame
from tests.test_net_server import hosted_table, refusals, refused_at_hello, run


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_an_address_is_locked_out_for_longer_each_time_and_the_host_is_told() -> None:
    clock, told = Clock(), list[tuple[str, int, float]]()
    guard = Guard(news=lambda a, n, s: told.append((a, n, s)), clock=clock)
    for _ in range(LOCK_AFTER - 1):
        assert guard.may_try("203.0.113.5")
        guard.failed("203.0.113.5")
        clock.now += 2.0  # slower than the total's rate: only the address's count matters
    assert guard.may_try("203.0.113.5") and not told
    guard.failed("203.0.113.5")
    assert told == [("203.0.113.5", LOCK_AFTER, LOCK_FIRST)]
    assert not guard.may_try("203.0.113.5") and guard.may_try("198.51.100.7")
    clock.now += LOCK_FIRST
    for _ in range(LOCK_AFTER):
        assert guard.may_try("203.0.113.5")
        guard.failed("203.0.113.5")
        clock.now += 2.0
    assert told[-1] == ("203.0.113.5", LOCK_AFTER, 2 * LOCK_FIRST)  # backs off


def test_many_addresses_together_guess_no_faster_than_the_total() -> None:
    clock = Clock()
    guard = Guard(clock=clock)
    compared = 0
    for attempt in range(10_000):  # a botnet: every attempt from another address
        address = f"10.{attempt // 65536}.{attempt // 256 % 256}.{attempt % 256}"
        if guard.may_try(address):
            compared += 1
            guard.failed(address)
        clock.now += 0.01  # 100 attempts a second
    # 100 seconds at one wrong code a second, after the burst.
    assert compared <= TOTAL_BURST + 100 + 1
    assert expected_years() > 1.0
    assert len(new_code()) == CODE_LENGTH == 9
    assert round(expected_years(), 1) == 15.8


def test_connections_from_one_address_are_capped() -> None:
    guard = Guard()
    assert all(guard.connect("192.0.2.1") for _ in range(MAX_CONNECTIONS))
    assert not guard.connect("192.0.2.1") and guard.connect("192.0.2.2")
    guard.disconnect("192.0.2.1")
    assert guard.connect("192.0.2.1")


def test_ten_wrong_codes_lock_the_address_even_for_the_right_code() -> None:
    heard: list[str] = []
    with hosted_table(seats=3, hands=400, turn_seconds=10) as table:
        for lang in ("en", "es"):
            news = HostNews(lang, lambda: table.hosted.table.names, lambda m: heard.append(m.text))
            table.hosted.server.news.append(news.on_event)
        code = table.hosted.code
        wrong = encode(Hello(code=str((int(code) + 1) % 10**CODE_LENGTH).zfill(CODE_LENGTH)))

        async def scenario() -> tuple[list[list[RefusalCode]], list[Refused]]:
            player = table.client(name="Ana", answer="fold")
            await player.connect()
            await player.wait_for(is_frame(Welcome), 10)
            # Connections that never say Hello: the address's cap, then refused at once.
            idle = [await connect(table.uri, proxy=None) for _ in range(MAX_CONNECTIONS - 1)]
            extra = await refused_at_hello(table.uri, wrong)
            for ws in idle:
                await ws.close()
            await asyncio.sleep(0.2)
            guesses = await asyncio.gather(
                *(refused_at_hello(table.uri, wrong) for _ in range(LOCK_AFTER))
            )
            right = await refused_at_hello(table.uri, encode(Hello(code=code, name="Eve")))
            # Ana's connection drops; her seat's token gets her back from the locked address.
            await player.close()
            back = table.client(name="Ana", answer="fold")
            back.token, back.code = player.token, "465693"  # a code from before it was renewed
            await back.connect()
            await back.wait_for(is_frame(Welcome), 10)
            await back.close()
            codes = [[r.code for r in refusals(c)] for c in [*guesses, right]]
            return codes, refusals(extra)

        codes, extra = run(scenario(), timeout=60)
    assert [(r.code, r.fatal) for r in extra] == [(RefusalCode.RATE, True)]
    assert codes == [[RefusalCode.BAD_CODE]] * LOCK_AFTER + [[RefusalCode.LOCKED]]
    assert "10 wrong codes from 127.0.0.1: refused for 5 minutes." in heard
    assert (
        "10 códigos equivocados desde 127.0.0.1: esa dirección queda rechazada durante 5 minutos."
        in heard
    )
