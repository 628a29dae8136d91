"""Every key in every state, through the real prompt_toolkit app on a pipe input: the
player's turn, someone else's turn, between hands, the amount entry and the questions.

The table is a real engine hand (tests/ui_harness.py); a key's action is checked by what
the seat hands to the conductor and by applying it to the engine.
"""

from __future__ import annotations

import pytest
from ui_harness import (
    CTRL_C,
    END,
    ESCAPE,
    HOME,
    LEFT,
    RIGHT,
    Table,
    check_is_free,
    driven,
    facing_raise,
    last_action_of,
    make_table,
    run_by_name,
)

from audiopoker.engine.actions import Action, ActionKind
from audiopoker.ui.keymap import Mode, apply_overrides, default_keymap
from audiopoker.ui.ui_text import UiText

# --- the player's turn ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "answer"),
    [
        ("d", "Your cards: ace of spades and king of hearts."),
        ("s", "You have 199 chips, and 1 bet this round."),
        ("v", "5 chips to call."),
        ("e", "No cards on the table yet."),
        ("g", "Your best hand: ace high."),
        (
            "t",
            "Your turn: 5 to call, with 9 in the pot. You can call, raise to between 10"
            " and 200, or fold.",
        ),  # the whole prompt again
        ("1", "ace of spades."),
        ("2", "king of hearts."),
        ("3", "The flop is not dealt yet."),
        ("7", "The river is not dealt yet."),
        ("p", "Pot: 9 chips."),
        ("n", "Seat 2, Ana: 198 chips, in the hand, big blind, bet 2 this round."),
        ("b", "Seat 3, Beto: 194 chips, in the hand, the button, bet 6 this round."),
        ("l", "Beto raises to 6."),
        ("\x1b[15~", "F5 does nothing. H lists the keys."),  # every letter is bound
        ("D", "Your cards: ace of spades and king of hearts."),  # Shift or Caps Lock
    ],
)
def test_query_keys_on_your_turn(key: str, answer: str) -> None:
    table = facing_raise()
    with driven(table) as keys:
        keys.press(key)
    assert table.output.last.text == answer
    assert table.output.last.interrupt, "answers cut off current speech"
    assert table.take_decision() is None, "a query key changes nothing"
    assert table.seat.pending is not None


def test_the_players_own_seat_is_said_in_the_second_person() -> None:
    table = facing_raise("es")
    with driven(table) as keys:
        for _ in range(3):  # Ana, Beto, then the player's own seat
            keys.press("n")
    assert table.output.last.text == (
        "Asiento 1, tú: 199 fichas, en juego, ciega pequeña, apostaste 1 en esta ronda, te toca."
    )
    english = facing_raise()
    with driven(english) as keys:
        keys.press("b")
        keys.press("n")
    assert english.output.last.text == (
        "Seat 1, you: 199 chips, in the hand, small blind, bet 1 this round, your turn."
    )


def test_query_keys_answer_in_spanish() -> None:
    table = facing_raise("es")
    with driven(table) as keys:
        for key in "dvt1":
            keys.press(key)
    assert table.output.texts == [
        "Tus cartas: as de picas y rey de corazones.",
        "Para seguir pones 5 fichas.",
        "Te toca: para seguir pones 5; hay 9 en el bote. Puedes seguir, subir a una cantidad"
        " entre 10 y 200 o irte.",
        "as de picas.",
    ]


@pytest.mark.parametrize(
    ("lang", "key", "braille"),
    [
        ("en", "d", "Your cards: As Kh."),
        ("es", "d", "Tus cartas: Ap Kc."),  # picas, corazones
        ("en", "1", "As."),
        ("es", "2", "Kc."),
    ],
)
def test_cards_asked_for_reach_the_braille_display_as_letters(
    lang: str, key: str, braille: str
) -> None:
    table = facing_raise(lang)
    with driven(table) as keys:
        keys.press(key)
    assert table.output.last.braille == braille


def test_the_board_asked_for_reaches_braille_as_letters() -> None:
    table = check_is_free()
    with driven(table) as keys:
        keys.press("e")
    message = table.output.last
    assert message.text.startswith("The board: ") and " and " in message.text
    assert message.braille is not None
    cards = message.braille.removeprefix("The board: ").removesuffix(".").split()
    assert len(cards) == 3 and all(2 <= len(card) <= 3 for card in cards), message.braille


def test_c_calls_and_the_engine_takes_the_call() -> None:
    table = facing_raise()
    with driven(table) as keys:
        keys.press("c")
    assert table.apply_decision() == Action.call()
    taken = last_action_of(table)
    assert (taken.seat, taken.kind, taken.amount, taken.to) == (0, ActionKind.CALL, 5, 6)


