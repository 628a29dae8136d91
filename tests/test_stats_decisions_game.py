"""A game's decisions reach the statistics database (issue 26, point 6): the coach reviews
each of the player's decisions, hands them to the recorder when the hand ends, and the
recorder keeps them after the hand's own row with the fault rules of issue 29: a full disk
while writing them keeps the database whole and every hand recorded, the player hears it
in their language, and the decisions are written once the disk has room again; an error
that is not a fault of the machine drops a hand's decisions, never the game's records."""

from __future__ import annotations

import datetime
import random
import sqlite3
from collections.abc import Sequence
from pathlib import Path

import pytest
from fault_support import faulty_disk
from persistence_support import bot_table, game_recorder

from audiopoker.commands.decision_words import DecisionText, read_rates
from audiopoker.game import Game
from audiopoker.persistence import GameRecorder, Store
from audiopoker.persistence import recorder as recorder_module
from audiopoker.persistence.decisions import DecisionRecord, error_rate
from audiopoker.persistence.stats import DB_NAME
from audiopoker.ui.coach_keys import CoachService
from audiopoker.ui.record_texts import RecordText
from audiopoker.ui.session import Settings

HANDS = 4
FULL = {"en": "The disk is full", "es": "El disco está lleno"}


def coached_game(
    folder: Path, lang: str, problems: list[Exception] | None = None,
    recovered: list[bool] | None = None,
) -> tuple[Store, GameRecorder, CoachService, list[tuple[int, list[DecisionRecord]]]]:  # fmt: skip
    """A seeded bot game whose seat 0 is coached as the player's: the coach's reviewed
    decisions go to the recorder, as a local game wires them; ``kept`` is what it handed."""
    settings = Settings(players=3, chips=100, seed=5, bots="easy", bot_time_budget=None)
    table, seats = bot_table("easy", 3, settings.chips, 5, lang, first="Player")
    store = Store(folder)
    store.open()
    recorder = game_recorder(
        store, settings, table, seats, {"verbosity": "verbose"},
        on_problem=None if problems is None else problems.append,
        on_recovered=None if recovered is None else lambda: recovered.append(True),
    )  # fmt: skip
    coach = CoachService(0, random.Random(7), "en" if lang == "en" else "es", deals=200)
    kept: list[tuple[int, list[DecisionRecord]]] = []

    def keep(hand: int, records: Sequence[DecisionRecord]) -> None:
        review = coach.last_review
        assert review is not None and review.hand_number == hand
        graded = [d for d in review.decisions if d.graded]  # after the flop only
        assert [r.loss for r in records] == [round(d.cost, 3) for d in graded]
        kept.append((hand, list(records)))
        recorder.record_decisions(hand, records)

    coach.keep = keep
    recorder.start(table)
    Game(table, seats, [coach, recorder]).run(max_hands=HANDS)
    return store, recorder, coach, kept


def rows(store: Store) -> list[tuple[object, ...]]:
    return store.stats.db.execute(
        "SELECT hand_number, number, street, action, suggested, loss, hole, board"
        " FROM decisions ORDER BY hand_number, number"
    ).fetchall()


def expected(kept: list[tuple[int, list[DecisionRecord]]]) -> list[tuple[object, ...]]:
    return [
        (hand, number, r.street, r.action, r.suggested, r.loss, r.hole, r.board)
        for hand, records in kept
        for number, r in enumerate(records, 1)
    ]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_games_decisions_are_recorded_and_read_back(tmp_path: Path, lang: str) -> None:
    store, recorder, _, kept = coached_game(tmp_path, lang)
    try:
        assert recorder.failed is None
        assert len(kept) >= 2 and all(records for _, records in kept)
        assert rows(store) == expected(kept)
        for _, records in kept:
            for r in records:
                assert r.street in ("flop", "turn", "river")  # none measured before it
                assert len(r.hole.split()) == 2 and r.loss >= 0
        rate = error_rate(store.stats, game_id=recorder.game_id)
        total = sum(len(records) for _, records in kept)
        assert rate.decisions == total
        assert rate.loss == pytest.approx(sum(r.loss for _, rs in kept for r in rs))
        rates = read_rates(store.stats, datetime.datetime.now())
        line = DecisionText(lang).rate_lines(rates)[1]
        word = {"en": "Last game: ", "es": "Última partida: "}[lang]
        assert line.startswith(f"{word}{total} decisi")
    finally:
        store.close()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_full_disk_while_writing_decisions_keeps_the_database_whole(
    tmp_path: Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    problems: list[Exception] = []
    recovered: list[bool] = []
    real = recorder_module.record_decisions
    with faulty_disk(monkeypatch) as disk:
        calls: list[int] = []

        def full_once(stats: object, game_id: str, hand: int, *args: object) -> None:
            calls.append(hand)
            if len(calls) == 1:  # the first hand's decisions meet a full disk
                disk.fail("full", DB_NAME)
            try:
                real(stats, game_id, hand, *args)  # type: ignore[arg-type]
            finally:
                disk.heal()

        monkeypatch.setattr(recorder_module, "record_decisions", full_once)
        store, recorder, _, kept = coached_game(tmp_path, lang, problems, recovered)
    try:
        assert disk.hits >= 1
        assert len(problems) == 1 and recovered == [True]
        told = RecordText(lang).save_failed(problems[0], None)
        assert FULL[lang] in told
        assert store.stats.db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert store.stats.hand_numbers(recorder.game_id) == list(range(1, HANDS + 1))
        assert recorder.failed is None and recorder.waiting == 0
        assert rows(store) == expected(kept)  # the refused hand's decisions came later
        assert calls[0] == calls[1] == kept[0][0]  # tried again, after the next hand
    finally:
        store.close()


def test_a_decisions_error_never_costs_the_games_records(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object) -> None:
        raise sqlite3.IntegrityError("UNIQUE constraint failed: decisions.number")

    monkeypatch.setattr(recorder_module, "record_decisions", broken)
    problems: list[Exception] = []
    store, recorder, _, kept = coached_game(tmp_path, "en", problems)
    try:
        assert kept and problems == [] and recorder.failed is None
        assert store.stats.hand_numbers(recorder.game_id) == list(range(1, HANDS + 1))
        assert rows(store) == []
        saved = store.load().saved
        assert saved is not None and saved.hand_number == HANDS
    finally:
        store.close()
