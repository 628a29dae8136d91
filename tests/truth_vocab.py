"""The truth checker's own words (tests/truth_checker.py): numbers, ranks, suits, hand
categories and ordinals in Spanish and English. Nothing here comes from the narration
code; a word the narration uses and this file lacks shows up as an unchecked sentence."""

from __future__ import annotations

import re

from audiopoker.cards import Card, Rank, Suit
from audiopoker.evaluator import Category, HandValue

_RANKS_ES = "dos tres cuatro cinco seis siete ocho nueve diez jota reina rey as".split()  # noqa: SIM905
_PLURALS_ES = (
    "doses treses cuatros cincos seises sietes ochos nueves dieces jotas reinas reyes ases"
)
_RANKS_EN = "two three four five six seven eight nine ten jack queen king ace".split()  # noqa: SIM905
_PLURALS_EN = "twos threes fours fives sixes sevens eights nines tens jacks queens kings aces"

RANK_WORDS: dict[str, dict[str, Rank]] = {
    "es": {
        **{w: Rank(i + 2) for i, w in enumerate(_RANKS_ES)},
        **{w: Rank(i + 2) for i, w in enumerate(_PLURALS_ES.split())},
        "sota": Rank.JACK,  # the room's word (the default vocabulary); jota is poker Spanish
        "sotas": Rank.JACK,
    },
    "en": {
        **{w: Rank(i + 2) for i, w in enumerate(_RANKS_EN)},
        **{w: Rank(i + 2) for i, w in enumerate(_PLURALS_EN.split())},
        "sixs": Rank.SIX,
    },
}
SUIT_WORDS: dict[str, dict[str, Suit]] = {
    "es": {"picas": Suit.SPADES, "corazones": Suit.HEARTS, "diamantes": Suit.DIAMONDS,
           "tréboles": Suit.CLUBS},
    "en": {"spades": Suit.SPADES, "hearts": Suit.HEARTS, "diamonds": Suit.DIAMONDS,
           "clubs": Suit.CLUBS},
}  # fmt: skip
COUNT_WORDS: dict[str, dict[str, int]] = {
    "es": dict(zip(_RANKS_ES[:9], range(2, 11), strict=True)),
    "en": {**dict(zip(_RANKS_EN[:9], range(2, 11), strict=True)), "both": 2},
}
_ORD_ES = "primero segundo tercero cuarto quinto sexto séptimo octavo noveno décimo".split()  # noqa: SIM905
_ORD_EN = "first second third fourth fifth sixth seventh eighth ninth tenth".split()  # noqa: SIM905
ORDINALS: dict[str, dict[str, int]] = {
    "es": {w: i + 1 for i, w in enumerate(_ORD_ES)} | {"primer": 1, "tercer": 3},
    "en": {w: i + 1 for i, w in enumerate(_ORD_EN)},
}
# Longest phrase first: each category phrase is removed before the ranks are read, so
# "three of a kind" or "two pair" never count as ranks.
CATEGORY_PHRASES: dict[str, tuple[tuple[str, Category], ...]] = {
    "es": (
        (r"escalera real", Category.STRAIGHT_FLUSH),
        (r"escalera de color", Category.STRAIGHT_FLUSH),
        (r"póker|póquer", Category.FOUR_OF_A_KIND),  # poker Spanish | the room's word
        (r"full|ful", Category.FULL_HOUSE),
        (r"color", Category.FLUSH),
        (r"escalera", Category.STRAIGHT),
        (r"trío", Category.THREE_OF_A_KIND),
        (r"doble pareja", Category.TWO_PAIR),
        (r"pareja", Category.PAIR),
        (r"carta alta|alt[oa]", Category.HIGH_CARD),
    ),
    "en": (
        (r"royal flush", Category.STRAIGHT_FLUSH),
        (r"straight flush", Category.STRAIGHT_FLUSH),
        (r"four of a kind|quads", Category.FOUR_OF_A_KIND),
        (r"full house", Category.FULL_HOUSE),
        (r"flush", Category.FLUSH),
        (r"straight", Category.STRAIGHT),
        (r"three of a kind|trips", Category.THREE_OF_A_KIND),
        (r"two pair", Category.TWO_PAIR),
        (r"pair", Category.PAIR),
        (r"high card|high", Category.HIGH_CARD),
    ),
}

NUMBER = r"\d{1,3}(?:[.,\u00a0\u202f]\d{3})+|\d+"


def number(text: str) -> int:
    """A said amount: digits with or without thousands separators."""
    return int(re.sub(r"\D", "", text))


def count(lang: str, text: str) -> int | None:
    """A small count in digits or words ("dos", "three", "both"); None if it is not one."""
    text = text.strip().lower()
    if text.isdigit():
        return int(text)
    return COUNT_WORDS[lang].get(text)


