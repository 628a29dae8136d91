"""Cards as frozen value types.

>>> Card.parse("As")
Card('As')
>>> Card.parse("10h") == Card.parse("Th") == Card.parse("T♥")
True
>>> parse_cards("Ah Kd") == parse_cards("AhKd")
True
>>> str(Card.parse("a♠"))
'As'
>>> parse_cards("Ap 10c Kt", lang="es")  # picas, corazones, tréboles
(Card('As'), Card('Th'), Card('Kc'))
>>> len(FULL_DECK)
52
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final, overload

from audiopoker.errors import CardError, ErrorReason


class Rank(enum.IntEnum):
    """A card rank; the ace is high (14). Its low use in A-2-3-4-5 is the evaluator's business."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def char(self) -> str:
        """The one-letter notation: '2'..'9', 'T', 'J', 'Q', 'K', 'A'."""
        return _RANK_CHARS[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse '2'..'9', 'T' or '10', 'J', 'Q', 'K', 'A' (any case)."""
        rank = _RANK_BY_TEXT.get(text.strip().upper())
        if rank is None:
            raise CardError(ErrorReason.BAD_RANK, text=text)
        return rank


class Suit(enum.Enum):
    """A card suit. Suits never break ties; their order only fixes a deck order."""

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    @property
    def char(self) -> str:
        """The one-letter notation: 'c', 'd', 'h', 's'."""
        return self.value

    @classmethod
    def parse(cls, text: str, lang: str = "en") -> Suit:
        """Parse 'c', 'd', 'h', 's' (any case) or a suit symbol (♣♦♥♠, ♧♢♡♤).

        ``lang="es"`` reads the Spanish initials instead: p (picas), c (corazones),
        d (diamantes), t (tréboles); h and s, which no Spanish suit starts with, still
        read as in English.
        """
        table = _SPANISH_SUIT_BY_TEXT if lang == "es" else _SUIT_BY_TEXT
        suit = table.get(text.strip().lower())
        if suit is None:
            raise CardError(ErrorReason.BAD_SUIT, text=text)
        return suit


_RANK_CHARS: Final = {rank: "23456789TJQKA"[rank - 2] for rank in Rank}
_RANK_BY_TEXT: Final = {char: rank for rank, char in _RANK_CHARS.items()} | {"10": Rank.TEN}
_SUIT_BY_TEXT: Final = {suit.value: suit for suit in Suit} | {
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
}
# A Spanish player's letters: the initials of picas, corazones, diamantes, tréboles. "c"
# is corazones here, so it is never clubs; h and s stay (no Spanish suit starts with them).
SPANISH_SUIT_LETTERS: Final = {
    "p": Suit.SPADES,
    "c": Suit.HEARTS,
    "d": Suit.DIAMONDS,
    "t": Suit.CLUBS,
}
_ENGLISH_ONLY_LETTERS: Final = frozenset({"h", "s"})
_SPANISH_SUIT_BY_TEXT: Final = {
    text: suit for text, suit in _SUIT_BY_TEXT.items() if text != "c"
} | SPANISH_SUIT_LETTERS


_SUIT_INDEX: Final = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}
# Emoji presentation selectors that some keyboards and screen readers append to ♠ ♥ ♦ ♣.
_VARIATION_SELECTORS: Final = str.maketrans("", "", "\ufe0e\ufe0f")


@dataclass(frozen=True, slots=True, init=False)
class Card:
    """One playing card, built from a rank and a suit or parsed from text.

    ``index`` is 0..51, rank-major (2c=0, 2d=1, ..., As=51), the same numbering as
    phevaluator's card ids; it is stored, not computed, because the evaluator's hot
    path reads it millions of times. Cards order by index: by rank, then by suit
    letter (c < d < h < s), so sorting is stable. ``repr`` round-trips.

    >>> Card(Rank.ACE, Suit.SPADES) == Card("As") == Card.parse("A♠")
    True
    >>> Card("10h").index, Card("2c").index, Card("As").index
    (34, 0, 51)
    >>> sorted(parse_cards("As 2d Ah 2c"))
    [Card('2c'), Card('2d'), Card('Ah'), Card('As')]
    >>> eval(repr(Card("Td")))
    Card('Td')
    """

    rank: Rank
    suit: Suit
    index: int = field(init=False, repr=False, compare=False)

    @overload
    def __init__(self, rank: Rank | int | str, suit: Suit | str) -> None: ...

    @overload
    def __init__(self, rank: str) -> None: ...

    def __init__(self, rank: Rank | int | str, suit: Suit | str | None = None) -> None:
        if suit is None:  # Card("As"): the text form, so that repr round-trips
            if not isinstance(rank, str):
                raise CardError(ErrorReason.BAD_CARD, text=str(rank))
            parsed = Card.parse(rank)
            rank, suit = parsed.rank, parsed.suit
        rank_value = Rank.parse(rank) if isinstance(rank, str) else _to_rank(rank)
        suit_value = suit if isinstance(suit, Suit) else Suit.parse(suit)
        object.__setattr__(self, "rank", rank_value)
        object.__setattr__(self, "suit", suit_value)
        object.__setattr__(self, "index", (rank_value - 2) * 4 + _SUIT_INDEX[suit_value])

    @classmethod
    def parse(cls, text: str, lang: str = "en") -> Card:
        """Parse one card such as 'As', 'Td', '10h' or 'A♠' (``lang="es"``: 'Ap', '10c';
        see ``Suit.parse``).

        Raises CardError(BAD_CARD) with ``text`` and, when one part is at fault,
        ``cause`` (BAD_RANK or BAD_SUIT).

        >>> try:
        ...     Card.parse("Xs")
        ... except CardError as error:
        ...     print(error.reason.value, error.details)
        bad_card {'text': 'Xs', 'cause': <ErrorReason.BAD_RANK: 'bad_rank'>}
        """
        token = text.strip().translate(_VARIATION_SELECTORS)
        if len(token) < 2:
            raise CardError(ErrorReason.BAD_CARD, text=text)
        try:
            return cls(Rank.parse(token[:-1]), Suit.parse(token[-1], lang))
        except CardError as error:
            raise CardError(ErrorReason.BAD_CARD, text=text, cause=error.reason) from error

    def __str__(self) -> str:
        return self.rank.char + self.suit.char

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    # Comparisons and hashing go through the stored index: cheaper than the field tuple
    # (enum hashing runs Python code) and numeric rather than by enum value.
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index == other.index

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index


def _to_rank(value: Rank | int) -> Rank:
    if isinstance(value, Rank):
        return value
    try:
        return Rank(value)
    except ValueError:
        raise CardError(ErrorReason.BAD_RANK, text=str(value)) from None


FULL_DECK: Final[tuple[Card, ...]] = tuple(Card(rank, suit) for rank in Rank for suit in Suit)


def parse_cards(text: str, lang: str = "en") -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas, or run together ('AsKd', '10h9c').

    Duplicates are refused: a real deck holds each card once. ``lang="es"`` reads the
    Spanish suit letters (``Suit.parse``); a "c" written beside the English-only h or s is
    refused as ambiguous (AMBIGUOUS_SUIT): it may be meant as clubs, but it is corazones.

    >>> parse_cards("Ah Kc", lang="es")
    Traceback (most recent call last):
    ...
    audiopoker.errors.CardError: ambiguous_suit (text='Kc')

    >>> parse_cards("10h, 9♣ A♠️")
    (Card('Th'), Card('9c'), Card('As'))
    >>> parse_cards("As Kd as")
    Traceback (most recent call last):
    ...
    audiopoker.errors.CardError: duplicate_card (text='As')
    """
    tokens: list[str] = []
    for chunk in text.translate(_VARIATION_SELECTORS).replace(",", " ").split():
        tokens.extend(_split_run(chunk))
    cards = [Card.parse(token, lang) for token in tokens]
    if lang == "es":
        letters = [token[-1].lower() for token in tokens]
        if _ENGLISH_ONLY_LETTERS.intersection(letters) and "c" in letters:
            raise CardError(ErrorReason.AMBIGUOUS_SUIT, text=tokens[letters.index("c")])
    return ensure_distinct(cards)


def _split_run(chunk: str) -> Iterable[str]:
    position = 0
    while position < len(chunk):
        width = 3 if chunk.startswith("10", position) else 2
        yield chunk[position : position + width]
        position += width


def ensure_distinct(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Return the cards as a tuple, refusing any card that appears twice."""
    seen: set[Card] = set()
    result: list[Card] = []
    for card in cards:
        if card in seen:
            raise CardError(ErrorReason.DUPLICATE_CARD, text=str(card))
        seen.add(card)
        result.append(card)
    return tuple(result)


def format_cards(cards: Iterable[Card]) -> str:
    """Short machine notation, e.g. 'As Kd' (for files and logs, not for speech)."""
    return " ".join(str(card) for card in cards)