def test_c_checks_when_free() -> None:
    table = check_is_free()
    with driven(table) as keys:
        keys.press("C")
    assert table.apply_decision() == Action.check()
    assert last_action_of(table).kind is ActionKind.CHECK


def test_f_folds_at_once_when_something_is_owed() -> None:
    table = facing_raise()
    with driven(table) as keys:
        keys.press("f")
    assert table.apply_decision() == Action.fold()
    assert last_action_of(table).kind is ActionKind.FOLD


def test_a_asks_first_and_a_again_goes_all_in() -> None:
    table = facing_raise()
    with driven(table) as keys:
        keys.press("a")
        assert table.output.last.text == "Raise to 200 and be all in? Press A again."
        assert table.controller.mode is Mode.CONFIRM and table.take_decision() is None
        keys.press("a")
    assert table.apply_decision() == Action.raise_to(200)
    taken = last_action_of(table)
    assert taken.all_in and taken.stack == 0


def test_f_when_check_is_free_asks_and_f_again_folds() -> None:
    table = check_is_free()
    with driven(table) as keys:
        keys.press("f")
        assert table.output.last.text == "Checking is free. Press F again to fold."
        assert table.controller.mode is Mode.CONFIRM and table.take_decision() is None
        keys.press("f")
    assert table.apply_decision() == Action.fold()


@pytest.mark.parametrize("no", ["n", ESCAPE])
def test_f_when_check_is_free_then_no_keeps_the_turn(no: str) -> None:
    table = check_is_free()
    with driven(table) as keys:
        keys.press("f")
        keys.press(no)
    assert table.output.texts[-2:] == [
        "Not folded.",
        "Your turn, with 6 in the pot. You can check or bet between 2 and 198.",
    ]
    assert table.take_decision() is None and table.seat.pending is not None
    assert table.controller.mode is Mode.GAME


def test_c_during_the_fold_question_closes_it_and_does_not_check() -> None:
    # More keys during a question: tests/test_ui_questions.py.
    table = check_is_free()
    with driven(table) as keys:
        keys.press("f")
        keys.press("c")
    assert table.take_decision() is None and table.seat.pending is not None
    assert table.output.texts[-2] == "Not folded, and C did nothing."


def test_a_when_raising_is_closed_answers_and_changes_nothing() -> None:
    # Flop: the player bets 10, Ana calls, Beto's all-in to 14 is short: no re-raise.
    table = make_table(stacks=(200, 200, 20))
    table.act(2, Action.raise_to(6))
    table.act(0, Action.call())
    table.act(1, Action.call())
    table.act(0, Action.bet(10))
    table.act(1, Action.call())
    table.act(2, Action.raise_to(14))
    legal = table.seat.pending
    assert legal is not None and legal.raise_kind is None and legal.to_call == 4
    with driven(table) as keys:
        keys.press("a")
        assert table.output.last.text == (
            "All in is not possible now: raising is closed. C calls 4 chips; F folds."
        )
        keys.press("r")
        assert table.output.last.text == (
            "You cannot raise: the short all-in does not reopen the betting. Call or fold."
        )
    assert table.take_decision() is None and table.seat.pending is not None


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "You cannot raise: everyone else is all in, so nobody could call. Call or fold."),
        (
            "es",
            "No puedes subir: todos los demás han jugado el resto y nadie podría seguirte. "
            "Puedes seguir o irte.",
        ),
    ],
)
def test_r_with_the_only_opponent_all_in_says_the_engines_reason(lang: str, said: str) -> None:
    """Issue 17: R said "You cannot raise now" when the only opponent was all in; the
    engine's reason is said instead (its catalog sentence)."""
    table = make_table(stacks=(200, 20, 200), lang=lang)
    table.act(2, Action.fold())
    table.act(0, Action.raise_to(6))
    table.act(1, Action.raise_to(20))
    legal = table.seat.pending
    assert legal is not None and legal.raise_kind is None
    with driven(table) as keys:
        keys.press("r")
        assert table.output.last.text == said
    assert table.take_decision() is None and table.seat.pending is not None


def test_when_calling_takes_every_chip_a_calls_and_r_explains() -> None:
    table = make_table(stacks=(5, 200, 200))
    table.act(2, Action.raise_to(6))
    with driven(table) as keys:
        keys.press("v")
        assert table.output.last.text == "Calling puts you all in: 4 chips."
        keys.press("r")
        assert table.output.last.text == (
            "You cannot raise: calling puts you all in with 4 chips. C calls; F folds."
        )
        keys.press("a")
        assert table.output.last.text == "Call 4 and be all in? Press A again."
        keys.press("a")
    assert table.apply_decision() == Action.call()
    assert last_action_of(table).all_in


