"""Cards, ranks, hands, amounts and places in words (every word from the catalogs).

>>> from audiopoker.cards import Card
>>> card_name(Card("Th"), "en"), card_name(Card("As"), "es")
('ten of hearts', 'as de picas')
>>> card_list([Card("As"), Card("Th"), Card("Jc")], "es", brief=True)  # picas, corazones, tréboles
'Ap 10c Jt'
>>> card_list([Card("As"), Card("Jd")], "en", brief=True)
'As Jd'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from audiopoker.cards import Card, Rank, Suit
from audiopoker.evaluator import Category, HandValue, best_hand
from audiopoker.narration.catalog import get_catalog
from audiopoker.narration.language import Language
from audiopoker.showdown import kickers, significance


def amount(value: int) -> str:
    """A chip amount as plain digits: no thousands separator, which synthesizers misread
    ("1.000" is "one point zero zero zero" to an English voice, "1,000" a decimal to a
    Spanish one); every voice reads "1000" as a thousand. The braille display gets long
    numbers grouped in threes (the output router: ``group_thousands``; docs/style.md).

    >>> amount(12500)
    '12500'
    """
    return str(int(value))


def rank_name(rank: Rank, lang: Language, plural: bool = False) -> str:
    """'king' / 'rey'; plural 'kings' / 'reyes'."""
    name = rank.name.lower()
    return get_catalog(lang).text(f"ranks.{name}" if plural else f"rank.{name}")


def rank_gender(rank: Rank, lang: Language) -> str:
    """The grammatical gender of the rank's noun, 'm' or 'f', as the catalog declares it
    (Spanish: 'la jota', 'la reina', 'el rey'). Used to pick whole-sentence variants."""
    gender = get_catalog(lang).text(f"rank.{rank.name.lower()}.gender")
    return "f" if gender == "f" else "m"


def suit_name(suit: Suit, lang: Language) -> str:
    """'spades' / 'picas'."""
    return get_catalog(lang).text(f"suit.{suit.name.lower()}")


def card_name(card: Card, lang: Language, brief: bool = False) -> str:
    """A card in full words ('ace of spades', 'as de picas'), or the brief form for
    braille ('As', '10h'; Spanish 'Ap', '10c'): letters, because braille tables have no
    cell for ♠♥♦♣."""
    catalog = get_catalog(lang)
    if brief:
        return catalog.text(
            "card.brief",
            rank=catalog.text(f"rank.{card.rank.name.lower()}.short"),
            suit=catalog.text(f"suit.{card.suit.name.lower()}.short"),
        )
    return catalog.text("card", rank=rank_name(card.rank, lang), suit=suit_name(card.suit, lang))


def card_list(cards: Iterable[Card], lang: Language, brief: bool = False) -> str:
    """'ace of spades and king of diamonds'; brief: 'As Kd' (Spanish: 'Ap Kd')."""
    names = [card_name(card, lang, brief) for card in cards]
    if brief:
        return " ".join(names)
    return get_catalog(lang).join(names)


def rank_list(ranks: Sequence[Rank], lang: Language) -> str:
    """'ace, ace, king, jack and seven' / 'as, as, rey, jota y siete'."""
    return get_catalog(lang).join([rank_name(rank, lang) for rank in ranks])


def is_royal(value: HandValue) -> bool:
    """A straight flush to the ace."""
    return value.category is Category.STRAIGHT_FLUSH and significance(value)[0] is Rank.ACE


def describe_hand(
    value: HandValue, lang: Language, *, article: bool = False, kicker: bool = True
) -> str:
    """What a hand is, with what decides it: 'pair of kings, queen kicker', 'two pair,
    aces and fives, king kicker', 'three of a kind, tens, ace kicker', 'ace high, king
    kicker', 'full house, eights over sixes', 'flush, jack high', 'straight to the ace',
    'royal flush'; 'pareja de reyes, kicker reina', 'color a la jota', 'escalera al as'.

    Every hand with side cards names its first kicker, which decides or might (a board
    of trips is decided by it). ``article`` gives the form used inside a sentence ('a
    flush, jack high'; Spanish adds none). ``kicker=False`` leaves the kicker out ('pair
    of kings'), where only the combinations are compared.

    >>> from audiopoker.cards import parse_cards
    >>> from audiopoker.evaluator import evaluate
    >>> describe_hand(evaluate(parse_cards("Tc Td Th As 7s")), "es")
    'trío de dieces, kicker as'
    """
    catalog = get_catalog(lang)
    ranks = significance(value)
    category = value.category
    top = ranks[0]
    if is_royal(value):
        text = catalog.text("hand.royal_flush")
    elif category is Category.HIGH_CARD:  # "ace high", "as alto", "jota alta"
        gender = rank_gender(top, lang)
        text = catalog.text(f"hand.high_card.{gender}", rank=rank_name(top, lang))
    elif category is Category.PAIR:
        text = catalog.text("hand.pair.main", ranks=rank_name(top, lang, plural=True))
    elif category is Category.TWO_PAIR:
        text = catalog.text(
            "hand.two_pair",
            high=rank_name(top, lang, plural=True),
            low=rank_name(ranks[2], lang, plural=True),
        )
    elif category is Category.FULL_HOUSE:
        text = catalog.text(
            "hand.full_house",
            trips=rank_name(top, lang, plural=True),
            pair=rank_name(ranks[3], lang, plural=True),
        )
    elif category in (Category.THREE_OF_A_KIND, Category.FOUR_OF_A_KIND):
        text = catalog.text(f"hand.{category.key}", ranks=rank_name(top, lang, plural=True))
    else:  # straight, flush, straight flush: "to the ace" takes the rank's gender
        gender = rank_gender(top, lang)
        text = catalog.text(f"hand.{category.key}.{gender}", rank=rank_name(top, lang))
    side = kickers(value)
    if kicker and side:  # "pair of kings, queen kicker": one phrase for a kicker
        text = catalog.plural("hand.with_kickers", 1, hand=text, cards=rank_name(side[0], lang))
    if article:
        text = catalog.text(f"hand.np.{category.key}", hand=text)
    return text


def hand_so_far(
    hole: Sequence[Card], board: Sequence[Card], lang: Language, *, article: bool = False
) -> str:
    """What two hole cards make with the board so far: the best five described as in
    :func:`describe_hand` once the flop is out; before it, a pocket pair or the high card
    ('pair of aces', 'ace high' / 'pareja de ases', 'as alto').

    >>> from audiopoker.cards import Card
    >>> hand_so_far([Card("Ah"), Card("Kd")], [], "es")
    'as alto'
    >>> hand_so_far([Card("8h"), Card("8d")], [], "en", article=True)
    'a pair of eights'
    """
    catalog = get_catalog(lang)
    if len(board) >= 3:
        return describe_hand(best_hand(tuple(hole), tuple(board))[0], lang, article=article)
    high, low = sorted((card.rank for card in hole), reverse=True)
    if high == low:
        text = catalog.text("hand.pair.main", ranks=rank_name(high, lang, plural=True))
        return catalog.text("hand.np.pair", hand=text) if article else text
    text = catalog.text(f"hand.high_card.{rank_gender(high, lang)}", rank=rank_name(high, lang))
    return catalog.text("hand.np.high_card", hand=text) if article else text


def category_name(category: Category, lang: Language) -> str:
    """The bare category: 'flush' / 'color'."""
    return get_catalog(lang).text(f"category.{category.key}")


def ordinal(place: int, lang: Language) -> str:
    """'first' .. 'tenth' / 'primero' .. 'décimo'; digits beyond the catalog."""
    catalog = get_catalog(lang)
    if 1 <= place <= 10:
        return catalog.text(f"ordinal.{place}")
    return amount(place)
