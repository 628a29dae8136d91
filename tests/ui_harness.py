"""Helpers for the key loop tests: a recording output, a table built from a real engine
hand, and a driver that runs the prompt_toolkit app on a pipe input in a thread."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

from prompt_toolkit.application import Application
from prompt_toolkit.input import PipeInput, create_pipe_input

from audiopoker.cards import parse_cards
from audiopoker.engine.actions import Action
from audiopoker.engine.events import ActionTaken, Event
from audiopoker.engine.hand import Hand
from audiopoker.narration.amounts import Amounts, Unit
from audiopoker.output.message import Message, Verbosity
from audiopoker.ui.app import build_app
from audiopoker.ui.controller import Controller
from audiopoker.ui.keymap import Keymap, default_keymap
from audiopoker.ui.narration_listener import Narration
from audiopoker.ui.seat import HumanSeat
from audiopoker.ui.state import TableState
from audiopoker.ui.ui_text import UiText

NAMES = ("Player", "Ana", "Beto")

# A deck dealt from the front: hole cards in two passes from left of the button, then
# burn, flop, burn, turn, burn, river. With the button on seat 2 the order is 0, 1, 2.
DECK = parse_cards("As Kd Qc Kh 7s 2c 3d 9h Ts 4c 5h 8d Jc 6s 2d 3c 4d 5c 6d 7d 8c 9c Tc Td")
# Seat 0 gets As Kh, seat 1 Kd 7s, seat 2 Qc 2c; flop 9h Ts 4c, turn 8d, river 6s.


class RecordingOutput:
    """The router's face to the controller, recording every message synchronously."""

    def __init__(self) -> None:
        self.messages: list[Message] = []
        self.calls: list[str] = []
        self.expired: list[str] = []  # the states ended (Router.expire)
        self.unremembered: list[Message] = []  # kept out of the history (list items)
        self.level = Verbosity.NORMAL

    def send(self, message: Message, *, remember: bool = True) -> None:
        self.messages.append(message)
        if not remember:
            self.unremembered.append(message)

    def silence(self) -> None:
        self.calls.append("silence")

    def repeat_last(self) -> None:
        self.calls.append("repeat")

    def history_previous(self) -> None:
        self.calls.append("previous")

    def history_next(self) -> None:
        self.calls.append("next")

    def history_first(self) -> None:
        self.calls.append("first")

    def history_last(self) -> None:
        self.calls.append("last")

    def history_view(self) -> None:
        self.calls.append("view")

    def expire(self, state: str, acted: bool = False) -> None:
        self.expired.append(f"expire {state}" + (" acted" if acted else ""))

    @property
    def verbosity(self) -> Verbosity:
        return self.level

    def cycle_verbosity(self) -> Verbosity:
        self.level = Verbosity((self.level + 1) % len(Verbosity))
        return self.level

    @property
    def texts(self) -> list[str]:
        return [message.text for message in self.messages]

    @property
    def last(self) -> Message:
        return self.messages[-1]


@dataclass
class Table:
    """A controller wired to a real engine hand that the test advances by hand."""

    hand: Hand
    state: TableState
    seat: HumanSeat
    output: RecordingOutput
    controller: Controller
    words: Narration
    quits: list[bool] = field(default_factory=list)
    pace: list[float] = field(default_factory=lambda: [1.0])

    def feed(self, events: Sequence[Event]) -> None:
        """Publish events to the listeners, as the conductor does."""
        for event in events:
            self.seat.on_event(event)
            self.state.on_event(event)
            self.words.on_event(event)

    def act(self, seat: int, action: Action) -> None:
        """Another seat acts (or the test applies the player's decision)."""
        self.feed(self.hand.act(seat, action))

    def take_decision(self) -> Action | None:
        """The action the player's keys handed to the seat, if any (and clear it)."""
        decision = self.seat._decision
        self.seat._decision = None
        return decision

    def apply_decision(self) -> Action:
        """Apply the player's submitted action to the engine."""
        decision = self.take_decision()
        assert decision is not None, "the player submitted nothing"
        self.act(0, decision)
        return decision


def make_table(
    stacks: Sequence[int] = (200, 200, 200),
    lang: str = "en",
    keymap: Keymap | None = None,
    me: int | None = 0,
    deck: Sequence[object] = DECK,
    unit: Unit = Unit.CHIPS,
) -> Table:
    """Three seats, button on seat 2: seat 0 small blind, seat 1 big blind, seat 2 first;
    amounts in ``unit``, one ``Amounts`` shared by the words and the answers (as a side)."""
    hand, events = Hand.start(
        stacks=stacks,
        button=2,
        small_blind_seat=0,
        big_blind_seat=1,
        small_blind=1,
        big_blind=2,
        deck=deck,
    )
    names = NAMES[: len(stacks)]
    stopping = threading.Event()
    seat = HumanSeat(0, stopping)
    state = TableState(names, tuple(stacks), me)
    output = RecordingOutput()
    amounts = Amounts(unit)
    text = UiText("es" if lang == "es" else "en", amounts)
    words = Narration(text.lang, names, me, amounts=amounts)
    table_holder: list[Table] = []

    def on_quit() -> None:
        table_holder[0].quits.append(True)

    controller = Controller(
        state=state,
        seat=seat if me is not None else None,
        output=output,
        words=words,
        text=text,
        keymap=keymap or default_keymap(),
        on_quit=on_quit,
        get_pace=lambda: table_holder[0].pace[-1],
        set_pace=lambda seconds: table_holder[0].pace.append(seconds),
    )
    table = Table(hand, state, seat, output, controller, words)
    table_holder.append(table)
    table.feed(events)
    return table


