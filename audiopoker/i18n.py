"""Translation catalogs for every layer: gettext ``.po`` files shipped inside the package,
loaded with polib, the languages the game speaks, and which of them the system speaks.

This module sits beside :mod:`audiopoker.cards` at the bottom of the layers (it imports
nothing of the game), so any layer can keep its own sentences in its own domain next to
its code and load them here without importing a layer above it::

    audiopoker/output/locale/es/LC_MESSAGES/output.po
    audiopoker/output/locale/en/LC_MESSAGES/output.po

    text = get_catalog("es", "output", Path(__file__).parent / "locale")
    text.text("output.copied")

Sentences are looked up by stable keys (``action.raise.other``) and filled with
``str.format`` fields (``{name}``, ``{amount}``). The ``.po`` files are compiled in memory
(``polib`` builds the ``.mo`` bytes, :class:`gettext.GNUTranslations` reads them), so a
plain ``pip install`` gives working translations without generated files in the repo.
Check a domain with :func:`catalog_problems` in a test (or ``scripts/check_catalogs.py``).
"""

from __future__ import annotations

import functools
import gettext
import io
import locale
import os
import re
import string
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Final, Literal, NoReturn, TypeAlias

import polib  # type: ignore[import-untyped]

Language: TypeAlias = Literal["en", "es"]

LANGUAGES: Final[tuple[Language, ...]] = ("en", "es")
DEFAULT_LANGUAGE: Final[Language] = "en"
# The Spanish vocabularies (docs/style.md): "sala", the words of the game room whose keys we
# follow (seed 004: seguir, ver, irse, jugar el resto, sota), is the catalogs' own and the
# default, because a Spanish player who learnt the game there hears the words they know;
# "poker", the poker Spanish of the rule pages (pagar, pasar, retirarse, all-in, jota), is an
# overlay catalog per domain, ``<domain>.poker.po`` beside ``<domain>.po``, holding only the
# entries that differ, so each sentence is whole in both and written once where they agree.
WORDS: Final[tuple[str, ...]] = ("sala", "poker")
DEFAULT_WORDS: Final = "sala"
_chosen_words: list[str] = [DEFAULT_WORDS]  # one player per process: set once at start


def set_words(words: str) -> None:
    """Choose the Spanish vocabulary for every catalog asked for from now on.

    >>> set_words("poker"); current_words()
    'poker'
    >>> set_words("sala")
    """
    if words not in WORDS:
        raise ValueError(f"unknown vocabulary {words!r}: one of {', '.join(WORDS)}")
    _chosen_words[0] = words


def current_words() -> str:
    """The Spanish vocabulary chosen (``set_words``), "sala" by default."""
    return _chosen_words[0]


def language_or_default(lang: str) -> Language:
    """``lang`` when the game speaks it, else the default language.

    >>> language_or_default("es"), language_or_default("fr")
    ('es', 'en')
    """
    return "es" if lang == "es" else DEFAULT_LANGUAGE


def language_named(name: str) -> Language | None:
    """The language ``name`` names (any case, spaces around ignored), or None.

    >>> language_named(" ES"), language_named("fr")
    ('es', None)
    """
    code = name.strip().lower()
    return next((lang for lang in LANGUAGES if lang == code), None)


# The variables gettext consults, in its order of precedence.
_LOCALE_VARIABLES: Final = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def system_language(environ: Mapping[str, str] | None = None) -> Language:
    """The language of the system locale (``environ``, default the process's): Spanish for a
    Spanish locale, English for anything else.

    >>> system_language({"LANG": "es_AR.UTF-8"})
    'es'
    >>> system_language({"LANGUAGE": "fr:es", "LANG": "en_US.UTF-8"})
    'es'
    """
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


class MissingMessageError(LookupError):
    """A key was asked for that no catalog holds: a programming error, caught by the tests."""


