"""The built-in voice through a player process (espeak-ng on Linux): cut mid-sentence by
killing the player, every ending reported, and no player or ALSA text on the terminal.

A fake player (tts_support.FakePlayer) "plays" each WAV for as long as it lasts and notes
its start and its natural end; real aplay with no usable device (ALSA given an empty
configuration) shows the missing sound device. Needs alsa-utils (aplay) and espeak-ng for
the tests that say so; they skip with the package to install.
"""

from __future__ import annotations

import ctypes.util
import logging
import shutil
from pathlib import Path

import pytest
from platform_support import posix_only
from tts_support import Endings, FakeEngine, FakePlayer, gone, wait

from audiopoker.output.backends import Ending
from audiopoker.output.tts import TtsBackend, VoiceLost, tts_problem
from audiopoker.output.wavplayer import DEFAULT_PLAYER, probe_player

LONG = "Your turn. " + "Call forty, raise to at least eighty, or fold. " * 2  # 6 s at 0.35 s/word

# The WAV player path is Linux's (pyttsx3 speaks through SAPI or NSSpeech elsewhere); its
# tests check players by POSIX process ids and signals.
pytestmark = posix_only("POSIX process signals (the player is killed mid-sentence)")

needs_aplay = pytest.mark.skipif(
    shutil.which("aplay") is None, reason="aplay is not installed (apt-get install alsa-utils)"
)
needs_espeak = pytest.mark.skipif(
    ctypes.util.find_library("espeak-ng") is None,
    reason="espeak-ng is not installed (apt-get install espeak-ng)",
)


