"""``audiopoker drill showdown|odds|ranking|mistakes``: a round of questions, by ear and by
keys. ``mistakes`` drills the player's costliest kind of mistake, from the coach's review
kept in the statistics (:mod:`audiopoker.commands.drill_mistakes`).

The drill speaks through the same output router as the game (``--output``,
``--screen-reader``, ``--rate``, ``--transcript``, ...) and takes single keys through the
same key loop (audiopoker.ui.drill_keys). Each answer is kept in the statistics database
as it is given (``--no-save`` keeps nothing); ``audiopoker stats`` tells how the player
improves. ``--seed`` asks the same questions again; without it a seed is drawn and kept
with the round.
"""

from __future__ import annotations

import argparse
import datetime
import logging
import secrets
import sqlite3
import sys
from pathlib import Path
from typing import Final

from prompt_toolkit.application import Application

from audiopoker.argtypes import int_range
from audiopoker.coach.drills import DrillKind, Round, mistakes_round, new_round
from audiopoker.coach.drills.drill_base import Verdict
from audiopoker.coach.drills.drill_text import RECENT_DAYS, DrillText
from audiopoker.commands.drill_mistakes import read_mistakes
from audiopoker.commands.play import _no_terminal_warning
from audiopoker.commands.words_choice import add_words_argument, choose_words, prefs_file
from audiopoker.narration.language import LANGUAGES, Language, resolve_language
from audiopoker.output.factory import add_output_arguments, router_from_args
from audiopoker.output.message import Message
from audiopoker.output.router import Router
from audiopoker.persistence import StatsDB, StatsTooNew, data_dir, now_text
from audiopoker.persistence.drills import DrillLog, DrillNumbers, drill_numbers
from audiopoker.persistence.stats import DB_NAME
from audiopoker.ui.app import build_app
from audiopoker.ui.drill_keys import DrillKeys
from audiopoker.ui.keymap import load_keymap, user_keymap_path
from audiopoker.ui.record_texts import RecordText
from audiopoker.ui.ui_text import UiText

DEFAULT_COUNT: Final = 10
MAX_COUNT: Final = 100
MAX_SEED: Final = 2**63 - 1
FINAL_WORDS_WAIT: Final = 120.0  # seconds the summary may take to be said before exiting

log = logging.getLogger(__name__)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``drill`` subcommand."""
    parser = subparsers.add_parser(
        "drill",
        help="practise by ear: who wins a showdown, pot odds and outs, hand ranking, "
        "your own costliest mistakes",
        description="A round of questions answered by keys: showdown (who wins?), odds "
        "(type a percentage, then call or fold), ranking (which hand ranks higher?) or "
        "mistakes (spots of your costliest kind of mistake, from the coach's review of "
        "your games). Press H for the keys.",
    )
    parser.add_argument(
        "kind",
        choices=[kind.value for kind in DrillKind],
        metavar="DRILL",
        help="showdown, odds, ranking or mistakes",
    )
    parser.add_argument(
        "--count",
        type=int_range(1, MAX_COUNT),
        default=DEFAULT_COUNT,
        metavar="N",
        help=f"questions in the round, 1 to {MAX_COUNT} (default: {DEFAULT_COUNT})",
    )
    parser.add_argument(
        "--seed",
        type=int_range(0, MAX_SEED),
        help="a seed: the same seed asks the same questions",
    )
    parser.add_argument("--lang", choices=LANGUAGES, help="language: es or en")
    add_words_argument(parser)
    parser.add_argument(
        "--keymap",
        type=Path,
        metavar="FILE",
        help=f"a keymap file changing single keys (also read: {user_keymap_path()})",
    )
    parser.add_argument(
        "--no-save",
        dest="save",
        action="store_false",
        help="keep nothing of this round in the statistics",
    )
    add_output_arguments(parser)
    parser.set_defaults(func=run, data_folder="write")


def _tell(router: Router, text: str) -> None:
    """Say a problem, and print it where the console echo does not."""
    router.send(Message("error", text))
    if not router.policy.echo:
        print(text, file=sys.stderr)


class Keeper:
    """The round's rows in the statistics, or nothing when they cannot be written (the
    player hears why, once, and the drill goes on)."""

    def __init__(self, words: DrillText, round: Round, lang: Language) -> None:
        self.words = words
        self.stats: StatsDB | None = None
        self.log: DrillLog | None = None
        self._round = round
        self._lang = lang

    def open(self) -> str | None:
        """Open the statistics and start the round's row; the problem in words, or None."""
        folder = data_dir()
        try:
            folder.mkdir(parents=True, exist_ok=True)
            self.stats = StatsDB(folder / DB_NAME)
            self.log = DrillLog.start(
                self.stats,
                self._round.kind.value,
                now_text(),
                planned=self._round.count,
                seed=self._round.seed,
                lang=self._lang,
            )
        except StatsTooNew:
            self.close()
            return self.words.stats_too_new()
        except (OSError, sqlite3.Error) as error:
            self.close()
            log.warning("the drill cannot be kept: %s", error)
            return self.words.cannot_save(RecordText(self._lang).fault(error))
        return None

    def record(self, verdict: Verdict) -> str | None:
        """Keep one answer; the problem in words the first time it cannot be kept."""
        if self.log is None:
            return None
        question = verdict.question
        try:
            self.log.record(
                question.number,
                now_text(),
                question.notation(),
                question.expected(),
                verdict.given,
                verdict.correct,
                best_streak=verdict.score.best_streak,
            )
        except (OSError, sqlite3.Error) as error:
            self.close()
            log.warning("the drill's answers cannot be kept: %s", error)
            return self.words.cannot_save(RecordText(self._lang).fault(error))
        return None

    @property
    def keeping(self) -> bool:
        """True while the answers are being kept."""
        return self.log is not None

    def close(self) -> None:
        """Mark the round ended and close the database."""
        try:
            if self.log is not None:
                self.log.finish(now_text())
        except (OSError, sqlite3.Error):
            pass  # every answer is kept already; only the end time is missing
        finally:
            self.log = None
            if self.stats is not None:
                self.stats.close()
                self.stats = None


