"""``audiopoker hint``'s answers in words: the coach's sentences (``advice_words``) with the
range assumed for each opponent said as the hint assumed it (``hint_spot``), from the
``hint`` catalogs (``coach/locale``).

>>> from audiopoker.cards import parse_cards
>>> from audiopoker.coach.hint_spot import advise_hint
>>> hint = advise_hint(parse_cards("Ks Kd"), parse_cards("Ah 7d 2c"), 60, 20, 3)
>>> for sentence in range_sentences(hint, "en"):
...     print(sentence)  # doctest: +NORMALIZE_WHITESPACE
The bettor: a bettor's range: 24 percent of hands, 18 percent for value and with draws
    and 6 percent bluffs, from the hands that reach the flop, the top 40 percent.
Opponent 2: the hands that reach the flop, the top 40 percent.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

from audiopoker import i18n
from audiopoker.coach.advice_words import (
    chance_words,
    hand_sentence,
    opponents_sentence,
    outs_sentence,
    percent,
    price_sentence,
    suggestion,
)
from audiopoker.coach.hint_spot import AssumedRange, HintAdvice, StatedRange
from audiopoker.coach.range_notation import RangeNotationError
from audiopoker.i18n import Catalog, Language

DOMAIN: Final = "hint"
LOCALE_DIR: Final = Path(__file__).resolve().parent / "locale"


def catalog(lang: Language) -> Catalog:
    """The hint's sentences in ``lang``."""
    return i18n.get_catalog(lang, DOMAIN, LOCALE_DIR)


def first_answer(hint: HintAdvice, lang: Language) -> str:
    """The price, the chance against the ranges assumed, the suggestion and its reason."""
    advice = hint.advice
    number = "one" if advice.opponents == 1 else "many"
    chance = catalog(lang).text(f"ranges.win.{number}", chance=chance_words(advice.equity, lang))
    return " ".join((price_sentence(advice, lang), chance, suggestion(advice, lang)))


def detail_answer(hint: HintAdvice, lang: Language) -> str:
    """The hand, its outs, how many opponents, and the range assumed for each."""
    advice = hint.advice
    sentences = [hand_sentence(advice, lang)]
    outs = outs_sentence(advice, lang)
    if outs is not None:
        sentences.append(outs)
    sentences.append(opponents_sentence(advice, lang))
    sentences.extend(range_sentences(hint, lang))
    return " ".join(sentences)


def start_phrase(stated: StatedRange, lang: Language, share: float | None = None) -> str:
    """The range an opponent starts from: 'the hands that reach the flop, the top 40
    percent'; a typed range with its share of hands (``share``) on this board."""
    text = catalog(lang)
    if stated.name is None:
        return text.text("ranges.start.typed", text=stated.text, percent=_whole(share or 0.0))
    return text.text(f"ranges.start.{stated.name}")


def range_phrase(assumed: AssumedRange, lang: Language) -> str:
    """One opponent's range: its start, or what bets from it."""
    bet = assumed.bet
    if bet is None:
        return start_phrase(assumed.stated, lang, assumed.share)
    held = max(bet.value + bet.bluffs, 1)
    value = _whole(assumed.share * bet.value / held)
    bluffs = percent(assumed.share * bet.bluffs / held)
    return catalog(lang).text(  # the whole is the sum of its parts as said
        "ranges.bettor",
        percent=value + bluffs,
        value=value,
        bluffs=bluffs,
        start=start_phrase(assumed.stated, lang),
    )


def range_sentences(hint: HintAdvice, lang: Language) -> list[str]:
    """A sentence per opponent ('The bettor: a bettor's range: …'), or one for opponents
    who all hold the same ('Each opponent: …', 'Each of the others: …')."""
    text = catalog(lang)
    assumed = hint.assumed
    bettor = bool(assumed) and assumed[0].role == "bettor"
    rest = assumed[1:] if bettor else assumed
    named: list[tuple[str, AssumedRange]] = []
    if bettor:
        named.append((text.text("ranges.who.bettor"), assumed[0]))
    if len(rest) > 1 and all(one.stated == rest[0].stated for one in rest):
        who = "ranges.who.others" if bettor else "ranges.who.each"
        named.append((text.text(who), rest[0]))
    else:
        first = 2 if bettor else 1
        named.extend(
            (text.text("ranges.who.seat", number=first + i), one) for i, one in enumerate(rest)
        )
    return [
        text.text("ranges.who.range", who=who, range=range_phrase(one, lang)) for who, one in named
    ]


def range_error(error: RangeNotationError, lang: Language) -> str:
    """The refusal of a range that cannot be read, naming the part at fault."""
    if not error.part:
        return catalog(lang).text("ranges.error.range_empty")
    return catalog(lang).text("ranges.error.range", part=error.part)


def range_count_error(given: int, opponents: int, lang: Language) -> str:
    """The refusal of a count of ``--range`` that is neither one nor one per opponent."""
    return catalog(lang).plural("ranges.error.range_count", opponents, given=given)


def as_json(hint: HintAdvice, lang: Language) -> dict[str, Any]:
    """The numbers, the suggestion and its reason said in ``lang``, how many opponents, the
    range assumed for the first (the bettor when there is a bet) and for each."""
    advice = hint.advice
    ranges = [
        {"role": one.role, "share": round(one.share, 4), "range": range_phrase(one, lang)}
        for one in hint.assumed
    ]
    return {
        "equity": round(advice.equity, 4),
        "pot_odds": round(advice.pot_odds, 4),
        "action": advice.action,
        "amount": advice.amount,
        "reason": suggestion(advice, lang),
        "opponents": advice.opponents,
        "range": ranges[0]["range"] if ranges else "",
        "ranges": ranges,
        "exact": advice.exact,
    }


def _whole(share: float) -> int:
    """A share as a percentage of at least 1 (a range is never '0 percent of hands')."""
    return max(percent(share), 1)
