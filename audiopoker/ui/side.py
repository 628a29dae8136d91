"""One player's side of a table, whatever the table is: the seat, the table model, the
narration, the reminder, the sound cues and their failure notice, the coach, the
controller and the key loop, all fed by one ``on_event`` and driven through a table link.

A link is the table the side plays at: a local table (``ui/local_link.py``: the engine
table, its bots, the conductor, the pacer and the recorder) or one across the network
(``ui/remote_link.py``: the connection, its frames, Heard and the catch-up). A local player
and a network player hear the same sentences because they are this same code; only the
link differs.
"""

from __future__ import annotations

import contextlib
import logging
import random
import sys
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from prompt_toolkit.input import Input
from prompt_toolkit.output import Output as PtOutput

from audiopoker.audio.listener import SoundListener
from audiopoker.engine.actions import LegalActions
from audiopoker.engine.events import Event
from audiopoker.game import HandFinishedListener, Listener, deliver
from audiopoker.i18n import current_words
from audiopoker.narration.amounts import PREF_KEY, Amounts, Unit, kept_unit
from audiopoker.narration.language import Language
from audiopoker.output.braille import watch_panning
from audiopoker.output.message import QUIET_TURN, Message, Verbosity
from audiopoker.output.router import Router
from audiopoker.ui.app import build_app
from audiopoker.ui.chat_keys import ChatLine
from audiopoker.ui.coach_keys import COACH_BUDGET, CoachService
from audiopoker.ui.controller import Controller
from audiopoker.ui.expiry import TurnExpiry
from audiopoker.ui.keymap import Keymap, KeymapProblem
from audiopoker.ui.narration_listener import Narration
from audiopoker.ui.pre_actions import PreActions
from audiopoker.ui.record_keys import RecordKeys
from audiopoker.ui.reminder import DEFAULT_REMIND, MAX_REMIND, Reminder, reminder_text
from audiopoker.ui.seat import HumanSeat
from audiopoker.ui.sound_keys import SoundKeys
from audiopoker.ui.state import TableSnapshot, TableState
from audiopoker.ui.ui_text import UiText

if TYPE_CHECKING:
    from audiopoker.engine.table import Table

log = logging.getLogger(__name__)

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


class _Learner:
    """The narration as a listener that learns without speaking (``PlayerSide.learn``)."""

    def __init__(self, narration: Narration) -> None:
        self._narration = narration

    def on_event(self, event: Event) -> None:
        self._narration.learn(event)


@dataclass(frozen=True, slots=True)
class Pace:
    """The table's pace (the bots' delay), where the player may change it (a local table)."""

    get: Callable[[], float]
    set: Callable[[float], None]


@dataclass(slots=True)
class LinkParts:
    """What a link adds to the side once it is attached: its words (listeners heard after
    the narration), the keys only it can answer, and what is said on quitting."""

    words: list[Listener] = field(default_factory=list)
    level: Callable[[], Sequence[str]] | None = None  # a tournament's level key
    records: RecordKeys | None = None  # the last hand and this game's numbers
    chat: ChatLine | None = None  # a network table's chat line
    pace: Pace | None = None
    farewell: Callable[[], list[str]] = list  # on quitting: that the game is kept


class TableLink(Protocol):
    """The table a player side plays at (see the module docstring)."""

    @property
    def names(self) -> tuple[str, ...]:
        """The seats' names as the player side starts."""

    @property
    def stacks(self) -> tuple[int, ...]:
        """The seats' chips as the player side starts."""

    @property
    def me(self) -> int | None:
        """The player's seat; None: watching."""

    @property
    def hand_limit(self) -> int | None:
        """The hands the game lasts (None: until one player has all the chips)."""

    @property
    def error(self) -> BaseException | None:
        """Why the table stopped, when it failed."""

    def seat(self, side: PlayerSide) -> HumanSeat | None:
        """The player's seat (None: nobody at the keyboard plays: watching, an autopilot)."""

    def attach(self, side: PlayerSide) -> LinkParts:
        """Build what the link needs of the side (its recorder, its words); the side then
        builds its controller and key loop from the parts."""

    def greet(self, side: PlayerSide) -> None:
        """The link's first words (what game this is), after the keymap's problems."""

    def start(self) -> None:
        """Start playing (called from the key loop once it runs)."""

    def leave(self) -> None:
        """The player quits (Q Q): a local table stops, a network seat is given up."""

    def finish(self) -> bool:
        """After the key loop: stop and let go of the table; True when the game ended by
        itself (the farewell is said), False when the player left or it failed."""

    def wait_to_end(self) -> None:
        """Keys will never come (the input closed) but the table plays on without them
        (watching, an autopilot): wait for its end."""

    @property
    def plays_without_keys(self) -> bool:
        """True when the table goes on with nobody at the keys (watching, an autopilot)."""

    def save_prefs(self) -> None:
        """Keep the player's preferences now (they changed)."""

    def close(self) -> None:
        """Release what the link holds (its store), after the last words."""


