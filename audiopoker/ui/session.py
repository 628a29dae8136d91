"""One game at the keyboard: the wiring of table, seats, narration, output and key loop.

``Session`` builds everything from ``Settings`` and runs it: the conductor plays in a
worker thread (bots think there, off the key loop), the prompt_toolkit app reads keys in
the calling thread and answers at once. ``play`` and ``watch`` differ only in whether seat
0 is the person at the keyboard.
"""

from __future__ import annotations

import dataclasses
import logging
import random
import sys
import threading
import traceback
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from prompt_toolkit.input import Input
from prompt_toolkit.output import Output as PtOutput

from audiopoker.audio.listener import SoundListener
from audiopoker.bots.base import decode_rng
from audiopoker.bots.levels import roster
from audiopoker.engine.actions import Action, LegalActions
from audiopoker.engine.events import Event
from audiopoker.engine.table import Table, TableConfig
from audiopoker.errors import PokerError
from audiopoker.game import BotSeat, Game, Listener, Seat, SpeechPacer
from audiopoker.i18n import current_words
from audiopoker.narration.language import Language
from audiopoker.output.braille import watch_panning
from audiopoker.output.message import YOUR_TURN, Message, Verbosity
from audiopoker.output.router import Router
from audiopoker.persistence import GameRecorder, SavedGame, Store, new_game_id, now_text
from audiopoker.tournament.director import Director, tournament_state
from audiopoker.tournament.schedule import Tournament
from audiopoker.tournament.talk import TournamentTalk, TournamentText
from audiopoker.ui.app import build_app
from audiopoker.ui.coach_keys import COACH_BUDGET, CoachService
from audiopoker.ui.controller import Controller
from audiopoker.ui.expiry import TurnExpiry
from audiopoker.ui.keymap import Keymap, KeymapProblem
from audiopoker.ui.record_keys import RecordKeys
from audiopoker.ui.record_texts import RecordText
from audiopoker.ui.reminder import DEFAULT_REMIND, MAX_REMIND, Reminder, reminder_text
from audiopoker.ui.seat import HumanSeat
from audiopoker.ui.sound_keys import SoundKeys
from audiopoker.ui.state import TableSnapshot, TableState
from audiopoker.ui.texts import UiText
from audiopoker.ui.words import Narration

log = logging.getLogger(__name__)


# Seconds a bot may think in live play (a decision usually needs far less).
LIVE_BOT_BUDGET = 0.08
# Seconds at most to wait, after the game ends, for its last words to be spoken.
FINAL_WORDS_WAIT = 60.0


class SoundFailureNotice:
    """A listener after the sound cues: when the sound device fails (at the start or in
    the middle of the game) the player is told once, in words; the log has the reason."""

    def __init__(self, sound: SoundListener, text: UiText, router: Router) -> None:
        self._keys = SoundKeys(sound, text)
        self._router = router

    def check(self) -> None:
        """Tell the player if sound has failed and they were not told yet."""
        news = self._keys.failure_news()
        if news is not None:
            self._router.send(Message("error", news))

    def on_event(self, event: Event) -> None:
        """Look after each event's cues."""
        self.check()


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


