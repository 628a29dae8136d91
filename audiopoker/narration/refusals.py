"""Refusals in the player's language: what went wrong and what to do instead.

>>> from audiopoker.errors import ErrorReason, IllegalActionError
>>> describe_error(IllegalActionError(ErrorReason.NOTHING_TO_CALL), "en")
'There is nothing to call: check instead.'
>>> describe_error(IllegalActionError(ErrorReason.BELOW_MINIMUM, minimum=8, maximum=200,
...                                   amount=5), "es")
'5 no llega al mínimo: elige entre 8 y 200.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from audiopoker.cards import Card
from audiopoker.errors import CardError, ErrorReason, PokerError
from audiopoker.narration.catalog import Catalog, MissingMessageError, get_catalog
from audiopoker.narration.language import Language
from audiopoker.narration.words import amount, card_name

_Describer = Callable[[Catalog, Mapping[str, Any], Sequence[str] | None], str]


def describe_error(error: PokerError, lang: Language, names: Sequence[str] | None = None) -> str:
    """One sentence (or two) for any ``PokerError``, from its reason and details.

    ``names`` (per table seat) lets "not your turn" say who is to act. Details that are
    missing simply give the shorter sentence.
    """
    catalog = get_catalog(lang)
    describer = _DESCRIBERS.get(error.reason)
    if describer is not None:
        return describer(catalog, error.details, names)
    return catalog.text(f"error.{error.reason.value}")


def _number(details: Mapping[str, Any], key: str) -> str | None:
    value = details.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return amount(value)


def _bad_card(catalog: Catalog, details: Mapping[str, Any], _: Sequence[str] | None) -> str:
    text = str(details.get("text", "")).strip()
    if not text:
        return catalog.text("error.bad_card.empty")
    cause = details.get("cause")
    if cause is ErrorReason.BAD_RANK:
        return catalog.text("error.bad_card.rank", text=text)
    if cause is ErrorReason.BAD_SUIT:
        return catalog.text("error.bad_card.suit", text=text)
    return catalog.text("error.bad_card", text=text)


def _bad_part(part: str) -> _Describer:
    def describe(catalog: Catalog, details: Mapping[str, Any], _: Sequence[str] | None) -> str:
        text = str(details.get("text", "")).strip()
        if not text:
            return catalog.text(f"error.{part}.empty")
        return catalog.text(f"error.{part}", text=text)

    return describe


def _duplicate(catalog: Catalog, details: Mapping[str, Any], _: Sequence[str] | None) -> str:
    text = str(details.get("text", ""))
    try:
        card = card_name(Card.parse(text), catalog.lang)
    except CardError:
        card = text
    return catalog.text("error.duplicate_card", card=card)


def _card_count(catalog: Catalog, details: Mapping[str, Any], _: Sequence[str] | None) -> str:
    expected, got = _number(details, "expected"), _number(details, "got")
    count, low, high = (_number(details, key) for key in ("count", "minimum", "maximum"))
    if count is not None and low is not None and high is not None:
        return catalog.text("error.wrong_card_count.range", got=count, minimum=low, maximum=high)
    if expected is None or got is None:
        return catalog.text("error.wrong_card_count.plain")
    where = details.get("where")
    key = (
        f"error.wrong_card_count.{where}"
        if where in ("board", "hand")
        else "error.wrong_card_count"
    )
    return catalog.text(key, expected=expected, got=got)


def _not_your_turn(
    catalog: Catalog, details: Mapping[str, Any], names: Sequence[str] | None
) -> str:
    actor = details.get("actor")
    if names is not None and isinstance(actor, int) and 0 <= actor < len(names):
        return catalog.text("error.not_your_turn.name", name=names[actor])
    return catalog.text("error.not_your_turn")


def _cannot_check(catalog: Catalog, details: Mapping[str, Any], _: Sequence[str] | None) -> str:
    to_call = _number(details, "to_call")
    if to_call is None:
        return catalog.text("error.cannot_check")
    return catalog.text("error.cannot_check.amount", amount=to_call)


def _ranged(reason: str) -> _Describer:
    def describe(catalog: Catalog, details: Mapping[str, Any], _: Sequence[str] | None) -> str:
        numbers = {key: _number(details, key) for key in ("amount", "minimum", "maximum")}
        if all(value is not None for value in numbers.values()):
            return catalog.text(f"error.{reason}.amount", **numbers)
        return catalog.text(f"error.{reason}")

    return describe


def _missing_amount(catalog: Catalog, details: Mapping[str, Any], _: Sequence[str] | None) -> str:
    minimum, maximum = _number(details, "minimum"), _number(details, "maximum")
    if minimum is None or maximum is None:
        return catalog.text("error.missing_amount")
    return catalog.text("error.missing_amount.range", minimum=minimum, maximum=maximum)


def _spoken_value(catalog: Catalog, value: object, conjunction: str = "and") -> str:
    """A setting's value without Python punctuation: (200, 0) -> '200 and 0'."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool | int):
        return str(value)
    if isinstance(value, range) and value:
        return catalog.join([str(value[0]), str(value[-1])], conjunction)
    if isinstance(value, Sequence | set | frozenset):
        return catalog.join([_spoken_value(catalog, item) for item in value], conjunction)
    return str(value)


def _setting_name(catalog: Catalog, name: str) -> str:
    try:
        return catalog.text(f"setting.{name}")
    except MissingMessageError:  # a setting without a catalog name: say the raw words
        return name.replace("_", " ")


def _bad_setting(catalog: Catalog, details: Mapping[str, Any], _: Sequence[str] | None) -> str:
    if "name" not in details or "value" not in details:
        return catalog.text("error.bad_setting")
    name = _setting_name(catalog, str(details["name"]))
    value = _spoken_value(catalog, details["value"])
    allowed = details.get("allowed")
    if allowed is None or allowed == () or allowed == "":
        return catalog.text("error.bad_setting.name", name=name, value=value)
    return catalog.text(
        "error.bad_setting.value",
        name=name,
        value=value,
        allowed=_spoken_value(catalog, allowed, "or"),
    )


def _players(limit: str, default: int) -> _Describer:
    def describe(catalog: Catalog, details: Mapping[str, Any], _: Sequence[str] | None) -> str:
        value = _number(details, limit) or amount(default)
        fields = {limit: value}
        reason = "not_enough_players" if limit == "minimum" else "too_many_players"
        return catalog.text(f"error.{reason}", **fields)

    return describe


_DESCRIBERS: dict[ErrorReason, _Describer] = {
    ErrorReason.BAD_CARD: _bad_card,
    ErrorReason.BAD_RANK: _bad_part("bad_rank"),
    ErrorReason.BAD_SUIT: _bad_part("bad_suit"),
    ErrorReason.AMBIGUOUS_SUIT: lambda catalog, details, _: catalog.text(
        "error.ambiguous_suit", text=str(details.get("text", ""))
    ),
    ErrorReason.DUPLICATE_CARD: _duplicate,
    ErrorReason.WRONG_CARD_COUNT: _card_count,
    ErrorReason.NOT_YOUR_TURN: _not_your_turn,
    ErrorReason.CANNOT_CHECK: _cannot_check,
    ErrorReason.BELOW_MINIMUM: _ranged("below_minimum"),
    ErrorReason.ABOVE_MAXIMUM: _ranged("above_maximum"),
    ErrorReason.MISSING_AMOUNT: _missing_amount,
    ErrorReason.BAD_SETTING: _bad_setting,
    ErrorReason.NOT_ENOUGH_PLAYERS: _players("minimum", 2),
    ErrorReason.TOO_MANY_PLAYERS: _players("maximum", 10),
}
