"""Every word of the large view, from the ``view`` gettext domain
(``audiopoker/view/locale/{en,es}/LC_MESSAGES/view.po``): the view's own labels, so the
narration's sentences stay the narration's."""

from __future__ import annotations

from pathlib import Path
from typing import Final

from audiopoker.i18n import Catalog, Language, get_catalog
from audiopoker.narration.amounts import big_blinds

VIEW_DOMAIN: Final = "view"
VIEW_LOCALE_DIR: Final = Path(__file__).resolve().parent / "locale"


class ViewText:
    """The view's words in one language."""

    def __init__(self, lang: Language = "en", big_blind: int = 0) -> None:
        self.lang: Language = lang
        self.catalog: Catalog = get_catalog(lang, VIEW_DOMAIN, VIEW_LOCALE_DIR)
        self.big_blind = big_blind  # amounts shown in big blinds of this size; 0: in chips

    def amount(self, chips: int) -> str:
        """An amount as the player hears it: "4", or "2 BB" in big blinds (the unit on
        every figure: the eye lands on one figure at a time)."""
        if not self.big_blind:
            return str(chips)
        return self.say("amount.bb", figure=big_blinds(chips, self.big_blind, self.lang))

    def stack(self, chips: int) -> str:
        """A seat's chips: "200 chips", or "100 BB"."""
        if not self.big_blind:
            return self.say("seat.chips", chips=chips)
        return self.amount(chips)

    def say(self, key: str, /, **fields: object) -> str:
        """The words of ``key`` with their fields filled."""
        return self.catalog.text(key, **fields)
