"""Pots: uncalled bets, contribution levels, and splitting a pot among winners.

Pure functions on per-seat lists (index = table seat), so the hand state machine and the
tests share one implementation.

>>> uncalled_bet([20, 50, 80])
(2, 30)
>>> [(pot.amount, pot.eligible) for pot in build_pots([20, 50, 50], [True, True, True])]
[(60, (0, 1, 2)), (60, (1, 2))]
>>> split_pot(7, (4, 1))
((4, 3), (4,))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from audiopoker.engine.events import PotAwarded
from audiopoker.evaluator import HandValue


@dataclass(frozen=True, slots=True)
class Pot:
    """One pot: its chips and the seats that may win it (in seat order)."""

    amount: int
    eligible: tuple[int, ...]


def uncalled_bet(contributions: Sequence[int]) -> tuple[int, int] | None:
    """The seat whose contribution nobody matched and the unmatched chips, or None.

    Only the single largest contributor can have an uncalled excess: the part above the
    second-largest contribution (folded players' chips count as matching).
    """
    top_seat = -1
    top = second = 0
    for seat, amount in enumerate(contributions):
        if amount > top:
            top_seat, second, top = seat, top, amount
        elif amount > second:
            second = amount
    if top_seat < 0 or top == second:
        return None
    return top_seat, top - second


def build_pots(contributions: Sequence[int], live: Sequence[bool], dead: int = 0) -> list[Pot]:
    """Main pot first, then side pots, by contribution levels.

    ``contributions`` are every seat's chips in the pot (folded seats included, uncalled
    excess already returned); ``live`` marks the seats still holding cards. Each level is a
    live seat's total: a seat is eligible for the levels it covered. ``dead`` chips (a
    big-blind ante) go to the main pot, which every live seat may win.
    """
    levels = sorted({amount for amount, alive in zip(contributions, live, strict=True) if alive})
    pots: list[Pot] = []
    previous = 0
    for level in levels:
        amount = 0
        for contributed in contributions:
            if contributed > previous:
                amount += (level if contributed > level else contributed) - previous
        if not pots:
            amount += dead
        eligible = tuple(
            seat for seat, alive in enumerate(live) if alive and contributions[seat] >= level
        )
        if amount:
            pots.append(Pot(amount, eligible))
        previous = level
    # Chips above the highest live level (only folded seats' chips can be there).
    leftover = sum(max(0, contributed - previous) for contributed in contributions)
    if not pots and (leftover or dead):
        eligible = tuple(seat for seat, alive in enumerate(live) if alive)
        return [Pot(leftover + dead, eligible)]
    if leftover:
        last = pots[-1]
        pots[-1] = Pot(last.amount + leftover, last.eligible)
    return pots


def split_pot(amount: int, winners: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Split ``amount`` evenly among ``winners``, given in order from the first seat left of
    the button. Returns (shares paired with ``winners``, the seats that got an odd chip):
    the odd chips go one each to the first winners left of the button."""
    share, odd = divmod(amount, len(winners))
    shares = tuple(share + 1 if index < odd else share for index in range(len(winners)))
    return shares, tuple(winners[:odd])


def award_pots(
    contributions: Sequence[int],
    live: Sequence[bool],
    dead: int,
    values: Mapping[int, HandValue],
    button: int,
) -> list[PotAwarded]:
    """Each pot to the best eligible hand; ties split it, odd chips left of the button.

    ``values`` holds every live seat's shown hand. Winners are listed from the first seat
    left of the button, and so are the shares and odd chips.
    """
    count = len(contributions)
    left_of_button = clockwise_from(button + 1, count)
    awards = []
    for index, pot in enumerate(build_pots(contributions, live, dead)):
        best = max(values[seat].strength for seat in pot.eligible)
        winners = tuple(
            seat
            for seat in left_of_button
            if seat in pot.eligible and values[seat].strength == best
        )
        shares, odd = split_pot(pot.amount, winners)
        value = values[winners[0]]
        awards.append(
            PotAwarded(index, pot.amount, pot.eligible, winners, shares, odd, False, value)
        )
    return awards


def clockwise_from(start: int, seat_count: int) -> list[int]:
    """Every seat once, clockwise, beginning with ``start``."""
    return [(start + step) % seat_count for step in range(seat_count)]
