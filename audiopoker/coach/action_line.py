"""The action line ``audiopoker hint --line`` takes: who bet, raised, called, checked.

A line is streets separated by ``;``, each its name and a colon, then the actions in the
order they were made, separated by commas: ``preflop: Beto raises 6, Ana calls; flop: Ana
checks, Beto bets 20``. An action is a name of one word and a verb, in English or Spanish,
with the chips for a bet or raise (a raise is to its total on the street: "raises 6" and
"raises to 6" are the same). The player is ``you`` (``yo``); on a street where the line does
not name the player, the player checked or called at their turn; the line ends at the
player's turn. A line that starts at the flop needs the pot (``pot``). A name that
is a seat (utg, mp, hj, co, button, sb, bb) sits there; other players sit in the first
seats that fit the line, from under the gun on. Players not named folded before the flop.

The line is played on the engine (``play_line``), so a bet below the minimum, a player
acting out of turn, or a street still open are refused as the rules refuse them; what goes
wrong is a ``LineProblem`` (a key and its fields) that ``coach.hint_words`` says in words.

>>> parsed = parse_line("preflop: Beto raises 6, Ana calls; flop: Ana checks, Beto bets 20")
>>> [(a.street.name, a.name, a.kind) for a in parsed]  # doctest: +NORMALIZE_WHITESPACE
[('PREFLOP', 'Beto', 'raise'), ('PREFLOP', 'Ana', 'call'), ('FLOP', 'Ana', 'check'),
 ('FLOP', 'Beto', 'bet')]
>>> parse_line("flop: Ana pasa, Beto apuesta 20, yo igualo; turn: Ana se va")[-1].kind
'fold'
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from audiopoker.cards import Card
from audiopoker.engine.actions import Action, LegalActions, Street
from audiopoker.engine.dealing import dealing_order, preset_deck
from audiopoker.engine.hand import Hand
from audiopoker.engine.view import PlayerView, view_for

Verb = Literal["bet", "raise", "call", "check", "fold", "all_in"]
# The verbs, as the words after the name (lower case): English, then Spanish in both
# vocabularies (the game room's seguir, ver, irse, jugar el resto; the poker words'
# pagar, pasar, retirarse, ir all-in; igualar too), third person and first (for "yo").
VERBS: Final[dict[str, Verb]] = {
    **dict.fromkeys(("bets", "bet", "apuesta", "apuesto"), "bet"),
    **dict.fromkeys(("raises", "raise", "raises to", "raise to", "sube", "subo"), "raise"),
    **dict.fromkeys(("sube a", "subo a", "resube", "resubo", "resube a", "resubo a"), "raise"),
    **dict.fromkeys(("calls", "call", "iguala", "igualo", "sigue", "sigo", "paga", "pago"), "call"),
    **dict.fromkeys(("checks", "check", "pasa", "paso", "ve", "veo"), "check"),
    **dict.fromkeys(("folds", "fold", "se va", "me voy", "se retira", "me retiro"), "fold"),
    **dict.fromkeys(("all in", "all-in", "goes all in", "go all in", "shoves", "shove"), "all_in"),
    **dict.fromkeys(("juega el resto", "juego el resto", "va all in", "voy all in"), "all_in"),
    **dict.fromkeys(("va all-in", "voy all-in", "va de resto", "voy de resto"), "all_in"),
}
AMOUNTED: Final = frozenset({"bet", "raise"})
HERO: Final = frozenset({"you", "i", "me", "hero", "yo", "tú", "tu"})
STREET_WORDS: Final[dict[str, Street]] = {
    "preflop": Street.PREFLOP,
    "pre-flop": Street.PREFLOP,
    "flop": Street.FLOP,
    "turn": Street.TURN,
    "river": Street.RIVER,
    "río": Street.RIVER,
    "rio": Street.RIVER,
}
BOARD_STREET: Final = {3: Street.FLOP, 4: Street.TURN, 5: Street.RIVER}
TABLE: Final = 6  # seats dealt in: a six-handed table, more when the line names more
MAX_TABLE: Final = 10
DEFAULT_STACK_BB: Final = 100
ORDER_KEYS: Final = frozenset({"turn", "turn_you", "street_over", "short", "not_done", "over"})
_NAME: Final = re.compile(r"^[\w-]+$")


@dataclass(frozen=True, slots=True)
class LineAction:
    """One action as typed: its ``street``, the player's ``name`` (as first typed), the
    ``verb``'s ``kind``, the chips for a bet or raise (``amount``), and the ``text``."""

    street: Street
    name: str
    kind: Verb
    amount: int | None
    text: str

    @property
    def key(self) -> str:
        """The name as compared (any case; every word for the player is one)."""
        low = self.name.lower()
        return "you" if low in HERO else low


