"""Events of the network table, told to every seat in the table's event stream (so they
are said in order with the hand): who sat down, who left, whose connection dropped and
came back, who is leaving. They travel like engine events (``audiopoker.net.wire``)."""

from __future__ import annotations

from dataclasses import dataclass

from audiopoker.engine.events import Event
from audiopoker.net.wire import register_event


@register_event
@dataclass(frozen=True, slots=True)
class SeatTaken(Event):
    """Between hands a person sat down in ``seat``, taking over from ``previous`` (a bot)
    with its ``stack``."""

    seat: int
    name: str
    previous: str
    stack: int


@register_event
@dataclass(frozen=True, slots=True)
class SeatLeft(Event):
    """Between hands the person in ``seat`` left; the bot ``bot`` plays the seat now."""

    seat: int
    name: str
    bot: str


@register_event
@dataclass(frozen=True, slots=True)
class PlayerLeaving(Event):
    """``seat``'s player said goodbye (Q Q): until the hand ends the seat checks or folds,
    then the bot ``bot`` plays it (``SeatLeft`` says so). Not a lost connection."""

    seat: int
    name: str
    bot: str


@register_event
@dataclass(frozen=True, slots=True)
class PlayerAway(Event):
    """``seat``'s connection dropped: the seat keeps its chips and its clock runs."""

    seat: int


@register_event
@dataclass(frozen=True, slots=True)
class PlayerBack(Event):
    """``seat`` came back to the table with its token."""

    seat: int


@register_event
@dataclass(frozen=True, slots=True)
class NotWaited(Event):
    """The table stopped waiting for ``seat``'s speech (it waited its bound in this hand):
    until that player's speech catches up, bots go on without it. Told to the host only."""

    seat: int


@register_event
@dataclass(frozen=True, slots=True)
class GuessingLocked(Event):
    """``failures`` wrong invite codes came from ``address``: it is refused for ``minutes``.
    Told to the host only."""

    address: str
    failures: int
    minutes: int
