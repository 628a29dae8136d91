"""Everything we send to a braille display has a cell in the common braille text tables:
no suit symbols (BRLTTY shows ♠♥♦♣ all as ⣿, so J♦ and J♣ would read the same)."""

from __future__ import annotations

from pathlib import Path

import polib  # type: ignore[import-untyped]
import pytest
from narration_support import SCENARIOS, narrate_all, play_game

from audiopoker.cards import Card, Rank, Suit
from audiopoker.engine.table import TableConfig
from audiopoker.narration import LANGUAGES
from audiopoker.narration.words import card_list, card_name
from audiopoker.output.braille_display import unreadable
from audiopoker.output.message import Message, Verbosity

NAMES = ("Ana", "Beto", "Carla", "Diego", "Elena")
ROOT = Path(__file__).resolve().parent.parent / "audiopoker"
# The catalogs whose sentences reach the display: table narration and the game's answers.
BRAILLED_DOMAINS = (
    "narration/locale/{lang}/LC_MESSAGES/audiopoker.po",
    "ui/locale/{lang}/LC_MESSAGES/ui.po",
    "tournament/locale/{lang}/LC_MESSAGES/tournament.po",
)


def narrated(lang: str) -> list[Message]:
    """Every message of a few seeded games told with every card shown, and of every
    RULES.md scenario: hole cards, boards, reveals, showdowns, pots, eliminations."""
    messages: list[Message] = []
    for seed in (9, 11, 23):
        events = play_game(seed, NAMES, 40, TableConfig(), max_hands=60)
        for listener in (0, None):
            messages += narrate_all(events, NAMES, lang, listener, Verbosity.VERBOSE, reveal=True)  # type: ignore[arg-type]
    for scenario in SCENARIOS.values():
        names, events, listener, reveal = scenario()
        messages += narrate_all(events, names, lang, listener, Verbosity.VERBOSE, reveal=reveal)  # type: ignore[arg-type]
    return messages


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_narrated_message_is_braille_safe(lang: str) -> None:
    messages = narrated(lang)
    kinds = {message.kind for message in messages}
    assert {"hole_cards_dealt", "street_dealt", "hand_shown", "pot_awarded"} <= kinds
    bad = {
        message.braille_text: unreadable(message.braille_text)
        for message in messages
        if unreadable(message.braille_text)
    }
    assert bad == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_and_board_in_braille_is_distinct_and_safe(lang: str) -> None:
    deck = [Card(rank, suit) for rank in Rank for suit in Suit]
    briefs = [card_name(card, lang, brief=True) for card in deck]  # type: ignore[arg-type]
    assert len(set(briefs)) == 52
    assert all(unreadable(brief) == "" for brief in briefs)
    board = card_list([Card("Jd"), Card("Jc"), Card("Jh"), Card("Js"), Card("Th")], lang, True)  # type: ignore[arg-type]
    # Each language's suit letters: Spanish picas, corazones, diamantes, tréboles.
    assert board == ("Jd Jc Jh Js 10h" if lang == "en" else "Jd Jt Jc Jp 10c")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("domain", BRAILLED_DOMAINS)
def test_every_sentence_of_the_brailled_catalogs_is_braille_safe(lang: str, domain: str) -> None:
    catalog = polib.pofile(str(ROOT / domain.format(lang=lang)))
    bad = {}
    for entry in catalog:
        for text in [entry.msgstr, *entry.msgstr_plural.values()]:
            if unreadable(text):
                bad[entry.msgid] = unreadable(text)
    assert bad == {}
