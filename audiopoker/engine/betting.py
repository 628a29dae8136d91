"""The betting rules of one decision: what a seat may do, and whether a request is legal.

Pure functions on the hand's per-seat lists, kept apart from the state machine so the
rules read in one place (RULES.md "Betting"):

- the amount to call is what the seat lacks to match the bet level, capped by its stack
  (an all-in call);
- the minimum bet is the big blind and a raise adds at least the last *full* increment of
  the round (TDA 45-A); less is allowed only as all-in;
- a seat that already acted may raise again only if the level has risen by at least one
  full increment since it acted: a short all-in does not reopen the betting, several short
  all-ins may add up to a full increment;
- nobody may raise when no opponent could call any more chips.

>>> legal, block = decide(seat=0, stacks=[500, 500], committed=[10, 15], live=[True, True],
...     acted=[10, 15], level=15, target=15, full_raise=10, pot=25)
>>> (legal.to_call, legal.raise_kind, block)
(5, None, <ErrorReason.RAISE_NOT_REOPENED: 'raise_not_reopened'>)
"""

from __future__ import annotations

from collections.abc import Sequence

from audiopoker.cards import Card, ensure_distinct
from audiopoker.engine.actions import Action, ActionKind, LegalActions
from audiopoker.errors import ConfigError, ErrorReason, IllegalActionError

_BET = ActionKind.BET
_RAISE = ActionKind.RAISE


def decide(
    *,
    seat: int,
    stacks: Sequence[int],
    committed: Sequence[int],
    live: Sequence[bool],
    acted: Sequence[int],
    level: int,
    target: int,
    full_raise: int,
    pot: int,
) -> tuple[LegalActions, ErrorReason | None]:
    """The legal actions of ``seat``, and why it may not raise (None when it may).

    ``level`` is the street total to match (at least the big blind preflop); ``target``
    is what this seat must reach to call (``level``, or less when nobody else has chips
    behind); ``acted`` holds the level each seat last acted at (-1: not yet this round);
    ``full_raise`` is the last full increment of the round (the big blind at first).
    """
    stack = stacks[seat]
    paid = committed[seat]
    owed = target - paid if target > paid else 0
    block: ErrorReason | None = None
    if stack <= owed:
        block = ErrorReason.NO_CHIPS_TO_RAISE
    else:
        block = ErrorReason.NO_OPPONENT_CAN_CALL
        for other in range(len(stacks)):
            if live[other] and other != seat and stacks[other] + committed[other] > level:
                block = None
                break
        if block is None and acted[seat] >= 0 and level - acted[seat] < full_raise:
            block = ErrorReason.RAISE_NOT_REOPENED
    if block is None:
        high = paid + stack
        low = level + full_raise
        if low > high:  # too few chips for a full raise: all-in is the only size
            low = high
        kind = _BET if level == 0 else _RAISE
        return LegalActions(seat, owed == 0, owed, False, kind, low, high, stack, paid, pot), None
    to_call = owed if owed < stack else stack
    all_in_call = 0 < owed >= stack
    legal = LegalActions(seat, owed == 0, to_call, all_in_call, None, 0, 0, stack, paid, pot, block)
    return legal, block


def covering_blind(
    stacks: Sequence[int], committed: Sequence[int], live: Sequence[bool]
) -> int | None:
    """The seat (a blind) whose chips in front already cover everything any other live
    seat could put in, if it still has chips: it cannot lose more this round and cannot
    be raised, so it has nothing to decide."""
    top = second = -1
    top_seat = -1
    for seat, alive in enumerate(live):
        if alive:
            reach = committed[seat] + stacks[seat]
            if reach > top:
                top_seat, second, top = seat, top, reach
            elif reach > second:
                second = reach
    if top_seat >= 0 and stacks[top_seat] and committed[top_seat] >= second:
        return top_seat
    return None


def raise_total(legal: LegalActions, block: ErrorReason | None, action: Action) -> int:
    """Check a bet or raise against ``legal``; return its street total or raise
    :class:`IllegalActionError` with the reason and the amounts."""
    seat = legal.seat
    if legal.raise_kind is None:
        raise IllegalActionError(
            block or ErrorReason.NO_CHIPS_TO_RAISE, seat=seat, to_call=legal.to_call
        )
    if action.kind is not legal.raise_kind:
        reason = ErrorReason.CANNOT_BET if action.kind is _BET else ErrorReason.NOTHING_TO_RAISE
        raise IllegalActionError(reason, seat=seat)
    to = action.to
    if to is None:
        raise IllegalActionError(ErrorReason.MISSING_AMOUNT, seat=seat)
    low, high = legal.min_raise_to, legal.max_raise_to
    if to < low:
        raise IllegalActionError(
            ErrorReason.BELOW_MINIMUM, seat=seat, minimum=low, maximum=high, amount=to
        )
    if to > high:
        raise IllegalActionError(
            ErrorReason.ABOVE_MAXIMUM, seat=seat, minimum=low, maximum=high, amount=to
        )
    return to


def cards_needed(players: int) -> int:
    """Cards a hand may use: two per player, three burns and five board cards."""
    return 2 * players + 8


def check_setup(
    stacks: Sequence[int],
    button: int,
    small_blind_seat: int | None,
    big_blind_seat: int,
    small_blind: int,
    big_blind: int,
    deck: Sequence[Card],
) -> None:
    """Refuse a hand setup that makes no sense: :class:`ConfigError`, or
    :class:`CardError` for a repeated card."""
    count = len(stacks)
    if any(stack < 0 for stack in stacks):
        raise ConfigError(ErrorReason.BAD_SETTING, name="stacks", value=tuple(stacks))
    players = sum(1 for stack in stacks if stack > 0)
    if players < 2:
        raise ConfigError(ErrorReason.NOT_ENOUGH_PLAYERS, players=players)
    if len({card.index for card in deck}) != len(deck):  # ints hash faster than Cards
        ensure_distinct(deck)  # raises CardError naming the repeated card
    if len(deck) < cards_needed(players):
        raise ConfigError(ErrorReason.DECK_EXHAUSTED, needed=cards_needed(players), given=len(deck))
    if not 0 <= button < count:
        raise ConfigError(ErrorReason.BAD_SETTING, name="button", value=button)
    if not 0 <= big_blind_seat < count or stacks[big_blind_seat] <= 0:
        raise ConfigError(ErrorReason.BAD_SETTING, name="big_blind_seat", value=big_blind_seat)
    if small_blind_seat is not None and (
        not 0 <= small_blind_seat < count
        or stacks[small_blind_seat] <= 0
        or small_blind_seat == big_blind_seat
    ):
        raise ConfigError(ErrorReason.BAD_SETTING, name="small_blind_seat", value=small_blind_seat)
    if big_blind < 1:
        raise ConfigError(ErrorReason.BAD_SETTING, name="big_blind", value=big_blind)
    if not 0 <= small_blind <= big_blind:
        raise ConfigError(ErrorReason.BAD_SETTING, name="small_blind", value=small_blind)


def check_antes(seats: int, antes: Sequence[int], ante: int) -> None:
    """Refuse negative antes, or a per-seat list of the wrong length."""
    if antes and len(antes) != seats:
        raise ConfigError(ErrorReason.BAD_SETTING, name="antes", value=tuple(antes))
    if ante < 0 or any(amount < 0 for amount in antes):
        raise ConfigError(ErrorReason.BAD_SETTING, name="ante", value=ante)
