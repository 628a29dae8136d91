"""The pyttsx3 fallback: its worker thread with a fake engine (an engine that plays by
itself, as SAPI and NSSpeech do), and real espeak-ng to a WAV. The player-process path
(espeak on Linux) is in test_output_tts_player.py."""

from __future__ import annotations

import array
import ctypes.util
import threading
import time
import wave
from pathlib import Path
from typing import Any

import pytest
from tts_support import Endings, FakeEngine, Voice, wait

from audiopoker.output.backends import Ending, Tracked
from audiopoker.output.tts import TtsBackend, _choose_voice


def test_speak_never_blocks_and_queued_speech_plays_in_order() -> None:
    engine = FakeEngine(word_delay=0.01)
    backend = TtsBackend(engine_factory=lambda: engine)
    began = time.monotonic()
    for text in ("one two three", "four five", "six"):
        backend.speak(text, False)
    assert time.monotonic() - began < 0.05  # the caller never waits for the engine
    assert backend.is_speaking()
    assert wait(lambda: engine.spoken == ["one two three", "four five", "six"])
    assert wait(lambda: backend.is_speaking() is False)
    backend.close()
    assert threading.get_ident() not in engine.threads and len(engine.threads) == 1
    assert engine.callbacks == {"started-word": [], "finished-utterance": []}  # disconnected


def test_interrupt_stops_current_utterance_and_clears_the_queue() -> None:
    engine = FakeEngine(word_delay=0.05)
    backend = TtsBackend(engine_factory=lambda: engine)
    backend.speak("a long sentence with very many words in it", False)
    backend.speak("queued one", False)
    backend.speak("queued two", False)
    assert engine.started.wait(5)
    backend.speak("Your stack is 200.", True)
    assert wait(lambda: engine.spoken == ["Your stack is 200."])
    backend.close()
    assert engine.stopped == ["a long sentence with very many words in it"]
    # stop() was called by the worker thread itself, never by the caller's thread.
    assert threading.get_ident() not in engine.threads


def test_tracked_utterances_report_ended_and_cut_once_off_the_callers_thread() -> None:
    engine = FakeEngine(word_delay=0.05)
    backend = TtsBackend(engine_factory=lambda: engine)
    assert isinstance(backend, Tracked)
    ends = Endings()
    backend.speak_tracked("one two", False, ends.done("first"))
    assert wait(lambda: ends.of("first") == [Ending.ENDED])
    backend.speak_tracked("a long sentence with very many words in it", False, ends.done("long"))
    backend.speak_tracked("queued", False, ends.done("queued"))
    assert engine.started.wait(5)
    assert wait(lambda: backend.is_speaking() is True)
    backend.speak_tracked("Your stack is 200.", True, ends.done("answer"))
    assert wait(lambda: ends.of("answer") == [Ending.ENDED])
    assert ends.of("long") == [Ending.CUT] and ends.of("queued") == [Ending.CUT]
    backend.speak_tracked("", False, ends.done("empty"))  # nothing to say: ended at once
    assert wait(lambda: ends.of("empty") == [Ending.ENDED])
    backend.speak_tracked("more words to say here", False, ends.done("silenced"))
    backend.silence()
    backend.speak_tracked("after close", False, ends.done("closed"))
    backend.close()
    assert ends.of("silenced") == [Ending.CUT] and ends.of("closed") == [Ending.CUT]
    assert len(ends.reports) == 7  # exactly once each
    assert threading.get_ident() not in ends.threads


def test_a_failing_engine_reports_unknown() -> None:
    engine = FakeEngine()
    backend = TtsBackend(engine_factory=lambda: engine)

    def broken() -> None:
        raise RuntimeError("SAPI went away")

    engine.runAndWait = broken  # type: ignore[method-assign]
    ends = Endings()
    backend.speak_tracked("hello", False, ends.done("hello"))
    assert wait(lambda: ends.of("hello") == [Ending.UNKNOWN])
    backend.close()


def test_rate_volume_and_voice_are_set_on_the_worker() -> None:
    engine = FakeEngine()
    engine.properties["voices"] = [
        Voice("gmw/en-029", "English Caribbean", ["en-029"]),
        Voice("gmw/en", "English", ["en-gb"]),
        Voice("roa/es", "Spanish", ["es"]),
    ]
    backend = TtsBackend(lang="es", rate=260, volume=40, engine_factory=lambda: engine)
    backend.set_volume(150)  # clamped
    backend.speak("hola", False)
    assert wait(lambda: engine.spoken == ["hola"])
    backend.close()
    assert engine.properties["voice"] == "roa/es"
    assert engine.properties["rate"] == 260
    assert engine.properties["volume"] == 1.0


def test_a_failing_engine_raises_at_construction_so_the_chain_falls_through() -> None:
    def broken() -> Any:
        raise OSError("libespeak-ng.so.1: cannot open shared object file")

    with pytest.raises(OSError):
        TtsBackend(engine_factory=broken)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("en", "gmw/en"), ("es", "roa/es"), ("fr", None)],
)
def test_choose_voice_prefers_the_plain_language_voice(lang: str, expected: str | None) -> None:
    voices = [
        Voice("gmw/en-029", "English Caribbean", ["en-029"]),
        Voice("gmw/en", "English", ["en-gb"]),
        Voice("roa/es-419", "Spanish Latin America", ["es-419"]),
        Voice("roa/es", "Spanish", ["es"]),
    ]
    assert _choose_voice(voices, lang) == expected


def test_choose_voice_by_name_when_voices_carry_no_languages() -> None:
    voices = [
        Voice("HKLM\\Voices\\TTS_MS_EN-US_ZIRA", "Microsoft Zira Desktop - English", []),
        Voice("HKLM\\Voices\\TTS_MS_ES-ES_HELENA", "Microsoft Helena Desktop - Spanish", []),
    ]
    assert _choose_voice(voices, "es") == "HKLM\\Voices\\TTS_MS_ES-ES_HELENA"


def samples(path: Path) -> tuple[float, array.array[int]]:
    with wave.open(str(path)) as wav:
        assert wav.getsampwidth() == 2
        frames = wav.readframes(wav.getnframes())
        return wav.getnframes() / wav.getframerate(), array.array("h", frames)


@pytest.mark.parametrize(
    ("lang", "text"),
    [("en", "Your turn. Call 40 or fold."), ("es", "Te toca. Iguala 40 o retírate.")],
)
def test_espeak_ng_synthesizes_a_wav_that_is_not_silence(
    lang: str, text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if ctypes.util.find_library("espeak-ng") is None:
        pytest.skip("espeak-ng is not installed (apt-get install espeak-ng)")
    backend = TtsBackend(lang=lang)
    try:
        assert backend.voice is not None and lang in backend.voice
        path = tmp_path / f"{lang}.wav"
        assert backend.save_to_file(text, path, timeout=30)
    finally:
        backend.close()
    seconds, pcm = samples(path)
    assert 0.5 < seconds < 10
    peak = max(abs(sample) for sample in pcm)
    rms = (sum(sample * sample for sample in pcm) / len(pcm)) ** 0.5
    assert peak > 3000 and rms > 300, (peak, rms)
    assert capsys.readouterr().out == ""  # pyttsx3's "Audio saved to" stays off the console
