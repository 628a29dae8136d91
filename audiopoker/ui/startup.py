"""Before a game starts: the data folder, the lock, and the saved game.

``open_store`` takes the data folder for this copy of the game. When another copy holds
it, the player hears and reads why and the command exits with EXIT_LOCKED (play it with
``--no-save`` meanwhile); when the machine keeps it from opening (a full disk, a folder
that cannot be written, a file in use, a disk error), the player hears which and a new game
is played all the same: it tries to open the folder again after each hand and says when
saving works, leaving a saved game there as it was.

``choose_game`` finds the saved game: a save read and found unusable is reported in words
and kept aside (a new game starts); one the system would not let us read is left where it
is, said, and never replaced (a new game starts, not saved); a good one is resumed at once
with ``--resume``, or offered. The offer says what the save is (cash game or tournament,
seats, chips, next hand) and, when options typed on the command line ask for another game,
that they are not used on resuming and that the discard key starts the new game with them.
At the offer, a resume key (Enter or Y) plays it on, harmless; only the discard key
(Delete), which nobody presses by reflex, gives it up, and even then the file is kept aside
(``saved-game.json.discarded-<time>``, printed and logged, never spoken), never deleted.
Escape, N and every other key say the offer again; Control+C quits and leaves the save as
it was.
"""

from __future__ import annotations

import dataclasses
import enum
import logging
import sqlite3
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final

from prompt_toolkit.application import Application
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import Layout, Window
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.output import DummyOutput

from audiopoker.bots.base import decode_rng
from audiopoker.bots.levels import LEVELS, REFERENCE_BOTS
from audiopoker.coach.bot import COACH
from audiopoker.engine.table import Table, TableConfig
from audiopoker.narration.language import Language
from audiopoker.output.message import Message
from audiopoker.output.router import Router
from audiopoker.persistence import (
    LockBusy,
    SavedGame,
    SaveError,
    SaveProblem,
    StatsTooNew,
    Store,
    now_text,
)
from audiopoker.persistence.faults import kind_of
from audiopoker.persistence.files import keep_aside
from audiopoker.tournament.director import Director, tournament_state
from audiopoker.ui.keymap import Keymap, Mode
from audiopoker.ui.record_texts import RecordText
from audiopoker.ui.session import Settings

log = logging.getLogger(__name__)

EXIT_LOCKED: Final = 3  # another copy of the game holds the data folder


class Answer(enum.Enum):
    """The answer to the saved-game offer before the game."""

    RESUME = "resume"
    DISCARD = "discard"
    QUIT = "quit"  # Control+C, or the input closed


def tell(router: Router, text: str, kind: str = "error") -> None:
    """Say ``text`` and make sure it is printed too (on stderr when the console echo is
    off, so a screen reader user who reads the terminal finds it there)."""
    router.send(Message(kind, text))
    if not router.policy.echo:
        print(text, file=sys.stderr)


def open_store(folder: Path, text: RecordText, router: Router) -> Store | int | None:
    """The Store: opened, or not yet when the machine keeps it from opening (the player
    was told why; the game opens it after each hand); None to play without saving (the
    statistics are from a newer version); or EXIT_LOCKED when another copy of the game holds
    the folder."""
    store = Store(folder)
    try:
        store.open()
    except LockBusy:
        tell(router, text.lock_busy(folder))
        return EXIT_LOCKED
    except StatsTooNew:
        tell(router, text.stats_too_new())
        return None
    except (OSError, sqlite3.Error) as error:
        log.warning("games cannot be saved in %s (%s): %s", folder, kind_of(error).value, error)
        tell(router, text.cannot_save(folder, error, store.waiting_hand()))
        return store  # not open: the recorder tries again after each hand
    if store.stats_kept_as is not None:
        tell(router, text.stats_kept_aside(store.stats_kept_as))
    return store