class KeyDriver:
    """Runs the real prompt_toolkit app over a pipe input in a thread; ``press`` sends
    raw terminal bytes and waits until the controller has handled that many keys."""

    def __init__(self, controller: Controller, keymap: Keymap, pipe: PipeInput) -> None:
        self.pipe = pipe
        self.handled = 0
        self._changed = threading.Condition()
        original: Callable[[str], None] = controller.key

        def counted(name: str) -> None:
            try:
                original(name)
            finally:
                with self._changed:
                    self.handled += 1
                    self._changed.notify_all()

        controller.key = counted  # type: ignore[method-assign]
        self.app: Application[None] = build_app(controller, keymap, input=pipe)
        self._started = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        assert self._started.wait(5), "the key loop did not start"

    def _run(self) -> None:
        self.app.run(pre_run=self._started.set, handle_sigint=False)

    def press(self, data: str, keys: int = 1, timeout: float = 5.0) -> None:
        """Send ``data`` and wait until ``keys`` more key presses were handled."""
        with self._changed:
            target = self.handled + keys
        self.pipe.send_text(data)
        deadline = time.monotonic() + timeout
        with self._changed:
            while self.handled < target:
                left = deadline - time.monotonic()
                assert left > 0, f"only {self.handled} of {target} keys handled"
                self._changed.wait(left)

    def close(self) -> None:
        loop = self.app.loop
        if loop is not None and self.app.is_running:
            loop.call_soon_threadsafe(self.app.exit)
        self.thread.join(5)


@contextmanager
def driven(table: Table, keymap: Keymap | None = None) -> Iterator[KeyDriver]:
    """The app running on a pipe for ``table``'s controller."""
    with create_pipe_input() as pipe:
        driver = KeyDriver(table.controller, keymap or table.controller.keymap, pipe)
        try:
            yield driver
        finally:
            driver.close()


def wait_until(predicate: Callable[[], bool], timeout: float = 10.0) -> bool:
    """Poll ``predicate`` until it holds or ``timeout`` seconds pass."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.005)
    return predicate()


# Keys as a terminal sends them.
UP, DOWN, LEFT, RIGHT = "\x1b[A", "\x1b[B", "\x1b[D", "\x1b[C"
HOME, END, PAGE_UP, PAGE_DOWN = "\x1b[H", "\x1b[F", "\x1b[5~", "\x1b[6~"
ENTER, BACKSPACE, ESCAPE, CTRL_C = "\r", "\x7f", "\x1b", "\x03"


def run_by_name(keys: KeyDriver, name: str) -> None:
    """H, a command's name typed letter by letter, Enter: help's command list runs it (the
    way to a command with no key)."""
    keys.press("h")
    for char in name:
        keys.press(char)
    keys.press(ENTER)


def run_named(controller: Controller, name: str) -> None:
    """``run_by_name`` without the key loop: the keys straight to the controller."""
    for key in ["h", *name, "c-m"]:
        controller.key(key)


def to_option(keys: KeyDriver, controller: Controller, name: str) -> None:
    """O, then Down to the setting called ``name`` (the options' order at this table)."""
    keys.press("o")
    for _ in range([setting.name for setting in controller.settings()].index(name)):
        keys.press(DOWN)


def facing_raise(lang: str = "en", unit: Unit = Unit.CHIPS) -> Table:
    """The player (small blind) faces Beto's raise to 6: call 5, raise 10..200, fold."""
    table = make_table(lang=lang, unit=unit)
    table.act(2, Action.raise_to(6))
    assert table.seat.pending is not None
    return table


def check_is_free(lang: str = "en", unit: Unit = Unit.CHIPS) -> Table:
    """After the flop, first to act: check or bet 2..198."""
    table = make_table(lang=lang, unit=unit)
    table.act(2, Action.call())
    table.act(0, Action.call())
    table.act(1, Action.check())
    assert table.seat.pending is not None and table.seat.pending.can_check
    return table


def last_action_of(table: Table) -> ActionTaken:
    """The newest action of the table's hand."""
    return [e for e in table.hand.events if isinstance(e, ActionTaken)][-1]
