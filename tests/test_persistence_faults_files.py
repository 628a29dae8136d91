"""The game's other writes meet the machine's faults too (issue 29): the seat tokens a
joining player keeps (``seats.json``), the ``--transcript`` file, the preferences saved
with the game when a key changes them, and a drill's answers. Each fault (a full disk,
read-only, permission taken away, a file in use, an I/O error) in turn: nothing already
written is lost or set aside, the player is told the truth in their language (or the log
is, for the transcript), and the game goes on."""

from __future__ import annotations

import contextlib
import json
import logging
import sqlite3
from pathlib import Path

import pytest
from fault_support import FAULTS, KIND, damaged_files, faulty_disk, snapshot, spoken, told
from persistence_support import bot_table, game_recorder, save_path

from audiopoker.coach.drills import DrillKind, new_round
from audiopoker.coach.drills.drill_text import DrillText
from audiopoker.commands.drill import Keeper
from audiopoker.commands.join import keep_seat
from audiopoker.game import Game
from audiopoker.net.tokens import FILE_NAME, TokenBook
from audiopoker.output.message import Message
from audiopoker.output.transcript import TranscriptWriter, read_transcript
from audiopoker.persistence import GameRecorder, SavedGame, Store
from audiopoker.persistence.stats import DB_NAME
from audiopoker.ui.record_texts import RecordText
from audiopoker.ui.session import Settings

WORDS = {
    "full": ("The disk is full", "El disco está lleno"),
    "denied": ("The folder cannot be written", "No se puede escribir en la carpeta"),
    "locked": ("Another program is using the file", "Otro programa está usando el archivo"),
    "io": ("The disk could not read or write", "El disco no pudo leer o escribir"),
}
SEAT = {
    "en": "Your seat at this table cannot be kept on this computer for now. {fault} You play "
    "on; if this program closes, you come back as a new player.",
    "es": "Tu asiento en esta mesa no se puede guardar en este ordenador por ahora. {fault} "
    "Sigues jugando; si este programa se cierra, vuelves como jugador nuevo.",
}
OTHER = {"ws://10.0.0.2:7777 Ana": "kept-before"}


