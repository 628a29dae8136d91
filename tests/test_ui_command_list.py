"""Help's command list: in H, letters type a command's name (in the player's language,
accents and case aside) and the list keeps the commands it finds; Enter runs the one under
the cursor, Escape leaves, Backspace takes a letter back. Through the real key loop on a
pipe input, in both languages."""

from __future__ import annotations

import pytest
from ui_harness import BACKSPACE, DOWN, ENTER, ESCAPE, Table, driven, make_table

from audiopoker.engine.actions import Action
from audiopoker.ui.help_list import matches
from audiopoker.ui.keymap import default_keymap
from audiopoker.ui.ui_text import UiText

LANGS = ["en", "es"]
LESSON = {
    "en": "Type lesson: a short lesson: the hands and the betting.",
    "es": "Escribe lección: una lección breve: las jugadas y las apuestas.",
}
ONE = {"en": '1 command for "{}"; Enter runs it.', "es": '1 comando con "{}"; Intro lo ejecuta.'}


def your_turn(lang: str) -> Table:
    table = make_table(lang=lang)
    table.act(2, Action.raise_to(6))
    assert table.seat.pending is not None
    return table


def typed(keys: object, text: str) -> None:
    for char in text:
        keys.press(char)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("lang", "name"), [("en", "les"), ("es", "LEC")])
def test_typing_keeps_what_it_finds_and_enter_runs_it(lang: str, name: str) -> None:
    table = your_turn(lang)
    lesson = table.controller.text.lesson()
    with driven(table) as keys:
        keys.press("h")
        typed(keys, name)  # Shift or Caps Lock do not matter; nor do accents
        found, count = table.output.messages[-2:]
        assert found.text == LESSON[lang] and found.interrupt and found.kind == "help"
        assert count.text == ONE[lang].format(name.lower()) and not count.interrupt
        keys.press(ENTER)
    first = next(m for m in table.output.messages if m.kind == "lesson")
    assert first.text == lesson[0]  # the lesson opened
    assert table.take_decision() is None  # typing never bet: C, A, F were letters of names


@pytest.mark.parametrize(("lang", "name", "line"), [
    ("en", "call", "C: check, or call what you owe."),
    ("es", "seguir", "C: seguir, o ver si no debes nada."),
])  # fmt: skip
def test_a_betting_command_found_by_name_acts(lang: str, name: str, line: str) -> None:
    table = your_turn(lang)
    with driven(table) as keys:
        keys.press("h")
        typed(keys, name)
        assert table.output.messages[-2].text == line  # named first, before what mentions it
        keys.press(ENTER)
    assert table.take_decision() == Action.call()


@pytest.mark.parametrize("lang", LANGS)
def test_a_letter_nothing_has_is_not_kept_and_backspace_goes_back(lang: str) -> None:
    table = your_turn(lang)
    name = {"en": "les", "es": "lec"}[lang]
    with driven(table) as keys:
        keys.press("h")
        everything = table.output.messages[-1].text
        typed(keys, name)
        keys.press("q")  # no command has "lesq"
        refused = table.output.last.text
        keys.press(BACKSPACE)  # "le": more commands again
        several = table.output.last.text
        for _ in name[:-1]:
            keys.press(BACKSPACE)
        again = table.output.messages[-2:]
        keys.press("x")  # nothing has it either
        keys.press(BACKSPACE)  # nothing typed: help stays open, from its start
        assert table.output.messages[-1].text == everything
        keys.press(ENTER)  # nothing typed any more: Enter leaves, as always
    assert refused == {"en": 'No command has "lesq".', "es": 'Ningún comando tiene "lecq".'}[lang]
    assert '"le"' in several  # what "le" finds
    assert again[1].text == everything  # help's whole list, its count and its keys
    assert (
        table.output.last.text
        == {
            "en": "List closed. It is your turn: T says your choices.",
            "es": "Lista cerrada. Te toca: T repite tus opciones.",
        }[lang]
    )
    assert [m for m in table.output.messages if m.kind == "lesson"] == []


