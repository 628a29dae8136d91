"""What one finished hand meant for the player: the facts the statistics keep.

>>> from audiopoker.cards import parse_cards
>>> starting_group(parse_cards("Ah Kh")), starting_group(parse_cards("7c 7d"))
('broadway', 'pair_middle')
>>> starting_group(parse_cards("9s 8s")), starting_group(parse_cards("Ad 5c"))
('suited_connector', 'offsuit_ace')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from audiopoker.bots.equity import hand_class, ids
from audiopoker.cards import Card, Rank
from audiopoker.engine.actions import ActionKind, Street
from audiopoker.engine.events import (
    ActionTaken,
    Event,
    HandEnded,
    HandShown,
    HandStarted,
    HoleCardsDealt,
    PotAwarded,
    StreetDealt,
)
from audiopoker.narration.positions import seat_positions

# Starting-hand groups, in the order a summary lists them.
GROUPS: Final = (
    "pair_high",  # tens to aces
    "pair_middle",  # sixes to nines
    "pair_low",  # twos to fives
    "broadway",  # two different cards from ten to ace
    "suited_ace",  # an ace with a smaller suited card
    "suited_connector",  # suited, next to each other or one gap, below broadway
    "suited_other",
    "offsuit_ace",  # an ace with a smaller card of another suit
    "offsuit_other",
)
STREETS: Final = ("preflop", "flop", "turn", "river")


def starting_group(cards: Sequence[Card]) -> str:
    """The group of two hole cards (one of GROUPS)."""
    high, low = sorted((card.rank for card in cards), reverse=True)
    suited = cards[0].suit == cards[1].suit
    if high == low:
        if high >= Rank.TEN:
            return "pair_high"
        return "pair_middle" if high >= Rank.SIX else "pair_low"
    if low >= Rank.TEN:
        return "broadway"
    if high == Rank.ACE:
        return "suited_ace" if suited else "offsuit_ace"
    if suited:
        return "suited_connector" if high - low <= 2 else "suited_other"
    return "offsuit_other"


@dataclass(frozen=True, slots=True)
class HandFacts:
    """One hand from the player's side. ``position`` is a narration Position value;
    ``last_street`` how far the hand went (the last street dealt); ``folded_on`` the
    street the player folded on (None: never folded); ``pot`` every chip paid out in
    pots; ``collected`` what the player took from them."""

    hand_number: int
    players: int
    position: str
    cards: str
    hand_class: str
    group: str
    stack_before: int
    stack_after: int
    net: int
    won: bool
    vpip: bool
    pfr: bool
    last_street: str
    showdown: bool
    folded_on: str | None
    went_to_showdown: bool
    pot: int
    collected: int


def hand_facts(events: Sequence[Event], seat: int) -> HandFacts | None:
    """The facts of a whole hand (HandStarted to HandEnded) for ``seat``; None when the
    seat was not dealt in."""
    started = next((e for e in events if isinstance(e, HandStarted)), None)
    ended = next((e for e in events if isinstance(e, HandEnded)), None)
    if started is None or ended is None or seat not in started.seats_in_hand:
        return None
    cards: tuple[Card, ...] = ()
    street = Street.PREFLOP
    vpip = pfr = showdown = shown = False
    folded_on: str | None = None
    pot = collected = 0
    for event in events:
        if isinstance(event, HoleCardsDealt) and event.seat == seat:
            cards = event.cards
        elif isinstance(event, StreetDealt):
            street = event.street
        elif isinstance(event, ActionTaken) and event.seat == seat:
            if event.street is Street.PREFLOP and event.kind in _VOLUNTARY:
                vpip = True
                pfr = pfr or event.kind in (ActionKind.BET, ActionKind.RAISE)
            if event.kind is ActionKind.FOLD:
                folded_on = STREETS[event.street]
        elif isinstance(event, HandShown):
            showdown = True
            shown = shown or event.seat == seat
        elif isinstance(event, PotAwarded):
            pot += event.amount
            for winner, share in zip(event.winners, event.shares, strict=True):
                if winner == seat:
                    collected += share
    if len(cards) != 2:
        return None
    return HandFacts(
        hand_number=started.hand_number,
        players=len(started.seats_in_hand),
        position=seat_positions(started)[seat].value,
        cards="".join(str(card) for card in cards),
        hand_class=hand_class(*ids(cards)),
        group=starting_group(cards),
        stack_before=started.stacks[seat],
        stack_after=ended.stacks[seat],
        net=ended.net[seat],
        won=collected > 0,
        vpip=vpip,
        pfr=pfr,
        last_street=STREETS[street],
        showdown=showdown,
        folded_on=folded_on,
        went_to_showdown=shown,
        pot=pot,
        collected=collected,
    )


_VOLUNTARY: Final = (ActionKind.CALL, ActionKind.BET, ActionKind.RAISE)
