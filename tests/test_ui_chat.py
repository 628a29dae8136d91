"""The chat line of a network table (audiopoker.ui.chat_keys) through the real key loop:
Enter opens it, every key is then a character of the line (C and F are text, never check
or fold), Enter sends it, Escape drops it, Control+C still quits, F2 mutes the others' lines;
a local game has no chat line and says so."""

from __future__ import annotations

import pytest
from ui_harness import (
    BACKSPACE,
    CTRL_C,
    ENTER,
    ESCAPE,
    UP,
    Table,
    check_is_free,
    driven,
    facing_raise,
)

from audiopoker.engine.actions import Action
from audiopoker.ui.chat_keys import ChatLine
from audiopoker.ui.controller import Controller
from audiopoker.ui.keymap import Mode

F2, F5, TAB = "\x1bOQ", "\x1b[15~", "\t"
OPEN = "Chat: type a line, Enter sends it, Escape cancels."
KEYS_HINT = "In the chat line: Enter sends, Escape cancels."


def with_chat(table: Table, limit: int = 200) -> tuple[ChatLine, list[str]]:
    """Give the table's controller a chat line; return it and the lines it sends."""
    sent: list[str] = []
    chat = ChatLine(sent.append, table.output, table.controller.text, limit=limit)
    table.controller.chat = chat
    return chat, sent


def count_submits(table: Table, monkeypatch: pytest.MonkeyPatch) -> list[Action]:
    """Every action the keys hand to the seat, recorded as it is handed."""
    submitted: list[Action] = []
    original = table.seat.submit

    def spy(action: Action) -> bool:
        submitted.append(action)
        return original(action)

    monkeypatch.setattr(table.seat, "submit", spy)
    return submitted


def test_the_controller_takes_a_chat_line_as_a_keyword() -> None:
    table = facing_raise()
    old = table.controller
    sent: list[str] = []
    chat = ChatLine(sent.append, table.output, old.text)
    controller = Controller(
        state=old.state,
        seat=table.seat,
        output=table.output,
        words=old.words,
        text=old.text,
        keymap=old.keymap,
        on_quit=lambda: None,
        chat=chat,
    )
    for name in ["c-m", "O", "k", "enter"]:
        controller.key(name)
    assert sent == ["Ok"]
    assert not controller.typing