def cards_in(lang: str, text: str) -> list[Card]:
    """Every card named in ``text`` ("nueve de tréboles", "nine of clubs"), in order."""
    ranks, suits = RANK_WORDS[lang], SUIT_WORDS[lang]
    link = "de" if lang == "es" else "of"
    found = re.findall(rf"(\w+) {link} (\w+)", text.lower())
    return [Card(ranks[r], suits[s]) for r, s in found if r in ranks and s in suits]


def ranks_in(lang: str, text: str) -> list[Rank]:
    """Every rank word in ``text`` (singular or plural), in order."""
    words = RANK_WORDS[lang]
    return [words[w] for w in re.findall(r"[\wáéíóúñ]+", text.lower()) if w in words]


def category_in(lang: str, text: str) -> tuple[Category, str] | None:
    """The hand category a description names and the text left once its phrase is gone."""
    for phrase, category in CATEGORY_PHRASES[lang]:
        found = re.search(rf"\b(?:{phrase})\b", text, re.IGNORECASE)
        if found:
            return category, text[: found.start()] + " " + text[found.end() :]
    return None


def significance(value: HandValue) -> list[Rank]:
    """The distinct ranks of the best five in order of significance (a wheel is 5-4-3-2-A)."""
    seen: list[Rank] = []
    for card in value.best:
        if card.rank not in seen:
            seen.append(card.rank)
    return seen


# How many distinct ranks make each category's combination; the ranks after them are its
# kickers (high card: the top card, then four kickers). Absent: no side card at all.
MAIN_RANKS: dict[Category, int] = {
    Category.HIGH_CARD: 1,
    Category.PAIR: 1,
    Category.TWO_PAIR: 2,
    Category.THREE_OF_A_KIND: 1,
    Category.FOUR_OF_A_KIND: 1,
}
KICKER_WORD = re.compile(r"\bkickers?\b", re.IGNORECASE)


def describe_problem(
    lang: str, text: str, value: HandValue, need_rank: bool = True, kicker: bool = False
) -> str:
    """Why the hand description ``text`` is not ``value`` ("" when it is): the category must
    be the value's, and the ranks said must open the value's ranks in significance order.
    A rank said past a hand's combination is called a kicker; ``kicker`` (a hand named on
    its own: who wins, what was shown, "you have") requires its first kicker."""
    parsed = category_in(lang, text)
    if parsed is None:
        return f"no hand category in {text!r}"
    category, rest = parsed
    if category is not value.category:
        return f"{text!r} says {category.name}, the hand is {value.category.name}"
    said = ranks_in(lang, rest)
    truth = significance(value)
    if category is Category.STRAIGHT_FLUSH and ("real" in text or "royal" in text):
        if not value.is_royal_flush:
            return f"{text!r}: not a royal flush"
        return ""
    if need_rank and not said:
        return f"{text!r} names no rank ({[r.name for r in truth]})"
    if said != truth[: len(said)]:
        return f"{text!r} says ranks {[r.name for r in said]}, true {[r.name for r in truth]}"
    main = MAIN_RANKS.get(category)
    if main is not None and len(said) > main and not KICKER_WORD.search(text):
        return f"{text!r}: a side card said without the word kicker"
    if kicker and main is not None and len(said) <= main:
        return f"{text!r} leaves out the kicker ({truth[main].name})"
    return ""


def decider_problem(lang: str, text: str, rest: str, winner: HandValue, loser: HandValue) -> str:
    """Why "the kicker decides" (or "the next kicker", "the next card") after "Both have
    ``text``" is not true of ``winner`` against ``loser`` ("" when it is): the ranks said
    are shared, the one after them differs, and it is a kicker (the next one when a
    kicker was said) or, for a flush, the next card."""
    parsed = category_in(lang, text)
    if parsed is None:
        return f"no hand category in {text!r}"
    said = ranks_in(lang, parsed[1])
    ours, theirs = significance(winner), significance(loser)
    at = len(said)
    if ours[:at] != theirs[:at] or at >= len(ours) or ours[at] == theirs[at]:
        return f"{text!r}: the first card that differs is not the one after those said"
    main = MAIN_RANKS.get(winner.category)
    rest = rest.lower()
    if re.search(r"siguiente carta|next card", rest):
        return "" if winner.category is Category.FLUSH else f"'next card' of a {winner.category}"
    if not re.search(r"kicker", rest) or main is None:
        return f"{rest!r}: no kicker decides a {winner.category.name}"
    later = re.search(r"siguiente|next", rest) is not None
    if later != (at > main):
        return f"{rest!r}: the deciding kicker is number {at - main + 1}"
    return ""


def ordinal(lang: str, text: str) -> int | None:
    return ORDINALS[lang].get(text.strip().lower())
