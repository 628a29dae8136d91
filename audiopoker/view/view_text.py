"""Every word of the large view, from the ``view`` gettext domain
(``audiopoker/view/locale/{en,es}/LC_MESSAGES/view.po``): the view's own labels, so the
narration's sentences stay the narration's."""

from __future__ import annotations

from pathlib import Path
from typing import Final

from audiopoker.i18n import Catalog, Language, get_catalog

VIEW_DOMAIN: Final = "view"
VIEW_LOCALE_DIR: Final = Path(__file__).resolve().parent / "locale"


class ViewText:
    """The view's words in one language."""

    def __init__(self, lang: Language = "en") -> None:
        self.lang: Language = lang
        self.catalog: Catalog = get_catalog(lang, VIEW_DOMAIN, VIEW_LOCALE_DIR)

    def say(self, key: str, /, **fields: object) -> str:
        """The words of ``key`` with their fields filled."""
        return self.catalog.text(key, **fields)
