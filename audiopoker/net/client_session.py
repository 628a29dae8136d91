"""A seat at a network table, at the keyboard: the same table model, narration, sounds,
reminder, coach and keys as a local game, fed by the server's events instead of a local
conductor.

Frames arrive on the connection's thread and are handled in order on this session's own
thread (narration and the coach may take a moment; the network never waits for them).
The player's actions go to the server through ``NetHumanSeat``; the server checks them and
its events say what happened. Every query key answers from the local table model at once.
After each event the client tells the server when its speech has said everything
(``Heard``), so bots never outrun the voice of anyone at the table.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import random
import threading
from collections.abc import Callable

from prompt_toolkit.input import Input
from prompt_toolkit.output import Output as PtOutput

from audiopoker.audio.listener import SoundListener
from audiopoker.bots.base import Bot
from audiopoker.engine.actions import Action
from audiopoker.engine.events import ActionRequired, Event, GameEnded, HandStarted
from audiopoker.engine.view import build_view
from audiopoker.game import Listener
from audiopoker.i18n import Language
from audiopoker.net.client import Connection
from audiopoker.net.client_tournament import TournamentFollower
from audiopoker.net.net_talk import NetTalk
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
from audiopoker.output.braille import watch_panning
from audiopoker.output.message import YOUR_TURN, Message
from audiopoker.output.router import Router
from audiopoker.ui.app import build_app
from audiopoker.ui.chat_keys import ChatLine
from audiopoker.ui.coach_keys import COACH_BUDGET, CoachService
from audiopoker.ui.controller import Controller
from audiopoker.ui.expiry import TurnExpiry
from audiopoker.ui.keymap import Keymap
from audiopoker.ui.reminder import DEFAULT_REMIND, Reminder, reminder_text
from audiopoker.ui.seat import HumanSeat
from audiopoker.ui.session import FINAL_WORDS_WAIT
from audiopoker.ui.state import TableState
from audiopoker.ui.texts import UiText
from audiopoker.ui.words import Narration

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

    def again(self) -> bool:
        """The server refused the action: the same turn is the player's again."""
        with self._lock:
            if self.last is None or self.turn is None:
                return False
            self._pending = self.last.legal
            return True