class LineProblem(Exception):
    """Why a line cannot be read or played: a ``key`` (``hint_words`` says it) and its
    ``fields`` (``action`` the text at fault, and numbers or names)."""

    def __init__(self, key: str, fields: dict[str, object] | None = None) -> None:
        super().__init__(key)
        self.key = key
        self.fields: dict[str, object] = fields or {}


def parse_line(text: str) -> tuple[LineAction, ...]:
    """The actions of ``text``; LineProblem for a street, verb or amount that cannot be
    read, or streets out of order."""
    actions: list[LineAction] = []
    last: Street | None = None
    for part in (p.strip() for p in text.split(";")):
        if not part:
            continue
        head, colon, rest = part.partition(":")
        street = STREET_WORDS.get(head.strip().lower())
        if not colon or street is None:
            raise LineProblem("street", {"action": part})
        if last is None and street > Street.FLOP:
            raise LineProblem("start", {"action": part})
        if last is not None and street != last + 1:
            raise LineProblem("street_order", {"action": part})
        last = street
        for one in (a.strip().rstrip(".").strip() for a in rest.split(",")):  # "bets 20."
            if not one:
                raise LineProblem("empty", {"action": part})
            actions.append(_action(street, one))
    if not actions:
        raise LineProblem("empty", {"action": text.strip()})
    return tuple(actions)


def _action(street: Street, text: str) -> LineAction:
    words = text.split()
    name = words[0]
    if len(words) < 2 or not _NAME.match(name):
        raise LineProblem("verb", {"action": text})
    rest = [w.lower() for w in words[1:]]
    amount: int | None = None
    if rest[-1].isdigit():
        amount = int(rest[-1])
        rest = rest[:-1]
    if name.lower() == "me" and " ".join(rest) == "voy":  # "me voy": the player folds
        name, rest = "yo", ["me", "voy"]
    kind = VERBS.get(" ".join(rest))
    if kind is None:
        raise LineProblem("verb", {"action": text})
    if kind in AMOUNTED and not amount:
        raise LineProblem("amount", {"action": text})
    if kind not in AMOUNTED and kind != "call" and amount is not None:
        raise LineProblem("no_amount", {"action": text})
    return LineAction(street, name, kind, amount, text)


# -- where everyone sits ---------------------------------------------------------------------


def seat_of_word(word: str, table: int) -> int | None:
    """The table seat a seat word names at a table of ``table`` (seat 0 the small blind,
    1 the big blind, the button last), or None for a name that is not a seat word."""
    seats = {
        "sb": 0,
        "bb": 1,
        "utg": 2,
        "mp": table - 4,
        "lj": table - 4,
        "hj": table - 3,
        "co": table - 2,
        "button": table - 1,
        "btn": table - 1,
    }
    return seats.get(word.lower())


@dataclass(frozen=True, slots=True)
class LineSpot:
    """The line played: ``view`` the player's at their turn, ``names`` each table seat's
    name ('' for those not named), ``preflop`` whether the line said the action before
    the flop (otherwise everyone in the hand called the big blind, the pot made up by
    dead money), ``named`` the seats in the order the line first names them."""

    view: PlayerView
    names: tuple[str, ...]
    preflop: bool
    named: tuple[int, ...] = ()

    @property
    def opponents(self) -> tuple[int, ...]:
        """The opponents still in the hand, in the order the line first names them."""
        return tuple(s for s in self.named if s in self.view.opponents)


