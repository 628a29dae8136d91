"""The command registry: every action a key or the command list can run, in one table.

One entry per command: its name (the keymap's action), its keymap section (``Mode``: what
the player is doing), its default keys, the Controller method it calls, its help group and
when it makes sense (``Needs``). Its help text is the ui catalog's ``ui.action.<name>`` and
its spoken name, what typing in help finds it by, ``ui.name.<name>`` (both languages in
ui.po). Everything else is derived from this table: the keymap's actions and defaults
(audiopoker.ui.keymap; keymap.toml is checked against it by a test), the controller's
dispatch, the help list and its command list (audiopoker.ui.browse) and the README's key
table (scripts/key_table.py). pyvim keeps its ex commands in one registry the same way;
here a command also carries its keys and when it is offered.

Rare commands have no key of their own (lesson, verbosity, the last hand, the review, this
game's numbers, a tournament's level): help's command list runs them by name, and the
options menu (O) holds the settings. So the letters they had are free for what comes next
(``FREE_LETTERS``); a player's keymap may still give them a key.

>>> command("fold").keys, command("lesson").keys, command("level").needs
(('f',), (), <Needs.TOURNAMENT: 'tournament'>)
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from string import ascii_lowercase
from typing import Final


class Mode(enum.Enum):
    """A keymap section: the keys that apply in one input state."""

    GAME = "game"
    AMOUNT = "amount"
    CONFIRM = "confirm"
    LIST = "list"  # a browsed list: help, the lesson, the last hand (audiopoker.ui.browse)


class Group(enum.Enum):
    """Help's sections of the table's commands (``ui.browse.section.<value>``)."""

    BETTING = "betting"
    TABLE = "table"
    MESSAGES = "messages"
    OTHER = "other"


class Needs(enum.Enum):
    """When a command makes sense; help and its command list leave it out otherwise (its
    key, if any, still answers and says why it does nothing here)."""

    NOTHING = "always"
    SEAT = "seat"  # a seat at the table: not watching
    NETWORK = "network"  # a network table
    TOURNAMENT = "tournament"
    SOUND = "sound"  # sound cues: not --no-sound
    PACE = "pace"  # a table whose bots' pace the player sets: a local one


@dataclass(frozen=True, slots=True)
class Facts:
    """What the player's table offers, for ``Needs``."""

    seat: bool = True
    network: bool = False
    tournament: bool = False
    sound: bool = True
    pace: bool = True

    def allow(self, needs: Needs) -> bool:
        """True when a command that ``needs`` this makes sense here."""
        if needs is Needs.NOTHING:
            return True
        return bool(getattr(self, needs.name.lower()))


@dataclass(frozen=True, slots=True)
class Command:
    """One command. ``keys``: its default keys as keymap.toml names them (none: the
    command list runs it). ``handler``: the Controller attribute it calls, dotted through
    the controller's parts ("coach.review"), with ``args``; None where its section's own
    keys handle it (a list, a question, the saved-game offer). ``note``: what the README's
    key table adds to the help text (English)."""

    name: str
    mode: Mode
    keys: tuple[str, ...]
    handler: str | None
    group: Group | None = None
    needs: Needs = Needs.NOTHING
    args: tuple[int, ...] = ()
    note: str = ""


def _game(
    name: str,
    keys: tuple[str, ...],
    group: Group,
    handler: str | None = None,
    needs: Needs = Needs.NOTHING,
    note: str = "",
) -> Command:
    return Command(name, Mode.GAME, keys, handler or name, group, needs, note=note)


_B, _T, _M, _O = Group.BETTING, Group.TABLE, Group.MESSAGES, Group.OTHER

