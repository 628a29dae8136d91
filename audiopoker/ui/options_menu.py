"""The options (O): the player's settings under one key, said as a list.

Each item says a setting and its value now ("How much is said: normal."); Enter changes it
to the next value and says the item again, so the change is heard in the words that name it
(audiopoker.ui.browse walks the list: Up and Down, Escape leaves, any other key leaves and
acts). A change is kept at once (the side's ``prefs_changed``): how much is said, the
bots' pace, the sound cues and their volume (as with 8, 9 and 0), the all-in warning, the
coach's review and, in Spanish, the words of the game, which take effect with the next
sentence (every catalog follows ``set_words``).

A setting appears only where it makes sense: the pace at a table whose bots the player
paces, the sound where there is sound, the warning and the review with a seat, the words
in Spanish. Values change in a cycle (the pace and the volume go back to the start after
the last step), so one key reaches every value.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Protocol

from audiopoker.i18n import WORDS, current_words, set_words
from audiopoker.narration.amounts import Unit
from audiopoker.output.message import Verbosity
from audiopoker.ui.sound_keys import SoundControl, percent
from audiopoker.ui.ui_text import UiText

# Bot pace steps in seconds (the pace keys move along them; the options cycle through them).
PACE_STEPS: Final = (0.0, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 4.0, 5.0)
QUIETEST: Final = 10  # percent: past the loudest, the volume item starts again here


@dataclass(frozen=True, slots=True)
class Setting:
    """One item of the options: ``said`` its words now, ``change`` moves it to the next
    value and returns its words then."""

    name: str
    said: Callable[[], str]
    change: Callable[[], str]


class WarningSetting(Protocol):
    """The all-in warning (audiopoker.ui.questions.QuestionKeys)."""

    all_in_warning: bool

    def toggle_all_in_warning(self) -> str:
        """Turn it over, keep it, and say it."""
        ...


class Review(Protocol):
    """The coach's review after each hand (audiopoker.ui.coach_keys.CoachService)."""

    speak_review: bool


@dataclass(frozen=True, slots=True)
class Parts:
    """What the options change, where the table has it (None: the setting is not offered).
    ``verbosity``: (now, next) where next moves on and tells the side. ``pace``: (get, set)
    where set keeps it. ``keep``: save the preferences after a change."""

    verbosity: tuple[Callable[[], Verbosity], Callable[[], Verbosity]]
    keep: Callable[[], None]
    all_in_key: str
    pace: tuple[Callable[[], float], Callable[[float], None]] | None = None
    sound: SoundControl | None = None
    warning: WarningSetting | None = None
    review: Review | None = None


def next_pace(seconds: float) -> float:
    """The step after the one nearest ``seconds``; after the slowest, the fastest."""
    index = min(range(len(PACE_STEPS)), key=lambda i: abs(PACE_STEPS[i] - seconds))
    return PACE_STEPS[(index + 1) % len(PACE_STEPS)]


def step_pace(
    text: UiText, pace: tuple[Callable[[], float], Callable[[float], None]] | None, step: int
) -> str:
    """Plus and minus: one step faster (-1) or slower (1), stopping at the ends; the words
    of the new pace (at a table whose pace the player does not set: as fast as speech)."""
    if pace is None:
        return text.pace(0.0)
    get, put = pace
    current = get()
    index = min(range(len(PACE_STEPS)), key=lambda i: abs(PACE_STEPS[i] - current))
    target = min(max(index + step, 0), len(PACE_STEPS) - 1)
    if target == index and PACE_STEPS[index] == current:
        return text.pace_limit(current)
    put(PACE_STEPS[target])
    return text.pace(PACE_STEPS[target])


def settings(text: UiText, parts: Parts) -> list[Setting]:
    """The options of this table, in the order they are said."""
    found = [_verbosity(text, *parts.verbosity)]
    if parts.pace is not None:
        found.append(_pace(text, *parts.pace))
    if parts.sound is not None:
        found += [_sound(text, parts.sound, parts.keep), _volume(text, parts.sound, parts.keep)]
    if parts.warning is not None:
        found.append(_warning(text, parts.warning, parts.all_in_key))
    if parts.review is not None:
        found.append(_review(text, parts.review, parts.keep))
    found.append(_amounts(text, parts.keep))
    if text.lang == "es":
        found.append(_words(text, parts.keep))
    return found


def _verbosity(
    text: UiText, now: Callable[[], Verbosity], move: Callable[[], Verbosity]
) -> Setting:
    def said() -> str:
        return text.option("verbosity." + now().name.lower())

    def change() -> str:
        move()
        return said()

    return Setting("verbosity", said, change)


def _pace(text: UiText, get: Callable[[], float], put: Callable[[float], None]) -> Setting:
    def change() -> str:
        put(next_pace(get()))
        return text.pace(get())

    return Setting("pace", lambda: text.pace(get()), change)


def _sound(text: UiText, sound: SoundControl, keep: Callable[[], None]) -> Setting:
    """On or muted; with no sound device (none at the start, or it failed) it says so, and
    Enter changes nothing and says why (8 still mutes: the choice for a device that works
    again is the keys', not a setting that would claim the cues are heard)."""

    def said() -> str:
        if not sound.working:
            return text.option("sound.no_device")
        return text.option("sound.off" if sound.muted else "sound.on")

    def change() -> str:
        if not sound.working:
            return text.option("sound.no_device.change")
        sound.toggle_mute()
        keep()
        return said()

    return Setting("sound", said, change)


def _volume(text: UiText, sound: SoundControl, keep: Callable[[], None]) -> Setting:
    def said() -> str:
        if not sound.working:
            return text.option("volume.no_device")
        return text.sound_volume(percent(sound.volume), sound.muted)

    def change() -> str:
        if not sound.working:
            return text.option("volume.no_device.change")
        before = sound.volume
        sound.volume_up()  # louder (and back on, as 0 does)
        if sound.volume == before:  # the loudest: start again from the quietest
            for _ in range(100 // QUIETEST):  # bounded: ten steps from the loudest
                if percent(sound.volume) <= QUIETEST:
                    break
                sound.volume_down()
        keep()
        return said()

    return Setting("volume", said, change)


def _warning(text: UiText, warning: WarningSetting, key: str) -> Setting:
    return Setting(
        "all_in_warning",
        lambda: text.all_in_warning(warning.all_in_warning, key),
        warning.toggle_all_in_warning,  # it keeps the preference itself
    )


def _review(text: UiText, review: Review, keep: Callable[[], None]) -> Setting:
    def said() -> str:
        return text.option("review.on" if review.speak_review else "review.off")

    def change() -> str:
        review.speak_review = not review.speak_review
        keep()
        return said()

    return Setting("review", said, change)


def _amounts(text: UiText, keep: Callable[[], None]) -> Setting:
    """Amounts in chips or in big blinds (the side's one ``Amounts``: every word follows)."""
    amounts = text.amounts

    def said() -> str:
        return text.option("amounts." + amounts.unit.value)

    def change() -> str:
        units = list(Unit)
        amounts.unit = units[(units.index(amounts.unit) + 1) % len(units)]
        keep()
        return said()

    return Setting("amounts", said, change)


def _words(text: UiText, keep: Callable[[], None]) -> Setting:
    def change() -> str:
        set_words(WORDS[(WORDS.index(current_words()) + 1) % len(WORDS)])
        keep()
        return text.option("words." + current_words())

    return Setting("words", lambda: text.option("words." + current_words()), change)
