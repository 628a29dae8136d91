"""Guessing the invite code, bounded: wrong codes are counted per address and in total.

- One address (an IPv6 /64 counts as one: a single machine may hold all of it) gets
  LOCK_AFTER wrong codes, then is refused for LOCK_FIRST seconds, twice as long at each
  further lock-out (at most LOCK_LONGEST); the host hears of each lock-out.
- All addresses together may get TOTAL_RATE wrong codes a second (TOTAL_BURST at once):
  while that is spent the code is not even compared (a lucky guess gains nothing), so many
  machines guess no faster than one. With CODE_LENGTH digits that bounds the expected time
  to guess the code (``expected_years``), whatever the number of machines.
- An address has at most MAX_CONNECTIONS open at once.
"""

from __future__ import annotations

import ipaddress
import time
from collections.abc import Callable
from dataclasses import dataclass

from audiopoker.net.limits import RateLimit
from audiopoker.net.protocol import CODE_LENGTH

LOCK_AFTER = 10  # wrong codes from one address before it is locked out
LOCK_FIRST = 300.0  # seconds of the first lock-out (5 minutes), doubled each next time
LOCK_LONGEST = 24 * 3600.0
TOTAL_RATE = 1.0  # wrong codes a second from everyone together, on average
TOTAL_BURST = 30  # at once (a few friends mistyping never reach it)
MAX_CONNECTIONS = 12  # open connections from one address (a household behind one router)
SECONDS_A_YEAR = 365.25 * 24 * 3600


def expected_years(length: int = CODE_LENGTH, rate: float = TOTAL_RATE) -> float:
    """Years an attacker guessing at full speed takes on average to find the code.

    >>> round(expected_years(9, 1.0), 1)
    15.8
    """
    return float(10**length) / 2 / rate / SECONDS_A_YEAR


def address_key(host: str) -> str:
    """Whom an address's failures count against: the IPv4 address, or the IPv6 /64.

    >>> address_key("2001:db8::1"), address_key("203.0.113.5")
    ('2001:db8::/64', '203.0.113.5')
    """
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if address.version == 6:
        mapped = address.ipv4_mapped
        if mapped is not None:
            return str(mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


@dataclass
class _Record:
    failures: int = 0
    locks: int = 0  # lock-outs so far: each next is twice as long
    until: float = 0.0


# What the host hears: (address, wrong codes, seconds refused).
LockNews = Callable[[str, int, float], None]


class Guard:
    """The table's count of wrong codes and open connections (used on the loop's thread)."""

    def __init__(
        self, news: LockNews = lambda a, n, s: None, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._clock = clock
        self._news = news
        self._records: dict[str, _Record] = {}
        self._total = RateLimit(rate=TOTAL_RATE, burst=TOTAL_BURST, clock=clock)
        self._open: dict[str, int] = {}

    def connect(self, key: str) -> bool:
        """A new connection from ``key``; False (not counted) when it has too many open."""
        if self._open.get(key, 0) >= MAX_CONNECTIONS:
            return False
        self._open[key] = self._open.get(key, 0) + 1
        return True

    def disconnect(self, key: str) -> None:
        """A connection counted by ``connect`` ended."""
        left = self._open.get(key, 0) - 1
        if left > 0:
            self._open[key] = left
        else:
            self._open.pop(key, None)

    def may_try(self, key: str) -> bool:
        """True when a code from ``key`` may be compared now (not locked out, and the
        table's total of wrong codes is not spent)."""
        record = self._records.get(key)
        if record is not None and self._clock() < record.until:
            return False
        return self._total.peek()

    def failed(self, key: str) -> None:
        """A wrong code from ``key``: counted; the LOCK_AFTER-th locks the address out."""
        self._total.allow()
        record = self._records.setdefault(key, _Record())
        record.failures += 1
        if record.failures >= LOCK_AFTER:
            seconds = min(LOCK_FIRST * 2**record.locks, LOCK_LONGEST)
            record.until = self._clock() + seconds
            record.locks += 1
            self._news(key, record.failures, seconds)
            record.failures = 0
