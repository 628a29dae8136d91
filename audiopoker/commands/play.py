"""``audiopoker play`` (the default: plain ``audiopoker`` starts a game) and
``audiopoker watch`` (an all-bot table, narrated, with the same query keys)."""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
from pathlib import Path

from audiopoker.argtypes import (
    command_text,
    int_range,
    one_line_error,
    option_error,
    remembered_arguments,
)
from audiopoker.audio.listener import DEFAULT_VOLUME, SoundListener, build_sound
from audiopoker.bots.levels import LEVELS, REFERENCE_BOTS
from audiopoker.coach.bot import COACH
from audiopoker.commands.amounts_choice import UnitRemembered, add_amounts_argument, choose_unit
from audiopoker.commands.new_game import options_against, typed_table_options
from audiopoker.commands.words_choice import (
    Remembered,
    WordsRemembered,
    add_words_argument,
    choose_words,
    prefs_file,
)
from audiopoker.engine.table import MAX_PLAYERS, MIN_PLAYERS
from audiopoker.i18n import DEFAULT_WORDS, WORDS, set_words
from audiopoker.narration.amounts import PREF_KEY
from audiopoker.narration.language import LANGUAGES, Language, resolve_language
from audiopoker.output.factory import add_output_arguments, router_from_args
from audiopoker.persistence import SavedGame, Store, data_dir
from audiopoker.tournament.options import add_tournament_arguments, tournament_from_args
from audiopoker.tournament.schedule import Tournament
from audiopoker.ui.keymap import load_keymap, user_keymap_path
from audiopoker.ui.record_texts import RecordText
from audiopoker.ui.reminder import DEFAULT_REMIND, MAX_REMIND, MAX_REMINDERS
from audiopoker.ui.session import LIVE_BOT_BUDGET, Session, Settings
from audiopoker.ui.startup import Answer, choose_game, open_store
from audiopoker.view.view_options import add_view_arguments, view_beside

MAX_CHIPS = 1_000_000
MAX_BOT_DELAY = 10.0
MAX_NAME = 30


def _blinds(text: str) -> tuple[int, int]:
    small_text, slash, big_text = text.partition("/")
    try:
        small, big = int(small_text), int(big_text)
    except ValueError:
        small = big = -1
    if not slash or not 0 <= small <= big or not 1 <= big <= MAX_CHIPS:
        raise argparse.ArgumentTypeError(command_text("cli.blinds", maximum=MAX_CHIPS, text=text))
    return small, big


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= MAX_BOT_DELAY:
        raise argparse.ArgumentTypeError(
            command_text("cli.seconds", maximum=f"{MAX_BOT_DELAY:g}", text=text)
        )
    return value


def _name(text: str) -> str:
    name = " ".join(text.split())
    if not 1 <= len(name) <= MAX_NAME:
        raise argparse.ArgumentTypeError(command_text("cli.name", maximum=MAX_NAME, text=text))
    return name


def _add_table_arguments(parser: argparse.ArgumentParser, default_players: int) -> None:
    parser.add_argument(
        "--players",
        type=int_range(MIN_PLAYERS, MAX_PLAYERS),
        default=default_players,
        metavar="N",
        help=f"players at the table, {MIN_PLAYERS} to {MAX_PLAYERS} (default: {default_players})",
    )
    parser.add_argument(
        "--chips",
        type=int_range(1, MAX_CHIPS),
        default=200,
        metavar="N",
        help="everyone's starting chips (default: 200)",
    )
    parser.add_argument(
        "--blinds",
        type=_blinds,
        metavar="SMALL/BIG",
        help="the blinds (default: 1/2)",
    )
    parser.add_argument(
        "--ante",
        type=int_range(0, MAX_CHIPS),
        metavar="N",
        help="each player's ante, dead money (default: 0)",
    )
    parser.add_argument(
        "--bots",
        choices=(*LEVELS, *REFERENCE_BOTS, COACH),
        default="normal",
        metavar="LEVEL",
        help="how well the bots play: easy, normal or hard (default: normal); coach: bots "
        "that do what the coach (K) would suggest",
    )
    parser.add_argument(
        "--seed",
        type=int_range(0, 2**63 - 1),
        help="a seed: the same seed and the same keys play the same game again",
    )
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        help="language: es or en (default: the system's)",
    )
    add_words_argument(parser)
    add_amounts_argument(parser)
    parser.add_argument(
        "--bot-delay",
        type=_seconds,
        default=1.0,
        metavar="SECONDS",
        help="how long bots wait before acting, 0 to 10; 0 is as fast as speech allows "
        "(default: 1)",
    )
    parser.add_argument(
        "--hands",
        type=int_range(1, 1_000_000),
        metavar="N",
        help="stop after N hands; the largest stack wins",
    )
    parser.add_argument(
        "--keymap",
        type=Path,
        metavar="FILE",
        help=f"a keymap file changing single keys (also read: {user_keymap_path()})",
    )
    add_tournament_arguments(parser)
    sound = parser.add_argument_group("sound cues")
    sound.add_argument(
        "--no-sound",
        dest="sound",
        action="store_false",
        help="no sound cues: open no audio device (every cue also has words)",
    )
    sound.add_argument(
        "--sound-volume",
        type=int_range(0, 100),
        default=round(DEFAULT_VOLUME * 100),
        metavar="PERCENT",
        help=f"volume of the sound cues, 0 to 100 (default: {round(DEFAULT_VOLUME * 100)}); "
        "in the game 9 and 0 change it and 8 mutes",
    )
    add_output_arguments(parser)
    add_view_arguments(parser)