@pytest.fixture
def no_sound_device(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """ALSA with an empty configuration has no default device, on any machine: aplay then
    fails exactly as on a machine without a sound card."""
    empty = tmp_path / "empty-alsa.conf"
    empty.write_text("")
    monkeypatch.setenv("ALSA_CONFIG_PATH", str(empty))


def voice(tmp_path: Path, mode: str = "play", **engine: float) -> tuple[TtsBackend, FakePlayer]:
    player = FakePlayer(tmp_path, mode)
    fake = FakeEngine(**engine)
    return TtsBackend(engine_factory=lambda: fake, player=player.command), player


def test_an_interrupt_kills_the_player_mid_sentence_and_reports_cut(tmp_path: Path) -> None:
    backend, player = voice(tmp_path, seconds_per_word=0.35)
    ends = Endings()
    try:
        backend.speak_tracked(LONG, False, ends.done("prompt"))
        backend.speak_tracked("Bob calls.", False, ends.done("queued"))
        first = player.wait_started(1)
        assert backend.is_speaking() is True
        backend.speak_tracked("Two hundred.", True, ends.done("answer"))
        assert wait(lambda: gone(first)), "the player of the cut utterance still runs"
        assert wait(lambda: ends.of("answer") == [Ending.ENDED])
    finally:
        backend.close()
    assert ends.of("prompt") == [Ending.CUT] and ends.of("queued") == [Ending.CUT]
    answer = player.started()[1]
    assert player.ended() == [answer]  # the prompt never reached its end; the answer did
    assert len(player.started()) == 2  # the dropped "Bob calls." was never played


def test_silence_kills_the_player_and_drops_the_queue(tmp_path: Path) -> None:
    backend, player = voice(tmp_path, seconds_per_word=0.35)
    ends = Endings()
    try:
        backend.speak_tracked(LONG, False, ends.done("prompt"))
        backend.speak_tracked("Alice folds.", False, ends.done("queued"))
        first = player.wait_started(1)
        backend.silence()
        assert wait(lambda: gone(first))
        assert wait(lambda: len(ends.reports) == 2)
        assert wait(lambda: backend.is_speaking() is False)
    finally:
        backend.close()
    assert ends.of("prompt") == [Ending.CUT] and ends.of("queued") == [Ending.CUT]
    assert player.ended() == [] and len(player.started()) == 1


def test_utterances_played_to_their_end_report_ended_in_order(tmp_path: Path) -> None:
    backend, player = voice(tmp_path)
    ends = Endings()
    try:
        for label in ("one", "two two", "three three three"):
            backend.speak_tracked(label, False, ends.done(label))
        assert wait(lambda: len(ends.reports) == 3)
        assert wait(lambda: backend.is_speaking() is False)
    finally:
        backend.close()
    assert ends.reports == [(x, Ending.ENDED) for x in ("one", "two two", "three three three")]
    assert player.ended() == player.started() and len(player.started()) == 3


def test_close_cuts_what_plays(tmp_path: Path) -> None:
    backend, player = voice(tmp_path, seconds_per_word=0.35)
    ends = Endings()
    backend.speak_tracked(LONG, False, ends.done("prompt"))
    first = player.wait_started(1)
    backend.close()
    assert gone(first) and ends.of("prompt") == [Ending.CUT]


def test_a_player_that_cannot_open_the_device_loses_the_voice_quietly(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    """ALSA's and aplay's lines go to the log, never to the terminal; the failed utterance
    and everything queued report UNKNOWN; the next speak raises VoiceLost with the
    sentence in the player's language (the router prints it once, then every message)."""
    caplog.set_level(logging.INFO, logger="audiopoker.output.tts")
    player = FakePlayer(tmp_path, "fail")
    fake = FakeEngine()
    backend = TtsBackend(lang="es", engine_factory=lambda: fake, player=player.command)
    ends = Endings()
    try:
        backend.speak_tracked("Mano 1.", False, ends.done("first"))
        backend.speak_tracked("Beto tiene el botón.", False, ends.done("queued"))
        assert wait(lambda: len(ends.reports) == 2)
        assert ends.reports == [("first", Ending.UNKNOWN), ("queued", Ending.UNKNOWN)]
        assert "Unknown PCM default" in backend.lost
        with pytest.raises(VoiceLost) as lost:
            backend.speak("Beto pone la ciega pequeña.", False)
        assert lost.value.notice.startswith("La voz integrada no tiene dispositivo de sonido")
        with pytest.raises(VoiceLost):
            backend.speak_tracked("otra", False, ends.done("later"))
        assert backend.is_speaking() is False
    finally:
        backend.close()
    assert len(player.started()) == 2  # tried once more (a device busy for a moment)
    assert capfd.readouterr() == ("", "")
    assert "ALSA lib" in caplog.text and "audio open error" in caplog.text


@needs_aplay
def test_the_probe_tells_a_missing_sound_device_without_printing(
    no_sound_device: None, capfd: pytest.CaptureFixture[str]
) -> None:
    failure = probe_player(DEFAULT_PLAYER)
    assert "aplay exited with status 1" in failure and "Unknown PCM default" in failure
    problem = tts_problem()
    assert problem is not None and problem.key == "attempt.no_sound_device"
    assert problem.reason_in("es").startswith("sin dispositivo de sonido")
    assert capfd.readouterr() == ("", "")


def test_the_probe_accepts_a_player_that_plays(tmp_path: Path) -> None:
    player = FakePlayer(tmp_path)
    assert probe_player(player.command) == ""
    assert probe_player(("/nonexistent/aplay",)).startswith("/nonexistent/aplay could not start")


@needs_aplay
def test_real_aplay_with_no_device_loses_the_voice_and_prints_nothing(
    no_sound_device: None, capfd: pytest.CaptureFixture[str]
) -> None:
    fake = FakeEngine()
    backend = TtsBackend(engine_factory=lambda: fake, player=DEFAULT_PLAYER)
    ends = Endings()
    try:
        backend.speak_tracked("Hand 1.", False, ends.done("hand"))
        assert wait(lambda: ends.of("hand") == [Ending.UNKNOWN])
        assert "audio open error" in backend.lost
    finally:
        backend.close()
    assert capfd.readouterr() == ("", "")


@needs_espeak
def test_real_espeak_ng_plays_through_the_player_and_is_cut_mid_sentence(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """pyttsx3's own espeak driver writes each utterance to a file (its "Audio saved to"
    stays off the console) and our player plays it for as long as the speech lasts."""
    player = FakePlayer(tmp_path)
    backend = TtsBackend(lang="en", player=player.command)
    ends = Endings()
    try:
        assert backend.name == "pyttsx3 espeak"
        backend.speak_tracked("Hand one.", False, ends.done("short"))
        assert wait(lambda: ends.of("short") == [Ending.ENDED])
        backend.speak_tracked(LONG, False, ends.done("prompt"))
        second = player.wait_started(2)
        backend.silence()
        assert wait(lambda: gone(second))
        assert wait(lambda: ends.of("prompt") == [Ending.CUT])
    finally:
        backend.close()
    assert player.ended() == [player.started()[0]]
    assert capfd.readouterr() == ("", "")
