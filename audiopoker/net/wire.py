"""Engine events and actions as plain JSON values, and back, strictly.

A client must never crash on what the server sends, and the server must never trust a
client: so decoding checks everything against the dataclass's resolved type hints (exact
types, known keys, sane ints, real cards and enum values), and every refusal is a
``WireError``. Encoding meets only our own objects: an unknown value is a ``TypeError``.

>>> from audiopoker.engine.events import BetReturned
>>> encode_event(BetReturned(seat=2, amount=40))
{'type': 'BetReturned', 'seat': 2, 'amount': 40}
>>> decode_event({"type": "BetReturned", "seat": 2, "amount": 40})
BetReturned(seat=2, amount=40)
>>> decode_event({"type": "BetReturned", "seat": True, "amount": 40})
Traceback (most recent call last):
...
audiopoker.net.wire.WireError: BetReturned.seat: expected int, got bool
"""

from __future__ import annotations

import dataclasses
import enum
import json
import types
import typing
from collections.abc import Callable
from typing import NamedTuple, TypeVar, cast

from audiopoker.cards import Card
from audiopoker.engine import events as _events
from audiopoker.engine.actions import Action
from audiopoker.engine.events import Event
from audiopoker.errors import CardError
from audiopoker.tournament.director import BlindsRising

E = TypeVar("E", bound=Event)

# JSON numbers beyond 2**53 lose precision in JavaScript and let a hostile peer send
# numbers big enough to be costly; no chip count or seat comes near.
MAX_INT = 2**53


class WireError(ValueError):
    """Data from the other side refused; ``detail`` says where and why (English, for logs)."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


class _Field(NamedTuple):
    name: str
    hint: object
    required: bool  # no default: it must be on the wire


_FIELDS: dict[type, tuple[_Field, ...]] = {}


def _fields_of(cls: type) -> tuple[_Field, ...]:
    """The init fields of a dataclass with their resolved hints (the modules use
    ``from __future__ import annotations``, so the raw annotations are strings); cached."""
    if cls not in _FIELDS:
        hints = typing.get_type_hints(cls)
        specs = []
        for item in dataclasses.fields(cls):
            if item.init:  # not derived ones like Card.index: the constructor rebuilds them
                _check_hint(hints[item.name], f"{cls.__name__}.{item.name}")
                no_default = item.default is item.default_factory is dataclasses.MISSING
                specs.append(_Field(item.name, hints[item.name], no_default))
        _FIELDS[cls] = tuple(specs)
    return _FIELDS[cls]


def _check_hint(hint: object, where: str) -> None:
    """Refuse, at registration, a field type the decoder cannot check."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union, tuple, frozenset):
        for arg in args:
            if arg is not Ellipsis:
                _check_hint(arg, where)
    elif isinstance(hint, type) and dataclasses.is_dataclass(hint):
        _fields_of(hint)
    elif hint not in (bool, int, str, Card, type(None)) and not (
        isinstance(hint, type) and issubclass(hint, enum.Enum)
    ):
        raise TypeError(f"{where}: {hint!r} cannot travel on the wire")


EVENT_TYPES: dict[str, type[Event]] = {}


def register_event(cls: type[E]) -> type[E]:
    """Let ``cls`` travel (a class decorator too). A name is one class: the receiver picks
    the class by name, so two classes under one name would be ambiguous."""
    if not (isinstance(cls, type) and issubclass(cls, Event) and dataclasses.is_dataclass(cls)):
        raise TypeError(f"{cls!r} is not an Event dataclass")
    known = EVENT_TYPES.get(cls.__name__)
    if known is not None and known is not cls:
        raise ValueError(f"another event is already registered as {cls.__name__}")
    _fields_of(cls)  # resolve and check the hints now, not on the first frame
    EVENT_TYPES[cls.__name__] = cls
    return cls


for _cls in [v for v in vars(_events).values() if isinstance(v, type) and issubclass(v, Event)]:
    if _cls is not Event and _cls.__module__ == _events.__name__:
        register_event(_cls)
register_event(BlindsRising)


# ------------------------------------------------------------------------------ encoding


def _encode(value: object) -> object:
    if isinstance(value, enum.Enum):  # before int: Street and Category are IntEnums
        return value.value
    if isinstance(value, Card):  # before dataclasses: a card is one two-letter word
        return str(value)
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, tuple | list):
        return [_encode(item) for item in value]
    if isinstance(value, frozenset):  # sorted so equal sets give equal frames
        return sorted((_encode(item) for item in value), key=lambda item: json.dumps(item))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _encode_fields(value)
    raise TypeError(f"{type(value).__name__} cannot travel on the wire")


def _encode_fields(value: object) -> dict[str, object]:
    return {spec.name: _encode(getattr(value, spec.name)) for spec in _fields_of(type(value))}


