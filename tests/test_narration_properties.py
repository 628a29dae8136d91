"""Property tests: random games narrated in both languages.

At normal verbosity every event produces at least one message, except the deliberately
silent ones: another seat's HoleCardsDealt (secret), CardBurned (verbose only) and a
regular full AntePosted (HandStarted already says that everyone antes). No message holds a
raw enum name, a Python repr, an unfilled placeholder or a catalog key.
"""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st
from narration_support import play_hand

from audiopoker.engine.events import (
    ActionRequired,
    AntePosted,
    BetReturned,
    BlindsChanged,
    CardBurned,
    Event,
    HandStarted,
    HoleCardsDealt,
    PlayerEliminated,
    PotAwarded,
)
from audiopoker.engine.table import Table, TableConfig
from audiopoker.narration import LANGUAGES, Narrator
from audiopoker.output.message import Message, Verbosity

NAMES = ("Ana", "Beto", "Carla", "Diego", "Elena", "Fabio", "Gabi", "Hugo", "Inés", "Juan")

BAD = [
    # UTG is the position's name among Spanish players (seed 000), said letter by letter.
    (re.compile(r"\b(?!UTG\b)[A-Z]{2,}\b"), "an upper-case name (enum member or abbreviation)"),
    (re.compile(r"[{}]"), "an unfilled placeholder"),
    (re.compile(r"\w\(|[\[\]<>]|\bNone\b|\bTrue\b|\bFalse\b"), "a Python repr"),
    (re.compile(r"\b[a-z_]+\.[a-z_]+"), "a catalog key"),
    (re.compile(r"_"), "an identifier"),
    (re.compile(r"\d[.,]\d{3}\b"), "a thousands separator"),
    (re.compile(r"\s{2,}|^\s|\s$"), "stray spaces"),
]


def problems(message: Message) -> list[str]:
    found = []
    for text in (message.text, message.braille_text):
        for pattern, what in BAD:
            if pattern.search(text):
                found.append(f"{what}: {text!r}")
    if not message.text.endswith("."):
        found.append(f"no final full stop: {message.text!r}")
    if not re.fullmatch(r"[a-z_]+", message.kind):
        found.append(f"kind {message.kind!r}")
    return found


def said_with_a_neighbour(event: Event, before: Event | None, after: Event | None) -> bool:
    """Events told together with a neighbour: chips given back to the only player left are
    said with the pot that follows; a player out in the same hand with the same place is
    said with the one before; a pot won by one player waits for the next pot (the same
    winner's several pots are said in one sentence)."""
    if isinstance(event, PotAwarded) and len(event.winners) == 1:
        return isinstance(after, PotAwarded)
    if isinstance(event, BetReturned):
        return isinstance(after, PotAwarded) and after.uncontested
    if isinstance(event, PlayerEliminated):
        return isinstance(before, PlayerEliminated) and before.place == event.place
    return False


def deliberately_silent(event: Event, listener: int | None, hand: HandStarted | None) -> bool:
    if isinstance(event, HoleCardsDealt):
        return event.seat != listener
    if isinstance(event, CardBurned):
        return True
    if isinstance(event, ActionRequired):  # another seat's turn is said only when verbose
        return event.seat != listener
    if isinstance(event, AntePosted) and hand is not None:
        return not event.all_in and not hand.big_blind_ante and event.amount >= hand.ante
    return False


def random_game(seed: int) -> tuple[tuple[str, ...], list[Event]]:
    rng = random.Random(seed)
    players = rng.randint(2, 10)
    stacks = [rng.choice([3, 10, 40, 200]) + rng.randint(0, 30) for _ in range(players)]
    big = rng.choice([2, 4, 10])
    ante = rng.choice([0, 0, 1, big // 2])
    config = TableConfig(
        small_blind=big // 2,
        big_blind=big,
        ante=ante,
        big_blind_ante=ante > 0 and rng.random() < 0.5,
        hand_limit=rng.randint(1, 4),
    )
    table = Table(NAMES[:players], stacks, config, rng)
    log: list[Event] = []
    while not table.is_over:
        hand, events = table.start_hand()
        log.extend(play_hand(hand, events, rng))
        log.extend(table.finish_hand(hand))
        if rng.random() < 0.3 and not table.is_over:
            log.append(BlindsChanged(big, big * 2, rng.choice([0, 1])))
    return NAMES[:players], log


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), listener_pick=st.integers(-1, 9))
def test_every_event_is_told_cleanly(seed: int, listener_pick: int) -> None:
    names, events = random_game(seed)
    listener = None if listener_pick < 0 else listener_pick % len(names)
    for lang in LANGUAGES:
        normal = Narrator(names, lang, Verbosity.NORMAL, listener)  # type: ignore[arg-type]
        others = [
            Narrator(names, lang, verbosity, listener, reveal_hole_cards=True)  # type: ignore[arg-type]
            for verbosity in (Verbosity.BRIEF, Verbosity.VERBOSE)
        ]
        hand: HandStarted | None = None
        for index, event in enumerate(events):
            if isinstance(event, HandStarted):
                hand = event
            messages = normal.narrate(event)
            before = events[index - 1] if index else None
            after = events[index + 1] if index + 1 < len(events) else None
            silent = deliberately_silent(event, listener, hand)
            if not silent and not said_with_a_neighbour(event, before, after):
                assert messages, f"{lang}: nothing said for {event}"
            for message in messages + [m for n in others for m in n.narrate(event)]:
                assert not problems(message), (lang, event, problems(message))


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_more_verbosity_never_says_less(seed: int) -> None:
    names, events = random_game(seed)
    counts = {}
    for verbosity in Verbosity:
        narrator = Narrator(names, "en", verbosity, 0)
        counts[verbosity] = sum(len(narrator.narrate(event)) for event in events)
    assert counts[Verbosity.BRIEF] <= counts[Verbosity.NORMAL] <= counts[Verbosity.VERBOSE]
