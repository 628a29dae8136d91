"""Small sums the narrator needs to choose its words: how many pots a hand makes and
which finishing place each player gets. Pure functions of what the events told.

>>> pot_count({0: 20, 1: 50, 2: 100, 3: 100}, folded=set())
3
>>> finishing_places((2, 0, 1, 3), (300, 0, 300, 0), told={1: 3, 3: 3})
{2: 1, 0: 1, 1: 3, 3: 3}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set


def pot_count(contributed: Mapping[int, int], folded: Set[int]) -> int:
    """The pots of a hand: one per distinct total put in by the players still holding cards
    (as the engine builds them; folded chips only add to those pots)."""
    return len({chips for seat, chips in contributed.items() if seat not in folded and chips > 0})


def pot_levels(contributed: Mapping[int, int], folded: Set[int]) -> list[int]:
    """Each pot's cap, main pot first: the distinct totals of the players still holding
    cards. A player is eligible for the pots whose cap it reached.

    >>> pot_levels({0: 20, 1: 50, 2: 100, 3: 100, 4: 70}, folded={4})
    [20, 50, 100]
    """
    return sorted(
        {chips for seat, chips in contributed.items() if seat not in folded and chips > 0}
    )


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
