"""The end of a game: the last words (the standings, or the player's elimination) are
followed by one goodbye, and the program waits for them to be spoken where the speech
backend can tell, instead of exiting at once."""

from __future__ import annotations

import dataclasses
import threading
import time

import pytest
from session_harness import Running, running

from audiopoker.engine.events import Event, GameEnded
from audiopoker.output.backends import Done, Ending, RecordingBackend
from audiopoker.ui.session import Settings

WATCH = Settings(
    players=3, chips=30, seed=5, bot_delay=0, hands=2, watch=True, bot_time_budget=None
)


def kinds_and_texts(game: Running) -> list[tuple[str, str]]:
    return [(str(r["kind"]), str(r["text"])) for r in game.records()]


@pytest.mark.parametrize(("lang", "goodbye"), [("en", "Goodbye."), ("es", "Adiós.")])
def test_the_standings_are_followed_by_one_goodbye(lang: str, goodbye: str) -> None:
    with running(dataclasses.replace(WATCH, lang=lang)) as game:
        assert game.wait(lambda: game.finished, 30), "the game did not end"
        assert game.result == [0]
        said = kinds_and_texts(game)
    assert said[-1] == ("goodbye", goodbye)
    assert said[-2][0] == "game_ended"
    assert [text for _, text in said].count(goodbye) == 1


class HeldVoice(RecordingBackend):
    """A speech path that says when each message ended: at once, or, while ``holding``,
    only when the test releases it (the standings still being spoken)."""

    def __init__(self) -> None:
        super().__init__()
        self.holding = False
        self._held: list[Done] = []
        self._lock = threading.Lock()

    def speak_tracked(self, text: str, interrupt: bool, done: Done) -> None:
        self.speak(text, interrupt)
        with self._lock:
            if self.holding:
                self._held.append(done)
                return
        done(Ending.ENDED)

    def release(self) -> None:
        with self._lock:
            held, self._held = self._held, []
            self.holding = False
        for done in held:
            done(Ending.ENDED)


class HoldFromTheEnd:
    """Holds the voice from the moment the game ends."""

    def __init__(self, voice: HeldVoice) -> None:
        self.voice = voice

    def on_event(self, event: Event) -> None:
        if isinstance(event, GameEnded):
            self.voice.holding = True


def test_the_program_waits_until_the_last_words_are_spoken() -> None:
    voice = HeldVoice()
    with running(WATCH, backend=voice) as game:
        game.session.game.add_listener(HoldFromTheEnd(voice))
        assert game.wait(lambda: game.chips.ended is not None, 30), "the game did not end"
        time.sleep(0.5)
        assert not game.finished  # the standings are still being spoken
        assert "goodbye" not in [kind for kind, _ in kinds_and_texts(game)]
        voice.release()
        assert game.wait(lambda: game.finished, 5)
        assert game.result == [0]
        assert kinds_and_texts(game)[-1] == ("goodbye", "Goodbye.")
        # The goodbye itself is waited for too.
        voice.holding = True
        farewell = threading.Thread(target=game.session.farewell, daemon=True)
        farewell.start()
        farewell.join(0.5)
        assert farewell.is_alive()
        voice.release()
        farewell.join(5)
        assert not farewell.is_alive()


def test_a_player_knocked_out_hears_it_then_goodbye() -> None:
    # Three players: the game goes on without the player, who is told their place.
    settings = Settings(players=3, chips=6, seed=1, lang="en", bot_delay=0, bot_time_budget=None)
    with running(settings) as game:
        while game.play_turn(["a"]):
            pass
        assert game.wait(lambda: game.finished, 10)
        assert game.result == [0]
        said = kinds_and_texts(game)
    assert game.chips.out == [0] and game.chips.ended is None, "this seed knocks the player out"
    assert said[-5] == (
        "player_eliminated",
        "You are out of chips: your game is over. Final place: third.",
    )
    # Issue 17: a closing summary before goodbye (tests/test_game_bust.py has the rest).
    assert said[-4] == ("game_summary", "You finish in place 3 of 3.")
    assert said[-3][0] == "game_summary" and said[-3][1].startswith("Still playing: ")
    assert said[-2] == ("game_summary", "Run audiopoker to play again.")
    assert said[-1] == ("goodbye", "Goodbye.")


def test_quitting_says_goodbye_once_and_does_not_wait() -> None:
    settings = Settings(players=3, seed=2, bot_delay=0, bot_time_budget=None)
    with running(settings) as game:
        assert game.wait(game.my_turn)
        game.backend.speaking = True  # a quit does not wait for speech to end
        game.pipe.send_text("q")
        game.pipe.send_text("q")
        assert game.wait(lambda: game.finished, 5)
        texts = [text for _, text in kinds_and_texts(game)]
    assert texts[-1] == "Goodbye." and texts.count("Goodbye.") == 1
