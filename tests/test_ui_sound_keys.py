"""The sound keys (0, 9, 8) answer in one short sentence in both languages; with no
sound device 0 and 9 say only that, and 8 still says on or off."""

from __future__ import annotations

import pytest

from audiopoker.narration.language import Language
from audiopoker.ui.sound_keys import SoundKeys
from audiopoker.ui.ui_text import UiText


class FakeSound:
    """A sound listener whose device works or has failed."""

    def __init__(self, working: bool = True) -> None:
        self.volume = 0.5
        self.muted = False
        self.working = working
        self.errors = 0

    def volume_up(self) -> float:
        self.muted = False
        self.volume = min(1.0, round(self.volume + 0.1, 2))
        return self.volume

    def volume_down(self) -> float:
        self.volume = max(0.0, round(self.volume - 0.1, 2))
        return self.volume

    def toggle_mute(self) -> bool:
        self.muted = not self.muted
        return self.muted

    def error(self) -> None:
        self.errors += 1


NO_DEVICE = {"en": "No sound device.", "es": "No hay dispositivo de sonido."}
MUTED = {"en": "Sound muted; speech goes on.", "es": "Sonidos silenciados; la voz sigue."}
ON_NO_DEVICE = {
    "en": "Sound on; no sound device.",
    "es": "Sonidos activados; no hay dispositivo de sonido.",
}
DISABLED = {
    "en": "Sound cues are off in this game.",
    "es": "Los sonidos están desactivados en esta partida.",
}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_no_device_volume_keys_say_one_short_sentence_and_change_nothing(lang: Language) -> None:
    sound = FakeSound(working=False)
    keys = SoundKeys(sound, UiText(lang))
    assert keys.volume_up() == NO_DEVICE[lang]
    assert keys.volume_down() == NO_DEVICE[lang]
    assert sound.volume == 0.5 and len(NO_DEVICE[lang]) < 40


@pytest.mark.parametrize("lang", ["en", "es"])
def test_no_device_mute_still_says_on_or_off(lang: Language) -> None:
    sound = FakeSound(working=False)
    keys = SoundKeys(sound, UiText(lang))
    assert keys.mute() == MUTED[lang] and sound.muted
    assert keys.mute() == ON_NO_DEVICE[lang] and not sound.muted
    assert keys.mute() == MUTED[lang]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_working_device_says_the_volume_it_comes_back_at(lang: Language) -> None:
    keys = SoundKeys(FakeSound(), UiText(lang))
    assert keys.mute() == MUTED[lang]
    back = {"en": "Sound on, volume 50 percent.", "es": "Sonidos activados, volumen 50 por ciento."}
    assert keys.mute() == back[lang]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_no_sound_option_says_off_for_every_key(lang: Language) -> None:
    keys = SoundKeys(None, UiText(lang))
    assert [keys.volume_up(), keys.volume_down(), keys.mute()] == [DISABLED[lang]] * 3
