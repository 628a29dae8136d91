"""Questions during the game ("Checking is free. Press F again to fold.", "Press Q again to
quit the game.", "Bet 198 and be all in? Press A again."), through the real prompt_toolkit
app, in both languages: the question's own key confirms it; the cancel keys (N, Escape) and
any other betting key close it and change nothing, then the choices are said again; every
other key answers and the question waits. No "yes" key: Spanish S stays "your chips".
T and a cancelled amount entry say the whole prompt again.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from test_persistence_prefs import SETTINGS, game, saved_prefs, wait
from ui_harness import (
    ENTER,
    ESCAPE,
    NAMES,
    Table,
    check_is_free,
    driven,
    facing_raise,
    last_action_of,
    make_table,
    to_option,
)

from audiopoker.engine.actions import Action, ActionKind, LegalActions
from audiopoker.narration.narrator import Narrator
from audiopoker.output.message import Verbosity
from audiopoker.persistence import Store
from audiopoker.ui.keymap import Mode, default_keymap
from audiopoker.ui.startup import Answer, ask_resume

# What the table said when the turn came: the prompt said again is the same words.
PROMPT = {
    lang: " ".join(
        message.text
        for message in Narrator(NAMES, lang, Verbosity.NORMAL, 0).your_turn_messages(
            LegalActions(0, True, 0, False, ActionKind.BET, 2, 198, 198, 0, 6)
        )
    )
    for lang in ("en", "es")
}


def test_spanish_f_then_s_does_not_fold_s_tells_the_chips() -> None:
    table = check_is_free("es")
    with driven(table) as keys:
        keys.press("f")
        assert table.output.last.text == "Ver no cuesta nada. Pulsa F otra vez para irte."
        keys.press("s")
        assert table.output.last.text.startswith("Tienes 198 fichas")
        assert table.controller.mode is Mode.CONFIRM and table.take_decision() is None
        keys.press("S")  # Shift or Caps Lock: the same
        keys.press("n")
    assert table.take_decision() is None and table.seat.pending is not None
    assert table.output.texts[-2:] == ["No te vas.", PROMPT["es"]]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_f_again_folds(lang: str) -> None:
    table = check_is_free(lang)
    with driven(table) as keys:
        keys.press("f")
        keys.press("F")
    assert table.apply_decision() == Action.fold()


@pytest.mark.parametrize(("key", "name"), [("a", "A"), ("c", "C"), ("r", "R"), ("q", "Q")])
def test_another_betting_key_during_the_fold_question_closes_it_and_bets_nothing(
    key: str, name: str
) -> None:
    table = check_is_free()
    with driven(table) as keys:
        keys.press("f")
        keys.press(key)
        assert table.controller.mode is Mode.GAME and table.controller.amount is None
        assert table.output.texts[-2:] == [f"Not folded, and {name} did nothing.", PROMPT["en"]]
        assert table.output.messages[-2].kind == "error"
    assert table.take_decision() is None and table.seat.pending is not None and not table.quits


@pytest.mark.parametrize(("lang", "cancelled"), [("en", "Not folded."), ("es", "No te vas.")])
@pytest.mark.parametrize("key", ["n", ESCAPE])
def test_a_reflex_key_cancels_and_the_prompt_is_said_again(
    lang: str, cancelled: str, key: str
) -> None:
    table = check_is_free(lang)
    with driven(table) as keys:
        keys.press("f")
        keys.press(key)
        assert table.controller.mode is Mode.GAME
        keys.press("c")  # the next key acts as usual
    assert table.output.texts[-2:] == [cancelled, PROMPT[lang]]
    assert table.apply_decision() == Action.check()


def test_a_query_key_answers_and_the_question_waits() -> None:
    table = check_is_free()
    with driven(table) as keys:
        keys.press("f")
        for query in "vdpb":
            keys.press(query)
            assert table.controller.mode is Mode.CONFIRM
        assert table.take_decision() is None
        keys.press("f")
    assert table.apply_decision() == Action.fold()


def test_a_key_that_does_nothing_says_so_and_the_question_again() -> None:
    table = check_is_free()
    with driven(table) as keys:
        keys.press("f")
        keys.press("\x1b[15~")  # F5: every letter is bound
        assert table.controller.mode is Mode.CONFIRM
    assert table.output.texts[-2:] == [
        "F5 does nothing. H lists the keys.",
        "Checking is free. Press F again to fold.",
    ]


@pytest.mark.parametrize(
    ("lang", "question"),
    [
        ("en", "Press Q again to quit the game."),
        ("es", "Pulsa Q otra vez para salir de la partida."),
    ],
)
def test_quit_asks_and_q_again_quits(lang: str, question: str) -> None:
    table = make_table(lang=lang)
    with driven(table) as keys:
        keys.press("q")
        assert table.output.last.text == question
        keys.press("s")  # your chips (also "sí" in Spanish): never quits
        assert table.quits == [] and table.controller.mode is Mode.CONFIRM
        keys.press("c")  # a betting key: closes the question
        assert table.quits == [] and table.controller.mode is Mode.GAME
        keys.press("q")
        keys.press("q")
    assert table.quits == [True]


def test_q_during_the_amount_entry_goes_back_to_the_amount_when_cancelled() -> None:
    table = check_is_free()
    with driven(table) as keys:
        keys.press("r")
        keys.press("q")
        assert table.controller.mode is Mode.CONFIRM
        keys.press("n")
        assert table.controller.mode is Mode.AMOUNT
        keys.press(ENTER)
    assert table.apply_decision() == Action.bet(2)


# --- the all-in warning ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "question", "cancelled"),
    [
        ("en", "Bet 198 and be all in? Press A again.", "Not all in."),
        ("es", "¿Apostar 198 jugando el resto? Pulsa A otra vez.", "No juegas el resto."),
    ],
)
def test_a_warns_before_all_in_and_n_cancels(lang: str, question: str, cancelled: str) -> None:
    table = check_is_free(lang)
    with driven(table) as keys:
        keys.press("a")
        assert table.output.last.text == question
        keys.press("n")
        assert table.output.texts[-2:] == [cancelled, PROMPT[lang]]
        assert table.take_decision() is None
        keys.press("a")
        keys.press("a")
    assert table.apply_decision() == Action.bet(198)


def _all_in_short_of_a_call(lang: str) -> Table:
    """Five chips, the small blind: Beto raises to 6, so calling takes every chip."""
    table = make_table(stacks=(5, 200, 200), lang=lang)
    table.act(2, Action.raise_to(6))
    return table


@pytest.mark.parametrize(
    ("setup", "lang", "question", "result"),
    [
        (facing_raise, "en", "Raise to 200 and be all in?", "You raise to 200 and are all in."),
        (facing_raise, "es", "¿Subir a 200 jugando el resto?", "Subes a 200 y juegas el resto."),
        (check_is_free, "en", "Bet 198 and be all in?", "You bet 198 and are all in."),
        (
            check_is_free,
            "es",
            "¿Apostar 198 jugando el resto?",
            "Apuestas 198 y juegas el resto.",
        ),
        (
            _all_in_short_of_a_call,
            "en",
            "Call 4 and be all in?",
            "You call 4, 5 in all, and are all in.",
        ),
        (
            _all_in_short_of_a_call,
            "es",
            "¿Seguir con 4 jugando el resto?",
            "Sigues con 4, 5 en total, y juegas el resto.",
        ),
    ],
)
def test_the_all_in_question_says_the_number_the_action_says(
    setup: Callable[[str], Table], lang: str, question: str, result: str
) -> None:
    """Issue 23, part 10: "All in with 30 chips?" then "You raise to 32": one number for
    one act, the total as bets and raises are told (a call's chips added)."""
    table = setup(lang)
    with driven(table) as keys:
        keys.press("a")
        asked = table.output.last.text
        keys.press("a")
    table.apply_decision()
    said = table.words.action(last_action_of(table))
    assert asked.startswith(question)
    assert said == result
    assert re.findall(r"\d+", asked)[:1] == re.findall(r"\d+", said)[:1]


@pytest.mark.parametrize(
    ("lang", "off", "on"),
    [
        (
            "en",
            "Warning before all in: off. A goes all in at once.",
            "Warning before all in: on. A asks first.",
        ),
        (
            "es",
            "Aviso antes de jugar el resto: desactivado. A juega el resto sin preguntar.",
            "Aviso antes de jugar el resto: activado. A pregunta antes.",
        ),
    ],
)
def test_the_options_turn_the_all_in_warning_off_and_on(lang: str, off: str, on: str) -> None:
    table = check_is_free(lang)
    with driven(table) as keys:
        to_option(keys, table.controller, "all_in_warning")
        assert table.output.last.text.startswith(on)  # the item says the setting as it is
        keys.press(ENTER)
        assert table.output.last.text == off
        keys.press(ENTER)
        assert table.output.last.text == on
        keys.press(ENTER)
        keys.press(ESCAPE)  # the options close; the turn waits
        keys.press("a")  # no question now
    assert table.apply_decision() == Action.bet(198)


def test_the_all_in_warning_setting_is_saved_with_the_game(tmp_path: Path) -> None:
    with game(tmp_path, SETTINGS) as (session, pipe, chips, _):
        assert wait(lambda: chips.asked > chips.taken)
        assert session.controller.questions.all_in_warning
        names = [setting.name for setting in session.controller.settings()]
        pipe.send_text("o" + "\x1b[B" * names.index("all_in_warning") + "\r")  # O, Down…, Enter
        assert wait(lambda: saved_prefs(tmp_path).get("all_in_warning") is False)
    saved = Store(tmp_path).load().saved
    assert saved is not None
    with game(tmp_path, dataclasses.replace(SETTINGS), saved) as (session, _, _, _):
        assert session.controller.questions.all_in_warning is False


# --- the prompt again -------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "es"])
def test_t_says_the_whole_prompt_on_your_turn_and_whose_turn_otherwise(lang: str) -> None:
    table = check_is_free(lang)
    with driven(table) as keys:
        keys.press("t")
        assert table.output.last.text == PROMPT[lang]
        keys.press("c")
    table.apply_decision()
    with driven(table) as keys:
        keys.press("t")
    assert table.output.last.text == {"en": "Ana's turn.", "es": "Le toca a Ana."}[lang]


def test_escape_in_the_amount_entry_says_the_prompt_again() -> None:
    table = check_is_free("es")
    with driven(table) as keys:
        keys.press("r")
        keys.press(ESCAPE)
    assert table.output.texts[-1] == PROMPT["es"]
    assert table.controller.mode is Mode.GAME and table.take_decision() is None


# --- the saved-game offer ---------------------------------------------------------------


def test_at_the_offer_only_a_resume_or_the_discard_key_answers() -> None:
    reflex = ["\x1b", "n", "N", "s", "x", " ", "c", "f", "q", "a", "1", "\x1b[A"]
    for keys, answer in [("\r", Answer.RESUME), ("y", Answer.RESUME), ("\x1b[3~", Answer.DISCARD)]:
        said: list[int] = []
        with create_pipe_input() as pipe:
            for key in reflex:
                pipe.send_text(key)
            pipe.send_text(keys)
            result = ask_resume(default_keymap(), functools.partial(said.append, 1), pipe)
        assert result is answer
        assert len(said) == len(reflex)  # each reflex key said the offer again