class PlayerSide:
    """One player at one table. ``run`` blocks until the game ends or the player leaves.

    ``remind``: seconds of a quiet turn before the reminder (0: never). ``review``: the
    coach's review said at each hand's end. ``coach_rng``/``coach_budget``: the coach's
    generator (drawn from the table's seed, so a seeded game's advice repeats) and its
    seconds per advice (None: its iteration caps only). ``sound`` (None: ``--no-sound``)
    hears every event, answers the sound keys and is closed when ``run`` ends.
    """

    def __init__(
        self,
        link: TableLink,
        router: Router,
        keymap: Keymap,
        lang: Language,
        *,
        keymap_problems: Sequence[KeymapProblem] = (),
        sound: SoundListener | None = None,
        remind: float = DEFAULT_REMIND,
        review: bool = False,
        coach_rng: random.Random | None = None,
        coach_budget: float | None = COACH_BUDGET,
        input: Input | None = None,
        output: PtOutput | None = None,
        unit: Unit = Unit.CHIPS,
    ) -> None:
        self.link = link
        self.router = router
        self.keymap = keymap
        self.keymap_problems = list(keymap_problems)
        self.lang: Language = lang
        self.sound = sound
        # Amounts in chips or big blinds: one for every word this player gets (the
        # narration sets its big blind; the answers, prompts and coach read it).
        self.amounts = Amounts(unit)
        self.text = UiText(lang, self.amounts)
        self.stopping = threading.Event()
        me = link.me
        self.state = TableState(link.names, link.stacks, me)
        self.narration = Narration(
            lang,
            link.names,
            me,
            router,
            router.verbosity,
            reveal_hole_cards=me is None,
            hand_limit=link.hand_limit,
            amounts=self.amounts,
        )
        self.human = link.seat(self)
        self.reminder: Reminder | None = None
        self.coach: CoachService | None = None  # K and Y
        if self.human is not None:
            self.reminder = Reminder(self.human.seat, remind, self._remind, busy=router.is_busy)
            self.coach = CoachService(
                self.human.seat,
                coach_rng if coach_rng is not None else random.Random(),
                lang,
                send=self.tell,
                speak_review=review,
                budget=coach_budget,
            )
            self.coach.amounts = self.amounts
        self.review = review
        self.remind = remind
        self.all_in_warning = True  # A asks first; a preference
        self.view_prefs: dict[str, str] = {}  # the large view's (view/options.py); kept
        self.sound_notice = (
            SoundFailureNotice(sound, self.text, router) if sound is not None else None
        )
        parts = link.attach(self)
        self.parts = parts
        self.pre_actions: PreActions | None = None  # C and F off the turn
        if self.human is not None:
            self.pre_actions = PreActions(
                self.human.seat,
                self.state,
                self.text,
                lambda action: self.controller.submit(action),
                lambda line: self.tell(Message("pre_action", line)),
            )
            self.narration.claims = self.pre_actions.claim
        self.listeners: list[Listener] = [
            self.state,
            TurnExpiry(me, router),
            self.narration,
            *([self.pre_actions] if self.pre_actions is not None else []),
            *([self.reminder] if self.reminder is not None else []),
            *parts.words,
            *([sound] if sound is not None else []),
            *([self.sound_notice] if self.sound_notice is not None else []),
            *([self.coach] if self.coach is not None else []),
        ]
        self._learners: list[Listener] = [
            self.state,
            _Learner(self.narration),
            *([self.reminder] if self.reminder is not None else []),
            *([self.coach] if self.coach is not None else []),
        ]
        pace = parts.pace
        self.controller = Controller(
            state=self.state,
            seat=self.human,
            output=router,
            words=self.narration,
            text=self.text,
            keymap=keymap,
            on_quit=self.quit,
            get_pace=pace.get if pace is not None else None,
            set_pace=self._set_pace if pace is not None else None,
            on_verbosity=self._verbosity_changed,
            sound=sound,
            all_in_warning=self.all_in_warning,
            records=parts.records,
            level=parts.level,
            coach=self.coach,
            chat=parts.chat,
            farewell=parts.farewell,
            pre_actions=self.pre_actions,
        )
        self.controller.questions.on_change = self.prefs_changed  # the all-in warning key
        self.app = build_app(self.controller, keymap, input, output)
        self.app.key_processor.before_key_press += self._key_pressed
        if self.reminder is not None:  # panning the braille display is activity too
            watch_panning(router.backend, self.reminder.key_pressed)

    # --- events -----------------------------------------------------------------------
    def on_event(self, event: Event) -> None:
        """Every event of the table, to every part of the side in order; one part's fault
        is logged and does not silence the others."""
        deliver(self.listeners, event)

    def learn(self, event: Event) -> None:
        """An event of a catch-up (a network seat coming back mid-hand): the parts that
        keep the table follow it without a word (the model, the narration's hand, the
        reminder, the coach), so what is said next is said as at a table heard from the
        start; a part's fault is logged, as in ``on_event``."""
        deliver(self._learners, event)

    def on_hand_finished(self, table: Table) -> None:
        """A local hand is settled (the conductor, after its last events): the parts that
        speak of the settled table (a tournament's places), then the coach's review."""
        for part in self.parts.words:
            if isinstance(part, HandFinishedListener):
                part.on_hand_finished(table)
        self.hand_finished()

    def hand_finished(self) -> None:
        """The hand's last event was heard: the coach keeps its review (and says it when
        the player asked for reviews). A remote link calls this after each HandEnded."""
        if self.coach is not None:
            self.coach.finish_hand()

    def tell(self, message: Message) -> None:
        """News beside the events (the tournament's, the coach's review), unless the game
        is stopping ("Goodbye" is the last word)."""
        if not self.stopping.is_set():
            self.router.send(message)

    def _remind(self, legal: LegalActions) -> None:
        self.router.send(
            Message("reminder", reminder_text(self.text, legal), true_while=QUIET_TURN)
        )

    def _key_pressed(self, _processor: object) -> None:
        if self.reminder is not None:
            self.router.expire(QUIET_TURN)  # before the key's answer: the player is here
            self.reminder.key_pressed()

    # --- preferences ----------------------------------------------------------------------
    def prefs(self) -> dict[str, object]:
        """The player's preferences, as they are kept (with a saved game)."""
        prefs: dict[str, object] = {
            "verbosity": self.router.verbosity.name.lower(),
            "remind": self.reminder.seconds if self.reminder is not None else self.remind,
            "all_in_warning": self.controller.questions.all_in_warning,
            "review": self.coach.speak_review if self.coach is not None else self.review,
            # The Spanish words the game speaks in (--words): chosen before any sentence
            # is built (commands.play), kept so a resumed game keeps them.
            "words": current_words(),
            PREF_KEY: self.amounts.unit.value,
        }
        prefs.update(self.view_prefs)
        if self.parts.pace is not None:
            prefs["bot_delay"] = self.parts.pace.get()
        if self.sound is not None:  # --no-sound keeps what was set before
            prefs["volume"] = round(self.sound.volume, 2)
            prefs["sound_muted"] = self.sound.muted
        return prefs

    def restore_prefs(self, prefs: Mapping[str, Any]) -> None:
        """Take back kept preferences (a value out of range or of the wrong kind is left)."""
        warning = prefs.get("all_in_warning")
        if isinstance(warning, bool):
            self.controller.questions.all_in_warning = warning
        delay = prefs.get("bot_delay")
        if self.parts.pace is not None and isinstance(delay, int | float) and 0 <= delay <= 10:
            self.parts.pace.set(float(delay))
        remind = prefs.get("remind")
        if self.reminder is not None and isinstance(remind, int | float):
            self.reminder.seconds = float(min(max(remind, 0), MAX_REMIND))
        review = prefs.get("review")
        if self.coach is not None and isinstance(review, bool):
            self.coach.speak_review = review
        volume, muted = prefs.get("volume"), prefs.get("sound_muted")
        if self.sound is not None and isinstance(volume, int | float) and 0 <= volume <= 1:
            self.sound.set_volume(float(volume))
        if self.sound is not None and isinstance(muted, bool) and muted != self.sound.muted:
            self.sound.toggle_mute()
        unit = kept_unit(prefs)
        if unit is not None:
            self.amounts.unit = unit
        for key in ("view", "view_theme", "view_in"):  # checked where used (view_options)
            value = prefs.get(key)
            if isinstance(value, str) and len(value) <= 20:
                self.view_prefs[key] = value
        level = prefs.get("verbosity")
        if isinstance(level, str) and level.upper() in Verbosity.__members__:
            self.router.verbosity = Verbosity[level.upper()]
            self.narration.set_verbosity(self.router.verbosity)

    def _set_pace(self, seconds: float) -> None:
        assert self.parts.pace is not None
        self.parts.pace.set(seconds)
        self.prefs_changed()

    def _verbosity_changed(self, level: Verbosity) -> None:
        self.narration.set_verbosity(level)
        self.prefs_changed()

    def prefs_changed(self) -> None:
        """Keep the preferences now that one changed (a quit mid-hand keeps it): after the
        key's answer is on its way, from the key loop; at once elsewhere."""
        loop = self.app.loop if hasattr(self, "app") else None
        if loop is not None and loop.is_running():
            loop.call_soon(self.link.save_prefs)
        else:
            self.link.save_prefs()

    # --- leaving ----------------------------------------------------------------------
    def quit(self) -> None:
        """Q, Q: stop and leave the key loop (from the key loop's thread)."""
        self.narration.silence()
        self.router.silence()  # what the table still had to say would follow "Goodbye"
        self.stopping.set()
        if self.human is not None:
            self.human.wake()
        self.link.leave()
        self.exit_app()

    def stop(self) -> None:
        """Stop the game and the key loop from any thread."""
        self.stopping.set()
        if self.human is not None:
            self.human.wake()
        self.exit_app()

    def exit_app(self) -> None:
        """Leave the key loop, from any thread."""
        loop = self.app.loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._exit_app)

    def _exit_app(self) -> None:
        if self.app.is_running and not self.app.is_done:
            self.app.exit()

    # --- running ------------------------------------------------------------------------
    def greet(self) -> None:
        """The first words: the keymap's problems, then the link's (what game this is),
        then a sound device that failed to open."""
        for problem in self.keymap_problems:
            sentence = self.text.keymap_problem(problem)
            if not self.router.policy.echo:  # the console echo prints it otherwise
                print(sentence, file=sys.stderr)
            self.router.send(Message("error", sentence))
        if self.keymap_problems:
            self.controller.sound.error()
        self.link.greet(self)
        if self.sound_notice is not None:
            self.sound_notice.check()

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

    def run(self) -> int:
        """Greet, play until the end or the player leaves; 0 on a normal end, 1 if the
        table failed.

        A closed input (the keyboard's stream ended: stdin at its end) quits as Q and Y
        do, unless the table plays on without keys (watching, an autopilot): then it is
        waited for to its end.
        """
        self.greet()
        try:
            self.app.run(pre_run=self.link.start, handle_sigint=False)
        except KeyboardInterrupt:
            pass
        except EOFError:  # prompt_toolkit's answer to a closed input
            if self.link.plays_without_keys:
                log.info("the input was closed: the table plays on to its end")
                self.link.wait_to_end()
            else:
                log.info("the input was closed: quitting")
                self.controller.quit_now()
        finally:
            self.stopping.set()
            if self.reminder is not None:
                self.reminder.stop()
            if self.human is not None:
                self.human.wake()
            ended = self.link.finish()
            if ended and self.link.error is None and not self.controller.quitting:
                self.farewell()
            if self.sound is not None:
                self.sound.close()
            self.link.close()
        error = self.link.error
        if error is not None:
            sentence = self.text.game_stopped(repr(error))
            self.router.send(Message("error", sentence, interrupt=True))
            if not self.router.policy.echo:  # the console echo prints it otherwise
                print(sentence, file=sys.stderr)
            return 1
        return 0


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
