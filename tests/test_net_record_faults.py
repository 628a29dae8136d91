"""A network game's record on a machine that fails: the disk fills mid-game, the player
hears it once in their language, the hands wait and are all written when space is free
(and that is said); a folder another copy holds is said and the table plays on. The
table here is a local bot game whose events reach the record as a network seat sees them
(only what seat 0 may see), so every write site of the record is the real one."""

from __future__ import annotations

from pathlib import Path

import pytest
from fault_support import damaged_files, faulty_disk
from persistence_support import bot_table, history_files, read_histories

from audiopoker.engine.events import Event
from audiopoker.engine.table import Table
from audiopoker.game import Game
from audiopoker.net.net_text import NetText
from audiopoker.persistence import Store
from audiopoker.persistence.stats import DB_NAME, StatsDB
from audiopoker.ui.net_record import NetGameRecord, open_record

SAID = {
    "en": [
        "Your statistics and hand history cannot be written for now. The disk is full: free "
        "some space on it. You play on: your hands wait here, are written after a later hand, "
        "and you hear when that works.",
        "Writing works again: your hands at this table are in your statistics and hand history.",
    ],
    "es": [
        "Tus estadísticas y tu historial de manos no se pueden escribir por ahora. El disco está "
        "lleno: libera espacio en él. Sigues jugando: tus manos esperan aquí, se escriben "
        "después de otra mano y oirás cuando funcione.",
        "Ya se puede escribir otra vez: tus manos en esta mesa están en tus estadísticas y en "
        "tu historial de manos.",
    ],
}


class SeatView:
    """The record fed as the network link feeds it: seat 0's events, then the hand heard."""

    def __init__(self, record: NetGameRecord) -> None:
        self.record = record

    def on_event(self, event: Event) -> None:
        if event.visible_to(0):
            self.record.on_event(event)

    def on_hand_finished(self, table: Table) -> None:
        self.record.hand_heard()


def _played(folder: Path, lang: str) -> tuple[Game, NetGameRecord, list[tuple[str, str]]]:
    heard: list[tuple[str, str]] = []
    store = open_record(folder, NetText(lang), lambda line: heard.append(("error", line)))
    assert store is not None
    table, seats = bot_table("easy", 3, 2000, 5, first="Player")
    record = NetGameRecord(
        store, 0, lambda: table.names, NetText(lang), lambda k, line: heard.append((k, line))
    )
    return Game(table, seats, [SeatView(record)]), record, heard


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("where", ["histories", DB_NAME])
def test_a_full_disk_mid_game_loses_no_hand_of_the_network_record(
    tmp_path: Path, lang: str, where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with faulty_disk(monkeypatch) as disk:
        game, record, heard = _played(tmp_path, lang)
        for _ in range(4):
            game.play_hand()
        disk.fail("full", where)
        for _ in range(3):
            game.play_hand()
        assert heard == [("error", SAID[lang][0])]  # once, not after every hand
        disk.heal()
        game.play_hand()
        assert heard == [("error", SAID[lang][0]), ("saved", SAID[lang][1])]
        record.close()
    assert damaged_files(tmp_path) == []
    (history,) = history_files(tmp_path)
    hands = read_histories(history)
    assert [h.hand_number for h in hands] == list(range(1, 9))  # in order, none twice
    for hand in hands:  # the others' cards stay unknown unless shown
        dealt = [a for a in hand.actions if a.text.startswith("d dh")]
        assert [any(c is not None for c in a.cards) for a in dealt].count(True) == 1
    db = StatsDB(tmp_path / DB_NAME)
    try:
        assert db.summary().hands == 8
        (status,) = db.db.execute("SELECT status FROM games").fetchone()
        assert status == "finished"  # the player left: the game's row is closed
    finally:
        db.close()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_folder_another_copy_holds_is_said_and_nothing_is_recorded(
    tmp_path: Path, lang: str
) -> None:
    other = Store(tmp_path)
    other.open()
    try:
        heard: list[str] = []
        assert open_record(tmp_path, NetText(lang), heard.append) is None
        assert heard == [NetText(lang).say("join.record_busy", folder=str(tmp_path))]
        assert str(tmp_path) in heard[0] and "audiopoker" in heard[0]
    finally:
        other.close()
