"""The narration's translation catalogs: the ``audiopoker`` domain under
``audiopoker/narration/locale``.

The loader itself lives in :mod:`audiopoker.i18n` (at the bottom of the layers, so the
output layer can load its own domain too); this module gives it the narration's defaults
and keeps the old import path working for every layer::

    get_catalog("es")                                   # the narration's sentences
    get_catalog("es", "ui", Path(__file__).parent / "locale")   # another domain
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Final

from audiopoker import i18n
from audiopoker.i18n import Catalog, Language, MissingMessageError, fields_of

__all__ = [
    "DOMAIN",
    "LOCALE_DIR",
    "SAME_IN_SPANISH",
    "Catalog",
    "MissingMessageError",
    "catalog_keys",
    "catalog_problems",
    "fields_of",
    "get_catalog",
    "po_path",
]

DOMAIN: Final = "audiopoker"
LOCALE_DIR: Final = Path(__file__).resolve().parent / "locale"
# Entries the Spanish catalogs keep as the English text on purpose: the loanwords of the
# Spanish rule documents (flop, turn, river, lojack, hijack, cutoff), the rank letters of
# the brief (braille) form and its diamonds letter (d: diamantes too; the other suit letters
# are Spanish initials, see the suit.clubs.short comment), key names Spanish keyboards share
# (ui domain), and "Braille:" (output domain). Keys carry their domain's prefix, so one set
# serves every domain.
SAME_IN_SPANISH: Final = frozenset(
    {
        "street.flop",
        "street.turn",
        "street.river",
        "position.lojack",
        "position.hijack",
        "position.cutoff",
        "rank.ace.short",
        "rank.king.short",
        "rank.queen.short",
        "rank.jack.short",
        "suit.diamonds.short",
        "ui.key.escape",
        "speech_test.braille",
    }
)


def po_path(lang: Language, domain: str = DOMAIN, directory: Path = LOCALE_DIR) -> Path:
    """Where the ``.po`` file of ``domain`` in ``lang`` lives."""
    return i18n.po_path(lang, domain, directory)


def get_catalog(lang: Language, domain: str = DOMAIN, directory: Path = LOCALE_DIR) -> Catalog:
    """The catalog of ``domain`` in ``lang`` (compiled once per process)."""
    return i18n.get_catalog(lang, domain, directory)


def catalog_problems(
    domain: str = DOMAIN,
    directory: Path = LOCALE_DIR,
    same_allowed: Iterable[str] = SAME_IN_SPANISH,
) -> list[str]:
    """Everything wrong with a domain's catalogs (see :func:`audiopoker.i18n.catalog_problems`);
    by default the narration's, with its loanwords allowed to stay English."""
    return i18n.catalog_problems(domain, directory, same_allowed)


def catalog_keys(domain: str = DOMAIN, directory: Path = LOCALE_DIR) -> frozenset[str]:
    """Every key of the English catalog of ``domain``."""
    return i18n.catalog_keys(domain, directory)
