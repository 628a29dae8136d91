"""`audiopoker hint --board "Ah 7d 2c" --hand "Ks Kd" --pot 60 --to-call 20 --players 3
[--stack 180] [--range RANGE ...] [--json] [--lang es|en]`: the coach for any spot.

Says and prints the coach's two answers, a line each: the price, the chance and the
suggestion with its reason; then the hand, its outs, the opponents and the range assumed
for each (``coach.hint_spot``: facing a bet the bettor holds a bettor's range, never any
two cards). ``--range`` is random, tight, loose or hands in the usual notation
("QQ+, AKs, A5s-A2s"), once for all or once per opponent, the bettor's first. ``--pot``
counts every chip in the middle, the bet to call included; ``--players`` counts you.
The detail ends with every option's value and grade (``coach.option_values``), said as
the second K press says them in play. ``--json`` only prints (for programs): ``equity``,
``pot_odds``, ``action``, ``amount``, ``reason``, ``opponents``, ``range`` (the first
opponent's), ``ranges`` (each one's ``role``, ``share`` and ``range``, with ``--line`` its
``name``), ``exact``, ``outs``, ``big_blind`` (``--blinds``, default 1/2) and ``values``
(each option's ``action``, ``to``, ``all_in``, ``bluff``, ``value_bb``, ``loss_bb`` and
``grade``, the best first).

``--line "preflop: Beto raises 6, Ana calls; flop: Ana checks, Beto bets 20"`` is the
action up to the player's turn (``coach.action_line``: English or Spanish verbs, the
player is "you"/"yo"); it sets the players, the pot and the price (given, they must
agree; with ``pot``, ``to_call`` and ``players`` in the JSON), and each opponent's range
is read from its actions by the coach's own model (``bots.action_ranges``); ``--range``
wins. A line that cannot be is refused in one line, exit code 2.

Heads-up on the turn or the river the equity is exact; elsewhere it is within one
percentage point of it. Bad cards (unknown, repeated, too few or too many), numbers or
ranges: one line on stderr in the chosen language, exit code 2.

With no ``--board`` (or an empty one) the coach advises before the flop from charts
(``coach.preflop_chart``): ``--position`` is required, ``--players`` is the table's size
(default 6), ``--facing`` says what was bet before you (none, raise, 3bet) and
``--callers`` how many called it (or called the big blind); ``--stack`` is then your chips
at the start of the hand, in chips like every other number, with ``--blinds`` (default
1/2) saying what a big blind is. A seat the table has not, or a ``--to-call`` the action
cannot have made, is refused in one line. ``--json`` then prints ``street`` ("preflop"),
``hand``, ``position``, ``players``, ``facing``, ``callers``, ``stack_bb``, ``to_call``,
``pot``, ``pot_odds``, ``action``, ``amount``, ``all_in``, ``chart`` (the chart's line),
``raise_share``, ``call_share``, ``rank`` and ``reason``.
"""

from __future__ import annotations

import argparse
import json
from typing import Final

from audiopoker.argtypes import int_range, refuse
from audiopoker.bots.equity import hand_class
from audiopoker.cards import Card, ensure_distinct, parse_cards
from audiopoker.coach.action_line import LineProblem, parse_line, play_line
from audiopoker.coach.advice_words import catalog
from audiopoker.coach.hint_spot import HintAdvice, StartName, StatedRange, advise_hint, advise_line
from audiopoker.coach.hint_words import (
    as_json,
    detail_answer,
    first_answer,
    line_error,
    line_mismatch,
    line_range_count,
    line_simple,
    option_error,
    position_missing,
    preflop_error,
    preflop_json,
    range_count_error,
    range_error,
)
from audiopoker.coach.preflop_chart import PreflopSpot, advise_preflop, problem
from audiopoker.coach.preflop_words import preflop_detail, preflop_first
from audiopoker.coach.range_notation import RangeNotationError, parse_range
from audiopoker.commands.play import _blinds
from audiopoker.commands.spoken import say_lines
from audiopoker.commands.words_choice import add_words_argument, choose_words, prefs_file
from audiopoker.errors import PokerError
from audiopoker.narration.language import Language, resolve_language
from audiopoker.narration.positions import Position
from audiopoker.narration.refusals import describe_error
from audiopoker.output.factory import add_output_arguments

