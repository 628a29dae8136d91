"""A drill's keys through the real prompt_toolkit key loop on a pipe input (the UI tests'
harness): answers by one key or typed, right or wrong with the score and the why, Enter
for the next question, refusals that change nothing, M, H, Q asking first, Control+C, in
English and Spanish."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import polib  # type: ignore[import-untyped]
import pytest
from prompt_toolkit.input import create_pipe_input
from ui_harness import BACKSPACE, CTRL_C, DOWN, ENTER, ESCAPE, KeyDriver, RecordingOutput

from audiopoker.coach.drills import DrillKind, new_round
from audiopoker.coach.drills.drill_base import SPLIT, Verdict
from audiopoker.coach.drills.drill_text import DRILL_DOMAIN, DRILL_LOCALE_DIR, DrillText
from audiopoker.coach.drills.odds import OddsQuestion
from audiopoker.coach.drills.rankings import RankingQuestion
from audiopoker.coach.drills.showdowns import ShowdownQuestion
from audiopoker.i18n import po_path
from audiopoker.output.braille_display import unreadable
from audiopoker.output.message import DRILL_QUESTION
from audiopoker.ui.drill_keys import DrillKeys, Stage
from audiopoker.ui.keymap import default_keymap
from audiopoker.ui.ui_text import UiText


@dataclass
class Drill:
    keys: DrillKeys
    output: RecordingOutput
    finished: list[bool] = field(default_factory=list)
    kept: list[Verdict] = field(default_factory=list)

    @property
    def question(self) -> object:
        return self.keys.round.current

    def since(self, start: int) -> list[str]:
        return self.output.texts[start:]

    def right_key(self) -> str:
        question = self.keys.round.current
        assert isinstance(question, RankingQuestion | ShowdownQuestion)
        return str(question.answer_key)

    def wrong_key(self) -> str:
        return "1" if self.right_key() != "1" else "2"


def make_drill(
    kind: DrillKind, seed: int = 5, count: int = 3, lang: str = "en", problem: str | None = None
) -> Drill:
    output = RecordingOutput()
    drill: Drill

    def record(verdict: Verdict) -> str | None:
        drill.kept.append(verdict)
        return problem

    keys = DrillKeys(
        round=new_round(kind, count, seed),
        output=output,
        text=UiText(lang),  # type: ignore[arg-type]
        words=DrillText(lang),  # type: ignore[arg-type]
        keymap=default_keymap(),
        on_finish=lambda: drill.finished.append(True),
        record=record,
        saved=True,
    )
    drill = Drill(keys, output)
    keys.start()
    return drill


@contextmanager
def driven(drill: Drill) -> Iterator[KeyDriver]:
    with create_pipe_input() as pipe:
        driver = KeyDriver(drill.keys, drill.keys.keymap, pipe)  # type: ignore[arg-type]
        try:
            yield driver
        finally:
            driver.close()


def seed_where(kind: DrillKind, wanted: object) -> int:
    """The first seed whose first question passes ``wanted``."""
    for seed in range(500):
        question = new_round(kind, 1, seed).current
        if callable(wanted) and wanted(question):
            return seed
    raise AssertionError("no such seed")


# --- the round -----------------------------------------------------------------------------


def test_the_drill_opens_with_its_keys_then_the_question() -> None:
    drill = make_drill(DrillKind.RANKING)
    kinds = [message.kind for message in drill.output.messages]
    assert kinds == ["welcome", "drill_question", "drill_question", "drill_question"]
    assert drill.output.texts[0] == (
        "Ranking drill: 3 questions. Which hand ranks higher? Press 1 or 2, or 0 if they tie; "
        "then Enter for the next question. H lists the keys."
    )
    assert drill.output.texts[1].startswith("Question 1 of 3. Hand 1: ")
    assert all(not message.is_answer for message in drill.output.messages)  # table messages


def test_a_right_answer_then_enter_for_the_next_question() -> None:
    drill = make_drill(DrillKind.RANKING)
    start = len(drill.output.messages)
    with driven(drill) as keys:
        keys.press(drill.right_key())
        told = drill.output.messages[start:]
        assert told[0].text == "Right. 1 of 1, streak 1."
        assert told[0].interrupt and all(m.answer for m in told[1:])
        assert told[-1].text == "Press Enter for the next question."
        assert len(told) == 4  # the verdict and its hands, the why in one sentence
        assert "silence" in drill.output.calls  # what the question still had to say is moot
        assert drill.keys.stage is Stage.TOLD and len(drill.kept) == 1
        before = len(drill.output.messages)
        keys.press(ENTER)
    asked = drill.output.messages[before:]
    assert asked[0].text.startswith("Question 2 of 3. Hand 1: ")
    assert [message.kind for message in asked] == ["drill_question"] * 3


def test_a_wrong_answer_says_so_and_the_streak_ends() -> None:
    drill = make_drill(DrillKind.RANKING, seed=8)
    with driven(drill) as keys:
        keys.press(drill.right_key())
        keys.press(ENTER)
        start = len(drill.output.texts)
        keys.press(drill.wrong_key())
    assert drill.since(start)[0] == "Wrong. 1 of 2."
    assert drill.keys.round.score.streak == 0 and drill.keys.round.score.best_streak == 1


def test_a_key_that_names_no_hand_changes_nothing() -> None:
    drill = make_drill(DrillKind.RANKING)
    with driven(drill) as keys:
        keys.press("7")
        assert drill.output.last.text == "There is no hand 7: press 1 or 2, or 0 if they tie."
        assert drill.output.last.kind == "error"
        keys.press(ENTER)
        assert drill.output.last.text == "Which hand ranks higher? 1 or 2, or 0 if they tie."
        assert drill.keys.round.score.asked == 0 and drill.keys.stage is Stage.ASKED
        keys.press(drill.right_key())
        keys.press("1")  # by reflex, before the next question was heard
        assert drill.output.last.text == (
            "This question is answered: press Enter for the next one."
        )
    assert drill.keys.round.score.asked == 1 and len(drill.kept) == 1


def test_m_says_the_question_and_then_the_answer_again() -> None:
    drill = make_drill(DrillKind.RANKING)
    question = drill.output.texts[1:4]
    with driven(drill) as keys:
        keys.press("m")
        assert drill.output.texts[-3:] == question
        assert drill.output.unremembered[-3:] == drill.output.messages[-3:]  # history keeps one
        keys.press(drill.right_key())
        told = drill.output.texts[-4:]
        keys.press("m")
    assert drill.output.texts[-4:] == told


def test_the_last_answer_then_enter_tells_the_score_and_ends() -> None:
    drill = make_drill(DrillKind.RANKING, count=2)
    with driven(drill) as keys:
        keys.press(drill.right_key())
        keys.press(ENTER)
        keys.press(drill.right_key())
        assert drill.output.last.text == "Press Enter for your score."
        keys.press(ENTER)
    assert drill.output.texts[-3:] == [
        "Drill over: 2 of 2 right, 100 percent; best streak 2.",
        "Kept in your statistics: audiopoker stats tells how you improve.",
        "Goodbye.",
    ]
    assert drill.finished == [True] and drill.keys.stage is Stage.OVER


def test_q_asks_first_and_any_answer_key_only_closes_the_question() -> None:
    drill = make_drill(DrillKind.RANKING)
    with driven(drill) as keys:
        keys.press("q")
        assert drill.output.last.text == "Press Q again to end the drill."
        keys.press("n")
        assert drill.output.last.text == "The drill goes on."
        keys.press("q")
        keys.press(drill.right_key())
        assert drill.output.last.text == (
            f"The drill goes on, and {drill.right_key()} did nothing."
        )
        assert drill.keys.round.score.asked == 0
        keys.press("q")
        keys.press(ESCAPE)
        assert drill.output.last.text == "The drill goes on."
        keys.press("q")
        keys.press("q")
    assert drill.output.texts[-2:] == [
        "Drill ended before any answer; nothing was kept.",
        "Goodbye.",
    ]
    assert drill.finished == [True]


def test_control_c_ends_at_once_with_the_score_so_far() -> None:
    drill = make_drill(DrillKind.RANKING, count=5)
    with driven(drill) as keys:
        keys.press(drill.right_key())
        keys.press(CTRL_C)
    assert drill.output.texts[-3:-1] == [
        "Drill ended after 1 of 5 questions: 1 right, 100 percent; best streak 1.",
        "Kept in your statistics: audiopoker stats tells how you improve.",
    ]
    assert drill.finished == [True]


def test_h_opens_the_keys_as_a_list() -> None:
    drill = make_drill(DrillKind.RANKING)
    with driven(drill) as keys:
        keys.press("h")
        lines = drill.keys.help_lines()
        assert drill.output.texts[-2] == "1 or 2: the hand that ranks higher."  # at once
        assert drill.output.texts[-1].startswith(f"Drill keys: {len(lines)} lines. ")
        keys.press(DOWN)
        assert drill.output.last.text == "0: the two hands tie."
        keys.press(ESCAPE)
        assert drill.output.last.text == "List closed."
        keys.press("i")  # a free letter: the lesson has no key, help's command list runs it
        assert drill.output.last.text == "I does nothing. H lists the keys."
        keys.press("h")
        for char in "less":
            keys.press(char)
        assert drill.output.texts[-2] == "Type lesson: the hands, from best to worst."
        assert drill.output.last.text == '1 command for "less"; Enter runs it.'
        keys.press(ENTER)
        assert drill.output.texts[-2].startswith("Straight flush: five cards in a row")
        assert drill.output.last.text.startswith("The hands, from best to worst: 9 lines.")
    assert "M: the question again; once answered, the answer again." in lines
    assert "Q: end the drill; asks first." in lines
    assert "Type lesson: the hands, from best to worst." in lines
    assert drill.keys.round.score.asked == 0


def test_a_key_the_drill_does_not_use_says_so() -> None:
    drill = make_drill(DrillKind.RANKING)
    with driven(drill) as keys:
        keys.press("c")
    assert drill.output.last.text == "C does nothing. H lists the keys."


# --- showdown: the split key and the third player -----------------------------------------


def test_the_split_key_answers_a_split() -> None:
    seed = seed_where(DrillKind.SHOWDOWN, lambda q: q.answer_key == SPLIT)
    drill = make_drill(DrillKind.SHOWDOWN, seed=seed)
    with driven(drill) as keys:
        keys.press("0")
    assert drill.kept[0].correct and drill.kept[0].given == SPLIT
    assert any("split" in text for text in drill.output.texts[-4:])


def test_three_answers_a_three_handed_showdown_only() -> None:
    three = make_drill(
        DrillKind.SHOWDOWN, seed=seed_where(DrillKind.SHOWDOWN, lambda q: len(q.hands) == 3)
    )
    two = make_drill(
        DrillKind.SHOWDOWN, seed=seed_where(DrillKind.SHOWDOWN, lambda q: len(q.hands) == 2)
    )
    assert three.output.texts[-1] == "Who wins? 1, 2 or 3, or 0 for a split."
    with driven(three) as keys:
        keys.press("3")
    assert three.keys.round.score.asked == 1
    with driven(two) as keys:
        keys.press("3")
    assert two.output.last.text == "There is no player 3: press 1 or 2, or 0 for a split."
    assert two.keys.round.score.asked == 0


# --- odds: typing a percentage ---------------------------------------------------------------


def test_a_percentage_is_typed_spoken_and_checked() -> None:
    drill = make_drill(DrillKind.ODDS, seed=3)
    question = drill.keys.round.current
    assert isinstance(question, OddsQuestion)
    with driven(drill) as keys:
        for key in ("2", "5"):
            keys.press(key)
        assert drill.output.texts[-2:] == ["2", "25"]
        keys.press(BACKSPACE)
        assert drill.output.last.text == "2"
        keys.press(BACKSPACE)
        assert drill.output.last.text == "Empty."
        keys.press(ENTER)
        assert drill.output.last.text == "Type a percentage first, from 0 to 100, then Enter."
        for key in ("1", "5", "0", "7"):
            keys.press(key)
        assert drill.output.last.text == "At most three digits: Enter answers, Backspace deletes."
        keys.press(ENTER)
        assert drill.output.last.text == "150 is more than 100: type a percentage from 0 to 100."
        keys.press(ENTER)  # emptied: a second Enter answers nothing
        assert drill.keys.round.score.asked == 0
        for key in str(question.said):
            keys.press(key)
        keys.press(ENTER)
    told = drill.output.texts[-6:]
    assert "Right. 1 of 1, streak 1." in told
    assert f"You said {question.said}; the answer is {question.said} percent." in told
    assert drill.kept[0].given == question.said


def test_six_points_off_is_wrong() -> None:
    drill = make_drill(DrillKind.ODDS, seed=3)
    question = drill.keys.round.current
    assert isinstance(question, OddsQuestion)
    off = int(question.exact + 6) if question.exact < 90 else int(question.exact - 6)
    with driven(drill) as keys:
        for key in str(off):
            keys.press(key)
        keys.press(ENTER)
        keys.press("f")  # "so, call or fold?" (tests/test_drill_decide.py)
        keys.press(" ")  # Space goes on too
    assert not drill.kept[0].correct
    assert drill.output.texts[-1].startswith("What ") or drill.output.texts[-1].startswith(
        "Question"
    )


# --- Spanish, and answers that cannot be kept ------------------------------------------------


def test_the_drill_in_spanish() -> None:
    drill = make_drill(DrillKind.RANKING, lang="es")
    assert drill.output.texts[0].startswith("Práctica de jugadas: 3 preguntas. ¿Qué mano gana?")
    with driven(drill) as keys:
        keys.press(drill.right_key())
        assert drill.output.texts[-4] == "Correcto. 1 de 1; racha de 1."
        assert drill.output.last.text == "Pulsa Intro para la siguiente pregunta."
        keys.press("9")
        assert drill.output.last.text == (
            "Esta pregunta ya está respondida: pulsa Intro para la siguiente."
        )
        keys.press("q")
        assert drill.output.last.text == "Pulsa Q otra vez para terminar la práctica."
        keys.press("q")
    assert drill.output.texts[-3:] == [
        "Práctica terminada tras 1 de 3 preguntas: 1 bien, un 100 por ciento; mejor racha: 1.",
        "Guardado en tus estadísticas: audiopoker stats dice cómo mejoras.",
        "Adiós.",
    ]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_odds_drill_in_both_languages(lang: str) -> None:
    drill = make_drill(DrillKind.ODDS, seed=4, lang=lang)
    ask = drill.output.texts[-1]
    with driven(drill) as keys:
        keys.press("h")
    if lang == "en":
        assert ask.endswith("Type the percentage, then Enter.")
        assert "0 to 9: type the percentage." in drill.keys.help_lines()
    else:
        assert ask.endswith("Escribe el porcentaje y pulsa Intro.")
        assert "0 a 9: escribir el porcentaje." in drill.keys.help_lines()


def test_an_answer_that_cannot_be_kept_is_said_once_and_the_drill_goes_on() -> None:
    drill = make_drill(DrillKind.RANKING, count=2, problem="Not kept (disk full).")
    with driven(drill) as keys:
        keys.press(drill.right_key())
        assert drill.output.texts[-2] == "Not kept (disk full)."
        keys.press(ENTER)
        keys.press(drill.right_key())
        keys.press(ENTER)
    assert "Kept in your statistics" not in " ".join(drill.output.texts[-3:])
    assert drill.output.texts[-2] == "Drill over: 2 of 2 right, 100 percent; best streak 2."


# --- braille -------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_drill_sentence_has_braille_cells(lang: str) -> None:
    catalog = polib.pofile(str(po_path(lang, DRILL_DOMAIN, DRILL_LOCALE_DIR)))  # type: ignore[arg-type]
    bad = {
        entry.msgid: unreadable(text)
        for entry in catalog
        for text in [entry.msgstr, *entry.msgstr_plural.values()]
        if unreadable(text)
    }
    assert bad == {}
    for kind in DrillKind:  # and what a whole round sends, cards in letters
        drill = make_drill(kind, seed=2, count=4, lang=lang)
        while drill.keys.stage is not Stage.OVER:
            question = drill.keys.round.current
            given = str(question.said) if isinstance(question, OddsQuestion) else "1"
            # C answers "so, call or fold?" and the mistakes drill's spots.
            for key in [*given, *(["c-m"] if kind.typed else []), "c", "c-m"]:
                drill.keys.key(key)
        sent = [message.braille_text for message in drill.output.messages]
        assert [text for text in sent if unreadable(text)] == []
        assert not any(suit in " ".join(sent) for suit in "♠♥♦♣")


def test_an_answered_question_is_no_longer_true_for_the_braille_display() -> None:
    """The answer covers the question on the display; once answered, the question is
    expired (taken back), so the display never returns to a question already answered."""
    drill = make_drill(DrillKind.RANKING)
    asked = [m for m in drill.output.messages if m.kind == "drill_question"]
    assert asked and all(m.true_while == DRILL_QUESTION for m in asked)
    with driven(drill) as keys:
        keys.press(drill.right_key())
    assert "expire drill_question" in drill.output.expired
