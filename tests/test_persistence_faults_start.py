"""Faults at the start of a game (issue 29): a saved game the system would not let us read is
a fault, not damage: it stays where it is, as it is, the player hears so in words, and the
new game never replaces it; a data folder that cannot be opened when the game starts (a full
disk, a folder that cannot be written) is tried again after each hand, like a fault met in
the middle of a game, and the player hears when saving works again and what is saved."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from fault_support import (
    FAULTS,
    KIND,
    damaged_files,
    faulty_disk,
    refuse_reads,
    snapshot,
    spoken,
    told,
)
from persistence_support import (
    bot_table,
    check_game_records,
    game_recorder,
    history_files,
    play_saved_game,
    read_histories,
    save_path,
)

from audiopoker.game import Game
from audiopoker.persistence import GameRecorder, SavedGame, Store
from audiopoker.persistence.stats import DB_NAME
from audiopoker.ui.keymap import default_keymap
from audiopoker.ui.record_texts import RecordText
from audiopoker.ui.session import Settings
from audiopoker.ui.startup import choose_game, open_store

WORDS = {
    "denied": ("The folder cannot be written", "No se puede escribir en la carpeta"),
    "io": ("The disk could not read or write", "El disco no pudo leer o escribir"),
}


@contextlib.contextmanager
def new_game(store: Store, lang: str) -> Iterator[tuple[Game, GameRecorder, list[str]]]:
    """A bot game recorded in ``store`` (opened or not), its problems and recoveries worded
    as the player's session words them."""
    words = RecordText(lang)
    heard: list[str] = []
    holder: list[GameRecorder] = []
    settings = Settings(players=3, chips=2000, seed=8, bots="easy", bot_time_budget=None)
    table, seats = bot_table("easy", 3, settings.chips, 8, first="Player")
    recorder = game_recorder(
        store,
        settings,
        table,
        seats,
        {"verbosity": "normal"},
        on_problem=lambda error: heard.append(words.save_failed(error, holder[0].resumes_at)),
        on_recovered=lambda: heard.append(words.save_works_now(holder[0]) or "(nothing)"),
    )
    holder.append(recorder)
    recorder.start(table)
    try:
        yield Game(table, seats, [recorder]), recorder, heard
    finally:
        store.close()


def hands_of(folder: Path) -> dict[str, int]:
    with contextlib.closing(sqlite3.connect(folder / DB_NAME)) as db:
        rows = db.execute("SELECT game_id, COUNT(*) FROM hands GROUP BY game_id").fetchall()
    return {str(game): int(count) for game, count in rows}


UNREAD = {
    "en": "The saved game could not be read. {fault} It is left where it is, as it is, and "
    "offered when it can be read. A new game starts, which is not saved so that it does not "
    "replace it; its hands still go to your statistics.",
    "es": "No se pudo leer la partida guardada. {fault} Se queda donde está, tal como está, y "
    "se te ofrecerá cuando se pueda leer. Empieza una partida nueva, que no se guarda para no "
    "reemplazarla; sus manos sí van a tus estadísticas.",
}


