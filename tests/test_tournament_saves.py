"""A tournament saved and resumed, and its statistics: the save keeps the level and the
place in the schedule, a resumed game deals on at that level exactly as the uninterrupted
one did; a save from before tournaments (or of a cash game) still loads as a cash game;
a save with impossible tournament data is kept aside; ``audiopoker stats`` keeps
tournaments apart from cash games. Also the level key (Z) and its line in help."""

from __future__ import annotations

import dataclasses
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from persistence_support import bot_table, game_recorder, play_saved_game
from prompt_toolkit.input import create_pipe_input
from ui_harness import driven, make_table, run_named

from audiopoker.cli import main
from audiopoker.engine.events import BlindsChanged, Event, HandStarted
from audiopoker.game import Game
from audiopoker.narration.language import Language
from audiopoker.output.backends import RecordingBackend
from audiopoker.output.router import Router
from audiopoker.persistence import SavedGame, Store
from audiopoker.persistence.stats import StatsDB
from audiopoker.tournament.director import BlindsRising, Director
from audiopoker.tournament.schedule import Level, Tournament
from audiopoker.ui.keymap import apply_overrides, default_keymap
from audiopoker.ui.record_texts import RecordText
from audiopoker.ui.registry import bind, command
from audiopoker.ui.session import Session, Settings
from audiopoker.ui.startup import choose_game

LEVELS = tuple(
    Level(small, big, ante, hands=3)
    for small, big, ante in ((1, 2, 0), (2, 4, 0), (3, 6, 1), (5, 10, 1), (10, 20, 2))
)
CHIPS = 60


class Log:
    def __init__(self) -> None:
        self.events: list[Event] = []

    def on_event(self, event: Event) -> None:
        self.events.append(event)


def record_tournament(
    folder: Path, hands: int | None, seed: int = 3, payouts: tuple[int, ...] = (60, 40)
) -> Log:
    """A 3-player tournament of bots recorded as the game records it (seat 0 counted as the
    player's), for ``hands`` hands or to its end; its events."""
    settings = Settings(players=3, chips=CHIPS, seed=seed, bots="easy", bot_time_budget=None)
    table, seats = bot_table("easy", 3, CHIPS, seed, first="Player")
    director = Director(Tournament(LEVELS, payouts))
    log = Log()
    with Store(folder) as store:
        recorder = game_recorder(
            store,
            settings,
            table,
            seats,
            {"bot_delay": 0},
            extra=lambda: {"tournament": director.state()},
            tournament_paid=len(payouts),
        )
        recorder.start(table)
        Game(table, seats, [director, log, recorder]).run(max_hands=hands)
    return log


def saved_game(folder: Path) -> SavedGame:
    with Store(folder) as store:
        saved = store.load().saved
    assert saved is not None
    return saved


def opened(events: list[Event]) -> list[HandStarted]:
    return [event for event in events if isinstance(event, HandStarted)]


@pytest.mark.parametrize(
    ("hands", "state"),
    [
        (7, {"level": 2, "hands": 1, "pending": False}),
        (6, {"level": 1, "hands": 3, "pending": True}),  # hand 6 announced the change
    ],
)
def test_the_save_keeps_the_level_and_the_place_in_the_schedule(
    tmp_path: Path, hands: int, state: dict[str, object]
) -> None:
    record_tournament(tmp_path, hands)
    saved = saved_game(tmp_path)
    tournament = saved.extra["tournament"]
    assert {key: tournament[key] for key in state} == state
    assert tournament["payouts"] == [60, 40]
    assert Director.restore(tournament).tournament == Tournament(LEVELS, (60, 40))
    assert SavedGame.from_json(saved.to_json()) == saved


@contextmanager
def resumed(folder: Path, lang: Language, hands: int) -> Iterator[tuple[Session, Log, Router]]:
    """The saved game resumed as ``--resume`` does, played by the autopilot up to the hand
    limit ``hands``; the session is made but not yet run."""
    router = Router(RecordingBackend(), lang=lang)
    with Store(folder) as store, create_pipe_input() as pipe:
        chosen = choose_game(
            store, resume=True, lang=lang, autopilot=True, text=RecordText(lang),
            router=router, keymap=default_keymap(), input=pipe,
        )  # fmt: skip
        assert isinstance(chosen, tuple)
        saved, settings = chosen
        settings = dataclasses.replace(settings, hands=hands, bot_delay=0)
        session = Session(settings, router, default_keymap(), input=pipe, store=store, saved=saved)
        log = Log()
        session.game.add_listener(log)
        try:
            yield session, log, router
        finally:
            router.close()


