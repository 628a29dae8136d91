"""The seats of the network table, as the conductor sees them.

Every seat is a ``NetSeat``: a bot plays it until a person sits down (between hands), and
again after the person leaves. While a person holds it, ``act`` waits for that person's
action, which the server's network thread hands over with ``offer``; the seat's clock runs
meanwhile (whether or not the person is connected): ``turn_seconds``, then the time bank,
with warnings at 20 and 10 seconds left; when it runs out the seat checks if it may, else
folds. A person away (disconnected) whose clock ran out once sits out: later turns check or
fold at once, until the person comes back.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from audiopoker.engine.actions import Action, ActionKind
from audiopoker.engine.events import Event
from audiopoker.engine.view import PlayerView
from audiopoker.errors import PokerError
from audiopoker.game import BotSeat, GameStopped

WARNINGS = (20, 10)  # seconds left at which the seat is warned
DEFAULT_TURN = 60
DEFAULT_BANK = 60


@dataclass
class Person:
    """A person at the network table. ``token`` is their secret: only it acts for the seat."""

    name: str
    token: str
    lang: str
    bank: float = DEFAULT_BANK  # seconds of time bank left (used once the turn's time is out)
    connected: bool = False
    sitting_out: bool = False  # away and timed out: check or fold at once
    leaving: bool = False  # said Bye: a bot takes over at the next hand


@dataclass(frozen=True, slots=True)
class Turn:
    """One decision: the hand, the turn number the action must give back, the seat."""

    hand: int
    number: int
    seat: int


# What the clock tells: (seat, seconds left, the bank is running, ran out).
ClockNews = Callable[[int, int, bool, bool], None]


@dataclass
class Clock:
    """The host's clock settings (each person's time bank is their own: ``Person.bank``)."""

    turn_seconds: float = DEFAULT_TURN
    news: ClockNews = field(default=lambda seat, left, bank, out: None)


class NetSeat:
    """A seat played by its bot or by the person sitting in it."""

    def __init__(self, bot: BotSeat, clock: Clock, stopping: threading.Event) -> None:
        self.bot = bot
        self.seat = bot.seat
        self.bot_name = ""
        self.person: Person | None = None
        self._clock = clock
        self._stopping = stopping
        self._inbox: queue.Queue[tuple[Turn, Action]] = queue.Queue()
        self.turn: Turn | None = None  # the decision being waited for, if any
        self.refusals: list[tuple[Action, PokerError]] = []
        self.on_refused: Callable[[int, Action, PokerError], None] = lambda seat, a, e: None

    @property
    def human(self) -> bool:
        """People are not paced (the person is the pace)."""
        return self.person is not None

    def on_event(self, event: Event) -> None:
        """The bot follows every event, so it knows the table when it takes over again."""
        self.bot.on_event(event)

    def offer(self, turn: Turn, action: Action) -> None:
        """The person's action for ``turn`` (checked by the server to be this seat's current
        decision); from the network thread."""
        self._inbox.put((turn, action))

    def act(self, view: PlayerView) -> Action:
        """The bot's decision, or the person's within the clock (check or fold after)."""
        person = self.person
        if person is None:
            return self.bot.act(view)
        turn = self.turn
        if turn is None or turn.hand != view.hand_number:
            raise RuntimeError("asked to act before the turn was announced")
        fallback = Action.check() if view.legal.can_check else Action(ActionKind.FOLD)
        if (person.sitting_out and not person.connected) or person.leaving:
            return fallback  # away and timed out once, or said goodbye: nobody to wait for
        action = self._wait(person, turn)
        if action is None and person.leaving:
            return fallback
        if action is None:
            if not person.connected:
                person.sitting_out = True
            self._clock.news(self.seat, 0, False, True)
            return fallback
        return action

    def _wait(self, person: Person, turn: Turn) -> Action | None:
        """Wait for the person's action for ``turn``; None when the clock runs out."""
        start = time.monotonic()
        base_end = start + self._clock.turn_seconds
        total = self._clock.turn_seconds + max(person.bank, 0.0)
        warned = {mark for mark in WARNINGS if mark >= total}  # a short clock: no "20 left"
        bank_said = False
        while True:
            if self._stopping.is_set():
                raise GameStopped
            if person.leaving:  # said goodbye while the table waited
                return None
            now = time.monotonic()
            end = base_end + max(person.bank, 0.0)
            left = end - now
            if left <= 0:
                person.bank = 0.0
                return None
            if now >= base_end and not bank_said and person.bank > 0:
                bank_said = True
                self._clock.news(self.seat, round(left), True, False)
            for mark in WARNINGS:
                if left <= mark and mark not in warned:
                    warned.update(m for m in WARNINGS if m >= mark)
                    self._clock.news(self.seat, mark, now >= base_end, False)
            try:
                got_turn, action = self._inbox.get(timeout=min(0.25, left))
            except queue.Empty:
                continue
            if got_turn != turn:
                continue  # a stale offer that raced the end of its turn
            if time.monotonic() > base_end:
                person.bank = max(0.0, person.bank - (time.monotonic() - base_end))
            return action

    def refused(self, action: Action, error: PokerError) -> None:
        """The engine refused the person's action: they are told and asked again."""
        if self.person is not None:
            self.on_refused(self.seat, action, error)