def sound_from_args(args: argparse.Namespace) -> SoundListener | None:
    """The game's sound cues, heard from the player's seat (the middle of the table when
    watching); None with ``--no-sound``, which opens no audio device at all."""
    if not args.sound:
        return None
    return build_sound(True, args.sound_volume / 100, seat=None if args.watch else 0)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``play`` and ``watch``."""
    play = subparsers.add_parser(
        "play",
        help="play against bots (the default)",
        description="Play No-Limit Texas Hold'em against bots. Press H in the game for the keys.",
    )
    _add_table_arguments(play, 6)
    play.add_argument("--name", type=_name, help="your name at the table")
    play.add_argument(
        "--remind",
        type=int_range(0, MAX_REMIND),
        metavar="SECONDS",
        help="on your turn, after SECONDS without a key, a short reminder that it is your "
        f"turn (again later, at most {MAX_REMINDERS} times); 0 turns it off "
        f"(default: {DEFAULT_REMIND:g}; kept with the saved game)",
    )
    play.add_argument(
        "--review",
        action=argparse.BooleanOptionalAction,
        help="after each hand, the coach's review: each decision that cost you more than "
        "2 big blinds against the coach's choice, with the numbers (Y says it at any time; "
        "default: off; kept with the saved game)",
    )
    saving = play.add_argument_group("saving")
    saving.add_argument(
        "--resume",
        action="store_true",
        help="continue the saved game at once (without --resume the game asks first)",
    )
    saving.add_argument(
        "--no-save",
        dest="save",
        action="store_false",
        help="play without saving: no autosave, hand history or statistics (a second copy "
        "of the game, while another one plays, can only play this way)",
    )
    # Tests only: a bot plays the player's seat; the game is saved and recorded as usual.
    saving.add_argument("--autopilot", action="store_true", help=argparse.SUPPRESS)
    play.set_defaults(func=run_play, watch=False, data_folder="write")
    play.error = one_line_error(play)  # type: ignore[method-assign, assignment]

    watch = subparsers.add_parser(
        "watch",
        help="watch a narrated all-bot table",
        description="Watch bots play, narrated; the query keys work. Press H for the keys.",
    )
    _add_table_arguments(watch, 6)
    watch.set_defaults(
        func=run_play,
        watch=True,
        name=None,
        resume=False,
        save=False,
        autopilot=False,
        remind=None,
        review=None,
    )
    watch.error = one_line_error(watch)  # type: ignore[method-assign, assignment]


def settings_from_args(args: argparse.Namespace, lang: str) -> Settings:
    """The game's Settings from parsed options."""
    small, big = args.blinds if args.blinds is not None else (1, 2)
    return Settings(
        players=args.players,
        chips=args.chips,
        small_blind=small,
        big_blind=big,
        ante=args.ante if args.ante is not None else 0,
        bots=args.bots,
        name=args.name,
        seed=args.seed,
        lang="es" if lang == "es" else "en",
        bot_delay=args.bot_delay,
        remind=DEFAULT_REMIND if args.remind is None else float(args.remind),
        hands=args.hands,
        watch=args.watch,
        # A seeded game replays exactly: bots think by their iteration caps, not the clock.
        bot_time_budget=None if args.seed is not None else LIVE_BOT_BUDGET,
        autopilot=args.autopilot and not args.watch,
        review=bool(getattr(args, "review", None)),
    )


def _given_options_win(
    saved: SavedGame, settings: Settings, args: argparse.Namespace
) -> tuple[SavedGame, Settings]:
    """A resumed game keeps the pace, verbosity, reminder and review the player last chose
    in it, unless this command line gives them (``--remind``, ``--review`` or
    ``--no-review`` given, or an option differing from its default): then the command
    line's value is the game's."""
    prefs = dict(saved.prefs)
    if args.bot_delay != 1.0:
        prefs.pop("bot_delay", None)
        settings = dataclasses.replace(settings, bot_delay=args.bot_delay)
    if args.verbosity != "normal":
        prefs.pop("verbosity", None)
    if args.remind is not None:
        prefs.pop("remind", None)
        settings = dataclasses.replace(settings, remind=float(args.remind))
    review = getattr(args, "review", None)
    if review is not None:
        prefs.pop("review", None)
        settings = dataclasses.replace(settings, review=review)
    if getattr(args, "words", None) is not None:
        prefs.pop("words", None)
    if getattr(args, "amounts", None) is not None:
        prefs.pop(PREF_KEY, None)
    return dataclasses.replace(saved, prefs=prefs), settings


