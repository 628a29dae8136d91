"""What the large view shows, as plain values: built on the game's side from the table
model (``TableSnapshot``), the armed pre-action and each seat's last action, and sent to
the view's window as one JSON line (cards as "As"), so the window needs no engine.

Names are other people's text: cleaned again here (``clean_name``) so no control
character reaches a terminal, whatever the path they came by.
"""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from audiopoker.engine.actions import ActionKind, LegalActions
from audiopoker.engine.events import ActionTaken
from audiopoker.narration.positions import Position, seat_positions
from audiopoker.net.clean import clean_name
from audiopoker.ui.pre_actions import Armed
from audiopoker.ui.state import TableSnapshot

# The positions the view names (the others are a count from the button, which a glance
# at the seats' order already gives).
NAMED_POSITIONS = frozenset(
    {Position.BUTTON, Position.BUTTON_SMALL_BLIND, Position.SMALL_BLIND, Position.BIG_BLIND}
)


class Last(msgspec.Struct, frozen=True):
    """A seat's last action this street: its kind ("fold", "call", ...) and figure (the
    chips called or bet, the total raised to)."""

    kind: str
    amount: int = 0


class ViewSeat(msgspec.Struct, frozen=True):
    """One seat as the view draws it."""

    name: str
    chips: int
    position: str | None = None  # a NAMED_POSITIONS value
    last: Last | None = None
    in_hand: bool = False
    folded: bool = False
    all_in: bool = False
    out: bool = False
    shown: tuple[str, ...] = ()


class Choices(msgspec.Struct, frozen=True):
    """What the player may do on their turn (the engine's figures)."""

    can_check: bool
    to_call: int
    call_all_in: bool
    raise_kind: str | None  # "bet", "raise" or None
    min_to: int
    max_to: int


class ArmedView(msgspec.Struct, frozen=True):
    """The armed pre-action: "check_fold", "call" (at ``price``; 0: check) or "call_any"."""

    kind: str
    price: int = 0
    all_in: bool = False


class ViewTable(msgspec.Struct, frozen=True):
    """The whole table for one redraw."""

    lang: str
    seats: tuple[ViewSeat, ...]
    me: int | None = None
    hand: int = 0
    running: bool = False
    over: bool = False
    street: int = 0  # Street value: 0 preflop .. 3 river
    board: tuple[str, ...] = ()
    pot: int = 0
    side_pots: tuple[int, ...] = ()  # main pot first, when someone is all in
    actor: int | None = None
    my_cards: tuple[str, ...] = ()
    choices: Choices | None = None
    armed: ArmedView | None = None
    big_blind: int = 0  # amounts shown in big blinds of this size (--amounts bb); 0: chips


def last_of(event: ActionTaken) -> Last:
    """A seat's last action, from the event."""
    if event.kind is ActionKind.RAISE:
        return Last(event.kind.value, event.to)
    return Last(event.kind.value, event.amount)


def choices_of(legal: LegalActions) -> Choices:
    """The player's choices on their turn."""
    kind = legal.raise_kind.value if legal.raise_kind is not None else None
    return Choices(
        legal.can_check, legal.to_call, legal.call_is_all_in, kind,
        legal.min_raise_to, legal.max_raise_to,
    )  # fmt: skip


def side_pots(snapshot: TableSnapshot) -> tuple[int, ...]:
    """The main pot and the side pots once a seat still in the hand is all in for less
    than others put in; () otherwise. Chips above the last all-in level form the pot
    the others still bet into."""
    live = [s for s in snapshot.seats if s.in_hand and not s.folded]
    levels = sorted({s.contributed for s in live if s.all_in})
    if not levels or len({s.contributed for s in live}) == 1:
        return ()
    pots: list[int] = []
    previous = 0
    for level in levels:
        pots.append(sum(max(0, min(s.contributed, level) - previous) for s in snapshot.seats))
        previous = level
    rest = sum(max(0, s.contributed - previous) for s in snapshot.seats)
    if rest:
        pots.append(rest)
    return tuple(pot for pot in pots if pot) if len(pots) > 1 else ()


def view_of(
    snapshot: TableSnapshot,
    lang: str,
    armed: Armed | None = None,
    last: Mapping[int, ActionTaken] | None = None,
    big_blind: int = 0,
) -> ViewTable:
    """The view of ``snapshot`` in ``lang``: ``armed`` the player's pre-action, ``last``
    each seat's last action this street, ``big_blind`` the size amounts are shown in (0:
    in chips)."""
    positions = seat_positions(snapshot.hand_start) if snapshot.hand_start is not None else {}
    last = last or {}
    seats = tuple(
        ViewSeat(
            name=clean_name(seat.name) or "?",
            chips=seat.stack,
            position=(
                positions[index].value
                if index in positions and positions[index] in NAMED_POSITIONS
                else None
            ),
            last=last_of(last[index]) if index in last else None,
            in_hand=seat.in_hand and snapshot.hand_running,
            folded=seat.folded,
            all_in=seat.all_in,
            out=seat.out,
            shown=tuple(str(card) for card in seat.shown),
        )
        for index, seat in enumerate(snapshot.seats)
    )
    mine = snapshot.me is not None and snapshot.actor == snapshot.me
    legal = snapshot.actor_legal if mine else None
    return ViewTable(
        lang=lang,
        seats=seats,
        me=snapshot.me,
        hand=snapshot.hand_number,
        running=snapshot.hand_running,
        over=snapshot.game_over is not None,
        street=int(snapshot.street),
        board=tuple(str(card) for card in snapshot.board),
        pot=snapshot.pot,
        side_pots=side_pots(snapshot),
        actor=snapshot.actor,
        my_cards=tuple(str(card) for card in snapshot.my_cards),
        choices=choices_of(legal) if legal is not None else None,
        armed=(
            ArmedView(armed.kind.value, armed.price, armed.all_in) if armed is not None else None
        ),
        big_blind=big_blind,
    )


_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder(ViewTable)


def encode(view: ViewTable) -> bytes:
    """One JSON line (ends in a newline)."""
    return _encoder.encode(view) + b"\n"


def decode(line: bytes) -> ViewTable:
    """A view from one JSON line; names cleaned again (the line crossed a process
    boundary). Raises ``msgspec.ValidationError``/``DecodeError`` on a bad line."""
    view = _decoder.decode(line)
    seats = tuple(
        msgspec.structs.replace(seat, name=clean_name(seat.name) or "?") for seat in view.seats
    )
    return msgspec.structs.replace(view, seats=seats)
