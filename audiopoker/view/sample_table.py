"""A seeded table to look at without a game running: the events of a seeded bot game as
seat 0 sees them, and the views they make (the benchmark times their redraws, the
screenshots draw one of them, the tests read them)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from audiopoker.bots.levels import make_bot
from audiopoker.engine.events import ActionRequired, ActionTaken, Event
from audiopoker.engine.table import Table, TableConfig
from audiopoker.game import BotSeat, Game
from audiopoker.ui.pre_actions import Armed, PreKind
from audiopoker.ui.state import TableState
from audiopoker.view.table_view import ViewTable, view_of

NAMES = ("Rosa", "Ana", "Bruno", "Carla", "Diego", "Elena")


@dataclass
class _Recorder:
    events: list[Event]

    def on_event(self, event: Event) -> None:
        self.events.append(event)


def seeded_events(seed: int = 1, players: int = 6, hands: int = 5) -> list[Event]:
    """Every event of a seeded game of ``hands`` hands between easy bots."""
    rng = random.Random(seed)
    names = NAMES[:players]
    table = Table(names, 200, TableConfig(hand_limit=hands), random.Random(rng.random()))
    seats = [
        BotSeat(make_bot("easy", random.Random(rng.random())), seat) for seat in range(players)
    ]
    recorder = _Recorder([])
    Game(table, seats, [recorder]).run(hands)
    return recorder.events


def seeded_views(
    seed: int = 1, players: int = 6, hands: int = 5, lang: str = "en"
) -> Iterator[ViewTable]:
    """The view after each event of ``seeded_events`` that seat 0 sees, as the game's
    feed builds it (each seat's last action this street; check or fold armed while others
    act, when seat 0 is in the hand)."""
    names = NAMES[:players]
    state = TableState(names, (200,) * players, 0)
    last: dict[int, ActionTaken] = {}
    for event in seeded_events(seed, players, hands):
        state.on_event(event)
        if isinstance(event, ActionTaken):
            last[event.seat] = event
        elif event.__class__.__name__ in ("HandStarted", "StreetDealt"):
            last.clear()
        if not event.visible_to(0):
            continue
        snap = state.snapshot()
        me = snap.seats[0]
        waiting = isinstance(event, ActionRequired) and event.seat != 0
        armed = Armed(PreKind.CHECK_FOLD, 0) if waiting and me.in_hand and not me.folded else None
        yield view_of(snap, lang, armed, dict(last))
