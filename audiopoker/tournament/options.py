"""The command line of a tournament (``play`` and ``watch``): ``--tournament``,
``--levels FILE``, ``--payouts`` and ``--level-each-hand``.

A levels file or payouts that cannot be used are refused while the command line is
parsed: one line, in the language of ``--lang`` (else the system's), naming the level and
what to write instead, exit code 2; no game starts.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from audiopoker.argtypes import error_language, option_error, reason
from audiopoker.i18n import Language
from audiopoker.tournament.schedule import (
    DEFAULT_BLINDS,
    DEFAULT_HANDS_PER_LEVEL,
    DEFAULT_LEVELS,
    Level,
    Tournament,
    TournamentError,
    parse_levels,
    parse_payouts,
)
from audiopoker.tournament.tournament_talk import TournamentText


def levels_file(text: str) -> tuple[Level, ...]:
    """An argparse type: the levels of a TOML file."""
    said = TournamentText(error_language())
    path = Path(text)
    if path.is_dir():
        raise argparse.ArgumentTypeError(said.unreadable_file("levels.folder", text))
    if not path.exists():
        raise argparse.ArgumentTypeError(said.unreadable_file("levels.no_file", text))
    try:
        content = path.read_bytes().decode("utf-8")
    except OSError as error:
        why = reason(error, said.lang)
        raise argparse.ArgumentTypeError(
            said.unreadable_file("levels.unreadable", text, reason=why)
        ) from None
    except UnicodeDecodeError:
        raise argparse.ArgumentTypeError(said.unreadable_file("levels.not_utf8", text)) from None
    try:
        return parse_levels(content)
    except TournamentError as error:
        raise argparse.ArgumentTypeError(said.levels_file(text, said.problem(error))) from None


def payouts(text: str) -> tuple[int, ...]:
    """An argparse type: the shares of the places paid, such as ``50,30,20``."""
    try:
        return parse_payouts(text)
    except TournamentError as error:
        said = TournamentText(error_language())
        raise argparse.ArgumentTypeError(said.problem(error)) from None


def add_tournament_arguments(parser: argparse.ArgumentParser) -> None:
    """The tournament's options (a group of their own in ``--help``)."""
    first = DEFAULT_BLINDS[0]
    group = parser.add_argument_group("tournament (a sit-and-go with rising blinds)")
    group.add_argument(
        "--tournament",
        action="store_true",
        help=f"play a sit-and-go: the blinds and antes rise by levels; the default levels "
        f"start at {first[0]}/{first[1]} and change every {DEFAULT_HANDS_PER_LEVEL} hands "
        f"({len(DEFAULT_BLINDS)} levels, antes from level 4); Z says the level",
    )
    group.add_argument(
        "--levels",
        type=levels_file,
        metavar="FILE",
        help="your own levels, a TOML file of [[level]] tables (small_blind, big_blind, "
        "ante, and hands or minutes); implies --tournament",
    )
    group.add_argument(
        "--payouts",
        type=payouts,
        metavar="SHARES",
        help="the places paid, as percentages of the prize pool from first place down, "
        "such as 50,30,20 (default: none paid, just the finishing order); implies "
        "--tournament",
    )
    group.add_argument(
        "--level-each-hand",
        action="store_true",
        help="say the level and the next change at the start of every hand; implies --tournament",
    )


def tournament_from_args(
    args: argparse.Namespace, lang: Language
) -> tuple[Tournament | None, str | None]:
    """The tournament the options ask for (None: a cash game) and the option refusal that
    keeps the game from starting, if any."""
    levels: tuple[Level, ...] | None = args.levels
    shares: tuple[int, ...] | None = args.payouts
    wanted = args.tournament or levels is not None or shares is not None or args.level_each_hand
    if not wanted:
        return None, None
    said = TournamentText(lang)
    for option, value in (("--blinds", args.blinds), ("--ante", args.ante)):
        if value is not None:
            return None, option_error(option, said.refusal("blinds_given"), lang)
    if shares is not None and len(shares) > args.players:
        refusal = said.refusal("payouts.players", count=len(shares), players=args.players)
        return None, option_error("--payouts", refusal, lang)
    tournament = Tournament(
        levels=levels if levels is not None else DEFAULT_LEVELS,
        payouts=shares or (),
        each_hand=args.level_each_hand,
    )
    return tournament, None
