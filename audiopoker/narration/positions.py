"""Position names at the table (seed 000): button, blinds, under the gun, hijack, cutoff.

>>> from audiopoker.engine.events import HandStarted
>>> six = HandStarted(1, 0, 1, 2, (1, 2, 3, 4, 5, 0), (200,) * 6, 1, 2, 0, False)
>>> [p.value for p in seat_positions(six).values()]
['small_blind', 'big_blind', 'under_the_gun', 'hijack', 'cutoff', 'button']
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Final

from audiopoker.engine.events import HandStarted
from audiopoker.narration.catalog import get_catalog
from audiopoker.narration.language import Language


class Position(enum.Enum):
    """A seat's place relative to the button for one hand."""

    BUTTON = "button"
    BUTTON_SMALL_BLIND = "button_small_blind"  # heads-up: the button posts the small blind
    SMALL_BLIND = "small_blind"
    BIG_BLIND = "big_blind"
    UNDER_THE_GUN = "under_the_gun"
    UNDER_THE_GUN_1 = "under_the_gun_1"
    UNDER_THE_GUN_2 = "under_the_gun_2"
    UNDER_THE_GUN_3 = "under_the_gun_3"
    LOJACK = "lojack"
    HIJACK = "hijack"
    CUTOFF = "cutoff"


# The seats between the big blind and the button, by how many there are: the first is
# always under the gun, the last the cutoff; the names fill in from both ends.
_MIDDLE: Final[dict[int, tuple[Position, ...]]] = {
    0: (),
    1: (Position.UNDER_THE_GUN,),
    2: (Position.UNDER_THE_GUN, Position.CUTOFF),
    3: (Position.UNDER_THE_GUN, Position.HIJACK, Position.CUTOFF),
    4: (Position.UNDER_THE_GUN, Position.LOJACK, Position.HIJACK, Position.CUTOFF),
    5: (
        Position.UNDER_THE_GUN,
        Position.UNDER_THE_GUN_1,
        Position.LOJACK,
        Position.HIJACK,
        Position.CUTOFF,
    ),
    6: (
        Position.UNDER_THE_GUN,
        Position.UNDER_THE_GUN_1,
        Position.UNDER_THE_GUN_2,
        Position.LOJACK,
        Position.HIJACK,
        Position.CUTOFF,
    ),
    7: (
        Position.UNDER_THE_GUN,
        Position.UNDER_THE_GUN_1,
        Position.UNDER_THE_GUN_2,
        Position.UNDER_THE_GUN_3,
        Position.LOJACK,
        Position.HIJACK,
        Position.CUTOFF,
    ),
}

# Every position in the order of play before the flop: under the gun first, the big
# blind last (how position tables are listed).
TABLE_ORDER: Final[tuple[Position, ...]] = (
    *_MIDDLE[7],
    Position.BUTTON,
    Position.BUTTON_SMALL_BLIND,
    Position.SMALL_BLIND,
    Position.BIG_BLIND,
)


def seat_positions(event: HandStarted) -> dict[int, Position]:
    """Each dealt-in seat's position, in dealing order. A dead button or a missing small
    blind simply has no seat; the other names still count back from the big blind."""
    seats = event.seats_in_hand
    result: dict[int, Position] = {}
    heads_up = len(seats) == 2
    for seat in seats:
        if seat == event.big_blind:
            result[seat] = Position.BIG_BLIND
        elif seat == event.button:
            small = heads_up or seat == event.small_blind
            result[seat] = Position.BUTTON_SMALL_BLIND if small else Position.BUTTON
        elif seat == event.small_blind:
            result[seat] = Position.SMALL_BLIND
    if event.big_blind in seats:
        start = seats.index(event.big_blind) + 1
        after_big_blind = seats[start:] + seats[:start]
    else:
        after_big_blind = seats
    middle = [seat for seat in after_big_blind if seat not in result]
    names = _MIDDLE.get(len(middle))
    if names is None:  # more seats than names: number them from under the gun
        names = _MIDDLE[7]
    for seat, position in zip(middle, names, strict=False):
        result[seat] = position
    return {seat: result[seat] for seat in seats if seat in result}


def position_name(position: Position, lang: Language) -> str:
    """'under the gun', 'ciega grande', ..."""
    return get_catalog(lang).text(f"position.{position.value}")


# The button and the blinds are named by the hand's opening and the blind lines.
NAMED_BY_THE_BLINDS: Final[frozenset[Position]] = frozenset(
    {Position.BUTTON, Position.BUTTON_SMALL_BLIND, Position.SMALL_BLIND, Position.BIG_BLIND}
)


def positions_sentence(event: HandStarted, names: Sequence[str], lang: Language) -> str | None:
    """For a spectator, every dealt-in seat between the big blind and the button with its
    position, in the order they act before the flop ('Positions: Diego under the gun,
    Elena in the hijack and Fabio in the cutoff.'); None when there is none (two or three
    players: the opening and the blinds name every position)."""
    catalog = get_catalog(lang)
    items = [
        catalog.text(f"position.seat.{position.value}", name=names[seat])
        for seat, position in seat_positions(event).items()
        if position not in NAMED_BY_THE_BLINDS and 0 <= seat < len(names)
    ]
    if not items:
        return None
    return catalog.text("position.seats", seats=catalog.join(items))