def test_typing_with_shift_capitals_sends_exactly_the_text(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = facing_raise()
    chat, sent = with_chat(table)
    submitted = count_submits(table, monkeypatch)
    with driven(table) as keys:
        keys.press(ENTER)
        assert chat.typing and table.output.last.text == OPEN
        start = len(table.output.messages)
        keys.press("Hola Ana", keys=8)  # Shift+H and Shift+A arrive as "H" and "A"
        echoes = table.output.texts[start:]
        keys.press(ENTER)
    assert echoes == ["H", "o", "l", "a", "Space", "A", "n", "a"]
    typed = [m.braille_text for m in table.output.messages[start : start + 8]]
    assert typed[3] == "Hola" and typed[-1] == "Hola Ana"  # the display shows the line
    assert all(m.interrupt for m in table.output.messages[start:]), "answers, said at once"
    assert sent == ["Hola Ana"]
    assert not chat.typing and chat.buffer == ""
    assert submitted == [] and table.seat.pending is not None


def test_the_line_says_spanish_letters_signs_and_spaces_as_a_player_hears_them() -> None:
    table = facing_raise("es")
    chat, sent = with_chat(table)
    with driven(table) as keys:
        keys.press(ENTER)
        assert table.output.last.text == "Chat: escribe una línea, Intro la envía, Escape cancela."
        start = len(table.output.messages)
        keys.press("¿Ñu? 7", keys=6)
        echoes = table.output.texts[start:]
        keys.press(ENTER)
    assert echoes == ["¿", "Ñ", "u", "signo de interrogación", "Espacio", "7"]
    assert sent == ["¿Ñu? 7"] and not chat.typing


def test_backspace_deletes_the_last_character_and_says_which() -> None:
    table = facing_raise()
    chat, sent = with_chat(table)
    with driven(table) as keys:
        keys.press(ENTER)
        keys.press(BACKSPACE)
        assert table.output.last.text == "Nothing to delete: the line is empty."
        keys.press("Hox", keys=3)
        keys.press(BACKSPACE)
        assert table.output.last.text == "Deleted: x."
        keys.press(" ")
        keys.press(BACKSPACE)
        assert table.output.last.text == "Deleted: Space."
        keys.press("la", keys=2)
        assert chat.buffer == "Hola"
        keys.press(ENTER)
    assert sent == ["Hola"]


def test_escape_sends_nothing_and_the_keys_are_the_tables_again() -> None:
    table = facing_raise()
    chat, sent = with_chat(table)
    with driven(table) as keys:
        keys.press(ENTER)
        keys.press("hi", keys=2)
        keys.press(ESCAPE)
        assert table.output.last.text == "Chat cancelled."
        assert not chat.typing and chat.buffer == ""
        keys.press("c")  # closed: C calls again
    assert sent == []
    assert table.take_decision() == Action.call()


def test_an_empty_line_is_not_sent_and_the_line_stays_open() -> None:
    table = facing_raise()
    chat, sent = with_chat(table)
    with driven(table) as keys:
        keys.press(ENTER)
        keys.press(ENTER)
        assert table.output.last.text == "Nothing typed: type a line, or Escape to cancel."
        keys.press("   ", keys=3)
        keys.press(ENTER)
        assert table.output.last.text == "Nothing typed: type a line, or Escape to cancel."
        assert chat.typing
        keys.press(" ok ", keys=4)
        keys.press(ENTER)
    assert sent == ["ok"]  # outer spaces stripped


def test_a_full_line_takes_no_more_and_says_so() -> None:
    table = facing_raise()
    chat, sent = with_chat(table, limit=3)
    with driven(table) as keys:
        keys.press(ENTER)
        keys.press("abcd", keys=4)
        assert table.output.last.text == "The line is full: 3 characters. Enter sends it."
        assert chat.buffer == "abc"
        keys.press(ENTER)
    assert sent == ["abc"]


def test_other_named_keys_do_nothing_in_the_line_but_say_how_it_works() -> None:
    table = facing_raise()
    chat, sent = with_chat(table)
    with driven(table) as keys:
        keys.press(ENTER)
        keys.press("a")
        for key in (UP, F5, TAB, F2):  # F2 too: muting waits until the line is closed
            keys.press(key)
            assert table.output.last.text == KEYS_HINT
        assert table.output.calls == [], "the arrows walk no history while typing"
        keys.press(ENTER)
    assert sent == ["a"] and not chat.muted


def test_game_keys_typed_in_the_line_are_text_not_actions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = facing_raise()
    chat, sent = with_chat(table)
    submitted = count_submits(table, monkeypatch)
    with driven(table) as keys:
        keys.press(ENTER)
        keys.press("cCfFaArRqQhHx+809", keys=17)
        assert table.controller.mode is Mode.GAME, "no question, no amount entry"
        assert not table.controller.lists.is_open, "no help"
        assert table.pace == [1.0] and table.quits == []
        assert chat.typing
        keys.press(ENTER)
    assert sent == ["cCfFaArRqQhHx+809"]
    assert submitted == [] and table.take_decision() is None
    assert table.seat.pending is not None


def test_a_waiting_question_is_neither_confirmed_nor_closed_by_the_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = check_is_free()
    chat, sent = with_chat(table)
    submitted = count_submits(table, monkeypatch)
    with driven(table) as keys:
        keys.press("f")  # "Checking is free. Press F again to fold."
        assert table.controller.mode is Mode.CONFIRM
        keys.press(ENTER)
        keys.press("ff", keys=2)
        assert chat.buffer == "ff"
        keys.press(ENTER)
        assert table.controller.mode is Mode.CONFIRM
    assert sent == ["ff"] and submitted == []


def test_control_c_still_quits_while_typing() -> None:
    table = facing_raise()
    chat, sent = with_chat(table)
    with driven(table) as keys:
        keys.press(ENTER)
        keys.press("bye", keys=3)
        keys.press(CTRL_C)
    assert table.quits == [True]
    assert table.output.last.text == table.controller.text.goodbye()
    assert sent == [] and not chat.typing


@pytest.mark.parametrize(
    ("lang", "muted", "on"),
    [
        ("en", "Chat muted. F2 turns it on again.", "Chat on."),
        ("es", "Chat silenciado. F2 lo vuelve a activar.", "Chat activado."),
    ],
)
def test_f2_mutes_the_chat_and_turns_it_on_again(lang: str, muted: str, on: str) -> None:
    table = facing_raise(lang)
    chat, _ = with_chat(table)
    with driven(table) as keys:
        keys.press(F2)
        assert chat.muted and table.output.last.text == muted
        keys.press(F2)
        assert not chat.muted and table.output.last.text == on
    assert table.output.unremembered == [], "the mute answers stay in the history"


def test_the_line_keeps_its_echoes_out_of_the_history() -> None:
    table = facing_raise()
    with_chat(table)
    with driven(table) as keys:
        keys.press(ENTER)
        keys.press("ab", keys=2)
        keys.press(ESCAPE)
    said = [m.text for m in table.output.unremembered]
    assert said == [OPEN, "a", "b", "Chat cancelled."]


def test_mute_said_by_a_caller_without_the_key_label() -> None:
    table = facing_raise()
    chat, _ = with_chat(table)
    chat.toggle_mute()
    assert table.output.last.text == "Chat muted. The same key turns it on again."


SOLO = {
    "en": "{key} does nothing here: chat works at a network table only. H lists the keys.",
    "es": "{key} no hace nada aquí: el chat solo funciona en una mesa en red. H enumera las"
    " teclas.",
}


@pytest.mark.parametrize(("lang", "enter"), [("en", "Enter"), ("es", "Intro")])
def test_a_local_game_says_chat_needs_a_network_table(lang: str, enter: str) -> None:
    table = facing_raise(lang)
    assert table.controller.chat is None
    with driven(table) as keys:
        keys.press(ENTER)
        assert table.output.last.text == SOLO[lang].format(key=enter)
        keys.press("\n")  # a terminal that sends Enter as a line feed: the same words
        assert table.output.last.text == SOLO[lang].format(key=enter)
        keys.press(F2)
        assert table.output.last.text == SOLO[lang].format(key="F2")
        keys.press("c")  # nothing was opened: C calls
    assert table.take_decision() == Action.call()


@pytest.mark.parametrize("name", ["c-m", "enter", "c-j"])
def test_every_name_of_enter_sends(name: str) -> None:
    table = facing_raise()
    chat, sent = with_chat(table)
    for key in ["c-m", "H", "i", name]:
        table.controller.key(key)
    assert sent == ["Hi"] and not chat.typing


def test_a_closed_line_takes_no_key() -> None:
    table = facing_raise()
    chat, _ = with_chat(table)
    assert chat.key("c") is False and chat.key("c-m") is False
    chat.open()
    assert chat.key("c-[") is True and not chat.typing  # Escape's other name
