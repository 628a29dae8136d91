"""Argument types for the command line that refuse bad values with the allowed range, and
the one-line errors of ``play`` and ``watch`` (and why a path named cannot be used), in
the player's language.

A screen reader user hears the error line, so it says what to type instead, in the
language of ``--lang`` when the command line names one we speak (else the system's). The
sentences are in the ``commands`` gettext domain (``audiopoker/commands/locale``);
argparse's own usage and help text stay English.
"""

from __future__ import annotations

import argparse
import errno
import logging
import re
import sys
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from pathlib import Path
from typing import Final, NoReturn

from audiopoker import i18n
from audiopoker.i18n import Language, language_named, system_language

log = logging.getLogger(__name__)

COMMANDS_DOMAIN: Final = "commands"
COMMANDS_LOCALE_DIR: Final = Path(__file__).resolve().parent / "commands" / "locale"

# The command line being parsed (cli.main sets it): its --lang chooses the errors' language.
_ARGUMENTS: ContextVar[tuple[str, ...]] = ContextVar("audiopoker_arguments", default=())

# argparse's English one-line errors that we say in the player's language.
_OPTION = re.compile(r"argument (?P<option>[^:]+): (?P<message>.*)", re.DOTALL)
_CHOICE = re.compile(r"invalid choice: (?P<value>.*) \(choose from (?P<choices>.*)\)", re.DOTALL)
_UNRECOGNIZED = re.compile(r"unrecognized arguments: (?P<arguments>.*)", re.DOTALL)
_REQUIRED = re.compile(r"the following arguments are required: (?P<arguments>.*)", re.DOTALL)
_INVALID_VALUE = re.compile(r"invalid \S+ value: (?P<value>.*)", re.DOTALL)
_EXPECTED_ONE = "expected one argument"


def remember_arguments(arguments: Sequence[str]) -> None:
    """Keep the command line being parsed, so its errors follow its ``--lang``."""
    _ARGUMENTS.set(tuple(arguments))


def remembered_arguments() -> tuple[str, ...]:
    """The command line last given to ``remember_arguments`` (empty when none was)."""
    return _ARGUMENTS.get()


def error_language() -> Language:
    """The ``--lang`` of the command line being parsed when it names a language we speak,
    else the system's (an unknown ``--lang`` is itself the error being said)."""
    arguments = _ARGUMENTS.get()
    chosen: str | None = None
    for index, argument in enumerate(arguments):
        if argument == "--lang" and index + 1 < len(arguments):
            chosen = arguments[index + 1]
        elif argument.startswith("--lang="):
            chosen = argument.partition("=")[2]
    named = language_named(chosen) if chosen is not None else None
    return named if named is not None else system_language()


def command_text(key: str, /, lang: Language | None = None, **fields: object) -> str:
    """The ``commands`` sentence ``key`` in ``lang`` (default: :func:`error_language`)."""
    chosen = lang if lang is not None else error_language()
    return i18n.get_catalog(chosen, COMMANDS_DOMAIN, COMMANDS_LOCALE_DIR).text(key, **fields)


# The errno values said in words; any other is "cannot be used" without a reason.
_REASONS: Final = {
    errno.EACCES: "cli.reason.permission",
    errno.EPERM: "cli.reason.permission",
    errno.EROFS: "cli.reason.read_only",
    errno.ENOSPC: "cli.reason.full",
    errno.ENOENT: "cli.reason.missing",
    errno.EISDIR: "cli.reason.folder",
}


def reason(error: OSError, lang: Language | None = None) -> str:
    """Why a path cannot be used, in the player's language (the log keeps the system's
    words, which are English)."""
    log.info("path refused: %s", error)
    key = _REASONS.get(error.errno or 0, "cli.reason.other")
    return command_text(key, lang)


def int_range(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(
                command_text("cli.whole_number", low=low, high=high, text=text)
            )
        return value

    return parse


def option_error(option: str, message: str, lang: Language | None = None) -> str:
    """'argument --chips: must be …' in ``lang`` (default: :func:`error_language`)."""
    return command_text("cli.option", lang, option=option, message=message)


def error_line(prog: str, message: str) -> str:
    """The one line a refused command line prints: ``message`` (argparse's, or one of
    ours) said in the player's language where we know it."""
    option = _OPTION.fullmatch(message)
    if option is not None:
        said = option["message"]
        choice = _CHOICE.fullmatch(said)
        if choice is not None:
            said = command_text(
                "cli.invalid_choice", value=choice["value"], choices=choice["choices"]
            )
        elif said == _EXPECTED_ONE:
            said = command_text("cli.expected_one")
        elif (invalid := _INVALID_VALUE.fullmatch(said)) is not None:
            said = command_text("cli.invalid_value", value=invalid["value"])
        message = option_error(option["option"], said)
    elif (unrecognized := _UNRECOGNIZED.fullmatch(message)) is not None:
        message = command_text("cli.unrecognized", arguments=unrecognized["arguments"])
    elif (required := _REQUIRED.fullmatch(message)) is not None:
        message = command_text("cli.required", arguments=required["arguments"])
    return command_text("cli.error", prog=prog, message=message)


EXIT_REFUSED: Final = 2  # a command refused its input: one line on stderr said why


def refuse(command: str, line: str) -> int:
    """Print ``audiopoker COMMAND: line`` on stderr; the exit code of a refusal."""
    print(f"audiopoker {command}: {line}", file=sys.stderr)
    return EXIT_REFUSED


def one_line_error(parser: argparse.ArgumentParser) -> Callable[[str], NoReturn]:
    """A replacement for ``parser.error``: argparse prints the whole usage before an error;
    a screen reader user wants the one line that says what is wrong, in their language."""

    def error(message: str) -> NoReturn:
        """Print one line and exit with code 2."""
        print(error_line(parser.prog, message), file=sys.stderr)
        raise SystemExit(2)

    return error
