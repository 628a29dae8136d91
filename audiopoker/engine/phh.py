"""PHH, the open Poker Hand History format (TOML): read, write, and export a played hand.

Only variant ``NT`` (No-Limit Texas hold'em) is read. Player order follows the format:
p1 is the first seat left of the button (the small blind), the last player holds the
button; heads-up, p1 is the big blind and p2 the button. The forced-bet arrays
(``antes``, ``blinds_or_straddles``) are written as if p1 were the small blind, so
heads-up they are reversed: ``[1, 2]`` means p2 posts 1 and p1 posts 2.

Turning a history into engine calls lives in :mod:`audiopoker.engine.phh_replay`.

>>> history = loads('''
... variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [200, 200, 200]
... actions = ["d dh p1 AsKd", "d dh p2 ????", "d dh p3 7h6h", "p3 f", "p1 cbr 6  # raise"]
... ''')
>>> history.actions[4].amount, history.actions[4].comment
(6, 'raise')
>>> loads(dumps(history)) == history
True
"""

from __future__ import annotations

import datetime
import enum
import json
import math
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any, Final

from audiopoker.cards import FULL_DECK, Card, format_cards
from audiopoker.engine.actions import ActionKind
from audiopoker.engine.events import (
    ActionTaken,
    Event,
    HandEnded,
    HandRevealed,
    HandShown,
    HandStarted,
    HoleCardsDealt,
    StreetDealt,
)
from audiopoker.errors import PokerError

VARIANT: Final = "NT"
_REQUIRED: Final = (
    "variant",
    "antes",
    "blinds_or_straddles",
    "min_bet",
    "starting_stacks",
    "actions",
)
_KNOWN: Final = (*_REQUIRED, "ante_trimming_status", "players", "finishing_stacks")
_CARDS: Final = {str(card): card for card in FULL_DECK}  # PHH cards: "As", "Td", "2c"


class PhhProblem(enum.Enum):
    """Why a history was refused. ``PhhError.details`` holds the particulars."""

    BAD_TOML = "bad_toml"  # details: message
    MISSING_FIELD = "missing_field"  # details: name
    BAD_FIELD = "bad_field"  # details: name, value, expected
    UNSUPPORTED_VARIANT = "unsupported_variant"  # details: variant
    UNSUPPORTED_FORCED_BETS = "unsupported_forced_bets"  # straddles, odd antes; details: name
    BAD_SETUP = "bad_setup"  # the engine refuses the table; ``cause`` says why
    BAD_ACTION = "bad_action"  # the text is not an NT action
    BAD_PLAYER = "bad_player"  # details: player (label), players (count)
    BAD_CARD = "bad_card"  # details: card
    BAD_AMOUNT = "bad_amount"  # details: amount
    DUPLICATE_CARD = "duplicate_card"  # details: card
    WRONG_CARD_COUNT = "wrong_card_count"  # details: expected, got
    DEALT_TWICE = "dealt_twice"  # a player's hole cards dealt again
    NOT_DEALT = "not_dealt"  # details: player; the betting began before this deal
    DEAL_AFTER_BETTING = "deal_after_betting"  # hole cards dealt once betting began
    SHOWN_CARDS_DIFFER = "shown_cards_differ"  # details: dealt, shown
    TOO_MANY_BOARD_CARDS = "too_many_board_cards"
    BOARD_TOO_EARLY = "board_too_early"  # dealt while betting is still open
    BOARD_NOT_DEALT = "board_not_dealt"  # details: street; a player acts before its deal
    SHOW_TOO_EARLY = "show_too_early"  # a show or muck while betting is still open
    SHOW_BY_FOLDED = "show_by_folded"  # a folded player shows or mucks
    ILLEGAL_ACTION = "illegal_action"  # the engine refused it; ``cause`` says why
    MUCKED_WINNER = "mucked_winner"  # cards speak would pay a hand the history mucks


