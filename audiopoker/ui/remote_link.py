"""The remote table link: a seat at a network table, fed by the server's frames instead of
a local conductor — the table a ``PlayerSide`` plays at after ``audiopoker join``.

Frames arrive on the connection's thread and are handled in order on the link's own
thread (narration and the coach may take a moment; the network never waits for them).
The player's actions go to the server through ``NetHumanSeat``; the server checks them and
its events say what happened. Every query key answers from the local table model at once.
After each event the link tells the server when the player's speech has said everything
(``Heard``), so bots never outrun the voice of anyone at the table.

Coming back mid-hand, the hand so far (the catch-up) is learnt without a word by the side
(``PlayerSide.learn``), then where things stand is said: from then on the player hears
what a player who never left hears. The host's own seat (``close_table``) closes the table
when it leaves, instead of giving the seat up: the others hear that the host closed it.
"""

from __future__ import annotations

import logging
import queue
import random
import threading
from collections.abc import Callable, Sequence

from prompt_toolkit.input import Input
from prompt_toolkit.output import Output as PtOutput

from audiopoker.audio.listener import SoundListener
from audiopoker.bots.base import Bot
from audiopoker.engine.actions import Action
from audiopoker.engine.events import (
    ActionRequired,
    Event,
    GameEnded,
    HandEnded,
    HandStarted,
    PlayerEliminated,
)
from audiopoker.engine.view import build_view
from audiopoker.game import deliver
from audiopoker.i18n import Language
from audiopoker.net.client import Connection
from audiopoker.net.protocol import (
    Act,
    Bye,
    Chat,
    ChatFrame,
    ClockFrame,
    EventFrame,
    Heard,
    Level,
    RefusalCode,
    Refused,
    ServerFrame,
    Waiting,
    Welcome,
)
from audiopoker.net.wire import WireError, decode_event
from audiopoker.output.message import YOUR_TURN, Message
from audiopoker.output.router import Router
from audiopoker.persistence import Store
from audiopoker.ui.chat_keys import ChatLine
from audiopoker.ui.coach_keys import COACH_BUDGET
from audiopoker.ui.keymap import Keymap, KeymapProblem
from audiopoker.ui.net_record import NetGameRecord
from audiopoker.ui.net_talk import NetTalk
from audiopoker.ui.net_tournament import TournamentFollower
from audiopoker.ui.player_prefs import KeptPrefs, PrefsFile
from audiopoker.ui.questions import Quits
from audiopoker.ui.reminder import DEFAULT_REMIND
from audiopoker.ui.seat import HumanSeat
from audiopoker.ui.side import LinkParts, PlayerSide

log = logging.getLogger(__name__)

HEARD_TIMEOUT = 60.0


class NetHumanSeat(HumanSeat):
    """The player's seat: a chosen action goes to the server with the turn it answers."""

    def __init__(self, seat: int, stopping: threading.Event, send: Callable[[Act], None]) -> None:
        super().__init__(seat, stopping)
        self._send = send
        self.turn: tuple[int, int] | None = None  # (hand, turn) of the pending decision
        self.last: ActionRequired | None = None

    def submit(self, action: Action) -> bool:
        """Send the action for the pending turn; False when it is not the player's turn."""
        with self._lock:
            if self._pending is None or self.turn is None:
                return False
            self._pending = None
            hand, turn = self.turn
        self._send(Act(hand=hand, turn=turn, kind=action.kind.value, to=action.to))
        return True

    def drop_turn(self) -> None:
        """The table closed: no turn is pending any more (a key acts on nothing)."""
        with self._lock:
            self._pending = None
            self.turn = None
            self.last = None

    def again(self) -> bool:
        """The server refused the action: the same turn is the player's again."""
        with self._lock:
            if self.last is None or self.turn is None:
                return False
            self._pending = self.last.legal
            return True


