"""K twice after the flop: behind the detail, what each opponent's range holds on this board
(issue 26, point 3), one line per opponent, walked with the arrows as every list is
(ui.browse), left with Escape or any play key; none before the flop. Through the
controller, with the coach following a real engine hand, in both languages."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from test_ui_coach import advice_now, coached, names
from ui_harness import Table, facing_raise

from audiopoker.bots.equity import ids, live
from audiopoker.coach.advice_words import detail_answer, first_answer
from audiopoker.coach.range_classes import HandClass
from audiopoker.coach.range_words import board_line
from audiopoker.engine.actions import Action, ActionKind
from audiopoker.engine.view import PlayerView, build_view
from audiopoker.i18n import Language
from audiopoker.output.message import Message
from audiopoker.ui.coach_keys import BOARD_KIND

LANGS: list[Language] = ["en", "es"]
AGAINST = {"en": "Against", "es": "Contra"}
LEFT = {
    "en": "List closed. It is your turn: T says your choices.",
    "es": "Lista cerrada. Te toca: T repite tus opciones.",
}
END = {"en": "End of the list.", "es": "Final de la lista."}
TOP = {"en": "Top of the list.", "es": "Principio de la lista."}


def on_the_flop(lang: Language) -> Table:
    """The player calls Beto's raise, Ana calls: the flop, three players, the player first."""
    table = facing_raise(lang)
    table.act(0, Action.call())
    table.act(1, Action.call())
    assert table.seat.pending is not None and len(player_view(table).board) == 3
    return table


def player_view(table: Table) -> PlayerView:
    return build_view(0, table.hand.events, ())


def percents(line: str) -> list[int]:
    return [int(word) for word in line.replace(",", " ").split() if word.isdigit()]


def board_messages(table: Table, since: int) -> list[Message]:
    return [m for m in table.output.messages[since:] if m.kind == BOARD_KIND]


@pytest.mark.parametrize("lang", LANGS)
def test_the_second_press_says_each_range_on_the_board_behind_the_detail(lang: Language) -> None:
    table = on_the_flop(lang)
    service = coached(table, seed=3)
    advice = advice_now(table, service)
    since = len(table.output.messages)
    table.controller.key("k")
    table.controller.key("k")
    said = table.output.messages[since:]
    detail = [m for m in said if m.kind == "answer"]
    assert detail[-1].text.startswith(detail_answer(advice, lang, names(table)))
    first, title = board_messages(table, since)
    # the first line follows the detail (it does not cut it), then what the list is
    assert said.index(first) > said.index(detail[-1])
    assert not first.interrupt and first.answer and first in table.output.unremembered
    assert first.text.startswith(f"{AGAINST[lang]} Ana: ") and sum(percents(first.text)) == 100
    assert first.braille_text == first.text  # shown on the display as said
    assert title.text.startswith(
        "What the ranges hold on this board: two opponents."
        if lang == "en"
        else "Lo que llevan sus rangos con esta mesa: dos rivales."
    ), title.text
    assert table.controller.lists.is_open
    # counted over the very combos the advice assumed: as many as its share says
    view = player_view(table)
    possible = len(live(None, (*ids(view.hole_cards), *ids(view.board))))
    legal = table.seat.pending
    assert legal is not None
    found = service.board_ranges(legal)
    assert found is not None and [seat for seat, _ in found] == [1, 2]
    for (seat, classes), assumed in zip(found, advice.ranges, strict=True):
        assert assumed.seat == seat
        assert classes.total == round(assumed.share * possible)
        assert sum(classes.count(kind) for kind in HandClass) == classes.total


@pytest.mark.parametrize("lang", LANGS)
def test_the_arrows_walk_the_opponents_and_escape_leaves(lang: Language) -> None:
    table = on_the_flop(lang)
    coached(table, seed=3)
    table.controller.key("k")
    table.controller.key("k")
    first = board_messages(table, 0)[0].text
    since = len(table.output.messages)
    table.controller.key("down")  # Beto, the last opponent
    (beto,) = board_messages(table, since)
    assert beto.interrupt  # an arrow cuts what was being said
    assert beto.text.startswith(f"{AGAINST[lang]} Beto: ") and beto.text.endswith(END[lang])
    assert sum(percents(beto.text)) == 100
    table.controller.key("down")  # past the end: only the edge
    table.controller.key("up")  # back to Ana, at the top
    edge, ana = (m.text for m in board_messages(table, since + 1))
    assert edge == END[lang] and ana == f"{TOP[lang]} {first}"
    table.controller.key("escape")
    assert table.output.last.text == LEFT[lang]
    assert not table.controller.lists.is_open
    table.controller.key("right")  # the arrows walk the history again
    assert table.output.calls[-1] == "next"
    assert table.take_decision() is None  # nothing was played


@pytest.mark.parametrize("lang", LANGS)
def test_a_play_key_leaves_the_list_and_plays(lang: Language) -> None:
    table = on_the_flop(lang)
    coached(table, seed=3)
    table.controller.key("k")
    table.controller.key("k")
    assert table.controller.lists.is_open
    table.controller.key("c")  # check
    assert not table.controller.lists.is_open
    decision = table.take_decision()
    assert decision is not None and decision.kind is ActionKind.CHECK


@pytest.mark.parametrize("lang", LANGS)
def test_k_again_leaves_the_list_with_the_first_answer(lang: Language) -> None:
    table = on_the_flop(lang)
    service = coached(table, seed=3)
    advice = advice_now(table, service)
    for _ in range(3):
        table.controller.key("k")
    assert not table.controller.lists.is_open
    assert table.output.last.text == first_answer(advice, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_no_list_before_the_flop(lang: Language) -> None:
    table = facing_raise(lang)
    coached(table, seed=3)
    table.controller.key("k")
    table.controller.key("k")
    assert not table.controller.lists.is_open
    assert not board_messages(table, 0)


def test_each_line_is_the_one_the_classes_say() -> None:
    """The lines name each opponent with the range_words sentence of its counted classes."""
    table = on_the_flop("en")
    service = coached(table, seed=3)
    table.controller.key("k")
    table.controller.key("k")
    legal = table.seat.pending
    assert legal is not None
    found = service.board_ranges(legal)
    assert found is not None
    expected: Sequence[str] = [board_line(names(table)[s], c, "en") for s, c in found]
    table.controller.key("down")
    lines = [m.text for m in board_messages(table, 0) if "Against" in m.text]
    assert lines == [expected[0], f"{expected[1]} {END['en']}"]