class PhhError(ValueError):
    """A history we refuse. ``index`` and ``text`` name the action (an index into the
    ``actions`` array) when one is at fault; ``cause`` is the engine's error for
    ``ILLEGAL_ACTION`` (and card errors)."""

    def __init__(
        self,
        problem: PhhProblem,
        *,
        index: int | None = None,
        text: str | None = None,
        cause: PokerError | None = None,
        **details: Any,
    ) -> None:
        self.problem = problem
        self.index = index
        self.text = text
        self.cause = cause
        self.details: dict[str, Any] = details
        where = f"actions[{index}] {text!r}: " if index is not None else ""
        shown = ", ".join(f"{key}={value!r}" for key, value in details.items())
        why = f" ({cause})" if cause is not None else ""
        super().__init__(f"{where}{problem.value}" + (f" ({shown})" if shown else "") + why)


class ActionType(enum.Enum):
    """The action notations of variant NT (``NOOP`` is an empty or comment-only entry)."""

    DEAL_HOLE = "dh"
    DEAL_BOARD = "db"
    FOLD = "f"
    CHECK_CALL = "cc"
    BET_RAISE = "cbr"
    SHOW_MUCK = "sm"
    NOOP = ""


@dataclass(frozen=True, slots=True)
class PhhAction:
    """One entry of ``actions``, parsed. ``player`` is 0-based (p1 is 0).

    ``cards`` holds None for each unknown card (``??``). A show-or-muck with no cards is
    a muck; ``show_dealt`` marks the ``pN sm -`` form (show the cards already dealt).
    """

    index: int
    text: str
    type: ActionType
    player: int | None = None
    cards: tuple[Card | None, ...] = ()
    amount: int | None = None
    comment: str | None = None
    show_dealt: bool = False

    @property
    def is_muck(self) -> bool:
        """A show-or-muck that reveals nothing: no cards, or only unknown ones."""
        return (
            self.type is ActionType.SHOW_MUCK
            and not self.show_dealt
            and all(card is None for card in self.cards)
        )


@dataclass(frozen=True)
class HandHistory:
    """A parsed NT hand history. Amounts are chips (integers); ``extra`` keeps every
    other field (author, event, hand, ...) so writing it back loses nothing."""

    antes: tuple[int, ...]
    blinds_or_straddles: tuple[int, ...]
    min_bet: int
    starting_stacks: tuple[int, ...]
    actions: tuple[PhhAction, ...]
    variant: str = VARIANT
    ante_trimming_status: bool = False
    players: tuple[str, ...] | None = None
    finishing_stacks: tuple[int | float, ...] | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def player_count(self) -> int:
        return len(self.starting_stacks)

    @property
    def hand_number(self) -> int | None:
        """The hand's number (PHH's optional ``hand`` field: the game's histories record
        it), or None when the history gives no positive whole number."""
        number = self.extra.get("hand")
        if isinstance(number, int) and not isinstance(number, bool) and number > 0:
            return number
        return None

    def player_name(self, player: int) -> str:
        """The player's name, or ``pN`` when the history has none."""
        if self.players is not None and self.players[player]:
            return self.players[player]
        return f"p{player + 1}"


# ---------------------------------------------------------------- reading


