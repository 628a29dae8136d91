"""Which language to speak: ``--lang es|en``, else the system locale (Spanish for es_*)."""

from __future__ import annotations

import locale
import os
from collections.abc import Mapping
from typing import Final

from audiopoker.errors import ConfigError, ErrorReason

# The languages live at the bottom of the layers (audiopoker.i18n); re-exported here.
from audiopoker.i18n import DEFAULT_LANGUAGE, LANGUAGES, Language

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "Language",
    "language_of_locale",
    "resolve_language",
]

# The variables gettext consults, in its order of precedence.
_LOCALE_VARIABLES: Final = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def resolve_language(
    cli_value: str | None = None, environ: Mapping[str, str] | None = None
) -> Language:
    """The language to use: the command-line value when given, else the system locale.

    A locale naming Spanish (``es_ES.UTF-8``, ``es``, Windows' ``Spanish_Spain``) gives
    ``"es"``; anything else gives English. A command-line value other than ``es`` or
    ``en`` is refused with a ``ConfigError(BAD_SETTING)``.

    >>> resolve_language("ES")
    'es'
    >>> resolve_language(None, {"LANG": "es_AR.UTF-8"})
    'es'
    >>> resolve_language(None, {"LANGUAGE": "fr:es", "LANG": "en_US.UTF-8"})
    'es'
    """
    if cli_value is not None:
        value = cli_value.strip().lower()
        if value not in LANGUAGES:
            raise ConfigError(
                ErrorReason.BAD_SETTING, name="lang", value=cli_value, allowed=LANGUAGES
            )
        return value
    return language_of_locale(_system_locale(os.environ if environ is None else environ))


def language_of_locale(name: str | None) -> Language:
    """``"es"`` for a Spanish locale name, English for anything else (or nothing).

    A colon-separated priority list (the ``LANGUAGE`` variable) gives its first entry
    that is Spanish or English.

    >>> language_of_locale("es_MX.UTF-8"), language_of_locale("Spanish_Spain.1252")
    ('es', 'es')
    >>> language_of_locale("en_GB"), language_of_locale("C.UTF-8"), language_of_locale(None)
    ('en', 'en', 'en')
    >>> language_of_locale("fr_FR:en_GB:es")
    'en'
    """
    for entry in (name or "").split(":"):
        code = entry.strip().lower()
        if code == "es" or code.startswith(("es_", "es-", "es.", "es@", "spanish")):
            return "es"
        if code == "en" or code.startswith(("en_", "en-", "en.", "en@", "english")):
            return "en"
    return DEFAULT_LANGUAGE


def _system_locale(environ: Mapping[str, str]) -> str | None:
    for variable in _LOCALE_VARIABLES:
        value = environ.get(variable)
        if value:
            return value
    try:  # Windows and macOS set no variables: ask the C library.
        return locale.getlocale()[0]
    except ValueError:
        return None
