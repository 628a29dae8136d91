"""Whole games through the real wiring: engine, bots, narration, router, the prompt_toolkit
app on a pipe input and the conductor in its own thread, as ``audiopoker`` runs them.

- a seeded game played to its end by scripted keys;
- the same seed and keys give the same game;
- ``watch``: an all-bot table, narrated, with the query keys answering;
- quitting with Q and Y, or by closing the input;
- a game that stops on an error says so in the player's language.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from session_harness import running

from audiopoker.engine.events import GameEndReason
from audiopoker.output.backends import RecordingBackend
from audiopoker.output.router import Router, RoutingPolicy
from audiopoker.ui.keymap import default_keymap, load_keymap
from audiopoker.ui.session import Session, Settings

HOME = "\x1b[H"


def test_a_seeded_game_played_by_keys_to_the_end() -> None:
    settings = Settings(
        players=3, chips=40, seed=7, lang="en", bot_delay=0, hands=12, bot_time_budget=None
    )
    plans = [
        ["c"],
        ["r", "\x1b[H", "\r"],
        ["c"],
        ["v", "c"],
        ["r", "9", "9", "9", "\r", "\x1b", "f"],
    ]
    turns = 0
    with running(settings) as game:
        while game.play_turn(plans[turns % len(plans)]):
            turns += 1
        assert game.result == [0]
        assert game.chips.problems == []
        assert turns >= 3
        ended = game.chips.ended
        # Seeded bots without a time budget play the same way everywhere: this game reaches
        # its 12-hand limit with the player still in.
        assert ended is not None and ended.reason is GameEndReason.HAND_LIMIT
        assert game.chips.hands == 12 and 0 not in game.chips.out
        records = game.records()
    kinds = [record["kind"] for record in records]
    assert kinds[0] == "welcome"
    assert "your_turn" in kinds
    assert records[0]["text"].startswith("You play against 2 bots.")  # type: ignore[union-attr]
    assert kinds[-2:] == ["game_ended", "goodbye"]  # the standings, then goodbye


def test_the_same_seed_and_keys_give_the_same_game() -> None:
    def play() -> list[str]:
        settings = Settings(
            players=3, chips=30, seed=3, lang="es", bot_delay=0, hands=4, bot_time_budget=None
        )
        with running(settings) as game:
            while game.play_turn(["c"]):
                pass
            return [str(r["text"]) for r in game.records() if not r["interrupt"]]

    first = play()
    assert first == play()
    assert any(text.startswith("Juegas contra 2 bots.") for text in first)


def test_watch_mode_narrates_an_all_bot_game_and_answers_keys() -> None:
    settings = Settings(
        players=3, chips=30, seed=5, lang="en", bot_delay=0.05, hands=2, watch=True,
        bot_time_budget=None,
    )  # fmt: skip
    with running(settings) as game:
        assert game.session.human is None
        game.pipe.send_text("t")
        game.pipe.send_text("c")
        game.pipe.send_text("d")
        assert game.wait(lambda: game.finished, 30)
        assert game.result == [0]
        records = game.records()
    answers = [str(r["text"]) for r in records if r["interrupt"]]
    assert "You are watching: the bots play." in answers
    assert "You are watching: you have no seat." in answers
    kinds = {r["kind"] for r in records}
    assert {"welcome", "hand_started", "action_taken", "game_ended"} <= kinds
    assert "your_turn" not in kinds
    assert str(records[0]["text"]).startswith("You are watching 3 bots play.")


def test_quit_with_q_twice_ends_the_session_cleanly() -> None:
    settings = Settings(players=4, seed=2, bot_delay=0, bot_time_budget=None)
    with running(settings) as game:
        assert game.wait(game.my_turn)
        game.pipe.send_text("q")
        game.pipe.send_text("q")
        assert game.wait(lambda: game.finished, 10)
        assert game.result == [0]
        assert game.spoken()[-1] == "Goodbye."
        assert game.records()[-1]["text"] == "Goodbye."  # nothing narrated after it


def test_a_closed_input_quits_as_q_and_y_do() -> None:
    # The keyboard's stream ends (stdin closed) at the player's turn: no EOFError out of
    # the key loop, but the quit's goodbye, once, as the last word, and exit code 0.
    settings = Settings(players=4, seed=2, bot_delay=0, bot_time_budget=None)
    with running(settings) as game:
        assert game.wait(game.my_turn)
        game.pipe.close()
        assert game.wait(lambda: game.finished, 10)
        assert game.result == [0]
        assert game.session.controller.quitting and game.session.stopping.is_set()
        spoken = game.spoken()
        assert spoken[-1] == "Goodbye." and spoken.count("Goodbye.") == 1
        assert game.records()[-1]["text"] == "Goodbye."  # nothing narrated after it


def test_a_refused_keymap_is_said_first_and_the_user_keys_work(tmp_path: Path) -> None:
    bad = tmp_path / "keymap.toml"
    bad.write_text('[game]\nfold = "z"\nshout = "y"\n', "utf-8")
    good = tmp_path / "good.toml"
    good.write_text('[game]\nchips = "f3"\n', "utf-8")
    keymap, problems = load_keymap([good, bad])
    settings = Settings(players=3, seed=4, bot_delay=0, bot_time_budget=None)
    with running(settings, keymap, problems) as game:
        assert game.wait(game.my_turn)
        game.pipe.send_text("\x1bOR")  # F3
        assert game.wait(lambda: any(r["kind"] == "answer" for r in game.records()))
        game.pipe.send_text("\x03")
        assert game.wait(lambda: game.finished)
        records = game.records()
    assert records[0]["kind"] == "error"
    assert records[0]["text"] == (
        f"Keymap {bad}, line 3: unknown action shout. The default keys are used."
    )
    assert records[1]["kind"] == "welcome"
    answer = next(r for r in records if r["kind"] == "answer")
    assert str(answer["text"]).startswith("You have ")  # K is the chips key now


class Broken:
    """A listener that fails on every event: logged, and the others still hear it."""

    def on_event(self, event: object) -> None:
        raise RuntimeError("listener broke")


class BrokenBetweenHands:
    """A part of the conductor (a listener that changes the table before each hand, as a
    tournament's director does) that fails: the game cannot go on."""

    def on_event(self, event: object) -> None:
        pass

    def before_hand(self, table: object) -> list[object]:
        raise RuntimeError("the table broke")


def test_a_broken_listener_does_not_silence_the_others(caplog: pytest.LogCaptureFixture) -> None:
    backend = RecordingBackend()
    router = Router(backend, lang="en", policy=RoutingPolicy(echo=False))
    settings = Settings(players=3, seed=1, bot_delay=0, bot_time_budget=None, watch=True)
    settings = dataclasses.replace(settings, hands=2)
    with create_pipe_input() as pipe:
        pipe.close()  # nobody at the keys: the watched game plays to its end
        session = Session(settings, router, default_keymap(), input=pipe, listeners=[Broken()])
        assert session.run() == 0
    router.close()
    assert "Hand 2 of 2." in " ".join(backend.spoken)  # the narration went on
    assert any("Broken could not follow" in r.getMessage() for r in caplog.records)


def test_a_game_that_stops_on_an_error_says_so_in_the_players_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    backend = RecordingBackend()
    router = Router(backend, lang="es", policy=RoutingPolicy(echo=False))
    settings = Settings(players=3, seed=1, lang="es", bot_delay=0, bot_time_budget=None)
    broken = BrokenBetweenHands()
    with create_pipe_input() as pipe:
        session = Session(settings, router, default_keymap(), input=pipe, listeners=[broken])
        assert session.run() == 1
    router.close()
    sentence = "La partida se detuvo por un error de audiopoker: RuntimeError('the table broke')"
    assert backend.spoken[-1] == sentence
    assert capsys.readouterr().err.splitlines()[-1] == sentence  # no echo: printed as well