def saved_settings(saved: SavedGame, lang: Language, autopilot: bool = False) -> Settings:
    """The Settings of a saved game (in ``lang``), checked the way the game will use them:
    a save whose values cannot make this table raises SaveError (BAD_CONTENT)."""
    raw: dict[str, Any] = dict(saved.settings)
    known = {item.name: item for item in dataclasses.fields(Settings)}
    try:
        values = {key: value for key, value in raw.items() if key in known}
        values.update(lang=lang, autopilot=autopilot, watch=False)
        settings = Settings(**values)
        _check_types(settings, len(saved.names))
        config = TableConfig(
            small_blind=settings.small_blind,
            big_blind=settings.big_blind,
            ante=settings.ante,
            hand_limit=settings.hands,
        )
        Table.restore(saved.names, saved.table, config, decode_rng(saved.table_rng))
    except (TypeError, ValueError) as error:
        raise SaveError(SaveProblem.BAD_CONTENT, field=f"settings: {error}") from None
    try:  # a tournament's levels and its place in them (none: a cash game)
        state = tournament_state(saved.extra)
        if state is not None:
            Director.restore(state)
    except (TypeError, ValueError) as error:
        raise SaveError(SaveProblem.BAD_CONTENT, field=f"tournament: {error}") from None
    return settings


def _check_types(settings: Settings, seats: int) -> None:
    whole = (settings.players, settings.chips, settings.small_blind, settings.big_blind)
    if not all(type(value) is int for value in (*whole, settings.ante)):
        raise ValueError("chips and blinds must be whole numbers")
    if settings.players != seats:
        raise ValueError("players")
    if settings.bots not in (*LEVELS, *REFERENCE_BOTS, COACH):
        raise ValueError("bots")
    if settings.hands is not None and type(settings.hands) is not int:
        raise ValueError("hands")
    if settings.seed is not None and type(settings.seed) is not int:
        raise ValueError("seed")
    if not isinstance(settings.bot_delay, int | float):
        raise ValueError("bot_delay")
    budget = settings.bot_time_budget
    if budget is not None and not isinstance(budget, int | float):
        raise ValueError("bot_time_budget")
    if settings.name is not None and not isinstance(settings.name, str):
        raise ValueError("name")
    if not isinstance(settings.review, bool):
        raise ValueError("review")


def ask_resume(keymap: Keymap, again: Callable[[], object], input: Input | None = None) -> Answer:
    """Wait for a resume or a discard key (the keymap's [confirm] section); any other key,
    the cancel keys too, calls ``again`` (say the offer again). QUIT on Control+C (or the
    quit_now key) or when the input is closed."""
    answers = {
        **{key: Answer.RESUME for key in keymap.keys_for(Mode.CONFIRM, "resume")},
        **{key: Answer.DISCARD for key in keymap.keys_for(Mode.CONFIRM, "discard")},
        **{key: Answer.QUIT for key in (*keymap.keys_for(Mode.GAME, "quit_now"), "c-c")},
    }

    def pressed(event: KeyPressEvent) -> None:
        key = event.key_sequence[0].key
        name = key.value if isinstance(key, Keys) else key
        name = name.lower() if len(name) == 1 and name.isalpha() else name
        answer = answers.get(name)
        if answer is not None:
            event.app.exit(result=answer)
        elif name not in _NOT_KEYS:
            again()

    bindings = KeyBindings()
    bindings.add(Keys.Any)(pressed)
    for key in answers:
        bindings.add(key, eager=True)(pressed)
    for ignored in (Keys.CPRResponse, Keys.Vt100MouseEvent, Keys.BracketedPaste):
        bindings.add(ignored)(lambda event: None)
    app: Application[Answer] = Application(
        layout=Layout(Window(FormattedTextControl(""), height=0)),
        key_bindings=bindings,
        full_screen=False,
        input=input,
        output=DummyOutput(),
        erase_when_done=False,
        mouse_support=False,
    )
    app.ttimeoutlen = 0.05
    try:
        return app.run(handle_sigint=False)
    except (EOFError, KeyboardInterrupt):
        return Answer.QUIT