@pytest.mark.parametrize("fault", ["permission", "io"])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_save_the_system_will_not_read_stays_where_it_is_and_is_never_replaced(
    tmp_path: Path, lang: str, fault: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 29, e: reading the save is refused (permission, I/O error): not ".damaged", the
    player hears the fault and that the file stays; the new game records its hands, never
    writes over the save nor removes it at its end; once it can be read, it is offered."""
    old = play_saved_game(tmp_path, hands=2)
    before = snapshot(tmp_path)["saved-game.json"]
    router, backend = told(lang)
    store = Store(tmp_path)
    store.open()
    with monkeypatch.context() as refusing:
        refuse_reads(refusing, save_path(tmp_path), fault)
        chosen = choose_game(
            store,
            resume=True,
            lang="es" if lang == "es" else "en",
            autopilot=False,
            text=RecordText(lang),
            router=router,
            keymap=default_keymap(),
        )
        assert chosen is None and store.save_kept
        with new_game(store, lang) as (game, recorder, heard):
            game.run(max_hands=3)
            assert recorder.resumes_at is None and heard == []
    fault_words = RecordText(lang).fault(OSError(FAULTS[fault][0], "x"))
    assert WORDS[KIND[fault]][lang == "es"] in fault_words
    assert spoken(router, backend) == [UNREAD[lang].format(fault=fault_words)]
    assert damaged_files(tmp_path) == []
    assert save_path(tmp_path).read_bytes() == before  # neither replaced nor removed
    assert sorted(hands_of(tmp_path).values()) == [2, 3]  # the new game's hands are kept
    with contextlib.closing(Store(tmp_path)) as again:
        again.open()
        found = again.load()
    assert found.saved is not None and found.saved.game_id == old.game_id


def test_a_game_over_does_not_remove_a_save_it_cannot_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The game's end removes its own save only: one that cannot be read now may be another
    game's (it was removed before, whatever it held)."""
    play_saved_game(tmp_path, hands=1)
    store = Store(tmp_path)
    store.open()
    try:
        refuse_reads(monkeypatch, save_path(tmp_path), "io")
        store.remove_save("another-game")
    finally:
        store.close()
    assert save_path(tmp_path).exists()


START = {
    "en": "Games cannot be saved in {folder} for now. {fault} You can play all the same: the "
    "game tries again after each hand, and says when saving works.",
    "es": "Por ahora no se pueden guardar partidas en {folder}. {fault} Puedes jugar "
    "igualmente: la partida lo vuelve a intentar después de cada mano y te avisa cuando ya se "
    "pueda guardar.",
}
WORKS = {
    "en": "Saving works again: the game is saved, and resumes from the start of hand 4.",
    "es": "Ya se puede guardar otra vez: la partida está guardada y continúa desde el "
    "principio de la mano 4.",
}


@pytest.mark.parametrize("fault", list(FAULTS))
@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_folder_that_cannot_be_opened_at_the_start_is_tried_after_each_hand(
    tmp_path: Path, lang: str, fault: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 29, f: the statistics cannot be opened when the game starts; the player hears
    the fault, plays on (the numbers key counts the hands kept in memory), and at the first
    hand after the fault goes every hand is written, the game saved, and that said."""
    folder = tmp_path / "data"
    router, backend = told(lang)
    with faulty_disk(monkeypatch) as disk:
        disk.fail(fault, DB_NAME)
        store = open_store(folder, RecordText(lang), router)
        assert isinstance(store, Store) and not store.opened
        with new_game(store, lang) as (game, recorder, heard):
            game.play_hand()
            game.play_hand()
            assert recorder.waiting == 2 and recorder.numbers().hands == 2
            assert recorder.last_hand() is not None and heard == []
            assert not save_path(folder).exists()
            disk.heal()
            game.play_hand()
            assert heard == [WORKS[lang]] and recorder.waiting == 0
    fault_words = RecordText(lang).fault(sqlite3.OperationalError(FAULTS[fault][1]))
    assert spoken(router, backend) == [START[lang].format(folder=folder, fault=fault_words)]
    saved = SavedGame.from_json(save_path(folder).read_bytes())
    assert saved.hand_number == 3 and damaged_files(folder) == []
    check_game_records(read_histories(history_files(folder)[0]), 3, 2000)
    assert list(hands_of(folder).values()) == [3]


KEPT = {
    "en": "Saving works again: this game's hands are in your statistics and its hand history. "
    "It is not saved to resume, so that your saved game stays as it was, offered next time "
    "from the start of hand 3.",
    "es": "Ya se puede guardar otra vez: las manos de esta partida están en tus estadísticas "
    "y en su historial. No se guarda para continuarla, así tu partida guardada sigue como "
    "estaba y se te ofrecerá la próxima vez, desde el principio de la mano 3.",
}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_saving_that_comes_back_keeps_the_saved_game_it_promised_to_keep(
    tmp_path: Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 29, f and case 1: a full disk at the start, a saved game (hand 3 next) and its
    statistics there. The player was told it stays and is offered next time; when saving
    comes back the new game's hands are recorded beside it, the save is not replaced, that
    is said, and the next start offers it."""
    old = play_saved_game(tmp_path, hands=2)
    before = snapshot(tmp_path)
    router, backend = told(lang)
    with faulty_disk(monkeypatch) as disk:
        disk.fail("full", DB_NAME)
        store = open_store(tmp_path, RecordText(lang), router)
        assert isinstance(store, Store)
        with new_game(store, lang) as (game, recorder, heard):
            game.play_hand()
            disk.heal()
            game.play_hand()
            assert heard == [KEPT[lang]] and recorder.resumes_at is None
            game.play_hand()
            assert len(heard) == 1
    assert len(spoken(router, backend)) == 1
    assert snapshot(tmp_path)["saved-game.json"] == before["saved-game.json"]
    assert damaged_files(tmp_path) == []
    assert hands_of(tmp_path)[old.game_id] == 2 and sorted(hands_of(tmp_path).values()) == [2, 3]
    with contextlib.closing(Store(tmp_path)) as again:
        again.open()
        found = again.load()
    assert found.saved == old