MAX_CHIPS: Final = 10**9
BOARD_SIZES: Final = (0, 3, 4, 5)  # none: before the flop
PREFLOP_PLAYERS: Final = 6
# --position's words; "button" and "sb" are one seat heads-up (the button posts the small
# blind), "mp" and "lj" the lojack, the seat three before the button.
SEATS: Final[dict[str, Position]] = {
    "utg": Position.UNDER_THE_GUN,
    "utg1": Position.UNDER_THE_GUN_1,
    "utg2": Position.UNDER_THE_GUN_2,
    "utg3": Position.UNDER_THE_GUN_3,
    "mp": Position.LOJACK,
    "lj": Position.LOJACK,
    "hj": Position.HIJACK,
    "co": Position.CUTOFF,
    "button": Position.BUTTON,
    "btn": Position.BUTTON,
    "sb": Position.SMALL_BLIND,
    "bb": Position.BIG_BLIND,
}
PREFLOP_ONLY: Final = ("--position", "--facing", "--callers")
LINE_SEATS: Final = ("utg", "mp", "lj", "hj", "co", "button", "btn", "sb", "bb")
POSTFLOP_NEEDS: Final = ("--pot", "--to-call", "--players")
START_NAMES: Final[dict[str, StartName]] = {"random": "random", "tight": "tight", "loose": "loose"}


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``hint`` subcommand."""
    parser = subparsers.add_parser(
        "hint",
        help="the coach for any spot: the price, your chance and what to do",
        description="The coach's advice for a spot after the flop, or with no --board "
        "before it, from charts by seat and depth.",
    )
    parser.add_argument(
        "--board", default="", help='0, 3, 4 or 5 board cards, e.g. "Ah 7d 2c" (none: preflop)'
    )
    parser.add_argument("--hand", required=True, help='your two cards, e.g. "Ks Kd"')
    parser.add_argument(
        "--pot",
        type=int_range(1, MAX_CHIPS),
        help="every chip in the middle, the bet you face included (needed after the flop)",
    )
    parser.add_argument(
        "--to-call",
        type=int_range(0, MAX_CHIPS),
        help="chips to call (0: none; needed after the flop; before it, by default what "
        "--facing makes: the big blind, a raise to 2.5 big blinds, a re-raise to 9)",
    )
    parser.add_argument(
        "--players",
        type=int_range(2, 10),
        help="players in the hand, you included (before the flop: at the table, default 6)",
    )
    parser.add_argument(
        "--stack",
        type=int_range(1, MAX_CHIPS),
        help="your chips behind (default: ten pots); before the flop your chips at the start "
        "of the hand, blinds included (default: 100 big blinds): chips, like every other "
        "number here, so a stack is typed as the table shows it; --blinds makes it big blinds",
    )
    parser.add_argument(
        "--position",
        choices=tuple(SEATS),
        help="before the flop, your seat: utg, utg1, utg2, utg3, mp (or lj), hj, co, button, "
        "sb, bb; heads-up button (the small blind) and bb",
    )
    parser.add_argument(
        "--facing",
        choices=("none", "raise", "3bet"),
        help="before the flop, what was bet before you: none (everyone folded, or only "
        "calls of the big blind), raise, or 3bet (a raise and a re-raise: you opened and "
        "were re-raised). Said, not worked out from --to-call: the same chips to call can "
        "be an open or a re-raise (default: none)",
    )
    parser.add_argument(
        "--callers",
        type=int_range(0, 8),
        help="before the flop, how many called before you: the big blind with --facing "
        "none, the raise otherwise (default 0)",
    )
    parser.add_argument(
        "--blinds",
        type=_blinds,
        metavar="SMALL/BIG",
        help="the blinds in chips (default: 1/2): before the flop they make --stack big "
        "blinds; after it the options' values are said in big blinds",
    )
    parser.add_argument(
        "--line",
        help="the action so far, street by street, up to your turn after the flop: "
        '"preflop: Beto raises 6, Ana calls; flop: Ana checks, Beto bets 20". Streets '
        "(preflop, flop, turn, river) end with a colon and are separated by semicolons, "
        "actions by commas: a name of one word, then bets, raises, calls, checks, folds or "
        "all in (or apuesta, sube, sigue/iguala/paga, ve/pasa, se va/se retira, juega el "
        "resto), with the chips for a bet, and a raise's total on the street. You are "
        "'you' (or 'yo'); where the line leaves you out you checked or called. A seat word "
        "as the name (utg, mp, hj, co, button, sb, bb) seats that player, --position seats "
        "you; others sit in the first seats that fit, from under the gun, at six-handed. "
        "Players not named folded before the flop. The line sets --players, --pot and "
        "--to-call (given, they must agree); --stack is then everyone's chips at the start "
        "of the hand (default 100 big blinds). Each opponent's range is read from its "
        "actions as the coach reads them in play; --range, once or per opponent in the "
        "order the line names them, wins. A line that starts at the flop needs --pot",
    )
    parser.add_argument(
        "--range",
        action="append",
        default=[],
        help="the opponents' hands: random, tight, loose (a player type: a bettor's range "
        'is built from it) or hands as in "QQ+, AKs, A5s-A2s, KTo+, 22-66" (taken as they '
        "are); once for all, or once per opponent, the bettor's first (default: the hands "
        "that reach the flop, the top 40 percent, and facing a bet a bettor's range)",
    )
    parser.add_argument(
        "--json", action="store_true", help="print the advice as JSON (printed, not spoken)"
    )
    parser.add_argument("--lang", help="es or en (default: the system language)")
    add_words_argument(parser)
    add_output_arguments(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Advise on the spot described by ``args``; returns the exit code."""
    choose_words(args.words, prefs_file())  # before any sentence: the player's words
    try:
        lang = resolve_language(args.lang)
    except PokerError as error:
        return refuse("hint", describe_error(error, "en"))
    refusal, hole, board = _cards(args.hand, args.board, lang)
    if refusal is not None:
        return refuse("hint", refusal)
    if args.line is not None:
        if not board:
            return refuse("hint", line_simple("preflop", lang))
        return _line(args, hole, board, lang)
    if not board:
        return _preflop(args, hole, lang)
    for option in PREFLOP_ONLY:
        if getattr(args, option[2:].replace("-", "_")) is not None:
            return refuse("hint", option_error(option, False, lang))
    for option in POSTFLOP_NEEDS:
        if getattr(args, option[2:].replace("-", "_")) is None:
            return refuse("hint", option_error(option, True, lang))
    if args.pot < args.to_call:
        message = catalog(lang).text(
            "hint.error.pot", option="--pot", to_call=args.to_call, pot=args.pot
        )
        return refuse("hint", message)
    stated = _stated(args.range, args.players - 1, lang)
    if isinstance(stated, str):
        return refuse("hint", stated)
    big = args.blinds[1] if args.blinds is not None else 2
    hint = advise_hint(
        hole, board, args.pot, args.to_call, args.players, args.stack, stated, big_blind=big
    )
    return _answer(args, hint, lang)


