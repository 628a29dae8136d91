"""The translation catalogs: complete in both languages, placeholders matching, no English
left in Spanish, every key the code asks for present, and shipped inside the package.

Every domain is checked: the narration's (``audiopoker``), the output layer's
(``output``: history and clipboard answers, speech-test), the commands' (``commands``:
replay refusals) and the key loop's (``ui``)."""

from __future__ import annotations

import ast
import importlib.util
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from audiopoker.cards import Rank, Suit
from audiopoker.coach.advice_words import DOMAIN as COACH_DOMAIN
from audiopoker.coach.advice_words import LOCALE_DIR as COACH_LOCALE_DIR
from audiopoker.coach.drills.drill_text import DRILL_DOMAIN, DRILL_LOCALE_DIR
from audiopoker.coach.hint_words import DOMAIN as HINT_DOMAIN
from audiopoker.coach.hint_words import LOCALE_DIR as HINT_LOCALE_DIR
from audiopoker.commands.replay import COMMANDS_DOMAIN, COMMANDS_LOCALE_DIR
from audiopoker.engine.phh import PhhProblem
from audiopoker.errors import ErrorReason
from audiopoker.evaluator import Category
from audiopoker.i18n import shipped_domains
from audiopoker.narration import LANGUAGES, Position, get_catalog
from audiopoker.narration.catalog import (
    DOMAIN,
    LOCALE_DIR,
    SAME_IN_SPANISH,
    MissingMessageError,
    catalog_keys,
    catalog_problems,
    fields_of,
    po_path,
)
from audiopoker.narration.narrator import POSITIONS_SAID_ELSEWHERE
from audiopoker.net.net_text import NET_DOMAIN, NET_LOCALE_DIR
from audiopoker.output.output_text import OUTPUT_DOMAIN, OUTPUT_LOCALE_DIR
from audiopoker.tournament.tournament_talk import TOURNAMENT_DOMAIN, TOURNAMENT_LOCALE_DIR
from audiopoker.view.view_text import VIEW_DOMAIN, VIEW_LOCALE_DIR

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "audiopoker"
# Each domain whose keys the code writes out in full, with the files that look them up.
# (The ui domain's keys are built as "ui." + a short key; its catalog is checked whole.)
DOMAIN_SOURCES: dict[str, tuple[Path, list[Path]]] = {
    DOMAIN: (
        LOCALE_DIR,
        [
            *sorted((PACKAGE / "narration").glob("*.py")),
            PACKAGE / "i18n.py",  # Catalog.join: the list.* patterns
            PACKAGE / "commands/showdown.py",
            PACKAGE / "commands/replay.py",
        ],
    ),
    OUTPUT_DOMAIN: (
        OUTPUT_LOCALE_DIR,
        [*sorted((PACKAGE / "output").glob("*.py")), PACKAGE / "commands/speech_test.py"],
    ),
    COMMANDS_DOMAIN: (
        COMMANDS_LOCALE_DIR,
        [
            PACKAGE / "commands/replay.py",
            PACKAGE / "argtypes.py",
            PACKAGE / "commands/play.py",
            PACKAGE / "commands/paths.py",
            PACKAGE / "commands/decision_words.py",
            PACKAGE / "commands/blunder_words.py",
            PACKAGE / "commands/serve_room.py",
        ],
    ),
    TOURNAMENT_DOMAIN: (TOURNAMENT_LOCALE_DIR, sorted((PACKAGE / "tournament").glob("*.py"))),
    VIEW_DOMAIN: (VIEW_LOCALE_DIR, sorted((PACKAGE / "view").glob("*.py"))),
    NET_DOMAIN: (
        NET_LOCALE_DIR,
        [
            *sorted((PACKAGE / "net").glob("*.py")),
            PACKAGE / "ui/net_talk.py",
            PACKAGE / "ui/net_record.py",
            PACKAGE / "ui/player_prefs.py",
            PACKAGE / "ui/remote_link.py",
            PACKAGE / "ui/watch_keys.py",
            PACKAGE / "commands/host.py",
            PACKAGE / "commands/join.py",
            PACKAGE / "commands/connect.py",
            PACKAGE / "commands/spectating.py",
        ],
    ),
    COACH_DOMAIN: (
        COACH_LOCALE_DIR,
        [*sorted((PACKAGE / "coach").glob("*.py")), PACKAGE / "commands/hint.py"],
    ),
    HINT_DOMAIN: (
        HINT_LOCALE_DIR,
        [
            PACKAGE / "coach/hint_words.py",
            PACKAGE / "coach/preflop_words.py",
            PACKAGE / "commands/hint.py",
        ],
    ),
    DRILL_DOMAIN: (
        DRILL_LOCALE_DIR,
        [
            *sorted((PACKAGE / "coach/drills").glob("*.py")),
            PACKAGE / "ui/drill_keys.py",
            PACKAGE / "commands/drill.py",
        ],
    ),
}
SOURCES = DOMAIN_SOURCES[DOMAIN][1]
KEY = re.compile(r"[a-z_]+(\.[a-z0-9_]+)*")


