"""The conductor: runs hands on an engine Table, asks each seat for its action, and
publishes every event to the listeners.

One loop serves ``audiopoker`` (play), ``watch``, ``replay`` and ``simulate``; they differ
only in their seats (a person at the keyboard or bots), their listeners (narration, the
UI's table model, sounds, persistence; simulate attaches none) and their pacer (how long
bots wait so the player can hear each action; simulate waits for nothing).

The conductor knows seats and listeners only by the two protocols below. It never decides
anything about the rules: the engine says whose turn it is and what is legal, and refuses
anything else.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol, runtime_checkable

from audiopoker.bots.base import Bot, start_hand, tell
from audiopoker.engine.actions import Action, ActionKind
from audiopoker.engine.events import (
    Event,
    GameEnded,
    HandStarted,
    PlayerEliminated,
)
from audiopoker.engine.hand import Hand
from audiopoker.engine.table import Table
from audiopoker.engine.view import PlayerView, ShownHand, shown_hands_of, view_for
from audiopoker.errors import PokerError

log = logging.getLogger(__name__)

# How many refused actions a seat gets before the conductor checks or folds for it, so a
# broken bot can never hang the game.
MAX_REFUSALS = 3


class GameStopped(Exception):
    """Raised by a seat (or a pacer) when the game is being stopped, e.g. the player quit."""


@runtime_checkable
class Seat(Protocol):
    """A player at the table: a person at the keyboard or a bot.

    ``human`` seats are not paced (the person is the pace). ``act`` may block for as long
    as the seat needs; it raises GameStopped when the game is being stopped.
    """

    human: bool

    def act(self, view: PlayerView) -> Action:
        """Choose an action from ``view`` (``view.legal`` holds the choices and amounts)."""
        ...

    def refused(self, action: Action, error: PokerError) -> None:
        """The engine refused ``action`` (nothing changed); ``act`` will be asked again."""
        ...


@runtime_checkable
class Listener(Protocol):
    """Anything that follows the game: narration, the UI's table model, sounds, history."""

    def on_event(self, event: Event) -> None:
        """Receive one event, in order. Called from the conductor's thread."""
        ...


@runtime_checkable
class HandFinishedListener(Protocol):
    """A listener that also wants the table once a hand is settled (autosave): called after
    the hand's last events (eliminations, GameEnded) were published, before the next hand
    starts, with the table between hands."""

    def on_hand_finished(self, table: Table) -> None:
        """The hand is settled: ``table`` holds the new stacks, button and hand number."""
        ...


@runtime_checkable
class HandStartingListener(Protocol):
    """A listener that changes the table between hands (a tournament's blind levels):
    called before each hand is dealt; the events it returns (BlindsChanged, its own news)
    are published before the hand's."""

    def before_hand(self, table: Table) -> Iterable[Event]:
        """Change ``table`` for the hand about to start; the events saying what changed."""
        ...


class Pacer(Protocol):
    """Decides how long the game waits, so that nothing happens faster than it is heard."""

    def before_bot_action(self, seat: int, asked_at: float) -> None:
        """Called after a bot chose (it was asked at ``asked_at``, a monotonic time) and
        before its action is applied. May raise GameStopped."""
        ...

    def between_hands(self) -> None:
        """Called after a hand ended, before the next one starts. May raise GameStopped."""
        ...

    def at_end(self) -> None:
        """Called once the game is over or stopped, before ``run`` returns."""
        ...


class NoPacer:
    """Waits for nothing: simulations, replays and tests."""

    def before_bot_action(self, seat: int, asked_at: float) -> None:
        """No wait."""

    def between_hands(self) -> None:
        """No wait."""

    def at_end(self) -> None:
        """No wait."""


# Waits until every table message was heard (the output router's wait_for_table): returns
# the monotonic time the last one ended, or None when it timed out or ``stop`` was set.
SpeechWait = Callable[[float, threading.Event], float | None]


class SpeechPacer:
    """Bots act only once every table message before was heard to its end, and at least
    ``delay`` seconds after that end (the thinking time counts towards it).

    The delay may be changed while the game runs (the pace keys). Waits end early when
    ``stop`` is set, raising GameStopped.
    """

    MAX_SPEECH_WAIT = 120.0  # a stuck speech path must not freeze the game

    def __init__(
        self,
        wait_for_speech: SpeechWait,
        delay: float,
        stop: threading.Event,
        hand_pause: float | None = None,
    ) -> None:
        self._wait_for_speech = wait_for_speech
        self.delay = delay
        self._stop = stop
        self._hand_pause = hand_pause

    def _sleep_until(self, deadline: float) -> None:
        remaining = deadline - time.monotonic()
        if remaining > 0 and self._stop.wait(remaining):
            raise GameStopped
        if self._stop.is_set():
            raise GameStopped

    def heard(self) -> float:
        """Wait until the table's messages were said; when the last one ended."""
        ended = self._wait_for_speech(self.MAX_SPEECH_WAIT, self._stop)
        if self._stop.is_set():
            raise GameStopped
        return ended if ended is not None else time.monotonic()

    def before_bot_action(self, seat: int, asked_at: float) -> None:
        """Wait for speech to end, then out the rest of the delay after it."""
        self._sleep_until(self.heard() + self.delay)

    def between_hands(self) -> None:
        """Let the result of the hand be heard, then pause before the next one starts."""
        pause = self._hand_pause if self._hand_pause is not None else self.delay * 2
        self._sleep_until(self.heard() + pause)

    def at_end(self) -> None:
        """Let the final words be heard."""
        with contextlib.suppress(GameStopped):
            self.heard()


