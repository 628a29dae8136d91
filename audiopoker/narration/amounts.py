"""Amounts as the player chose to hear them: in chips (the default: "You call 4") or in
big blinds ("You call 2 big blinds"), as trainers and many players think (issue 27).

One ``Amounts`` is shared by everything that speaks to one player (the narration, the
answers of S, V and P, the prompts, the coach): the narration sets the big blind at each
hand's start (``follow``), so an answer between hands speaks in the blind of the hand just
played. Before the first hand, or with no big blind, a big-blind amount is said in chips
with the word "chips": a bare number must always mean the unit chosen.

In big blinds an amount has at most one decimal (two below one big blind, so a small ante
is never "0"): "1.5 big blinds" / "1,5 ciegas grandes" (each language's decimal mark; no
thousands separator, as ``words.amount`` explains). Sentences that count chips with a
plural ("You have 45 chips behind") have a ``.bb`` twin in the catalog whose ``{count}``
is the amount with its unit ("You have {count} behind.").

>>> bb = Amounts(Unit.BIG_BLINDS, 2)
>>> bb.say(3, "en"), bb.say(200, "es"), bb.say(2, "en"), Amounts().say(3, "en")
('1.5 big blinds', '100 ciegas grandes', '1 big blind', '3')
>>> big_blinds(1234, 300, "es"), big_blinds(25, 200, "en")
('4,1', '0.13')
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from audiopoker.engine.events import Event, HandStarted
from audiopoker.narration.catalog import Catalog, get_catalog
from audiopoker.narration.language import Language
from audiopoker.narration.words import amount


class Unit(enum.Enum):
    """How amounts are said (the value is the option's and the preference's word)."""

    CHIPS = "chips"
    BIG_BLINDS = "bb"


PREF_KEY = "amounts"  # the unit's key in the preferences and a saved game's


def kept_unit(prefs: Mapping[str, object]) -> Unit | None:
    """The unit kept in ``prefs``, or None (none, or a value this version does not know).

    >>> kept_unit({"amounts": "bb"}), kept_unit({"amounts": "yen"}), kept_unit({})
    (<Unit.BIG_BLINDS: 'bb'>, None, None)
    """
    value = prefs.get(PREF_KEY)
    return Unit(value) if value in {unit.value for unit in Unit} else None


@dataclass(slots=True)
class Amounts:
    """The unit chosen and the big blind of the hand being played."""

    unit: Unit = Unit.CHIPS
    big_blind: int = 0

    @property
    def in_big_blinds(self) -> bool:
        """Amounts are said in big blinds now (chosen, and a big blind is known)."""
        return self.unit is Unit.BIG_BLINDS and self.big_blind > 0

    def follow(self, event: Event) -> None:
        """Take the big blind of each hand as it starts."""
        if isinstance(event, HandStarted) and event.big_blind_amount > 0:
            self.big_blind = event.big_blind_amount

    def say(self, chips: int, lang: Language) -> str:
        """An amount where the sentence gives no unit: "4" in chips, "2 big blinds" in big
        blinds (or "4 chips" when no big blind is known yet)."""
        if self.unit is Unit.CHIPS:
            return amount(chips)
        return self.with_unit(chips, lang)

    def with_unit(self, chips: int, lang: Language) -> str:
        """An amount with its unit said in either mode: "4 chips" / "2 big blinds"."""
        catalog = get_catalog(lang)
        if not self.in_big_blinds:
            return catalog.plural("amount.chips", chips)
        figure = big_blinds(chips, self.big_blind, lang)
        exactly_one = chips == self.big_blind
        return catalog.plural("amount.big_blinds", 1 if exactly_one else 2, figure=figure)

    def figure(self, chips: int, lang: Language) -> str:
        """The number alone, in the unit said (the low end of a range whose high end says
        the unit: "between 1 and 100 big blinds")."""
        if not self.in_big_blinds:
            return amount(chips)
        return big_blinds(chips, self.big_blind, lang)

    def chips(self, chips: int, lang: Language) -> str:
        """An amount that stays in chips whatever the unit (the blinds of a level: in big
        blinds the big blind is always 1): bare in chips, "50 chips" in big blinds."""
        if self.unit is Unit.CHIPS:
            return amount(chips)
        return get_catalog(lang).plural("amount.chips", chips)

    def counted(self, catalog: Catalog, key: str, chips: int, /, **fields: object) -> str:
        """A sentence of ``catalog`` counting chips with a plural (``key``), or in big
        blinds its ``.bb`` twin with the amount."""
        if self.unit is Unit.CHIPS:
            return catalog.plural(key, chips, **fields)
        return catalog.text(f"{key}.bb", count=self.with_unit(chips, catalog.lang), **fields)


def big_blinds(chips: int, big_blind: int, lang: Language) -> str:
    """``chips`` in big blinds as said: whole, one decimal, or two below one big blind
    (more only for a chip that would be "0"), halves rounded up; the language's mark."""
    value = Decimal(chips) / Decimal(big_blind)
    places = 2 if 0 < abs(value) < 1 else 1

    def shown(places: int) -> str:
        fixed = value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
        return f"{fixed:f}".rstrip("0").rstrip(".")

    text = shown(places)
    while chips and text in ("0", "-0"):  # a chip of a huge blind is still not "0"
        places += 1
        text = shown(places)
    return text.replace(".", ",") if lang == "es" else text
