"""The history keeps the table's messages and the player's answers apart: M says the newest
table message, never an answer; Left and Right walk the table; the view switch (Tab) walks
the answers, and back. With the real router, in both languages."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from ui_harness import driven, make_table

from audiopoker.output.backends import RecordingBackend
from audiopoker.output.message import Message
from audiopoker.output.message_history import History, View
from audiopoker.output.router import Router

WORDS = {
    "en": {
        "answers": "Your answers: {}",
        "table": "Table messages: {}",
        "no_answers": "Your answers: none yet.",
        "first": "First message. {}",
        "last": "{} Last message.",
    },
    "es": {
        "answers": "Tus respuestas: {}",
        "table": "Mensajes de la mesa: {}",
        "no_answers": "Tus respuestas: ninguna todavía.",
        "first": "Primer mensaje. {}",
        "last": "{} Último mensaje.",
    },
}


def test_the_history_keeps_both_in_order_and_walks_one_view() -> None:
    history = History()
    told = [
        Message("action_taken", "Ana calls 2."),
        Message("answer", "You have 199 chips.", interrupt=True),
        Message("action_taken", "Beto raises to 6."),
        Message("answer", "Ana calls 2.", interrupt=True),  # L: the last action again
    ]
    for message in told:
        history.append(message)
    assert list(history) == told and len(history) == 4
    assert history.current == told[2] and history.position == (2, 2)
    assert history.previous() == told[0]
    assert history.switch() is View.ANSWERS and history.current == told[3]
    assert history.previous() == told[1] and history.at_start
    assert history.newest_table() == told[2] and history.view is View.TABLE


@pytest.mark.parametrize("lang", ["en", "es"])
def test_m_says_the_table_and_tab_walks_the_answers(lang: str) -> None:
    words = WORDS[lang]
    backend = RecordingBackend()
    router = Router(backend, lang=lang)

    def press(key: Callable[[], object]) -> str:
        before = len(backend.spoken)
        key()
        router.drain()  # a person presses keys slower than the dispatch thread
        (said,) = backend.spoken[before:]
        return said

    assert press(router.history_view) == words["no_answers"]
    press(router.history_view)  # back to the table
    router.send(Message("action_taken", "Ana calls 2."))
    router.send(Message("answer", "You have 199 chips.", interrupt=True))
    router.send(Message("action_taken", "Beto raises to 6."))
    router.send(Message("answer", "Ana calls 2. (L)", interrupt=True))
    router.drain()
    assert press(router.repeat_last) == "Beto raises to 6."  # not L's answer
    assert press(router.history_previous) == words["first"].format("Ana calls 2.")
    assert press(router.history_next) == words["last"].format("Beto raises to 6.")
    assert press(router.history_view) == words["answers"].format("Ana calls 2. (L)")
    assert press(router.history_previous) == words["first"].format("You have 199 chips.")
    assert press(router.history_view) == words["table"].format("Beto raises to 6.")
    press(router.history_view)
    assert press(router.repeat_last) == "Beto raises to 6."  # M goes back to the table
    assert press(router.history_previous) == words["first"].format("Ana calls 2.")
    router.close()
    assert len(router.history) == 4  # what the keys said did not enter the history


def test_tab_is_the_view_switch_at_the_table() -> None:
    table = make_table()
    with driven(table) as keys:
        keys.press("\t")
    assert table.output.calls == ["view"]