def _answer(
    args: argparse.Namespace,
    hint: HintAdvice,
    lang: Language,
    extra: dict[str, object] | None = None,
) -> int:
    """Print ``hint`` as JSON (with ``extra``), or say its two answers."""
    if args.json:
        print(json.dumps(as_json(hint, lang) | (extra or {}), ensure_ascii=False))
    else:
        say_lines(args, lang, [first_answer(hint, lang), detail_answer(hint, lang)], "coach")
    return 0


def _line(
    args: argparse.Namespace, hole: tuple[Card, ...], board: tuple[Card, ...], lang: Language
) -> int:
    """The advice at the player's turn in ``--line`` (``coach.action_line``)."""
    for option in ("--facing", "--callers"):
        if getattr(args, option[2:]) is not None:
            return refuse("hint", option_error(option, False, lang))
    if args.position is not None and args.position not in LINE_SEATS:
        return refuse("hint", line_simple("position", lang, position=args.position))
    blinds = args.blinds if args.blinds is not None else (1, 2)
    try:
        actions = parse_line(args.line)
        spot = play_line(actions, hole, board, blinds, args.stack, args.pot, args.position)
    except LineProblem as problem:
        return refuse("hint", line_error(problem, lang))
    legal = spot.view.legal
    made = {"--pot": legal.pot, "--to-call": legal.to_call, "--players": len(spot.view.active)}
    for option, value in made.items():
        given = getattr(args, option[2:].replace("-", "_"))
        if given is not None and given != value:
            return refuse("hint", line_mismatch(option, value, given, lang))
    opponents = len(spot.opponents)
    if len(args.range) not in (0, 1, opponents):
        return refuse("hint", line_range_count(len(args.range), opponents, lang))
    stated = _stated(args.range, opponents, lang)
    if isinstance(stated, str):
        return refuse("hint", stated)
    hint = advise_line(spot, stated)
    extra: dict[str, object] = {
        "pot": legal.pot,
        "to_call": legal.to_call,
        "players": len(spot.view.active),
    }
    return _answer(args, hint, lang, extra)


