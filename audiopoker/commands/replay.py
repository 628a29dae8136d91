"""`audiopoker replay FILE.phh [--json] [--lang en|es]`: replay a PHH hand history through
our engine, and narrate it or print the result as JSON.

A history our rules refuse (an action out of turn, a raise below the minimum, a duplicate
card, bad TOML, another variant) is reported on ONE line on stderr, naming the action and
the reason, with exit code 2.

The wording here is a small stand-in: :func:`narrate` is the one function the narration
layer will replace.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from audiopoker.cards import Card
from audiopoker.engine.actions import Street
from audiopoker.engine.errors import PokerError
from audiopoker.engine.events import (
    ActionTaken,
    AntePosted,
    BetReturned,
    BlindKind,
    BlindPosted,
    Event,
    HandRevealed,
    HandShown,
    HoleCardsDealt,
    PotAwarded,
    StreetDealt,
)
from audiopoker.engine.phh import PhhError, PhhProblem, loads
from audiopoker.engine.phh_replay import Replay, replay

EXIT_REFUSED: Final = 2
LANGUAGES: Final = ("en", "es")


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
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Replay ``args.file``; print narration or JSON. Returns the exit code."""
    lang: str = args.lang
    try:
        text = args.file.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        return _refuse(f"{args.file}: {_io_reason(error, lang)}")
    try:
        result = replay(loads(text))
    except PhhError as error:
        return _refuse(f"{args.file}: {describe_error(error, lang)}")
    if args.json:
        print(json.dumps(to_json(result), ensure_ascii=False))
    else:
        for line in narrate(result, lang):
            print(line)
    return 0


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


# ---------------------------------------------------------------- narration (stand-in)

