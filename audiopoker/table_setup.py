"""One place builds a table, for a game at the keyboard and for a hosted table (and the
room): the seed and its generators, the bots' roster, the table (new or restored from a
save), its bots' memories and a tournament's director at its level's blinds.

The draws from the seed come in one order (the roster, the table's deck, then whatever the
caller draws from ``rng``: the coach's generator), so a seeded game deals the same cards
however it is played.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass

from audiopoker.bots.base import Bot, decode_rng
from audiopoker.bots.levels import roster
from audiopoker.coach.bot import COACH_LEVEL
from audiopoker.engine.table import Table, TableConfig
from audiopoker.persistence import SavedGame
from audiopoker.tournament.director import Director, tournament_state
from audiopoker.tournament.schedule import Tournament


@dataclass(frozen=True, slots=True)
class TableOptions:
    """What a new table is made of (the house defaults of RULES.md)."""

    seats: int = 6
    chips: int = 200
    small_blind: int = 1
    big_blind: int = 2
    ante: int = 0
    hands: int | None = None
    bots: str = "normal"
    seed: int | None = None
    lang: str = "en"  # the bots' names
    bot_time_budget: float | None = 0.08


@dataclass(slots=True)
class BuiltTable:
    """A table ready to play: ``bots`` sit at the seats after the people's (``first_bot``
    on), ``rng`` goes on drawing for the caller, ``director`` runs a tournament (None: a
    cash game)."""

    table: Table
    bots: list[tuple[str, Bot]]
    first_bot: int
    director: Director | None
    rng: random.Random

    def bot_seats(self) -> list[tuple[int, Bot]]:
        """Each bot with the seat it plays."""
        return [(self.first_bot + index, bot) for index, (_, bot) in enumerate(self.bots)]


def build_table(
    options: TableOptions,
    people: Sequence[str] = (),
    saved: SavedGame | None = None,
    tournament: Tournament | None = None,
    bots_play_people: bool = False,
) -> BuiltTable:
    """A table of ``people`` (their names, in the first seats) and bots in the other seats.

    ``saved`` resumes a table from the start of its next hand (names, stacks, button, the
    deck's generator and the bots' memories come from it; a saved tournament goes on at
    its level). ``bots_play_people``: a bot plays each person's seat under the person's
    name (``--autopilot``), so every seat has a bot.
    """
    seed = options.seed if options.seed is not None else random.SystemRandom().getrandbits(32)
    rng = random.Random(seed)
    bot_count = options.seats - (0 if bots_play_people else len(people))
    budget = options.bot_time_budget
    bots = roster(options.bots, bot_count, options.lang, rng, budget, COACH_LEVEL)
    names = tuple(name for name, _ in bots)
    names = (*people, *names[len(people) :]) if bots_play_people else (*people, *names)
    config = TableConfig(
        small_blind=options.small_blind,
        big_blind=options.big_blind,
        ante=options.ante,
        hand_limit=options.hands,
    )
    director = _director(tournament, saved)
    if director is not None:  # the level being played, not always the first
        level = director.level
        config = dataclasses.replace(
            config, small_blind=level.small_blind, big_blind=level.big_blind, ante=level.ante
        )
    table_rng = random.Random(rng.getrandbits(64))
    if saved is not None:
        table = Table.restore(saved.names, saved.table, config, decode_rng(saved.table_rng))
    else:
        table = Table(names, options.chips, config, table_rng)
    built = BuiltTable(table, bots, 0 if bots_play_people else len(people), director, rng)
    if saved is not None:
        restore_bots(built.bot_seats(), saved)
    return built


def restore_bots(bots: Sequence[tuple[int, Bot]], saved: SavedGame) -> None:
    """Give each bot its memory of the saved game (bots without one start afresh)."""
    for seat, bot in bots:
        state = saved.bots[seat] if seat < len(saved.bots) else None
        restore = getattr(bot, "restore", None)
        if state is not None and callable(restore):
            restore(state)


def bot_states(bots: Sequence[tuple[int, Bot]], seats: int) -> list[dict[str, object] | None]:
    """What each seat's bot remembers, for the save (None where a person sits)."""
    states: list[dict[str, object] | None] = [None] * seats
    for seat, bot in bots:
        state = getattr(bot, "state", None)
        states[seat] = state() if callable(state) else {}
    return states


def _director(tournament: Tournament | None, saved: SavedGame | None) -> Director | None:
    """The tournament's director: a saved game's, going on where it was (a cash game's
    save, or one from before tournaments, has none), else a new one for ``tournament``."""
    if saved is not None:
        state = tournament_state(saved.extra)
        return None if state is None else Director.restore(state)
    return None if tournament is None else Director(tournament)
