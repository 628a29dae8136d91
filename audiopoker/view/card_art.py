"""Cards drawn 3 to 5 terminal lines tall: a frame, the rank and suit letter in the
player's language (what braille shows: "As", Spanish "Ap"), and the suit's symbol, all in
the suit's colour of a four-colour deck: the letter and the symbol say the suit, so colour
is never the only sign."""

from __future__ import annotations

from typing import Final, TypeAlias

from audiopoker.cards import Card, Suit
from audiopoker.narration.language import Language
from audiopoker.narration.words import card_name

Span: TypeAlias = tuple[str, str]  # (style, text)
Line: TypeAlias = tuple[Span, ...]

CARD_WIDTH: Final = 7  # the frame and five cells inside: "10p" and the symbol fit
HEIGHTS: Final = (5, 4, 3)
SYMBOL: Final = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}


def _framed(style: str, inner: list[str], corners: str = "┌┐└┘│─") -> list[Line]:
    tl, tr, bl, br, side, bar = tuple(corners)
    top: Line = (("card", tl + bar * (CARD_WIDTH - 2) + tr),)
    bottom: Line = (("card", bl + bar * (CARD_WIDTH - 2) + br),)
    middle = [(("card", side), (style, text), ("card", side)) for text in inner]
    return [top, *middle, bottom]


def card_lines(card: Card, lang: Language, height: int) -> list[Line]:
    """``card`` as ``height`` lines (3, 4 or 5) of ``CARD_WIDTH`` cells.

    >>> ["".join(text for _, text in line) for line in card_lines(Card("As"), "es", 3)]
    ['┌─────┐', '│Ap  ♠│', '└─────┘']
    """
    brief = card_name(card, lang, brief=True)
    symbol = SYMBOL[card.suit]
    style = card.suit.name.lower()
    inner = CARD_WIDTH - 2
    if height <= 3:
        rows = [f"{brief:<{inner - 1}}{symbol}"]
    elif height == 4:
        rows = [f"{brief:<{inner}}", f"{symbol:^{inner}}"]
    else:
        rows = [f"{brief:<{inner}}", f"{symbol:^{inner}}", f"{brief:>{inner}}"]
    return _framed(style, rows)


def slot_lines(height: int) -> list[Line]:
    """A place on the board where no card is yet: a dotted frame, empty."""
    inner = " " * (CARD_WIDTH - 2)
    lines = _framed("card", [inner] * (height - 2), "╭╮╰╯┆┄")
    return [tuple(("text", text) for _, text in line) for line in lines]


def card_row(cards: list[list[Line]], columns: int) -> list[Line]:
    """Cards side by side with a one-cell gap, wrapped onto more rows when the terminal
    is narrower than the row."""
    if not cards:
        return []
    per_row = max(1, (columns + 1) // (CARD_WIDTH + 1))
    out: list[Line] = []
    for start in range(0, len(cards), per_row):
        group = cards[start : start + per_row]
        for index in range(len(group[0])):
            line: list[Span] = []
            for number, card in enumerate(group):
                if number:
                    line.append(("text", " "))
                line.extend(card[index])
            out.append(tuple(line))
    return out
