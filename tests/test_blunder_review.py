"""Every blunder, browsable, replayed by ear (issue 26, point 6): the review of ``audiopoker
stats --blunders`` in a terminal, driven by keys through the real prompt_toolkit key loop on
a pipe input, in English and Spanish: the list walked with its edges, Enter replaying the
hand up to the decision (and not past it), the decision asked again with only the options
the player had, the new answer judged against the coach, a missing history told."""

from __future__ import annotations

from pathlib import Path

import pytest
from blunder_review_support import GONE_HAND, HAND, Review, driven, make_review
from ui_harness import CTRL_C, DOWN, END, ENTER, ESCAPE, UP

from audiopoker.commands.blunder_review import Stage
from audiopoker.i18n import set_words

ITEMS = {
    "en": (
        "Hand 12 of 3 May: on the turn with ace of spades and king of hearts and nine of "
        "hearts, ten of spades, four of clubs and eight of diamonds on the board, you called; "
        "it cost 6 big blinds.",
        "Hand 3 of 2 November 2024: on the river with seven of clubs and two of diamonds and ace "
        "of hearts, king of hearts, queen of hearts, three of spades and nine of diamonds on the "
        "board, you bet 30; it cost 3 big blinds.",
    ),
    "es": (
        "Mano 12 del 3 de mayo: en el turn con as de picas y rey de corazones y en la mesa nueve "
        "de corazones, diez de picas, cuatro de tréboles y ocho de diamantes, seguiste; te costó "
        "6 ciegas grandes.",
        "Mano 3 del 2 de noviembre de 2024: en el river con siete de tréboles y dos de diamantes "
        "y en la mesa as de corazones, rey de corazones, reina de corazones, tres de picas y "
        "nueve de diamantes, apostaste 30; te costó 3 ciegas grandes.",
    ),
}
TITLE = {
    "en": "Your blunders: 2 decisions that cost 2 big blinds or more, newest first. Up arrow "
    "and Down arrow walk them; Enter replays the hand up to that decision; Escape or Q leaves.",
    "es": "Tus errores graves: 2 decisiones que te costaron 2 ciegas grandes o más, las más "
    "recientes primero. Flecha arriba y Flecha abajo las recorren; Intro repite la mano hasta "
    "esa decisión; Escape o Q sale.",
}
EDGES = {
    "en": ("Top of the list. {item}", "{item} End of the list.", "End of the list."),
    "es": ("Principio de la lista. {item}", "{item} Final de la lista.", "Final de la lista."),
}
# The replay up to the turn call: the last things said before the question, and the question.
BEFORE_DECISION = {
    "en": ["Ana bets 10.", "Beto folds."],
    "es": ["Ana apuesta 10.", "Beto se va."],
}
QUESTION = {
    "en": "Your move: 10 to call, with 28 in the pot. C call, R raise, F fold.",
    "es": "Te toca: para seguir pones 10; hay 28 en el bote. C seguir, R subir, F irte.",
}
JUDGED = {
    ("en", "f"): [
        "Back then you called.",
        "The coach's choice: fold, because your chance is below the price.",
        "The reason is pot odds: your chance against the price of calling.",
        "That call was too wide: folding was better.",
        "Your answer now, fold, agrees with the coach.",
        "Enter, Escape or Q goes back to the list.",
    ],
    ("es", "c"): [
        "Entonces seguiste.",
        "El entrenador proponía irse, porque tu probabilidad no llega al precio.",
        "La razón es el precio del bote: tu probabilidad frente a lo que cuesta seguir.",
        "Seguiste de más: irse era mejor.",
        "Tu respuesta de ahora, seguir, no es la del entrenador.",
        "Intro, Escape o Q vuelve a la lista.",
    ],
}
OWN_CARDS = {
    "en": "Your cards: ace of spades and king of hearts.",
    "es": "Tus cartas: as de picas y rey de corazones.",
}
BRAILLE_CARDS = {"en": "with As Kh and 9h 10s 4c 8d on the board", "es": "con Ap Kc y en la mesa"}
GONE = {
    "en": "Hand 3 cannot be replayed: its hand history g1.phhs is gone.",
    "es": "La mano 3 no se puede repetir: su historial de manos g1.phhs ya no está.",
}


def stage_of(review: Review) -> Stage:
    """The review's stage, read afresh (each key moves it)."""
    return review.keys.stage


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_list_opens_on_the_newest_and_is_walked_with_its_edges(
    private_data_dir: Path, lang: str
) -> None:
    review = make_review(private_data_dir, lang)
    newest, older = ITEMS[lang]
    top, end, past_end = EDGES[lang]
    assert review.output.texts == [newest, TITLE[lang]]
    first = review.output.messages[0]
    assert first.interrupt and BRAILLE_CARDS[lang] in (first.braille or "")
    with driven(review) as keys:
        start = len(review.output.texts)
        keys.press(DOWN)
        keys.press(DOWN)
        keys.press(UP)
        assert review.since(start) == [end.format(item=older), past_end, top.format(item=newest)]
    assert review.output.unremembered == review.output.messages  # items are not news


