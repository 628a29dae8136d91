"""The large view's drawing (issue 27, point 3): cards 3 to 5 lines tall by the terminal's
size, rank and suit letter in the player's language with the suit's symbol and colour,
the seats' states in words, the player's choices and armed pre-action, names cleaned,
every line exactly the terminal's width; and the themes' contrast, 7:1 or more."""

from __future__ import annotations

from dataclasses import replace

import pytest

from audiopoker.cards import Card
from audiopoker.engine.actions import ActionKind, LegalActions, Street
from audiopoker.engine.events import ActionTaken, HandStarted
from audiopoker.ui.pre_actions import Armed, PreKind
from audiopoker.ui.state import SeatState, TableSnapshot
from audiopoker.view.card_art import CARD_WIDTH, card_lines
from audiopoker.view.render import plain, render, width
from audiopoker.view.sample_table import seeded_views
from audiopoker.view.screen import paint
from audiopoker.view.table_view import decode, encode, side_pots, view_of
from audiopoker.view.themes import MIN_CONTRAST, STYLES, THEMES, contrast, luminance

START = HandStarted(4, 3, 0, 1, (0, 1, 2, 3), (200, 200, 50, 200), 1, 2, 0, False)
LEGAL = LegalActions(0, False, 10, False, ActionKind.RAISE, 22, 190, 190, 2, 40)


def snapshot(**changes: object) -> TableSnapshot:
    """Four seats on the flop: the player (small blind) to act against a raise, Ana
    (big blind) raised, Eve all in for less, Dan (the button) folded."""
    seats = (
        SeatState("Tú", 190, committed=2, contributed=4, in_hand=True),
        SeatState("Ana", 168, committed=12, contributed=14, in_hand=True),
        SeatState("Eve\x1b[2J\u202e", 0, contributed=10, in_hand=True, all_in=True),
        SeatState("Dan", 198, contributed=2, in_hand=True, folded=True),
    )
    base = TableSnapshot(
        seats=seats, me=0, big_blind=2, hand_number=4, hand_running=True, button=3,
        small_blind_seat=0, big_blind_seat=1, street=Street.FLOP,
        board=(Card("As"), Card("Th"), Card("2c")), pot=30, actor=0, actor_legal=LEGAL,
        my_cards=(Card("Kd"), Card("Qs")), hand_start=START,
    )  # fmt: skip
    return replace(base, **changes)  # type: ignore[arg-type]


RAISE = ActionTaken(1, ActionKind.RAISE, 10, 12, False, 168, 30, Street.FLOP)


def drawn(lang: str = "en", columns: int = 80, rows: int = 40, **changes: object) -> str:
    view = view_of(snapshot(**changes), lang, last={1: RAISE})
    return plain(render(view, columns, rows))


def words_of(text: str) -> str:
    """``text`` with its lines joined (a phrase wrapped at the terminal's edge reads whole)."""
    return " ".join(text.split())


def card_height(text: str) -> int:
    """How tall the board's cards are drawn: the rows from a frame's top to its bottom."""
    lines = text.splitlines()
    top = next(i for i, line in enumerate(lines) if line.startswith("┌"))
    return next(i for i in range(top, len(lines)) if lines[i].startswith("└")) - top + 1


@pytest.mark.parametrize("height", [3, 4, 5])
def test_a_card_is_its_height_and_width_with_rank_suit_letter_and_symbol(height: int) -> None:
    lines = card_lines(Card("Th"), "en", height)
    assert len(lines) == height
    assert all(width("".join(text for _, text in line)) == CARD_WIDTH for line in lines)
    text = "".join(text for line in lines for _, text in line)
    assert "10h" in text and "♥" in text
    assert {style for line in lines for style, _ in line} == {"card", "hearts"}


@pytest.mark.parametrize(("rows", "height"), [(40, 5), (23, 5), (22, 4), (21, 4), (20, 3), (12, 3)])
def test_the_cards_are_as_tall_as_the_terminal_allows(rows: int, height: int) -> None:
    assert card_height(drawn(rows=rows)) == height


@pytest.mark.parametrize(
    ("lang", "cards"),
    [("en", ["As", "10h", "2c", "Kd", "Qs"]), ("es", ["Ap", "10c", "2t", "Kd", "Qp"])],
)
def test_suit_letters_are_the_players_language_and_symbols_are_there(
    lang: str, cards: list[str]
) -> None:
    text = drawn(lang)
    for card in cards:
        assert f"│{card:<5}│" in text
    for symbol in "♠♥♣♦":
        assert symbol in text


def test_each_suit_has_its_colour_style() -> None:
    view = view_of(snapshot(), "en")
    styles = {
        text.strip(): style for line in render(view, 80, 40) for style, text in line if text.strip()
    }
    assert (styles["♠"], styles["♥"], styles["♦"], styles["♣"]) == (
        "spades", "hearts", "diamonds", "clubs",
    )  # fmt: skip


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["Hand 4 · Flop · Pot 30", "YOUR TURN", "Board", "Your cards", "Tú (you)",
                "small blind", "big blind", "button", "raised to 12", "FOLDED", "ALL IN",
                "small blind · YOUR TURN", "190 chips", "Main pot 26, side pots 4"]),
        ("es", ["Mano 4 · Flop · Bote 30", "TE TOCA", "Mesa", "Tus cartas", "Tú (tú)",
                "ciega pequeña", "ciega grande", "botón", "subió a 12", "SE FUE", "RESTO",
                "ciega pequeña · TE TOCA", "190 fichas", "Bote principal 26, botes secundarios 4"]),
    ],
)  # fmt: skip
def test_the_table_and_the_seats_states_are_in_words(lang: str, words: list[str]) -> None:
    text = words_of(drawn(lang))
    for word in words:
        assert word in text, word
    other = words_of(drawn(lang, actor=1, actor_legal=replace(LEGAL, seat=1)))
    assert {"en": "raised to 12 · TO ACT", "es": "subió a 12 · LE TOCA"}[lang] in other


