"""Pre-actions on a real hand of the engine: armed off the turn by C and F, played on the
turn in place of its prompt, dropped and said when the price or the betting round changes
(issue 27, point 1). Seat 0 is the player; the others act as each test says."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import pytest

from audiopoker.engine.actions import Action, ActionKind
from audiopoker.engine.events import Event
from audiopoker.engine.hand import Hand
from audiopoker.engine.table import Table, TableConfig
from audiopoker.narration.amounts import Amounts, Unit
from audiopoker.output.message import YOUR_TURN, Message
from audiopoker.ui.help_list import HelpContext, help_items
from audiopoker.ui.keymap import default_keymap
from audiopoker.ui.narration_listener import Narration
from audiopoker.ui.pre_actions import PreActions, PreKey, PreKind
from audiopoker.ui.state import TableState
from audiopoker.ui.ui_text import UiText

ME = 0
NAMES = ("Tú", "Beto", "Carla", "Diego")


@dataclass
class Sent:
    messages: list[Message] = field(default_factory=list)

    def send(self, message: Message) -> object:
        self.messages.append(message)
        return None


@dataclass
class Played:
    """A table whose hand the test drives, seat 0's pre-actions and what they said."""

    hand: Hand
    state: TableState
    pre: PreActions
    narration: Narration
    sent: Sent
    told: list[str]
    submitted: list[Action]

    def publish(self, events: tuple[Event, ...]) -> None:
        for event in events:
            for listener in (self.state, self.narration, self.pre):
                listener.on_event(event)
        while self.submitted:  # the armed action plays the turn it claimed
            self.publish(self.hand.act(ME, self.submitted.pop(0)))

    def others(self, decide: Callable[[int], Action]) -> None:
        """The others act (``decide`` by seat) until the player's turn or the hand's end."""
        while not self.hand.is_over and self.hand.actor not in (ME, None):
            seat = self.hand.actor
            assert seat is not None
            self.publish(self.hand.act(seat, decide(seat)))

    def raise_then_call(self, to: int) -> Callable[[int], Action]:
        """The first of the others to act raises to ``to``, the rest call; checks when
        free."""

        def decide(seat: int) -> Action:
            legal = self.hand.legal_actions()
            if legal.can_check:  # after the player folded, the hand checks down
                return Action(ActionKind.CHECK)
            if legal.to_call + self.state.snapshot().seats[seat].committed < to:
                return Action(ActionKind.RAISE, to)
            return Action(ActionKind.CALL)

        return decide

    def mine(self, action: Action) -> None:
        assert self.hand.actor == ME
        self.publish(self.hand.act(ME, action))

    def prompts(self) -> int:
        return sum(m.kind == YOUR_TURN for m in self.sent.messages)


@contextmanager
def played(lang: str = "en", button: int = 3, unit: Unit = Unit.CHIPS) -> Iterator[Played]:
    """Four players of 200 chips, blinds 1/2: with the button on seat 3, seat 0 is the
    small blind and acts after Diego (3), Beto's big blind (1) being the last preflop."""
    table = Table(NAMES, 200, TableConfig(), random.Random(5), button=button)
    hand, events = table.start_hand()
    state = TableState(NAMES, (200,) * 4, ME)
    sent = Sent()
    amounts = Amounts(unit)  # one for the words and the pre-actions, as a side has
    narration = Narration(lang, NAMES, ME, sent, amounts=amounts)  # type: ignore[arg-type]
    told: list[str] = []
    submitted: list[Action] = []
    text = UiText(lang, amounts)  # type: ignore[arg-type]
    pre = PreActions(ME, state, text, lambda a: submitted.append(a) or True, told.append)  # type: ignore[func-returns-value]
    narration.claims = pre.claim
    game = Played(hand, state, pre, narration, sent, told, submitted)
    game.publish(events)
    yield game


def test_check_or_fold_folds_to_a_raise_in_place_of_the_prompt() -> None:
    with played() as game:
        assert game.hand.actor != ME
        line = game.pre.press(PreKey.FOLD, "F")
        assert line == "Armed for your turn: check, or fold to a bet. Press F again to cancel."
        game.others(game.raise_then_call(8))  # Carla raises: not dropped
        assert game.told == ["As armed: check, or fold to a bet."]
        assert game.prompts() == 0  # the turn's prompt was never sent
        said = [m.text for m in game.sent.messages if m.kind == "action_taken"]
        assert said[:3] == ["Carla raises to 8.", "Diego calls 8.", "You fold."]
        assert game.pre.armed is None


