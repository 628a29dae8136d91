"""One game at the keyboard: a ``PlayerSide`` playing at a ``LocalTable``.

``play`` and ``watch`` differ only in whether seat 0 is the person at the keyboard.
"""

from __future__ import annotations

from collections.abc import Sequence

from prompt_toolkit.input import Input
from prompt_toolkit.output import Output as PtOutput

from audiopoker.audio.listener import SoundListener
from audiopoker.game import Listener
from audiopoker.narration.amounts import Unit
from audiopoker.output.router import Router
from audiopoker.persistence import SavedGame, Store
from audiopoker.tournament.schedule import Tournament
from audiopoker.ui.coach_keys import COACH_BUDGET
from audiopoker.ui.keymap import Keymap, KeymapProblem
from audiopoker.ui.local_link import LIVE_BOT_BUDGET, LocalTable, Settings
from audiopoker.ui.side import FINAL_WORDS_WAIT, PlayerSide, SoundFailureNotice, closing_summary

__all__ = [
    "FINAL_WORDS_WAIT",
    "LIVE_BOT_BUDGET",
    "Session",
    "Settings",
    "SoundFailureNotice",
    "closing_summary",
]


class Session(PlayerSide):
    """Everything one local game needs. ``run`` blocks until the game ends or the player
    quits. The table's parts (``game``, ``table``, ``pacer``, ``recorder``, ``director``)
    are the link's; see ``LocalTable`` for ``listeners``, ``store``, ``saved`` and
    ``tournament``."""

    def __init__(
        self,
        settings: Settings,
        router: Router,
        keymap: Keymap,
        keymap_problems: Sequence[KeymapProblem] = (),
        input: Input | None = None,
        output: PtOutput | None = None,
        listeners: Sequence[Listener] = (),
        sound: SoundListener | None = None,
        store: Store | None = None,
        saved: SavedGame | None = None,
        tournament: Tournament | None = None,
        unit: Unit = Unit.CHIPS,
    ) -> None:
        self.settings = settings
        self.saved = saved
        self.local = LocalTable(settings, store, saved, tournament, listeners)
        super().__init__(
            self.local,
            router,
            keymap,
            settings.lang,
            keymap_problems=keymap_problems,
            sound=sound,
            remind=settings.remind,
            review=settings.review,
            coach_rng=self.local.coach_rng(),
            coach_budget=None if settings.bot_time_budget is None else COACH_BUDGET,
            input=input,
            output=output,
            unit=unit,
        )
        if saved is not None:
            self.restore_prefs(saved.prefs)
        self.table = self.local.table
        self.game = self.local.game
        self.pacer = self.local.pacer
        self.recorder = self.local.recorder
        self.director = self.local.director
        self.bot_seats = self.local.bot_seats
        self.tournament_talk = self.local.tournament_talk
        self.store = self.local.store

    @property
    def error(self) -> BaseException | None:
        """Why the game stopped, when it failed."""
        return self.local.error