def play_line(
    actions: Sequence[LineAction],
    hole: Sequence[Card],
    board: Sequence[Card],
    blinds: tuple[int, int] = (1, 2),
    stack: int | None = None,
    pot: int | None = None,
    position: str | None = None,
) -> LineSpot:
    """Play ``actions`` on the engine with the player's cards and the board, each player
    starting with ``stack`` chips (default 100 big blinds), and return the player's view
    at their turn. ``pot``: with a line that starts at the flop, the pot now (it makes
    the pot before the flop); ``position``: the player's seat word. LineProblem when no
    seating plays the line, naming the action that went furthest."""
    street = BOARD_STREET[len(board)]
    beyond = next((a for a in actions if a.street > street), None)
    if beyond is not None:
        raise LineProblem("board", {"action": beyond.text, "cards": len(board)})
    players: list[str] = []  # keys, in the order first named
    shown: dict[str, str] = {}
    for action in actions:
        if action.key not in shown:
            players.append(action.key)
            shown[action.key] = "yo" if action.key == "you" else action.name
    if "you" not in players:
        players.append("you")
        shown["you"] = ""
    table = min(max(TABLE, len(players)), MAX_TABLE)
    if len(players) > MAX_TABLE:
        raise LineProblem("too_many", {"count": len(players)})
    fixed: dict[str, int] = {}
    for key in players:
        word = position if key == "you" else key
        seat = seat_of_word(word, table) if word else None
        if seat is not None:
            if seat in fixed.values():
                raise LineProblem("same_seat", {"name": word})
            fixed[key] = seat
    free = [k for k in players if k not in fixed]
    open_seats = [s for s in _preflop_order(table) if s not in fixed.values()]
    start = stack if stack is not None else DEFAULT_STACK_BB * blinds[1]
    preflop = actions[0].street is Street.PREFLOP
    if not preflop and pot is None:
        raise LineProblem("pot_needed", {"action": actions[0].text})
    best: tuple[tuple[int, bool], LineProblem] | None = None
    for chosen in itertools.permutations(open_seats, len(free)):
        seats = {**fixed, **dict(zip(free, chosen, strict=True))}
        try:
            hand = _play(actions, seats, hole, board, table, blinds, start, 0, preflop)
            if not preflop and pot is not None:
                extra = pot - hand.pot
                if extra < 0:
                    fields: dict[str, object] = {"pot": pot, "line_pot": hand.pot}
                    raise _Stopped(len(actions) + 1, LineProblem("pot_small", fields))
                hand = _play(actions, seats, hole, board, table, blinds, start, extra, False)
        except _Stopped as stopped:
            # the seating that went furthest says what is wrong; at the same action, a
            # rule the action breaks in turn says more than an order another seating had
            rank = (stopped.reached, stopped.problem.key not in ORDER_KEYS)
            if best is None or rank > best[0]:
                best = (rank, stopped.problem)
            continue
        names = [""] * table
        for key, seat in seats.items():
            names[seat] = shown[key] or ""
        named = tuple(seats[key] for key in players)
        return LineSpot(view_for(hand, seats["you"]), tuple(names), preflop, named)
    assert best is not None
    raise best[1]


def _preflop_order(table: int) -> list[int]:
    return [*range(2, table), 0, 1]


class _Stopped(Exception):
    def __init__(self, reached: int, problem: LineProblem) -> None:
        super().__init__(problem.key)
        self.reached = reached
        self.problem = problem


