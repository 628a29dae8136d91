"""Every sentence of the network table, from the ``net`` gettext domain
(``audiopoker/net/locale/{en,es}/LC_MESSAGES/net.po``)."""

from __future__ import annotations

from pathlib import Path
from typing import Final

from audiopoker.i18n import Catalog, Language, get_catalog

NET_DOMAIN: Final = "net"
NET_LOCALE_DIR: Final = Path(__file__).resolve().parent / "locale"


class NetText:
    """The network table's sentences in one language."""

    def __init__(self, lang: Language = "en") -> None:
        self.lang: Language = lang
        self.catalog: Catalog = get_catalog(lang, NET_DOMAIN, NET_LOCALE_DIR)

    def say(self, key: str, /, **fields: object) -> str:
        """The sentence ``key`` with its fields filled."""
        return self.catalog.text(key, **fields)