def run_to_end(session: Session) -> None:
    thread = threading.Thread(target=session.run, daemon=True)
    thread.start()
    thread.join(60)
    assert not thread.is_alive(), "the resumed game did not end"


RESUMED = {
    "en": ["Level 3 of 5: blinds 3 and 6, ante 1.",
           "2 more hands at these blinds, then 5 and 10 with an ante of 1."],
    "es": ["Nivel 3 de 5: ciegas de 3 y 6, ante de 1.",
           "2 manos más con estas ciegas; después, 5 y 10 con un ante de 1."],
}  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_resumed_tournament_deals_on_at_its_level_as_if_never_stopped(
    tmp_path: Path, lang: Language
) -> None:
    whole = record_tournament(tmp_path / "whole", hands=12)
    record_tournament(tmp_path / "cut", hands=7)
    with resumed(tmp_path / "cut", lang, hands=12) as (session, log, router):
        assert session.director is not None
        # Asked before the first resumed hand (the level has no key: help's command list),
        # once the greeting is said (typing's answers would cut it, to be said again after).
        router.drain(5)
        run_named(session.controller, {"en": "level", "es": "nivel"}[lang])
        router.drain(5)
        assert router.backend.spoken[-2:] == RESUMED[lang]  # type: ignore[attr-defined]
        asked = len(router.backend.spoken)  # type: ignore[attr-defined]
        run_to_end(session)
        router.drain(5)
        spoken = router.backend.spoken[asked:]  # type: ignore[attr-defined]
    # The greeting says where the tournament stands.
    assert spoken[1:3] == RESUMED[lang]
    again = opened(log.events)
    assert again[0].hand_number == 8
    assert (again[0].small_blind_amount, again[0].big_blind_amount, again[0].ante) == (3, 6, 1)
    assert again == opened(whole.events)[7 : 7 + len(again)]
    kinds = [type(event) for event in log.events]
    assert BlindsRising in kinds and BlindsChanged in kinds


def test_a_change_announced_before_the_save_happens_on_the_first_resumed_hand(
    tmp_path: Path,
) -> None:
    record_tournament(tmp_path, hands=6)
    with resumed(tmp_path, "en", hands=8) as (session, log, _):
        run_to_end(session)
    assert log.events[0] == BlindsChanged(3, 6, 1)
    first = log.events[1]
    assert isinstance(first, HandStarted) and first.hand_number == 7 and first.ante == 1


@pytest.mark.parametrize(
    ("lang", "answer"),
    [
        ("en", "This is a cash game: the blinds never go up. For rising blinds, play a "
               "tournament: audiopoker --tournament."),
        ("es", "Es una partida de cash: las ciegas no suben nunca. Para jugar con ciegas que "
               "suben, empieza un torneo: audiopoker --tournament."),
    ],
)  # fmt: skip
def test_a_save_without_tournament_data_loads_as_a_cash_game(
    tmp_path: Path, lang: Language, answer: str
) -> None:
    saved = play_saved_game(tmp_path, hands=3)
    assert "tournament" not in saved.extra
    with resumed(tmp_path, lang, hands=5) as (session, _, router):
        assert session.director is None and session.tournament_talk is None
        assert session.table.config.big_blind == 2
        level = command("level")
        assert not session.controller.facts().allow(level.needs)  # help does not offer it
        bind(session.controller, level)()  # an older keymap's Z still answers
        router.drain(5)
        assert router.backend.spoken[-1] == answer  # type: ignore[attr-defined]


