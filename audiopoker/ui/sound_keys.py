"""The sound keys: volume up, volume down and mute, each answered in words.

The controller owns no sound; it holds a :class:`SoundControl` (the game's
``audiopoker.audio.SoundListener``) or None when the game was started with ``--no-sound``.
Every answer says the new state, so nothing about the sound is only heard. With no device
(it failed) each key says so in one short sentence, and 8 still says on or off.
"""

from __future__ import annotations

from typing import Protocol

from audiopoker.ui.ui_text import UiText


class SoundControl(Protocol):
    """What the keys need from the sound listener (audiopoker.audio.SoundListener)."""

    @property
    def volume(self) -> float:
        """0.0 to 1.0."""
        ...

    @property
    def muted(self) -> bool:
        """True while muted."""
        ...

    @property
    def working(self) -> bool:
        """False once the sound device has failed."""
        ...

    def volume_up(self) -> float:
        """One step louder (unmutes); the new volume."""
        ...

    def volume_down(self) -> float:
        """One step quieter; the new volume."""
        ...

    def toggle_mute(self) -> bool:
        """Mute or unmute; True when now muted."""
        ...

    def error(self) -> None:
        """Play the error cue."""
        ...


def percent(volume: float) -> int:
    """0.0..1.0 as a whole percentage."""
    return round(volume * 100)


class SoundKeys:
    """The sentences the three sound keys answer with, changing the sound on the way."""

    def __init__(self, sound: SoundControl | None, text: UiText) -> None:
        self.sound = sound
        self.text = text
        self._failure_told = False

    def failure_news(self) -> str | None:
        """The sentence saying the sound device failed, once, the first time it is asked
        after the failure (the log has the technical reason); None otherwise."""
        if self.sound is None or self.sound.working or self._failure_told:
            return None
        self._failure_told = True
        return self.text.sound_went_off()

    def _usable(self) -> tuple[SoundControl | None, str]:
        """The sound when the keys can change it, else None and the sentence saying why."""
        if self.sound is None:
            return None, self.text.sound_disabled()
        if not self.sound.working:
            return None, self.text.sound_failed()
        return self.sound, ""

    def _say_volume(self, sound: SoundControl, before: float) -> str:
        level = percent(sound.volume)
        if sound.volume == before:
            return self.text.sound_volume_limit(level, sound.muted)
        return self.text.sound_volume(level, sound.muted)

    def volume_up(self) -> str:
        """Louder, and say the new volume (a muted sound comes back on)."""
        sound, why_not = self._usable()
        if sound is None:
            return why_not
        before, was_muted = sound.volume, sound.muted
        sound.volume_up()
        if was_muted:  # coming back on is news even at the loudest
            return self.text.sound_volume(percent(sound.volume), False)
        return self._say_volume(sound, before)

    def volume_down(self) -> str:
        """Quieter, and say the new volume."""
        sound, why_not = self._usable()
        if sound is None:
            return why_not
        before = sound.volume
        sound.volume_down()
        return self._say_volume(sound, before)

    def mute(self) -> str:
        """Mute or unmute, and say which (with the volume it comes back at). After the
        device failed the choice is still made and said, with the short news that there is
        no device: 8 always answers on or off."""
        if self.sound is None:
            return self.text.sound_disabled()  # --no-sound: off, and 8 cannot change it
        if self.sound.toggle_mute():
            return self.text.sound_muted()
        if not self.sound.working:
            return self.text.sound_unmuted_no_device()
        return self.text.sound_unmuted(percent(self.sound.volume))

    def error(self) -> None:
        """The error cue, beside a spoken refusal (nothing without sound)."""
        if self.sound is not None:
            self.sound.error()