def test_a_call_armed_at_one_price_is_dropped_and_said_when_someone_raises() -> None:
    with played() as game:
        assert game.pre.press(PreKey.CALL, "C") == (
            "Armed for your turn: call 1. Press C again to call any bet."
        )
        game.others(game.raise_then_call(6))
        assert game.told == ["No longer armed: call 1. It costs 5 to call now."]
        assert game.hand.actor == ME and game.prompts() == 1  # the turn is the player's
        assert game.pre.armed is None


def test_in_big_blinds_what_is_armed_and_dropped_says_big_blinds() -> None:
    with played(unit=Unit.BIG_BLINDS) as game:
        assert game.pre.press(PreKey.CALL, "C") == (
            "Armed for your turn: call 0.5 big blinds. Press C again to call any bet."
        )
        game.others(game.raise_then_call(6))
        assert game.told == [
            "No longer armed: call 0.5 big blinds. It costs 2.5 big blinds to call now."
        ]


def test_c_twice_calls_any_bet_and_a_raise_does_not_drop_it() -> None:
    with played("es") as game:
        game.pre.press(PreKey.CALL, "C")
        line = game.pre.press(PreKey.CALL, "C")
        assert line == (
            "Preparado para tu turno: seguir con lo que apuesten. Pulsa C otra vez para anularlo."
        )
        assert game.pre.armed is not None and game.pre.armed.kind is PreKind.CALL_ANY
        game.others(game.raise_then_call(6))
        assert game.told == ["Como lo preparaste: seguir con lo que apuesten."]
        assert game.state.snapshot().seats[ME].contributed == 6  # called the raise


def test_the_key_of_what_is_armed_cancels_it() -> None:
    with played() as game:
        game.pre.press(PreKey.FOLD, "F")
        assert game.pre.press(PreKey.FOLD, "F") == "Cancelled: nothing is armed for your turn."
        game.pre.press(PreKey.CALL, "C")
        game.pre.press(PreKey.CALL, "C")
        assert game.pre.press(PreKey.CALL, "C") == "Cancelled: nothing is armed for your turn."
        game.others(lambda seat: Action(ActionKind.CALL))
        assert game.hand.actor == ME and game.prompts() == 1 and game.told == []


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "No longer armed: check, or fold to a bet. That betting round is over."),
        ("es", "Ya no está preparado: ver, o irte si apuestan. Esa ronda de apuestas terminó."),
    ],
)
def test_a_round_that_ends_before_the_turn_drops_it_and_says_so(lang: str, said: str) -> None:
    with played(lang) as game:
        game.others(lambda seat: Action(ActionKind.CALL))
        game.mine(Action(ActionKind.CALL))  # the small blind completes
        game.pre.press(PreKey.FOLD, "F")  # armed while Beto, the big blind, decides
        game.others(lambda seat: Action(ActionKind.CHECK))  # he checks: the flop comes
        assert game.told == [said]
        assert game.pre.armed is None


def test_nothing_arms_once_the_player_folded_or_between_hands() -> None:
    with played() as game:
        game.others(lambda seat: Action(ActionKind.CALL))
        game.mine(Action(ActionKind.FOLD))
        assert game.pre.press(PreKey.FOLD, "F") is None
        assert game.pre.press(PreKey.CALL, "C") is None


def test_t_says_what_is_armed() -> None:
    with played("es") as game:
        assert game.pre.shown() is None
        game.pre.press(PreKey.CALL, "C")
        assert game.pre.shown() == "Preparado para tu turno: seguir con 1."


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        ("en", ["C: arm a check or a call for your turn; again, call any bet; again, cancel.",
                "F: arm check or fold for your turn; again, cancel."]),
        ("es", ["C: prepara ver o seguir para tu turno; otra vez, seguir con lo que apuesten;"
                " otra vez, lo anula.",
                "F: prepara ver, o irte si apuestan, para tu turno; otra vez, lo anula."]),
    ],
)  # fmt: skip
def test_help_on_someone_elses_turn_says_what_c_and_f_arm(lang: str, lines: list[str]) -> None:
    theirs = help_items(UiText(lang), default_keymap(), HelpContext.THEIR_TURN)
    assert all(line in theirs for line in lines), theirs
    mine = help_items(UiText(lang), default_keymap(), HelpContext.YOUR_TURN)
    assert not any(line in mine for line in lines)


def test_a_call_that_takes_every_chip_says_so() -> None:
    with played("es") as game:
        game.publish(game.hand.act(2, Action(ActionKind.RAISE, 200)))  # Carla shoves
        assert game.hand.actor == 3  # Diego to act; the player, the small blind, after him
        line = game.pre.press(PreKey.CALL, "C")
        assert line == (
            "Preparado para tu turno: seguir con 199, jugando el resto."
            " Pulsa C otra vez para seguir con lo que apuesten."
        )
