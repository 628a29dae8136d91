"""The local table link: the engine table built by ``build_table``, its bots, the
conductor in a worker thread (bots think there, off the key loop), the speech pacer and the
recorder (autosave, hand histories, statistics) — the table a ``PlayerSide`` plays at when
nobody else is on the network."""

from __future__ import annotations

import dataclasses
import logging
import random
import threading
import traceback
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from audiopoker.engine.actions import Action
from audiopoker.errors import PokerError
from audiopoker.game import BotSeat, Game, Listener, Seat, SpeechPacer
from audiopoker.narration.language import Language
from audiopoker.output.message import Message
from audiopoker.persistence import GameRecorder, SavedGame, Store, new_game_id, now_text
from audiopoker.table_setup import BuiltTable, TableOptions, bot_states, build_table
from audiopoker.tournament.schedule import Tournament
from audiopoker.tournament.tournament_talk import TournamentTalk, TournamentText
from audiopoker.ui.record_keys import RecordKeys
from audiopoker.ui.record_texts import RecordText
from audiopoker.ui.reminder import DEFAULT_REMIND
from audiopoker.ui.seat import HumanSeat
from audiopoker.ui.side import LinkParts, Pace
from audiopoker.ui.ui_text import UiText

if TYPE_CHECKING:
    from audiopoker.ui.side import PlayerSide

log = logging.getLogger(__name__)

# Seconds a bot may think in live play (a decision usually needs far less).
LIVE_BOT_BUDGET = 0.08


@dataclass(frozen=True, slots=True)
class Settings:
    """A game's options (the house defaults of RULES.md)."""

    players: int = 6
    chips: int = 200
    small_blind: int = 1
    big_blind: int = 2
    ante: int = 0
    bots: str = "normal"
    name: str | None = None
    seed: int | None = None
    lang: Language = "en"
    bot_delay: float = 1.0
    remind: float = DEFAULT_REMIND  # seconds of a quiet turn before a reminder; 0: never
    hands: int | None = None
    watch: bool = False
    bot_time_budget: float | None = LIVE_BOT_BUDGET  # None: the bots' iteration caps only
    review: bool = False  # the coach's review of each hand, said when it ends (Y asks)
    # Tests only (``play --autopilot``): a bot plays the player's seat, which is otherwise
    # recorded, saved and resumed as the player's.
    autopilot: bool = False

    def table_options(self) -> TableOptions:
        """The table these settings make."""
        return TableOptions(
            seats=self.players,
            chips=self.chips,
            small_blind=self.small_blind,
            big_blind=self.big_blind,
            ante=self.ante,
            hands=self.hands,
            bots=self.bots,
            seed=self.seed,
            lang=self.lang,
            bot_time_budget=self.bot_time_budget,
        )


