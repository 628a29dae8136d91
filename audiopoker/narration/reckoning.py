"""Small sums the narrator needs to choose its words: how many pots a hand makes and
which finishing place each player gets. Pure functions of what the events told.

>>> pot_count({0: 20, 1: 50, 2: 100, 3: 100}, folded=set())
3
>>> finishing_places((2, 0, 1, 3), (300, 0, 300, 0), told={1: 3, 3: 3})
{2: 1, 0: 1, 1: 3, 3: 3}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence, Set


def pot_levels(
    contributed: Mapping[int, int],
    folded: Set[int],
    dead: int = 0,
    seats: Iterable[int] = (),
) -> list[int]:
    """Each pot's cap, main pot first, as the engine builds the pots: the distinct totals of
    the players still holding cards (``seats``: every seat dealt in, also those that put in
    nothing live). A player is eligible for the pots whose cap it reached. ``dead`` chips (a
    big-blind ante) go to the main pot: with a live player who put nothing else in, they
    are a main pot of their own, capped at 0.

    >>> pot_levels({0: 20, 1: 50, 2: 100, 3: 100, 4: 70}, folded={4})
    [20, 50, 100]
    >>> pot_levels({1: 50, 2: 50}, folded=set(), dead=10, seats=(0, 1, 2))
    [0, 50]
    """
    live = {seat for seat in (*seats, *contributed) if seat not in folded}
    totals = {contributed.get(seat, 0) for seat in live}
    return sorted(level for level in totals if level > 0 or dead > 0)


def pot_count(
    contributed: Mapping[int, int],
    folded: Set[int],
    dead: int = 0,
    seats: Iterable[int] = (),
) -> int:
    """How many pots the hand has (see :func:`pot_levels`).

    >>> pot_count({0: 20, 1: 50, 2: 100, 3: 100}, folded=set())
    3
    """
    return len(pot_levels(contributed, folded, dead, seats))


def finishing_places(
    standings: Sequence[int], stacks: Sequence[int], told: Mapping[int, int]
) -> dict[int, int]:
    """Each seat's place at the end of the game: the place told when it went out (players
    out in the same hand share it), else its rank by chips (equal stacks share it), else
    its position in ``standings``."""
    places: dict[int, int] = {}
    for index, seat in enumerate(standings, start=1):
        if seat in told:
            places[seat] = told[seat]
        elif stacks[seat] > 0:
            places[seat] = 1 + sum(1 for other in standings if stacks[other] > stacks[seat])
        else:
            places[seat] = index
    return places
