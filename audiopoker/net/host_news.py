"""What a host serving without a seat (``host --no-seat``) hears: who sits down, who leaves
(and who plays the seat then), whose connection drops and comes back, and the end of the
game."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from audiopoker.engine.events import Event, GameEnded
from audiopoker.i18n import Language
from audiopoker.narration.words import amount
from audiopoker.net.net_text import NetText
from audiopoker.net.seat_events import (
    GuessingLocked,
    NotWaited,
    PlayerAway,
    PlayerBack,
    PlayerLeaving,
    SeatLeft,
    SeatTaken,
)
from audiopoker.output.message import Message


class HostNews:
    """A listener of the table (and of the server's connection news)."""

    def __init__(
        self,
        lang: Language,
        names: Callable[[], Sequence[str]],
        send: Callable[[Message], object],
    ) -> None:
        self.text = NetText(lang)
        self._names = names
        self._send = send

    def on_event(self, event: Event) -> None:
        """Say the seats' news; other events are the players' to hear."""
        say = self.text.say
        if isinstance(event, SeatTaken):
            words = say(
                "seat.taken", name=event.name, previous=event.previous, chips=amount(event.stack)
            )
        elif isinstance(event, SeatLeft):
            words = say("seat.left", name=event.name, bot=event.bot)
        elif isinstance(event, PlayerLeaving):
            words = say("player.leaving", name=event.name, bot=event.bot)
        elif isinstance(event, PlayerAway):
            words = say("player.away", name=self._names()[event.seat])
        elif isinstance(event, PlayerBack):
            words = say("player.back", name=self._names()[event.seat])
        elif isinstance(event, GuessingLocked):
            words = say(
                "host.locked", count=event.failures, address=event.address, minutes=event.minutes
            )
        elif isinstance(event, NotWaited):
            words = say("host.not_waited", name=self._names()[event.seat])
        elif isinstance(event, GameEnded):
            words = say("host.ended")
        else:
            return
        self._send(Message("table_news", words))
