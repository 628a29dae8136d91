"""The chart's answer before the flop in words (``coach.preflop_chart``), said the same by
``audiopoker hint`` with no board and by K at the table: 'Jack-ten suited on the button,
everyone folded: raise to 5; you open about 45 percent of hands here.' The sentences live
in the ``hint`` catalog."""

from __future__ import annotations

from pathlib import Path
from typing import Final

from audiopoker import i18n
from audiopoker.cards import Rank
from audiopoker.coach.preflop_chart import SET_VALUE, PreflopHint, table_positions
from audiopoker.i18n import Catalog, Language
from audiopoker.narration.words import rank_name

DOMAIN: Final = "hint"
LOCALE_DIR: Final = Path(__file__).resolve().parent / "locale"


def catalog(lang: Language) -> Catalog:
    """The chart's sentences in ``lang`` (the hint's catalog)."""
    return i18n.get_catalog(lang, DOMAIN, LOCALE_DIR)


def whole(share: float) -> int:
    """A share as a percentage of at least 1 (a range is never '0 percent of hands')."""
    return max(round(100 * share), 1)


def hand_words(hand: str, lang: Language) -> str:
    """A starting hand as players say it: 'jack-ten suited', 'pocket sevens' / 'sota y
    diez del mismo palo', 'pareja de sietes'."""
    ranks = [Rank.parse(char) for char in hand[:2]]
    text = catalog(lang)
    if len(hand) == 2:
        return text.text("preflop.hand.pair", ranks=rank_name(ranks[0], lang, plural=True))
    kind = "suited" if hand.endswith("s") else "offsuit"
    high, low = (rank_name(rank, lang) for rank in ranks)
    return text.text(f"preflop.hand.{kind}", high=high, low=low)


def preflop_first(hint: PreflopHint, lang: Language) -> str:
    """'Jack-ten suited on the button, everyone folded: raise to 5; you open about 45
    percent of hands here.'"""
    spot = hint.spot
    text = catalog(lang)
    sentence = text.text(
        "preflop.answer",
        hand=hand_words(spot.hand, lang),
        seat=text.text(f"preflop.seat.{spot.position.value}"),
        situation=_situation(hint, text),
        action=_action(hint, text),
        why=_why(hint, text),
    )
    return sentence[:1].upper() + sentence[1:]


def preflop_detail(hint: PreflopHint, lang: Language, price: bool = True) -> str:
    """Where the hand ranks, the depth and, for a call, the price (unless ``price`` is
    False: at the table the first answer said it)."""
    text = catalog(lang)
    hand = hand_words(hint.spot.hand, lang)
    sentences = [
        text.text("preflop.rank", hand=hand[:1].upper() + hand[1:], rank=whole(hint.rank)),
        text.plural("preflop.depth", round(hint.stack_bb)),
    ]
    if price and hint.action == "call":
        sentences.append(
            text.text("preflop.price", call=hint.amount, pot=hint.pot, need=whole(hint.need))
        )
    return " ".join(sentences)


def _situation(hint: PreflopHint, text: Catalog) -> str:
    spot = hint.spot
    if spot.facing == "none":
        if spot.callers:
            return text.plural("preflop.facing.limpers", spot.callers)
        first = table_positions(spot.players)[0] is spot.position
        return text.text("preflop.facing.first" if first else "preflop.facing.folded")
    faced = hint.faced
    kind = "raise" if spot.facing == "raise" else "three_bet"
    if spot.callers:
        return text.plural(f"preflop.facing.{kind}_called", spot.callers, faced=faced)
    return text.text(f"preflop.facing.{kind}", faced=faced)


def _action(hint: PreflopHint, text: Catalog) -> str:
    if hint.action in ("fold", "check"):
        return text.text(f"preflop.do.{hint.action}")
    if hint.action == "call":
        key = "preflop.do.call_all_in" if hint.all_in else "preflop.do.call"
        return text.text(key, amount=hint.amount)
    if hint.all_in:
        return text.text("preflop.do.raise_all_in", amount=hint.amount)
    key = "preflop.do.raise" if hint.spot.facing == "none" else "preflop.do.reraise"
    return text.text(key, amount=hint.amount)


def _why(hint: PreflopHint, text: Catalog) -> str:
    shares = {"raise": whole(hint.raise_share), "call": whole(hint.call_share)}
    line = "raise_only" if hint.line == "raise" and hint.call_share < 0.005 else hint.line
    return text.text(f"preflop.why.{line}", bb=round(hint.stack_bb), times=SET_VALUE, **shares)
