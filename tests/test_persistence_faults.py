"""The machine fails, the player's data stays (issue 29): a full disk, a read-only folder,
permission taken away, a file held by another program or an I/O error is never taken for
a damaged file; nothing already saved is lost or set aside; the player hears what happened
in their language, with what to do, and never SQLite's own English; a game that could not
save tries again after each hand and says so when saving works again.

The three cases the issue was opened for are the first three tests, in both languages."""

from __future__ import annotations

import contextlib
import io
import logging
import os
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fault_support import FAULTS, KIND, damaged_files, faulty_disk, snapshot
from persistence_support import (
    bot_table,
    check_game_records,
    game_recorder,
    history_files,
    play_saved_game,
    read_histories,
    save_path,
)

from audiopoker.cli import main
from audiopoker.coach.drills import DrillKind, new_round
from audiopoker.coach.drills.drill_text import DrillText
from audiopoker.commands import stats as stats_command
from audiopoker.commands.drill import Keeper
from audiopoker.game import Game
from audiopoker.logfile import QuietFileHandler, configure_logging
from audiopoker.output.backends import RecordingBackend
from audiopoker.output.router import Router, RoutingPolicy
from audiopoker.persistence import DATA_DIR_ENV, GameRecorder, SavedGame, Store
from audiopoker.persistence.files import keep_aside
from audiopoker.persistence.stats import DB_NAME, StatsDB
from audiopoker.ui.record_texts import RecordText
from audiopoker.ui.session import Settings
from audiopoker.ui.startup import open_store

SQLITE_WORDS = ("database or disk", "rollback", "readonly", "database is locked", "I/O error")

FULL_AT_START = {
    "en": "Games cannot be saved in {folder} for now. The disk is full: free some space on "
    "it. You can play a new game all the same: it tries again to save after each hand. Your "
    "saved game stays as it was and is offered next time, from the start of hand 3.",
    "es": "Por ahora no se pueden guardar partidas en {folder}. El disco está lleno: libera "
    "espacio en él. Puedes jugar una partida nueva igualmente: lo vuelve a intentar después "
    "de cada mano. Tu partida guardada sigue como estaba y se te ofrecerá la próxima vez, "
    "desde el principio de la mano 3.",
}


def told(lang: str, folder: Path) -> tuple[Router, RecordingBackend]:
    backend = RecordingBackend()
    return Router(backend, policy=RoutingPolicy(echo=True), lang=lang), backend


