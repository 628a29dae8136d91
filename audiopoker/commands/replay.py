"""`audiopoker replay FILE.phh [--json] [--lang en|es]`: replay a PHH hand history through
our engine, and narrate it or print the result as JSON.

A file of several hands (``.phhs``, a table ``[N]`` per hand, as the game writes its hand
histories) is replayed hand after hand (``--json``: a list), or only hand ``--hand N``.

The narration is the table's: the same Narrator a watcher hears, sent through the same
output router (speech, braille, console echo, ``--transcript``; the output options of
``play`` apply).

A history our rules refuse (an action out of turn, a raise below the minimum, a duplicate
card, bad TOML, another variant) is reported on ONE line on stderr, naming the action and
the reason, with exit code 2.
"""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from pathlib import Path
from typing import Any, Final

from audiopoker.engine.errors import PokerError
from audiopoker.engine.events import (
    ActionRequired,
    HandRevealed,
    HandShown,
    HoleCardsDealt,
    PotAwarded,
    StreetDealt,
)
from audiopoker.engine.phh import ActionType, HandHistory, PhhError, PhhProblem, loads, loads_all
from audiopoker.engine.phh_replay import Replay, replay
from audiopoker.narration import LANGUAGES, Language, Narrator, get_catalog
from audiopoker.output.factory import add_output_arguments, router_from_args
from audiopoker.output.message import Message, Verbosity

EXIT_REFUSED: Final = 2
SPEECH_WAIT: Final = 600.0  # seconds a voice may take to finish the hand before we close it


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``replay`` subcommand."""
    parser = subparsers.add_parser(
        "replay",
        help="replay a PHH hand history through the engine",
        description="Replay a PHH (Poker Hand History) file, variant NT, through our rules.",
    )
    parser.add_argument("file", type=Path, metavar="FILE.phh")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="narration language")
    parser.add_argument(
        "--hand",
        metavar="N",
        help="in a file of several hands (.phhs, like the game's hand histories), replay only "
        "the hand in table [N] (default: every hand, in order)",
    )
    add_output_arguments(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Replay ``args.file``; print narration or JSON. Returns the exit code."""
    lang: Language = "es" if args.lang == "es" else "en"
    try:
        text = args.file.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        return _refuse(f"{args.file}: {_io_reason(error, lang)}")
    try:
        histories, several = read_histories(text, args.hand)
        results = [replay(history) for history in histories]
    except PhhError as error:
        return _refuse(f"{args.file}: {describe_error(error, lang)}")
    if args.json:
        shown: Any = [to_json(result) for result in results] if several else to_json(results[0])
        print(json.dumps(shown, ensure_ascii=False))
    else:
        _tell(results, args, lang)
    return 0


def read_histories(text: str, hand: str | None = None) -> tuple[list[HandHistory], bool]:
    """The hands of a PHH document: one hand, or a ``.phhs`` of several (all of them, or the
    one in table ``[hand]``). The flag is True when the answer is a list of several."""
    try:
        return [loads(text)], False
    except PhhError as error:
        if error.problem is not PhhProblem.MISSING_FIELD or error.details.get("name") != "variant":
            raise
        first_error = error
    keys = list(tomllib.loads(text))  # loads parsed it already: valid TOML
    histories = loads_all(text)
    if not histories:
        raise first_error
    if hand is None:
        return histories, True
    if hand not in keys:
        raise PhhError(PhhProblem.MISSING_FIELD, name=f"[{hand}]")
    return [histories[keys.index(hand)]], False


def _refuse(line: str) -> int:
    print(f"audiopoker replay: {line}", file=sys.stderr)
    return EXIT_REFUSED


def _io_reason(error: OSError | UnicodeDecodeError, lang: str) -> str:
    if isinstance(error, UnicodeDecodeError):
        return "el archivo no es texto UTF-8" if lang == "es" else "the file is not UTF-8 text"
    reason = error.strerror or str(error)
    return f"no se puede leer: {reason}" if lang == "es" else f"cannot read it: {reason}"


def to_json(result: Replay) -> dict[str, Any]:
    """The replay's outcome: stacks in PHH player order, board, pots (winners are player
    indices, 0-based), and whether the history reaches the end of the hand."""
    history = result.history
    pots = [
        {"amount": event.amount, "winners": list(event.winners), "shares": list(event.shares)}
        for event in result.events
        if isinstance(event, PotAwarded)
    ]
    return {
        "variant": history.variant,
        "players": [history.player_name(player) for player in range(history.player_count)],
        "starting_stacks": list(history.starting_stacks),
        "finishing_stacks": list(result.finishing_stacks),
        "board": [str(card) for card in result.hand.board],
        "pots": pots,
        "complete": result.complete,
    }


