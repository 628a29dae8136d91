"""Which language to speak: ``--lang es|en``, else the system locale (Spanish for es_*)."""

from __future__ import annotations

from collections.abc import Mapping

from audiopoker.errors import ConfigError, ErrorReason

# The languages and the system's live at the bottom of the layers (audiopoker.i18n), where
# the command line's own errors find them too; re-exported here.
from audiopoker.i18n import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    Language,
    language_named,
    language_of_locale,
    system_language,
)

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "Language",
    "language_of_locale",
    "resolve_language",
    "system_language",
]


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
    if cli_value is None:
        return system_language(environ)
    named = language_named(cli_value)
    if named is None:
        raise ConfigError(ErrorReason.BAD_SETTING, name="lang", value=cli_value, allowed=LANGUAGES)
    return named
