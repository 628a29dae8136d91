"""A hosted table meets the machine's faults as the solo game does, and the host hears them
(issue 29): the fault in the host's language with what to do, what is kept and from which
hand the table resumes, and when saving works again; a folder that cannot be opened when the
table starts is tried again after each hand. The table (its recorder, its store and the host
command's words) is the real one; only the network is left out: bots play every seat."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from fault_support import FAULTS, KIND, damaged_files, faulty_disk, snapshot, spoken, told
from persistence_support import check_game_records, history_files, read_histories, save_path

from audiopoker.commands.host import SaveNews, open_table_store, saved_table
from audiopoker.game import Game
from audiopoker.net.hosted_table import HostedTable, HostOptions
from audiopoker.output.backends import RecordingBackend
from audiopoker.persistence import SavedGame
from audiopoker.persistence.stats import DB_NAME

SQLITE_WORDS = ("database or disk", "rollback", "readonly", "database is locked", "I/O error")


@contextlib.contextmanager
def table(folder: Path, lang: str) -> Iterator[tuple[Game, SaveNews, RecordingBackend]]:
    """The host command's store, saved table and words (``SaveNews``: its ``recorder`` is
    the table's) around a real HostedTable, whose bots play every hand here (no server:
    nobody joins)."""
    router, backend = told(lang)
    news = SaveNews(router, "es" if lang == "es" else "en")
    store = open_table_store(folder, news)
    assert store is not None
    options = HostOptions(
        seats=3, chips=2000, bots="easy", bot_delay=0.0, port=0, seed=3, bot_time_budget=None
    )
    hosted = HostedTable(
        options, store, saved_table(store, news), None, news.problem, news.recovered
    )
    news.recorder = hosted.recorder
    game = Game(hosted.table, [seat.bot for seat in hosted.seats], [hosted.recorder])
    hosted.recorder.start(hosted.table)
    try:
        yield game, news, backend
    finally:
        store.close()


MID_GAME = {
    "en": [
        "The table could not be saved. The disk is full: free some space on it. It plays on "
        "and tries again after each hand. The last save is kept whole: hosting again resumes "
        "the table from the start of hand 4.",
        "Saving works again: the table is saved, and hosting again resumes it from the start "
        "of hand 7.",
        "The table is closed. It is saved as it stood at the start of hand 7, with every seat "
        "and its chips: host again to go on from there.",
    ],
    "es": [
        "No se pudo guardar la mesa. El disco está lleno: libera espacio en él. Sigue jugándose "
        "y lo vuelve a intentar después de cada mano. El último guardado se conserva entero: "
        "al volver a abrirla, sigue desde el principio de la mano 4.",
        "Ya se puede guardar otra vez: la mesa está guardada y, al volver a abrirla, sigue "
        "desde el principio de la mano 7.",
        "La mesa está cerrada. Está guardada como estaba al principio de la mano 7, con cada "
        "asiento y sus fichas: vuelve a abrirla para seguir desde ahí.",
    ],
}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_host_hears_a_full_disk_what_is_kept_and_when_saving_works_again(
    tmp_path: Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk fills after hand 3: the host hears it, and that the save from hand 3 is
    kept; hands 4 and 5 wait; at hand 6 all three are written and the host hears so."""
    with faulty_disk(monkeypatch) as disk, table(tmp_path, lang) as (game, news, out):
        for _ in range(3):
            game.play_hand()
        disk.fail("full", "saved-game")
        for _ in range(2):
            game.play_hand()
            assert SavedGame.from_json(save_path(tmp_path).read_bytes()).hand_number == 3
        disk.heal()
        game.play_hand()
        said = [*spoken(news.router, out), news.closed()]
    assert said == MID_GAME[lang]
    assert damaged_files(tmp_path) == []
    check_game_records(read_histories(history_files(tmp_path)[0]), 3, 2000)
    assert SavedGame.from_json(save_path(tmp_path).read_bytes()).hand_number == 6


