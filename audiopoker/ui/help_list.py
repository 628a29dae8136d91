"""Help's list (H), from the command registry: the keys of the moment first, then the others
by section, and the command list inside it.

Every command that makes sense at this table (``Needs``) has a line: "C: check, or call
what you owe." for one with a key, "Type lesson: a short lesson: …" for one without. The
game's commands can be found by typing in help: each typed word must begin a word of the
command's spoken name or of its description, in the player's language, accents and case
aside ("lec" finds "lección"). As a screen reader's first-letter navigation goes to the
item that begins with the letter, the commands whose name begins with what was typed come
first ("n": "números de la partida", before "tu carta número 1"), then those with a later
word of their name so, then those whose description has it. A command this table does not
offer (the level outside a tournament) is not found, but typing its name says why.

>>> matches("lección", "LEC"), matches("the last hand", "ha la"), matches("pot", "pots")
(True, True, False)
>>> [found_order("números de la partida", "", "n"), found_order("tu carta número 1", "", "n")]
[0, 1]
"""

from __future__ import annotations

import enum
import re
import unicodedata
from dataclasses import dataclass
from typing import Final

from audiopoker.ui.keymap import Keymap
from audiopoker.ui.registry import COMMANDS, NOT_LISTED, Command, Facts, Group, Mode
from audiopoker.ui.ui_text import UiText


class HelpContext(enum.Enum):
    """Where the player is when H is pressed: help lists that state's keys first."""

    YOUR_TURN = "your_turn"
    THEIR_TURN = "their_turn"
    WATCHING = "watching"
    AMOUNT = "amount"
    QUESTION = "question"


def context_of(mode: Mode, watching: bool, your_turn: bool) -> HelpContext:
    """The help context of the key loop's state."""
    if mode is Mode.AMOUNT:
        return HelpContext.AMOUNT
    if mode is Mode.CONFIRM:
        return HelpContext.QUESTION
    if watching:
        return HelpContext.WATCHING
    return HelpContext.YOUR_TURN if your_turn else HelpContext.THEIR_TURN


_B, _T, _M, _O = Group.BETTING, Group.TABLE, Group.MESSAGES, Group.OTHER
# Section order by context: the table's groups, then the other keymap sections.
ORDER: Final[dict[HelpContext, tuple[Group | Mode, ...]]] = {
    HelpContext.YOUR_TURN: (_B, _T, _M, _O, Mode.AMOUNT, Mode.CONFIRM),
    HelpContext.THEIR_TURN: (_T, _M, _O, _B, Mode.AMOUNT, Mode.CONFIRM),
    HelpContext.WATCHING: (_T, _M, _O, Mode.CONFIRM),
    HelpContext.AMOUNT: (Mode.AMOUNT, _T, _M, _O, _B, Mode.CONFIRM),
    HelpContext.QUESTION: (Mode.CONFIRM, _T, _M, _O, _B, Mode.AMOUNT),
}


# The betting keys that arm a pre-action off the player's turn (audiopoker.ui.pre_actions):
# help on someone else's turn says that instead of what they do on the player's.
ARMING: Final = frozenset({"check_call", "fold"})


@dataclass(frozen=True, slots=True)
class HelpEntry:
    """One line of help. ``command``: the game command the command list may run from it
    (None: a heading, or a key of another section); ``name`` and ``description``: what
    typing finds it by."""

    text: str
    command: Command | None = None
    name: str = ""
    description: str = ""


def _section(section: Group | Mode) -> list[Command]:
    if isinstance(section, Mode):
        return [c for c in COMMANDS if c.mode is section]
    return [c for c in COMMANDS if c.mode is Mode.GAME and c.group is section]


def _heading(text: UiText, section: Group | Mode) -> str:
    if section is Mode.AMOUNT:
        return text.help_amount_intro()
    if section is Mode.CONFIRM:
        return text.help_confirm_intro()
    return text.browse("section." + section.value)


def _line(text: UiText, keymap: Keymap, command: Command, where: HelpContext) -> HelpEntry | None:
    keys = keymap.keys_for(command.mode, command.name)
    listed = command.mode is Mode.GAME and command.name not in NOT_LISTED
    if keys:
        off_turn = where is HelpContext.THEIR_TURN and command.name in ARMING
        said = text.help_line(
            text.keys_or([text.key_name(key) for key in keys]),
            text._(f"pre.help.{command.name}")
            if off_turn
            else text.action_description(command.name),
        )
    elif listed:
        said = text.help_line_typed(command.name)
    else:
        return None  # a key of a list, an amount or a question, unbound by the player
    if not listed:
        return HelpEntry(said)
    name, description = text.command_name(command.name), text.action_description(command.name)
    return HelpEntry(said, command, name, description)


def help_entries(
    text: UiText, keymap: Keymap, where: HelpContext, facts: Facts | None = None
) -> list[HelpEntry]:
    """Every line of help, in sections under a heading each: the sections of ``where``
    first, the list's own keys last; with ``facts``, only the commands that make sense at
    this table (all of them without)."""
    entries: list[HelpEntry] = []
    for section in (*ORDER[where], Mode.LIST):
        lines = [
            line
            for command in _section(section)
            if facts is None or facts.allow(command.needs)
            for line in [_line(text, keymap, command, where)]
            if line is not None
        ]
        if lines:
            entries += [HelpEntry(_heading(text, section)), *lines]
    return entries


def help_items(
    text: UiText, keymap: Keymap, where: HelpContext, facts: Facts | None = None
) -> list[str]:
    """Help's lines as said (see ``help_entries``)."""
    return [entry.text for entry in help_entries(text, keymap, where, facts)]


# --- finding a command by typing ---------------------------------------------------------


def folded(text: str) -> str:
    """Lower case without accents: what typing is compared in ('Lección' -> 'leccion')."""
    decomposed = unicodedata.normalize("NFD", text.lower())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def matches(said: str, typed: str) -> bool:
    """True when every word typed begins a word of ``said``."""
    words = re.findall(r"\w+", folded(said))
    parts = re.findall(r"\w+", folded(typed))
    return all(any(word.startswith(part) for word in words) for part in parts)


def found_order(name: str, description: str, typed: str) -> int | None:
    """Where ``typed`` finds a command, for its place among those found: 0 its name begins
    with it, 1 every typed word begins a word of its name, 2 of its name or description;
    None when it does not find it."""
    if not re.findall(r"\w+", typed):
        return None
    if folded(name).startswith(folded(typed).lstrip()):
        return 0
    if matches(name, typed):
        return 1
    return 2 if matches(f"{name} {description}", typed) else None


def not_here(text: UiText, facts: Facts, typed: str) -> str | None:
    """Why the command ``typed`` finds is not at this table ('"level" works only in a
    tournament, and this game is not one.'); None when no command kept from this table
    has it."""
    found: list[tuple[int, int, Command]] = []
    for index, command in enumerate(COMMANDS):
        if command.mode is not Mode.GAME or command.name in NOT_LISTED:
            continue
        if facts.allow(command.needs):
            continue
        name = text.command_name(command.name)
        order = found_order(name, text.action_description(command.name), typed)
        if order is not None:
            found.append((order, index, command))
    if not found:
        return None
    _, _, command = min(found, key=lambda each: each[:2])
    return text.browse("not_here." + command.needs.value, name=text.command_name(command.name))
