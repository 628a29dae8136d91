"""The coach's error rate over sessions (issue 26, point 6): decisions kept in the statistics
database are read back as the error rate (big blinds lost per 100 decisions, the share of
mistakes) by street and by kind, over the last game and the last 7 and 30 days, said in
both languages with how far the figure can be trusted; ``stats --blunders`` lists the
decisions that cost 2 big blinds or more, newest first; ``--json`` carries the numbers."""

from __future__ import annotations

import datetime
import json
import sqlite3
from pathlib import Path

import pytest

from audiopoker.cli import main
from audiopoker.commands.decision_words import DecisionText, read_rates
from audiopoker.i18n import set_words
from audiopoker.persistence.decisions import (
    DecisionRecord,
    blunders,
    error_rate,
    grade_of,
    record_decisions,
)
from audiopoker.persistence.stats import DB_NAME, SCHEMA_VERSION, StatsDB, migrate
from audiopoker.persistence.stats import schema_version as version_of

NOW = datetime.datetime(2025, 3, 20, 12, 0, 0)


def at(days_ago: float, now: datetime.datetime = NOW) -> str:
    return (now - datetime.timedelta(days=days_ago)).replace(microsecond=0).isoformat()


def decision(
    street: str, action: str, suggested: str, loss: float, *, amount: int | None = None,
    hole: str = "7c 2d", board: str = "",
) -> DecisionRecord:  # fmt: skip
    return DecisionRecord(street, action, amount, suggested, None, "price_too_high", loss, 2,
                          hole, board)  # fmt: skip


def new_game(stats: StatsDB, game_id: str, started_at: str) -> None:
    stats.start_game(
        game_id, started_at, player_name="Ana", players=3, chips=100, blinds=(1, 2), ante=0,
        bots="easy", history_file=None,
    )  # fmt: skip


# A known set: 4 decisions in game g1 (30 days ago and less), 2 in g2 (yesterday).
KNOWN = {
    ("g1", 1, 20): [
        decision("preflop", "call", "fold", 3.0),
        decision("flop", "fold", "fold", 0.0),
    ],
    ("g1", 2, 20): [
        decision("flop", "bet", "check", 0.5, amount=6),
        decision("river", "check", "bet", 1.5),
    ],
    ("g2", 1, 1): [
        decision("preflop", "fold", "raise", 1.0),
        decision("turn", "call", "call", 0.0),
    ],
}


def known(stats: StatsDB, now: datetime.datetime = NOW) -> None:
    new_game(stats, "g1", at(20, now))
    new_game(stats, "g2", at(1, now))
    for (game, hand, days), records in KNOWN.items():
        record_decisions(stats, game, hand, at(days, now), records)


def test_the_migration_adds_the_decisions_and_keeps_what_was_there(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / DB_NAME, isolation_level=None)
    migrate(db, target=SCHEMA_VERSION - 1)
    db.execute(
        "INSERT INTO games (id, started_at, players, starting_chips, small_blind, big_blind,"
        " ante, bots) VALUES ('g0', '2025-01-01T10:00:00', 3, 100, 1, 2, 0, 'easy')"
    )
    db.close()
    stats = StatsDB(tmp_path / DB_NAME)
    try:
        assert version_of(stats.db) == SCHEMA_VERSION
        assert stats.db.execute("SELECT id FROM games").fetchall() == [("g0",)]
        record_decisions(
            stats, "g0", 1, "2025-01-01T10:01:00", [decision("flop", "call", "fold", 2.5)]
        )
        assert error_rate(stats).decisions == 1
    finally:
        stats.close()


def test_the_rates_by_street_and_kind_on_a_known_set() -> None:
    stats = StatsDB(None)
    try:
        known(stats)
        rate = error_rate(stats)
        assert (rate.decisions, rate.loss, rate.mistakes, rate.blunders) == (6, 6.0, 3, 1)
        assert rate.per_100 == pytest.approx(100.0)
        assert rate.mistake_share == pytest.approx(0.5)
        assert rate.band == "rough"
        streets = [(s.key, s.decisions, s.loss, s.mistakes) for s in rate.by_street]
        assert streets == [("preflop", 2, 4.0, 2), ("flop", 2, 0.5, 0), ("turn", 1, 0.0, 0),
                           ("river", 1, 1.5, 1)]  # fmt: skip
        kinds = [(k.key, k.decisions, k.loss) for k in rate.by_kind]
        assert kinds == [("calls_too_wide", 1, 3.0), ("missed_value", 1, 1.5),
                         ("folds_too_often", 1, 1.0), ("bets_into_strength", 1, 0.5)]  # fmt: skip
        one_game = error_rate(stats, game_id="g2")
        assert (one_game.decisions, one_game.loss, one_game.per_100) == (2, 1.0, 50.0)
        assert [grade_of(x) for x in (0.0, 0.5, 1.5, 3.0)] == [
            "best", "inaccuracy", "mistake", "blunder"]  # fmt: skip
    finally:
        stats.close()