class RemoteTable:
    """A seat at a network table (see the module docstring). ``autopilot`` (tests and
    benchmarks) plays the seat after ``think`` seconds, once the table was heard.
    ``named``: False when the table chose the player's name (said on sitting down).
    ``close_table``: the host's seat, whose leaving closes the table; ``farewell``: what
    is said on quitting before goodbye (the host's: whether the table is saved).
    ``prefs``: where the player's preferences are kept (None: nowhere); ``record``: the
    player's data folder, open, where the game is recorded for ``stats`` (None: not
    recorded)."""

    def __init__(
        self,
        welcome: Welcome,
        connection: Connection,
        *,
        autopilot: Bot | None = None,
        think: float = 0.0,
        named: bool = True,
        close_table: Callable[[], None] | None = None,
        farewell: Callable[[], list[str]] = list,
        prefs: PrefsFile | None = None,
        record: Store | None = None,
    ) -> None:
        self.first = welcome
        self.connection = connection
        self.seat_number = welcome.seat
        self.names = welcome.names
        self.stacks = welcome.stacks
        self.hand_limit = welcome.hand_limit
        self.autopilot = autopilot
        self.think = think
        self.named = named
        self.close_table = close_table
        self.farewell = farewell
        self.prefs_file = prefs
        self.kept_prefs: KeptPrefs | None = None
        self.record_store = record
        self.record: NetGameRecord | None = None
        self.error: BaseException | None = None
        self.stopping = threading.Event()
        # Frames and the link's news, in the order they came (None: the table is gone).
        self.frames: queue.Queue[ServerFrame | tuple[str, str] | None] = queue.Queue()
        self.hand_events: list[Event] = []
        self.ended: GameEnded | None = None
        self._seq = 0
        self._link_number = 0  # one more each Welcome: event numbers are per connection
        self._host_closed = False
        self._settling = False  # the hand ended: its eliminations may still come
        self._heard = threading.Condition()
        self._worker = threading.Thread(target=self._work, name="audiopoker-client", daemon=True)
        self._acker = threading.Thread(target=self._ack, name="audiopoker-heard", daemon=True)

    @property
    def me(self) -> int:
        return self.seat_number

    @property
    def plays_without_keys(self) -> bool:
        return self.autopilot is not None

    def seat(self, side: PlayerSide) -> NetHumanSeat:
        self.stopping = side.stopping
        self.human = NetHumanSeat(self.me, side.stopping, self.connection.send)
        return self.human

    def attach(self, side: PlayerSide) -> LinkParts:
        self.side = side
        self.chat = ChatLine(
            send=lambda line: self.connection.send(Chat(text=line)),
            output=side.router,
            text=side.text,
        )
        self.talk = NetTalk(
            side.lang, self.me, side.router, side.state, side.narration, self.names, self.named
        )
        if self.prefs_file is not None:
            self.kept_prefs = KeptPrefs(self.prefs_file, side.lang, side.router.send)
        if self.record_store is not None:
            self.record = NetGameRecord(
                self.record_store,
                self.me,
                lambda: self.talk.names,
                self.talk.text,
                lambda kind, line: side.router.send(Message(kind, line)),
                self.first.tournament,
            )
            if side.coach is not None:  # each hand's reviewed decisions, for `stats`
                side.coach.keep = self.record.record_decisions
        self.talk.muted = lambda: self.chat.muted
        state = self.first.tournament
        self.tournament = (
            TournamentFollower(state, side.lang, self.names, self.me, side.tell)
            if state is not None
            else None
        )
        if self.tournament is not None:
            self.talk.renamed.append(self.tournament.rename)
        return LinkParts(
            words=[self.talk, *([self.tournament] if self.tournament is not None else [])],
            level=self.tournament.level_answer if self.tournament is not None else None,
            chat=self.chat,
            farewell=self.farewell,
        )

    def greet(self, side: PlayerSide) -> None:
        self.welcome(self.first)

    def save_prefs(self) -> None:
        """Keep the preferences in the player's data folder for the next join."""
        if self.kept_prefs is not None:
            self.kept_prefs.save(self.side.prefs())

    # --- frames (the connection's thread hands them over) -------------------------------
    def on_frame(self, frame: ServerFrame) -> None:
        """Queue a frame; handled in order on the link's thread."""
        self.frames.put(frame)

    def on_link(self, state: str, reason: str) -> None:
        """The connection was lost (trying again), failed for good, or closed: handled in
        order with the frames before it."""
        self.frames.put((state, reason))

    def _say(self, key: str) -> None:
        self.side.router.send(Message("connection", self.talk.text.say(key)))

    def _link(self, state: str) -> None:
        if state == "lost":
            if self._host_closed:  # said already: the host closed the table
                self._host_closed = False
            else:
                self._say("join.lost")
        elif state in ("failed", "closed") and not self.stopping.is_set():
            if not (state == "closed" and self._host_closed):  # said: the host closed it
                self._say("join.gave_up" if state == "failed" else "join.closed")
            self.frames.put(None)

    def _work(self) -> None:
        while True:
            frame = self.frames.get()
            if frame is None or self.stopping.is_set():
                break
            try:
                if isinstance(frame, tuple):
                    self._link(frame[0])
                else:
                    self._handle(frame)
            except Exception:  # one bad frame must not end the game
                log.exception("a frame could not be handled")
            if self.ended is not None:
                break
        self.side.exit_app()

    def _handle(self, frame: ServerFrame) -> None:
        if isinstance(frame, EventFrame):
            self._event(frame)
        elif isinstance(frame, Welcome):
            self.welcome(frame)
        elif isinstance(frame, ChatFrame):
            self.talk.chat(frame.seat, frame.name, frame.text)
        elif isinstance(frame, ClockFrame):
            self.talk.clock(frame.seat, frame.seconds, frame.bank, frame.expired)
        elif isinstance(frame, Refused):
            self._refused(frame)
        elif isinstance(frame, Level):
            if self.tournament is not None:
                self.tournament.level(frame.state)
        elif isinstance(frame, Waiting):
            pass  # only before the first Welcome

    def _event(self, frame: EventFrame) -> None:
        try:
            event = decode_event(frame.event)
        except WireError as error:
            log.warning("an event from the server was refused: %s", error.detail)
            return
        self._publish(event, frame.turn)
        with self._heard:
            self._seq = frame.seq
            self._heard.notify_all()

    def _publish(self, event: Event, turn: int, quiet: bool = False) -> None:
        if isinstance(event, HandStarted):
            self.hand_events = []
        self.hand_events.append(event)
        mine = isinstance(event, ActionRequired) and event.seat == self.me
        if isinstance(event, ActionRequired) and mine:
            self.human.turn = (self._hand_number(), turn)  # before the seat hears its turn
            self.human.last = event
        if self._settling and not isinstance(event, PlayerEliminated | GameEnded):
            self._settled(quiet)
        if self.record is not None:
            self.record.on_event(event)
        side = self.side
        # As at a local table the seat hears first; a catch-up is learnt, not said.
        deliver([self.human], event)
        if quiet:
            side.learn(event)
        else:
            side.on_event(event)
        if isinstance(event, HandEnded):
            self._settling = True
        if mine and self.autopilot is not None and not quiet:
            self._autopilot()
        if isinstance(event, GameEnded):
            self._settled(quiet)
            self.ended = event

    def _settled(self, quiet: bool) -> None:
        """The hand and its eliminations were heard: the coach's review, as locally."""
        self._settling = False
        if not quiet:
            self.side.hand_finished()
            if self.kept_prefs is not None:
                self.kept_prefs.retry(self.side.prefs())
        if self.record is not None:  # after the coach handed the hand's review over
            self.record.hand_heard()

    def _hand_number(self) -> int:
        start = next((e for e in self.hand_events if isinstance(e, HandStarted)), None)
        return start.hand_number if start is not None else 0

    def _autopilot(self) -> None:
        assert self.autopilot is not None
        # Like a person, the autopilot hears its table out before it acts.
        self.side.router.wait_for_table(HEARD_TIMEOUT, self.stopping)
        if self.stopping.wait(self.think):
            return
        view = build_view(self.me, self.hand_events)
        self.human.submit(self.autopilot.decide(view))

    def welcome(self, frame: Welcome) -> None:
        """Seated (the first Welcome) or back at the seat: the hand so far, then where
        things stand."""
        self.talk.seated(frame)
        if not frame.back:
            return
        for data in frame.events:
            try:
                event = decode_event(data)
            except WireError as error:
                log.warning("a catch-up event was refused: %s", error.detail)
                continue
            self._publish(event, frame.turn, quiet=True)
        with self._heard:
            self._seq = frame.seq
            self._link_number += 1  # the catch-up is heard like any event: Heard(seq)
            self._heard.notify_all()
        self.talk.back(self.side.state.snapshot())
        if self.human.pending is not None:  # the decision the drop interrupted
            prompt = self.side.narration.your_turn(self.human.pending)
            self.side.router.send(Message("your_turn", prompt, true_while=YOUR_TURN))
            if self.autopilot is not None:
                self._autopilot()

    def _refused(self, frame: Refused) -> None:
        if frame.code is RefusalCode.CLOSED:
            self._closed(frame.fatal)
        else:
            self.talk.refused(frame.code, frame.detail, frame.fatal)
        again = frame.code is RefusalCode.ILLEGAL and self.human.again()
        if frame.code is RefusalCode.RATE:
            self.human.again()  # the player may press again in a moment
        if again and self.autopilot is not None:
            self._autopilot()
        if frame.fatal:
            self.frames.put(None)

    def _closed(self, fatal: bool) -> None:
        """The host closed the table: nothing of its hand is true any more. The turn ends
        (its prompt and reminder with it) and the table falls silent, as at a local quit:
        what it still had to say is dropped (the history keeps it), so the closing sentence
        is the last word. It is said as the table's newest message, not as an answer: an
        answer gives the braille display back to the table line it covered once read, so
        the display went back to "Flop: ..."; the newest table message stays on it."""
        self._host_closed = True  # the connection drops next: no second sentence
        self.human.drop_turn()
        if self.side.reminder is not None:
            self.side.reminder.stop()
        router = self.side.router
        router.expire(YOUR_TURN)
        router.silence()
        self.talk.closed(fatal)

    # --- speech reached the end: bots may go on -----------------------------------------
    def _ack(self) -> None:
        """Heard, counted per connection: a new connection numbers its events from its
        Welcome, so what was told on the old one is forgotten (else nothing would be said
        until the new numbers passed the old count, and the table would wait each time)."""
        told, link = 0, self._link_number
        router = self.side.router
        while not self.stopping.is_set():
            with self._heard:
                while self._seq <= told and self._link_number == link:
                    if self.stopping.is_set():
                        return
                    self._heard.wait(0.5)
                if self._link_number != link:
                    told, link = 0, self._link_number
                upto = self._seq
                if upto <= told:
                    continue
            router.wait_for_table(HEARD_TIMEOUT, self.stopping)
            with self._heard:
                if self._link_number != link:
                    continue  # reconnected meanwhile: those numbers are the old connection's
            self.connection.send(Heard(upto=upto))
            told = upto

    # --- playing ------------------------------------------------------------------------
    def start(self) -> None:
        self._worker.start()
        self._acker.start()

    def leave(self) -> None:
        """Q, Q: give the seat up (a bot takes it from the next hand); the host's seat
        closes the table instead (its seat is kept with the table)."""
        self._let_go(Bye())

    def _let_go(self, farewell: Bye | None) -> None:
        if self.close_table is not None:
            self.close_table()  # first: the host's connection ending is then no news
            farewell = None
        self.connection.close(farewell)

    def wait_to_end(self) -> None:
        self._worker.join()

    def finish(self) -> bool:
        if not self.side.controller.quitting:
            self._let_go(None if self.ended is not None else Bye())
        return self.ended is not None

    def close(self) -> None:
        """The record of the game is finished (the connection closed in ``finish``)."""
        if self.record is not None:
            self.record.close()