# Every command, by section, in the order help lists them.
COMMANDS: Final[tuple[Command, ...]] = (
    _game(
        "check_call",
        ("c",),
        _B,
        needs=Needs.SEAT,
        note='off your turn, C again arms "call any bet", and again cancels; an armed call is'
        " dropped, and said, if the price changes before your turn (see Pre-actions)",
    ),
    _game("raise", ("r",), _B, "raise_", Needs.SEAT),
    _game(
        "all_in",
        ("a",),
        _B,
        needs=Needs.SEAT,
        note='asks first, with the number the action will say: "Raise to 200 and be all in?'
        ' Press A again."',
    ),
    _game(
        "fold",
        ("f",),
        _B,
        needs=Needs.SEAT,
        note='asks first when checking is free: "Press F again to fold."; off your turn, F'
        " again cancels (see Pre-actions)",
    ),
    _game(
        "options",
        ("o",),
        _O,
        note="as a list, with the sound's volume too and, in Spanish, the words (the room's or"
        " poker Spanish); Enter changes the one you are on, and the change is said and kept",
    ),
    _game("all_in_warning", (), _O, needs=Needs.SEAT, note="also in the options (O)"),
    _game(
        "coach",
        ("k",),
        _O,
        "coach.coach",
        Needs.SEAT,
        'for example "Calling 20 to win 80: you need 20 percent. You win about 34 percent'
        ' against what they have shown. Call: you are getting the right price."; why names'
        " your hand and its outs, how many opponents and the range assumed for each; off your"
        " turn, who is to act (see Coach)",
    ),
    _game("chips", ("s",), _T),
    _game("to_call", ("v",), _T),
    _game("cards", ("d",), _T),
    _game("board", ("e",), _T),
    _game("best_hand", ("g",), _T),
    _game(
        "turn", ("t",), _T, note="on yours, the whole prompt again: to call, the pot, your choices"
    ),
    *(Command(f"card_{n}", Mode.GAME, (str(n),), "card", _T, args=(n,)) for n in range(1, 8)),
    _game("pot", ("p",), _T),
    _game("next_player", ("n",), _T),
    _game("previous_player", ("b",), _T),
    _game("last_action", ("l",), _T),
    _game("repeat", ("m",), _M, note="never an answer to a key"),
    _game("history_back", ("left",), _M),
    _game("history_forward", ("right",), _M),
    _game(
        "history_first",
        ("home",),
        _M,
        note="first the start of this hand, then, pressed again, the game's first message",
    ),
    _game("history_last", ("end",), _M),
    _game(
        "history_view",
        ("tab",),
        _M,
        note='"Your answers: You have 199 chips." "Table messages: Beto raises to 6."',
    ),
    _game(
        "help",
        ("h", "?"),
        _O,
        note="as a list: the keys of where you are first (your turn, someone else's, the"
        " amount entry, a question), then the others by section; type a command's name to"
        " find it, and Enter runs it",
    ),
    _game(
        "lesson",
        (),
        _O,
        note="as a list: the hands from best to worst, the betting, and a glossary of every"
        " word the game uses (button, blinds, UTG, cutoff, kicker, side pot, …)",
    ),
    _game("stop_speech", ("x", "escape"), _M, note="what waited is dropped (the history keeps it)"),
    _game("verbosity", (), _O, note="also in the options (O)"),
    _game("faster", ("+", "="), _O, needs=Needs.PACE),
    _game("slower", ("-",), _O, needs=Needs.PACE),
    _game("volume_up", ("0",), _O, needs=Needs.SOUND, note="says the volume"),
    _game("volume_down", ("9",), _O, needs=Needs.SOUND, note="says the volume"),
    _game("mute", ("8",), _O, needs=Needs.SOUND),
    _game(
        "replay_hand",
        (),
        _O,
        note="as a list: one action per arrow, its showdown last",
    ),
    _game(
        "review",
        (),
        _O,
        "coach.review",
        Needs.SEAT,
        "each decision that cost you more than 2 big blinds against the coach's choice,"
        ' with the numbers, or "Well played: no costly decision." (see Coach)',
    ),
    _game(
        "game_stats",
        (),
        _O,
        note="hands played and won, chips, biggest pot, how often you put chips in and raise"
        " before the flop",
    ),
    _game(
        "level",
        (),
        _O,
        needs=Needs.TOURNAMENT,
        note='"Level 3 of 16: blinds 3 and 6." "4 more hands at these blinds, then 4 and 8'
        ' with an ante of 1."',
    ),
    _game(
        "chat",
        ("enter",),
        _O,
        "chat_open",
        Needs.NETWORK,
        "Escape cancels; each character is said as you type it",
    ),
    _game("chat_mute", ("f2",), _O, needs=Needs.NETWORK),
    _game("quit", ("q",), _O, note="Q again quits"),
    _game(
        "quit_now",
        ("c-c",),
        _O,
        note="and so does the end of the input (stdin closed): goodbye, the save kept, exit code 0",
    ),
    Command("amount_up", Mode.AMOUNT, ("up",), "amounts.move", args=(1,)),
    Command("amount_down", Mode.AMOUNT, ("down",), "amounts.move", args=(-1,)),
    Command("amount_up_half_pot", Mode.AMOUNT, ("pageup",), "amounts.move", args=(1, 1)),
    Command("amount_down_half_pot", Mode.AMOUNT, ("pagedown",), "amounts.move", args=(-1, 1)),
    Command("amount_min", Mode.AMOUNT, ("home",), "amounts.minimum"),
    Command("amount_max", Mode.AMOUNT, ("end",), "amounts.maximum"),
    Command("amount_delete", Mode.AMOUNT, ("backspace",), "amounts.delete"),
    Command("amount_confirm", Mode.AMOUNT, ("enter",), "amounts.confirm"),
    Command("amount_cancel", Mode.AMOUNT, ("escape",), "amounts.cancel"),
    # The question's and the saved-game offer's own keys (audiopoker.ui.questions, .startup).
    Command("cancel", Mode.CONFIRM, ("n", "escape"), None),
    Command("resume", Mode.CONFIRM, ("enter", "y"), None),
    Command("discard", Mode.CONFIRM, ("delete",), None),
    # An open list's own keys (audiopoker.ui.browse.ListKeys).
    Command("list_previous", Mode.LIST, ("up", "left"), None),
    Command("list_next", Mode.LIST, ("down", "right"), None),
    Command("list_first", Mode.LIST, ("home",), None),
    Command("list_last", Mode.LIST, ("end",), None),
    Command("list_choose", Mode.LIST, ("enter",), None),
    Command("list_leave", Mode.LIST, ("escape",), None),
)

