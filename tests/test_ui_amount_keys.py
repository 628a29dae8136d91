"""The amount entry (after R), through the real prompt_toolkit app on a pipe input: the
range said, digits typed, arrows and page keys, refusals with the range, Escape cancelling,
query keys answering while it stays open."""

from __future__ import annotations

import pytest
from ui_harness import (
    BACKSPACE,
    DOWN,
    END,
    ENTER,
    ESCAPE,
    HOME,
    PAGE_DOWN,
    PAGE_UP,
    UP,
    check_is_free,
    driven,
    facing_raise,
    last_action_of,
    make_table,
)

from audiopoker.engine.actions import Action, ActionKind
from audiopoker.ui.keymap import Mode

# --- the amount entry -----------------------------------------------------------------


def test_r_opens_the_amount_entry_with_the_range() -> None:
    table = facing_raise()
    with driven(table) as keys:
        keys.press("r")
    assert table.output.last.text == (
        "Raise to how much? From 10 to 200. Type the total or use the arrows, then Enter. "
        "Escape cancels."
    )
    assert table.controller.mode is Mode.AMOUNT


def test_r_when_nobody_bet_opens_a_bet() -> None:
    table = check_is_free()
    with driven(table) as keys:
        keys.press("r")
        assert table.output.last.text.startswith("Bet how much? From 2 to 198.")
        keys.press("8")
        keys.press(ENTER)
    assert table.apply_decision() == Action.bet(8)


def test_typed_digits_and_enter_raise_to_the_total() -> None:
    table = facing_raise()
    with driven(table) as keys:
        for key in ("r", "2", "5"):
            keys.press(key)
        assert table.output.texts[-2:] == ["2", "25"]
        keys.press(ENTER)
    assert table.apply_decision() == Action.raise_to(25)
    taken = last_action_of(table)
    assert (taken.kind, taken.to, taken.amount) == (ActionKind.RAISE, 25, 24)
    assert table.controller.mode is Mode.GAME


def test_arrows_page_keys_home_and_end_move_the_amount() -> None:
    table = facing_raise()  # big blind 2, pot 9: half the pot is 4
    spoken = []
    with driven(table) as keys:
        keys.press("r")
        for key in (UP, UP, DOWN, PAGE_UP, PAGE_DOWN, END, HOME, DOWN):
            keys.press(key)
            spoken.append(table.output.last.text)
        keys.press(UP)
        keys.press(ENTER)
    assert spoken == [
        "12.",
        "14.",
        "12.",
        "16.",
        "12.",
        "200, all in.",
        "10, the minimum.",
        "10, the minimum.",  # the arrows stop at the legal range
    ]
    assert table.apply_decision() == Action.raise_to(12)


def test_backspace_deletes_a_digit() -> None:
    table = facing_raise()
    with driven(table) as keys:
        for key in ("r", "3", "0", BACKSPACE, "5", ENTER):
            keys.press(key)
    assert table.apply_decision() == Action.raise_to(35)


@pytest.mark.parametrize(("typed", "amount"), [("5", 5), ("201", 201), ("9999", 9999)])
def test_an_amount_out_of_range_is_refused_with_the_range(typed: str, amount: int) -> None:
    table = facing_raise()
    with driven(table) as keys:
        keys.press("r")
        for digit in typed:
            keys.press(digit)
        keys.press(ENTER)
        why = "below the minimum" if amount < 10 else "more than you have"
        assert table.output.last.text == (
            f"{amount} is {why}. Type from 10 to 200, or Escape to cancel."
        )
        assert table.take_decision() is None
        assert table.controller.mode is Mode.AMOUNT  # still asking
        keys.press(ENTER)  # the entry is empty again: no amount the player never heard
        assert table.output.last.text == "Type an amount first, from 10 to 200."
        assert table.take_decision() is None
        keys.press("1")
        keys.press("1")
        keys.press(ENTER)
    assert table.apply_decision() == Action.raise_to(11)


def test_enter_with_nothing_typed_asks_for_an_amount() -> None:
    table = facing_raise()
    with driven(table) as keys:
        keys.press("r")
        keys.press(BACKSPACE)
        keys.press(ENTER)
    assert table.output.last.text == "Type an amount first, from 10 to 200."
    assert table.take_decision() is None


def test_escape_cancels_the_entry_and_bets_nothing() -> None:
    table = facing_raise()
    with driven(table) as keys:
        keys.press("r")
        keys.press("5")
        keys.press("0")
        keys.press(ESCAPE)
    assert table.output.texts[-2:] == [
        "Raise cancelled; nothing was bet.",
        "Your turn: 5 to call, with 9 in the pot. You can call, raise to between 10 and 200,"
        " or fold.",  # the choices again
    ]
    assert table.controller.mode is Mode.GAME
    assert table.take_decision() is None and table.seat.pending is not None


def test_query_keys_answer_during_the_entry_and_keep_it_open() -> None:
    table = facing_raise()
    with driven(table) as keys:
        keys.press("r")
        keys.press("2")
        keys.press("s")
        assert table.output.last.text == "You have 199 chips, and 1 bet this round."
        keys.press("p")
        assert table.output.last.text == "Pot: 9 chips."
        keys.press("c")
        assert table.output.last.text == (
            "You are choosing an amount: Enter bets it, Escape cancels."
        )
        keys.press("0")
        keys.press(ENTER)
    assert table.apply_decision() == Action.raise_to(20)


def test_only_all_in_is_offered_when_min_equals_max() -> None:
    table = make_table(stacks=(9, 200, 200))  # 8 behind after the small blind
    table.act(2, Action.raise_to(6))
    legal = table.seat.pending
    assert legal is not None and legal.min_raise_to == legal.max_raise_to == 9
    with driven(table) as keys:
        keys.press("r")
        assert table.output.last.text == (
            "You can only go all in, to 9. Enter confirms, Escape cancels."
        )
        keys.press(ENTER)
    assert table.apply_decision() == Action.raise_to(9)
