"""Helpers for the engine tests: preset decks, compact action scripts, event lookups.

Scripts are short strings, one action each: ``"0 r500"`` (seat 0 raises to 500),
``"3 b10"`` (bet 10), ``"1 c"`` (call), ``"2 x"`` (check), ``"4 f"`` (fold).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

import pytest

from audiopoker.cards import Card, parse_cards
from audiopoker.engine.actions import Action, ActionKind, LegalActions
from audiopoker.engine.dealing import dealing_order, preset_deck
from audiopoker.engine.events import Event, HandStarted
from audiopoker.engine.hand import Hand
from audiopoker.engine.table import Table
from audiopoker.errors import ErrorReason, IllegalActionError

E = TypeVar("E", bound=Event)

_KINDS = {
    "f": ActionKind.FOLD,
    "x": ActionKind.CHECK,
    "c": ActionKind.CALL,
    "b": ActionKind.BET,
    "r": ActionKind.RAISE,
}


def stacked_deck(order: Sequence[int], holes: Mapping[int, str], board: str = "") -> list[Card]:
    """A deck that deals ``holes`` (seat -> "AsAd") in the dealing ``order`` and ``board``
    (up to five cards); burns and anything unspecified come from the unused cards."""
    wanted = {seat: parse_cards(text) for seat, text in holes.items()}
    return preset_deck(order, wanted, parse_cards(board))


def start(
    stacks: Sequence[int],
    *,
    button: int,
    small_blind_seat: int | None,
    big_blind_seat: int,
    blinds: tuple[int, int] = (1, 2),
    holes: Mapping[int, str] | None = None,
    board: str = "",
    ante: int = 0,
    big_blind_ante: bool = False,
) -> Hand:
    """Start a hand with the given hole cards and board (the rest of the deck is spare)."""
    order = dealing_order(stacks, button, big_blind_seat)
    hand, _ = Hand.start(
        stacks=stacks,
        button=button,
        small_blind_seat=small_blind_seat,
        big_blind_seat=big_blind_seat,
        small_blind=blinds[0],
        big_blind=blinds[1],
        ante=ante,
        big_blind_ante=big_blind_ante,
        deck=stacked_deck(order, holes or {}, board),
    )
    return hand


def action(text: str) -> tuple[int, Action]:
    """Parse one script step such as ``"0 r500"``."""
    seat, move = text.split()
    kind = _KINDS[move[0]]
    amount = int(move[1:]) if move[1:] else None
    return int(seat), Action(kind, amount)


def play(hand: Hand, *steps: str) -> list[Event]:
    """Apply the script steps in order; return every event they caused."""
    events: list[Event] = []
    for step in steps:
        seat, move = action(step)
        assert hand.actor == seat, f"{step}: seat {hand.actor} is to act"
        events.extend(hand.act(seat, move))
    return events


def check_down(hand: Hand) -> None:
    """Check or call until the hand ends."""
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.act(legal.seat, Action.call() if legal.to_call else Action.check())


def of_type(events: Iterable[Event], kind: type[E]) -> list[E]:
    """The events of one class, in order."""
    return [event for event in events if isinstance(event, kind)]


def started(hand: Hand) -> HandStarted:
    """The hand's HandStarted event."""
    first = hand.events[0]
    assert isinstance(first, HandStarted)
    return first


def snapshot(hand: Hand) -> tuple[object, ...]:
    """Everything observable about a hand, to prove that a refusal changed nothing."""
    legal = hand.legal_actions() if not hand.is_over else None
    return (
        hand.events,
        hand.stacks,
        hand.committed,
        hand.contributions,
        hand.pot,
        hand.board,
        hand.street,
        hand.actor,
        hand.is_over,
        legal,
    )


def raise_terms(legal: LegalActions) -> tuple[int, int, ActionKind | None, int]:
    """(seat, to_call, raise_kind, min_raise_to): who acts, what a call costs, and
    whether, and from what total, they may raise."""
    return legal.seat, legal.to_call, legal.raise_kind, legal.min_raise_to


def refuse(hand: Hand, seat: int, move: Action, reason: ErrorReason) -> IllegalActionError:
    """Assert the move is refused with ``reason`` and changes nothing; return the error."""
    before = snapshot(hand)
    with pytest.raises(IllegalActionError) as refused:
        hand.act(seat, move)
    assert refused.value.reason is reason
    assert snapshot(hand) == before
    return refused.value


def table_hand(
    table: Table,
    *steps: str,
    button: int,
    big_blind_seat: int,
    holes: Mapping[int, str] | None = None,
    board: str = "",
) -> tuple[Hand, tuple[Event, ...]]:
    """Play one table hand: the deck is stacked for the positions the test expects
    (``button``, ``big_blind_seat``), the script is played, the rest checked down, and
    the hand finished. Returns the hand and ``finish_hand``'s events."""
    order = dealing_order(table.stacks, button, big_blind_seat)
    hand, _ = table.start_hand(stacked_deck(order, holes or {}, board))
    first = started(hand)
    assert (first.button, first.big_blind) == (button, big_blind_seat), first
    play(hand, *steps)
    check_down(hand)
    return hand, table.finish_hand(hand)