def words_to_use(typed: str | None, saved: SavedGame | None, last: str | None = None) -> str:
    """The Spanish words to speak in: ``--words`` when typed, else the words saved with the
    resumed game, else ``last`` (those last chosen), else the default (a saved value this
    version does not know is not used).

    >>> words_to_use("poker", None), words_to_use(None, None), words_to_use(None, None, "poker")
    ('poker', 'sala', 'poker')
    """
    if typed is not None:
        return typed
    kept = saved.prefs.get("words") if saved is not None else None
    return kept if isinstance(kept, str) and kept in WORDS else last or DEFAULT_WORDS


class PlaySession(Session):
    """A local game whose Spanish words and unit of amounts, when its options (O) change
    them, are remembered as the player's last choices, for every command (``remembered``),
    besides its save."""

    remembered: tuple[Remembered, ...] = ()

    def prefs_changed(self) -> None:
        super().prefs_changed()
        for choice in self.remembered:
            choice.noticed()


def _no_terminal_warning() -> None:
    """prompt_toolkit prints "Warning: Input is not a terminal" (in English, on the
    player's console) when the keys come from a pipe or a closed stdin: that is expected
    here (a watched table, a test), so it is marked as already said."""
    try:
        from prompt_toolkit.input.vt100 import Vt100Input

        descriptor = sys.stdin.fileno()
        if not os.isatty(descriptor):
            Vt100Input._fds_not_a_terminal.add(descriptor)
    except (ImportError, AttributeError, OSError, ValueError):  # Windows; no stdin at all
        return


def table_from_args(
    args: argparse.Namespace, lang: Language
) -> tuple[Tournament | None, str | None]:
    """The tournament the options ask for (None: a cash game), and the refusal of options
    that cannot make a table (a tournament's, or chips below the first big blind)."""
    tournament, refusal = tournament_from_args(args, lang)
    big = tournament.levels[0].big_blind if tournament is not None else (args.blinds or (1, 2))[1]
    if refusal is None and args.chips < big:
        below = command_text("cli.chips_below_blind", lang, big=big, chips=args.chips)
        refusal = option_error("--chips", below, lang)
    return tournament, refusal


def run_play(args: argparse.Namespace) -> int:
    """Start the game (or the watched table) and play until the end or the player quits."""
    prog = "audiopoker watch" if args.watch else "audiopoker play"
    lang = resolve_language(args.lang)
    # Before any catalog is read: every sentence in the chosen words (typed, remembered; else
    # the last chosen); a resumed game's saved words are known only once it is chosen
    # (below), before the table's sentences are built.
    prefs = prefs_file()
    last = choose_words(args.words, prefs)
    tournament, refusal = table_from_args(args, lang)
    if refusal is not None:
        print(command_text("cli.error", lang, prog=prog, message=refusal), file=sys.stderr)
        return 2
    _no_terminal_warning()
    paths = [user_keymap_path()] + ([args.keymap] if args.keymap is not None else [])
    keymap, problems = load_keymap(paths)
    router = router_from_args(args, lang)
    sound: SoundListener | None = None
    store: Store | None = None
    try:
        settings = settings_from_args(args, lang)
        if tournament is not None:  # the first level's blinds (the welcome, the statistics)
            first = tournament.levels[0]
            settings = dataclasses.replace(
                settings, small_blind=first.small_blind, big_blind=first.big_blind, ante=first.ante
            )
        saved: SavedGame | None = None
        text = RecordText(settings.lang)
        if args.save:
            opened = open_store(data_dir(), text, router)
            if isinstance(opened, int):
                return opened  # another copy holds the folder: said and printed
            store = opened
        if store is not None:
            typed = typed_table_options(remembered_arguments())
            chosen = choose_game(
                store,
                resume=args.resume,
                lang=settings.lang,
                autopilot=settings.autopilot,
                text=text,
                router=router,
                keymap=keymap,
                new_options=lambda game, kept: options_against(game, kept, args, typed, lang),
            )
            if chosen is Answer.QUIT:
                return 0
            if isinstance(chosen, tuple):
                saved, settings = _given_options_win(chosen[0], chosen[1], args)
        set_words(words_to_use(args.words, saved, last))
        sound = sound_from_args(args)
        session = PlaySession(
            settings,
            router,
            keymap,
            problems,
            sound=sound,
            store=store,
            saved=saved,
            tournament=tournament,
            unit=choose_unit(args.amounts, prefs, saved.prefs if saved is not None else {}),
        )
        session.remembered = (WordsRemembered(prefs), UnitRemembered(prefs, session.amounts))
        with view_beside(session, args):  # the large view, when wanted (issue 27)
            return session.run()
    finally:
        if store is not None:
            store.close()
        if sound is not None:
            sound.close()  # the session closed it already, unless it failed to start
        # Let the last words ("The game is saved: ...", "Goodbye") be heard before the voice
        # closes; a backend that tells when speech ended returns as soon as it has.
        router.wait_until_quiet(timeout=10)
        router.close()
