"""The record keys and a resumed session: U tells the last hand again exactly as it was
told at the table (read back from the hand history, also after a resume), J tells this
game's numbers; a resumed Session continues with the saved table, bots and preferences."""

from __future__ import annotations

from pathlib import Path

import pytest
from persistence_support import bot_table, play_saved_game
from prompt_toolkit.input import create_pipe_input

from audiopoker.bots.base import encode_rng
from audiopoker.engine.events import (
    ActionRequired,
    BlindsChanged,
    Event,
    GameEnded,
    PlayerEliminated,
)
from audiopoker.engine.table import Table
from audiopoker.game import Game
from audiopoker.narration.narrator import Narrator
from audiopoker.output.backends import RecordingBackend
from audiopoker.output.message import Verbosity
from audiopoker.output.router import Router, RoutingPolicy
from audiopoker.persistence import GameRecorder, Store, Summary
from audiopoker.persistence.stats import Line
from audiopoker.ui.keymap import default_keymap
from audiopoker.ui.record_keys import RecordKeys
from audiopoker.ui.record_texts import RecordText
from audiopoker.ui.session import Session, Settings
from audiopoker.ui.startup import saved_settings

HANDS = 15
NOT_IN_HISTORY = (ActionRequired, PlayerEliminated, GameEnded, BlindsChanged)


class Told:
    """What the player at ``seat`` heard of each hand at the table (turn prompts and the
    game's own news aside), and, once the hand is recorded, what U says of it."""

    def __init__(self, names: list[str], seat: int | None, lang: str, keys: RecordKeys) -> None:
        self.narrator = Narrator(names, "es" if lang == "es" else "en", Verbosity.NORMAL, seat,
                                 reveal_hole_cards=seat is None)  # fmt: skip
        self.keys = keys
        self.hand: list[str] = []
        self.pairs: list[tuple[list[str], list[str]]] = []

    def on_event(self, event: Event) -> None:
        if not isinstance(event, NOT_IN_HISTORY):
            self.hand.extend(message.text for message in self.narrator.narrate(event))

    def on_hand_finished(self, table: Table) -> None:
        replayed = [message.text for message in self.keys.replay()]
        self.pairs.append((self.hand, replayed))
        self.hand = []


@pytest.mark.parametrize(("lang", "seat"), [("en", 0), ("es", 0), ("en", None)])
def test_u_tells_each_hand_again_as_it_was_told(lang: str, seat: int | None) -> None:
    table, seats = bot_table("easy", 4, 80, seed=21, lang=lang)
    names = table.names
    store = Store(None)
    store.open()
    recorder = GameRecorder(
        store, game_id="g", started_at="now", names=names, human=seat, settings={},
        history=store.history("g"), bot_states=lambda: [None] * 4, prefs=dict,
    )  # fmt: skip
    text = RecordText("es" if lang == "es" else "en")
    told = Told(names, seat, lang, RecordKeys(recorder, text, seat))
    recorder.start(table)
    Game(table, seats, [recorder, told]).run(max_hands=HANDS)
    store.close()
    assert len(told.pairs) == HANDS
    for number, (heard, replayed) in enumerate(told.pairs, start=1):
        assert replayed[0] == text.replay_start(number)
        assert replayed[-1] == text.replay_end()
        assert replayed[1:-1] == heard, number


def session_game(store: Store | None = None, **settings: object) -> tuple[Session, Router]:
    """A Session whose game we drive by hand (the key loop is not run)."""
    backend = RecordingBackend()
    router = Router(backend, policy=RoutingPolicy(echo=False))
    values: dict[str, object] = dict(
        players=3, chips=60, seed=5, bots="easy", bot_delay=0.0, bot_time_budget=None,
        autopilot=True,
    )  # fmt: skip
    values.update(settings)
    with create_pipe_input() as pipe:
        session = Session(
            Settings(**values),  # type: ignore[arg-type]
            router,
            default_keymap(),
            input=pipe,
            store=store,
        )
    return session, router


def play(session: Session, max_hands: int | None = None) -> None:
    """Play as Session.run does, without the key loop."""
    session.recorder.start(session.table)
    session.game.run(max_hands)


def answers(router: Router, key: str, session: Session) -> list[str]:
    backend = router.backend
    assert isinstance(backend, RecordingBackend)
    router.drain(5)
    before = len(backend.spoken)
    session.controller.key(key)
    router.drain(5)
    return backend.spoken[before:]


def command(router: Router, name: str, session: Session) -> list[str]:
    """What a command with no key says: H, its name typed, then Enter (help's command list
    runs it); only what Enter brings."""
    for key in ["h", *name]:
        session.controller.key(key)
    return answers(router, "c-m", session)


