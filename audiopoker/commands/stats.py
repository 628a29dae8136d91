"""``audiopoker stats``: the player's numbers over every recorded game, spoken and printed.

Games played and won, hands played and won, the chip balance, the biggest pot won, how
often the player puts chips in before the flop (VPIP) and raises there (PFR), and the
results by position and by starting cards. ``--json`` prints the numbers as one JSON
object instead. The statistics are read where the game keeps them (the user data folder,
or ``$AUDIOPOKER_DATA_DIR``); a game may be running meanwhile. A statistics file kept aside
as damaged is named after the numbers, with the command that brings it back:
``--merge FILE`` adds what can still be read in it to the statistics.

The coach reviews each of the player's decisions (``persistence.decisions``): the error rate
(big blinds lost per 100 decisions, and the share of mistakes) is said for the last game and
the last 7 and 30 days, by street and by kind; ``--blunders`` lists instead the decisions
that cost 2 big blinds or more, newest first.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import json
import logging
import sqlite3
import sys
from pathlib import Path
from typing import Final

from audiopoker.commands.blunder_review import interactive, review
from audiopoker.commands.decision_words import (
    DecisionText,
    ErrorRates,
    blunder_json,
    read_blunders,
    read_rates,
)
from audiopoker.commands.drill import drill_lines, read_drills
from audiopoker.commands.play import _no_terminal_warning
from audiopoker.commands.words_choice import add_words_argument, choose_words, prefs_file
from audiopoker.narration.language import LANGUAGES, Language, resolve_language
from audiopoker.output.factory import add_output_arguments, router_from_args
from audiopoker.output.message import Message
from audiopoker.persistence import StatsDB, StatsTooNew, Summary, data_dir
from audiopoker.persistence.blunder_hands import BlunderHand, blunder_hands
from audiopoker.persistence.decisions import Blunder
from audiopoker.persistence.merge import kept_aside, merge_kept
from audiopoker.persistence.stats import DB_NAME, TournamentSummary
from audiopoker.tournament.tournament_talk import TournamentText
from audiopoker.ui.record_texts import RecordText

EXIT_UNREADABLE: Final = 1

log = logging.getLogger(__name__)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``stats`` subcommand."""
    parser = subparsers.add_parser(
        "stats",
        help="your numbers over every game played",
        description="Say and print your statistics: games, hands, chips, VPIP and PFR, "
        "results by position and by starting cards, and the coach's error rate "
        "(big blinds lost per 100 decisions) over the last game, 7 and 30 days.",
    )
    parser.add_argument("--lang", choices=LANGUAGES, help="language: es or en")
    add_words_argument(parser)
    parser.add_argument("--json", action="store_true", help="print the numbers as JSON")
    parser.add_argument(
        "--blunders",
        action="store_true",
        help="list your decisions that cost 2 big blinds or more, newest first",
    )
    parser.add_argument(
        "--merge",
        metavar="FILE",
        help="add a statistics file kept aside (statistics.sqlite3.damaged-...) to yours",
    )
    add_output_arguments(parser)
    parser.set_defaults(func=run, data_folder="read")


def read_summary() -> Summary | None:
    """Every game's numbers; None when nothing was ever recorded. Raises sqlite3.Error or
    StatsTooNew when the database cannot be read."""
    path = data_dir() / DB_NAME
    if not path.exists():
        return None
    stats = StatsDB(path)
    try:
        return stats.summary()
    finally:
        stats.close()


def read_tournaments() -> TournamentSummary | None:
    """The tournaments' numbers, kept apart from cash games; None when nothing was ever
    recorded. Raises as ``read_summary`` does."""
    path = data_dir() / DB_NAME
    if not path.exists():
        return None
    stats = StatsDB(path)
    try:
        return stats.tournaments()
    finally:
        stats.close()


def read_decisions(blunders: bool) -> tuple[ErrorRates | None, list[Blunder]]:
    """The coach's error rates (as of now) and, when asked, the blunders; nothing when
    nothing was ever recorded. Raises as ``read_summary`` does."""
    path = data_dir() / DB_NAME
    if not path.exists():
        return None, []
    stats = StatsDB(path)
    try:
        if blunders:
            return None, read_blunders(stats)
        return read_rates(stats, datetime.datetime.now()), []
    finally:
        stats.close()


def run_blunders(args: argparse.Namespace, lang: Language, text: RecordText) -> int:
    """``stats --blunders``: the costly decisions, newest first, said and printed (or as
    JSON); 1 when the statistics cannot be read. In a terminal (not ``--json``, nor
    ``--output silent``) the list is walked by keys instead, each hand replayed by ear to
    the decision (``commands.blunder_review``)."""
    if interactive(args.json, args.output):
        return run_review(args, lang, text)
    try:
        _, found = read_decisions(blunders=True)
    except (sqlite3.Error, StatsTooNew, OSError) as error:
        log.warning("statistics unreadable: %s", error)
        fault = text.r("fault.too_new") if isinstance(error, StatsTooNew) else text.fault(error)
        line = text.r("stats_unreadable", file=str(data_dir() / DB_NAME), fault=fault)
        return tell_lines(args, lang, [line], EXIT_UNREADABLE)
    if args.json:
        print(json.dumps([blunder_json(blunder) for blunder in found]))
        return 0
    return tell_lines(args, lang, DecisionText(lang).blunder_lines(found), 0)


