"""The Spanish words a command speaks in (``--words``), one choice for every command.

The words last chosen, typed with ``--words`` to any command or changed in the options (O) of
any game, are kept in the player's preferences file (audiopoker.ui.player_prefs); a command
given no ``--words`` speaks in them (``play`` resuming a game: in that game's own), and in
the default, the room's, when none was ever chosen. A file that cannot be read or written
never stops a command: it speaks in the words typed, or the default, and the log says why.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from audiopoker.i18n import DEFAULT_WORDS, WORDS, current_words, set_words
from audiopoker.persistence import data_dir
from audiopoker.ui.player_prefs import PrefsFile

WORDS_HELP = (
    "the Spanish words: sala, the game room's (seguir, ver, irse, jugar el resto, sota; the "
    "default), or poker, poker Spanish (pagar, pasar, retirarse, all-in, jota); remembered "
    "for every command until another is chosen (a resumed game speaks in its own unless "
    "this option is given)"
)


def add_words_argument(parser: argparse.ArgumentParser) -> None:
    """Add ``--words`` (the same for every command that speaks)."""
    parser.add_argument("--words", choices=WORDS, help=WORDS_HELP)


def prefs_file(keep: bool = True) -> PrefsFile:
    """The player's preferences file in the data folder (``keep`` False: none is kept)."""
    return PrefsFile(data_dir() if keep else None)


def last_chosen(file: PrefsFile) -> str | None:
    """The words last chosen, or None (never chosen, or a value this version does not know)."""
    kept = file.read().get("words")
    return kept if isinstance(kept, str) and kept in WORDS else None


def choose_words(typed: str | None, file: PrefsFile) -> str:
    """Speak in the words ``typed`` (remembered as the last choice), else the last chosen,
    else the default, from the next sentence on; returns them. Call it before any sentence
    is said."""
    last = last_chosen(file)
    if typed is not None and typed != last:
        file.update({"words": typed})  # a fault is logged: the words are spoken all the same
    words = typed or last or DEFAULT_WORDS
    set_words(words)
    return words


class Remembered:
    """Keeps one choice (``key`` in the preferences file) when a game's options change it
    (``noticed`` after each change of a preference): the last choice for every command,
    not only for the game's save. ``now`` reads the choice as it is."""

    def __init__(self, file: PrefsFile, key: str, now: Callable[[], str]) -> None:
        self.file = file
        self.key = key
        self._now = now
        self.value = now()  # the game started with it: no choice until it changes

    def noticed(self) -> None:
        """A preference changed: remember this choice if it is the one that did."""
        now = self._now()
        if now != self.value:
            self.value = now
            self.file.update({self.key: now})


class WordsRemembered(Remembered):
    """The Spanish words, remembered when a game's options change them."""

    def __init__(self, file: PrefsFile) -> None:
        super().__init__(file, "words", current_words)
