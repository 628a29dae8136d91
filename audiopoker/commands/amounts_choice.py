"""Amounts in chips or in big blinds (``--amounts``), one choice for every command that
plays, as the Spanish words are (audiopoker.commands.words_choice).

The unit last chosen, typed with ``--amounts`` or changed in the options (O) of any game,
is kept in the player's preferences file; a command given no ``--amounts`` plays in it (a
resumed game: in the one saved with it), and in chips when none was ever chosen. A file
that cannot be read or written never stops a command: the log says why.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping

from audiopoker.commands.words_choice import Remembered
from audiopoker.narration.amounts import PREF_KEY, Amounts, Unit, kept_unit
from audiopoker.ui.player_prefs import PrefsFile

AMOUNTS_HELP = (
    "say amounts in chips or bb, big blinds (stacks, pots, bets, prompts, the coach; the raise "
    "amount is then typed in big blinds, 2.5 or 2,5); remembered for every game until another "
    "is chosen, and changed in the game's options (O) (default: chips)"
)


def add_amounts_argument(parser: argparse.ArgumentParser) -> None:
    """Add ``--amounts`` (the same for every command that plays)."""
    parser.add_argument("--amounts", choices=[unit.value for unit in Unit], help=AMOUNTS_HELP)


def choose_unit(typed: str | None, file: PrefsFile, saved: Mapping[str, object] = {}) -> Unit:
    """The unit to play in: ``typed`` (remembered as the last choice), else the one saved
    with a resumed game (``saved``, its preferences), else the last chosen, else chips."""
    last = kept_unit(file.read())
    if typed is not None:
        unit = Unit(typed)
        if unit is not last:
            file.update({PREF_KEY: unit.value})  # a fault is logged: the game goes on
        return unit
    return kept_unit(saved) or last or Unit.CHIPS


class UnitRemembered(Remembered):
    """The unit of amounts, remembered when a game's options change it."""

    def __init__(self, file: PrefsFile, amounts: Amounts) -> None:
        super().__init__(file, PREF_KEY, lambda: amounts.unit.value)