# The letters no command has by default: kept for what comes next (sitting
# out, the room), and for a player's own keymap meanwhile.
FREE_LETTERS: Final = tuple(
    letter
    for letter in ascii_lowercase
    if not any(letter in command.keys for command in COMMANDS if command.mode is Mode.GAME)
)

# Commands the command list does not run: Control+C quits at once (Q asks first).
NOT_LISTED: Final = frozenset({"quit_now"})


@functools.cache
def _by_name() -> Mapping[tuple[Mode, str], Command]:
    return {(c.mode, c.name): c for c in COMMANDS}


def command(name: str, mode: Mode = Mode.GAME) -> Command:
    """The command called ``name`` in ``mode``; KeyError if there is none."""
    return _by_name()[mode, name]


def commands(mode: Mode) -> tuple[Command, ...]:
    """The commands of one section, in help order."""
    return tuple(c for c in COMMANDS if c.mode is mode)


def actions() -> dict[Mode, tuple[str, ...]]:
    """Every action's name, by section, in help order (the keymap's ACTIONS)."""
    return {mode: tuple(c.name for c in commands(mode)) for mode in Mode}


def bind(target: object, cmd: Command) -> Callable[[], object]:
    """``cmd``'s handler on ``target`` (the controller), ready to call."""
    if cmd.handler is None:
        raise ValueError(f"{cmd.name} is handled by its section's own keys")
    found: object = target
    for part in cmd.handler.split("."):
        found = getattr(found, part)
    if not callable(found):
        raise TypeError(f"{cmd.handler} is not callable")
    if cmd.args:
        return functools.partial(found, *cmd.args)
    return found
