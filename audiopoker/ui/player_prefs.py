"""The player's preferences, kept in a small file in their data folder: the Spanish words
last chosen (``--words`` typed to any command, or the options of any game), which every
command speaks in unless told otherwise, and a network player's verbosity, reminder, all-in
question, review and sound (volume, muted), read at the next join (a local game keeps those
with its save; a network seat has no save on this machine, so this file stands for it).

The file was ``network-prefs.json`` when it held only the network's: one of that name is
still read while no ``preferences.json`` exists, and the next write moves its contents there.

The file is replaced atomically (``persistence.files.atomic_write``). A fault writing it (a
full disk, a folder that cannot be written) is said once in the player's words at a network
table (logged elsewhere: the command goes on), the preferences stay as set while they play,
and they are written again after each hand until that works, which is said too; a file read
and found damaged is kept aside, never overwritten.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from audiopoker.i18n import Language
from audiopoker.net.net_text import NetText
from audiopoker.output.message import Message
from audiopoker.persistence.faults import kind_of
from audiopoker.persistence.files import atomic_write, keep_aside
from audiopoker.ui.record_texts import RecordText

FILE_NAME = "preferences.json"
OLD_FILE_NAME = "network-prefs.json"  # before it held every command's

log = logging.getLogger(__name__)


class PrefsFile:
    """The preferences file in ``folder`` (None: nothing is kept)."""

    def __init__(self, folder: Path | None) -> None:
        self.path = folder / FILE_NAME if folder is not None else None

    def read(self) -> dict[str, Any]:
        """The preferences kept (none when there is no file or it cannot be read now)."""
        if self.path is None:
            return {}
        found = _read(self.path)
        if found is None:  # none yet: the network's file of an older version, if any
            found = _read(self.path.with_name(OLD_FILE_NAME))
        return found or {}

    def update(self, changes: Mapping[str, object]) -> OSError | None:
        """Keep ``changes`` with the preferences already kept; the fault, or None."""
        return self.write({**self.read(), **changes})

    def write(self, prefs: Mapping[str, object]) -> OSError | None:
        """Keep ``prefs``; the fault when the machine refuses, else None."""
        if self.path is None:
            return None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write(self.path, json.dumps(dict(prefs), indent=1).encode("utf-8"))
        except OSError as error:
            log.warning("preferences not kept (%s): %s", kind_of(error).value, error)
            return error
        return None


class KeptPrefs:
    """Writes the preferences when they change (``save``) and, while writing fails, after
    each hand (``retry``); says the first fault and when it works again through ``send``."""

    def __init__(self, file: PrefsFile, lang: Language, send: Callable[[Message], object]) -> None:
        self.file = file
        self._lang: Language = lang
        self._send = send
        self.failing = False

    def save(self, prefs: Mapping[str, object]) -> None:
        """Write ``prefs`` now, beside what other parts keep in the file (the room's
        channels)."""
        error = self.file.update(prefs)
        if error is not None:
            if not self.failing:
                fault = RecordText(self._lang).fault(error)
                line = NetText(self._lang).say("join.prefs_not_kept", fault=fault)
                self._send(Message("error", line))
            self.failing = True
        elif self.failing:
            self.failing = False
            self._send(Message("saved", NetText(self._lang).say("join.prefs_kept")))

    def retry(self, prefs: Mapping[str, object]) -> None:
        """After a hand: try again if the last write failed."""
        if self.failing:
            self.save(prefs)


def _read(path: Path) -> dict[str, Any] | None:
    """The preferences in ``path``: None when there is no such file, empty when it cannot be
    read now or is damaged (then kept aside, or left in place when that fails)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except OSError as error:
        log.warning("preferences not read (%s): %s", kind_of(error).value, error)
        return {}
    except ValueError:
        data = None
    if not isinstance(data, dict):
        try:
            kept = keep_aside(path, "damaged")
        except OSError as error:
            log.warning("damaged preferences left in place: %s", error)
        else:
            log.warning("preferences file damaged: kept as %s", kept)
        return {}
    return data
