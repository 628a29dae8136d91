"""The room's channels, each heard the player's own way (issue 28): the lobby's lines, the
private lines to and from one person, and the chat at a table, each with its own speech,
sound and history setting, as in the game rooms our players know.

- **speech**: the line is said and shown on the braille display;
- **sound**: a short cue (``Cue.CHAT``) when a line comes, so a silenced channel is still
  noticed;
- **history**: the line is kept in the history (walked with the history keys), also when it
  is not said: a busy lobby can be read later instead of heard over the table.

The settings are kept in the preferences file (``PREF_KEY``) for the next visit. The
player's own lines always reach the history and are said as sent: they are the answer to a
key.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final

from audiopoker.output.message import Message
from audiopoker.output.router import Router

LOBBY: Final = "lobby"
PRIVATE: Final = "private"
TABLE: Final = "table"
CHANNELS: Final = (LOBBY, PRIVATE, TABLE)
ASPECTS: Final = ("speech", "sound", "history")
PREF_KEY: Final = "channels"


@dataclass(slots=True)
class Setting:
    """How one channel's lines reach the player."""

    speech: bool = True
    sound: bool = True
    history: bool = True


class Channels:
    """The channels' settings, and the delivery of a line by them. ``cue`` plays the chat
    sound (None: no sound at all, as with ``--no-sound``); ``kept`` is what the preferences
    file held (anything unreadable in it is ignored, the defaults stand)."""

    def __init__(
        self,
        router: Router,
        cue: Callable[[], None] | None = None,
        kept: object = None,
    ) -> None:
        self.router = router
        self.cue = cue
        self.settings = {channel: Setting() for channel in CHANNELS}
        if isinstance(kept, Mapping):
            for channel, values in kept.items():
                if channel in self.settings and isinstance(values, Mapping):
                    for aspect in ASPECTS:
                        if isinstance(values.get(aspect), bool):
                            setattr(self.settings[channel], aspect, values[aspect])

    def deliver(self, channel: str, message: Message) -> None:
        """A line of another person on ``channel``, by its settings."""
        setting = self.settings[channel]
        if setting.sound and self.cue is not None:
            self.cue()
        if setting.speech:
            self.router.send(message, remember=setting.history)
        elif setting.history:
            self.router.remember(message)

    def toggle(self, channel: str, aspect: str) -> bool:
        """Turn one aspect of a channel on or off; its new value."""
        setting = self.settings[channel]
        value = not getattr(setting, aspect)
        setattr(setting, aspect, value)
        return value

    def to_json(self) -> dict[str, dict[str, bool]]:
        """The settings as the preferences file keeps them."""
        return {channel: dataclasses.asdict(s) for channel, s in self.settings.items()}
