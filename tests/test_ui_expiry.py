"""The key loop ends the player's turn the moment an action key is taken, and the turn's
messages say what state they describe; the TurnExpiry listener ends the states when the
table moves on (tests/test_output_expiry.py has what the router then does with them)."""

from __future__ import annotations

import pytest
from ui_harness import ESCAPE, NAMES, driven, facing_raise

from audiopoker.engine.actions import Action
from audiopoker.engine.events import ActionTaken, HandEnded, HandStarted
from audiopoker.output.message import THEIR_TURN, YOUR_TURN
from audiopoker.ui.expiry import TurnExpiry


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("keys", ["c", "f", "aa"])
def test_an_action_key_ends_the_turn_at_once(lang: str, keys: str) -> None:
    table = facing_raise(lang)
    with driven(table) as driver:
        for key in keys:
            driver.press(key)
    assert table.take_decision() is not None
    assert table.output.expired.count(f"expire {YOUR_TURN} acted") == 1


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_key_that_acts_not_ends_nothing(lang: str) -> None:
    table = facing_raise(lang)
    with driven(table) as driver:
        driver.press("s")
        driver.press("v")
    assert table.output.expired == []


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("key", ["r", "h", "o"])
def test_a_key_that_says_the_choice_anew_drops_the_turn_prompt(lang: str, key: str) -> None:
    """R's amount question and a list (help, the options) say the choices their own way:
    the turn prompt they cut is not said again after each digit or inside the list (the
    list's leaving says T repeats them); the turn is still the player's."""
    table = facing_raise(lang)
    with driven(table) as driver:
        driver.press(key)
        driver.press(ESCAPE)
    assert table.output.expired.count(f"expire {YOUR_TURN}") == 1
    assert f"expire {YOUR_TURN} acted" not in table.output.expired
    assert table.take_decision() is None


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_turns_messages_say_they_last_while_the_turn_lasts(lang: str) -> None:
    table = facing_raise(lang)
    with driven(table) as driver:
        driver.press("r")  # the amount prompt
        driver.press(ESCAPE)  # cancelled: the choices again
        driver.press("a")  # the all-in question
    by_kind = {message.kind: message for message in table.output.messages}
    assert by_kind["question"].true_while == YOUR_TURN
    assert by_kind["your_turn"].true_while == YOUR_TURN
    assert by_kind["answer"].true_while == ""  # "cancelled" is true for good


@pytest.mark.parametrize("lang", ["en", "es"])
def test_not_your_turn_lasts_while_the_other_player_is_to_act(lang: str) -> None:
    table = facing_raise(lang)
    table.act(0, Action.call())  # now the big blind is to act
    with driven(table) as driver:
        driver.press("c")
    refusal = table.output.last
    assert refusal.kind == "error" and refusal.true_while == THEIR_TURN
    assert NAMES[1] in refusal.text  # the big blind is to act


class Expired:
    def __init__(self) -> None:
        self.states: list[str] = []

    def expire(self, state: str, acted: bool = False) -> None:
        self.states.append(state)


def test_the_listener_ends_the_states_as_the_table_moves_on() -> None:
    table = facing_raise()
    expired = Expired()
    listener = TurnExpiry(0, expired)
    events = list(table.hand.events)
    started = next(e for e in events if isinstance(e, HandStarted))
    other = next(e for e in events if isinstance(e, ActionTaken) and e.seat != 0)
    listener.on_event(other)
    assert expired.states == [THEIR_TURN]
    table.act(0, Action.fold())
    mine = [e for e in table.hand.events if isinstance(e, ActionTaken)][-1]
    listener.on_event(mine)
    assert expired.states == [THEIR_TURN, THEIR_TURN, YOUR_TURN]
    expired.states.clear()
    listener.on_event(started)
    ended = next((e for e in table.hand.events if isinstance(e, HandEnded)), None)
    if ended is not None:
        listener.on_event(ended)
    assert set(expired.states) == {YOUR_TURN, THEIR_TURN}
