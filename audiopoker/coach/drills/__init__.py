"""Drills (issue 13): short rounds of questions that train what the table asks of a player,
by ear and by keys (``audiopoker drill showdown|odds|ranking``).

- :mod:`.base`: the kinds, the score and streak, a round of seeded questions;
- :mod:`.showdowns`: who wins on this board (the showdown explainer says why);
- :mod:`.odds`: pot odds and the chance to hit the outs, counted exactly;
- :mod:`.rankings`: which of two hands ranks higher (seed 003's list);
- :mod:`.decide`: the odds drill's "so, call or fold?" by the numbers;
- :mod:`.mistakes`: spots of the player's costliest kind of mistake, own cards first;
- :mod:`.texts`: every sentence, from the ``drill`` catalogs.

No keys and no output here: the key loop is :mod:`audiopoker.ui.drill_keys`, the results
go to :mod:`audiopoker.persistence.drills`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from audiopoker.coach.drills.drill_base import DrillKind, Maker, Round
from audiopoker.coach.drills.mistakes import FreshSpots, MistakeSpots, OwnSpot
from audiopoker.coach.drills.odds import make_odds
from audiopoker.coach.drills.rankings import make_ranking
from audiopoker.coach.drills.showdowns import make_showdown

MAKERS: Final[dict[DrillKind, Maker]] = {
    DrillKind.SHOWDOWN: make_showdown,
    DrillKind.ODDS: make_odds,
    DrillKind.RANKING: make_ranking,
    # Without the player's decisions: fresh spots of the commonest costly kind.
    DrillKind.MISTAKES: FreshSpots("calls_too_wide"),
}


def new_round(kind: DrillKind, count: int, seed: int) -> Round:
    """A round of ``count`` questions of ``kind``; the same seed asks the same questions."""
    return Round(kind, MAKERS[kind], count, seed)


def mistakes_round(kind: str, own: Sequence[OwnSpot], count: int, seed: int) -> Round:
    """A round of spots of mistake ``kind``: the player's ``own`` first, then fresh ones."""
    return Round(DrillKind.MISTAKES, MistakeSpots(kind, own), count, seed)


__all__ = ["MAKERS", "DrillKind", "Round", "mistakes_round", "new_round"]
