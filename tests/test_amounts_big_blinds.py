"""Amounts in big blinds (issue 27, point 2): the figures, the answers of S, V and P, the
prompt and the raise amount typed in big blinds, the option that changes the unit, and
the choice kept for the next game. The narration in big blinds is checked sentence by
sentence by the truth checker (tests/test_narration_truth.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from ui_harness import BACKSPACE, DOWN, ENTER, driven, facing_raise

from audiopoker.cards import parse_cards
from audiopoker.coach.advice_words import first_answer
from audiopoker.coach.review import Decision
from audiopoker.coach.review_words import decision_sentence
from audiopoker.coach.spot import advise_spot
from audiopoker.commands.amounts_choice import UnitRemembered, choose_unit
from audiopoker.engine.actions import Action
from audiopoker.narration.amounts import Amounts, Unit, big_blinds, kept_unit
from audiopoker.ui.player_prefs import PrefsFile
from audiopoker.ui.reminder import reminder_text


@pytest.mark.parametrize(
    ("chips", "big", "lang", "said"),
    [
        (3, 2, "en", "1.5"),
        (3, 2, "es", "1,5"),
        (200, 2, "en", "100"),
        (1234, 300, "es", "4,1"),  # one decimal from one big blind up
        (25, 200, "en", "0.13"),  # two below one
        (1, 300, "en", "0.003"),  # never "0" for a chip
        (0, 2, "en", "0"),
    ],
)
def test_a_figure_in_big_blinds(chips: int, big: int, lang: str, said: str) -> None:
    assert big_blinds(chips, big, lang) == said  # type: ignore[arg-type]


def test_the_unit_is_said_and_a_bare_number_is_never_ambiguous() -> None:
    amounts = Amounts(Unit.BIG_BLINDS)
    assert amounts.say(4, "en") == "4 chips"  # no big blind known yet: said in chips
    amounts.big_blind = 2
    assert (amounts.say(2, "en"), amounts.say(4, "es")) == ("1 big blind", "2 ciegas grandes")
    assert amounts.chips(100, "en") == "100 chips"  # a blind level stays in chips
    assert Amounts().say(4, "en") == Amounts().chips(4, "en") == "4"


ANSWERS = {
    "en": [
        "You have 99.5 big blinds, and 0.5 big blinds bet this round.",
        "2.5 big blinds to call.",
        "Pot: 4.5 big blinds.",
        "Raise to how much? From 5 to 100 big blinds. Type the total or use the arrows, "
        "then Enter. Escape cancels.",
        "7",
        "7 point",
        "7.5",
        "One decimal mark is enough: type the digits after it.",
        "7 point",
    ],
    "es": [
        "Tienes 99,5 ciegas grandes; en esta ronda llevas apostado 0,5 ciegas grandes.",
        "Para seguir pones 2,5 ciegas grandes.",
        "Bote: 4,5 ciegas grandes.",
        "¿Subir hasta cuánto? De 5 a 100 ciegas grandes. Escribe el total o usa las flechas, "
        "y luego Intro. Escape cancela.",
        "7",
        "7 coma",
        "7,5",
        "Basta una coma decimal: escribe las cifras que siguen.",
        "7 coma",
    ],
}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_answers_prompt_and_raise_typed_in_big_blinds(lang: str) -> None:
    """S, V and P in big blinds; R's range; 7.5 typed (either mark), a second mark refused
    without a change, Backspace, and Enter raising to 7 big blinds: 14 chips."""
    table = facing_raise(lang, Unit.BIG_BLINDS)
    with driven(table) as keys:
        for key in ("s", "v", "p", "r", "7", ".", "5", ",", BACKSPACE):
            keys.press(key)
        assert table.output.texts[-9:] == ANSWERS[lang]
        keys.press(ENTER)
    assert table.apply_decision() == Action.raise_to(14)


def test_a_decimal_mark_in_chips_is_refused_and_changes_nothing() -> None:
    table = facing_raise()
    with driven(table) as keys:
        for key in ("r", "2", "5", ","):
            keys.press(key)
        assert table.output.last.text == "Amounts are in chips: type whole numbers."
        keys.press(ENTER)
    assert table.apply_decision() == Action.raise_to(25)


def test_the_options_change_the_unit_and_the_next_answer_follows() -> None:
    table = facing_raise()
    kept: list[str] = []
    table.controller.prefs_changed = lambda: kept.append("kept")  # type: ignore[method-assign]
    names = [setting.name for setting in table.controller.settings()]
    with driven(table) as keys:
        keys.press("o")
        for _ in range(names.index("amounts")):
            keys.press(DOWN)
        assert table.output.last.text.startswith("Amounts: in chips.")
        keys.press(ENTER)
        assert table.output.last.text == "Amounts: in big blinds."
        keys.press("v")  # any other key leaves the list and acts
    assert table.output.last.text == "2.5 big blinds to call."
    assert kept == ["kept"]


def test_the_unit_chosen_is_kept_for_the_next_game(tmp_path: Path) -> None:
    file = PrefsFile(tmp_path)
    assert choose_unit(None, file) is Unit.CHIPS  # never chosen
    assert choose_unit("bb", file) is Unit.BIG_BLINDS  # typed: remembered
    assert kept_unit(file.read()) is Unit.BIG_BLINDS
    assert choose_unit(None, file) is Unit.BIG_BLINDS
    assert choose_unit(None, file, {"amounts": "chips"}) is Unit.CHIPS  # a resumed game's own
    amounts = Amounts(Unit.BIG_BLINDS)
    remembered = UnitRemembered(file, amounts)
    amounts.unit = Unit.CHIPS  # the options changed it
    remembered.noticed()
    assert kept_unit(file.read()) is Unit.CHIPS


def test_the_coach_and_its_review_speak_in_big_blinds() -> None:
    """K's price and the review's spot in the unit chosen (the chips as before without)."""
    advice = advise_spot(parse_cards("7c 2d"), parse_cards("Ah Kh Qh 9s"), 120, 80, 2)
    big = Amounts(Unit.BIG_BLINDS, 2)
    assert first_answer(advice, "en", big).startswith(
        "Calling 40 big blinds to win 60 big blinds: you need 40 percent."
    )
    assert first_answer(advice, "es", big).startswith(
        "Seguir con 40 ciegas grandes para ganar 60 ciegas grandes:"
    )
    assert first_answer(advice, "en").startswith("Calling 80 to win 120:")
    decision = Decision(advice, Action.call(), False, -51.2, 0.0, 2)
    assert decision_sentence(decision, "en", big).startswith(
        "On the turn you called 40 big blinds into 60 big blinds"
    )


def test_the_reminder_and_the_all_in_question_speak_in_big_blinds() -> None:
    table = facing_raise("en", Unit.BIG_BLINDS)
    assert table.seat.pending is not None
    reminder = reminder_text(table.controller.text, table.seat.pending)
    assert reminder == "Still your turn: 2.5 big blinds to call."
    with driven(table) as keys:
        keys.press("a")
    assert table.output.last.text == "Raise to 100 big blinds and be all in? Press A again."
