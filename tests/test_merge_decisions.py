"""A statistics file kept aside brings the coach's reviewed decisions back when it is merged
(issue 26, point 6): `stats --merge` adds them with the games and hands, says how many in
both languages, never counts one twice (a file merged again adds none; a hand that already
has decisions is not completed from another copy), leaves out decisions of a hand the
statistics do not hold, and an older file without the table merges as before."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from persistence_support import play_saved_game

from audiopoker.cli import main
from audiopoker.persistence.decisions import DecisionRecord, blunders, record_decisions
from audiopoker.persistence.files import keep_aside
from audiopoker.persistence.merge import Merged, merge_kept
from audiopoker.persistence.stats import DB_NAME, SCHEMA_VERSION, StatsDB, migrate
from audiopoker.persistence.stats import schema_version as version_of

MERGED = {
    "en": "{file} was added to your statistics: games {games}, hands {hands}, decisions "
    "reviewed by the coach {decisions}, drill rounds 0. It stays beside them, renamed merged.",
    "es": "{file} se añadió a tus estadísticas: partidas {games}, manos {hands}, decisiones "
    "revisadas por el entrenador {decisions}, rondas de ejercicios 0. Sigue a su lado, con "
    "merged en el nombre.",
}


def decision(loss: float, street: str = "flop") -> DecisionRecord:
    return DecisionRecord(street, "call", None, "fold", None, "price_too_high", loss, 2,
                          "7c 2d", "Ah Kh Qh")  # fmt: skip


def game_id(folder: Path) -> str:
    db = sqlite3.connect(folder / DB_NAME)  # closed: the last one out checkpoints the log
    try:
        (found,) = db.execute("SELECT id FROM games").fetchone()
    finally:
        db.close()
    return str(found)


def kept_rows(path: Path) -> list[tuple[object, ...]]:
    db = sqlite3.connect(path)
    try:
        return db.execute(
            "SELECT game_id, hand_number, number, loss FROM decisions ORDER BY 1, 2, 3"
        ).fetchall()
    finally:
        db.close()


def copy_db(source: Path, target: Path) -> None:
    """A whole copy of an SQLite file (its write-ahead log included)."""
    src, dst = sqlite3.connect(source), sqlite3.connect(target)
    try:
        src.backup(dst)
    finally:
        src.close()
        dst.close()


def merge_line(lang: str, name: str, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["stats", "--output", "silent", "--lang", lang, "--merge", name]) == 0
    return capsys.readouterr().out.splitlines()[0]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_kept_file_brings_its_decisions_back_once(
    private_data_dir: Path, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    play_saved_game(private_data_dir, hands=3)
    game = game_id(private_data_dir)
    stats = StatsDB(private_data_dir / DB_NAME)
    try:
        record_decisions(stats, game, 1, "2025-01-02T10:01:00", [decision(0.5), decision(3.0)])
        record_decisions(stats, game, 3, "2025-01-02T10:03:00", [decision(2.5, "river")])
        # A hand the statistics do not hold (it never finished): its decision stays out.
        record_decisions(stats, game, 9, "2025-01-02T10:09:00", [decision(4.0)])
    finally:
        stats.close()
    kept = keep_aside(private_data_dir / DB_NAME, "damaged")
    again = kept.with_name(kept.name + "-again")  # the same file, kept a second time
    shutil.copyfile(kept, again)
    play_saved_game(private_data_dir, hands=2, seed=4)  # the new statistics: no decision

    line = merge_line(lang, kept.name, capsys)
    assert line == MERGED[lang].format(file=kept.name, games=1, hands=3, decisions=3)
    stats = StatsDB(private_data_dir / DB_NAME)
    try:
        assert [(b.hand_number, b.loss) for b in blunders(stats)] == [(3, 2.5), (1, 3.0)]
    finally:
        stats.close()
    expected = [(game, 1, 1, 0.5), (game, 1, 2, 3.0), (game, 3, 1, 2.5)]
    assert kept_rows(private_data_dir / DB_NAME) == expected

    line = merge_line(lang, again.name, capsys)
    assert line == MERGED[lang].format(file=again.name, games=0, hands=0, decisions=0)
    assert kept_rows(private_data_dir / DB_NAME) == expected


def test_a_hand_with_decisions_is_not_completed_from_another_copy(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    play_saved_game(folder, hands=2)
    game = game_id(folder)
    stats = StatsDB(folder / DB_NAME)
    record_decisions(stats, game, 1, "2025-01-02T10:01:00", [decision(0.5)])
    stats.close()
    kept = tmp_path / f"{DB_NAME}.damaged-1"
    copy_db(folder / DB_NAME, kept)
    other = StatsDB(kept)  # the copy went on: hand 1 reviewed again, hand 2 too
    record_decisions(other, game, 1, "2025-01-02T10:01:00", [decision(1.0), decision(2.0)])
    record_decisions(other, game, 2, "2025-01-02T10:02:00", [decision(3.0)])
    other.close()

    stats = StatsDB(folder / DB_NAME)
    try:
        assert merge_kept(stats, kept) == Merged(games=0, hands=0, drills=0, decisions=1)
    finally:
        stats.close()
    assert kept_rows(folder / DB_NAME) == [(game, 1, 1, 0.5), (game, 2, 1, 3.0)]


def old_file(path: Path) -> None:
    """A statistics file of the schema before the decisions: one game of one hand."""
    db = sqlite3.connect(path, isolation_level=None)
    try:
        migrate(db, target=SCHEMA_VERSION - 1)
        db.execute(
            "INSERT INTO games (id, started_at, player_name, players, starting_chips,"
            " small_blind, big_blind, ante, bots, hands, chips) VALUES ('old',"
            " '2024-05-01T10:00:00', 'Ana', 3, 100, 1, 2, 0, 'easy', 1, 104)"
        )
        db.execute(
            "INSERT INTO hands (game_id, hand_number, players, position, cards, hand_class,"
            " hand_group, stack_before, stack_after, net, won, vpip, pfr, last_street,"
            " showdown, folded_on, went_to_showdown, pot, collected, played_at) VALUES"
            " ('old', 1, 3, 'button', 'Ah Kd', 'AKo', 'broadway', 100, 104, 4, 1, 1, 1,"
            " 'flop', 0, NULL, 0, 8, 8, '2024-05-01T10:01:00')"
        )
    finally:
        db.close()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_an_old_file_without_decisions_merges_as_before(
    private_data_dir: Path, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    play_saved_game(private_data_dir, hands=1)
    kept = private_data_dir / f"{DB_NAME}.damaged-20240501T100000"
    old_file(kept)
    line = merge_line(lang, kept.name, capsys)
    assert line == MERGED[lang].format(file=kept.name, games=1, hands=1, decisions=0)
    (renamed,) = private_data_dir.glob(f"{kept.name}.merged-*")
    db = sqlite3.connect(renamed)
    try:
        assert version_of(db) == SCHEMA_VERSION - 1  # the kept file itself is never changed
    finally:
        db.close()
    db = sqlite3.connect(private_data_dir / DB_NAME)
    try:
        assert db.execute("SELECT COUNT(*) FROM hands WHERE game_id = 'old'").fetchone() == (1,)
    finally:
        db.close()