class LocalTable:
    """A table on this machine (see the module docstring). ``listeners`` hear every event
    after the player side (statistics in tests, anything with ``on_event``); ``store``
    records the game (None: in memory only); ``saved`` resumes that game from the start of
    its next hand; ``tournament`` plays a sit-and-go (a saved game goes on as what it was).
    """

    def __init__(
        self,
        settings: Settings,
        store: Store | None = None,
        saved: SavedGame | None = None,
        tournament: Tournament | None = None,
        listeners: Sequence[Listener] = (),
    ) -> None:
        self.settings = settings
        self.saved = saved
        self.me: int | None = None if settings.watch else 0
        self.text = RecordText(settings.lang)
        person = settings.name or UiText(settings.lang).default_name()
        people = () if self.me is None else (person,)
        self.built: BuiltTable = build_table(
            settings.table_options(), people, saved, tournament, settings.autopilot
        )
        self.table = self.built.table
        self.director = self.built.director
        self.names = self.table.names
        self.stacks = self.table.stacks
        self.hand_limit = settings.hands
        self.bot_seats = [BotSeat(bot, seat) for seat, bot in self.built.bot_seats()]
        self._listeners = list(listeners)
        self.store = store if store is not None else Store(None)
        self._own_store = store is None
        if self._own_store:
            self.store.open()
        self.stopping = threading.Event()
        self.error: BaseException | None = None
        self.human: HumanSeat | None = None
        self.tournament_talk: TournamentTalk | None = None
        self._thread: threading.Thread | None = None
        self._side: PlayerSide | None = None

    @property
    def plays_without_keys(self) -> bool:
        # A local autopilot plays the player's seat, which is still the player's: a closed
        # input quits it as Q and Y do (and its save stays), as tests of the real program
        # rely on; only a watched table plays on to its end.
        return self.settings.watch

    def coach_rng(self) -> random.Random:
        """The coach's generator, drawn from the table's seed after the table's own."""
        return random.Random(self.built.rng.getrandbits(64))

    def seat(self, side: PlayerSide) -> HumanSeat | None:
        self.stopping = side.stopping  # the side's quit stops the conductor
        if self.me is not None and not self.settings.autopilot:
            self.human = HumanSeat(self.me, side.stopping, self._refused)
        return self.human

    def attach(self, side: PlayerSide) -> LinkParts:
        self._side = side
        settings = self.settings
        self.pacer = SpeechPacer(side.router.wait_for_table, settings.bot_delay, side.stopping)
        me = None if settings.watch else self.me
        if self.director is not None:
            self.tournament_talk = TournamentTalk(
                TournamentText(settings.lang), self.director, self.names, me, side.tell
            )
        self.recorder = self._recorder(side)
        if side.coach is not None:  # each hand's reviewed decisions, for `stats`
            side.coach.keep = self.recorder.record_decisions
        seats: list[Seat] = [*([self.human] if self.human is not None else []), *self.bot_seats]
        directing: list[Listener] = [self.director] if self.director is not None else []
        self.game = Game(
            self.table,
            seats,
            [*directing, side, *self._listeners, self.recorder],
            self.pacer,
            stop_when_out=() if me is None else (me,),
        )
        self.game.stopping = side.stopping
        records = RecordKeys(
            self.recorder,
            self.text,
            me,
            lambda: side.router.verbosity,
            settings.hands,
            lambda: side.amounts.unit,
        )
        return LinkParts(
            words=[self.tournament_talk] if self.tournament_talk is not None else [],
            level=self.tournament_talk.level_answer if self.tournament_talk else None,
            records=records,
            pace=Pace(get=lambda: self.pacer.delay, set=self._set_pace),
            farewell=self._farewell,
        )

    def _set_pace(self, seconds: float) -> None:
        self.pacer.delay = seconds

    def _recorder(self, side: PlayerSide) -> GameRecorder:
        saved = self.saved
        game_id = saved.game_id if saved is not None else new_game_id()
        return GameRecorder(
            self.store,
            game_id=game_id,
            started_at=saved.started_at if saved is not None else now_text(),
            names=self.table.names,
            human=self.me,
            settings=dataclasses.asdict(self.settings),
            history=self.store.history(game_id, saved.history if saved is not None else None),
            bot_states=lambda: bot_states(self.built.bot_seats(), len(self.table.names)),
            prefs=side.prefs,
            on_problem=self._record_problem,
            on_recovered=self._record_recovered,
            extra=self._tournament_extra if self.director is not None else None,
            tournament_paid=(
                len(self.director.tournament.payouts) if self.director is not None else None
            ),
        )

    def _tournament_extra(self) -> dict[str, object]:
        assert self.director is not None
        return {"tournament": self.director.state()}

    def _farewell(self) -> list[str]:
        """Before goodbye when the player quits: that the game is saved and how to come
        back to it; nothing when it is not saved."""
        hand = self.recorder.resumes_at
        return [] if hand is None else [self.text.kept_on_quit(hand)]

    def _send(self, message: Message) -> None:
        if self._side is not None:
            self._side.router.send(message)

    def _record_problem(self, error: Exception) -> None:
        self._send(Message("error", self.text.save_failed(error, self.recorder.resumes_at)))

    def _record_recovered(self) -> None:
        line = self.text.save_works_now(self.recorder)  # None at the game's end
        if line is not None:
            self._send(Message("saved", line))

    def _refused(self, action: Action, error: PokerError) -> None:
        # The controller only sends what LegalActions allows, so this is a safety net.
        side = self._side
        if side is not None:
            side.router.send(Message("error", side.narration.error(error), interrupt=True))
            side.controller.sound.error()

    def save_prefs(self) -> None:
        self.recorder.save_prefs()

    # --- the first words ---------------------------------------------------------------
    def greet(self, side: PlayerSide) -> None:
        s = self.settings
        if self.saved is not None:
            me = self.recorder.human
            chips = self.table.stacks[me] if me is not None else 0
            resumed = self.text.resumed(chips, self.table.hand_number + 1)
            side.router.send(Message("welcome", resumed))
            kept = self.recorder.history.kept_as
            if kept is not None:
                side.router.send(Message("error", self.text.history_kept_aside(kept)))
        elif s.watch:
            help_key = side.controller.key_label("help")
            side.router.send(Message("welcome", side.text.welcome_watch(s.players, help_key)))
        else:
            help_key = side.controller.key_label("help")
            welcome = side.text.welcome(
                s.players - 1, s.chips, s.small_blind, s.big_blind, help_key
            )
            side.router.send(Message("welcome", welcome))
        if self.tournament_talk is not None:
            sentences = self.tournament_talk.level_answer()
            if self.saved is None:  # a new tournament: what it is, the level key, the places paid
                payouts = self.tournament_talk.director.tournament.payouts
                level_key = side.text.reach(side.controller.keymap, "level")  # may be typed
                sentences = self.tournament_talk.text.welcome(payouts, level_key) + sentences
            for sentence in sentences:
                side.router.send(Message("welcome", sentence))

    # --- playing -----------------------------------------------------------------------
    def start(self) -> None:
        self._thread = threading.Thread(target=self._play, name="audiopoker-game", daemon=True)
        self._thread.start()

    def _play(self) -> None:
        try:
            self.recorder.start(self.table)
            self.game.run()
        except BaseException as error:  # shown after the key loop ends; never hang it
            self.error = error
            log.error("the game stopped: %s", "".join(traceback.format_exception(error)))
        finally:
            if self._side is not None:
                self._side.exit_app()

    def leave(self) -> None:
        """The conductor sees the side's ``stopping``; the save stays as it was."""

    def wait_to_end(self) -> None:
        try:
            while self._thread is not None and self._thread.is_alive():
                self._thread.join(0.25)
        except KeyboardInterrupt:
            pass

    def finish(self) -> bool:
        if self._thread is not None:
            self._thread.join(timeout=10)
        return self.game.over

    def close(self) -> None:
        if self._own_store:
            self.store.close()
