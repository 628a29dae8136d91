"""Rebuild a hand from its event log.

The log holds everything that fixes a hand: the seats, stacks, button and blinds
(``HandStarted``), the antes actually posted, the hole cards, the board and every action.
Burned cards are never shown, so any unused cards stand in for them (and for board cards
a hand that ended early never dealt). Replaying the same actions then yields the same
state and the same events.
"""

from __future__ import annotations

from collections.abc import Iterable

from audiopoker.cards import Card
from audiopoker.engine.actions import Action, ActionKind
from audiopoker.engine.dealing import preset_deck
from audiopoker.engine.events import (
    ActionTaken,
    AntePosted,
    Event,
    HandStarted,
    HoleCardsDealt,
    StreetDealt,
)
from audiopoker.engine.hand import Hand
from audiopoker.errors import ErrorReason, HandStateError


def replay(events: Iterable[Event]) -> Hand:
    """A new :class:`Hand` with the log's setup, cards and actions applied in order.

    Raises :class:`HandStateError` when the log has no ``HandStarted``, and the engine's
    own errors when an action in the log is illegal.
    """
    log = list(events)
    started = next((event for event in log if isinstance(event, HandStarted)), None)
    if started is None:
        raise HandStateError(ErrorReason.NO_HAND_IN_PROGRESS)
    count = len(started.stacks)
    antes = [0] * count
    holes: dict[int, tuple[Card, Card]] = {}
    board: tuple[Card, ...] = ()
    for event in log:
        if isinstance(event, AntePosted):
            # A short ante was the whole stack: posting the amount seen gives the same.
            antes[event.seat] = event.amount
        elif isinstance(event, HoleCardsDealt):
            holes[event.seat] = event.cards
        elif isinstance(event, StreetDealt):
            board = event.board
    hand = Hand(
        stacks=started.stacks,
        button=started.button,
        small_blind_seat=started.small_blind,
        big_blind_seat=started.big_blind,
        small_blind=started.small_blind_amount,
        big_blind=started.big_blind_amount,
        deck=preset_deck(started.seats_in_hand, holes, board),
        antes=antes if any(antes) else (),
        ante=started.ante,
        big_blind_ante=started.big_blind_ante,
        hand_number=started.hand_number,
    )
    for event in log:
        if isinstance(event, ActionTaken):
            raising = event.kind is ActionKind.BET or event.kind is ActionKind.RAISE
            hand.act(event.seat, Action(event.kind, event.to if raising else None))
    return hand