# --- someone else's turn --------------------------------------------------------------


@pytest.mark.parametrize("key", ["c", "r", "a", "f"])
def test_action_keys_out_of_turn_answer_and_change_nothing(key: str) -> None:
    table = make_table()  # Beto (button) acts first
    with driven(table) as keys:
        keys.press(key)
    assert table.output.last.text == "Not your turn: Beto is to act."
    assert table.take_decision() is None
    assert table.controller.mode is Mode.GAME


@pytest.mark.parametrize(
    ("key", "answer"),
    [
        ("t", "Beto's turn."),
        ("v", "1 chip to call."),
        ("s", "You have 199 chips, and 1 bet this round."),
        ("d", "Your cards: ace of spades and king of hearts."),
        ("p", "Pot: 3 chips."),
        ("l", "Nobody has acted yet this hand."),
    ],
)
def test_query_keys_out_of_turn(key: str, answer: str) -> None:
    table = make_table()
    with driven(table) as keys:
        keys.press(key)
    assert table.output.last.text == answer


def test_after_folding_the_player_hears_why() -> None:
    table = facing_raise()
    table.act(0, Action.fold())
    with driven(table) as keys:
        keys.press("v")
        assert table.output.last.text == "You folded this hand."
        keys.press("d")
        assert table.output.last.text == "You folded ace of spades and king of hearts."
        keys.press("c")
        assert table.output.last.text == "Not your turn: Ana is to act."


# --- between hands --------------------------------------------------------------------


def between_hands() -> Table:
    table = facing_raise()
    table.act(0, Action.fold())
    table.act(1, Action.fold())
    assert table.hand.is_over
    return table


@pytest.mark.parametrize(
    ("key", "answer"),
    [
        ("c", "Not your turn: the next hand is about to start."),
        ("r", "Not your turn: the next hand is about to start."),
        ("a", "Not your turn: the next hand is about to start."),
        ("f", "Not your turn: the next hand is about to start."),
        ("v", "No hand is being played."),
        ("t", "No hand is being played."),
        ("s", "You have 199 chips."),
        ("p", "The pot is empty."),
        ("n", "Seat 2, Ana: 198 chips, in the game."),
        ("b", "Seat 3, Beto: 203 chips, in the game, the button."),
    ],
)
def test_keys_between_hands(key: str, answer: str) -> None:
    table = between_hands()
    with driven(table) as keys:
        keys.press(key)
    assert table.output.last.text == answer
    assert table.take_decision() is None


# --- watching -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "answer"),
    [
        ("c", "You are watching: the bots play."),
        ("d", "You are watching: you have no seat."),
        ("s", "You are watching: you have no seat."),
        ("1", "You are watching: you have no seat."),
        ("t", "Beto's turn."),
        ("p", "Pot: 3 chips."),
        ("e", "No cards on the table yet."),
    ],
)
def test_keys_when_watching(key: str, answer: str) -> None:
    table = make_table(me=None)
    with driven(table) as keys:
        keys.press(key)
    assert table.output.last.text == answer


# --- messages, settings, quitting -----------------------------------------------------


@pytest.mark.parametrize(
    ("key", "call"),
    [
        ("m", "repeat"),
        (LEFT, "previous"),
        (RIGHT, "next"),
        (HOME, "first"),
        (END, "last"),
        ("x", "silence"),
        (ESCAPE, "silence"),
    ],
)
def test_message_keys_reach_the_router(key: str, call: str) -> None:
    table = facing_raise()
    with driven(table) as keys:
        keys.press(key)
    assert table.output.calls == [call]


def test_help_opens_a_list_of_every_bound_key_not_a_flood() -> None:
    table = make_table()
    with driven(table) as keys:
        keys.press("h")
    help_messages = [m for m in table.output.messages if m.kind == "help"]
    assert len(help_messages) == 2  # the opening words and the first item; arrows walk on
    assert help_messages[0].interrupt and not help_messages[1].interrupt
    texts = table.controller.help_lines()
    # not the player's turn: C and F arm what the turn will play (audiopoker.ui.pre_actions)
    assert "F: arm check or fold for your turn; again, cancel." in texts
    assert "H or question mark: this list of keys." in texts
    assert "Page Up: half the pot more." in texts
    assert "Escape: close the list." in texts
    assert "Type lesson: a short lesson: the hands and the betting." in texts
    assert (
        "O: the options: how much is said, the bots' pace, sound, the all-in warning and the"
        " review." in texts
    )
    # Only what this table offers: no chat at a local table, no level out of a tournament.
    assert not any("chat" in line or "tournament" in line for line in texts)


