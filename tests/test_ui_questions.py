"""Keys while a yes/no question waits ("Fold anyway?", "Quit the game?"), through the real
prompt_toolkit app: betting keys close the question and bet nothing, other keys answer and
the question keeps waiting, and in Spanish "s" (sí) answers yes.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from persistence_support import play_saved_game
from prompt_toolkit.input import create_pipe_input
from ui_harness import Table, driven, make_table

from audiopoker.engine.actions import Action
from audiopoker.output.backends import RecordingBackend
from audiopoker.output.router import Router, RoutingPolicy
from audiopoker.persistence import Store
from audiopoker.ui.keymap import Mode, apply_overrides, default_keymap
from audiopoker.ui.record_texts import RecordText
from audiopoker.ui.startup import choose_game

ENTER, ESCAPE = "\r", "\x1b"


def check_is_free(lang: str = "en", keymap_text: str | None = None) -> Table:
    """After the flop, first to act: check or bet 2..198."""
    keymap = None
    if keymap_text is not None:
        keymap = apply_overrides(default_keymap(), keymap_text, "test")
    table = make_table(lang=lang, keymap=keymap)
    table.act(2, Action.call())
    table.act(0, Action.call())
    table.act(1, Action.check())
    assert table.seat.pending is not None and table.seat.pending.can_check
    return table


@pytest.mark.parametrize(("key", "name"), [("a", "A"), ("c", "C"), ("r", "R"), ("f", "F")])
def test_a_betting_key_during_the_fold_question_closes_it_and_bets_nothing(
    key: str, name: str
) -> None:
    table = check_is_free()
    with driven(table) as keys:
        keys.press("f")
        keys.press(key)
        assert table.controller.mode is Mode.GAME and table.controller.amount is None
        said = table.output.last.text
        assert said == f"Not folded, and {name} did nothing. It is still your turn."
        assert table.output.last.kind == "error"
        keys.press("y")  # the question is gone: Y is no answer now
    assert table.take_decision() is None and table.seat.pending is not None
    assert table.output.last.text == "Y does nothing. H lists the keys."


def test_the_key_after_the_cancelled_question_acts_as_usual() -> None:
    table = check_is_free()
    with driven(table) as keys:
        keys.press("f")
        keys.press("a")
        assert table.take_decision() is None
        keys.press("c")
    assert table.apply_decision() == Action.check()


def test_a_query_key_during_the_fold_question_answers_and_the_question_waits() -> None:
    table = check_is_free()
    with driven(table) as keys:
        keys.press("f")
        keys.press("v")
        assert table.output.last.text == "Nothing to call: you can check."
        assert table.controller.mode is Mode.CONFIRM and table.take_decision() is None
        keys.press("y")
    assert table.apply_decision() == Action.fold()


def test_a_betting_key_during_the_quit_question_keeps_playing_and_does_nothing() -> None:
    table = check_is_free()
    with driven(table) as keys:
        keys.press("q")
        keys.press("c")
    assert table.output.last.text == "Still playing, and C did nothing."
    assert table.take_decision() is None and table.quits == []
    assert table.controller.mode is Mode.GAME


def test_q_during_the_amount_entry_goes_back_to_the_amount_when_answered_no() -> None:
    table = check_is_free()
    with driven(table) as keys:
        keys.press("r")
        keys.press("q")
        assert table.controller.mode is Mode.CONFIRM
        keys.press("n")
        assert table.controller.mode is Mode.AMOUNT
        keys.press(ENTER)
    assert table.apply_decision() == Action.bet(2)


def test_spanish_s_answers_yes_and_the_question_names_it() -> None:
    table = check_is_free("es")
    with driven(table) as keys:
        keys.press("f")
        assert table.output.last.text == (
            "Pasar no cuesta nada. ¿Retirarte de todos modos? S sí, N no."
        )
        keys.press("s")
    assert table.apply_decision() == Action.fold()


def test_spanish_quit_question_with_s_quits() -> None:
    table = make_table(lang="es")
    with driven(table) as keys:
        keys.press("q")
        assert table.output.last.text == "¿Salir de la partida? S sí, N no."
        keys.press("S")  # Shift or Caps Lock
    assert table.quits == [True]


def test_in_english_s_during_a_question_tells_the_chips_and_the_question_waits() -> None:
    table = check_is_free()
    with driven(table) as keys:
        keys.press("f")
        keys.press("s")
        assert table.output.last.text.startswith("You have 198 chips")
        assert table.controller.mode is Mode.CONFIRM
        keys.press("n")
    assert table.take_decision() is None
    assert table.output.last.text == "Not folded. It is still your turn."


def test_spanish_s_stays_where_a_keymap_gives_it_to_no() -> None:
    table = check_is_free("es", '[confirm]\nno = ["s", "escape"]\n')
    with driven(table) as keys:
        keys.press("f")
        assert table.output.last.text.endswith("Y sí, S no.")
        keys.press("s")
    assert table.take_decision() is None
    assert table.output.last.text == "No te retiras. Sigue siendo tu turno."


def test_help_says_how_questions_wait_and_lists_s_in_spanish() -> None:
    for lang, intro, yes in [
        (
            "en",
            "When the game asks a question, it waits while other keys answer, and the betting"
            " keys close it without betting. To answer it:",
            "Y: yes, do it.",
        ),
        (
            "es",
            "Cuando el juego te pregunta algo, la pregunta espera mientras otras teclas"
            " responden, y las teclas de apuesta la cierran sin apostar. Para contestar:",
            "S o Y: sí, hacerlo.",
        ),
    ]:
        table = make_table(lang=lang)
        lines = table.controller.help_lines()
        assert lines[lines.index(intro) + 1] == yes


def test_spanish_s_resumes_the_saved_game(tmp_path: Path) -> None:
    saved = play_saved_game(tmp_path, hands=2)
    backend = RecordingBackend()
    router = Router(backend, policy=RoutingPolicy(echo=True), lang="es")
    store = Store(tmp_path)
    store.open()
    try:
        with create_pipe_input() as pipe:
            pipe.send_text("s")
            result = choose_game(
                store,
                resume=False,
                lang="es",
                autopilot=False,
                text=RecordText("es"),
                router=router,
                keymap=default_keymap(),
                input=pipe,
            )
        router.drain(5)
    finally:
        store.close()
        router.close()
    assert isinstance(result, tuple) and result[0] == saved
    assert backend.spoken[0].endswith("S la continúa; N empieza una partida nueva.")