def test_a_save_with_impossible_tournament_data_is_kept_aside(tmp_path: Path) -> None:
    record_tournament(tmp_path, hands=4)
    saved = saved_game(tmp_path)
    broken = {**saved.extra["tournament"], "level": 9}
    with Store(tmp_path) as store:
        store.write_save(dataclasses.replace(saved, extra={"tournament": broken}))
    router = Router(RecordingBackend(), lang="en")
    try:
        with Store(tmp_path) as store:
            chosen = choose_game(
                store, resume=True, lang="en", autopilot=True, text=RecordText("en"),
                router=router, keymap=default_keymap(),
            )  # fmt: skip
            assert chosen is None
            assert store.load().saved is None
        router.drain(5)
        spoken = router.backend.spoken  # type: ignore[attr-defined]
    finally:
        router.close()
    assert any("tournament" in line for line in spoken), spoken
    assert list(tmp_path.glob("saved-game.json.*"))  # kept aside, not deleted


# --- statistics ---------------------------------------------------------------------------


def test_statistics_keep_tournaments_apart_from_cash_games(
    private_data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record_tournament(private_data_dir, hands=None)
    db = StatsDB(private_data_dir / "statistics.sqlite3")
    try:
        alone = db.summary()
        tournaments = db.tournaments()
        (place,) = db.db.execute("SELECT place FROM games").fetchone()
    finally:
        db.close()
    assert (alone.games, alone.hands) == (0, 0)  # no cash game yet
    assert (tournaments.played, tournaments.finished, tournaments.paying) == (1, 1, 1)
    assert tournaments.places == (place,) and tournaments.won == (place == 1)
    assert tournaments.in_the_money == (place <= 2) and tournaments.hands > 0
    assert main(["stats", "--output", "silent", "--lang", "en"]) == 0
    only = capsys.readouterr().out.splitlines()
    assert only[0] == f"1 tournament played; finished: 1; won: {int(place == 1)}."
    play_saved_game(private_data_dir, hands=4)
    db = StatsDB(private_data_dir / "statistics.sqlite3")
    try:
        cash = db.summary()
        assert db.tournaments() == tournaments
    finally:
        db.close()
    assert (cash.games, cash.games_finished) == (1, 0) and 0 < cash.hands <= 4
    assert main(["stats", "--output", "silent", "--lang", "en"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "1 game played; finished: 0; won: 0."
    ordinal = {1: "first", 2: "second", 3: "third"}[place]
    assert lines[-4:] == [
        only[0],
        f"{tournaments.hands} tournament hands played; you won {tournaments.hands_won}.",
        f"Your places in tournaments, latest first: {ordinal}.",
        f"Tournaments that paid places: 1; you were paid in {int(place <= 2)}.",
    ]
    assert main(["stats", "--output", "silent", "--lang", "es"]) == 0
    spanish = capsys.readouterr().out.splitlines()
    assert spanish[0] == "1 partida jugada; terminadas: 0; ganadas: 0."
    assert spanish[-4].startswith("1 torneo jugado; terminados: 1; ganados: ")
    assert spanish[-1] == f"Torneos con premios: 1; cobraste en {int(place <= 2)}."
    assert main(["stats", "--json"]) == 0
    numbers = json.loads(capsys.readouterr().out)
    assert numbers["games"] == 1 and numbers["tournaments"]["played"] == 1


# --- the level command ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "answer", "description"),
    [
        ("en", "This is a cash game: the blinds stay at 1 and 2. For rising blinds, play a "
               "tournament: audiopoker --tournament.",
         "a tournament's level and the next change of blinds"),
        ("es", "Es una partida de cash: las ciegas se quedan en 1 y 2. Para jugar con ciegas "
               "que suben, empieza un torneo: audiopoker --tournament.",
         "el nivel del torneo y el próximo cambio de ciegas"),
    ],
)  # fmt: skip
def test_the_level_in_a_cash_game_is_not_offered_and_an_old_z_says_the_blinds_stay(
    lang: str, answer: str, description: str
) -> None:
    keymap = apply_overrides(default_keymap(), '[game]\nlevel = "z"\n', "old.toml")
    table = make_table(lang=lang, keymap=keymap)
    with driven(table) as keys:
        keys.press("z")
    assert table.output.last.text == answer and table.output.last.interrupt
    assert not any(description in line for line in table.controller.help_lines())