# ---------------------------------------------------------------- narration


def narrate(
    result: Replay, lang: Language = "en", verbosity: Verbosity = Verbosity.NORMAL
) -> list[Message]:
    """The hand as a watcher at the table hears it: the table's Narrator with no listening
    seat, every hole card the history names said as it is dealt.

    The engine holds stand-in cards where the history names none (``??``); those are never
    told. A hand dealt unknown cards is said to be so; a hand the history mucks is said to
    be thrown away, once, and stays out of the showdown's explanation. A board card the
    history never deals, or a hand shown down that it never names, ends the telling:
    whatever followed would be made up.
    """
    history = result.history
    names = [history.player_name(player) for player in range(history.player_count)]
    board = [
        card
        for action in history.actions
        if action.type is ActionType.DEAL_BOARD
        for card in action.cards
    ]
    narrator = Narrator(names, lang, verbosity, listener_seat=None, reveal_hole_cards=True)
    catalog = get_catalog(lang)
    mucked: set[int] = set()  # seats whose muck was told (revealed, then shown)
    messages: list[Message] = []
    finished = result.complete
    for event in result.events:
        if isinstance(event, ActionRequired):
            continue  # nobody is asked anything in a replay: "Beto's turn" would be chatter
        if isinstance(event, StreetDealt) and (
            len(event.board) > len(board) or None in board[: len(event.board)]
        ):
            finished = False  # the engine dealt a stand-in: the history stops before this
            break
        if isinstance(event, HoleCardsDealt) and None in result.known_hole(event.seat):
            text = catalog.text("replay.hole_cards_unknown", name=names[event.seat])
            messages.append(Message("hole_cards_dealt", text))
        elif isinstance(event, HandRevealed | HandShown) and result.mucked(event.seat):
            if event.seat not in mucked:
                mucked.add(event.seat)
                text = catalog.text("replay.mucks", name=names[event.seat])
                messages.append(Message("hand_shown", text))
        elif isinstance(event, HandRevealed | HandShown) and None in result.known_hole(event.seat):
            # Stand-ins would decide the pot from here: the history does not say who won.
            text = catalog.text("replay.cards_unknown", name=names[event.seat])
            messages.append(Message("hand_shown", text))
            finished = False
            break
        else:
            messages += narrator.narrate(event)
    if not finished:
        messages.append(Message("replay_unfinished", catalog.text("replay.unfinished")))
    return messages


def _tell(results: list[Replay], args: argparse.Namespace, lang: Language) -> None:
    """Send the narration through the output router, as at the table, and let it be heard
    before the voice closes."""
    router = router_from_args(args, lang)
    try:
        for result in results:
            for message in narrate(result, lang, router.verbosity):
                router.send(message)
    finally:
        router.wait_until_quiet(timeout=SPEECH_WAIT)
        router.close()


# ---------------------------------------------------------------- refusals

_PROBLEMS: Final[dict[PhhProblem, tuple[str, str]]] = {
    PhhProblem.BAD_TOML: ("bad TOML: {message}", "TOML no válido: {message}"),
    PhhProblem.MISSING_FIELD: ("the field {name} is missing", "falta el campo {name}"),
    PhhProblem.BAD_FIELD: ("{name} must be {expected}", "{name} debe ser {expected}"),
    PhhProblem.UNSUPPORTED_VARIANT: (
        "variant {variant!r} is not supported (only NT, No-Limit Texas hold'em)",
        "la variante {variant!r} no está soportada (solo NT, Texas hold'em sin límite)",
    ),
    PhhProblem.UNSUPPORTED_FORCED_BETS: (
        "our rules do not play these {name} (straddles, uneven antes, or a minimum bet "
        "other than the big blind)",
        "nuestras reglas no juegan estos {name} (straddles, antes desiguales o apuesta "
        "mínima distinta de la ciega grande)",
    ),
    PhhProblem.BAD_SETUP: ("our engine refuses this table", "nuestro motor rechaza esta mesa"),
    PhhProblem.BAD_ACTION: ("not an NT action", "no es una acción de NT"),
    PhhProblem.BAD_PLAYER: (
        "there is no player {player} (the hand has {players})",
        "no hay jugador {player} (la mano tiene {players})",
    ),
    PhhProblem.BAD_CARD: ("{card!r} is not a card", "{card!r} no es una carta"),
    PhhProblem.BAD_AMOUNT: (
        "{amount!r} is not a whole number of chips",
        "{amount!r} no es un número entero de fichas",
    ),
    PhhProblem.DUPLICATE_CARD: (
        "the card {card} appears twice",
        "la carta {card} aparece dos veces",
    ),
    PhhProblem.WRONG_CARD_COUNT: (
        "{got} cards where {expected} are needed",
        "{got} cartas donde hacen falta {expected}",
    ),
    PhhProblem.DEALT_TWICE: (
        "this player was already dealt",
        "este jugador ya tenía cartas",
    ),
    PhhProblem.NOT_DEALT: (
        "{player} was never dealt hole cards",
        "{player} no recibió cartas",
    ),
    PhhProblem.DEAL_AFTER_BETTING: (
        "hole cards dealt after the betting began",
        "cartas repartidas después de empezar las apuestas",
    ),
    PhhProblem.SHOWN_CARDS_DIFFER: (
        "shows {shown} but was dealt {dealt}",
        "muestra {shown} pero recibió {dealt}",
    ),
    PhhProblem.TOO_MANY_BOARD_CARDS: (
        "more than five board cards",
        "más de cinco cartas comunitarias",
    ),
    PhhProblem.BOARD_TOO_EARLY: (
        "board cards dealt while the betting round is still open",
        "cartas comunitarias repartidas con la ronda de apuestas abierta",
    ),
    PhhProblem.BOARD_NOT_DEALT: (
        "a player acts before the {street} is dealt",
        "un jugador actúa antes de repartir el {street}",
    ),
    PhhProblem.SHOW_TOO_EARLY: (
        "a show or muck while the betting is still open",
        "muestra o descarta con las apuestas abiertas",
    ),
    PhhProblem.SHOW_BY_FOLDED: (
        "a folded player shows or mucks",
        "un jugador retirado muestra o descarta",
    ),
    PhhProblem.MUCKED_WINNER: (
        "the history mucks a hand that wins under our rules (cards speak)",
        "la historia descarta una mano que gana con nuestras reglas (las cartas hablan)",
    ),
}

