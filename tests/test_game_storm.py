"""The key storm: 20,000 random key presses (escape sequences and digits included) across
seeded games through the real wiring. No crash, no exception, chips conserved, and the
game still answers a query afterwards."""

from __future__ import annotations

import random
import time

import pytest
from session_harness import Running, running

from audiopoker.ui.session import Settings

ESCAPE_SEQUENCES = (
    "\x1b[A", "\x1b[B", "\x1b[C", "\x1b[D", "\x1b[H", "\x1b[F", "\x1b[5~", "\x1b[6~",
    "\x1bOP", "\x1bOQ", "\x1b[15~", "\x1b[2~", "\x1b[3~", "\x1b[1;5C", "\x1b", "\x1b[",
    "\x1bx", "\x1b[99;99R",
)  # fmt: skip
# Not "\x1b[200~": a terminal sends that bracketed-paste start only after a program asks for
# bracketed paste, which the game never does (its screen is append-only); prompt_toolkit
# would then take everything up to the end marker as one paste.
# Every printable key and some control keys, except the two that quit (q, Control+C).
PLAIN_KEYS = [
    *"abcdefghijklmnoprstuvwxyzABCDEFGHIJKLMNOPRSTUVWXYZ0123456789+-=?,. ",
    "\r", "\x7f", "\t", "\x01", "\x04", "\x1a", "\x00",
]  # fmt: skip


SESSION_KEYS = 2_000


@pytest.mark.slow  # in process, but long: 20,000 keys over whole games
def test_key_storm_no_crash_chips_conserved_still_responds() -> None:
    """20,000 random key presses over seeded games (a new game starts if one ends)."""
    rng = random.Random(2024)
    remaining = 20_000
    sessions = answered_after_storm = 0
    while remaining > 0:
        settings = Settings(
            players=4, chips=500, seed=100 + sessions, lang=rng.choice(["en", "es"]),
            bot_delay=0, bot_time_budget=None,
        )  # fmt: skip
        sessions += 1
        with running(settings) as game:
            # At most SESSION_KEYS a game: most games are still running when their storm
            # ends, so "still responds" is checked many times, not only after the last one.
            left = min(remaining, SESSION_KEYS)
            while left > 0 and not game.finished:
                burst = []
                for _ in range(min(50, left)):
                    roll = rng.random()
                    if roll < 0.2:
                        burst.append(rng.choice(ESCAPE_SEQUENCES))
                    elif roll < 0.45:
                        burst.append(rng.choice("0123456789"))
                    else:
                        burst.append(rng.choice(PLAIN_KEYS))
                remaining -= len(burst)
                left -= len(burst)
                game.pipe.send_text("".join(burst))
                time.sleep(0.01)
            if not game.finished:
                # Still responds: a query answers while the game goes on.
                time.sleep(0.5)  # let the storm's last keys be handled and heard
                mark = len(game.spoken())
                game.pipe.send_text("\x1b\x1b\x1bs")  # leave any entry or question, then S

                def answered(game: Running = game, mark: int = mark) -> bool:
                    return any(t.startswith(("You have", "Tienes")) for t in game.spoken()[mark:])

                # The game may end by itself meanwhile (the storm's last keys went all in):
                # then there is nobody to answer, and the next session checks again.
                assert game.wait(lambda: answered() or game.finished, 10), "no answer"
                answered_after_storm += answered()
                game.pipe.send_text("\x03")
                assert game.wait(lambda: game.finished, 10)
            assert game.result == [0], game.result
            assert game.session.error is None
            assert game.chips.problems == []
    print(f"{sessions} games, {answered_after_storm} still answering after their storm")
    assert sessions >= 1
    assert answered_after_storm >= 1, "no game was still running after a storm"
