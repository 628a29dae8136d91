"""Enter sent as a line feed (Control+J, as some terminals send it) is Enter to the player:
named so, and doing what Enter does in help, the amount entry and a question; a keymap that
binds Control+J itself keeps it. Through the real key loop on a pipe input, both languages."""

from __future__ import annotations

import pytest
from ui_harness import driven, make_table

from audiopoker.engine.actions import Action
from audiopoker.ui.keymap import Mode, apply_overrides, default_keymap
from audiopoker.ui.ui_text import UiText

LINE_FEED = "\n"


@pytest.mark.parametrize(("lang", "enter"), [("en", "Enter"), ("es", "Intro")])
def test_a_line_feed_is_named_enter(lang: str, enter: str) -> None:
    text = UiText("es" if lang == "es" else "en")
    assert text.key_name("c-j") == text.key_name("c-m") == enter
    assert text.key_name("c-k") in ("Control+K", "Control más K")  # other controls stay


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_line_feed_runs_a_command_found_in_help(lang: str) -> None:
    table = make_table(lang=lang)
    lesson = table.controller.text.lesson()
    with driven(table) as keys:
        keys.press("h")
        for char in {"en": "les", "es": "lec"}[lang]:
            keys.press(char)
        keys.press(LINE_FEED)
    assert any(m.kind == "lesson" and m.text == lesson[0] for m in table.output.messages)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_line_feed_bets_the_amount_typed(lang: str) -> None:
    table = make_table(lang=lang)
    table.act(2, Action.call())  # the player (small blind) may raise
    with driven(table) as keys:
        keys.press("r")
        keys.press("8")
        keys.press(LINE_FEED)
    assert table.take_decision() == Action.raise_to(8)


def test_a_keymap_binding_control_j_keeps_it() -> None:
    keymap = apply_overrides(default_keymap(), '[game]\nlast_action = ["c-j"]\n', "mine")
    assert keymap.action_for(Mode.GAME, "c-j") == "last_action"
    assert keymap.action_for(Mode.LIST, "c-j") is None  # no longer Enter anywhere
    assert default_keymap().action_for(Mode.AMOUNT, "c-j") == "amount_confirm"
