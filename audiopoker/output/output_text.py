"""The sentences the output layer says itself, from the ``output`` gettext domain.

The catalogs are ``audiopoker/output/locale/{en,es}/LC_MESSAGES/output.po``, loaded by
:mod:`audiopoker.i18n` (below this layer, so nothing here imports narration or the UI):
the history and clipboard answers, the notice that a requested ``--output`` is not
available, the ``speech-test`` report, and the reason each speech or braille path was
chosen or skipped (``attempt.*``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from audiopoker.i18n import Catalog, get_catalog, language_or_default

OUTPUT_DOMAIN: Final = "output"
OUTPUT_LOCALE_DIR: Final = Path(__file__).resolve().parent / "locale"


def output_catalog(lang: str) -> Catalog:
    """The output layer's sentences in ``lang`` (English for a language we do not speak)."""
    return get_catalog(language_or_default(lang), OUTPUT_DOMAIN, OUTPUT_LOCALE_DIR)


def text(key: str, lang: str, /, **fields: object) -> str:
    """The sentence ``key`` in ``lang`` with its ``{fields}`` filled in.

    >>> text("output.copied", "es")
    'Copiado al portapapeles.'
    """
    return output_catalog(lang).text(key, **fields)
