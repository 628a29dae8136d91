"""Sound cues in the real session (the prompt_toolkit app on a pipe input, the conductor in
its thread), as ``audiopoker play`` and ``watch`` wire them:

- the volume and mute keys change the sound and say the new state, in words;
- ``--no-sound`` opens no audio device, and the keys then say the sound is off;
- ``--sound-volume`` refuses bad values on one line naming the option and the range;
- a spoken refusal plays the error cue beside it, and only a refusal does;
- a seeded watch game narrates the same, to its end, with the sound failing at start and
  mid-game (the failing backends are the ones tests/test_sounds_game.py uses on the bare
  conductor); the sound is closed when the session ends.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator

import pytest
from session_harness import Running, running
from sound_support import BreaksAfter, broken_at_start

from audiopoker.audio import listener as listener_module
from audiopoker.audio.cues import Cue, CueBank
from audiopoker.audio.listener import SoundListener, build_sound
from audiopoker.audio.sound_backends import RecordingBackend
from audiopoker.cli import build_parser, main
from audiopoker.commands import play as play_command
from audiopoker.engine.events import GameEndReason
from audiopoker.narration.amounts import Amounts
from audiopoker.ui.session import Settings

LOUDER, QUIETER, MUTE = "0", "9", "8"


def answers(game: Running) -> list[str]:
    """What the keys answered (interrupting messages), in order."""
    return [str(r["text"]) for r in game.records() if r["interrupt"] and r["kind"] != "welcome"]


def press(game: Running, key: str) -> str:
    """Press ``key`` and return the answer it got."""
    before = len(answers(game))
    game.pipe.send_text(key)
    assert game.wait(lambda: len(answers(game)) > before, 10), f"no answer to {key!r}"
    return answers(game)[before]


def narrated(game: Running) -> list[str]:
    """The game's narration (not the answers to keys)."""
    return [str(r["text"]) for r in game.records() if not r["interrupt"]]


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[RecordingBackend]]:
    """Stands in for the sound device: every backend ``build_sound`` opens is recorded."""
    devices: list[RecordingBackend] = []

    def open_device(bank: CueBank) -> RecordingBackend:
        devices.append(RecordingBackend())
        return devices[-1]

    monkeypatch.setattr(listener_module, "MiniaudioBackend", open_device)
    yield devices


# -- the keys ------------------------------------------------------------------------------


def test_the_sound_keys_change_the_volume_and_say_so() -> None:
    backend = RecordingBackend()
    sound = SoundListener(backend, seat=0, volume=0.8)
    settings = Settings(players=3, chips=40, seed=4, bot_delay=0, hands=3, bot_time_budget=None)
    with running(settings, sound=sound) as game:
        assert game.wait(game.my_turn)
        assert Cue.YOUR_TURN in backend.cues and Cue.SHUFFLE in backend.cues  # it hears the game
        assert press(game, LOUDER) == "Sound volume 90 percent."
        assert press(game, LOUDER) == "Sound volume 100 percent."
        assert press(game, LOUDER) == "That is the limit. Sound volume 100 percent."
        assert sound.volume == 1.0
        assert press(game, MUTE) == "Sound muted; speech goes on."
        assert sound.muted and backend.stops == 1  # muting silences what is playing
        played = len(backend.played)
        game.play_turn(["c"])  # the game goes on, unheard
        assert game.wait(game.my_turn)
        assert len(backend.played) == played
        assert press(game, QUIETER) == "Sound volume 90 percent; the sound is still muted."
        assert press(game, MUTE) == "Sound on, volume 90 percent."
        for _ in range(8):
            press(game, QUIETER)
        assert press(game, QUIETER) == "Sound volume 0 percent."
        assert press(game, QUIETER) == "That is the limit. Sound volume 0 percent."
        assert press(game, LOUDER) == "Sound volume 10 percent." and sound.volume == 0.1
        game.pipe.send_text("q")
        game.pipe.send_text("q")
        assert game.wait(lambda: game.finished, 10)
    assert game.result == [0]
    assert backend.closed  # the session closes the sound when it ends


def test_the_sound_keys_answer_in_spanish_and_help_lists_them() -> None:
    sound = SoundListener(RecordingBackend(), seat=None, volume=0.5)
    settings = Settings(
        players=3, chips=30, seed=5, lang="es", bot_delay=0.2, hands=1, watch=True,
        bot_time_budget=None,
    )  # fmt: skip
    with running(settings, sound=sound) as game:
        assert press(game, MUTE) == "Sonidos silenciados; la voz sigue."
        assert press(game, LOUDER) == "Volumen de los sonidos: 60 por ciento."
        game.pipe.send_text("h" + "\x1b[B" * 70)  # help is a list: Down walks it to its end

        def help_lines() -> list[str]:
            return [str(r["text"]) for r in game.records() if r["kind"] == "help"]

        assert game.wait(lambda: "8: silenciar los sonidos, o volver a oírlos." in help_lines())
        assert "0: sonidos más fuertes." in help_lines()
        assert "9: sonidos más suaves." in help_lines()


# -- --no-sound and --sound-volume ------------------------------------------------------------


def _args(*argv: str) -> argparse.Namespace:
    return build_parser().parse_args(list(argv))