class _Missing(gettext.NullTranslations):
    """The last fallback: refuses loudly instead of speaking a raw key to the player."""

    def gettext(self, message: str) -> NoReturn:
        raise MissingMessageError(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> NoReturn:
        raise MissingMessageError(msgid1)


class Catalog:
    """The sentences of one domain in one language.

    Lookups fall back to English, then raise :class:`MissingMessageError`. ``translations``
    may be a function giving them at each lookup: the catalogs of :func:`get_catalog`
    follow the vocabulary chosen now, so one changed mid-game (the options) is heard in
    the next sentence.
    """

    def __init__(
        self,
        lang: Language,
        translations: gettext.NullTranslations | Callable[[], gettext.NullTranslations],
    ) -> None:
        self.lang: Language = lang
        self._source = translations

    @property
    def _translations(self) -> gettext.NullTranslations:
        source = self._source
        return source if isinstance(source, gettext.NullTranslations) else source()

    def text(self, key: str, /, **fields: object) -> str:
        """The sentence for ``key`` with its ``{fields}`` filled in."""
        return self._translations.gettext(key).format(**fields)

    def plural(self, key: str, count: int, /, **fields: object) -> str:
        """The singular or plural form of ``key`` chosen by ``count`` (passed as ``{count}``).

        In the ``.po`` file the entry's ``msgid_plural`` is ``key`` + ``".plural"``.
        """
        return self._translations.ngettext(key, key + ".plural", count).format(
            count=count, **fields
        )

    def join(self, items: Sequence[str], conjunction: str = "and") -> str:
        """Join phrases as a spoken list: "a, b and c" / "a, b y c"; ``conjunction`` is
        ``"and"`` or ``"or"``. The patterns come from the catalog (``list.*``); the
        ``.euphonic`` variants cover Spanish "e" before an i sound and "u" before an o sound.
        """
        if not items:
            return ""
        if len(items) == 1:
            return items[0]
        last = items[-1]
        variant = ".euphonic" if _needs_euphonic(conjunction, last) else ""
        if len(items) == 2:
            return self.text(f"list.{conjunction}.two{variant}", first=items[0], last=last)
        head = items[0]
        for item in items[1:-1]:
            head = self.text("list.middle", first=head, next=item)
        return self.text(f"list.{conjunction}.end{variant}", first=head, last=last)


def _needs_euphonic(conjunction: str, word: str) -> bool:
    # Spanish: "y" becomes "e" before an /i/ sound (Ana e Inés, but "y hielo"), "o" becomes
    # "u" before an /o/ sound (siete u ocho). Other languages keep the plain variant's text.
    lowered = word.lower()
    if conjunction == "and":
        return lowered.startswith(("i", "í", "hi", "hí")) and not lowered.startswith(
            ("hia", "hie", "hio", "hiu")
        )
    if conjunction == "or":
        return lowered.startswith(("o", "ó", "ho", "hó", "8"))
    return False


def po_path(lang: Language, domain: str, directory: Path) -> Path:
    """Where the ``.po`` file of ``domain`` in ``lang`` lives under ``directory``."""
    return directory / lang / "LC_MESSAGES" / f"{domain}.po"


def overlay_path(lang: Language, domain: str, directory: Path, words: str) -> Path:
    """The overlay of the vocabulary ``words`` for ``domain`` in ``lang`` (may not exist)."""
    return directory / lang / "LC_MESSAGES" / f"{domain}.{words}.po"


@functools.cache
def _worded(lang: Language, domain: str, directory: Path, words: str) -> gettext.NullTranslations:
    base = _translations(lang, domain, directory)
    overlay = overlay_path(lang, domain, directory, words)
    if words == DEFAULT_WORDS or not overlay.exists():
        return base
    translations = gettext.GNUTranslations(io.BytesIO(polib.pofile(str(overlay)).to_binary()))
    translations.add_fallback(base)  # the entries the vocabularies share
    return translations


@functools.cache
def _translations(lang: Language, domain: str, directory: Path) -> gettext.NullTranslations:
    compiled = polib.pofile(str(po_path(lang, domain, directory))).to_binary()
    translations = gettext.GNUTranslations(io.BytesIO(compiled))
    if lang != DEFAULT_LANGUAGE:
        translations.add_fallback(_translations(DEFAULT_LANGUAGE, domain, directory))
    else:
        translations.add_fallback(_Missing())
    return translations


def get_catalog(lang: Language, domain: str, directory: Path) -> Catalog:
    """The catalog of ``domain`` in ``lang``, in the vocabulary chosen at each lookup
    (``set_words``), each vocabulary compiled once per process."""
    return _catalog(lang, domain, directory)


@functools.cache
def _catalog(lang: Language, domain: str, directory: Path) -> Catalog:
    return Catalog(lang, lambda: _worded(lang, domain, directory, current_words()))


# ---------------------------------------------------------------------------- checks

_FIELD_RE: Final = re.compile(r"\{([^{}]*)\}")
# Words that betray untranslated English inside the Spanish catalog.
_ENGLISH_WORDS: Final = frozenset(
    (
        "the",
        "and",
        "of",
        "to",
        "is",
        "are",
        "you",
        "your",
        "with",
        "wins",
        "win",
        "has",
        "have",
        "beats",
        "folds",
        "calls",
        "raises",
        "bets",
        "checks",
        "pot",
        "hand",
        "pair",
        "high",
        "left",
        "between",
        "each",
        "for",
        "from",
        "it",
    )
)


def fields_of(text: str) -> set[str]:
    """The ``{placeholders}`` named in a pattern."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _entries(lang: Language, domain: str, directory: Path) -> dict[str, list[str]]:
    po = polib.pofile(str(po_path(lang, domain, directory)))
    result: dict[str, list[str]] = {}
    for entry in po:
        if entry.obsolete:
            continue
        if entry.msgid_plural:
            forms = [entry.msgstr_plural[index] for index in sorted(entry.msgstr_plural)]
        else:
            forms = [entry.msgstr]
        if "fuzzy" in entry.flags:
            forms = [""]
        result[entry.msgid] = forms
    return result


def catalog_problems(domain: str, directory: Path, same_allowed: Iterable[str] = ()) -> list[str]:
    """Everything wrong with a domain's catalogs, one line each (empty when all is well).

    Checks: both languages hold the same keys; every entry (every plural form) is
    translated; placeholders agree between the languages and between plural forms;
    braces are balanced; and no Spanish entry is left in English (identical to the English
    text, or containing common English words), except keys listed in ``same_allowed``
    (loanwords such as "flop").
    """
    problems: list[str] = []
    tables = {lang: _entries(lang, domain, directory) for lang in LANGUAGES}
    english, spanish = tables["en"], tables["es"]
    for key in sorted(english.keys() ^ spanish.keys()):
        where = "en" if key in english else "es"
        problems.append(f"{key}: only in the {where} catalog")
    allowed = set(same_allowed)
    for key in sorted(english.keys() & spanish.keys()):
        reference: set[str] | None = None
        for lang in LANGUAGES:
            for form in tables[lang][key]:
                if not form:
                    problems.append(f"{key}: untranslated in {lang}")
                    continue
                try:
                    names = fields_of(form)
                except ValueError as error:
                    problems.append(f"{key}: bad braces in {lang}: {error}")
                    continue
                if reference is None:
                    reference = names
                elif names != reference:
                    problems.append(f"{key}: placeholders {sorted(names)} in {lang} differ")
        if key in allowed:
            continue
        for form, english_form in zip(spanish[key], english[key], strict=False):
            words = set(re.findall(r"[a-z']+", _FIELD_RE.sub(" ", form).lower()))
            if form == english_form and words:
                problems.append(f"{key}: the Spanish text is the English text")
            elif words & _ENGLISH_WORDS:
                problems.append(
                    f"{key}: English words in Spanish: {sorted(words & _ENGLISH_WORDS)}"
                )
    return problems


def overlay_problems(domain: str, directory: Path) -> list[str]:
    """Everything wrong with a domain's vocabulary overlays: each entry overrides one the
    Spanish catalog has, is translated, differs from it and keeps its placeholders."""
    problems: list[str] = []
    spanish = _entries("es", domain, directory)
    for words in WORDS:
        path = overlay_path("es", domain, directory, words)
        if not path.exists():
            continue
        for entry in polib.pofile(str(path)):
            key, where = entry.msgid, f"{entry.msgid} ({words})"
            forms = (
                [entry.msgstr_plural[i] for i in sorted(entry.msgstr_plural)]
                if entry.msgid_plural
                else [entry.msgstr]
            )
            if key not in spanish:
                problems.append(f"{where}: not in the Spanish catalog")
            elif not all(forms):
                problems.append(f"{where}: untranslated")
            elif forms == spanish[key]:
                problems.append(f"{where}: the same as the Spanish catalog's")
            elif any(
                fields_of(a) != fields_of(b) for a, b in zip(forms, spanish[key], strict=False)
            ):
                problems.append(f"{where}: placeholders differ from the Spanish catalog's")
    return problems


def catalog_keys(domain: str, directory: Path) -> frozenset[str]:
    """Every key of the English catalog of ``domain``."""
    return frozenset(_entries(DEFAULT_LANGUAGE, domain, directory))


PACKAGE_DIR: Final = Path(__file__).resolve().parent


def shipped_domains(package: Path = PACKAGE_DIR) -> list[tuple[str, Path]]:
    """Every catalog domain the package ships, as ``(domain, locale directory)``: each
    ``locale/en/LC_MESSAGES/<domain>.po`` under ``package``, sorted by domain."""
    found = package.rglob(f"locale/{DEFAULT_LANGUAGE}/LC_MESSAGES/*.po")
    return sorted((path.stem, path.parents[2]) for path in found)