def walked(router: Router, session: Session) -> list[str]:
    """The last hand, then Down to the end of the list: everything said (a list walked by
    arrow)."""
    said = command(router, "last hand", session)
    for _ in range(200):
        if said[-1] == "End of the list.":
            return said
        said += answers(router, "down", session)
    raise AssertionError("the list never ended")


def test_the_keys_through_the_keymap_in_a_session() -> None:
    session, router = session_game(hands=3)
    try:
        said = command(router, "last hand", session)
        assert said == ["No hand has finished yet: nothing to replay."]
        nothing = ["No hand of yours has finished in this game yet."]
        assert command(router, "game numbers", session) == nothing
        play(session)
        said = walked(router, session)
        assert said[0].startswith("Hand 3 of 3.") and said[1].startswith("Hand 3 again: ")
        assert said[-2].endswith(" End of the list.")
        assert any(line.startswith("Your cards: ") for line in said)
        numbers = command(router, "numbers", session)
        assert numbers[0].startswith("This game: 3 hands played; you won ")
        assert numbers[2].startswith(("Biggest pot you won: ", "You have not won a pot yet."))
        assert "percent of your hands, and raised before the flop in " in numbers[3]
    finally:
        router.close()


@pytest.mark.parametrize(
    ("lang", "rates"),
    [
        (
            "en",
            "You put chips in voluntarily in 23 percent of your hands, and raised before the "
            "flop in 12 percent.",
        ),
        (
            "es",
            "Pusiste fichas por tu cuenta en el 23 por ciento de tus manos, y subiste antes "
            "del flop en el 12 por ciento.",
        ),
    ],
)
def test_j_says_how_you_play_in_words_not_abbreviations(lang: str, rates: str) -> None:
    summary = Summary(
        games=1, games_finished=0, games_won=0, hands=40, hands_won=6, net=-12,
        biggest_pot=30, vpip=0.23, pfr=0.12, showdowns=3, by_position=(), by_group=(),
    )  # fmt: skip
    lines = RecordText("es" if lang == "es" else "en").game_numbers(summary)
    assert lines[-1] == rates
    assert not any(mark in line for line in lines for mark in ("(", ")", "VPIP", "PFR"))


def test_stats_lists_the_positions_in_table_order() -> None:
    keys = ("big_blind", "button", "cutoff", "small_blind", "under_the_gun", "hijack")
    summary = Summary(
        games=1, games_finished=0, games_won=0, hands=6, hands_won=0, net=0, biggest_pot=0,
        vpip=0.0, pfr=0.0, showdowns=0, by_position=tuple(Line(key, 1, 0, 0) for key in keys),
        by_group=(),
    )  # fmt: skip
    lines = RecordText("en").summary(summary)
    named = ("Under the gun", "Hijack", "Cutoff", "Button", "Small blind", "Big blind")
    said = [line.split(":")[0] for line in lines if line.startswith(named)]
    assert said == list(named)


def test_a_watched_game_has_no_numbers_of_yours() -> None:
    session, router = session_game(hands=1, watch=True, autopilot=False)
    try:
        play(session)
        watching = ["You are watching: no numbers of yours are kept."]
        assert command(router, "game numbers", session) == watching
        assert command(router, "last hand", session)[1].startswith("Hand 1 again: ")
    finally:
        router.close()


def test_a_resumed_session_continues_the_saved_game(tmp_path: Path) -> None:
    saved = play_saved_game(tmp_path, hands=5, seed=9)
    store = Store(tmp_path)
    store.open()
    backend = RecordingBackend()
    router = Router(backend, policy=RoutingPolicy(echo=False))
    try:
        settings = saved_settings(saved, "en", autopilot=True)
        with create_pipe_input() as pipe:
            session = Session(
                settings, router, default_keymap(), input=pipe, store=store, saved=saved
            )
        assert session.table.names == saved.names
        assert session.table.snapshot() == saved.table
        assert encode_rng(session.table.rng) == saved.table_rng
        for seat in session.bot_seats[1:]:
            assert seat.bot.state() == saved.bots[seat.seat]  # type: ignore[attr-defined]
        assert session.pacer.delay == 0.5 and router.verbosity is Verbosity.VERBOSE
        session.greet()
        router.drain(5)
        chips = saved.table.stacks[0]
        assert backend.spoken == [f"Game resumed from the start of hand 6. You have {chips} chips."]
        said = walked(router, session)  # read back from the history file
        assert said[1].startswith("Hand 5 again: ") and said[-1] == "End of the list."
        numbers = command(router, "game numbers", session)
        assert numbers[0].startswith("This game: 5 hands played")
        session.pacer.delay = 0.0  # the saved pace was checked above; play fast now
        play(session, max_hands=2)
        after = store.load().saved
        assert after is not None and after.hand_number == 7 and after.game_id == saved.game_id
    finally:
        router.close()
        store.close()
