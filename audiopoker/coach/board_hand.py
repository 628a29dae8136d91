"""The player's hand named with the board in mind, for the coach's detail (K twice).

A pair, two pair, trips or quads the board holds alone belong to everyone: the coach says
what the player's cards add apart from what the board has, so a pair on the board is never
heard as the player's own ("king high; the board has a pair of sevens"), and two pair made
of a board pair and the player's is the player's pair beside the board's. A hand the
player's cards do not play in is said to be the board's.

>>> from audiopoker.cards import parse_cards
>>> board_aware(parse_cards("Kd 3c"), parse_cards("7s 7h 2c"), "en")
'king high; the board has a pair of sevens'
>>> board_aware(parse_cards("Kd 9c"), parse_cards("Qs Qh 9d"), "es")
'pareja de nueves; en la mesa hay pareja de reinas'
>>> board_aware(parse_cards("Kd Kc"), parse_cards("7s 2h 2c"), "en")
'a pair of kings; the board has a pair of twos'
>>> board_aware(parse_cards("Kd 3c"), parse_cards("7s 8h 9c"), "en")
'king high, nine kicker'
>>> board_aware(parse_cards("Th 4d"), parse_cards("Kc 8s 9h"), "en")
'ten high; the king is on the board'
>>> board_aware(parse_cards("Th 4d"), parse_cards("Qc 8s 2h"), "es")
'diez alto; la reina está en la mesa'
>>> board_aware(parse_cards("6h 5c"), parse_cards("Ah 9h 4h 2h"), "en")
'a flush with the six of hearts; the board has 4 hearts'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from audiopoker import i18n
from audiopoker.cards import Card, Rank
from audiopoker.evaluator import Category, HandValue, best_hand
from audiopoker.i18n import Catalog, Language
from audiopoker.narration.catalog import get_catalog as narration_catalog
from audiopoker.narration.words import (
    card_name,
    describe_hand,
    rank_gender,
    rank_name,
    suit_name,
)

LOCALE_DIR: Final = Path(__file__).resolve().parent / "locale"


def catalog(lang: Language) -> Catalog:
    """The coach's sentences (the ``coach`` domain, as ``advice_words`` reads it)."""
    return i18n.get_catalog(lang, "coach", LOCALE_DIR)


def board_aware(hole: Sequence[Card], board: Sequence[Card], lang: Language) -> str:
    """The hand ``hole`` makes with ``board`` (three to five cards), as said after 'You
    have': the narration's words when the player's cards make it, else what they add and
    what the board has."""
    value, used = best_hand(tuple(hole), tuple(board))
    text = catalog(lang)
    if used == 0:
        return text.text("coach.hand.plays_board", hand=describe_hand(value, lang, article=True))
    flush = _flush_on_board(value, hole, board, lang)
    if flush is not None:
        return text.text("coach.hand.split", own=flush[0], board=flush[1])
    top = max(value.best, key=lambda card: card.rank)
    if value.category is Category.HIGH_CARD and top not in hole:
        # 'ten high; the king is on the board': the high card is everyone's
        mine = max(card.rank for card in hole)
        gender = rank_gender(top.rank, lang)
        shared = text.text(f"coach.hand.top_on_board.{gender}", rank=rank_name(top.rank, lang))
        return text.text("coach.hand.high_beside", own=_high(mine, lang), board=shared)
    split = _split(value, set(hole), lang)
    if split is None:
        return describe_hand(value, lang, article=True)
    own, shared = split
    return text.text("coach.hand.split", own=own, board=shared)


def _flush_on_board(
    value: HandValue, hole: Sequence[Card], board: Sequence[Card], lang: Language
) -> tuple[str, str] | None:
    """A flush made with one card to four or five of its suit on the board: (the player's
    card, the board's suit count), since 'a flush, ace high' with the six the player holds
    and the ace on the board misleads by ear (any heart makes it)."""
    if value.category is not Category.FLUSH:
        return None
    suit = value.best[0].suit
    mine = [card for card in hole if card.suit is suit and card in value.best]
    on_board = sum(card.suit is suit for card in board)
    if len(mine) != 1 or on_board < 4:
        return None
    text = catalog(lang)
    own = text.text("coach.hand.flush_card", card=card_name(mine[0], lang))
    return own, text.text("coach.hand.suit_count", count=on_board, suit=suit_name(suit, lang))


def own_pair(hole: Sequence[Card], board: Sequence[Card]) -> bool:
    """The player's cards make a pair or better of their own: a pair, trips or quads with
    a hole card in it (a pair only on the board is everyone's), or a straight or better
    they play in. Such a hand has showdown value: checking it is not for want of folds."""
    value, used = best_hand(tuple(hole), tuple(board))
    if used == 0 or value.category is Category.HIGH_CARD:
        return False
    return value.category >= Category.STRAIGHT or _own_group(value, set(hole))


def _own_group(value: HandValue, hole: set[Card]) -> bool:
    """A pair, trips or quads among ``value``'s groups has a hole card in it."""
    counts = Counter(card.rank for card in value.best)
    return any(counts[card.rank] > 1 for card in value.best if card in hole)


def _split(value: HandValue, hole: set[Card], lang: Language) -> tuple[str, str] | None:
    """(what the player's cards add, what the board has) when a group of the hand (the
    pair, two pair, trips or quads) is all on the board; None when the player makes it."""
    counts = Counter(card.rank for card in value.best)
    groups = [rank for rank in dict.fromkeys(card.rank for card in value.best) if counts[rank] > 1]
    shared = [rank for rank in groups if not any(c.rank == rank and c in hole for c in value.best)]
    if not shared:
        return None
    category = value.category
    mine = [rank for rank in groups if rank not in shared]
    top = max(card.rank for card in value.best if card in hole)
    if category is Category.PAIR:
        return _high(top, lang), _group(Category.PAIR, shared, lang)
    if category is Category.TWO_PAIR:
        if mine:
            return _group(Category.PAIR, mine, lang), _group(Category.PAIR, shared, lang)
        return _high(top, lang), _group(Category.TWO_PAIR, shared, lang)
    if category in (Category.THREE_OF_A_KIND, Category.FOUR_OF_A_KIND):
        return _high(top, lang), _group(category, shared, lang)
    if category is Category.FULL_HOUSE and counts[shared[0]] == 3 and mine:
        return _group(Category.PAIR, mine, lang), _group(Category.THREE_OF_A_KIND, shared, lang)
    return None  # a full house the player's cards complete: their own


def _high(rank: Rank, lang: Language) -> str:
    """'king high' / 'rey alto': the player's best card that plays."""
    text = narration_catalog(lang)
    hand = text.text(f"hand.high_card.{rank_gender(rank, lang)}", rank=rank_name(rank, lang))
    return text.text("hand.np.high_card", hand=hand)


def _group(category: Category, ranks: Sequence[Rank], lang: Language) -> str:
    """A pair, two pair, trips or quads of ``ranks`` without a kicker, as the narration
    names it inside a sentence: 'a pair of sevens', 'two pair, queens and sevens'."""
    text = narration_catalog(lang)
    names = [rank_name(rank, lang, plural=True) for rank in ranks]
    if category is Category.PAIR:
        hand = text.text("hand.pair.main", ranks=names[0])
    elif category is Category.TWO_PAIR:
        hand = text.text("hand.two_pair", high=names[0], low=names[1])
    else:
        hand = text.text(f"hand.{category.key}", ranks=names[0])
    return text.text(f"hand.np.{category.key}", hand=hand)
