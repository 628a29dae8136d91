"""Narration: every event told in natural sentences, in Spanish or English.

Public entry points:

- :class:`Narrator` (``narrate(event) -> list[Message]``) for one listening seat;
- :func:`card_name`, :func:`describe_hand`, :func:`describe_error`, :func:`position_name`,
  :func:`amount` for the other layers (UI answers, commands);
- :func:`resolve_language` (``--lang`` or the system locale);
- :func:`get_catalog` for any layer's own sentences (a domain such as ``"ui"`` with its
  ``.po`` files next to its code).
"""

from __future__ import annotations

from audiopoker.narration.catalog import Catalog, MissingMessageError, get_catalog
from audiopoker.narration.explain import reason_sentences
from audiopoker.narration.language import LANGUAGES, Language, resolve_language
from audiopoker.narration.narrator import Narrator, event_kind
from audiopoker.narration.positions import Position, position_name, seat_positions
from audiopoker.narration.refusals import describe_error
from audiopoker.narration.words import (
    amount,
    card_list,
    card_name,
    category_name,
    describe_hand,
    ordinal,
    rank_name,
)

__all__ = [
    "LANGUAGES",
    "Catalog",
    "Language",
    "MissingMessageError",
    "Narrator",
    "Position",
    "amount",
    "card_list",
    "card_name",
    "category_name",
    "describe_error",
    "describe_hand",
    "event_kind",
    "get_catalog",
    "ordinal",
    "position_name",
    "rank_name",
    "reason_sentences",
    "resolve_language",
    "seat_positions",
]