def test_catalogs_are_complete_and_consistent() -> None:
    assert catalog_problems() == []
    assert len(SAME_IN_SPANISH) < 20  # loanwords, not a way to skip translating


def test_the_package_ships_every_domain_this_test_knows() -> None:
    assert {domain for domain, _ in shipped_domains()} == {*DOMAIN_SOURCES, "ui"}


@pytest.mark.parametrize(("domain", "directory"), shipped_domains())
def test_every_domain_is_complete_and_consistent(domain: str, directory: Path) -> None:
    assert catalog_problems(domain, directory) == []


def test_the_check_catches_real_problems(tmp_path: Path) -> None:
    """catalog_problems is not a rubber stamp: feed it broken catalogs."""
    for lang, body in {
        "en": 'msgid "a"\nmsgstr "Hello {name}."\n\nmsgid "b"\nmsgstr "Bye."\n\n'
        'msgid "c"\nmsgstr "Same."\n',
        "es": 'msgid "a"\nmsgstr "Hola {nombre}."\n\nmsgid "c"\nmsgstr "Same."\n\n'
        'msgid "d"\nmsgstr ""\n',
    }.items():
        path = po_path(lang, "t", tmp_path)  # type: ignore[arg-type]
        path.parent.mkdir(parents=True)
        path.write_text(body, encoding="utf-8")
    problems = "\n".join(catalog_problems("t", tmp_path, same_allowed=()))
    assert "b: only in the en catalog" in problems
    assert "d: only in the es catalog" in problems
    assert "a: placeholders" in problems
    assert "c: the Spanish text is the English text" in problems


def looked_up_keys(domain: str = DOMAIN) -> tuple[set[str], list[re.Pattern[str]]]:
    """Keys of ``domain`` written in the code: literal ones, and f-string patterns
    (``f"rank.{name}"``).

    A string counts when its first dotted segment is a family of the catalog (rank, hand,
    action, ...), so patterns stay inside their family."""
    directory, sources = DOMAIN_SOURCES[domain]
    families = {key.split(".")[0] for key in catalog_keys(domain, directory)}
    literals: set[str] = set()
    patterns: list[re.Pattern[str]] = []
    for source in sources:
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if KEY.fullmatch(node.value) and node.value.split(".")[0] in families:
                    literals.add(node.value)
            elif isinstance(node, ast.JoinedStr):
                head = node.values[0] if node.values else None
                if not (isinstance(head, ast.Constant) and isinstance(head.value, str)):
                    continue
                if head.value.split(".")[0] not in families or "." not in head.value:
                    continue
                parts = [
                    re.escape(part.value) if isinstance(part, ast.Constant) else r"[a-z0-9_.]*"
                    for part in node.values
                ]
                patterns.append(re.compile("".join(parts)))
    return literals, patterns


def test_the_scan_finds_the_lookups() -> None:
    literals, patterns = looked_up_keys()
    assert len(literals) > 80 and len(patterns) > 15
    assert len(looked_up_keys(OUTPUT_DOMAIN)[0]) > 30
    assert len(looked_up_keys(COMMANDS_DOMAIN)[1]) >= 3


@pytest.mark.parametrize("domain", list(DOMAIN_SOURCES))
def test_every_key_the_code_asks_for_exists(domain: str) -> None:
    keys = catalog_keys(domain, DOMAIN_SOURCES[domain][0])
    literals, patterns = looked_up_keys(domain)
    for literal in (literal for literal in literals if "." in literal):
        # _seat_text and _seat_plural add ".you" / ".other"
        assert literal in keys or {f"{literal}.you", f"{literal}.other"} <= keys, literal
    for pattern in patterns:
        assert any(pattern.fullmatch(key) for key in keys), pattern.pattern


