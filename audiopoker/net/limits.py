"""Small guards of the network table: rate limits and secrets (text is cleaned in
``audiopoker.net.clean``)."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable

from audiopoker.net.protocol import CODE_LENGTH


class RateLimit:
    """A token bucket: ``rate`` frames a second on average, ``burst`` at once.

    >>> clock = iter([0.0, 0.0, 0.0, 1.0]).__next__
    >>> limit = RateLimit(rate=1.0, burst=2, clock=clock)
    >>> [limit.allow(), limit.allow(), limit.allow(), limit.allow()]
    [True, True, False, True]
    """

    def __init__(
        self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = float(burst)
        self._tokens = float(burst)
        self._clock = clock
        self._at: float | None = None

    def _refill(self) -> None:
        now = self._clock()
        if self._at is not None:
            self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate)
        self._at = now

    def allow(self) -> bool:
        """Take one token; False (nothing taken) when the bucket is empty."""
        self._refill()
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True

    def peek(self) -> bool:
        """True when a token could be taken now (none is taken)."""
        self._refill()
        return self._tokens >= 1


def new_token() -> str:
    """A seat's secret: whoever holds it plays the seat."""
    return secrets.token_urlsafe(24)


def new_code() -> str:
    """An invite code of CODE_LENGTH digits: easy to read aloud and to type anywhere."""
    return "".join(secrets.choice("0123456789") for _ in range(CODE_LENGTH))


def spoken_code(code: str) -> str:
    """The code in groups of three, so a voice reads digits, not a large number.

    >>> spoken_code("482915")
    '4 8 2, 9 1 5'
    """
    groups = [code[i : i + 3] for i in range(0, len(code), 3)]
    return ", ".join(" ".join(group) for group in groups)