def run_review(args: argparse.Namespace, lang: Language, text: RecordText) -> int:
    """The blunders walked by keys; the printed sentence when there is none or the
    statistics cannot be read."""
    path = data_dir() / DB_NAME
    try:
        hands: list[BlunderHand] = []
        if path.exists():
            stats = StatsDB(path)
            try:
                hands = blunder_hands(stats)
            finally:
                stats.close()
    except (sqlite3.Error, StatsTooNew, OSError) as error:
        log.warning("statistics unreadable: %s", error)
        fault = text.r("fault.too_new") if isinstance(error, StatsTooNew) else text.fault(error)
        line = text.r("stats_unreadable", file=str(path), fault=fault)
        return tell_lines(args, lang, [line], EXIT_UNREADABLE)
    if not hands:
        return tell_lines(args, lang, DecisionText(lang).blunder_lines([]), 0)
    _no_terminal_warning()
    router = router_from_args(args, lang)
    try:
        return review(hands, router, lang, data_dir())
    finally:
        router.close()


def merge(name: str, text: RecordText) -> tuple[list[str], int]:
    """Merge the kept file ``name`` (in the data folder, or a path): what was added, or
    why nothing was, in words; and the exit code."""
    folder = data_dir()
    path = Path(name) if Path(name).is_absolute() or Path(name).exists() else folder / name
    if not path.is_file():
        return [text.r("stats_merge_missing", file=name, folder=str(folder))], EXIT_UNREADABLE
    try:
        stats = StatsDB(folder / DB_NAME)
        try:
            added = merge_kept(stats, path)
        finally:
            stats.close()
    except (sqlite3.Error, StatsTooNew, OSError) as error:
        log.warning("could not merge %s: %s", path, error)
        fault = text.r("fault.too_new") if isinstance(error, StatsTooNew) else text.fault(error)
        return [text.r("stats_merge_failed", file=path.name, fault=fault)], EXIT_UNREADABLE
    line = text.r(
        "stats_merged",
        file=path.name,
        games=added.games,
        hands=added.hands,
        decisions=added.decisions,
        drills=added.drills,
    )
    return [line], 0


def run(args: argparse.Namespace) -> int:
    """Speak and print the summary; 1 when the statistics cannot be read."""
    lang = resolve_language(args.lang)
    text = RecordText(lang)
    choose_words(args.words, prefs_file())  # before any sentence: the player's words
    merged: list[str] = []
    if args.merge:
        merged, code = merge(args.merge, text)
        if code:
            return tell_lines(args, lang, merged, code)
    if args.blunders:
        return run_blunders(args, lang, text)
    try:
        summary = read_summary()
        lines = text.summary(summary) if summary is not None else [text.r("numbers.nothing_yet")]
        tournaments = read_tournaments()
        played = TournamentText(lang).summary(tournaments) if tournaments is not None else []
        if played:  # after the cash games' lines, or alone when only tournaments were played
            lines = (lines if summary is not None and summary.hands else []) + played
        drills = read_drills()
        if drills:  # after the games' lines, or alone when only drills were played
            told = lines != [text.r("numbers.nothing_yet")]
            lines = (lines if told else []) + drill_lines(drills, lang)
        rates, _ = read_decisions(blunders=False)
        if rates is not None:  # the coach's error rate, after the hands it comes from
            lines += DecisionText(lang).rate_lines(rates)
        code = 0
    except (sqlite3.Error, StatsTooNew, OSError) as error:
        log.warning("statistics unreadable: %s", error)
        summary, tournaments, drills, rates = None, None, [], None
        fault = text.r("fault.too_new") if isinstance(error, StatsTooNew) else text.fault(error)
        lines = [text.r("stats_unreadable", file=str(data_dir() / DB_NAME), fault=fault)]
        code = EXIT_UNREADABLE
    kept = [text.r("stats_kept_found", file=path.name) for path in kept_aside(data_dir())]
    lines = merged + lines + kept
    if args.json:
        numbers = dataclasses.asdict(summary) if summary is not None else None
        if numbers is not None and tournaments is not None:
            numbers["tournaments"] = dataclasses.asdict(tournaments)
        if numbers is not None and drills:
            numbers["drills"] = [dataclasses.asdict(drill) for drill in drills]
        if numbers is not None and rates is not None:
            numbers["decisions"] = rates.as_json()
        print(json.dumps(numbers))
        return code
    return tell_lines(args, lang, lines, code)


def tell_lines(args: argparse.Namespace, lang: Language, lines: list[str], code: int) -> int:
    """Say and print ``lines`` (as errors when ``code`` is not 0); returns ``code``."""
    router = router_from_args(args, lang)
    try:
        for index, line in enumerate(lines):
            router.send(Message("stats" if code == 0 else "error", line, interrupt=index == 0))
            if not router.policy.echo:  # the console echo prints it otherwise
                print(line, file=sys.stderr if code else sys.stdout)
        router.wait_until_quiet(timeout=120)
    finally:
        router.close()
    return code