@pytest.mark.parametrize("domain", list(DOMAIN_SOURCES))
def test_every_catalog_key_is_used(domain: str) -> None:
    literals, patterns = looked_up_keys(domain)
    expanded = literals | {f"{key}.{who}" for key in literals for who in ("you", "other")}
    # Amounts.counted asks for a sentence's ".bb" twin when amounts are in big blinds.
    expanded |= {f"{key}.bb" for key in expanded}
    unused = [
        key
        for key in catalog_keys(domain, DOMAIN_SOURCES[domain][0])
        if key not in expanded and not any(p.fullmatch(key) for p in patterns)
    ]
    assert unused == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_replay_refusal_has_its_sentence(lang: str) -> None:
    """The replay command names every problem and engine reason in words, not enum values."""
    catalog = get_catalog(lang, COMMANDS_DOMAIN, COMMANDS_LOCALE_DIR)  # type: ignore[arg-type]
    keys = [f"phh.problem.{p.value}" for p in PhhProblem if p is not PhhProblem.ILLEGAL_ACTION]
    keys += [f"phh.reason.{reason.value}" for reason in ErrorReason]
    for key in keys:
        try:
            catalog._translations.gettext(key)
        except MissingMessageError:
            pytest.fail(f"{key} is missing in {lang}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_key_families_are_whole(lang: str) -> None:
    """Keys built from enums: every member has its entry."""
    catalog = get_catalog(lang)  # type: ignore[arg-type]
    keys: list[str] = []
    for rank in Rank:
        name = rank.name.lower()
        keys += [f"rank.{name}", f"ranks.{name}", f"rank.{name}.gender", f"rank.{name}.short"]
    keys += [f"suit.{suit.name.lower()}" for suit in Suit]
    keys += [f"suit.{suit.name.lower()}.short" for suit in Suit]
    for category in Category:
        keys += [f"category.{category.key}", f"hand.np.{category.key}"]
        keys += [
            f"why.category.{category.key}.{lower.key}" for lower in Category if lower < category
        ]
    keys += [f"hand.{cat}.{g}" for cat in ("straight", "flush", "straight_flush") for g in "mf"]
    keys += [
        f"why.card.{p}.{a}{b}" for p in ("other", "you_win", "you_lose") for a in "mf" for b in "mf"
    ]
    keys += [f"position.{p.value}" for p in Position] + [
        f"position.you.{p.value}" for p in Position if p not in POSITIONS_SAID_ELSEWHERE
    ]
    keys += [f"ordinal.{place}" for place in range(1, 11)]
    keys += [f"error.{reason.value}" for reason in ErrorReason]
    for key in keys:
        try:
            catalog._translations.gettext(key)
        except MissingMessageError:
            pytest.fail(f"{key} is missing in {lang}")


def test_spanish_genders_are_declared() -> None:
    catalog = get_catalog("es")
    genders = {rank: catalog.text(f"rank.{rank.name.lower()}.gender") for rank in Rank}
    assert {rank for rank, gender in genders.items() if gender == "f"} == {Rank.JACK, Rank.QUEEN}
    assert set(genders.values()) == {"m", "f"}


def test_plurals_come_from_the_catalog() -> None:
    english, spanish = get_catalog("en"), get_catalog("es")
    assert english.plural("returned.you", 1) == "You get back 1 uncalled chip."
    assert english.plural("returned.you", 2) == "You get back 2 uncalled chips."
    assert spanish.plural("returned.you", 1) == "Recuperas 1 ficha que nadie igualó."
    assert spanish.plural("returned.you", 0) == "Recuperas 0 fichas que nadie igualó."


def test_spanish_lists_use_e_and_u_before_their_sounds() -> None:
    spanish, english = get_catalog("es"), get_catalog("en")
    assert spanish.join(["Ana", "Inés"]) == "Ana e Inés"
    assert spanish.join(["Ana", "Beto", "Hilario"]) == "Ana, Beto e Hilario"
    assert spanish.join(["agua", "hielo"]) == "agua y hielo"
    assert spanish.join(["siete", "ocho"], "or") == "siete u ocho"
    assert spanish.join(["pasar", "apostar", "retirarte"], "or") == "pasar, apostar o retirarte"
    assert english.join(["Ana", "Inés"]) == "Ana and Inés"
    assert english.join(["check", "bet", "fold"], "or") == "check, bet, or fold"


def test_a_missing_key_is_loud_not_spoken() -> None:
    with pytest.raises(MissingMessageError):
        get_catalog("es").text("no.such.key")


def test_placeholders_are_format_fields() -> None:
    assert fields_of("{name} raises to {amount}.") == {"name", "amount"}


def test_po_files_are_package_data() -> None:
    for domain, directory in [(DOMAIN, LOCALE_DIR), *shipped_domains()]:
        for lang in LANGUAGES:
            path = po_path(lang, domain, directory)
            assert path.is_file()
            assert path.is_relative_to(PACKAGE)


@pytest.mark.skipif(
    importlib.util.find_spec("hatchling") is None,
    reason="hatchling is not installed here (pip builds wheels in an isolated environment)",
)
def test_the_wheel_carries_the_catalogs(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "--no-build-isolation",
         "-w", str(tmp_path), "-q"],
        check=True,
    )  # fmt: skip
    (wheel,) = tmp_path.glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for lang in LANGUAGES:
        assert f"audiopoker/narration/locale/{lang}/LC_MESSAGES/audiopoker.po" in names
        for domain, directory in shipped_domains():
            path = po_path(lang, domain, directory)
            assert path.relative_to(ROOT).as_posix() in names
    # The other data the game loads at run time ships too: sound cues and the default keymap.
    for cue in (ROOT / "sounds").glob("*.wav"):
        assert f"audiopoker/sounds/{cue.name}" in names
    assert "audiopoker/ui/keymap.toml" in names
    assert "audiopoker/bots/data/preflop169.csv" in names
    assert "audiopoker/bots/data/pushfold_hu.csv" in names
    assert "audiopoker/bots/data/hu_equity169.csv" in names
