"""The `audiopoker` command line: wiring only. Subcommands live in audiopoker.commands."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from audiopoker import __version__
from audiopoker.argtypes import command_text, one_line_error, remember_arguments
from audiopoker.commands.paths import path_refusal
from audiopoker.logfile import configure_logging, log_path

# Each module registers one or more subcommands; a module that is not there yet is skipped.
SUBCOMMAND_MODULES = (
    "audiopoker.commands.play",
    "audiopoker.commands.host",
    "audiopoker.commands.join",
    "audiopoker.commands.replay",
    "audiopoker.commands.drill",
    "audiopoker.commands.hint",
    "audiopoker.commands.showdown",
    "audiopoker.commands.speech_test",
    "audiopoker.commands.simulate",
    "audiopoker.commands.stats",
    "audiopoker.commands.serve_room",
    "audiopoker.commands.connect",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="audiopoker",
        description="Screen-reader-first No-Limit Texas Hold'em against bots.",
    )
    parser.add_argument("--version", action="version", version=f"audiopoker {__version__}")
    parser.add_argument(
        "--debug",
        action="store_true",
        help=f"print the log on stderr too (it is always written to {log_path()})",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as error:
            if error.name != name:
                raise
            continue
        module.register(subparsers)
    # One line, not the whole usage, when the command line is refused (every command's
    # parser; the top parser reports the unknown options of play and watch).
    parser.error = one_line_error(parser)  # type: ignore[method-assign, assignment]
    for command in subparsers.choices.values():
        command.error = one_line_error(command)  # type: ignore[method-assign, assignment]
    return parser


_TOP_LEVEL_FLAGS = {"-h", "--help", "--version"}
DEBUG_FLAG = "--debug"


def _subcommand_names(parser: argparse.ArgumentParser) -> set[str]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return set(action.choices)
    return set()


def main(argv: Sequence[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    # --debug belongs to every command: taken from wherever it is and put first.
    debug = DEBUG_FLAG in arguments
    arguments = [argument for argument in arguments if argument != DEBUG_FLAG]
    parser = build_parser()
    # Plain `audiopoker [options]` starts a game: play is the default subcommand.
    commands = _subcommand_names(parser)
    if "play" in commands and not (arguments and arguments[0] in commands | _TOP_LEVEL_FLAGS):
        arguments.insert(0, "play")
    if debug:
        arguments.insert(0, DEBUG_FLAG)
    remember_arguments(arguments)  # errors are said in the language its --lang names
    args = parser.parse_args(arguments)
    # Warnings go to the log file, never onto the player's console mid-game.
    configure_logging(debug=args.debug)
    func = getattr(args, "func", None)
    if func is None:
        parser.print_help()
        return 0
    # A file or folder that cannot be used is refused before anything is made or started.
    refusal = path_refusal(args)
    if refusal is not None:
        prog = f"{parser.prog} {args.command}"
        print(command_text("cli.error", prog=prog, message=refusal), file=sys.stderr)
        return 2
    try:
        result: int = func(args)
    except BrokenPipeError:
        # The reader of our output went away (``audiopoker hint ... | head -1``): what it
        # wanted is printed; no traceback, and nothing more is written to the closed pipe.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return result


if __name__ == "__main__":
    raise SystemExit(main())