def loads(text: str) -> HandHistory:
    """Parse one PHH document. Raises :class:`PhhError` for bad TOML, missing or malformed
    fields, a variant other than NT, and action entries that are not NT notation."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise PhhError(PhhProblem.BAD_TOML, message=str(error)) from None
    return from_mapping(raw)


def from_mapping(raw: Mapping[str, Any]) -> HandHistory:
    """Build a history from already-parsed TOML (see :func:`loads`)."""
    if "variant" not in raw:
        raise PhhError(PhhProblem.MISSING_FIELD, name="variant")
    variant = raw["variant"]
    if variant != VARIANT:
        raise PhhError(PhhProblem.UNSUPPORTED_VARIANT, variant=variant)
    for name in _REQUIRED:
        if name not in raw:
            raise PhhError(PhhProblem.MISSING_FIELD, name=name)
    stacks = _chip_list(raw, "starting_stacks", positive=True)
    count = len(stacks)
    if count < 2:
        raise PhhError(
            PhhProblem.BAD_FIELD,
            name="starting_stacks",
            value=raw["starting_stacks"],
            expected="at least two players",
        )
    antes = _chip_list(raw, "antes", length=count)
    blinds = _chip_list(raw, "blinds_or_straddles", length=count)
    min_bet = _chip(raw["min_bet"], "min_bet")
    trimming = raw.get("ante_trimming_status", False)
    if not isinstance(trimming, bool):
        raise PhhError(
            PhhProblem.BAD_FIELD,
            name="ante_trimming_status",
            value=trimming,
            expected="true or false",
        )
    players = raw.get("players")
    if players is not None and (
        not isinstance(players, list)
        or len(players) != count
        or not all(isinstance(name, str) for name in players)
    ):
        raise PhhError(
            PhhProblem.BAD_FIELD, name="players", value=players, expected=f"{count} names"
        )
    finishing = raw.get("finishing_stacks")
    if finishing is not None and (
        not isinstance(finishing, list)
        or len(finishing) != count
        or not all(_is_number(value) and value >= 0 for value in finishing)
    ):
        raise PhhError(
            PhhProblem.BAD_FIELD,
            name="finishing_stacks",
            value=finishing,
            expected=f"{count} non-negative numbers",
        )
    entries = raw["actions"]
    if not isinstance(entries, list) or not all(isinstance(entry, str) for entry in entries):
        raise PhhError(
            PhhProblem.BAD_FIELD, name="actions", value=entries, expected="an array of strings"
        )
    actions = tuple(parse_action(entry, index, count) for index, entry in enumerate(entries))
    return HandHistory(
        antes=antes,
        blinds_or_straddles=blinds,
        min_bet=min_bet,
        starting_stacks=stacks,
        actions=actions,
        variant=variant,
        ante_trimming_status=trimming,
        players=None if players is None else tuple(players),
        finishing_stacks=None if finishing is None else tuple(finishing),
        extra={key: value for key, value in raw.items() if key not in _KNOWN},
    )


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _chip(value: object, name: str, *, positive: bool = False) -> int:
    """A chip amount: an integer (a float with no fraction is accepted), >= 0 or > 0."""
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or value < (1 if positive else 0):
        expected = "a positive whole number of chips" if positive else "a whole number of chips"
        raise PhhError(PhhProblem.BAD_FIELD, name=name, value=value, expected=expected)
    return value


def _chip_list(
    raw: Mapping[str, Any], name: str, *, length: int | None = None, positive: bool = False
) -> tuple[int, ...]:
    values = raw[name]
    if not isinstance(values, list) or (length is not None and len(values) != length):
        expected = "an array" if length is None else f"an array of {length} amounts"
        raise PhhError(PhhProblem.BAD_FIELD, name=name, value=values, expected=expected)
    return tuple(_chip(value, name, positive=positive) for value in values)


def parse_action(text: str, index: int = 0, player_count: int = 10) -> PhhAction:
    """Parse one action notation such as ``"p2 cbr 300 # shove"`` (``index`` is its place
    in ``actions``, used in errors)."""
    body, hash_sign, comment = text.partition("#")
    note = comment.strip() if hash_sign else None
    words = body.split()

    def fail(problem: PhhProblem = PhhProblem.BAD_ACTION, **details: Any) -> PhhError:
        return PhhError(problem, index=index, text=text, **details)

    def player(label: str) -> int:
        number = label[1:]
        if not (label.startswith("p") and number.isdigit()):
            raise fail()
        if not 1 <= int(number) <= player_count:
            raise fail(PhhProblem.BAD_PLAYER, player=label, players=player_count)
        return int(number) - 1

    def cards(token: str) -> tuple[Card | None, ...]:
        if len(token) % 2:
            raise fail(PhhProblem.BAD_CARD, card=token)
        parsed: list[Card | None] = []
        for start in range(0, len(token), 2):
            chunk = token[start : start + 2]
            if chunk == "??":
                parsed.append(None)
                continue
            card = _CARDS.get(chunk)
            if card is None:
                raise fail(PhhProblem.BAD_CARD, card=chunk)
            parsed.append(card)
        known = [card for card in parsed if card is not None]
        for position, card in enumerate(known):
            if card in known[:position]:
                raise fail(PhhProblem.DUPLICATE_CARD, card=str(card))
        return tuple(parsed)

    match words:
        case []:
            return PhhAction(index, text, ActionType.NOOP, comment=note)
        case ["d", "db", board]:
            return PhhAction(index, text, ActionType.DEAL_BOARD, cards=cards(board), comment=note)
        case ["d", "dh", label, hole]:
            dealt = cards(hole)
            if len(dealt) != 2:
                raise fail(PhhProblem.WRONG_CARD_COUNT, expected=2, got=len(dealt))
            return PhhAction(index, text, ActionType.DEAL_HOLE, player(label), dealt, comment=note)
        case [label, "f"]:
            return PhhAction(index, text, ActionType.FOLD, player(label), comment=note)
        case [label, "cc"]:
            return PhhAction(index, text, ActionType.CHECK_CALL, player(label), comment=note)
        case [label, "cbr", amount]:
            return PhhAction(
                index,
                text,
                ActionType.BET_RAISE,
                player(label),
                amount=_amount(amount, fail),
                comment=note,
            )
        case [label, "sm"]:
            return PhhAction(index, text, ActionType.SHOW_MUCK, player(label), comment=note)
        case [label, "sm", "-"]:
            return PhhAction(
                index, text, ActionType.SHOW_MUCK, player(label), comment=note, show_dealt=True
            )
        case [label, "sm", shown]:
            revealed = cards(shown)
            if len(revealed) != 2:
                raise fail(PhhProblem.WRONG_CARD_COUNT, expected=2, got=len(revealed))
            return PhhAction(
                index, text, ActionType.SHOW_MUCK, player(label), revealed, comment=note
            )
    raise fail()


def _amount(token: str, fail: Callable[..., PhhError]) -> int:
    try:
        value = Decimal(token)
    except InvalidOperation:
        raise fail(PhhProblem.BAD_AMOUNT, amount=token) from None
    if not value.is_finite() or value != value.to_integral_value() or value <= 0:
        raise fail(PhhProblem.BAD_AMOUNT, amount=token)
    return int(value)


# ---------------------------------------------------------------- writing


def dumps(history: HandHistory) -> str:
    """The history as PHH text (TOML), one action per line. pokerkit and :func:`loads`
    read it back."""
    lines = [
        f"variant = {_toml(history.variant)}",
        f"ante_trimming_status = {_toml(history.ante_trimming_status)}",
        f"antes = {_toml(list(history.antes))}",
        f"blinds_or_straddles = {_toml(list(history.blinds_or_straddles))}",
        f"min_bet = {_toml(history.min_bet)}",
        f"starting_stacks = {_toml(list(history.starting_stacks))}",
        "actions = [",
        *(f"  {_toml(action.text)}," for action in history.actions),
        "]",
    ]
    if history.players is not None:
        lines.append(f"players = {_toml(list(history.players))}")
    if history.finishing_stacks is not None:
        lines.append(f"finishing_stacks = {_toml(list(history.finishing_stacks))}")
    lines.extend(f"{_toml_key(key)} = {_toml(value)}" for key, value in history.extra.items())
    return "\n".join(lines) + "\n"


def dumps_all(histories: Iterable[HandHistory]) -> str:
    """Several hands as one ``.phhs`` document: a table ``[1]``, ``[2]``, ... per hand, the
    layout pokerkit's ``HandHistory.loads_all`` reads."""
    return "\n".join(f"[{number}]\n{dumps(history)}" for number, history in enumerate(histories, 1))