@pytest.mark.parametrize("lang", LANGS)
def test_escape_leaves_without_running_and_arrows_walk_what_was_found(lang: str) -> None:
    table = your_turn(lang)
    with driven(table) as keys:
        keys.press("h")
        typed(keys, {"en": "message", "es": "mensaje"}[lang])
        count = table.output.last.text
        keys.press(DOWN)
        second = table.output.last.text
        keys.press(ESCAPE)
    # The history's four by name, then what mentions messages: M and Tab.
    assert count.startswith(("6 commands", "6 comandos")), count
    assert second == {"en": "Right arrow: the next message.",
                      "es": "Flecha derecha: el mensaje siguiente."}[lang]  # fmt: skip
    assert table.output.calls == []  # nothing was run


def test_a_name_finds_its_command_before_one_that_only_mentions_it() -> None:
    table = your_turn("en")
    with driven(table) as keys:
        keys.press("h")
        typed(keys, "last ha")
        assert table.output.messages[-2].text == (
            "Type last hand: hear the last hand again, action by action."
        )
        keys.press(BACKSPACE)
        keys.press(BACKSPACE)
        keys.press(BACKSPACE)  # "last": the last action is named so too, and comes first
        assert table.output.messages[-2].text == "L: the last action."
    assert matches("Última mano", "ultima MA") and not matches("pot", "pots")


@pytest.mark.parametrize(("lang", "reach"), [("en", "H and type level"),
                                             ("es", "H y escribe nivel")])  # fmt: skip
def test_a_command_with_no_key_is_named_by_how_to_reach_it(lang: str, reach: str) -> None:
    text = UiText("es" if lang == "es" else "en")
    assert text.reach(default_keymap(), "level") == reach
    assert text.reach(default_keymap(), "pot") == "P"


# The first command a letter finds: one whose name begins with it, as a screen reader's
# first-letter navigation goes; a card's line has the letter only in a later word.
FIRST_FOUND = {
    "en": ("n", "N: the next player: seat, name, chips and status."),
    "es": ("n", "Escribe números de la partida: "),
}


@pytest.mark.parametrize("lang", LANGS)
def test_a_letter_finds_first_the_names_that_begin_with_it(lang: str) -> None:
    table = your_turn(lang)
    letter, first = FIRST_FOUND[lang]
    card = table.controller.text.help_line("1", table.controller.text.action_description("card_1"))
    with driven(table) as keys:
        keys.press("h")
        keys.press(letter)
        found = table.output.messages[-2].text
        walked = []
        for _ in range(12):
            keys.press(DOWN)
            walked.append(table.output.last.text)
    assert found.startswith(first), found
    assert any(card in line for line in walked), walked  # still found, further on


NOT_HERE = {
    "en": ("lev", '"level" works only in a tournament, and this game is not one.'),
    "es": ("niv", '"nivel" solo funciona en un torneo, y esta partida no lo es.'),
}


@pytest.mark.parametrize("lang", LANGS)
def test_a_command_this_table_lacks_says_why_when_typed(lang: str) -> None:
    table = your_turn(lang)
    typed_name, why = NOT_HERE[lang]
    with driven(table) as keys:
        keys.press("h")
        typed(keys, typed_name)
        assert table.output.last.text == why  # not 'No command has "lev"'
        keys.press("e")  # the name typed on: still why
        assert table.output.last.text == why
        keys.press("q")  # no command at all has it: not kept
        assert table.output.last.text.endswith(f'"{typed_name}eq".')
        for _ in typed_name:
            keys.press(BACKSPACE)  # "l" / "n": commands of this table again
        assert table.output.messages[-2].text != why
        typed(keys, typed_name[1:])
        keys.press(ENTER)  # on why: Enter leaves, nothing runs
    assert table.output.calls == []
    assert table.output.last.text.startswith(("List closed.", "Lista cerrada."))


@pytest.mark.parametrize(("lang", "name", "why"), [
    ("en", "fold", '"fold" needs a seat at the table, and you are watching.'),
    ("es", "irse", '"irse" necesita un asiento en la mesa, y estás mirando.'),
])  # fmt: skip
def test_a_watcher_typing_a_betting_command_hears_why(lang: str, name: str, why: str) -> None:
    table = make_table(lang=lang, me=None)
    with driven(table) as keys:
        keys.press("h")
        typed(keys, name)
    assert table.output.last.text == why


def test_a_tournament_finds_its_level() -> None:
    table = your_turn("es")
    table.controller._level = lambda: ["Nivel 1 de 3: ciegas 1 y 2."]
    with driven(table) as keys:
        keys.press("h")
        typed(keys, "niv")
        keys.press(ENTER)
    assert table.output.last.text == "Nivel 1 de 3: ciegas 1 y 2."
