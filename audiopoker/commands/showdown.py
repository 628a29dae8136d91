"""`audiopoker showdown --board "Ac Kd Qh Js Tc" --hand "2h 2s" --hand "9d 9c" [--json]
[--lang es|en]`: the showdown explainer of seed 002.

Says and prints each hand with its best five, then who wins and why, in the same sentences
the table narration uses (``--output`` and the other speech options are the game's).
``--json`` only prints (for programs)::

    {"players": [{"hand": ["2h", "2s"], "category": "straight",
                  "best": ["Ac", "Kd", "Qh", "Js", "Tc"], "hole_cards_used": 0}, ...],
     "winners": [0, 1], "reason": "Both play the board: a straight to the ace."}

Bad cards, duplicates or a wrong number of cards: one line on stderr naming the problem,
exit code 2.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from audiopoker.argtypes import refuse
from audiopoker.cards import format_cards, parse_cards
from audiopoker.commands.spoken import say_lines
from audiopoker.commands.words_choice import add_words_argument, choose_words, prefs_file
from audiopoker.errors import PokerError
from audiopoker.narration.catalog import get_catalog
from audiopoker.narration.explain import explain_lines, reason_text
from audiopoker.narration.language import Language, resolve_language
from audiopoker.narration.refusals import describe_error
from audiopoker.output.factory import add_output_arguments
from audiopoker.showdown import ShowdownResult, showdown


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``showdown`` subcommand."""
    parser = subparsers.add_parser(
        "showdown",
        help="who wins a showdown, and why",
        description="Compare hands on a board: each best five, the winners and the reason.",
    )
    parser.add_argument("--board", required=True, help='five board cards, e.g. "Ac Kd Qh Js Tc"')
    parser.add_argument(
        "--hand",
        action="append",
        required=True,
        help='two hole cards, e.g. "2h 2s"; give --hand once per player',
    )
    parser.add_argument(
        "--json", action="store_true", help="print the result as JSON (printed, not spoken)"
    )
    parser.add_argument("--lang", help="es or en (default: the system language)")
    add_words_argument(parser)
    add_output_arguments(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Explain the showdown described by ``args``; returns the exit code."""
    choose_words(args.words, prefs_file())  # before any sentence: the player's words
    try:
        lang = resolve_language(args.lang)
    except PokerError as error:
        return refuse("showdown", describe_error(error, "en"))
    catalog = get_catalog(lang)
    try:
        board = parse_cards(args.board, lang)
    except PokerError as error:
        return refuse(
            "showdown", catalog.text("showdown.error.board", error=describe_error(error, lang))
        )
    hands = []
    for number, text in enumerate(args.hand, start=1):
        try:
            hands.append(parse_cards(text, lang))
        except PokerError as error:
            message = describe_error(error, lang)
            return refuse(
                "showdown", catalog.text("showdown.error.hand", number=number, error=message)
            )
    try:
        result = showdown(board, hands)
    except PokerError as error:
        message = describe_error(error, lang)
        which = error.details.get("number")
        if error.details.get("where") == "hand" and isinstance(which, int):
            message = catalog.text("showdown.error.hand", number=which, error=message)
        return refuse("showdown", message)
    if args.json:
        print(json.dumps(as_json(result, lang), ensure_ascii=False))
    else:
        say_lines(args, lang, explain_lines(result, lang), "showdown")
    return 0


def as_json(result: ShowdownResult, lang: Language) -> dict[str, Any]:
    """The JSON object of the issue: players, winners (indices) and the reason."""
    return {
        "players": [
            {
                "hand": [str(card) for card in hand.cards],
                "category": hand.value.category.key,
                "best": format_cards(hand.value.best).split(),
                "hole_cards_used": hand.hole_cards_used,
            }
            for hand in result.hands
        ],
        "winners": list(result.winners),
        "reason": reason_text(result, lang),
    }