class Session:
    """Everything one game needs. ``run`` blocks until the game ends or the player quits.

    ``listeners`` are attached after the table model and the narration (autosave,
    statistics: anything with ``on_event``). ``sound`` (None: ``--no-sound``) hears every
    event too, answers the sound keys, plays the error cue beside spoken refusals, and is
    closed when ``run`` ends.

    ``store`` is where the game is recorded (autosave, hand histories, statistics; None:
    in memory only, for the replay and numbers keys). ``saved`` resumes that game from the
    start of its next hand: names, stacks, button, generators and bot memories come from
    it, the rest from ``settings``.

    ``tournament`` plays a sit-and-go with rising blinds instead of a cash game; a saved
    game goes on as what it was (its levels and its place in them come from it).
    """

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
    ) -> None:
        self.settings = settings
        self.saved = saved
        self.sound = sound
        self.router = router
        self.keymap = keymap
        self.keymap_problems = list(keymap_problems)
        self.text = UiText(settings.lang)
        seed = settings.seed if settings.seed is not None else random.SystemRandom().getrandbits(32)
        rng = random.Random(seed)
        bot_seats = settings.players - (0 if settings.watch or settings.autopilot else 1)
        bots = roster(settings.bots, bot_seats, settings.lang, rng, settings.bot_time_budget)
        me = None if settings.watch else 0
        human_name = settings.name or self.text.default_name()
        names = tuple(name for name, _ in bots)
        if settings.autopilot:
            names = (human_name, *names[1:])
        elif me is not None:
            names = (human_name, *names)
        config = TableConfig(
            small_blind=settings.small_blind,
            big_blind=settings.big_blind,
            ante=settings.ante,
            hand_limit=settings.hands,
        )
        self.director = _director(tournament, saved)
        if self.director is not None:  # the level being played, not always the first
            level = self.director.level
            config = dataclasses.replace(
                config, small_blind=level.small_blind, big_blind=level.big_blind, ante=level.ante
            )
        table_rng = random.Random(rng.getrandbits(64))
        if saved is not None:
            names = saved.names
            self.table = Table.restore(names, saved.table, config, decode_rng(saved.table_rng))
        else:
            self.table = Table(names, settings.chips, config, table_rng)
        self.stopping = threading.Event()
        self.human: HumanSeat | None = None
        seats: list[Seat] = []
        if me is not None and not settings.autopilot:
            self.human = HumanSeat(me, self.stopping, self._refused)
            seats.append(self.human)
        offset = len(seats)
        self.bot_seats = [BotSeat(bot, offset + index) for index, (_, bot) in enumerate(bots)]
        seats.extend(self.bot_seats)
        if saved is not None:
            self._restore_bots(saved)
        self.state = TableState(names, self.table.stacks, me)
        self.narration = Narration(
            settings.lang,
            names,
            me,
            router,
            router.verbosity,
            reveal_hole_cards=me is None,
            hand_limit=settings.hands,
        )
        self.tournament_talk = (
            TournamentTalk(TournamentText(settings.lang), self.director, names, me, self._tell)
            if self.director is not None
            else None
        )
        self.pacer = SpeechPacer(router.wait_for_table, settings.bot_delay, self.stopping)
        self.all_in_warning = True  # A asks first; a preference kept with the saved game
        self.reminder: Reminder | None = None
        if self.human is not None:
            self.reminder = Reminder(
                self.human.seat, settings.remind, self._remind, busy=router.is_busy
            )
        self.coach: CoachService | None = None  # K and Y; drawn after the table's generator
        if self.human is not None:
            self.coach = CoachService(
                self.human.seat,
                random.Random(rng.getrandbits(64)),
                settings.lang,
                send=self._tell,
                speak_review=settings.review,
                budget=None if settings.bot_time_budget is None else COACH_BUDGET,
            )
        if saved is not None:
            self._restore_prefs(saved.prefs)
        self.store = store if store is not None else Store(None)
        self._own_store = store is None
        if self._own_store:
            self.store.open()
        self.recorder = self._recorder(me)
        self.sound_notice = (
            SoundFailureNotice(sound, self.text, router) if sound is not None else None
        )
        self.game = Game(
            self.table,
            seats,
            [
                self.state,
                TurnExpiry(me, router),
                self.narration,
                *([self.reminder] if self.reminder is not None else []),
                *listeners,
                *self._tournament_listeners(),
                *([sound] if sound is not None else []),
                *([self.sound_notice] if self.sound_notice is not None else []),
                *([self.coach] if self.coach is not None else []),
                self.recorder,
            ],
            self.pacer,
            stop_when_out=() if me is None else (me,),
        )
        self.game.stopping = self.stopping
        self.controller = Controller(
            state=self.state,
            seat=self.human,
            output=router,
            words=self.narration,
            text=self.text,
            keymap=keymap,
            on_quit=self.quit,
            get_pace=lambda: self.pacer.delay,
            set_pace=self._set_pace,
            on_verbosity=self._verbosity_changed,
            sound=sound,
            all_in_warning=self.all_in_warning,
            records=RecordKeys(
                self.recorder,
                RecordText(settings.lang),
                me,
                lambda: self.router.verbosity,
                settings.hands,
            ),
            level=self.tournament_talk.level_answer if self.tournament_talk else None,
            coach=self.coach,
            farewell=self._farewell,
        )
        self.controller.questions.on_change = self.prefs_changed  # the all-in warning key
        self.app = build_app(self.controller, keymap, input, output)
        self.app.key_processor.before_key_press += self._key_pressed
        if self.reminder is not None:  # panning the braille display is activity too
            watch_panning(self.router.backend, self.reminder.key_pressed)
        self.error: BaseException | None = None
        self._thread: threading.Thread | None = None

    # --- recording and resuming ---------------------------------------------------------
    def _recorder(self, me: int | None) -> GameRecorder:
        saved = self.saved
        game_id = saved.game_id if saved is not None else new_game_id()
        return GameRecorder(
            self.store,
            game_id=game_id,
            started_at=saved.started_at if saved is not None else now_text(),
            names=self.table.names,
            human=me,
            settings=dataclasses.asdict(self.settings),
            history=self.store.history(game_id, saved.history if saved is not None else None),
            bot_states=self._bot_states,
            prefs=lambda: {
                "bot_delay": self.pacer.delay,
                "verbosity": self.router.verbosity.name.lower(),
                "remind": self._remind_seconds(),
                "all_in_warning": self.controller.questions.all_in_warning,
                "review": self.coach.speak_review if self.coach else self.settings.review,
                # The Spanish words the game speaks in (--words): a resumed game keeps them
                # (commands.play chooses them before any sentence is built).
                "words": current_words(),
            },
            on_problem=self._record_problem,
            on_recovered=self._record_recovered,
            extra=self._tournament_extra if self.director is not None else None,
            tournament_paid=(
                len(self.director.tournament.payouts) if self.director is not None else None
            ),
        )

    def _farewell(self) -> list[str]:
        """Before goodbye when the player quits: that the game is saved and how to come
        back to it; nothing when it is not saved."""
        hand = self.recorder.resumes_at
        return [] if hand is None else [RecordText(self.settings.lang).kept_on_quit(hand)]

    def _tournament_listeners(self) -> list[Listener]:
        if self.director is None or self.tournament_talk is None:
            return []
        return [self.director, self.tournament_talk]

    def _tournament_extra(self) -> dict[str, object]:
        assert self.director is not None
        return {"tournament": self.director.state()}

    def _bot_states(self) -> list[dict[str, object] | None]:
        states: list[dict[str, object] | None] = [None] * len(self.table.names)
        for seat in self.bot_seats:
            state = getattr(seat.bot, "state", None)
            states[seat.seat] = state() if callable(state) else {}
        return states

    def _restore_bots(self, saved: SavedGame) -> None:
        for seat in self.bot_seats:
            state = saved.bots[seat.seat]
            restore = getattr(seat.bot, "restore", None)
            if state is not None and callable(restore):
                restore(state)

    def _restore_prefs(self, prefs: Mapping[str, object]) -> None:
        warning = prefs.get("all_in_warning")
        if isinstance(warning, bool):
            self.all_in_warning = warning
        delay = prefs.get("bot_delay")
        if isinstance(delay, int | float) and 0 <= delay <= 10:
            self.pacer.delay = float(delay)
        remind = prefs.get("remind")
        if self.reminder is not None and isinstance(remind, int | float):
            self.reminder.seconds = float(min(max(remind, 0), MAX_REMIND))
        review = prefs.get("review")
        if self.coach is not None and isinstance(review, bool):
            self.coach.speak_review = review
        level = prefs.get("verbosity")
        if isinstance(level, str) and level.upper() in Verbosity.__members__:
            self.router.verbosity = Verbosity[level.upper()]
            self.narration.set_verbosity(self.router.verbosity)

    def _tell(self, message: Message) -> None:
        """The tournament's news, unless the game is stopping ("Goodbye" is the last word)."""
        if not self.stopping.is_set():
            self.router.send(message)

    def _record_problem(self, error: Exception) -> None:
        words = RecordText(self.settings.lang)
        self.router.send(Message("error", words.save_failed(error, self.recorder.resumes_at)))

    def _record_recovered(self) -> None:
        hand = self.recorder.resumes_at
        if hand is not None:  # at the game's end there is no save to speak of
            self.router.send(Message("saved", RecordText(self.settings.lang).save_works(hand)))

    # --- callbacks ----------------------------------------------------------------------
    def _set_pace(self, seconds: float) -> None:
        self.pacer.delay = seconds
        self.prefs_changed()

    def _verbosity_changed(self, level: Verbosity) -> None:
        self.narration.set_verbosity(level)
        self.prefs_changed()

    def prefs_changed(self) -> None:
        """Save the preferences now that one changed (a quit mid-hand keeps it): after the
        key's answer is on its way, from the key loop; at once elsewhere."""
        loop = self.app.loop if hasattr(self, "app") else None
        if loop is not None and loop.is_running():
            loop.call_soon(self.recorder.save_prefs)
        else:
            self.recorder.save_prefs()

    def _remind_seconds(self) -> float:
        return self.reminder.seconds if self.reminder is not None else self.settings.remind

    def _key_pressed(self, _processor: object) -> None:
        if self.reminder is not None:
            self.reminder.key_pressed()

    def _remind(self, legal: LegalActions) -> None:
        self.router.send(Message("reminder", reminder_text(self.text, legal), true_while=YOUR_TURN))

    def _refused(self, action: Action, error: PokerError) -> None:
        # The controller only sends what LegalActions allows, so this is a safety net.
        self.router.send(Message("error", self.narration.error(error), interrupt=True))
        self.controller.sound.error()

    def quit(self) -> None:
        """Stop the game and leave the key loop (from the key loop's thread)."""
        self.narration.silence()
        self.router.silence()  # what the table still had to say would follow "Goodbye"
        self.stopping.set()
        if self.human is not None:
            self.human.wake()
        self._exit_app()

    def stop(self) -> None:
        """Stop the game and the key loop from any thread."""
        self.stopping.set()
        if self.human is not None:
            self.human.wake()
        loop = self.app.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._exit_app)

    def _exit_app(self) -> None:
        app = self.app
        if app.is_running and not app.is_done:
            app.exit()

    # --- running ------------------------------------------------------------------------
    def greet(self) -> None:
        """The first words: keymap problems, then what game this is and how to get help."""
        for problem in self.keymap_problems:
            sentence = self.text.keymap_problem(problem)
            if not self.router.policy.echo:  # the console echo prints it otherwise
                print(sentence, file=sys.stderr)
            self.router.send(Message("error", sentence))
        if self.keymap_problems:
            self.controller.sound.error()
        help_key = self.controller.key_label("help")
        s = self.settings
        if self.saved is not None:
            me = self.recorder.human
            chips = self.table.stacks[me] if me is not None else 0
            resumed = RecordText(s.lang).resumed(chips, self.table.hand_number + 1)
            self.router.send(Message("welcome", resumed))
            kept = self.recorder.history.kept_as
            if kept is not None:
                self.router.send(Message("error", RecordText(s.lang).history_kept_aside(kept)))
        elif s.watch:
            self.router.send(Message("welcome", self.text.welcome_watch(s.players, help_key)))
        else:
            welcome = self.text.welcome(
                s.players - 1, s.chips, s.small_blind, s.big_blind, help_key
            )
            self.router.send(Message("welcome", welcome))
        if self.tournament_talk is not None:
            self._greet_tournament(self.tournament_talk)
        if self.sound_notice is not None:
            self.sound_notice.check()  # a device that failed to open

    def _greet_tournament(self, talk: TournamentTalk) -> None:
        """A new tournament: what it is, the level key, the places paid; then the level."""
        sentences = talk.level_answer()
        if self.saved is None:
            payouts = talk.director.tournament.payouts
            sentences = talk.text.welcome(payouts, self.controller.key_label("level")) + sentences
        for sentence in sentences:
            self.router.send(Message("welcome", sentence))

    def _play(self) -> None:
        try:
            self.recorder.start(self.table)
            self.game.run()
        except BaseException as error:  # shown after the key loop ends; never hang it
            self.error = error
            log.error("the game stopped: %s", "".join(traceback.format_exception(error)))
        finally:
            loop = self.app.loop
            if loop is not None and not loop.is_closed():
                loop.call_soon_threadsafe(self._exit_app)

    def _start_game(self) -> None:
        self._thread = threading.Thread(target=self._play, name="audiopoker-game", daemon=True)
        self._thread.start()

    def farewell(self) -> None:
        """The game ended by itself (or the player is out): after its last words (the
        standings), goodbye, and wait until all is spoken where the backend can tell.
        Control+C stops the waiting."""
        for sentence in closing_summary(self.state.snapshot(), self.text):
            self.router.send(Message("game_summary", sentence))
        self.router.send(Message("goodbye", self.text.goodbye()))
        try:
            self.router.wait_until_quiet(timeout=FINAL_WORDS_WAIT)
        except KeyboardInterrupt:
            self.router.silence()

    def _watch_to_end(self) -> None:
        """Wait for the watched game to end by itself (Control+C stops it)."""
        try:
            while self._thread is not None and self._thread.is_alive():
                self._thread.join(0.25)
        except KeyboardInterrupt:
            pass

    def run(self) -> int:
        """Greet, play until the end or quit; 0 on a normal end, 1 if the game failed.

        A closed input (the keyboard's stream ended: stdin at its end) quits as Q and Y
        do: the game stops, what was saved stays saved, goodbye is said, and 0 returned.
        A watched table plays on to its end instead: keys then simply never come.
        """
        self.greet()
        try:
            self.app.run(pre_run=self._start_game, handle_sigint=False)
        except KeyboardInterrupt:
            pass
        except EOFError:  # prompt_toolkit's answer to a closed input
            if self.settings.watch:  # keys simply never come: the table plays on to its end
                log.info("the input was closed: watching to the end")
                self._watch_to_end()
            else:
                log.info("the input was closed: quitting")
                self.controller.quit_now()
        finally:
            self.stopping.set()
            if self.reminder is not None:
                self.reminder.stop()
            if self.human is not None:
                self.human.wake()
            if self._thread is not None:
                self._thread.join(timeout=10)
            if self.error is None and self.game.over and not self.controller.quitting:
                self.farewell()
            if self.sound is not None:
                self.sound.close()
            if self._own_store:
                self.store.close()
        if self.error is not None:
            sentence = self.text.game_stopped(repr(self.error))
            self.router.send(Message("error", sentence, interrupt=True))
            if not self.router.policy.echo:  # the console echo prints it otherwise
                print(sentence, file=sys.stderr)
            return 1
        return 0


def _director(tournament: Tournament | None, saved: SavedGame | None) -> Director | None:
    """The tournament's director: a saved game's, going on where it was (a cash game's
    save, or one from before tournaments, has none), else a new one for ``tournament``."""
    if saved is not None:
        state = tournament_state(saved.extra)
        return None if state is None else Director.restore(state)
    return None if tournament is None else Director(tournament)


def closing_summary(snap: TableSnapshot, text: UiText) -> list[str]:
    """When the player is out: their place (tied with whom), who is still playing with
    their chips when the game goes on without them (when it ended, its last words named
    the winner and the standings), and how to play again. Nothing otherwise."""
    me = snap.my_seat
    if me is None or not me.out or me.place is None:
        return []
    tied = [
        seat.name
        for index, seat in enumerate(snap.seats)
        if index != snap.me and seat.out and seat.place == me.place
    ]
    sentences = [text.closing_place(me.place, len(snap.seats), tied)]
    left = [(seat.name, seat.stack) for seat in snap.seats if not seat.out and seat.stack > 0]
    if snap.game_over is None and left:
        left.sort(key=lambda item: -item[1])
        sentences.append(text.closing_left(left))
    sentences.append(text.play_again())
    return sentences
