"""The two Spanish vocabularies in the key loop, help, the lesson, the coach and the drills
(docs/style.md, "Two Spanish vocabularies"): the room's words (seed 004: seguir, ver, irse,
jugar el resto) by default, today's poker Spanish with --words poker; English never changes.
Each test builds its sentences after choosing the words, as the game does at start."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from ui_harness import driven, make_table

from audiopoker.cards import parse_cards
from audiopoker.coach.advice_words import price_sentence, suggestion
from audiopoker.coach.drills.drill_base import DrillKind
from audiopoker.coach.drills.drill_text import DrillText
from audiopoker.coach.drills.odds import Ask, Draw, OddsQuestion, outs_for
from audiopoker.coach.review import Decision
from audiopoker.coach.review_words import saving_sentence
from audiopoker.coach.spot import advise_spot
from audiopoker.engine.actions import Action
from audiopoker.i18n import DEFAULT_WORDS, Language, set_words
from audiopoker.ui.browse import HelpContext, help_items
from audiopoker.ui.keymap import default_keymap
from audiopoker.ui.ui_text import UiText

SALA, POKER = "sala", "poker"


@pytest.fixture(params=[SALA, POKER])
def words(request: pytest.FixtureRequest) -> Iterator[str]:
    """Each vocabulary in turn, back to the default afterwards."""
    set_words(request.param)
    yield request.param
    set_words(DEFAULT_WORDS)


def keys_said(lang: Language) -> list[str]:
    """R, V, A and N when calling takes every chip: five chips in the small blind, Beto
    raises to 6 (a refusal, an answer, the A question and its cancel)."""
    table = make_table(stacks=(5, 200, 200), lang=lang)
    table.act(2, Action.raise_to(6))
    with driven(table) as keys:
        for key in "rvan":
            keys.press(key)
    return table.output.texts[-5:]


KEYS = {
    SALA: [
        "No puedes subir: seguir con 4 fichas es jugar el resto. C para seguir; F para irte.",
        "Seguir con 4 fichas es jugar el resto.",
        "¿Seguir con 4 jugando el resto? Pulsa A otra vez.",
        "No juegas el resto.",
    ],
    POKER: [
        "No puedes subir: pagar te deja all-in con 4 fichas. C para pagar; F para retirarte.",
        "Pagar te deja all-in: 4 fichas.",
        "¿Pagar 4 y quedarte all-in? Pulsa A otra vez.",
        "No vas all-in.",
    ],
    "en": [
        "You cannot raise: calling puts you all in with 4 chips. C calls; F folds.",
        "Calling puts you all in: 4 chips.",
        "Call 4 and be all in? Press A again.",
        "Not all in.",
    ],
}


def test_the_keys_refuse_answer_and_ask_in_the_chosen_words(words: str) -> None:
    spanish, english = keys_said("es"), keys_said("en")
    assert spanish[:4] == KEYS[words]
    assert english[:4] == KEYS["en"]
    # Then the choices again, in the same words: one number, the call's chips.
    choices = {SALA: "seguir jugando el resto o irte.", POKER: "o retirarte."}
    assert spanish[4].endswith(choices[words]), spanish[4]


HELP = {
    SALA: ["C: seguir, o ver si no debes nada.", "A: jugar el resto: apostar todas tus fichas.",
           "F: irte: abandonar la mano."],
    POKER: ["C: pasar, o pagar lo que debes.", "A: ir all-in: apostar todas tus fichas.",
            "F: retirarte: abandonar la mano."],
    "en": ["C: check, or call what you owe.", "A: bet all your chips.",
           "F: fold: give up the hand."],
}  # fmt: skip


def betting_help(lang: Language) -> list[str]:
    """Help on the player's turn: its heading, then C, R, A and F; C, A and F here."""
    lines = help_items(UiText(lang), default_keymap(), HelpContext.YOUR_TURN)
    return [lines[1], lines[3], lines[4]]


def test_help_names_the_betting_keys_in_the_chosen_words(words: str) -> None:
    assert betting_help("es") == HELP[words]
    assert betting_help("en") == HELP["en"]


