"""The macOS paths, run here with fakes: VoiceOver through prismatoid first, AVSpeech left
to the built-in voice (NSSpeechSynthesizer through pyttsx3), and accessible-output2's
VoiceOver output skipped as broken upstream (it would report "running" and then fail every
message, so the player would hear nothing and never reach the voice)."""

from __future__ import annotations

import sys

import pytest
from platform_fakes import (
    Features,
    Output,
    PrismReader,
    install_ao2,
    install_prism,
    install_voice,
    no_linux_paths,
)

from audiopoker.output.factory import screen_reader_order, select_backend
from audiopoker.output.screenreader import probe_accessible_output2

MAC_PRISM = {"VOICE_OVER", "AV_SPEECH"}


@pytest.fixture
def mac(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "darwin")
    no_linux_paths(monkeypatch)


class VoiceOver(Output):
    """accessible-output2 0.17's VoiceOver output: ``is_active`` says yes while VoiceOver
    runs, but its AppleScript messages are refused."""

    name = "VoiceOver"

    def __init__(self) -> None:
        raise AssertionError("accessible-output2's VoiceOver output must not be started")


def test_macos_tries_prism_then_accessible_output2(mac: None) -> None:
    assert screen_reader_order("auto") == ("prism", "accessible-output2")


def test_voiceover_through_prism(mac: None, monkeypatch: pytest.MonkeyPatch) -> None:
    voiceover = PrismReader("VoiceOver", Features(supports_braille=True))
    prism = install_prism(monkeypatch, MAC_PRISM, {"VOICE_OVER": voiceover})
    install_ao2(monkeypatch, [VoiceOver])
    selection = select_backend("auto")
    assert prism.created == ["VOICE_OVER"]
    assert (selection.speech, selection.stage) == ("prism VoiceOver", "screenreader")
    assert selection.braille == "prism VoiceOver braille"  # VoiceOver's own display
    selection.backend.speak("Your turn.", False)
    selection.backend.silence()
    selection.backend.close()
    assert voiceover.said == [("Your turn.", False)] and voiceover.stops == 1


def test_avspeech_is_left_to_the_built_in_voice(mac: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """VoiceOver off: Prism's AVSpeech engine is not taken as a screen reader (it has no
    queue, rate or volume of ours); accessible-output2's VoiceOver is skipped; pyttsx3's
    NSSpeech voice speaks."""
    prism = install_prism(
        monkeypatch, MAC_PRISM, {"AV_SPEECH": PrismReader("AVSpeech", Features())}
    )
    install_ao2(monkeypatch, [VoiceOver])
    install_voice(monkeypatch, "pyttsx3 nsss")
    selection = select_backend("auto")
    assert "AV_SPEECH" not in prism.created
    assert (selection.speech, selection.stage) == ("pyttsx3 nsss", "tts")
    skipped = {attempt.name: attempt for attempt in selection.attempts}
    assert skipped["accessible-output2 VoiceOver"].key == "attempt.broken_upstream"


def test_without_prism_voiceover_users_get_the_voice_and_the_reason(
    mac: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "prism", None)
    install_ao2(monkeypatch, [VoiceOver])
    install_voice(monkeypatch, "pyttsx3 nsss")
    selection = select_backend("auto")
    assert selection.stage == "tts"
    said = {attempt.name: attempt for attempt in selection.attempts}
    voiceover = said["accessible-output2 VoiceOver"]
    assert not voiceover.ok
    assert "audiopoker[prism]" in voiceover.reason_in("en")
    assert "audiopoker[prism]" in voiceover.reason_in("es") != voiceover.reason_in("en")


def test_the_skip_names_the_output_and_starts_nothing(
    mac: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    install_ao2(monkeypatch, [VoiceOver])
    backend, attempts = probe_accessible_output2("en")
    assert backend is None
    assert [(a.name, a.key) for a in attempts] == [
        ("accessible-output2 VoiceOver", "attempt.broken_upstream")
    ]