def test_lesson_is_the_hands_the_betting_and_a_glossary() -> None:
    table = make_table()
    with driven(table) as keys:
        run_by_name(keys, "lesson")
    lesson = table.controller.text.lesson()
    told = [m for m in table.output.messages if m.kind == "lesson"]
    assert len(told) == 2 and table.output.messages[-2] == told[0]  # the lesson, nothing after
    assert told[0].text == lesson[0]  # the first part at once
    assert lesson[1].startswith("Straight flush") and lesson[9].startswith("High card")
    assert lesson[14] == "The words of the game." and len(lesson) == 39


def test_verbosity_key_cycles() -> None:
    """Verbosity has no key now (it is in the options); a player's keymap may give it one."""
    keymap = apply_overrides(default_keymap(), '[game]\nverbosity = "w"\n', "mine")
    table = make_table(keymap=keymap)
    with driven(table) as keys:
        keys.press("w")
        keys.press("w")
    assert table.output.texts == [
        "Verbose: whose turn it is, and stacks and pot after each action.",
        "Brief: only what matters.",
    ]


def test_pace_keys_step_and_stop_at_the_ends() -> None:
    table = make_table()
    with driven(table) as keys:
        keys.press("-")
        keys.press("+")
        keys.press("+")
        for _ in range(5):
            keys.press("=")
    assert table.pace[:4] == [1.0, 1.5, 1.0, 0.75]
    assert table.pace[-1] == 0.0
    assert table.output.texts[:2] == ["Bots wait 1.5 seconds.", "Bots wait 1 second."]
    assert table.output.last.text == "That is the limit. Bots play as fast as speech allows."


def test_q_asks_and_n_keeps_playing() -> None:
    table = make_table()
    with driven(table) as keys:
        keys.press("q")
        assert table.output.last.text == "Press Q again to quit the game."
        keys.press("n")
    assert table.output.last.text == "Still playing."
    assert table.quits == []


def test_q_then_q_again_quits() -> None:
    table = make_table()
    with driven(table) as keys:
        keys.press("q")
        keys.press("Q")
    assert table.output.last.text == "Goodbye."
    assert table.quits == [True]


def test_control_c_quits_at_once_in_any_mode() -> None:
    table = facing_raise()
    with driven(table) as keys:
        keys.press("r")
        keys.press(CTRL_C)
    assert table.quits == [True]
    assert table.take_decision() is None


def test_p_says_the_side_pots_when_someone_is_all_in() -> None:
    table = make_table(stacks=(200, 200, 20))
    table.act(2, Action.raise_to(20))  # Beto all in
    table.act(0, Action.call())
    table.act(1, Action.call())
    table.act(0, Action.bet(10))
    table.act(1, Action.call())
    with driven(table) as keys:
        keys.press("p")
        assert table.output.last.text == "Pots: main pot 60 and side pot 20."
        keys.press("b")
        assert table.output.last.text == "Seat 3, Beto: 0 chips, all in, the button."


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Pot: 60; 10 chips you bet that nobody has called yet."),
        ("es", "Bote: 60; 10 fichas que apostaste y nadie ha igualado aún."),
    ],
)
def test_p_tells_a_bet_nobody_has_called_apart_from_the_side_pots(lang: str, said: str) -> None:
    """Issue 17: the player's bet of 10 after Beto's all-in is not a side pot yet."""
    table = make_table(stacks=(200, 200, 20), lang=lang)
    table.act(2, Action.raise_to(20))  # Beto all in
    table.act(0, Action.call())
    table.act(1, Action.call())
    table.act(0, Action.bet(10))
    with driven(table) as keys:
        keys.press("p")
        assert table.output.last.text == said


def test_the_uncalled_bet_of_another_player_is_named_in_both_languages() -> None:
    en, es = UiText("en"), UiText("es")
    assert en.pots(15, [20], en.uncalled(8, "Beto")) == (
        "Pots: main pot 15 and side pot 20; 8 chips bet by Beto that nobody has called yet."
    )
    assert es.pots(15, [20], es.uncalled(1, "Beto")) == (
        "Botes: bote principal 15 y bote secundario 20; 1 ficha apostada por Beto que nadie "
        "ha igualado aún."
    )


def test_several_side_pots_are_numbered_apart_from_their_amounts() -> None:
    assert UiText("en").pots(60, [20, 10]) == (
        "Pots: main pot 60, side pot 1 with 20 and side pot 2 with 10."
    )
    assert UiText("es").pots(60, [20]) == "Botes: bote principal 60 y bote secundario 20."
