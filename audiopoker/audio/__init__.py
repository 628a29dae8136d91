"""Sound cues: engine events heard as cards, chips and chimes, panned by seat.

``build_sound(enabled, volume, seat)`` makes the listener the conductor attaches;
``SoundListener.volume_up/volume_down/toggle_mute`` serve the volume keys.
"""

from audiopoker.audio.cues import Cue, CueBank
from audiopoker.audio.listener import SoundListener, build_sound, seat_pan
from audiopoker.audio.mixer import Mixer, Scheduled, render_offline, write_stereo_wav
from audiopoker.audio.sound_backends import (
    MiniaudioBackend,
    NullBackend,
    RecordingBackend,
    SafeBackend,
    SoundBackend,
)

__all__ = [
    "Cue",
    "CueBank",
    "MiniaudioBackend",
    "Mixer",
    "NullBackend",
    "RecordingBackend",
    "SafeBackend",
    "Scheduled",
    "SoundBackend",
    "SoundListener",
    "build_sound",
    "render_offline",
    "seat_pan",
    "write_stereo_wav",
]