class ClientSession(PlayerSide):
    """One player at a network table: a ``PlayerSide`` on a ``RemoteTable`` (see it for
    ``named``, ``close_table``, ``farewell`` and ``prefs``; ``saved_at``: the host's, the
    hand its saved table goes on from, None when not saved). ``run`` blocks until they
    leave or the game ends."""

    def __init__(
        self,
        welcome: Welcome,
        connection: Connection,
        router: Router,
        keymap: Keymap,
        lang: Language,
        *,
        keymap_problems: Sequence[KeymapProblem] = (),
        sound: SoundListener | None = None,
        autopilot: Bot | None = None,
        think: float = 0.0,
        remind: float = DEFAULT_REMIND,
        named: bool = True,
        close_table: Callable[[], None] | None = None,
        farewell: Callable[[], list[str]] = list,
        saved_at: Callable[[], int | None] = lambda: None,
        prefs: PrefsFile | None = None,
        record: Store | None = None,
        input: Input | None = None,
        output: PtOutput | None = None,
    ) -> None:
        self.remote = RemoteTable(
            welcome,
            connection,
            autopilot=autopilot,
            think=think,
            named=named,
            close_table=close_table,
            farewell=farewell,
            prefs=prefs,
            record=record,
        )
        super().__init__(
            self.remote,
            router,
            keymap,
            lang,
            keymap_problems=keymap_problems,
            sound=sound,
            remind=remind,
            coach_rng=random.Random(),
            coach_budget=COACH_BUDGET,
            input=input,
            output=output,
        )
        # Q's question says what leaving does here: the host's seat closes the table (and
        # says from which hand its save goes on), a joiner's is played by a bot.
        questions = self.controller.questions
        questions.quits = Quits.TABLE if close_table is not None else Quits.SEAT
        questions.saved_at = saved_at
        self.connection = connection
        self.on_frame = self.remote.on_frame
        self.on_link = self.remote.on_link
