"""What ``audiopoker drill mistakes`` drills: the kind of mistake that cost the player the
most big blinds over every decision the coach kept, and the player's own decisions of that
kind, costliest first, as spots (cards and board; the statistics keep no pot nor bet).

Only reads the statistics: a drill that finds nothing to drill says so and what to do.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Final

from audiopoker.coach.drills.drill_text import DrillText
from audiopoker.coach.drills.mistakes import Origin, OwnSpot, own_spot
from audiopoker.persistence import StatsDB, StatsTooNew, data_dir
from audiopoker.persistence.decisions import Blunder, blunders, error_rate
from audiopoker.persistence.stats import DB_NAME
from audiopoker.ui.record_texts import RecordText

OWN_FROM: Final = 0.25  # big blinds: the player's decisions graded an inaccuracy or worse
OWN_LIMIT: Final = 1000  # decisions read back, newest first, before choosing the kind's


@dataclass(frozen=True, slots=True)
class Mistakes:
    """The costliest kind of mistake and the player's own spots of it, costliest first."""

    kind: str
    own: tuple[OwnSpot, ...]


def own_spots(found: list[Blunder], kind: str) -> tuple[OwnSpot, ...]:
    """The decisions of ``kind`` among ``found`` as spots, costliest first (the newest
    first among equals); decisions whose cards make no spot are left out."""
    chosen = sorted(
        (b for b in found if b.record.kind == kind), key=lambda b: -b.loss
    )  # sorted is stable: ``found`` is newest first
    spots = (
        own_spot(b.record.hole, b.record.board, Origin(b.played_at, b.hand_number, b.loss))
        for b in chosen
    )
    return tuple(spot for spot in spots if spot is not None)


def find_mistakes(stats: StatsDB) -> Mistakes | bool:
    """The costliest kind and its spots; False when no decision is kept, True when some
    are but none cost anything against the coach."""
    rate = error_rate(stats)
    if not rate.decisions:
        return False
    if not rate.by_kind:
        return True
    kind = rate.by_kind[0].key  # the kinds that cost, costliest first
    return Mistakes(kind, own_spots(blunders(stats, OWN_FROM, OWN_LIMIT), kind))


def read_mistakes(words: DrillText, record: RecordText, coach_key: str) -> Mistakes | str:
    """What to drill, or the sentence that says why there is nothing and what to do
    (``coach_key``: the spoken key that asks the coach)."""
    path = data_dir() / DB_NAME
    if not path.exists():
        return words.mistakes_none(coach_key)
    try:
        stats = StatsDB(path)
    except StatsTooNew:
        return words.mistakes_cannot_read(record.stats_too_new())
    except (OSError, sqlite3.Error) as error:
        return words.mistakes_cannot_read(record.fault(error))
    try:
        found = find_mistakes(stats)
    except (OSError, sqlite3.Error) as error:
        return words.mistakes_cannot_read(record.fault(error))
    finally:
        stats.close()
    if isinstance(found, bool):
        return words.mistakes_none(coach_key, costly=found)
    return found