@pytest.mark.parametrize(
    ("lang", "choices"),
    [
        ("en", "Your choices: fold · call 10 · raise to 22–190 · all in 190"),
        ("es", "Puedes: irte · seguir con 10 · subir a 22–190 · el resto, 190"),
    ],
)
def test_the_players_choices_are_shown_on_their_turn(lang: str, choices: str) -> None:
    assert choices in drawn(lang)
    assert "choices" not in drawn("en", actor=1, actor_legal=replace(LEGAL, seat=1))
    assert "Ana to act" in drawn("en", actor=1, actor_legal=replace(LEGAL, seat=1))


@pytest.mark.parametrize(
    ("armed", "en", "es"),
    [
        (Armed(PreKind.CHECK_FOLD, 0), "Armed: check or fold",
         "Preparado: ver, o irte si apuestan"),
        (Armed(PreKind.CALL, 0), "Armed: check", "Preparado: ver"),
        (Armed(PreKind.CALL, 12), "Armed: call 12", "Preparado: seguir con 12"),
        (Armed(PreKind.CALL_ANY, 12), "Armed: call any bet",
         "Preparado: seguir con lo que apuesten"),
    ],
)  # fmt: skip
def test_the_armed_pre_action_is_shown(armed: Armed, en: str, es: str) -> None:
    for lang, words in (("en", en), ("es", es)):
        view = view_of(snapshot(actor=1), lang, armed)
        assert words in plain(render(view, 80, 40))
        # Kept in sight on a terminal too short for the whole table (the words wrapped).
        assert words in " ".join(plain(render(view, 30, 12)).split())


def test_every_line_is_the_terminals_width_and_there_are_its_rows() -> None:
    for columns, rows in ((80, 24), (40, 30), (24, 10), (130, 50), (5, 2)):
        lines = render(view_of(snapshot(), "es"), columns, rows)
        assert len(lines) == rows
        assert all(sum(width(text) for _, text in line) == columns for line in lines)


def test_names_reach_the_terminal_without_control_characters() -> None:
    view = view_of(snapshot(), "en")
    assert view.seats[2].name == "Eve[2J"
    painted = paint(render(view, 80, 40), THEMES["dark"])
    assert "\u202e" not in painted and "Eve[2J" in painted
    # A name that comes over the channel is cleaned again.
    dirty = encode(view).replace(b"Eve[2J", b"Eve\\u0007")
    assert decode(dirty).seats[2].name == "Eve"


def test_side_pots_only_when_someone_is_all_in_for_less() -> None:
    assert side_pots(snapshot()) == (26, 4)
    level = tuple(replace(seat, all_in=False) for seat in snapshot().seats)
    assert side_pots(snapshot(seats=level)) == ()


def test_a_view_crosses_the_channel_whole() -> None:
    view = view_of(snapshot(), "es", Armed(PreKind.CALL, 10), {1: RAISE})
    assert decode(encode(view)) == view
    assert encode(view).count(b"\n") == 1 and b'"As"' in encode(view)


def test_a_seeded_games_views_draw_at_two_sizes() -> None:
    views = list(seeded_views(seed=3, hands=3, lang="es"))
    assert any(view.choices is not None for view in views)
    assert any(view.armed is not None for view in views)
    for view in views:
        for columns, rows in ((80, 24), (50, 40)):
            assert len(render(view, columns, rows)) == rows


@pytest.mark.parametrize("name", list(THEMES))
def test_every_pair_of_every_theme_reaches_seven_to_one(name: str) -> None:
    theme = THEMES[name]
    assert set(theme.styles) == set(STYLES)
    for style, foreground, background in theme.pairs():
        ratio = contrast(foreground, background)
        assert ratio >= MIN_CONTRAST, f"{name} {style}: {ratio:.2f}"


def test_the_contrast_formula_is_wcags() -> None:
    assert luminance((0, 0, 0)) == 0 and luminance((255, 255, 255)) == pytest.approx(1)
    assert contrast((255, 255, 255), (0, 0, 0)) == pytest.approx(21)
    # WCAG's own example values: #777 on white is 4.48:1.
    assert contrast((0x77, 0x77, 0x77), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)
    assert THEMES["contrast"].styles["text"] == ((255, 255, 0), (0, 0, 0))


@pytest.mark.parametrize(
    ("lang", "shown"),
    [
        ("en", ["Pot 15 BB", "95 BB", "raised to 6 BB", "call 5 BB", "raise to 11 BB–95 BB"]),
        ("es", ["95 ciegas", "subió a 6 ciegas", "11 ciegas–95 ciegas"]),
    ],
)
def test_amounts_are_shown_in_big_blinds_when_the_player_hears_them_so(
    lang: str, shown: list[str]
) -> None:
    """--amounts bb: every figure of the view in big blinds, with its unit (issue 27)."""
    view = view_of(snapshot(), lang, last={1: RAISE}, big_blind=2)
    text = words_of(plain(render(view, 100, 40)))
    for part in shown:
        assert part in text, (part, text)
    assert "190" not in text and "chips" not in text and "fichas" not in text
