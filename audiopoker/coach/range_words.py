"""What each opponent's range holds on this board, in words (issue 26, point 3).

One short sentence per opponent, from ``coach.range_classes``: the classes that hold at
least ``SAID_AT`` percent, strongest first, then what the smaller ones hold together as
"the rest". The percentages are whole and add up to 100 (the largest remainders are
rounded up), so a player who adds them hears no 101.

>>> from audiopoker.coach.range_classes import HandClass, RangeClasses
>>> counts = {HandClass.STRONG: 35, HandClass.FLUSH_DRAW: 20, HandClass.NOTHING: 25,
...           HandClass.WEAK_PAIR: 17, HandClass.GUTSHOT: 3}
>>> found = RangeClasses(tuple((kind, counts.get(kind, 0)) for kind in HandClass))
>>> print(board_line("Beto", found, "en").replace(", ", ",\\n"))
Against Beto: 35 percent two pair or better,
17 percent a weaker pair,
20 percent flush draws,
25 percent nothing and the rest,
3 percent.
>>> print(board_line("Beto", found, "es").replace(", ", ",\\n"))
Contra Beto: un 35 por ciento con doble pareja o mejor,
un 17 por ciento con una pareja menor,
un 20 por ciento con proyecto de color,
un 25 por ciento sin nada y el resto,
un 3 por ciento.
"""

from __future__ import annotations

from typing import Final

from audiopoker.coach.advice_words import catalog
from audiopoker.coach.range_classes import HandClass, RangeClasses
from audiopoker.i18n import Language
from audiopoker.narration.catalog import get_catalog as narration_catalog
from audiopoker.narration.explain import count_word

SAID_AT: Final = 5  # a class below this many percent goes into "the rest"


def whole_percents(classes: RangeClasses) -> list[tuple[HandClass, int]]:
    """Each class's share as a whole percentage, the whole adding up to 100 (the largest
    remainders rounded up); an empty range gives every class 0."""
    total = classes.total
    if total == 0:
        return [(kind, 0) for kind, _ in classes.counts]
    exact = [(kind, 100 * count / total) for kind, count in classes.counts]
    floors = {kind: int(value) for kind, value in exact}
    left = 100 - sum(floors.values())
    by_remainder = sorted(exact, key=lambda each: -(each[1] - int(each[1])))
    for kind, _ in by_remainder[:left]:
        floors[kind] += 1
    return [(kind, floors[kind]) for kind, _ in exact]


def said_parts(classes: RangeClasses) -> tuple[list[tuple[HandClass, int]], int]:
    """The classes said (at least ``SAID_AT`` percent, in class order) and the percent
    the others hold together (0: no rest to say)."""
    percents = whole_percents(classes)
    said = [(kind, share) for kind, share in percents if share >= SAID_AT]
    return said, 100 - sum(share for _, share in said)


def board_line(name: str, classes: RangeClasses, lang: Language) -> str:
    """'Against Beto: 35 percent two pair or better, 20 percent flush draws, 25 percent
    nothing and the rest, 20 percent.'"""
    text = catalog(lang)
    said, rest = said_parts(classes)
    parts = [text.text(f"coach.board.class.{kind.value}", percent=share) for kind, share in said]
    if rest > 0:
        parts.append(text.text("coach.board.class.rest", percent=rest))
    return text.text("coach.board.line", name=name, classes=narration_catalog(lang).join(parts))


def board_title(count: int, lang: Language) -> str:
    """What the list of lines is, said after its first line: 'What the ranges hold on
    this board: two opponents.'"""
    return catalog(lang).plural("coach.board.title", count, players=count_word(count, lang))