def test_the_windows_count_by_date() -> None:
    stats = StatsDB(None)
    try:
        known(stats)
        new_game(stats, "g0", at(40))
        record_decisions(stats, "g0", 1, at(40), [decision("river", "call", "fold", 10.0)])
        rates = read_rates(stats, NOW)
        assert rates is not None and rates.session is not None
        assert (rates.session.decisions, rates.session.loss) == (2, 1.0)  # g2, the newest
        assert (rates.week.decisions, rates.week.loss) == (2, 1.0)
        assert (rates.month.decisions, rates.month.loss) == (6, 6.0)  # not the 40 days ago
        assert error_rate(stats).decisions == 7
        assert read_rates(StatsDB(None), NOW) is None
    finally:
        stats.close()


RATE_LINES = {
    "en": [
        "The coach's review of your decisions after the flop; the error rate is the big blinds "
        "lost per 100 "
        "decisions.",
        "Last game: 2 decisions, error rate 50, 50 percent mistakes. Few decisions yet: a "
        "rough figure.",
        "Last 7 days: 2 decisions, error rate 50, 50 percent mistakes. Few decisions yet: a "
        "rough figure.",
        "Last 30 days: 6 decisions, error rate 100, 50 percent mistakes. Few decisions yet: a "
        "rough figure.",
        "Over the last 30 days, by street:",
        "Before the flop: 2 decisions, error rate 200, 100 percent mistakes.",
        "On the flop: 2 decisions, error rate 25, 0 percent mistakes.",
        "On the turn: 1 decision, error rate 0, 0 percent mistakes.",
        "On the river: 1 decision, error rate 150, 100 percent mistakes.",
        "Your costliest kinds of mistake over the last 30 days:",
        "Calls too wide (called where folding was better): 1 time, big blinds lost: 3.",
        "Missed value (checked or called where betting or raising was better): 1 time, big "
        "blinds lost: 2.",
        "Folds too often (folded where calling, checking or raising was better): 1 time, big "
        "blinds lost: 1.",
        "Bets into strength (bet or raised where checking, calling or folding was better): 1 "
        "time, big blinds lost: 0.",
    ],
    "es": [
        "La revisión del entrenador de tus decisiones después del flop; la tasa de error son "
        "las ciegas grandes "
        "perdidas por cada 100 decisiones.",
        "Última partida: 2 decisiones, tasa de error 50, un 50 por ciento de errores. Aún "
        "pocas decisiones: una cifra aproximada.",
        "Últimos 7 días: 2 decisiones, tasa de error 50, un 50 por ciento de errores. Aún "
        "pocas decisiones: una cifra aproximada.",
        "Últimos 30 días: 6 decisiones, tasa de error 100, un 50 por ciento de errores. Aún "
        "pocas decisiones: una cifra aproximada.",
        "En los últimos 30 días, por calle:",
        "Antes del flop: 2 decisiones, tasa de error 200, un 100 por ciento de errores.",
        "En el flop: 2 decisiones, tasa de error 25, un 0 por ciento de errores.",
        "En el turn: 1 decisión, tasa de error 0, un 0 por ciento de errores.",
        "En el river: 1 decisión, tasa de error 150, un 100 por ciento de errores.",
        "Tus tipos de error más caros en los últimos 30 días:",
        "Sigues de más (seguiste donde irse era mejor): 1 vez, ciegas grandes perdidas: 3.",
        "Valor perdido (viste o seguiste donde apostar o subir era mejor): 1 vez, ciegas "
        "grandes perdidas: 2.",
        "Te vas de más (te fuiste donde seguir, ver o subir era mejor): 1 vez, ciegas grandes "
        "perdidas: 1.",
        "Apuestas contra fuerza (apostaste o subiste donde ver, seguir o irse era mejor): 1 "
        "vez, ciegas grandes perdidas: 0.",
    ],
}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_stats_says_the_error_rate(
    private_data_dir: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    stats = StatsDB(private_data_dir / DB_NAME)
    try:
        known(stats, datetime.datetime.now())
    finally:
        stats.close()
    assert main(["stats", "--output", "silent", "--lang", lang]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-len(RATE_LINES[lang]) :] == RATE_LINES[lang]
    assert main(["stats", "--json"]) == 0
    numbers = json.loads(capsys.readouterr().out)["decisions"]
    month = numbers["last_30_days"]
    assert (month["decisions"], month["bb_per_100"], month["mistake_share"]) == (6, 100.0, 0.5)
    assert month["band"] == "rough"
    assert [s["key"] for s in month["by_street"]] == ["preflop", "flop", "turn", "river"]
    assert month["by_kind"][0] == {"key": "calls_too_wide", "decisions": 1, "bb_lost": 3.0,
                                   "bb_per_100": 300.0, "mistakes": 1}  # fmt: skip
    assert numbers["last_game"]["decisions"] == numbers["last_7_days"]["decisions"] == 2


def test_the_band_grows_with_the_decisions() -> None:
    stats = StatsDB(None)
    try:
        new_game(stats, "g", at(1))
        for hand in range(1, 61):
            record_decisions(stats, "g", hand, at(1), [decision("flop", "call", "call", 0.0)])
        rate = error_rate(stats)
        assert (rate.decisions, rate.band, rate.per_100) == (60, "fair", 0.0)
        assert DecisionText("en").rate_lines(read_rates(stats, NOW))[1] == (
            "Last game: 60 decisions, error rate 0, 0 percent mistakes. Enough decisions for a "
            "fair guide."
        )
    finally:
        stats.close()


BLUNDER_LINES = {
    "en": [
        "2 decisions cost you 2 big blinds or more, newest first.",
        "{yesterday}, hand 4, on the turn with queen of hearts and queen of spades and jack of "
        "hearts, ten of hearts, nine of clubs and two of hearts on the board: you raised to 40; "
        "the coach suggested: call. It cost you 6 big blinds.",
        "{month}, hand 1, before the flop with seven of clubs and two of diamonds: you called; "
        "the coach suggested: fold. It cost you 3 big blinds.",
    ],
    "es": [
        "2 decisiones te costaron 2 ciegas grandes o más, las más recientes primero.",
        "{yesterday}, mano 4, en el turn con reina de corazones y reina de picas y en la mesa "
        "sota de corazones, diez de corazones, nueve de tréboles y dos de corazones: subiste a "
        "40; el entrenador proponía: seguir. Te costó 6 ciegas grandes.",
        "{month}, mano 1, antes del flop con siete de tréboles y dos de diamantes: seguiste; el "
        "entrenador proponía: irse. Te costó 3 ciegas grandes.",
    ],
}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_stats_blunders_lists_the_costly_decisions_newest_first(
    private_data_dir: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    now = datetime.datetime.now()
    stats = StatsDB(private_data_dir / DB_NAME)
    try:
        known(stats, now)  # one blunder: 3 big blinds, 20 days ago
        turn = DecisionRecord("turn", "raise", 40, "call", None, "price_right", 6.2, 2,
                              "Qh Qs", "Jh Th 9c 2h")  # fmt: skip
        record_decisions(stats, "g2", 4, at(1, now), [turn, decision("flop", "call", "fold", 1.9)])
        assert [b.loss for b in blunders(stats)] == [6.2, 3.0]
    finally:
        stats.close()
    assert main(["stats", "--blunders", "--output", "silent", "--lang", lang]) == 0
    days = {"yesterday": at(1, now)[:10], "month": at(20, now)[:10]}
    expected = [line.format(**days) for line in BLUNDER_LINES[lang]]
    assert capsys.readouterr().out.splitlines() == expected
    assert main(["stats", "--blunders", "--json"]) == 0
    first, second = json.loads(capsys.readouterr().out)
    assert (first["hand"], first["street"], first["loss"], first["kind"]) == (
        4, "turn", 6.2, "bets_into_strength")  # fmt: skip
    assert (second["hand"], second["kind"], second["hole"]) == (1, "calls_too_wide", "7c 2d")


def test_the_poker_words_and_no_blunders(
    private_data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stats = StatsDB(private_data_dir / DB_NAME)
    try:
        new_game(stats, "g", at(1, datetime.datetime.now()))
        record_decisions(stats, "g", 1, at(1, datetime.datetime.now()),
                         [decision("flop", "call", "fold", 1.0)])  # fmt: skip
    finally:
        stats.close()
    assert main(["stats", "--blunders", "--output", "silent", "--lang", "es"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "Aún ninguna decisión te ha costado 2 ciegas grandes o más."
    ]
    try:
        assert main(["stats", "--words", "poker", "--output", "silent", "--lang", "es"]) == 0
        assert capsys.readouterr().out.splitlines()[-1] == (
            "Pagas de más (pagaste donde retirarse era mejor): 1 vez, ciegas grandes perdidas: 1."
        )
    finally:
        set_words("sala")
    assert main(["stats", "--blunders", "--output", "silent", "--lang", "en"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "No decision has cost you 2 big blinds or more yet."
    ]