def test_no_sound_opens_no_device(opened: list[RecordingBackend]) -> None:
    assert play_command.sound_from_args(_args("play", "--no-sound")) is None
    assert play_command.sound_from_args(_args("watch", "--no-sound")) is None
    assert opened == []
    # Without it, the device opens once, at the chosen volume, heard from the right seat.
    played = play_command.sound_from_args(_args("play", "--sound-volume", "35"))
    watched = play_command.sound_from_args(_args("watch"))
    assert played is not None and watched is not None and len(opened) == 2
    assert (played.volume, played.seat) == (0.35, 0)
    assert (watched.volume, watched.seat) == (0.8, None)


@pytest.mark.parametrize("no_sound", [True, False])
def test_play_hands_the_sound_to_the_session_and_closes_it(
    no_sound: bool, opened: list[RecordingBackend], monkeypatch: pytest.MonkeyPatch
) -> None:
    given: list[SoundListener | None] = []

    class FakeSession:
        def __init__(
            self, *args: object, sound: SoundListener | None = None, **kwargs: object
        ) -> None:
            given.append(sound)
            self.amounts = Amounts()  # play remembers the unit the options set
            self.view_prefs: dict[str, str] = {}  # and asks the large view's (none)

        def run(self) -> int:
            return 0

    monkeypatch.setattr(play_command, "PlaySession", FakeSession)
    argv = ["play", "--output", "silent", *(["--no-sound"] if no_sound else [])]
    assert main(argv) == 0
    if no_sound:
        assert given == [None] and opened == []
    else:
        assert len(opened) == 1 and given[0] is not None and given[0].seat == 0
        assert opened[0].closed


def test_no_sound_in_the_session_says_the_sound_is_off() -> None:
    settings = Settings(
        players=3, chips=30, seed=5, bot_delay=0.2, hands=1, watch=True, bot_time_budget=None
    )
    with running(settings, sound=None) as game:
        for key in (LOUDER, QUIETER, MUTE):
            assert press(game, key) == "Sound cues are off in this game."
        assert press(game, "c") == "You are watching: the bots play."  # no cue, no failure


@pytest.mark.parametrize("value", ["101", "-1", "loud", "50.5"])
def test_a_bad_sound_volume_gets_one_line_and_exit_code_2(
    value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as raised:
        main(["watch", "--sound-volume", value])
    assert raised.value.code == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1, lines
    assert "--sound-volume" in lines[0] and "from 0 to 100" in lines[0], lines[0]


# -- the error cue -------------------------------------------------------------------------


def test_a_refusal_plays_the_error_cue_and_an_answer_does_not() -> None:
    backend = RecordingBackend()
    sound = SoundListener(backend, seat=None)
    settings = Settings(
        players=3, chips=30, seed=5, bot_delay=0.2, hands=2, watch=True, bot_time_budget=None
    )
    with running(settings, sound=sound) as game:
        assert press(game, "s") == "You are watching: you have no seat."
        assert Cue.ERROR not in backend.cues
        assert press(game, "c") == "You are watching: the bots play."
        assert backend.cues.count(Cue.ERROR) == 1
        assert press(game, "r") == "You are watching: the bots play."
        assert backend.cues.count(Cue.ERROR) == 2
        errors = [r for r in game.records() if r["kind"] == "error"]
        assert len(errors) == 2  # one cue per spoken refusal, each with its words
        press(game, MUTE)
        press(game, "a")
        assert backend.cues.count(Cue.ERROR) == 2  # muted means muted, the words remain


# -- failing sound in a whole game ----------------------------------------------------------

WATCH = Settings(
    players=3, chips=30, seed=9, bot_delay=0, hands=4, watch=True, bot_time_budget=None
)


def watch_to_the_end(sound: SoundListener) -> tuple[list[str], Running]:
    with running(WATCH, sound=sound) as game:
        assert game.wait(lambda: game.finished, 60), "the game did not end"
        assert game.result == [0]
        ended = game.chips.ended
        assert ended is not None and ended.reason is GameEndReason.HAND_LIMIT
        return narrated(game), game


def test_a_seeded_game_plays_the_same_with_sound_failing_at_start_and_mid_game(
    caplog: pytest.LogCaptureFixture,
) -> None:
    working = RecordingBackend()
    reference, _ = watch_to_the_end(SoundListener(working, seat=None))
    assert len(working.played) > 60

    # The same game, plus one sentence saying the sound went off (tests/test_logging.py).
    off = "Sound cues are off: no sound device works here. The game goes on in words."
    caplog.clear()
    at_start = build_sound(enabled=True, backend=broken_at_start)
    told = watch_to_the_end(at_start)[0]
    assert [text for text in told if text != off] == reference and told.count(off) == 1
    assert not at_start.working
    assert sum(r.name == "audiopoker.audio" for r in caplog.records) == 1

    caplog.clear()
    unplugged = BreaksAfter(good=len(working.played) // 3)
    mid_game = build_sound(enabled=True, backend=lambda: unplugged)
    told = watch_to_the_end(mid_game)[0]
    assert [text for text in told if text != off] == reference and told.count(off) == 1
    assert unplugged.calls == unplugged.good + 1 and not mid_game.working
    assert sum(r.name == "audiopoker.audio" for r in caplog.records) == 1


def test_after_a_failure_the_keys_say_there_is_no_sound() -> None:
    sound = build_sound(enabled=True, backend=broken_at_start)
    settings = Settings(
        players=3, chips=30, seed=5, bot_delay=0.2, hands=1, watch=True, bot_time_budget=None
    )
    with running(settings, sound=sound) as game:
        assert press(game, LOUDER) == "No sound device."
        assert press(game, MUTE) == "Sound muted; speech goes on."
        assert press(game, MUTE) == "Sound on; no sound device."
