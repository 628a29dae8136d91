"""Who is dealt in, in which order, and a deck stacked to deal chosen cards.

The dealing order is RULES.md's: one card at a time in two passes, from the first seat
left of the button round to the button; heads-up the big blind is dealt first and the
button last. After the hole cards come burn, flop, burn, turn, burn, river.

>>> dealing_order([200, 0, 200, 200], button=0, big_blind_seat=3)
(2, 3, 0)
>>> dealing_order([200, 200], button=0, big_blind_seat=1)
(1, 0)
>>> from audiopoker.cards import parse_cards
>>> deck = preset_deck((1, 0), {0: parse_cards("As Ad")}, parse_cards("Kc Kd Kh"))
>>> [str(card) for card in deck[:8]]
['2c', 'As', '2d', 'Ad', '2h', 'Kc', 'Kd', 'Kh']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from audiopoker.cards import FULL_DECK, Card

STREET_SIZES = (3, 1, 1)  # flop, turn, river: each dealt after a burn


def dealing_order(stacks: Sequence[int], button: int, big_blind_seat: int) -> tuple[int, ...]:
    """The seats dealt in (a stack above 0), in dealing order."""
    count = len(stacks)
    seats = tuple(
        seat for seat in ((button + step) % count for step in range(1, count + 1)) if stacks[seat]
    )
    if len(seats) == 2:  # heads-up the big blind is dealt first, the button last
        return (big_blind_seat, seats[0] if seats[1] == big_blind_seat else seats[1])
    return seats


def preset_deck(
    order: Sequence[int],
    holes: Mapping[int, Sequence[Card]],
    board: Sequence[Card] = (),
) -> list[Card]:
    """A whole deck that deals ``holes`` (seat -> two cards) to the seats of ``order`` (the
    dealing order), then ``board`` (up to five cards) in its places. The cards not named
    are the burns and fill the gaps, then end the deck, in FULL_DECK order."""
    used = {card for cards in holes.values() for card in cards} | set(board)
    spare = iter([card for card in FULL_DECK if card not in used])
    deck = [holes[seat][0] if seat in holes else next(spare) for seat in order]
    deck += [holes[seat][1] if seat in holes else next(spare) for seat in order]
    dealt = iter(board)
    for size in STREET_SIZES:
        deck.append(next(spare))  # the burn
        deck.extend(next(dealt, None) or next(spare) for _ in range(size))
    deck.extend(spare)
    return deck
