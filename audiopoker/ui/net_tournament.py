"""A network seat's tournament: the level key and the tournament's words at the table
(``TournamentTalk``, as in a local game), from the state the server tells in the Welcome
and before each hand; the prizes once the hand's places are known."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from audiopoker.engine.events import Event, GameEnded, HandEnded, PlayerEliminated
from audiopoker.i18n import Language
from audiopoker.output.message import Message
from audiopoker.tournament.director import Director
from audiopoker.tournament.tournament_talk import TournamentTalk, TournamentText


@dataclass(frozen=True, slots=True)
class _Places:
    places: tuple[int | None, ...]


class TournamentFollower:
    """A listener following the server's tournament for the player at ``me``."""

    def __init__(
        self,
        state: Mapping[str, Any],
        lang: Language,
        names: Sequence[str],
        me: int,
        send: Callable[[Message], object],
    ) -> None:
        self.talk = TournamentTalk(TournamentText(lang), Director.restore(state), names, me, send)
        self._places: list[int | None] = [None] * len(names)
        self._finishing = False  # the hand ended: its eliminations may follow

    def level(self, state: Mapping[str, Any]) -> None:
        """Where the tournament stands now (told before each hand)."""
        self.talk.director = Director.restore(state)

    def level_answer(self) -> list[str]:
        """The level key's answer."""
        return self.talk.level_answer()

    def rename(self, seat: int, name: str) -> None:
        """Someone else plays ``seat`` now (the prizes name the players)."""
        names = list(self.talk.names)
        names[seat] = name
        self.talk.names = tuple(names)

    def on_event(self, event: Event) -> None:
        """The tournament's words; after a hand's places are known, the prizes."""
        if self._finishing and not isinstance(event, PlayerEliminated | GameEnded):
            self._hand_finished()
        if isinstance(event, PlayerEliminated):
            self._places[event.seat] = event.place
        self.talk.on_event(event)
        if isinstance(event, HandEnded):
            self._finishing = True
        elif isinstance(event, GameEnded):
            for place, seat in enumerate(event.standings, start=1):
                if self._places[seat] is None:
                    self._places[seat] = place
            self._hand_finished()

    def _hand_finished(self) -> None:
        self._finishing = False
        self.talk.on_hand_finished(_Places(tuple(self._places)))