def test_the_lesson_says_the_english_words_once_and_speaks_the_rooms_otherwise() -> None:
    lesson = UiText("es").lesson()
    english = [line for line in lesson if line.startswith("En inglés,")]
    assert english == [
        "En inglés, como lo oirás en otras mesas: seguir es call, ver es check, subir es raise,"
        " irse es fold, jugar el resto es all in y mostrar las cartas es showdown."
    ]
    for word in ("call", "fold", "all in", "showdown", "UTG", "cutoff"):
        assert sum(word in line for line in lesson) == 1, word  # explained once, then not used
    assert not [line for line in lesson if any(w in line for w in ("all-in", "retir", "jota"))]
    assert "Jugar el resto: apostar todas las fichas que te quedan." in lesson
    assert "Irse: abandonar la mano, y las fichas que ya pusiste." in lesson
    # English has no line about English words, and its glossary still names them.
    english_lesson = UiText("en").lesson()
    assert len(english_lesson) == len(lesson) - 2
    assert not [line for line in english_lesson if line.startswith("In English")]
    assert "Fold: give up the hand, and the chips you have put in." in english_lesson


def test_the_lesson_in_poker_spanish_says_the_english_once_and_names_the_rooms_words() -> None:
    set_words(POKER)
    try:
        lesson = UiText("es").lesson()
    finally:
        set_words(DEFAULT_WORDS)
    english = [line for line in lesson if "es call" in line]
    assert english == [
        "En inglés, como lo oirás en otras mesas: pagar es call, pasar es check, subir es raise"
        " y retirarse es fold; all-in y showdown ya son palabras inglesas."
    ]
    assert sum("seguir, ver, irse y jugar el resto" in line for line in lesson) == 1
    assert "Retirarse: abandonar la mano, y las fichas que ya pusiste." in lesson
    assert "Póker: cuatro cartas del mismo valor, como cuatro reinas." in lesson


COACH = {
    SALA: ["Seguir con 20 para ganar 60: necesitas un 25 por ciento.",
           "Subir a 84: vas por delante de la mayoría de sus manos.",
           "Irte ahorra unas 26 ciegas grandes de media."],
    POKER: ["Pagar 20 para ganar 60: necesitas un 25 por ciento.",
            "Sube a 84: vas por delante de la mayoría de sus manos.",
            "Retirarte ahorra unas 26 ciegas grandes de media."],
    "en": ["Calling 20 to win 60: you need 25 percent.",
           "Raise to 84: you are ahead of most of their hands.",
           "Folding saves about 26 big blinds on average."],
}  # fmt: skip


def coach_said(lang: Language) -> list[str]:
    """The coach's price and suggestion, and the review's saving, for two spots."""
    kings = advise_spot(parse_cards("Ks Kd"), parse_cards("Ah 7d 2c 9s 3h"), 60, 20, 2)
    trash = advise_spot(parse_cards("7c 2d"), parse_cards("Ah Kh Qh 9s"), 120, 80, 2)
    called = Decision(trash, Action.call(), False, -51.2, 0.0, 2)
    return [price_sentence(kings, lang), suggestion(kings, lang), saving_sentence(called, lang)]


def test_the_coach_speaks_the_chosen_words(words: str) -> None:
    assert coach_said("es") == COACH[words]
    assert coach_said("en") == COACH["en"]


DRILL = {
    SALA: ["Práctica de mostrar las cartas", "Para seguir pones 20; hay 60 en el bote."],
    POKER: ["Práctica de showdown", "Pagas 20 para igualar; hay 60 en el bote."],
    "en": ["Showdown drill", "20 to call, with 60 in the pot."],
}


def drill_said(lang: Language) -> list[str]:
    """The showdown drill's name and an odds question's price."""
    hole, board = parse_cards("Ah Kh"), parse_cards("7h 2h Jc")
    outs = outs_for(hole, board, Draw.FLUSH.target)
    question = OddsQuestion(1, Draw.FLUSH, hole, board, 60, 20, Ask.POT_ODDS, outs, (0, 0))
    text = DrillText(lang)
    return [text.name(DrillKind.SHOWDOWN), text.odds_question(question, 10, "Intro")[2][0]]


def test_the_drills_speak_the_chosen_words(words: str) -> None:
    assert drill_said("es") == DRILL[words]
    assert drill_said("en") == DRILL["en"]