class BotSeat:
    """A bot in a seat: asks ``bot.decide`` and passes it what its seat may see."""

    human = False

    def __init__(self, bot: Bot, seat: int) -> None:
        self.bot = bot
        self.seat = seat

    def act(self, view: PlayerView) -> Action:
        """The bot's decision (blocking: the conductor runs off the key loop)."""
        return self.bot.decide(view)

    def refused(self, action: Action, error: PokerError) -> None:
        """Our bots only choose legal actions; the conductor falls back if one does not."""

    def on_event(self, event: Event) -> None:
        """Tell the bot about a new hand and every event its seat may see."""
        if isinstance(event, HandStarted) and self.seat in event.seats_in_hand:
            start_hand(self.bot, self.seat)
        tell(self.bot, self.seat, event)


def deliver(listeners: Iterable[Listener], event: Event) -> None:
    """Hand ``event`` to each listener in order. One listener's fault is logged and does not
    keep the event from the others: a broken sound device or a statistics file must not
    silence the narration or stop the table (the conductor and every player side publish
    through here)."""
    for listener in listeners:
        try:
            listener.on_event(event)
        except Exception:
            log.exception("%s could not follow %s", type(listener).__name__, event)


class Game:
    """Runs a game on ``table``: one seat object per table seat, listeners for the events.

    Call ``run`` (blocking, usually in its own thread when a person plays) or
    ``play_hand`` for one hand. ``stop`` ends the game at the next chance; ``run`` then
    returns. Thread-safe reads of what happened go through the listeners.
    """

    def __init__(
        self,
        table: Table,
        seats: Sequence[Seat],
        listeners: Iterable[Listener] = (),
        pacer: Pacer | None = None,
        stop_when_out: Iterable[int] = (),
    ) -> None:
        if len(seats) != len(table.names):
            raise ValueError(f"{len(seats)} seats for a table of {len(table.names)}")
        self.table = table
        self.seats = tuple(seats)
        # Seats that listen (bots learning from the game, the human seat noting its turn)
        # hear every event before the other listeners.
        self.listeners: list[Listener] = [s for s in self.seats if isinstance(s, Listener)]
        self.listeners.extend(listeners)
        self.pacer: Pacer = pacer if pacer is not None else NoPacer()
        self.stopping = threading.Event()
        self.shown_hands: list[ShownHand] = []
        self.hand: Hand | None = None
        self.ended: GameEnded | None = None
        # Seats whose elimination ends the game (the person at the keyboard).
        self._stop_when_out = frozenset(stop_when_out)
        self._stopped_by_elimination = False

    def add_listener(self, listener: Listener) -> None:
        """Attach one more listener (from the next event on)."""
        self.listeners.append(listener)

    def publish(self, events: Iterable[Event]) -> None:
        """Hand every event to every listener, in order (``deliver``)."""
        for event in events:
            deliver(self.listeners, event)

    def stop(self) -> None:
        """Ask the game to end at the next chance (seats and pacers see ``stopping``)."""
        self.stopping.set()

    @property
    def over(self) -> bool:
        """True when the table says the game is over, or a watched seat was eliminated."""
        return self.table.is_over or self._stopped_by_elimination

    def run(self, max_hands: int | None = None) -> GameEnded | None:
        """Play hands until the game is over, ``max_hands`` were played, or ``stop``.

        Returns the GameEnded event, or None when stopped first.
        """
        played = 0
        try:
            while not self.over and not self.stopping.is_set():
                if max_hands is not None and played >= max_hands:
                    break
                if played:
                    self.pacer.between_hands()
                self.play_hand()
                played += 1
        except GameStopped:
            pass
        finally:
            self.pacer.at_end()
        return self.ended

    def play_hand(self) -> None:
        """Deal one hand, play it to the end and settle it. May raise GameStopped (the hand
        is then left unfinished; the table is not advanced)."""
        for listener in tuple(self.listeners):
            if isinstance(listener, HandStartingListener):
                self.publish(tuple(listener.before_hand(self.table)))
        hand, events = self.table.start_hand()
        self.hand = hand
        self.publish(events)
        while not hand.is_over:
            if self.stopping.is_set():
                raise GameStopped
            seat = hand.actor
            if seat is None:  # defensive: the engine always names an actor until it ends
                raise RuntimeError("hand not over but nobody is to act")
            self.publish(self._ask(hand, seat))
        self.shown_hands.extend(shown_hands_of(hand.events))
        finished = self.table.finish_hand(hand)
        self.publish(finished)
        for event in finished:
            if isinstance(event, GameEnded):
                self.ended = event
            elif isinstance(event, PlayerEliminated) and event.seat in self._stop_when_out:
                self._stopped_by_elimination = True
        for listener in self.listeners:
            if isinstance(listener, HandFinishedListener):
                listener.on_hand_finished(self.table)

    def _ask(self, hand: Hand, seat: int) -> tuple[Event, ...]:
        """Ask ``seat`` until the engine accepts its action; return the resulting events."""
        player = self.seats[seat]
        for _ in range(MAX_REFUSALS):
            view = view_for(hand, seat, self.shown_hands)
            asked_at = time.monotonic()
            action = player.act(view)
            if self.stopping.is_set():
                raise GameStopped
            if not player.human:
                self.pacer.before_bot_action(seat, asked_at)
            try:
                return hand.act(seat, action)
            except PokerError as error:
                player.refused(action, error)
        # A seat that keeps sending illegal actions checks if it may, else folds.
        legal = hand.legal_actions()
        fallback = Action.check() if legal.can_check else Action(ActionKind.FOLD)
        return hand.act(seat, fallback)