def encode_event(event: Event) -> dict[str, object]:
    """``{"type": class name, field: value, ...}``, JSON-ready."""
    name = type(event).__name__
    if EVENT_TYPES.get(name) is not type(event):
        raise TypeError(f"{name} is not a registered event")
    return {"type": name, **_encode_fields(event)}


def encode_action(action: Action) -> dict[str, object]:
    """``{"kind": "raise", "to": 300}``; ``to`` is None for fold, check and call."""
    return _encode_fields(action)


# ------------------------------------------------------------------------------ decoding


_SCALARS: dict[object, str] = {bool: "bool", int: "int", str: "str", type(None): "null"}


def _kind(value: object) -> str:
    return "null" if value is None else type(value).__name__


def _decode(hint: object, value: object, where: str) -> object:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        if value is None and type(None) in args:
            return None
        errors = []
        for arg in args:
            if arg is not type(None):
                try:
                    return _decode(arg, value, where)
                except WireError as error:
                    errors.append(error.detail)
        raise WireError("; ".join(errors) if errors else f"{where}: expected null")
    if origin in (tuple, frozenset):
        if not isinstance(value, list):
            raise WireError(f"{where}: expected a list, got {_kind(value)}")
        if origin is frozenset or args[-1] is Ellipsis:
            items = [_decode(args[0], item, f"{where}[{i}]") for i, item in enumerate(value)]
            return frozenset(items) if origin is frozenset else tuple(items)
        if len(value) != len(args):
            raise WireError(f"{where}: expected {len(args)} items, got {len(value)}")
        return tuple(_decode(args[i], item, f"{where}[{i}]") for i, item in enumerate(value))
    if hint in _SCALARS:
        if type(value) is not hint:  # exact: True is not a seat, 2.0 is not a chip count
            raise WireError(f"{where}: expected {_SCALARS[hint]}, got {_kind(value)}")
        if type(value) is int and not -MAX_INT < value < MAX_INT:
            raise WireError(f"{where}: integer out of range")
        return value
    if hint is Card:
        if not isinstance(value, str):
            raise WireError(f"{where}: expected a card, got {_kind(value)}")
        try:
            card = Card.parse(value)
        except CardError:
            raise WireError(f"{where}: not a card: {value[:10]!r}") from None
        if str(card) != value:  # only the form we send: "As", not "a♠" or "10h"
            raise WireError(f"{where}: not a card: {value[:10]!r}")
        return card
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        for member in hint:  # exact type too: Street(True) would otherwise be the flop
            if type(member.value) is type(value) and member.value == value:
                return member
        shown = repr(value)[:20] if isinstance(value, str) else _kind(value)
        raise WireError(f"{where}: not a {hint.__name__}: {shown}")
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _decode_fields(hint, value, where, ())
    raise TypeError(f"{where}: {hint!r} cannot travel on the wire")  # refused at registration


def _decode_fields(cls: type, data: object, where: str, allowed: tuple[str, ...]) -> object:
    if not isinstance(data, dict):
        raise WireError(f"{where}: expected an object, got {_kind(data)}")
    specs = _fields_of(cls)
    unknown = set(data) - {spec.name for spec in specs} - set(allowed)
    if unknown:
        raise WireError(f"{where}: unknown keys {sorted(repr(key)[:20] for key in unknown)}")
    values = {}
    for spec in specs:
        if spec.name in data:
            values[spec.name] = _decode(spec.hint, data[spec.name], f"{where}.{spec.name}")
        elif spec.required:
            raise WireError(f"{where}: missing {spec.name}")
    try:
        return cast(Callable[..., object], cls)(**values)
    except Exception as error:  # a constructor's own check (Card, HandValue...)
        raise WireError(f"{where}: refused by {cls.__name__}: {error}") from None


def _decode_top(cls: type, data: object, where: str, allowed: tuple[str, ...]) -> object:
    """Whatever goes wrong in a decoding surfaces as WireError, never another type."""
    try:
        return _decode_fields(cls, data, where, allowed)
    except WireError:
        raise
    except Exception as error:
        raise WireError(f"{where}: cannot decode: {type(error).__name__}") from None


def decode_event(data: object) -> Event:
    """The event ``data`` describes; WireError on anything but an exact registered event."""
    if not isinstance(data, dict):
        raise WireError(f"event: expected an object, got {_kind(data)}")
    name = data.get("type")
    if not isinstance(name, str) or name not in EVENT_TYPES:
        shown = repr(name)[:40] if isinstance(name, str) else _kind(name)
        raise WireError(f"event: unknown type {shown}")
    return cast(Event, _decode_top(EVENT_TYPES[name], data, name, ("type",)))


def decode_action(data: object) -> Action:
    """The action ``data`` describes (a client's request); WireError on anything else."""
    return cast(Action, _decode_top(Action, data, "action", ()))