def loads_all(text: str) -> list[HandHistory]:
    """Read a ``.phhs`` document: every top-level table is one hand, in order. A refused
    hand raises its :class:`PhhError` with ``details["hand"]`` naming its table."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise PhhError(PhhProblem.BAD_TOML, message=str(error)) from None
    histories: list[HandHistory] = []
    for key, section in raw.items():
        try:
            if not isinstance(section, dict):
                raise PhhError(PhhProblem.BAD_FIELD, name=key, value=section, expected="a hand")
            histories.append(from_mapping(section))
        except PhhError as error:
            error.details["hand"] = key
            raise
    return histories


def _toml_key(key: str) -> str:
    if key and all(char.isascii() and (char.isalnum() or char in "_-") for char in key):
        return key
    return _toml(key)


def _toml(value: Any) -> str:
    """A TOML value. JSON string escapes are all valid TOML basic-string escapes."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return json.dumps(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, datetime.date | datetime.time):  # datetime is a date too
        return value.isoformat()
    if isinstance(value, Sequence):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    if isinstance(value, Mapping):
        pairs = (f"{_toml_key(str(key))} = {_toml(item)}" for key, item in value.items())
        return "{" + ", ".join(pairs) + "}"
    raise TypeError(f"cannot write {type(value).__name__} as TOML")


