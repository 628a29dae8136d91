"""The coach in a whole game (a Session on a pipe input): the review said as a table
message after each hand and before the next one when the setting is on, never unasked
when it is off (Y says it), the same answers and reviews for the same seed whether or not
K is pressed, and the setting kept with the saved game."""

from __future__ import annotations

import argparse
import dataclasses
import functools
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from session_harness import Running, running
from ui_harness import wait_until

from audiopoker.cli import build_parser
from audiopoker.coach.review_words import review_sentences
from audiopoker.commands.play import _given_options_win, settings_from_args
from audiopoker.i18n import Language
from audiopoker.output.backends import RecordingBackend
from audiopoker.output.router import Router
from audiopoker.persistence import Store
from audiopoker.ui.keymap import default_keymap
from audiopoker.ui.session import Session, Settings

SETTINGS = Settings(players=3, chips=100, seed=11, bot_delay=0, hands=3, bot_time_budget=None)


def kinds(game: Running, kind: str) -> list[dict[str, object]]:
    return [record for record in game.records() if record["kind"] == kind]


def answered(game: Running, before: int) -> bool:
    return len(kinds(game, "answer")) > before


def play(game: Running, coach_first: bool) -> None:
    """Call or check at every turn to the end; with ``coach_first``, K before each action,
    its answer heard first."""
    while game.wait(lambda: game.my_turn() or game.finished) and not game.finished:
        if coach_first:
            before = len(kinds(game, "answer"))
            game.pipe.send_text("k")
            assert game.wait(functools.partial(answered, game, before)), "K said nothing"
        if not game.play_turn(["c"]):
            break


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_review_is_a_table_message_between_hands(lang: Language) -> None:
    settings = dataclasses.replace(SETTINGS, review=True, lang=lang)
    with running(settings) as game:
        play(game, coach_first=False)
        assert game.wait(lambda: game.finished)
        records = game.records()
    order = [record["kind"] for record in records]
    reviews = [index for index, kind in enumerate(order) if kind == "review"]
    assert reviews, "no review was said"
    for index in reviews:
        record = records[index]
        assert not record["answer"] and not record["interrupt"]  # bots wait for it
        before = [kind for kind in order[:index] if kind in ("hand_ended", "hand_started")]
        assert before[-1] == "hand_ended"  # after the hand, before the next one starts
    well = "Well played: no costly decision." if lang == "en" else "Bien jugado: ninguna"
    saving = " on average." if lang == "en" else " de media."
    for index in reviews:
        text = str(records[index]["text"])
        assert text.startswith(well) or text.endswith(saving), text


def test_off_the_review_is_said_only_when_asked() -> None:
    with running(SETTINGS) as game:
        coach = game.session.coach
        assert coach is not None and not coach.speak_review
        game.pipe.send_text("hreview\r")  # H, typed, Enter: before any hand ended
        assert game.wait(lambda: len(kinds(game, "answer")) == 1)
        assert kinds(game, "answer")[0]["text"] == "Nothing to review yet: no hand has ended."
        while coach.last_review is None and game.play_turn(["c"]):
            pass
        review = coach.last_review
        assert review is not None
        game.pipe.send_text("hreview\r")  # the review has no key: help's command list
        expected = review_sentences(review, "en")
        assert game.wait(lambda: len(kinds(game, "answer")) == 1 + len(expected))
        assert [r["text"] for r in kinds(game, "answer")[1:]] == expected
        assert kinds(game, "review") == []


def test_the_same_seed_gives_the_same_answers_and_reviews_whatever_keys() -> None:
    said = []
    for coach_first in (True, True, False):
        with running(dataclasses.replace(SETTINGS, review=True)) as game:
            play(game, coach_first)
            assert game.wait(lambda: game.finished)
            said.append(
                (
                    [r["text"] for r in kinds(game, "answer")],
                    [r["text"] for r in kinds(game, "review")],
                )
            )
    (answers, reviews), again, unasked = said
    assert answers and (answers, reviews) == again
    assert unasked == ([], reviews)


def saved_prefs(folder: Path) -> dict[str, object]:
    saved = Store(folder).load().saved
    return dict(saved.prefs) if saved is not None else {}


@contextmanager
def stored(folder: Path, settings: Settings, saved: object = None) -> Iterator[Session]:
    store = Store(folder)
    store.open()
    router = Router(RecordingBackend(), lang=settings.lang)
    try:
        with create_pipe_input() as pipe:
            session = Session(
                settings, router, default_keymap(), input=pipe, store=store, saved=saved
            )  # type: ignore[arg-type]
            thread = threading.Thread(target=session.run, daemon=True)
            thread.start()
            try:
                yield session
            finally:
                session.stopping.set()
                pipe.send_text("\x03")
                thread.join(10)
    finally:
        router.close()
        store.close()


def test_the_review_setting_is_kept_with_the_game(tmp_path: Path) -> None:
    with stored(tmp_path, dataclasses.replace(SETTINGS, review=True)) as session:
        assert session.coach is not None and session.coach.speak_review
        assert wait_until(lambda: saved_prefs(tmp_path).get("review") is True)
    saved = Store(tmp_path).load().saved
    assert saved is not None and saved.prefs["review"] is True
    with stored(tmp_path, SETTINGS, saved) as session:  # resumed: the saved choice wins
        assert session.coach is not None and session.coach.speak_review
    given = argparse.Namespace(bot_delay=1.0, verbosity="normal", remind=None, review=False)
    kept, settings = _given_options_win(saved, SETTINGS, given)  # --no-review on resume
    assert "review" not in kept.prefs and settings.review is False
    given = argparse.Namespace(**{**vars(given), "review": None})  # neither option given
    kept, settings = _given_options_win(saved, SETTINGS, given)
    assert kept.prefs["review"] is True


def test_play_takes_coach_bots_and_the_review_options() -> None:
    parser = build_parser()
    settings = settings_from_args(parser.parse_args(["play", "--bots", "coach", "--review"]), "en")
    assert settings.bots == "coach" and settings.review is True
    assert settings_from_args(parser.parse_args(["play", "--no-review"]), "en").review is False
    assert settings_from_args(parser.parse_args(["play"]), "en").review is False
    assert settings_from_args(parser.parse_args(["watch"]), "en").review is False


def test_a_table_of_coach_bots_plays() -> None:
    settings = dataclasses.replace(SETTINGS, bots="coach", hands=2)
    with running(settings) as game:
        play(game, coach_first=False)
        assert game.wait(lambda: game.finished)
        assert game.result == [0] and not game.chips.problems
        assert game.chips.hands == 2 or 0 in game.chips.out  # or a coach bot's all in won
    bots = [seat.bot for seat in game.session.bot_seats]
    assert [type(bot).__name__ for bot in bots] == ["CoachBot", "CoachBot"]
