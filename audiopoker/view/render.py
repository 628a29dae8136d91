"""The table in big type, as lines of styled spans sized to the terminal (columns x
rows): pure, so the tests read what it draws and the benchmark times it.

From the top: the hand, street and pot (side pots when someone is all in), whose turn,
the board, one line a seat (name, chips, position, last action; folded, all in and out in
words, not colour), the player's cards, their choices on their turn and what they armed.
Cards are as tall as the terminal allows (5, 4 or 3 lines): a terminal's zoom or a
magnifier makes the cells, and so everything, bigger.
"""

from __future__ import annotations

from typing import Final

from prompt_toolkit.utils import get_cwidth

from audiopoker.cards import Card
from audiopoker.i18n import language_or_default
from audiopoker.view.card_art import HEIGHTS, Line, Span, card_lines, card_row, slot_lines
from audiopoker.view.table_view import ArmedView, Choices, ViewSeat, ViewTable
from audiopoker.view.view_text import ViewText

MIN_COLUMNS: Final = 12
MIN_ROWS: Final = 4
SEP: Final = " · "
STREETS: Final = ("preflop", "flop", "turn", "river")


def width(text: str) -> int:
    """Terminal cells ``text`` takes (wide characters two)."""
    return get_cwidth(text)


def wrap(spans: Line, columns: int) -> list[Line]:
    """One logical line broken at spaces into lines at most ``columns`` wide (a word
    longer than a line is cut)."""
    words: list[Span] = []
    for style, text in spans:
        for index, word in enumerate(text.split(" ")):
            if index:
                words.append((style, " "))
            if word:
                words.append((style, word))
    lines: list[list[Span]] = [[]]
    used = 0
    for style, word in words:
        cells = width(word)
        if word == " ":
            if (used or len(lines) == 1) and used < columns:  # a first line keeps its indent
                lines[-1].append((style, " "))
                used += 1
            continue
        if used + cells > columns and used:
            while lines[-1] and lines[-1][-1][1] == " ":
                lines[-1].pop()
            lines.append([])
            used = 0
        if cells > columns:
            word = _cut(word, columns)
            cells = width(word)
        lines[-1].append((style, word))
        used += cells
    return [tuple(line) for line in lines]


def _cut(text: str, columns: int) -> str:
    while width(text) > columns:
        text = text[:-1]
    return text


def pad(line: Line, columns: int, style: str = "text") -> Line:
    """``line`` cut or filled with spaces to exactly ``columns`` cells."""
    out: list[Span] = []
    used = 0
    for span_style, text in line:
        if used + width(text) > columns:
            text = _cut(text, columns - used)
        out.append((span_style, text))
        used += width(text)
        if used >= columns:
            break
    if used < columns:
        out.append((style, " " * (columns - used)))
    return tuple(out)


def _title(view: ViewTable, words: ViewText) -> str:
    if view.over:
        return words.say("title.game_over")
    if view.hand == 0:
        return words.say("title.waiting")
    parts = [words.say("title.hand", hand=view.hand)]
    if not view.running:
        return SEP.join([*parts, words.say("title.between")])
    parts.append(words.say(f"street.{STREETS[min(view.street, 3)]}"))
    parts.append(words.say("title.pot", pot=words.amount(view.pot)))
    if view.side_pots:
        rest = ", ".join(words.amount(pot) for pot in view.side_pots[1:])
        main = words.amount(view.side_pots[0])
        parts.append(words.say("title.side_pots", main=main, pots=rest))
    return SEP.join(parts)


def _turn(view: ViewTable, words: ViewText) -> str | None:
    if view.actor is None or not view.running:
        return None
    if view.actor == view.me:
        return words.say("turn.you")
    return words.say("turn.other", name=view.seats[view.actor].name)


def _last(seat: ViewSeat, words: ViewText) -> str | None:
    if seat.last is None:
        return None
    if seat.last.kind in ("fold", "check"):
        return words.say(f"act.{seat.last.kind}")
    return words.say(f"act.{seat.last.kind}", amount=words.amount(seat.last.amount))


def seat_words(view: ViewTable, index: int, words: ViewText) -> list[str]:
    """One seat's line as its parts: name, chips, position, last action, state."""
    seat = view.seats[index]
    name = words.say("seat.you", name=seat.name) if index == view.me else seat.name
    parts = [name, words.stack(seat.chips)]
    if seat.position is not None and view.running:
        parts.append(words.say(f"position.{seat.position}"))
    last = _last(seat, words) if view.running else None
    if seat.out:
        parts.append(words.say("seat.out"))
    elif view.running and not seat.in_hand:
        parts.append(words.say("seat.sitting_out"))
    elif seat.folded:
        parts.append(words.say("seat.folded"))
    elif last is not None:
        parts.append(last)
    if seat.all_in and not seat.out:
        parts.append(words.say("seat.all_in"))
    if seat.shown:
        parts.append(words.say("seat.shows", cards=" ".join(_brief(view, seat.shown))))
    if index == view.actor and view.running:
        parts.append(words.say("seat.to_act.you" if index == view.me else "seat.to_act"))
    return parts