def _play(
    actions: Sequence[LineAction],
    seats: dict[str, int],
    hole: Sequence[Card],
    board: Sequence[Card],
    table: int,
    blinds: tuple[int, int],
    start: int,
    dead: int,
    preflop: bool,
) -> Hand:
    """The hand after ``actions`` with these ``seats``; _Stopped where it went wrong."""
    hero = seats["you"]
    named = {seat: key for key, seat in seats.items()}
    stacks = [start] * table
    antes = [0] * table
    if dead:  # the pot before the flop that a line starting at the flop does not say
        donor = next((s for s in _preflop_order(table) if s not in named), hero)
        antes[donor] = dead
        stacks[donor] += dead
    button = table - 1
    order = dealing_order(stacks, button, 1)
    deck = preset_deck(order, {hero: tuple(hole)}, tuple(board))
    hand, _ = Hand.start(
        stacks=stacks,
        button=button,
        small_blind_seat=0,
        big_blind_seat=1,
        small_blind=blinds[0],
        big_blind=blinds[1],
        deck=deck,
        antes=antes,
    )
    said = {a.street for a in actions if a.key == "you"}  # streets the line says the player's
    index = 0
    target = BOARD_STREET[len(board)]
    while True:
        if hand.is_over:
            raise _Stopped(index, LineProblem("over", {"action": _at(actions, index - 1)}))
        legal = hand.legal_actions()
        seat = legal.seat
        street = hand.street
        nxt = actions[index] if index < len(actions) else None
        if nxt is not None and nxt.street < street:
            raise _Stopped(index, LineProblem("street_over", {"action": nxt.text}))
        mine = nxt is not None and nxt.street == street and seats[nxt.key] == seat
        if mine and nxt is not None:
            try:
                hand.act(seat, _engine_action(nxt, legal))
            except LineProblem as problem:
                raise _Stopped(index, problem) from None
            except ValueError as error:  # the engine's refusal (errors.PokerError)
                raise _Stopped(index, _refused(nxt, error)) from None
            index += 1
            continue
        if seat not in named:  # not in the line: folded before the flop
            hand.act(seat, Action.fold())
            continue
        if not preflop and street is Street.PREFLOP:  # everyone named saw the flop
            hand.act(seat, Action.check() if legal.can_check else Action.call())
            continue
        if seat == hero and nxt is None and street == target:
            return hand  # the player's turn, where the line ends
        if seat == hero and street not in said:  # left out: checked or called
            hand.act(seat, Action.check() if legal.can_check else Action.call())
            continue
        who = named[seat]
        if nxt is None:
            key = "short" if street < target else "not_done"
            fields: dict[str, object] = {"name": _shown(who, actions), "cards": len(board)}
            raise _Stopped(index, LineProblem(key, fields))
        fields = {"action": nxt.text, "name": _shown(who, actions)}
        raise _Stopped(index, LineProblem("turn_you" if who == "you" else "turn", fields))


def _at(actions: Sequence[LineAction], index: int) -> str:
    return actions[max(index, 0)].text


def _shown(key: str, actions: Sequence[LineAction]) -> str:
    if key == "you":
        return "you"
    return next(a.name for a in actions if a.key == key)


def _engine_action(action: LineAction, legal: LegalActions) -> Action:
    kind = action.kind
    if kind == "fold":
        return Action.fold()
    if kind == "check":
        return Action.check()
    if kind == "call":
        if action.amount is not None and action.amount not in (
            legal.to_call,
            legal.committed + legal.to_call,
        ):
            fields = {"action": action.text, "to_call": legal.to_call}
            raise LineProblem("call_amount", fields)
        return Action.call()
    if kind == "all_in":
        if legal.raise_kind is None:
            return Action.call()
        return Action(legal.raise_kind, legal.max_raise_to)
    assert action.amount is not None
    if kind == "bet":
        return Action.bet(action.amount)
    return Action.raise_to(action.amount)


# The engine's refusals the line says in its own words (errors.ErrorReason values): the
# coach layer reads them by value rather than import errors.py for them.
RULE_KEYS: Final = frozenset(
    {
        "below_minimum",
        "above_maximum",
        "cannot_check",
        "nothing_to_call",
        "cannot_bet",
        "nothing_to_raise",
    }
)


def _refused(action: LineAction, error: ValueError) -> LineProblem:
    """The engine's refusal of ``action`` as a problem with the line."""
    reason = getattr(getattr(error, "reason", None), "value", "")
    details: dict[str, object] = getattr(error, "details", {})
    fields: dict[str, object] = {"action": action.text, **details}
    return LineProblem(reason if reason in RULE_KEYS else "illegal", fields)