@pytest.mark.parametrize("fault", list(FAULTS))
@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_seat_token_that_cannot_be_written_is_said_and_kept_in_memory(
    tmp_path: Path, lang: str, fault: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The token of the seat just taken cannot be written: the player hears why and what it
    means; the tokens already kept stay as they were; this process still has the seat's
    token, and writes it with the next one once the fault is gone."""
    (tmp_path / FILE_NAME).write_text(json.dumps(OTHER), "utf-8")
    before = snapshot(tmp_path)
    book = TokenBook(tmp_path)
    router, backend = told(lang)
    with faulty_disk(monkeypatch) as disk:
        disk.fail(fault, FILE_NAME)
        keep_seat(
            book, "ws://127.0.0.1:7777 Beto", "token-b", router, "es" if lang == "es" else "en"
        )
        assert disk.hits and snapshot(tmp_path) == before and damaged_files(tmp_path) == []
        assert book.get("ws://127.0.0.1:7777 Beto") == "token-b"
        disk.heal()
        assert book.put("ws://127.0.0.1:7777 Carla", "token-c") is None
    (said,) = spoken(router, backend)
    fault_words = RecordText(lang).fault(OSError(FAULTS[fault][0], "x"))
    assert said == SEAT[lang].format(fault=fault_words)
    assert WORDS[KIND[fault]][lang == "es"] in said
    kept = json.loads((tmp_path / FILE_NAME).read_text("utf-8"))
    assert kept == {
        **OTHER,
        "ws://127.0.0.1:7777 Beto": "token-b",
        "ws://127.0.0.1:7777 Carla": "token-c",
    }
    assert TokenBook(tmp_path).get("ws://127.0.0.1:7777 Beto") == "token-b"


def test_a_damaged_tokens_file_is_kept_aside_not_overwritten(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).write_text('{"ws://a Ana": "tok', "utf-8")  # cut short
    book = TokenBook(tmp_path)
    assert book.put("ws://b Beto", "token-b") is None
    (kept,) = tmp_path.glob(f"{FILE_NAME}.damaged-*")
    assert kept.read_text("utf-8") == '{"ws://a Ana": "tok'
    assert TokenBook(tmp_path).get("ws://b Beto") == "token-b"


@pytest.mark.parametrize("fault", list(FAULTS))
def test_a_transcript_line_the_disk_refuses_is_dropped_whole_and_the_game_goes_on(
    tmp_path: Path, fault: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """``--transcript`` on a failing disk: sending never raises, every line in the file is
    whole JSON (a full disk that took half a line has it cut back), the lines refused are
    missing and counted, the log says the fault once and when lines are written again."""
    path = tmp_path / "transcript.jsonl"
    writer = TranscriptWriter(path)
    router, _ = told("en")
    router.transcript = writer
    with faulty_disk(monkeypatch) as disk, caplog.at_level(logging.INFO):
        router.send(Message("welcome", "before"))
        disk.fail(fault, path.name)
        for number in range(3):
            router.send(Message("action_taken", f"lost {number}"))
        disk.heal()
        router.send(Message("action_taken", "after"))
        router.close()
    assert disk.hits and writer.lost == 3
    assert [record["text"] for record in read_transcript(path)] == ["before", "after"]
    logged = [r.getMessage() for r in caplog.records if r.name.endswith("transcript")]
    assert len(logged) == 2 and "not written" in logged[0] and "3 line(s) lost" in logged[1]


PREFS = {
    "en": "The game could not be saved. {fault} You can go on playing: the game tries again "
    "after each hand. The last save is kept whole and is offered next time, from the start "
    "of hand 3.",
    "es": "No se pudo guardar la partida. {fault} Puedes seguir jugando: la partida lo vuelve "
    "a intentar después de cada mano. El último guardado se conserva entero y se te ofrecerá "
    "la próxima vez, desde el principio de la mano 3.",
}


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("fault", list(FAULTS))
def test_preferences_that_cannot_be_saved_are_said_and_saved_with_the_next_hand(
    tmp_path: Path, lang: str, fault: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A key changes the verbosity while the save cannot be written: the player hears the
    fault once, the save stays as it was, and the next hand saves the game with the new
    preference and says that saving works again."""
    folder = tmp_path  # the data folder
    prefs = {"verbosity": "normal"}
    words = RecordText(lang)
    heard: list[str] = []
    holder: list[GameRecorder] = []
    settings = Settings(players=3, chips=2000, seed=4, bots="easy", bot_time_budget=None)
    table, seats = bot_table("easy", 3, settings.chips, 4, first="Player")
    store = Store(folder)
    store.open()
    recorder = game_recorder(
        store,
        settings,
        table,
        seats,
        prefs,
        on_problem=lambda error: heard.append(words.save_failed(error, holder[0].resumes_at)),
        on_recovered=lambda: heard.append(words.save_works_now(holder[0]) or ""),
    )
    holder.append(recorder)
    recorder.start(table)
    game = Game(table, seats, [recorder])
    try:
        with faulty_disk(monkeypatch) as disk:
            game.play_hand()
            game.play_hand()
            before = save_path(folder).read_bytes()
            disk.fail(fault, "saved-game")
            prefs["verbosity"] = "verbose"
            recorder.save_prefs()
            recorder.save_prefs()
            assert save_path(folder).read_bytes() == before and disk.hits
            fault_words = words.fault(OSError(FAULTS[fault][0], "x"))
            assert heard == [PREFS[lang].format(fault=fault_words)]
            disk.heal()
            game.play_hand()
    finally:
        store.close()
    assert len(heard) == 2 and heard[1] == words.save_works(4)
    saved = SavedGame.from_json(save_path(folder).read_bytes())
    assert saved.prefs["verbosity"] == "verbose" and saved.hand_number == 3
    assert damaged_files(folder) == []


@pytest.mark.parametrize("fault", list(FAULTS))
@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_drill_answer_that_cannot_be_kept_is_said_and_the_answers_before_stay(
    private_data_dir: Path, lang: str, fault: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second answer of a round meets the fault: the player hears it in words (the
    drill goes on without keeping), the first answer stays, nothing is set aside."""
    round = new_round(DrillKind.RANKING, 3, 7)
    keeper = Keeper(DrillText(lang), round, "es" if lang == "es" else "en")
    with faulty_disk(monkeypatch) as disk:
        assert keeper.open() is None
        round.advance()
        assert keeper.record(round.answer(1)) is None
        disk.fail(fault, DB_NAME)
        round.advance()
        said = keeper.record(round.answer(1))
    fault_words = RecordText(lang).fault(sqlite3.OperationalError(FAULTS[fault][1]))
    assert said == DrillText(lang).cannot_save(fault_words) and not keeper.keeping
    assert WORDS[KIND[fault]][lang == "es"] in said
    with contextlib.closing(sqlite3.connect(private_data_dir / DB_NAME)) as db:
        assert db.execute("SELECT number FROM drill_answers").fetchall() == [(1,)]
    assert damaged_files(private_data_dir) == []