@pytest.mark.parametrize(("lang", "key"), [("en", "f"), ("es", "c")])
def test_enter_replays_the_hand_up_to_the_decision_and_the_answer_is_judged(
    private_data_dir: Path, lang: str, key: str
) -> None:
    review = make_review(private_data_dir, lang)
    with driven(review) as keys:
        start = len(review.output.texts)
        keys.press(ENTER)
        told = review.since(start)
        # The narration stops before the decision's action: the player's turn call is not
        # said, nor the river, and the question comes last.
        assert told[-1] == QUESTION[lang]
        assert told[-3:-1] == BEFORE_DECISION[lang]
        assert told[0].startswith("Hand 12." if lang == "en" else "Mano 12.")
        called = "You call 10." if lang == "en" else "Sigues con 10."
        assert called not in told and not any("River" in line for line in told)
        # Only the player's own cards are told: the others' stay secret, as at the table.
        cards = [line for line in told if "cards" in line or "cartas" in line]
        assert cards == [OWN_CARDS[lang]]
        assert stage_of(review) is Stage.ASKED
        start = len(review.output.texts)
        keys.press(key)
        assert review.since(start) == JUDGED[(lang, key)]
        assert review.output.messages[start].interrupt  # cuts what the replay still said
        assert stage_of(review) is Stage.TOLD
        start = len(review.output.texts)
        keys.press(ENTER)
        assert review.since(start) == [ITEMS[lang][0]]
        assert stage_of(review) is Stage.LIST


def test_the_poker_words_ask_and_judge_in_poker_spanish(private_data_dir: Path) -> None:
    set_words("poker")
    review = make_review(private_data_dir, "es")
    with driven(review) as keys:
        keys.press(ENTER)
        assert review.output.texts[-1] == (
            "Te toca: pagas 10 para igualar; hay 28 en el bote. C pagar, R subir, F retirarte."
        )
        start = len(review.output.texts)
        keys.press("f")
        said = review.since(start)
    assert said[0] == "Entonces pagaste."
    assert "Pagaste de más: retirarse era mejor." in said
    assert "Tu respuesta de ahora, retirarse, coincide con el entrenador." in said


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_missing_history_is_told_in_one_sentence_and_the_list_stays(
    private_data_dir: Path, lang: str
) -> None:
    review = make_review(private_data_dir, lang)
    with driven(review) as keys:
        keys.press(END)
        start = len(review.output.texts)
        keys.press(ENTER)
        assert review.since(start) == [GONE[lang]]
        assert stage_of(review) is Stage.LIST
        start = len(review.output.texts)
        keys.press(UP)
        assert review.since(start) == [EDGES[lang][0].format(item=ITEMS[lang][0])]
    assert review.keys.hands.current.blunder.hand_number == HAND
    assert GONE_HAND != HAND


def test_a_broken_history_and_a_hand_not_in_it_are_told(private_data_dir: Path) -> None:
    review = make_review(private_data_dir, "en")
    history = private_data_dir / "histories" / "g2.phhs"
    history.write_text(history.read_text().replace("[12]", "[13]"), encoding="utf-8")
    with driven(review) as keys:
        start = len(review.output.texts)
        keys.press(ENTER)
        history.write_text("[12]\nvariant = 'NT'\nactions = [", encoding="utf-8")
        keys.press(ENTER)
    assert review.since(start) == [
        "Hand 12 cannot be replayed: its hand history g2.phhs is broken there.",
        "Hand 12 cannot be replayed: its hand history g2.phhs is broken there.",
    ]
    assert stage_of(review) is Stage.LIST


def test_raise_is_refused_where_it_was_closed_and_escape_goes_back(private_data_dir: Path) -> None:
    review = make_review(private_data_dir, "en")
    with driven(review) as keys:
        keys.press(ENTER)
        spot = review.keys.spot
        assert spot is not None and spot.legal.raise_kind is not None  # raising was open here
        start = len(review.output.texts)
        keys.press("z")
        assert review.since(start) == ["Z does nothing here. " + QUESTION["en"]]
        keys.press("m")
        assert review.output.texts[-1] == QUESTION["en"]
        keys.press(ESCAPE)
        assert review.output.texts[-1] == ITEMS["en"][0]
        assert stage_of(review) is Stage.LIST and not review.finished


@pytest.mark.parametrize("lang", ["en", "es"])
def test_q_from_the_list_leaves_and_control_c_leaves_at_once(
    private_data_dir: Path, lang: str
) -> None:
    review = make_review(private_data_dir, lang)
    with driven(review) as keys:
        keys.press("q")
    assert review.output.texts[-1] == ("Blunders closed." if lang == "en" else
                                       "Errores graves cerrados.")  # fmt: skip
    assert review.finished == [True]
    review = make_review(private_data_dir, lang)
    with driven(review) as keys:
        keys.press(ENTER)
        keys.press(CTRL_C)
    assert review.finished == [True] and stage_of(review) is Stage.OVER