def _preflop(args: argparse.Namespace, hole: tuple[Card, ...], lang: Language) -> int:
    """The chart's advice before the flop (``coach.preflop_chart``)."""
    players = args.players if args.players is not None else PREFLOP_PLAYERS
    if args.position is None:
        return refuse("hint", position_missing(players, lang))
    position = SEATS[args.position]
    if players == 2 and position in (Position.BUTTON, Position.SMALL_BLIND):
        position = Position.BUTTON_SMALL_BLIND
    if args.to_call is not None and args.pot is not None and args.pot < args.to_call:
        message = catalog(lang).text(
            "hint.error.pot", option="--pot", to_call=args.to_call, pot=args.pot
        )
        return refuse("hint", message)
    small, big = args.blinds if args.blinds is not None else (1, 2)
    spot = PreflopSpot(
        hand_class(hole[0].index, hole[1].index),
        position,
        players,
        args.facing or "none",
        args.callers or 0,
        args.stack,
        small,
        big,
        args.to_call,
        args.pot,
    )
    wrong = problem(spot)
    if wrong is not None:
        return refuse("hint", preflop_error(wrong, lang, args.position))
    hint = advise_preflop(spot)
    if args.json:
        print(json.dumps(preflop_json(hint, lang), ensure_ascii=False))
    else:
        say_lines(args, lang, [preflop_first(hint, lang), preflop_detail(hint, lang)], "coach")
    return 0


def _stated(texts: list[str], opponents: int, lang: Language) -> tuple[StatedRange, ...] | str:
    """The ranges typed with ``--range``, or the sentence that refuses them."""
    if len(texts) not in (0, 1, opponents):
        return range_count_error(len(texts), opponents, lang)
    stated: list[StatedRange] = []
    for text in texts:
        name = text.strip().lower()
        if name in START_NAMES:
            stated.append(StatedRange(START_NAMES[name]))
            continue
        try:
            classes = parse_range(text)
        except RangeNotationError as error:
            return range_error(error, lang)
        stated.append(StatedRange(None, classes, " ".join(text.split())))
    return tuple(stated)


def _cards(
    hand_text: str, board_text: str, lang: Language
) -> tuple[str | None, tuple[Card, ...], tuple[Card, ...]]:
    """The hole cards and the board, or the sentence that refuses them."""
    text = catalog(lang)
    try:
        hole = parse_cards(hand_text, lang)
    except PokerError as error:
        return text.text("hint.error.hand", error=describe_error(error, lang)), (), ()
    if len(hole) != 2:
        return text.text("hint.error.hand_count", got=len(hole)), (), ()
    try:
        board = parse_cards(board_text, lang) if board_text.strip() else ()
    except PokerError as error:
        return text.text("hint.error.board", error=describe_error(error, lang)), (), ()
    if len(board) not in BOARD_SIZES:
        return text.text("hint.error.board_count", got=len(board)), (), ()
    try:
        ensure_distinct((*hole, *board))
    except PokerError as error:
        return describe_error(error, lang), (), ()
    return None, hole, board