WORDS = {
    "full": ("The disk is full", "El disco está lleno"),
    "denied": ("The folder cannot be written", "No se puede escribir en la carpeta"),
    "locked": ("Another program is using the file", "Otro programa está usando el archivo"),
    "io": ("The disk could not read or write", "El disco no pudo leer o escribir"),
}


@pytest.mark.parametrize("fault", list(FAULTS))
@pytest.mark.parametrize("where", ["saved-game", "histories", DB_NAME])
def test_every_fault_at_every_write_of_a_hosted_table_is_said_to_the_host(
    tmp_path: Path, fault: str, where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hosted table's matrix, in both languages: the fault's words (never SQLite's),
    the save left whole, nothing set aside, the table going on, and the records whole."""
    for lang, phrase in zip(("en", "es"), WORDS[KIND[fault]], strict=True):
        folder = tmp_path / lang
        with faulty_disk(monkeypatch) as disk, table(folder, lang) as (game, news, out):
            game.play_hand()
            before = snapshot(folder)
            disk.fail(fault, where)
            game.play_hand()
            game.play_hand()
            assert disk.hits and damaged_files(folder) == []
            if where == "saved-game":
                assert snapshot(folder)["saved-game.json"] == before["saved-game.json"]
            disk.heal()
            game.play_hand()
            said = spoken(news.router, out)
        assert len(said) == 2 and phrase in said[0], said
        assert not any(word in said[0] for word in SQLITE_WORDS)
        assert said[1].startswith(("Saving works again", "Ya se puede guardar otra vez"))
        check_game_records(read_histories(history_files(folder)[0]), 3, 2000)
        with contextlib.closing(sqlite3.connect(folder / DB_NAME)) as db:
            assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 1


START = {
    "en": "Tables cannot be saved in {folder} for now. The disk is full: free some space on "
    "it. This table plays all the same and tries again after each hand. The saved table stays "
    "as it was: hosting again later resumes it from the start of hand 3.",
    "es": "Por ahora no se pueden guardar mesas en {folder}. El disco está lleno: libera "
    "espacio en él. Esta mesa se juega igualmente y lo vuelve a intentar después de cada "
    "mano. La mesa guardada sigue como estaba: al volver a abrirla más adelante, sigue desde "
    "el principio de la mano 3.",
}
KEPT = {
    "en": "Saving works again: this table's hands are in the statistics and its hand history. "
    "It is not saved to resume, so that the saved table stays as it was.",
    "es": "Ya se puede guardar otra vez: las manos de esta mesa están en las estadísticas y en "
    "su historial. No se guarda para continuarla, así la mesa guardada sigue como estaba.",
}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_full_disk_when_the_table_opens_is_said_and_tried_again(
    tmp_path: Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A saved table (hand 3 next) and a full disk when hosting starts: the host hears the
    fault and that the saved table stays; the new table plays, and once space is free its
    hands are recorded beside the saved table, which is not replaced."""
    with table(tmp_path, lang) as (game, news, out):
        game.play_hand()
        game.play_hand()
        assert spoken(news.router, out) == []
    before = snapshot(tmp_path)["saved-game.json"]
    with faulty_disk(monkeypatch) as disk:
        disk.fail("full", DB_NAME)
        with table(tmp_path, lang) as (game, news, out):
            assert news.recorder is not None and not news.recorder.store.opened
            game.play_hand()
            disk.heal()
            game.play_hand()
            said = spoken(news.router, out)
    assert said == [START[lang].format(folder=tmp_path), KEPT[lang]]
    assert save_path(tmp_path).read_bytes() == before and damaged_files(tmp_path) == []
    with contextlib.closing(sqlite3.connect(tmp_path / DB_NAME)) as db:
        counts = sorted(row[0] for row in db.execute("SELECT hands FROM games"))
    assert counts == [2, 2]