def run(args: argparse.Namespace) -> int:
    """Ask the round's questions until the last answer or the player leaves."""
    lang = resolve_language(args.lang)
    _no_terminal_warning()
    choose_words(args.words, prefs_file())  # before any sentence: the player's words
    paths = [user_keymap_path()] + ([args.keymap] if args.keymap is not None else [])
    keymap, problems = load_keymap(paths)
    seed = args.seed if args.seed is not None else secrets.randbelow(MAX_SEED)
    kind = DrillKind(args.kind)
    words, text = DrillText(lang), UiText(lang)
    router = router_from_args(args, lang)
    if kind is DrillKind.MISTAKES:
        mistakes = read_mistakes(words, RecordText(lang), text.key_label(keymap, "coach"))
        if isinstance(mistakes, str):  # nothing to drill: said, with what to do
            for problem in problems:
                _tell(router, text.keymap_problem(problem))
            _tell(router, mistakes)
            router.wait_until_quiet(timeout=FINAL_WORDS_WAIT)
            router.close()
            return 0
        round = mistakes_round(mistakes.kind, mistakes.own, args.count, seed)
    else:
        round = new_round(kind, args.count, seed)
    keeper = Keeper(words, round, lang)
    try:
        for problem in problems:
            _tell(router, text.keymap_problem(problem))
        refusal = keeper.open() if args.save else None
        if refusal is not None:
            _tell(router, refusal)
        running: list[Application[None]] = []

        def finished() -> None:
            for app in running:
                if app.is_running and not app.is_done:
                    app.exit()

        keys = DrillKeys(
            round=round,
            output=router,
            text=text,
            words=words,
            keymap=keymap,
            on_finish=finished,
            record=keeper.record,
            saved=keeper.keeping,
        )
        app = build_app(keys, keymap)
        running.append(app)
        keys.start()
        try:
            app.run(handle_sigint=False)
        except (KeyboardInterrupt, EOFError):  # Control+C outside the loop; input closed
            keys.quit_now()
        keys.quit_now()  # said once: nothing more when the round already ended
        router.wait_until_quiet(timeout=FINAL_WORDS_WAIT)
    finally:
        keeper.close()
        router.close()
    return 0


# --- in ``audiopoker stats`` ----------------------------------------------------------


def read_drills(now: datetime.datetime | None = None) -> list[DrillNumbers]:
    """Every drill's numbers (answers of the last RECENT_DAYS days counted apart); empty
    when nothing was recorded. Raises sqlite3.Error or StatsTooNew as the statistics do."""
    path = data_dir() / DB_NAME
    if not path.exists():
        return []
    moment = now if now is not None else datetime.datetime.now()
    since = (moment - datetime.timedelta(days=RECENT_DAYS)).replace(microsecond=0)
    stats = StatsDB(path)
    try:
        return drill_numbers(stats, since.isoformat())
    finally:
        stats.close()


def drill_lines(numbers: list[DrillNumbers], lang: Language) -> list[str]:
    """The drills' lines of ``audiopoker stats``: a heading, then each drill's sessions,
    answers, accuracy and best streak, and the last days against the days before."""
    if not numbers:
        return []
    words = DrillText(lang)
    lines = [words.stats_title()]
    for drill in numbers:
        kind = DrillKind(drill.drill)
        lines.append(
            words.stats_line(kind, drill.sessions, drill.answers, drill.correct, drill.best_streak)
        )
        if not drill.recent_answers:
            lines.append(words.stats_none_recent())
        else:
            trend = words.stats_trend(drill.recent, drill.earlier)
            if trend is not None:
                lines.append(trend)
    return lines