def _brief(view: ViewTable, cards: tuple[str, ...]) -> list[str]:
    from audiopoker.narration.words import card_name

    lang = language_or_default(view.lang)
    return [card_name(Card(text), lang, brief=True) for text in cards]


def choice_words(choices: Choices, words: ViewText) -> list[str]:
    """The player's choices: fold (when there is something to call), check or call N,
    bet or raise min to max, all in."""
    out: list[str] = []
    if choices.can_check:
        out.append(words.say("choice.check"))
    else:
        out.append(words.say("choice.fold"))
        key = "choice.call_all_in" if choices.call_all_in else "choice.call"
        out.append(words.say(key, amount=words.amount(choices.to_call)))
    if choices.raise_kind is not None:
        if choices.min_to < choices.max_to:
            out.append(
                words.say(
                    f"choice.{choices.raise_kind}",
                    low=words.amount(choices.min_to),
                    high=words.amount(choices.max_to),
                )
            )
        out.append(words.say("choice.all_in", amount=words.amount(choices.max_to)))
    return out


def armed_words(armed: ArmedView, words: ViewText) -> str:
    """What is armed ("Armed: check or fold")."""
    if armed.kind == "call" and armed.price == 0:
        return words.say("armed.check")
    if armed.kind == "call" and armed.all_in:
        return words.say("armed.call_all_in", amount=words.amount(armed.price))
    if armed.kind == "call":
        return words.say("armed.call", amount=words.amount(armed.price))
    return (
        words.say(f"armed.{armed.kind}")
        if armed.kind == "check_fold"
        else words.say("armed.call_any")
    )


def _cards(view: ViewTable, texts: tuple[str, ...], height: int, slots: int) -> list[list[Line]]:
    lang = language_or_default(view.lang)
    drawn = [card_lines(Card(text), lang, height) for text in texts]
    return drawn + [slot_lines(height) for _ in range(slots - len(texts))]


def _layout(
    view: ViewTable, columns: int, height: int, words: ViewText
) -> tuple[list[Line], list[Line]]:
    """Every line at card ``height``, blank lines as (): the body, and the tail (the
    choices and what is armed) that must stay in sight."""
    lines: list[Line] = [*wrap((("strong", _title(view, words)),), columns)]
    turn = _turn(view, words)
    if turn is not None:
        lines += wrap((("turn", f" {turn} "),), columns)
    lines.append(())
    if view.running:
        lines += wrap((("text", words.say("board.label")),), columns)
        lines += card_row(_cards(view, view.board, height, 5), columns)
        lines.append(())
    for index in range(len(view.seats)):
        acting = index == view.actor and view.running
        marker, style = ("▶ ", "turn") if acting else ("  ", "text")
        lines += wrap(((style, marker + SEP.join(seat_words(view, index, words))),), columns)
    if view.me is not None and view.my_cards and view.running:
        lines.append(())
        lines += wrap((("text", words.say("you.cards")),), columns)
        lines += card_row(_cards(view, view.my_cards, height, 0), columns)
    tail: list[Line] = []
    if view.choices is not None:
        text = words.say("choices.label", choices=SEP.join(choice_words(view.choices, words)))
        tail += [(), *wrap((("turn", text),), columns)]
    if view.armed is not None and view.running:
        tail += [(), *wrap((("turn", armed_words(view.armed, words)),), columns)]
    return lines, tail


def render(view: ViewTable, columns: int, rows: int) -> list[Line]:
    """The view as exactly ``rows`` lines of exactly ``columns`` cells: the tallest cards
    that fit; blank lines go first when even 3-line cards do not, then lines from the
    seats' end, keeping the choices and what is armed (the last lines) in sight."""
    words = ViewText(language_or_default(view.lang), view.big_blind)
    if columns < MIN_COLUMNS or rows < MIN_ROWS:
        lines = wrap((("strong", words.say("screen.too_small")),), max(columns, 1))
        return [pad(line, columns) for line in (lines + [()] * rows)[:rows]]
    body: list[Line] = []
    tail: list[Line] = []
    for height in HEIGHTS:
        body, tail = _layout(view, columns, height, words)
        if len(body) + len(tail) <= rows:
            break
    if len(body) + len(tail) > rows:
        body, tail = [line for line in body if line], [line for line in tail if line]
    tail = tail[-rows:]
    lines = body[: rows - len(tail)] + tail
    lines += [()] * (rows - len(lines))
    return [pad(line, columns) for line in lines]


def plain(lines: list[Line]) -> str:
    """The drawn text without styles, one line a row (for tests and logs)."""
    return "\n".join("".join(text for _, text in line).rstrip() for line in lines)
