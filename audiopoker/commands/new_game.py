"""The options of ``audiopoker play`` that make a new game, and which of them a saved game
does not follow: the offer to resume names those (a resumed game keeps its own table, so
an option typed for another one would otherwise be dropped in silence)."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Final

from audiopoker.narration.language import Language
from audiopoker.persistence import SavedGame
from audiopoker.tournament.director import Director, tournament_state
from audiopoker.tournament.options import tournament_from_args
from audiopoker.tournament.schedule import Tournament
from audiopoker.ui.session import Settings

# The options that shape the table; the pace, reminder, review and output options are
# not here: a resumed game takes them from the command line (play._given_options_win).
TABLE_OPTIONS: Final = (
    "--players",
    "--chips",
    "--blinds",
    "--ante",
    "--bots",
    "--seed",
    "--hands",
    "--name",
    "--tournament",
    "--levels",
    "--payouts",
    "--level-each-hand",
)
_TOURNAMENT_OPTIONS: Final = frozenset(
    {"--tournament", "--levels", "--payouts", "--level-each-hand"}
)


def typed_table_options(arguments: Sequence[str]) -> list[str]:
    """The table options on a command line, in order, each once, abbreviations (which
    argparse accepted, so they are unique) and ``--option=value`` resolved.

    >>> typed_table_options(["play", "--lang", "es", "--tourn", "--players=3", "--chips", "9"])
    ['--tournament', '--players', '--chips']
    """
    found: list[str] = []
    for argument in arguments:
        if argument == "--":
            break
        if not argument.startswith("--"):
            continue
        name = argument.partition("=")[0]
        matches = [option for option in TABLE_OPTIONS if option.startswith(name)]
        option = name if name in TABLE_OPTIONS else matches[0] if len(matches) == 1 else None
        if option is not None and option not in found:
            found.append(option)
    return found


def _as_typed(option: str, args: argparse.Namespace) -> str:
    """The option with its value, as the player hears it named (a levels file unnamed)."""
    value: object
    if option in ("--tournament", "--level-each-hand", "--levels"):
        return option
    if option == "--blinds":
        value = f"{args.blinds[0]}/{args.blinds[1]}"
    elif option == "--payouts":
        value = ",".join(str(share) for share in args.payouts)
    else:
        value = getattr(args, option[2:].replace("-", "_"))
    return f"{option} {value}"


def _saved_tournament(saved: SavedGame) -> Tournament | None:
    state = tournament_state(saved.extra)
    return None if state is None else Director.restore(state).tournament


def options_against(
    saved: SavedGame,
    settings: Settings,
    args: argparse.Namespace,
    typed: Sequence[str],
    lang: Language,
) -> list[str]:
    """The ``typed`` table options whose value the saved game (with its ``settings``) does
    not have, each with its value ("--players 3"): they would start another game."""
    saved_tournament = _saved_tournament(saved)
    wanted, _ = tournament_from_args(args, lang)
    same: dict[str, Callable[[], bool]] = {
        "--players": lambda: args.players == len(saved.names),
        "--chips": lambda: args.chips == settings.chips,
        "--blinds": lambda: args.blinds == (settings.small_blind, settings.big_blind),
        "--ante": lambda: args.ante == settings.ante,
        "--bots": lambda: args.bots == settings.bots,
        "--seed": lambda: args.seed == settings.seed,
        "--hands": lambda: args.hands == settings.hands,
        "--name": lambda: args.name == settings.name,
    }
    differing: list[str] = []
    for option in typed:
        if option in _TOURNAMENT_OPTIONS:
            agrees = saved_tournament is not None and (
                wanted is None or _same_tournament(option, wanted, saved_tournament)
            )
        else:
            agrees = same[option]()
        if not agrees:
            differing.append(_as_typed(option, args))
    return differing


def _same_tournament(option: str, wanted: Tournament, saved: Tournament) -> bool:
    if option == "--levels":
        return wanted.levels == saved.levels
    if option == "--payouts":
        return wanted.payouts == saved.payouts
    if option == "--level-each-hand":
        return wanted.each_hand == saved.each_hand
    return True  # --tournament: the save is one