_RANKS: Final = {
    "en": dict(zip("23456789TJQKA", ("two", "three", "four", "five", "six", "seven",
               "eight", "nine", "ten", "jack", "queen", "king", "ace"), strict=True)),
    "es": dict(zip("23456789TJQKA", ("dos", "tres", "cuatro", "cinco", "seis", "siete",
               "ocho", "nueve", "diez", "jota", "reina", "rey", "as"), strict=True)),
}  # fmt: skip
_SUITS: Final = {
    "en": {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"},
    "es": {"c": "tréboles", "d": "diamantes", "h": "corazones", "s": "picas"},
}
_CATEGORIES: Final = {
    "en": ("high card", "a pair", "two pair", "three of a kind", "a straight", "a flush",
           "a full house", "four of a kind", "a straight flush"),
    "es": ("carta alta", "pareja", "doble pareja", "trío", "escalera", "color", "full",
           "póker", "escalera de color"),
}  # fmt: skip
_STREETS: Final = {
    "en": {Street.FLOP: "Flop", Street.TURN: "Turn", Street.RIVER: "River"},
    "es": {Street.FLOP: "Flop", Street.TURN: "Turn", Street.RIVER: "River"},
}


def _card(card: Card, lang: str) -> str:
    rank, suit = _RANKS[lang][card.rank.char], _SUITS[lang][card.suit.char]
    return f"{rank} de {suit}" if lang == "es" else f"{rank} of {suit}"


def _cards(cards: Sequence[Card], lang: str) -> str:
    words = [_card(card, lang) for card in cards]
    if len(words) < 2:
        return "".join(words)
    conjunction = " y " if lang == "es" else " and "
    return ", ".join(words[:-1]) + conjunction + words[-1]


_WORDS: Final[dict[str, tuple[str, str]]] = {
    "ante": ("{name} antes {amount}.", "{name} pone {amount} de ante."),
    "small_blind": ("{name} posts the small blind of {amount}.",
                    "{name} pone la ciega pequeña de {amount}."),
    "big_blind": ("{name} posts the big blind of {amount}.",
                  "{name} pone la ciega grande de {amount}."),
    "dealt": ("{name} gets {cards}.", "{name} recibe {cards}."),
    "dealt_unknown": ("{name} gets two cards.", "{name} recibe dos cartas."),
    "fold": ("{name} folds.", "{name} se retira."),
    "check": ("{name} checks.", "{name} pasa."),
    "call": ("{name} calls {amount}.", "{name} iguala {amount}."),
    "bet": ("{name} bets {to}.", "{name} apuesta {to}."),
    "raise": ("{name} raises to {to}.", "{name} sube a {to}."),
    "call_all_in": ("{name} calls {amount}, all in.", "{name} iguala {amount} y va all-in."),
    "bet_all_in": ("{name} bets {to}, all in.", "{name} apuesta {to} y va all-in."),
    "raise_all_in": ("{name} raises to {to}, all in.", "{name} sube a {to} y va all-in."),
    "street": ("{street}: {cards}.", "{street}: {cards}."),
    "returned": ("{amount} uncalled returned to {name}.",
                 "Se devuelven {amount} no igualadas a {name}."),
    "revealed": ("{name} shows {cards}.", "{name} muestra {cards}."),
    "shown": ("{name} shows {cards}: {category}.", "{name} muestra {cards}: {category}."),
    "has": ("{name} has {category}.", "{name} tiene {category}."),
    "mucks": ("{name} mucks.", "{name} tira sus cartas."),
    "wins": ("{name} wins {pot} of {amount}.", "{name} gana {pot} de {amount}."),
    "split": ("{pot} of {amount} is split: {shares}.", "Se reparte {pot} de {amount}: {shares}."),
    "main_pot": ("the pot", "el bote"),
    "side_pot": ("side pot {number}", "el bote lateral {number}"),
    "unfinished": ("The history stops before the end of the hand.",
                   "La historia termina antes del final de la mano."),
}  # fmt: skip


def _say(key: str, lang: str, **values: object) -> str:
    return _WORDS[key][1 if lang == "es" else 0].format(**values)


def narrate(result: Replay, lang: str = "en") -> list[str]:
    """One plain sentence per event worth hearing, in English or Spanish. Cards the
    history does not name are never told (the engine holds stand-ins there)."""
    history = result.history
    names = [history.player_name(player) for player in range(history.player_count)]
    revealed: set[int] = set()
    lines: list[str] = []
    for event in result.events:
        line = _sentence(event, result, names, revealed, lang)
        if line:
            lines.append(line[0].upper() + line[1:])
    if not result.complete:
        lines.append(_say("unfinished", lang))
    return lines


def _sentence(
    event: Event, result: Replay, names: Sequence[str], revealed: set[int], lang: str
) -> str | None:
    if isinstance(event, AntePosted):
        return _say("ante", lang, name=names[event.seat], amount=event.amount)
    if isinstance(event, BlindPosted):
        key = "small_blind" if event.kind is BlindKind.SMALL else "big_blind"
        return _say(key, lang, name=names[event.seat], amount=event.amount)
    if isinstance(event, HoleCardsDealt):
        if None in result.known_hole(event.seat):
            return _say("dealt_unknown", lang, name=names[event.seat])
        return _say("dealt", lang, name=names[event.seat], cards=_cards(event.cards, lang))
    if isinstance(event, ActionTaken):
        key = event.kind.value + ("_all_in" if event.all_in and event.amount else "")
        return _say(key, lang, name=names[event.seat], amount=event.amount, to=event.to)
    if isinstance(event, StreetDealt):
        street = _STREETS[lang][event.street]
        return _say("street", lang, street=street, cards=_cards(event.cards, lang))
    if isinstance(event, BetReturned):
        return _say("returned", lang, name=names[event.seat], amount=event.amount)
    if isinstance(event, HandRevealed | HandShown):
        return _showing(event, result, names[event.seat], revealed, lang)
    if isinstance(event, PotAwarded):
        pot = (
            _say("main_pot", lang)
            if event.pot_index == 0
            else _say("side_pot", lang, number=event.pot_index)
        )
        if len(event.winners) == 1:
            return _say("wins", lang, name=names[event.winners[0]], pot=pot, amount=event.amount)
        shares = ", ".join(
            f"{names[seat]} {share}"
            for seat, share in zip(event.winners, event.shares, strict=True)
        )
        return _say("split", lang, pot=pot, amount=event.amount, shares=shares)
    return None


def _showing(
    event: HandRevealed | HandShown, result: Replay, name: str, revealed: set[int], lang: str
) -> str | None:
    """All-in hands are revealed before the runout and valued after it; a hand the
    history mucks is told as mucked, once."""
    seat = event.seat
    if result.mucked(seat):
        if seat in revealed:
            return None
        revealed.add(seat)
        return _say("mucks", lang, name=name)
    cards = _cards(event.cards, lang)
    if isinstance(event, HandRevealed):
        revealed.add(seat)
        return _say("revealed", lang, name=name, cards=cards)
    category = _CATEGORIES[lang][event.value.category]
    if seat in revealed:
        return _say("has", lang, name=name, category=category)
    return _say("shown", lang, name=name, cards=cards, category=category)


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