# ---------------------------------------------------------------- exporting a played hand


def history_from_events(
    events: Sequence[Event], names: Sequence[str] | None = None, **extra: Any
) -> HandHistory:
    """The PHH history of one hand from the engine's event log (``HandStarted`` onwards).

    ``names`` are the table's names by seat; ``extra`` adds fields such as ``hand=3``.
    Players are listed in dealing order, which is PHH order: first left of the button
    (heads-up the big blind) to the button.
    """
    started = next((event for event in events if isinstance(event, HandStarted)), None)
    if started is None:
        raise ValueError("the event log has no HandStarted")
    order = started.seats_in_hand
    player_of = {seat: player for player, seat in enumerate(order)}
    count = len(order)
    blinds = [0] * count
    antes = [0] * count
    if started.small_blind is not None:
        blinds[player_of[started.small_blind]] = started.small_blind_amount
    blinds[player_of[started.big_blind]] = started.big_blind_amount
    if started.big_blind_ante:
        antes[player_of[started.big_blind]] = started.ante
    else:
        antes = [started.ante] * count
    if count == 2:  # heads-up arrays are written as if p1 were the small blind
        blinds.reverse()
        antes.reverse()

    texts: list[str] = []
    hole: dict[int, tuple[Card, ...]] = {}
    finishing: tuple[int, ...] | None = None
    shown: set[int] = set()

    dealt = False

    def deal_holes() -> None:
        # A seat whose cards the log never saw (a network seat's own view of the hand) is
        # dealt unknown cards, as PHH writes them: every player is dealt in the history.
        nonlocal dealt
        if not hole:
            return
        for seat in order:
            cards = hole.pop(seat, None)
            if cards is not None:
                texts.append(f"d dh p{player_of[seat] + 1} {_phh_cards(cards)}")
            elif not dealt:
                texts.append(f"d dh p{player_of[seat] + 1} ????")
        dealt = True

    for event in events:
        if isinstance(event, HoleCardsDealt):
            hole[event.seat] = event.cards
            continue
        deal_holes()
        if isinstance(event, StreetDealt):
            texts.append(f"d db {_phh_cards(event.cards)}")
        elif isinstance(event, ActionTaken):
            label = f"p{player_of[event.seat] + 1}"
            if event.kind is ActionKind.FOLD:
                texts.append(f"{label} f")
            elif event.kind in (ActionKind.CHECK, ActionKind.CALL):
                texts.append(f"{label} cc")
            else:
                texts.append(f"{label} cbr {event.to}")
        elif isinstance(event, HandRevealed | HandShown) and event.seat not in shown:
            # All-in hands are turned up before the runout: PHH shows them there too.
            shown.add(event.seat)
            texts.append(f"p{player_of[event.seat] + 1} sm {_phh_cards(event.cards)}")
        elif isinstance(event, HandEnded):
            finishing = tuple(event.stacks[seat] for seat in order)
    deal_holes()
    return HandHistory(
        antes=tuple(antes),
        blinds_or_straddles=tuple(blinds),
        min_bet=started.big_blind_amount,
        starting_stacks=tuple(started.stacks[seat] for seat in order),
        actions=tuple(parse_action(text, index, count) for index, text in enumerate(texts)),
        ante_trimming_status=not started.big_blind_ante,
        players=None if names is None else tuple(names[seat] for seat in order),
        finishing_stacks=finishing,
        extra=dict(extra),
    )


def export_hand(events: Sequence[Event], names: Sequence[str] | None = None, **extra: Any) -> str:
    """PHH text of one played hand: ``dumps(history_from_events(...))``."""
    return dumps(history_from_events(events, names, **extra))


def _phh_cards(cards: Sequence[Card]) -> str:
    return format_cards(cards).replace(" ", "")