_ENGINE_REASONS: Final[dict[str, tuple[str, str]]] = {
    "not_your_turn": ("it is not this player's turn", "no es el turno de este jugador"),
    "hand_over": ("the hand is already over", "la mano ya terminó"),
    "cannot_check": ("cannot check: there is a bet to call", "no puede pasar: hay que igualar"),
    "nothing_to_call": ("there is nothing to call", "no hay nada que igualar"),
    "cannot_bet": ("cannot bet: there is already a bet", "no puede apostar: ya hay apuesta"),
    "nothing_to_raise": ("there is no bet to raise", "no hay apuesta que subir"),
    "raise_not_reopened": (
        "a short all-in did not reopen the raising for this player",
        "un all-in corto no reabrió las subidas para este jugador",
    ),
    "no_chips_to_raise": (
        "calling takes all of this player's chips: no raise is possible",
        "igualar ya cuesta todas sus fichas: no puede subir",
    ),
    "no_opponent_can_call": (
        "every opponent is all in: no bet or raise is possible",
        "todos los rivales están all-in: no cabe apostar ni subir",
    ),
    "below_minimum": ("below the minimum", "por debajo del mínimo"),
    "above_maximum": ("above the maximum (the player's stack)", "por encima del máximo"),
    "missing_amount": ("the amount is missing", "falta la cantidad"),
}


_DETAIL_LABELS: Final[dict[str, tuple[str, str]]] = {
    "seat": ("player", "jugador"),
    "actor": ("to act", "le toca a"),
    "to_call": ("to call", "para igualar"),
    "minimum": ("minimum", "mínimo"),
    "maximum": ("maximum", "máximo"),
    "amount": ("asked", "pedido"),
}


def describe_error(error: PhhError, lang: str = "en") -> str:
    """One line: which action (index into ``actions`` and its text) and why."""
    es = lang == "es"
    where = ""
    if error.index is not None:
        where = f"actions[{error.index}] {error.text!r}: "
    if error.problem is PhhProblem.ILLEGAL_ACTION and error.cause is not None:
        return where + _engine_reason(error.cause, es)
    wording = _PROBLEMS.get(error.problem)
    if wording is None:
        return where + error.problem.value
    try:
        why = wording[1 if es else 0].format(**error.details)
    except (KeyError, IndexError):
        why = error.problem.value
    if error.cause is not None:
        why += f" ({_engine_reason(error.cause, es)})"
    return where + why


def _engine_reason(cause: PokerError, es: bool) -> str:
    wording = _ENGINE_REASONS.get(cause.reason.value)
    why = wording[1 if es else 0] if wording is not None else cause.reason.value.replace("_", " ")
    # Seats are PHH player indices: name them p1, p2, ... as the file does.
    numbers = ", ".join(
        f"{_DETAIL_LABELS.get(key, (key, key))[es]} "
        + (f"p{value + 1}" if key in ("seat", "actor") else str(value))
        for key, value in cause.details.items()
    )
    return f"{why} ({numbers})" if numbers else why
