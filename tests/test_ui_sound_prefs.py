"""The sound keys' volume and mute are preferences: kept with the others (a saved game's,
a network player's preferences file) and taken back by the next game."""

from __future__ import annotations

from prompt_toolkit.input import create_pipe_input

from audiopoker.audio.listener import SoundListener
from audiopoker.audio.sound_backends import RecordingBackend as SoundRecorder
from audiopoker.output.backends import RecordingBackend
from audiopoker.output.router import Router
from audiopoker.ui.keymap import default_keymap
from audiopoker.ui.session import Session, Settings


def session_with_sound(sound: SoundListener | None) -> Session:
    settings = Settings(players=3, seed=1, bot_delay=0, bot_time_budget=None)
    with create_pipe_input() as pipe:
        return Session(
            settings, Router(RecordingBackend()), default_keymap(), input=pipe, sound=sound
        )


def test_volume_and_mute_are_kept_and_taken_back() -> None:
    first = session_with_sound(SoundListener(SoundRecorder(), volume=0.5))
    kept_calls: list[dict[str, object]] = []
    first.link.save_prefs = lambda: kept_calls.append(first.prefs())  # type: ignore[method-assign]
    first.controller.volume_up()
    first.controller.mute()
    assert kept_calls, "a sound key changed a preference and nothing was kept"
    kept = kept_calls[-1]
    assert (kept["volume"], kept["sound_muted"]) == (0.6, True)

    again = session_with_sound(SoundListener(SoundRecorder(), volume=0.5))
    again.restore_prefs(kept)
    assert again.sound is not None
    assert (round(again.sound.volume, 2), again.sound.muted) == (0.6, True)
    again.restore_prefs({"volume": 7, "sound_muted": "yes"})  # out of range, wrong kind: left
    assert (round(again.sound.volume, 2), again.sound.muted) == (0.6, True)
    first.router.close()
    again.router.close()


def test_without_sound_nothing_about_it_is_kept() -> None:
    quiet = session_with_sound(None)
    assert "volume" not in quiet.prefs() and "sound_muted" not in quiet.prefs()
    quiet.restore_prefs({"volume": 0.3, "sound_muted": True})  # --no-sound: nothing to set
    quiet.router.close()
