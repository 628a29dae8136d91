"""Statistics: the facts of a hand from the player's side, the SQLite database (WAL, schema
version, migrations, a newer or damaged file), and the summaries over a real bot game."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from engine_helpers import play, start
from persistence_support import bot_table

from audiopoker.cards import parse_cards
from audiopoker.engine.events import Event, HandEnded, HandStarted
from audiopoker.game import Game
from audiopoker.output.backends import RecordingBackend
from audiopoker.output.router import Router, RoutingPolicy
from audiopoker.persistence import (
    DataLock,
    GameRecorder,
    StatsDB,
    StatsTooNew,
    Store,
)
from audiopoker.persistence.hands import hand_facts, starting_group
from audiopoker.persistence.stats import DB_NAME, SCHEMA_VERSION, migrate
from audiopoker.persistence.stats import schema_version as version_of
from audiopoker.ui.record_texts import RecordText
from audiopoker.ui.startup import open_store

# -- one hand from the player's side -----------------------------------------------------


def scripted_hand() -> list[Event]:
    """Four players, 100 each; seat 3 has the button, 0 and 1 the blinds. Seat 2 raises
    with the ace and king of hearts, seat 0 calls with sevens; both check the turn and the
    river down and the kings win."""
    hand = start(
        [100] * 4,
        button=3,
        small_blind_seat=0,
        big_blind_seat=1,
        holes={2: "AhKh", 0: "7c7d", 1: "Qs2c", 3: "8d3d"},
        board="Ks 9d 4c 2h 3s",
    )
    play(hand, "2 r6", "3 f", "0 c", "1 f", "0 x", "2 b8", "0 c", "0 x", "2 x", "0 x", "2 x")
    assert hand.is_over
    return list(hand.events)


def test_the_raiser_who_wins_at_showdown() -> None:
    facts = hand_facts(scripted_hand(), 2)
    assert facts is not None
    assert (facts.position, facts.cards, facts.hand_class, facts.group) == (
        "under_the_gun",
        "AhKh",
        "AKs",
        "broadway",
    )
    assert (facts.vpip, facts.pfr, facts.won, facts.went_to_showdown) == (True, True, True, True)
    assert (facts.stack_before, facts.stack_after, facts.net) == (100, 116, 16)
    assert (facts.pot, facts.collected, facts.players) == (30, 30, 4)
    assert (facts.last_street, facts.showdown, facts.folded_on) == ("river", True, None)


def test_the_caller_who_loses_and_the_big_blind_who_folds() -> None:
    events = scripted_hand()
    caller = hand_facts(events, 0)
    assert caller is not None
    assert (caller.position, caller.group, caller.vpip, caller.pfr) == (
        "small_blind",
        "pair_middle",
        True,
        False,
    )
    assert (caller.won, caller.net, caller.went_to_showdown) == (False, -14, True)
    folder = hand_facts(events, 1)
    assert folder is not None
    assert (folder.position, folder.vpip, folder.folded_on, folder.net) == (
        "big_blind",
        False,
        "preflop",
        -2,
    )
    assert folder.last_street == "river"  # how far the hand went, not the player


def test_a_seat_not_dealt_in_has_no_facts() -> None:
    hand = start([100, 0, 100], button=0, small_blind_seat=0, big_blind_seat=2)
    play(hand, "0 f")
    assert hand_facts(list(hand.events), 1) is None


@pytest.mark.parametrize(
    ("cards", "group"),
    [
        ("As Ad", "pair_high"),
        ("Tc Th", "pair_high"),
        ("9c 9h", "pair_middle"),
        ("6c 6h", "pair_middle"),
        ("5c 5h", "pair_low"),
        ("Kd Js", "broadway"),
        ("As Ts", "broadway"),
        ("As 9s", "suited_ace"),
        ("8h 7h", "suited_connector"),
        ("9h 7h", "suited_connector"),
        ("9h 6h", "suited_other"),
        ("Ac 2d", "offsuit_ace"),
        ("Kc 9d", "offsuit_other"),
        ("7c 2d", "offsuit_other"),
    ],
)
def test_starting_groups(cards: str, group: str) -> None:
    assert starting_group(parse_cards(cards)) == group


# -- the database ----------------------------------------------------------------------


def test_wal_and_the_current_schema(tmp_path: Path) -> None:
    db = StatsDB(tmp_path / DB_NAME)
    try:
        assert db.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert version_of(db.db) == SCHEMA_VERSION
    finally:
        db.close()


def test_an_old_database_is_migrated_and_keeps_its_rows(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    old = sqlite3.connect(path, isolation_level=None)
    assert migrate(old, target=1) == 1
    old.execute(
        "INSERT INTO games (id, started_at, players, starting_chips, small_blind, big_blind,"
        " ante, bots) VALUES ('g', '2026-01-01T10:00:00', 3, 100, 1, 2, 0, 'easy')"
    )
    old.execute(
        "INSERT INTO hands VALUES ('g', 1, 3, 'button', 'AhKh', 'AKs', 'broadway', 100, 110,"
        " 10, 1, 1, 1, 'flop', 0, NULL, 0, 20, 20)"
    )
    old.close()
    db = StatsDB(path)
    try:
        assert version_of(db.db) == SCHEMA_VERSION >= 3
        row = db.db.execute("SELECT net, played_at FROM hands WHERE game_id = 'g'").fetchone()
        assert row == (10, None)
        summary = db.summary()
        assert (summary.hands, summary.net, summary.biggest_pot) == (1, 10, 20)
    finally:
        db.close()


def test_a_newer_database_is_refused_and_the_folder_unlocked(tmp_path: Path) -> None:
    db = StatsDB(tmp_path / DB_NAME)
    db.db.execute("UPDATE schema_version SET version = 99")
    db.close()
    with pytest.raises(StatsTooNew):
        StatsDB(tmp_path / DB_NAME)
    backend = RecordingBackend()
    router = Router(backend, policy=RoutingPolicy(echo=True))
    try:
        assert open_store(tmp_path, RecordText("en"), router) is None  # plays unsaved
        router.drain(5)
        assert backend.spoken == [
            "The statistics were written by a newer version of audiopoker; this game is "
            "played without saving."
        ]
    finally:
        router.close()
    with DataLock(tmp_path) as lock:  # the refused attempt let go of the lock
        assert lock.held


def test_a_damaged_database_is_kept_aside_and_new_statistics_start(tmp_path: Path) -> None:
    garbage = b"this is not a database at all" * 100
    (tmp_path / DB_NAME).write_bytes(garbage)
    backend = RecordingBackend()
    router = Router(backend, policy=RoutingPolicy(echo=True), lang="es")
    try:
        store = open_store(tmp_path, RecordText("es"), router)
        assert isinstance(store, Store) and store.stats_kept_as is not None
        assert store.stats_kept_as.read_bytes() == garbage
        assert store.stats.summary().hands == 0
        store.close()
        router.drain(5)
        name = store.stats_kept_as.name
        assert backend.spoken == [
            f"El archivo de estadísticas estaba dañado; se guardó aparte como {name} y "
            "empiezan unas estadísticas nuevas. Para recuperar lo que aún se pueda leer de él, "
            f"escribe: audiopoker stats --merge {name}"
        ]
    finally:
        router.close()


# -- a whole game ----------------------------------------------------------------------


class Hands:
    """The events of each hand, by hand number."""

    def __init__(self) -> None:
        self.hands: dict[int, list[Event]] = {}
        self._current: list[Event] = []

    def on_event(self, event: Event) -> None:
        if isinstance(event, HandStarted):
            self._current = []
            self.hands[event.hand_number] = self._current
        self._current.append(event)


def test_a_games_numbers_add_up(tmp_path: Path) -> None:
    table, seats = bot_table("normal", 4, 150, seed=8)
    store = Store(tmp_path)
    store.open()
    seen = Hands()
    recorder = GameRecorder(
        store,
        game_id="g1",
        started_at="2026-11-29T10:00:00",
        names=table.names,
        human=0,
        settings={"small_blind": 1, "big_blind": 2, "ante": 0, "bots": "normal"},
        history=store.history("g1"),
        bot_states=lambda: [None] * 4,
        prefs=dict,
    )
    recorder.start(table)
    Game(table, seats, [seen, recorder], stop_when_out=(0,)).run(max_hands=40)
    summary = recorder.numbers()
    everything = store.stats.summary()
    store.close()

    played = {n: e for n, e in seen.hands.items() if 0 in e[0].seats_in_hand}  # type: ignore[attr-defined]
    facts = [hand_facts(events, 0) for events in played.values()]
    assert summary == everything  # one game: its numbers are all the numbers
    assert summary.games == 1 and summary.hands == len(played) > 10
    ended = [e for events in seen.hands.values() for e in events if isinstance(e, HandEnded)]
    assert summary.net == ended[-1].stacks[0] - 150 == sum(e.net[0] for e in ended)
    assert summary.hands_won == sum(1 for f in facts if f is not None and f.won)
    assert 0 < summary.pfr <= summary.vpip < 1
    assert sum(line.hands for line in summary.by_position) == summary.hands
    assert sum(line.net for line in summary.by_position) == summary.net
    assert sum(line.hands for line in summary.by_group) == summary.hands
    assert sum(line.won for line in summary.by_group) == summary.hands_won
    pots_won = [f.pot for f in facts if f is not None and f.won]
    assert summary.biggest_pot == max(pots_won)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_end_of_the_game_for_the_player_is_recorded_and_the_save_goes(
    tmp_path: Path, seed: int
) -> None:
    table, seats = bot_table("easy", 3, 6, seed)
    store = Store(tmp_path)
    store.open()
    recorder = GameRecorder(
        store, game_id="short", started_at="now", names=table.names, human=0,
        settings={"chips": 6, "small_blind": 1, "big_blind": 2, "ante": 0, "bots": "easy"},
        history=store.history("short"), bot_states=lambda: [{}] * 3, prefs=dict,
    )  # fmt: skip
    recorder.start(table)
    assert store.load().saved is not None
    game = Game(table, seats, [recorder], stop_when_out=(0,))
    game.run(max_hands=200)
    assert game.over and recorder.over
    status, place, won, hands = store.stats.db.execute(
        "SELECT status, place, won, hands FROM games WHERE id = 'short'"
    ).fetchone()
    store.close()
    assert (status, hands) == ("finished", table.hand_number)
    assert place == table.places[0] and won == (place == 1)
    assert store.load().saved is None and not (tmp_path / "saved-game.json").exists()
