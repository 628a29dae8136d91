#!/usr/bin/env python3
"""README's key table, from the command registry (audiopoker/ui/registry.py).

One table per help section, in help's order, each row a command: its default keys as a
player hears them named (or, for a command with no key, how help's command list finds it),
its help text from the English catalog with the registry's note, and when it is offered.
Then the letters left free. ``tests/test_ui_registry.py`` holds README.md's copy (between
the markers) to this output.

    python scripts/key_table.py            # print the table (Markdown)
    python scripts/key_table.py --write    # put it into README.md
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Final

from audiopoker.ui.help_list import ORDER, HelpContext
from audiopoker.ui.keymap import normalize_key
from audiopoker.ui.registry import COMMANDS, FREE_LETTERS, Command, Group, Mode, Needs
from audiopoker.ui.ui_text import UiText

ROOT: Final = Path(__file__).resolve().parents[1]
README: Final = ROOT / "README.md"
BEGIN: Final = "<!-- key table: python scripts/key_table.py --write -->"
END: Final = "<!-- end of the key table -->"

WHEN: Final = {
    Needs.NOTHING: "",
    Needs.SEAT: "with a seat",
    Needs.NETWORK: "at a network table",
    Needs.TOURNAMENT: "in a tournament",
    Needs.SOUND: "with sound cues",
    Needs.PACE: "at your own table",
}


def _keys(text: UiText, command: Command) -> str:
    if command.keys:
        return " or ".join(text.key_name(normalize_key(key)) for key in command.keys)
    return f"H, type *{text.command_name(command.name)}*, Enter"


def _heading(text: UiText, section: Group | Mode) -> str:
    if section is Mode.AMOUNT:
        return "While you type a raise amount (digits type the total)"
    if section is Mode.CONFIRM:
        return "Questions, and the saved game at the start"
    if section is Mode.LIST:
        return "In a list (help, the options, the lesson, the last hand)"
    return text.browse("section." + section.value).rstrip(":")


def key_table() -> str:
    """The Markdown between README's markers."""
    text = UiText("en")
    sections = (*ORDER[HelpContext.YOUR_TURN], Mode.LIST)
    out: list[str] = []
    for section in sections:
        if isinstance(section, Mode):
            found = [c for c in COMMANDS if c.mode is section]
        else:
            found = [c for c in COMMANDS if c.mode is Mode.GAME and c.group is section]
        out += [f"**{_heading(text, section)}**", "", "| Keys | What it does | When |"]
        out.append("| --- | --- | --- |")
        for command in found:
            said = text.action_description(command.name)
            if command.note:
                said += f"; {command.note}"
            out.append(f"| {_keys(text, command)} | {said} | {WHEN[command.needs]} |")
        out.append("")
    letters = ", ".join(letter.upper() for letter in FREE_LETTERS)
    out.append(
        f"Free letters: {letters}. No command has them by default: they are kept for what"
        " comes next (sitting out, the room), and your own keymap may use them"
        " meanwhile."
    )
    return "\n".join(out)


def readme_table(readme: str) -> str:
    """What README.md holds between the markers."""
    start = readme.index(BEGIN) + len(BEGIN)
    return readme[start : readme.index(END)].strip("\n")


def main(argv: list[str]) -> int:
    table = key_table()
    if "--write" not in argv:
        print(table)
        return 0
    readme = README.read_text("utf-8")
    start = readme.index(BEGIN) + len(BEGIN)
    README.write_text(readme[:start] + "\n" + table + "\n" + readme[readme.index(END) :], "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
