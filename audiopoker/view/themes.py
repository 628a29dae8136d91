"""The view's themes: dark, light and high contrast (yellow on black), in 24-bit colour so
each text and background pair's contrast is exact. Every pair a theme uses, the four suit
colours on the card's background included, is at least 7:1 (WCAG 2, level AAA), which
``contrast`` computes and the tests check.

A four-colour deck: spades black (white on a dark card), hearts red, diamonds blue, clubs
green; the suit is also a letter and a symbol on the card, never colour alone.

>>> round(contrast((0, 0, 0), (255, 255, 255)), 1)
21.0
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, TypeAlias

RGB: TypeAlias = tuple[int, int, int]

# The styles the renderer uses (render.py): each is a foreground on a background.
STYLES: Final = (
    "text",  # labels, seats, numbers on the page
    "strong",  # the title and headings (bold)
    "turn",  # whose turn, the player's choices, what is armed: inverted, bold
    "card",  # a card's frame on the card's background
    "spades",
    "hearts",
    "diamonds",
    "clubs",
)
MIN_CONTRAST: Final = 7.0


@dataclass(frozen=True, slots=True)
class Theme:
    """A theme: ``styles`` maps each of ``STYLES`` to (foreground, background)."""

    name: str
    page: RGB  # the window's background
    styles: Mapping[str, tuple[RGB, RGB]]

    def pairs(self) -> list[tuple[str, RGB, RGB]]:
        """Every (style, foreground, background) the theme draws with."""
        return [(style, *self.styles[style]) for style in STYLES]


def _theme(name: str, page: RGB, ink: RGB, card: RGB, suits: tuple[RGB, RGB, RGB, RGB]) -> Theme:
    spades, hearts, diamonds, clubs = suits
    return Theme(
        name,
        page,
        {
            "text": (ink, page),
            "strong": (ink, page),
            "turn": (page, ink),
            "card": (suits[0], card),
            "spades": (spades, card),
            "hearts": (hearts, card),
            "diamonds": (diamonds, card),
            "clubs": (clubs, card),
        },
    )


BLACK: Final = (0, 0, 0)
WHITE: Final = (255, 255, 255)
YELLOW: Final = (255, 255, 0)
THEMES: Final[Mapping[str, Theme]] = {
    # Light cards on a dark page: the deck's own colours, darkened to reach 7:1 on white.
    "dark": _theme(
        "dark",
        BLACK,
        WHITE,
        WHITE,
        (BLACK, (0xA0, 0x00, 0x00), (0x00, 0x00, 0xC0), (0x00, 0x60, 0x00)),
    ),
    # Black on white; the cards the same white, framed.
    "light": _theme(
        "light",
        WHITE,
        BLACK,
        WHITE,
        (BLACK, (0xA0, 0x00, 0x00), (0x00, 0x00, 0xC0), (0x00, 0x60, 0x00)),
    ),
    # Yellow on black; dark cards with light suit colours (spades white).
    "contrast": _theme(
        "contrast",
        BLACK,
        YELLOW,
        BLACK,
        (WHITE, (0xFF, 0x8C, 0x8C), (0x8C, 0xC8, 0xFF), (0x6C, 0xF0, 0x6C)),
    ),
}
DEFAULT_THEME: Final = "dark"


def _linear(channel: int) -> float:
    value = channel / 255
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def luminance(colour: RGB) -> float:
    """WCAG 2 relative luminance of an sRGB colour (0 black .. 1 white)."""
    red, green, blue = (_linear(channel) for channel in colour)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(first: RGB, second: RGB) -> float:
    """WCAG 2 contrast ratio of two colours, 1 to 21, in either order."""
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)
