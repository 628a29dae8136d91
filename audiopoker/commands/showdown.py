"""`audiopoker showdown --board "Ac Kd Qh Js Tc" --hand "2h 2s" --hand "9d 9c" [--json]
[--lang es|en]`: the showdown explainer of seed 002.

Prints each hand with its best five, then who wins and why, in the same sentences the
table narration uses. ``--json`` prints::

    {"players": [{"hand": ["2h", "2s"], "category": "straight",
                  "best": ["Ac", "Kd", "Qh", "Js", "Tc"], "hole_cards_used": 0}, ...],
     "winners": [0, 1], "reason": "Both play the board: a straight to the ace."}

Bad cards, duplicates or a wrong number of cards: one line on stderr naming the problem,
exit code 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Final

from audiopoker.cards import format_cards, parse_cards
from audiopoker.engine.errors import PokerError
from audiopoker.narration.catalog import get_catalog
from audiopoker.narration.errors import describe_error
from audiopoker.narration.explain import every_beaten, reason_sentences
from audiopoker.narration.language import Language, resolve_language
from audiopoker.narration.words import card_list, describe_hand, rank_list
from audiopoker.showdown import ShowdownResult, showdown, significance

EXIT_REFUSED: Final = 2


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
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--lang", help="es or en (default: the system language)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Explain the showdown described by ``args``; returns the exit code."""
    try:
        lang = resolve_language(args.lang)
    except PokerError as error:
        return _refuse(describe_error(error, "en"))
    catalog = get_catalog(lang)
    try:
        board = parse_cards(args.board)
    except PokerError as error:
        return _refuse(catalog.text("showdown.error.board", error=describe_error(error, lang)))
    hands = []
    for number, text in enumerate(args.hand, start=1):
        try:
            hands.append(parse_cards(text))
        except PokerError as error:
            message = describe_error(error, lang)
            return _refuse(catalog.text("showdown.error.hand", number=number, error=message))
    try:
        result = showdown(board, hands)
    except PokerError as error:
        message = describe_error(error, lang)
        which = error.details.get("number")
        if error.details.get("where") == "hand" and isinstance(which, int):
            message = catalog.text("showdown.error.hand", number=which, error=message)
        return _refuse(message)
    if args.json:
        print(json.dumps(as_json(result, lang), ensure_ascii=False))
    else:
        print("\n".join(explain_lines(result, lang)))
    return 0


def _refuse(message: str) -> int:
    print(f"audiopoker showdown: {message}", file=sys.stderr)
    return EXIT_REFUSED


def player_names(count: int, lang: Language) -> list[str]:
    """'Player 1', 'Player 2', ... / 'Jugador 1', ..."""
    catalog = get_catalog(lang)
    return [catalog.text("showdown.player", number=number) for number in range(1, count + 1)]


def reason_text(result: ShowdownResult, lang: Language) -> str:
    """The reason as one string of sentences."""
    names = player_names(len(result.hands), lang)
    values = [hand.value for hand in result.hands]
    sentences = reason_sentences(result.reason, values, names, lang, None, len(result.winners))
    sentences += every_beaten(result.reason, values, result.winners, names, lang)
    return " ".join(sentences)


def explain_lines(result: ShowdownResult, lang: Language) -> list[str]:
    """One line per hand (cards, hand, best five), then the verdict and the reason."""
    catalog = get_catalog(lang)
    names = player_names(len(result.hands), lang)
    lines: list[str] = []
    for name, hand in zip(names, result.hands, strict=True):
        shows = catalog.text(
            "shown.other",
            name=name,
            cards=card_list(hand.cards, lang),
            hand=describe_hand(hand.value, lang),
        )
        ranks = rank_list(significance(hand.value), lang)
        if hand.plays_board:
            best = catalog.text("shown.board.other", name=name, ranks=ranks)
        else:
            best = catalog.text("shown.best", ranks=ranks)
        lines.append(f"{shows} {best}")
    if len(result.winners) == 1:
        winner = result.hands[result.winners[0]]
        verdict = catalog.text(
            "showdown.wins",
            name=names[result.winners[0]],
            hand=describe_hand(winner.value, lang, article=True),
        )
    else:
        verdict = catalog.text(
            "showdown.split", names=catalog.join([names[index] for index in result.winners])
        )
    reason = reason_text(result, lang)
    lines.append(f"{verdict} {reason}".strip())
    return lines


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