class ClientSession:
    """One player at a network table. ``run`` blocks until they leave or the game ends."""

    def __init__(
        self,
        welcome: Welcome,
        connection: Connection,
        router: Router,
        keymap: Keymap,
        lang: Language,
        *,
        sound: SoundListener | None = None,
        autopilot: Bot | None = None,
        think: float = 0.0,
        remind: float = DEFAULT_REMIND,
        input: Input | None = None,
        output: PtOutput | None = None,
    ) -> None:
        self.connection = connection
        self.router = router
        self.lang: Language = lang
        self.me = welcome.seat
        self.text = UiText(lang)
        self.stopping = threading.Event()
        # Frames and the link's news, in the order they came (None: the session ends).
        self.frames: queue.Queue[ServerFrame | tuple[str, str] | None] = queue.Queue()
        self.hand_events: list[Event] = []
        self.autopilot = autopilot
        self.think = think  # seconds the autopilot waits before acting (tests)
        self.ended: GameEnded | None = None
        names = welcome.names
        self.state = TableState(names, welcome.stacks, self.me)
        self.human = NetHumanSeat(self.me, self.stopping, connection.send)
        self.narration = Narration(
            lang, names, self.me, router, router.verbosity, hand_limit=welcome.hand_limit
        )
        self.chat = ChatLine(
            send=lambda line: connection.send(Chat(text=line)), output=router, text=self.text
        )
        self.talk = NetTalk(lang, self.me, router, self.state, self.narration, names)
        self.talk.muted = lambda: self.chat.muted
        self.reminder = Reminder(self.me, remind, self._remind, busy=router.is_busy)
        self.sound = sound
        self.coach = CoachService(
            self.me, random.Random(), lang, send=self._send, budget=COACH_BUDGET
        )
        self.tournament = (
            TournamentFollower(welcome.tournament, lang, names, self.me, router.send)
            if welcome.tournament is not None
            else None
        )
        if self.tournament is not None:
            self.talk.renamed.append(self.tournament.rename)
        self.listeners: list[Listener] = [
            self.state,
            self.human,
            TurnExpiry(self.me, router),
            self.narration,
            self.talk,
            self.reminder,
            *([sound] if sound is not None else []),
            self.coach,
            *([self.tournament] if self.tournament is not None else []),
        ]
        self.controller = Controller(
            state=self.state,
            seat=self.human,
            output=router,
            words=self.narration,
            text=self.text,
            keymap=keymap,
            on_quit=self.quit,
            sound=sound,
            coach=self.coach,
            chat=self.chat,
            level=self.tournament.level_answer if self.tournament is not None else None,
        )
        self.app = build_app(self.controller, keymap, input, output)
        self.app.key_processor.before_key_press += lambda _: self.reminder.key_pressed()
        watch_panning(router.backend, self.reminder.key_pressed)  # panning is activity too
        self._seq = 0
        self._link_number = 0  # one more each Welcome: event numbers are per connection
        self._host_closed = False
        self._heard = threading.Condition()
        self._worker = threading.Thread(target=self._work, name="audiopoker-client", daemon=True)
        self._acker = threading.Thread(target=self._ack, name="audiopoker-heard", daemon=True)
        self.welcome(welcome)

    # --- frames (the connection's thread hands them over) ---------------------------------
    def on_frame(self, frame: ServerFrame) -> None:
        """Queue a frame; handled in order on the session's thread."""
        self.frames.put(frame)

    def on_link(self, state: str, reason: str) -> None:
        """The connection was lost (trying again), failed for good, or closed: handled in
        order with the frames before it."""
        self.frames.put((state, reason))

    def _link(self, state: str) -> None:
        if state == "lost":
            if self._host_closed:  # said already: the host closed the table
                self._host_closed = False
            else:
                self.router.send(Message("error", self.talk.text.say("join.lost")))
        elif state in ("failed", "closed") and not self.stopping.is_set():
            key = "join.gave_up" if state == "failed" else "join.closed"
            self.router.send(Message("error", self.talk.text.say(key)))
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
        self._leave_app()

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
        if isinstance(event, ActionRequired) and event.seat == self.me:
            self.human.turn = (self._hand_number(), turn)  # before the seat hears its turn
            self.human.last = event
        listeners = self.listeners
        if quiet:  # a catch-up: the model, the seat and the coach learn it, nothing is said
            listeners = [self.state, self.human, self.talk, self.coach]
        for listener in listeners:
            try:
                listener.on_event(event)
            except Exception:  # one listener's fault must not silence the others
                log.exception("%s could not follow %s", type(listener).__name__, event)
        mine = isinstance(event, ActionRequired) and event.seat == self.me
        if mine and self.autopilot is not None and not quiet:
            self._autopilot()
        if isinstance(event, GameEnded):
            self.ended = event

    def _hand_number(self) -> int:
        start = next((e for e in self.hand_events if isinstance(e, HandStarted)), None)
        return start.hand_number if start is not None else 0

    def _autopilot(self) -> None:
        assert self.autopilot is not None
        # Like a person, the autopilot hears its table out before it acts.
        self.router.wait_for_table(HEARD_TIMEOUT, self.stopping)
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
        self.talk.back(self.state.snapshot())
        if self.human.pending is not None:  # the decision the drop interrupted
            prompt = self.narration.your_turn(self.human.pending)
            self.router.send(Message("your_turn", prompt, true_while=YOUR_TURN))
            if self.autopilot is not None:
                self._autopilot()

    def _refused(self, frame: Refused) -> None:
        self.talk.refused(frame.code, frame.detail)
        if frame.code is RefusalCode.CLOSED:
            self._host_closed = True  # the connection drops next: no second sentence
        again = frame.code is RefusalCode.ILLEGAL and self.human.again()
        if frame.code is RefusalCode.RATE:
            self.human.again()  # the player may press again in a moment
        if again and self.autopilot is not None:
            self._autopilot()
        if frame.fatal:
            self.frames.put(None)

    # --- speech reached the end: bots may go on -------------------------------------------
    def _ack(self) -> None:
        """Heard, counted per connection: a new connection numbers its events from its
        Welcome, so what was told on the old one is forgotten (else nothing would be said
        until the new numbers passed the old count, and the table would wait each time)."""
        told, link = 0, self._link_number
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
            self.router.wait_for_table(HEARD_TIMEOUT, self.stopping)
            with self._heard:
                if self._link_number != link:
                    continue  # reconnected meanwhile: those numbers are the old connection's
            self.connection.send(Heard(upto=upto))
            told = upto

    def _send(self, message: Message) -> None:
        self.router.send(message)

    # --- keys -----------------------------------------------------------------------------
    def _remind(self, legal: object) -> None:
        text = reminder_text(self.text, legal)  # type: ignore[arg-type]
        self.router.send(Message("reminder", text, true_while=YOUR_TURN))

    def quit(self) -> None:
        """Q, Q: leave the table (a bot takes the seat from the next hand)."""
        self.narration.silence()
        self.router.silence()
        self.stopping.set()
        self.connection.close(Bye())
        self._leave_app()

    def _leave_app(self) -> None:
        loop = self.app.loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._exit_app)

    def _exit_app(self) -> None:
        if self.app.is_running and not self.app.is_done:
            self.app.exit()

    def run(self) -> int:
        """Play until the player leaves, the game ends or the table is gone."""
        self._worker.start()
        self._acker.start()
        try:
            self.app.run(handle_sigint=False)
        except KeyboardInterrupt:
            pass
        except EOFError:
            if self.autopilot is None:
                self.controller.quit_now()
            else:  # an autopilot plays on to the game's end without keys
                self._worker.join()
        finally:
            ended = self.ended
            self.stopping.set()
            self.reminder.stop()
            self.human.wake()
            if not self.controller.quitting:
                self.connection.close(None if ended is not None else Bye())
                if ended is not None:  # the last words (standings, prizes) heard to the end
                    self.router.send(Message("goodbye", self.text.goodbye()))
                    try:
                        self.router.wait_until_quiet(timeout=FINAL_WORDS_WAIT)
                    except KeyboardInterrupt:
                        self.router.silence()
            if self.sound is not None:
                self.sound.close()
        return 0