def spoken(router: Router, backend: RecordingBackend) -> list[str]:
    router.drain(5)
    router.close()
    return list(backend.spoken)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_full_disk_at_the_start_keeps_the_statistics_and_says_so(
    tmp_path: Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Why 1 and 2: a good database (1 game, 2 hands) on a full disk is not set aside; the
    player hears the fault in words; once space is free, `stats` finds the two hands."""
    play_saved_game(tmp_path, hands=2)
    before = snapshot(tmp_path)
    router, backend = told(lang, tmp_path)
    with faulty_disk(monkeypatch) as disk:
        disk.fail("full", DB_NAME)
        store = open_store(tmp_path, RecordText(lang), router)
    assert isinstance(store, Store) and not store.opened and disk.hits  # tried again later
    said = spoken(router, backend)
    assert said == [FULL_AT_START[lang].format(folder=tmp_path)]
    assert not any(word in said[0] for word in SQLITE_WORDS)
    assert damaged_files(tmp_path) == [] and snapshot(tmp_path) == before
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path))
    summary = stats_command.read_summary()
    assert summary is not None and (summary.games, summary.hands) == (1, 2)


def recorded_game(folder: Path, **more: object) -> tuple[Store, Game, GameRecorder]:
    """A bot game (seat 0 counted as the player's) with its recorder, not started yet."""
    settings = Settings(players=3, chips=2000, seed=5, bots="easy", bot_time_budget=None)
    table, seats = bot_table("easy", 3, settings.chips, 5, first="Player")
    store = Store(folder)
    store.open()
    recorder = game_recorder(store, settings, table, seats, {"verbosity": "verbose"}, **more)
    return store, Game(table, seats, [recorder]), recorder


@contextlib.contextmanager
def game(
    folder: Path, lang: str, before_start: Callable[[], None] = lambda: None
) -> Iterator[tuple[Game, GameRecorder, list[str]]]:
    """A recorded bot game whose problems and recoveries are worded as the session does."""
    words = RecordText(lang)
    heard: list[str] = []
    holder: list[GameRecorder] = []
    store, table_game, recorder = recorded_game(
        folder,
        on_problem=lambda error: heard.append(words.save_failed(error, holder[0].resumes_at)),
        on_recovered=lambda: heard.append(words.save_works_now(holder[0]) or ""),
    )
    holder.append(recorder)
    before_start()
    recorder.start(table_game.table)
    try:
        yield table_game, recorder, heard
    finally:
        store.close()


MID_GAME = {
    "en": [
        "The game could not be saved. The disk is full: free some space on it. You can go "
        "on playing: the game tries again after each hand. The last save is kept whole and "
        "is offered next time, from the start of hand 7.",
        "Saving works again: the game is saved, and resumes from the start of hand 10.",
    ],
    "es": [
        "No se pudo guardar la partida. El disco está lleno: libera espacio en él. Puedes "
        "seguir jugando: la partida lo vuelve a intentar después de cada mano. El último "
        "guardado se conserva entero y se te ofrecerá la próxima vez, desde el principio de "
        "la mano 7.",
        "Ya se puede guardar otra vez: la partida está guardada y continúa desde el principio "
        "de la mano 10.",
    ],
}


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("where", ["saved-game", "histories", DB_NAME])
def test_the_disk_fills_mid_game_the_last_save_is_told_truly_and_saving_comes_back(
    tmp_path: Path, lang: str, where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Why 3: the disk fills after hand 6; the player hears that the save from hand 6 (hand
    7 next) is kept and offered; hands 7 and 8 wait; at hand 9 space is free, all three are
    written in order, and the player hears that saving works again."""
    with faulty_disk(monkeypatch) as disk, game(tmp_path, lang) as (table_game, recorder, heard):
        for _ in range(6):
            table_game.play_hand()
        disk.fail("full", where)
        for _ in range(2):
            table_game.play_hand()
            saved = SavedGame.from_json(save_path(tmp_path).read_bytes())
            assert saved.hand_number == 6  # the last good save, whole
        assert heard == MID_GAME[lang][:1] and recorder.failed is not None
        assert not any(word in heard[0] for word in SQLITE_WORDS)
        disk.heal()
        table_game.play_hand()
        assert heard == MID_GAME[lang] and recorder.waiting == 0
        assert recorder.failed is None and recorder.resumes_at == 10
    assert damaged_files(tmp_path) == []
    (history,) = history_files(tmp_path)
    check_game_records(read_histories(history), 3, 2000)
    assert len(read_histories(history)) == 9
    db = StatsDB(tmp_path / DB_NAME)
    try:
        assert db.summary().hands == 9
    finally:
        db.close()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_game_that_never_saved_says_it_cannot_be_resumed_yet(
    tmp_path: Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = {
        "en": "Nothing of this game is saved yet: if you stop now, it cannot be resumed.",
        "es": "Aún no hay nada guardado de esta partida: si la dejas ahora, no podrás continuarla.",
    }
    with faulty_disk(monkeypatch) as disk:
        arm = lambda: disk.fail("read-only", str(tmp_path))  # noqa: E731 - once the store is open
        with game(tmp_path, lang, arm) as (table_game, recorder, heard):
            table_game.play_hand()
            assert len(heard) == 1 and heard[0].endswith(expected[lang])
            assert recorder.resumes_at is None
            disk.heal()
            table_game.play_hand()
            assert recorder.resumes_at == 3 and len(heard) == 2
    assert len(read_histories(history_files(tmp_path)[0])) == 2


WORDS = {
    "full": ("The disk is full", "El disco está lleno"),
    "denied": ("The folder cannot be written", "No se puede escribir en la carpeta"),
    "locked": ("Another program is using the file", "Otro programa está usando el archivo"),
    "io": ("The disk could not read or write", "El disco no pudo leer o escribir"),
}


@pytest.mark.parametrize("fault", list(FAULTS))
@pytest.mark.parametrize("where", ["saved-game", "histories", DB_NAME])
def test_every_fault_at_every_game_write_keeps_what_was_saved(
    tmp_path: Path, fault: str, where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The matrix: each fault at each of the game's write sites, from the start of the game
    (its first save) and mid-game: nothing saved is lost or set aside, the kind is told in
    both languages, the game goes on, and the records agree once the fault goes."""
    for lang, phrase in zip(("en", "es"), WORDS[KIND[fault]], strict=True):
        folder = tmp_path / lang
        with faulty_disk(monkeypatch) as disk, game(folder, lang) as (table_game, rec, heard):
            for _ in range(2):
                table_game.play_hand()
            before = snapshot(folder)
            disk.fail(fault, where)
            table_game.play_hand()
            assert len(heard) == 1 and phrase in heard[0], heard
            assert not any(word in heard[0] for word in SQLITE_WORDS)
            if where == "saved-game":
                assert snapshot(folder)["saved-game.json"] == before["saved-game.json"]
            assert damaged_files(folder) == [] and disk.hits
            disk.heal()
            table_game.play_hand()
            assert rec.failed is None and rec.resumes_at == 5 and len(heard) == 2
        check_game_records(read_histories(history_files(folder)[0]), 3, 2000)
        with contextlib.closing(sqlite3.connect(folder / DB_NAME)) as db:
            assert db.execute("SELECT COUNT(*) FROM hands").fetchone()[0] == 4


@pytest.mark.parametrize("fault", list(FAULTS))
def test_stats_on_a_faulty_disk_says_the_fault_and_sets_nothing_aside(
    private_data_dir: Path,
    fault: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    play_saved_game(private_data_dir, hands=1)
    before = snapshot(private_data_dir)
    for lang, phrase in zip(("en", "es"), WORDS[KIND[fault]], strict=True):
        with faulty_disk(monkeypatch) as disk:
            disk.fail(fault, DB_NAME)
            code = main(["stats", "--output", "silent", "--lang", lang])
        err = capsys.readouterr().err
        assert code == stats_command.EXIT_UNREADABLE and phrase in err, err
        assert not any(word in err.split(". ", 1)[1] for word in SQLITE_WORDS)
    assert damaged_files(private_data_dir) == [] and snapshot(private_data_dir) == before


@pytest.mark.parametrize("lang", ["en", "es"])
def test_stats_names_a_database_kept_aside_and_merges_it_back(
    private_data_dir: Path, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A database set aside (by an older version, for a full disk) is named by `stats`
    with the command that brings it back; --merge adds its games once, and renames it."""
    play_saved_game(private_data_dir, hands=2)
    kept = keep_aside(private_data_dir / DB_NAME, "damaged")
    play_saved_game(private_data_dir, hands=3, seed=4)  # the new statistics: one game
    assert main(["stats", "--output", "silent", "--lang", lang]) == 0
    found = {
        "en": f"A statistics file was kept aside as {kept.name}. To add what can still be read "
        f"in it to your statistics, type: audiopoker stats --merge {kept.name}",
        "es": f"Un archivo de estadísticas se guardó aparte como {kept.name}. Para añadir a tus "
        f"estadísticas lo que aún se pueda leer de él, escribe: audiopoker stats --merge "
        f"{kept.name}",
    }
    assert capsys.readouterr().out.splitlines()[-1] == found[lang]
    assert main(["stats", "--output", "silent", "--lang", lang, "--merge", kept.name]) == 0
    lines = capsys.readouterr().out.splitlines()
    merged = {
        "en": f"{kept.name} was added to your statistics: games 1, hands 2, decisions "
        "reviewed by the coach 0, drill rounds 0. It stays beside them, renamed merged.",
        "es": f"{kept.name} se añadió a tus estadísticas: partidas 1, manos 2, decisiones "
        "revisadas por el entrenador 0, rondas de ejercicios 0. Sigue a su lado, con merged "
        "en el nombre.",
    }
    assert lines[0] == merged[lang] and found[lang] not in lines
    summary = stats_command.read_summary()
    assert summary is not None and (summary.games, summary.hands) == (2, 5)
    assert not kept.exists() and len(list(private_data_dir.glob(f"{kept.name}.merged-*"))) == 1
    assert main(["stats", "--output", "silent", "--lang", lang, "--merge", kept.name]) == 1


@pytest.mark.parametrize("fault", list(FAULTS))
def test_a_log_file_that_cannot_be_written_stays_off_the_console(
    private_data_dir: Path, fault: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """logging prints a traceback on stderr when its file cannot be written; the game's log
    file drops the record instead, and the next one is written once the fault goes."""
    path = configure_logging()
    assert path is not None
    (handler,) = [h for h in logging.getLogger().handlers if isinstance(h, QuietFileHandler)]
    logging.getLogger("audiopoker.test").warning("first")
    stream = handler.stream
    code = FAULTS[fault][0]

    class Failing(io.StringIO):
        def write(self, text: str) -> int:
            raise OSError(code, os.strerror(code))

    handler.stream = Failing()  # type: ignore[assignment]
    logging.getLogger("audiopoker.test").warning("lost on a full disk")
    handler.stream = stream
    logging.getLogger("audiopoker.test").warning("after")
    handler.flush()
    assert capsys.readouterr().err == ""
    text = path.read_text("utf-8")
    assert "first" in text and "after" in text and "lost" not in text


def test_a_drill_on_a_full_disk_is_told_in_words_and_sets_nothing_aside(
    private_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    play_saved_game(private_data_dir, hands=1)
    before = snapshot(private_data_dir)
    expected = {
        "en": "This drill is not kept in your statistics. The disk is full: free some space on it.",
        "es": "Esta práctica no se guarda en tus estadísticas. El disco está lleno: libera "
        "espacio en él.",
    }
    for lang in ("en", "es"):
        keeper = Keeper(DrillText(lang), new_round(DrillKind.RANKING, 3, 7), lang)
        with faulty_disk(monkeypatch) as disk:
            disk.fail("full", DB_NAME)
            assert keeper.open() == expected[lang]
        assert not keeper.keeping
    assert damaged_files(private_data_dir) == [] and snapshot(private_data_dir) == before