def _label(text: RecordText, keymap: Keymap, action: str) -> str:
    """The spoken name of the first key of a [confirm] action."""
    keys = keymap.keys_for(Mode.CONFIRM, action)
    return text.key_name(keys[0]) if keys else text.no_key()


def _discard(store: Store, saved: SavedGame, text: RecordText, router: Router) -> None:
    """Give the saved game up: recorded as abandoned, its file kept aside, never deleted.
    The file's name is printed and logged, not spoken (a long name in English is seconds
    of speech that tell a listener nothing)."""
    path = store.save_path
    if path is not None and path.exists():
        kept = keep_aside(path, "discarded")
        try:
            store.stats.abandon_game(saved.game_id, now_text())
        except sqlite3.Error as error:  # a fault: the game stays "playing" in the statistics
            log.warning("the discarded game is not marked (%s): %s", kind_of(error).value, error)
        router.send(Message("answer", text.declined()))
        log.info("the saved game was put aside as %s", kept)
        print(text.declined_file(kept), file=sys.stderr)


def is_tournament(saved: SavedGame) -> bool:
    """True when the save is a tournament's (its levels are kept with it)."""
    return tournament_state(saved.extra) is not None


_NOT_KEYS: Final = frozenset({Keys.CPRResponse.value, Keys.Vt100MouseEvent.value})


def choose_game(
    store: Store,
    *,
    resume: bool,
    lang: Language,
    autopilot: bool,
    text: RecordText,
    router: Router,
    keymap: Keymap,
    input: Input | None = None,
    new_options: Callable[[SavedGame, Settings], Sequence[str]] = lambda saved, settings: (),
) -> tuple[SavedGame, Settings] | Answer | None:
    """The saved game to resume with its settings, None for a new game, or Answer.QUIT.

    A folder that could not be opened (``open_store``) offers nothing: a new game. A save
    read and found unusable is reported and kept aside; one the system would not let us
    read is reported and stays (the store keeps it). A good one is first made to
    agree with the history and statistics (Store.reconcile), then resumed at once with
    ``resume``, or offered: a resume key resumes it, the discard key gives it up (recorded
    as abandoned, the file kept aside); any other key says the offer again.
    ``new_options`` gives the options typed for a new game that the save does not follow
    (as typed, such as "--players 3"): the offer names them, and so does ``resume``.
    """
    if not store.opened:
        return None  # the player heard that the saved game stays as it was
    found = store.load()
    if found.error is not None:
        tell(router, text.save_refused(found.error, found.kept_as))
    if found.unread is not None:
        tell(router, text.save_unread(found.unread))
    saved = found.saved
    settings: Settings | None = None
    if saved is not None:
        try:
            settings = saved_settings(saved, lang, autopilot)
        except SaveError as error:
            tell(router, text.save_refused(error, store.set_aside(error)))
            saved = None
    if saved is None or settings is None:
        if resume and found.error is None and found.unread is None:
            tell(router, text.nothing_to_resume(), "answer")
        return None
    store.reconcile(saved)
    options = new_options(saved, settings)
    if resume and options:
        router.send(Message("answer", text.options_unused(options)))
    if not resume:
        human = saved.human if saved.human is not None else 0
        go_on, drop = _label(text, keymap, "resume"), _label(text, keymap, "discard")
        kind = text.save_kind(is_tournament(saved), len(saved.names))
        chips, hand = saved.table.stacks[human], saved.hand_number + 1
        offer = text.resume_offer(kind, chips, hand, go_on, drop, options)
        router.send(Message("question", offer))
        again = text.resume_again(go_on, drop, bool(options))
        answer = ask_resume(
            keymap, lambda: router.send(Message("question", again, interrupt=True)), input
        )
        if answer is Answer.QUIT:
            return answer
        if answer is Answer.DISCARD:
            _discard(store, saved, text, router)
            return None
    return saved, settings
