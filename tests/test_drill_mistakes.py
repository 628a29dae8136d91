"""The drill from the player's own costliest kind of mistake (issue 26, point 6): the kind
that cost most big blinds is found in the decisions the coach kept; the player's own cards
and boards of that kind come first, costliest first, then fresh deals; each verdict is the
exact equity against the stated hands, checked here by a plain enumeration with the
pure-Python evaluator; a round is played by keys through the drill's key handler in both
languages; with nothing kept it says what to do and ends cleanly (a subprocess)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from cli_support import run_audiopoker
from test_drill_keys import Drill
from ui_harness import RecordingOutput

from audiopoker.cards import FULL_DECK, Card
from audiopoker.coach.drills import mistakes_round
from audiopoker.coach.drills.drill_base import Choice, Verdict
from audiopoker.coach.drills.drill_text import DrillText
from audiopoker.coach.drills.mistakes import MistakeQuestion, Shape, pot_and_bet, spot_question
from audiopoker.commands.drill_mistakes import Mistakes, find_mistakes, read_mistakes
from audiopoker.evaluator import PURE
from audiopoker.i18n import set_words
from audiopoker.persistence import StatsDB
from audiopoker.persistence.decisions import DecisionRecord, record_decisions
from audiopoker.persistence.files import DATA_DIR_ENV
from audiopoker.persistence.stats import DB_NAME
from audiopoker.ui.drill_keys import DrillKeys, Stage
from audiopoker.ui.keymap import default_keymap
from audiopoker.ui.record_texts import RecordText
from audiopoker.ui.ui_text import UiText

PLAYED = "2026-11-30T21:05:00"


def plain_share(
    hole: Sequence[Card], board: Sequence[Card], hands: Sequence[tuple[int, int]]
) -> float:
    """The pot share against one hand from ``hands`` (card ids), over every way the board
    can finish, counted with the pure evaluator."""
    dead = {*hole, *board}
    rest = [card for card in FULL_DECK if card not in dead]
    won = deals = 0.0
    for extra in itertools.combinations(rest, 5 - len(board)):
        mine = PURE.evaluate((*hole, *board, *extra)).strength
        for a, b in hands:
            theirs = (FULL_DECK[a], FULL_DECK[b])
            if set(theirs) & ({*extra} | dead):
                continue
            score = PURE.evaluate((*theirs, *board, *extra)).strength
            won += 1.0 if mine > score else 0.5 if mine == score else 0.0
            deals += 1
    return won / deals


def plain_answer(question: MistakeQuestion) -> tuple[float, float, Choice]:
    """(chance, price, answer) worked out apart from the drill."""
    chance = 100 * plain_share(question.hole, question.board, question.against)
    if question.shape is Shape.FACING_BET:
        price = 100 * question.bet / (question.pot + question.bet + question.bet)
        return chance, price, Choice.CALL if chance >= price else Choice.FOLD
    return chance, 50.0, Choice.BET if chance >= 50 else Choice.CHECK


@pytest.mark.parametrize("kind", ["calls_too_wide", "missed_value"])
def test_the_coach_answer_follows_a_plain_enumeration(kind: str) -> None:
    rng = random.Random(31)
    answers = set()
    for number in range(1, 9):  # turns and rivers: every flop runout is slow in pure Python
        cards = rng.sample(FULL_DECK, 2 + rng.choice((4, 5)))
        pot, bet = pot_and_bet(rng)
        question = spot_question(number, kind, cards[:2], cards[2:], pot, bet)
        chance, price, answer = plain_answer(question)
        assert question.chance == pytest.approx(chance, abs=1e-9)
        assert question.price == pytest.approx(price)
        assert question.right is answer
        assert question.judge(answer)
        other = next(c for c in question.options if c is not answer)
        assert question.judge(other) is (int(chance + 0.5) == int(price + 0.5))
        used = {FULL_DECK[i] for combo in question.against for i in combo}
        assert not {*question.hole, *question.board} & used
        answers.add(answer)
    assert len(answers) == 2  # both answers come up


def keep(stats: StatsDB, records: Sequence[tuple[int, DecisionRecord]]) -> None:
    stats.start_game("g", PLAYED, player_name="Ana", players=6, chips=200, blinds=(1, 2),
                     ante=0, bots="normal", history_file=None)  # fmt: skip
    for hand, record in records:
        record_decisions(stats, "g", hand, PLAYED, [record])


def decision(
    action: str, suggested: str, loss: float, hole: str, board: str, street: str = "turn"
) -> DecisionRecord:
    return DecisionRecord(street, action, None, suggested, None, "price", loss, 2, hole, board)


KEPT = [
    (7, decision("call", "fold", 3.0, "Qs Jd", "Ah 7d 2c 9s")),
    (9, decision("call", "fold", 1.5, "Ts 8s", "Kh 7h 2c 3d 4s", "river")),
    (11, decision("call", "fold", 1.0, "Ks Kd", "", "preflop")),  # no board: no spot
    (12, decision("fold", "call", 2.0, "Ah 5h", "Kh 7h 2c")),
    (14, decision("check", "bet", 0.5, "Ad Ac", "Kh 7h 2c")),
]


def test_the_costliest_kind_and_the_players_own_spots_come_first(tmp_path: Path) -> None:
    stats = StatsDB(tmp_path / DB_NAME)
    try:
        keep(stats, KEPT)
        found = find_mistakes(stats)
    finally:
        stats.close()
    assert isinstance(found, Mistakes) and found.kind == "calls_too_wide"  # 5.5 against 2
    assert [(s.origin.hand_number, s.origin.loss) for s in found.own] == [(7, 3.0), (9, 1.5)]
    round = mistakes_round(found.kind, found.own, 3, seed=4)
    first = round.current
    assert isinstance(first, MistakeQuestion) and first.origin is not None
    assert " ".join(map(str, first.hole)) == "Qs Jd" and len(first.board) == 4
    assert first.options == (Choice.CALL, Choice.FOLD)
    round.answer(int(first.right))
    second = round.advance()
    assert isinstance(second, MistakeQuestion) and second.origin is not None
    assert second.origin.hand_number == 9 and len(second.board) == 5
    round.answer(int(Choice.FOLD))
    third = round.advance()
    assert isinstance(third, MistakeQuestion) and third.origin is None  # a fresh deal


def make_mistakes_drill(
    own_records: list[tuple[int, DecisionRecord]], tmp_path: Path, lang: str, count: int = 2
) -> Drill:
    stats = StatsDB(tmp_path / DB_NAME)
    try:
        keep(stats, own_records)
        found = find_mistakes(stats)
    finally:
        stats.close()
    assert isinstance(found, Mistakes)
    output = RecordingOutput()
    drill: Drill

    def record(verdict: Verdict) -> str | None:
        drill.kept.append(verdict)
        return None

    keys = DrillKeys(
        round=mistakes_round(found.kind, found.own, count, seed=9),
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


def test_a_round_of_calls_too_wide_played_by_keys(tmp_path: Path) -> None:
    drill = make_mistakes_drill(KEPT, tmp_path, "en")
    texts = drill.output.texts
    assert texts[0].startswith(
        "Drill from your mistakes: 2 spots of your costliest kind of mistake, calling too "
        "wide: your own cards first, then fresh deals."
    )
    assert texts[1] == (
        "Question 1 of 2. From your hand 7 on 2026-11-30, which cost you 3 big blinds: your "
        "cards and board, in a fresh pot. Your cards: queen of spades and jack of diamonds."
    )
    question = drill.keys.round.current
    assert isinstance(question, MistakeQuestion)
    assert texts[3] == f"Your opponent bets {question.bet} into a pot of {question.pot}."
    assert texts[4] == "Call or fold? C calls, F folds."
    for key in ("5", "r", "c-m"):
        drill.keys.key(key)
        assert drill.output.last.kind == "error" and drill.keys.stage is Stage.ASKED
    assert drill.output.last.text == "Enter does not answer this spot: C calls, F folds."
    chance, price, answer = plain_answer(question)
    drill.keys.key("c" if answer is Choice.CALL else "f")
    told = drill.keys.told
    assert told[0] == "Right. 1 of 1, streak 1."
    assert told[1] == f"The coach: {answer.name.lower()}."
    assert f"against those you win {round(chance)} percent" in told[2]
    assert told[2].endswith(f"needs {round(price)} percent.")
    assert drill.kept[0].correct and drill.kept[0].given == int(answer)
    drill.keys.key("c-m")
    second = drill.keys.round.current
    assert isinstance(second, MistakeQuestion)
    wrong = next(c for c in second.options if c is not second.right)
    drill.keys.key("c" if wrong is Choice.CALL else "f")
    assert drill.keys.told[0] == ("Right. 2 of 2, streak 2." if second.even else "Wrong. 1 of 2.")
    drill.keys.key("c-m")
    assert drill.finished == [True] and drill.output.texts[-1] == "Goodbye."


def test_a_round_of_missed_value_in_spanish(tmp_path: Path) -> None:
    kept = [(3, decision("check", "bet", 4.0, "Ad Ac", "Kh 7h 2c 9s", "turn"))]
    set_words("poker")  # conftest sets the default back
    drill = make_mistakes_drill(kept, tmp_path, "es", count=1)
    texts = drill.output.texts
    assert texts[0].startswith(
        "Práctica de tus errores: 1 jugada de tu error más caro, no apostar con manos que cobran"
    )
    question = drill.keys.round.current
    assert isinstance(question, MistakeQuestion) and question.shape is Shape.CHECKED_TO
    assert texts[3] == f"Tu rival pasa; hay {question.pot} en el bote."
    assert texts[4] == f"¿Apuestas {question.bet} o pasas? R para apostar, C para pasar."
    drill.keys.key("f")
    assert drill.output.last.text == "F no responde a esta jugada: R para apostar, C para pasar."
    chance, _, answer = plain_answer(question)
    assert answer is Choice.BET  # aces on a king-high board: the kings pay
    drill.keys.key("r")
    told = drill.keys.told
    assert told[:2] == ["Correcto. 1 de 1; racha de 1.", f"El entrenador: apostar {question.bet}."]
    assert f"ganas un {round(chance)} por ciento" in told[2]
    assert told[3].endswith(": apostar.")


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "No decision of yours is kept yet, so there is no mistake to drill. Play a game"),
        ("es", "Aún no hay ninguna decisión tuya guardada, así que no hay errores que practicar."),
    ],
)
def test_nothing_kept_says_what_to_do(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, said: str
) -> None:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path))
    words, record = DrillText(lang), RecordText(lang)  # type: ignore[arg-type]
    told = read_mistakes(words, record, "K")
    assert isinstance(told, str) and told.startswith(said) and "(K " in told
    stats = StatsDB(tmp_path / DB_NAME)
    try:
        keep(stats, [(1, decision("call", "call", 0.0, "Ah Kh", "Qh 7h 2c"))])
    finally:
        stats.close()
    agreed = read_mistakes(words, record, "K")
    assert isinstance(agreed, str) and agreed != told and "K" in agreed


def test_the_command_with_nothing_kept_and_with_decisions(tmp_path: Path) -> None:
    empty = run_audiopoker(["drill", "mistakes", "--output", "console", "--lang", "en"], tmp_path)
    assert empty.returncode == 0, empty.stderr
    assert empty.stdout.startswith("No decision of yours is kept yet")
    assert not (tmp_path / DB_NAME).exists()  # only read: nothing created
    stats = StatsDB(tmp_path / DB_NAME)
    try:
        keep(stats, KEPT)
    finally:
        stats.close()
    arguments = ["drill", "mistakes", "--output", "console", "--lang", "en", "--seed", "3"]
    result = run_audiopoker([*arguments, "--no-save"], tmp_path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Drill from your mistakes: 10 spots of your costliest kind")
    assert lines[1].startswith("Question 1 of 10. From your hand 7 on 2026-11-30")
    assert lines[-2:] == ["Drill ended before any answer; nothing was kept.", "Goodbye."]
    kept = run_audiopoker(arguments, tmp_path)
    assert kept.stdout == result.stdout
    stats = StatsDB(tmp_path / DB_NAME)
    try:
        rows = stats.db.execute("SELECT drill, planned, seed FROM drill_sessions").fetchall()
    finally:
        stats.close()
    assert rows == [("mistakes", 10, 3)]  # kept like every drill; --no-save kept nothing
