"""Help (H), the options (O), the lesson and the last hand are lists walked by ear, item by
item, with their edges said; the message history's edges are said too, and Home goes to the
start of the hand first. Through the real key loop (pipe input), in both languages."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from ui_harness import (
    DOWN,
    END,
    ENTER,
    ESCAPE,
    HOME,
    LEFT,
    RIGHT,
    UP,
    Table,
    driven,
    make_table,
    run_by_name,
    wait_until,
)

from audiopoker.engine.actions import Action
from audiopoker.output.backends import RecordingBackend
from audiopoker.output.message import Message
from audiopoker.output.router import Router
from audiopoker.ui.browse import Browser, Edge, HelpContext, ListKeys, help_items
from audiopoker.ui.keymap import default_keymap
from audiopoker.ui.ui_text import UiText

WORDS = {
    "en": {
        "top": "Top of the list.",
        "end": "End of the list.",
        "closed": "List closed.",
        "your_turn": "List closed. It is your turn: T says your choices.",
        "betting": "On your turn:",
        "table": "About the table, at any time:",
        "call": "C: check, or call what you owe.",
    },
    "es": {
        "top": "Principio de la lista.",
        "end": "Final de la lista.",
        "closed": "Lista cerrada.",
        "your_turn": "Lista cerrada. Te toca: T repite tus opciones.",
        "betting": "En tu turno:",
        "table": "Sobre la mesa, en cualquier momento:",
        "call": None,  # checked by position below
    },
}


def your_turn(lang: str = "en") -> Table:
    """The player (small blind) faces Beto's raise to 6."""
    table = make_table(lang=lang)
    table.act(2, Action.raise_to(6))
    assert table.seat.pending is not None
    return table


def said(table: Table, start: int = 0) -> list[str]:
    return table.output.texts[start:]


# --- the pure model -------------------------------------------------------------------------


@given(st.integers(1, 12), st.lists(st.sampled_from("npfl"), max_size=40))
def test_the_cursor_stays_inside_and_every_edge_is_told(size: int, moves: list[str]) -> None:
    browser = Browser(list(range(size)))
    for move in moves:
        before = browser.cursor
        step = {"n": browser.next, "p": browser.previous, "f": browser.first, "l": browser.last}[
            move
        ]()
        assert 0 <= browser.cursor < size
        if step.item is None:  # pushed past an edge: the cursor did not move
            assert browser.cursor == before
            assert step.edge is (Edge.END if move == "n" else Edge.TOP)
        else:
            assert step.item == browser.current
            if browser.cursor == 0:
                assert step.edge is Edge.TOP
            elif browser.cursor == size - 1:
                assert step.edge is Edge.END
            else:
                assert step.edge is None


def test_an_empty_list_is_refused() -> None:
    with pytest.raises(ValueError):
        Browser([])


# --- help by context ------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "es"])
def test_help_lists_the_keys_of_the_moment_first(lang: str) -> None:
    text, keymap = UiText("es" if lang == "es" else "en"), default_keymap()
    words = WORDS[lang]
    mine = help_items(text, keymap, HelpContext.YOUR_TURN)
    theirs = help_items(text, keymap, HelpContext.THEIR_TURN)
    amount = help_items(text, keymap, HelpContext.AMOUNT)
    watching = help_items(text, keymap, HelpContext.WATCHING)
    assert mine[0] == words["betting"] and mine[1].startswith("C: ")
    assert theirs[0] == words["table"] and theirs[1].startswith("S: ")
    assert amount[0] == text.help_amount_intro()
    assert words["betting"] not in watching  # a watcher has no betting keys
    # The same keys, in another order; off the turn, C and F say what they arm.
    assert len(mine) == len(theirs)
    assert len(set(mine) ^ set(theirs)) == 4  # C and F, each said its way
    arming = [line for line in theirs if line not in mine]
    assert [line[:2] for line in arming] == ["C:", "F:"]
    assert mine[-7] == text.browse("section.list")  # the list's own six keys come last


# --- H through the key loop -----------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "es"])
def test_help_is_walked_item_by_item_with_the_edges_said(lang: str) -> None:
    table = your_turn(lang)
    words = WORDS[lang]
    lines = table.controller.help_lines()
    with driven(table) as keys:
        keys.press("h")
        first, after = table.output.messages[:2]
        assert first.text == lines[0] == words["betting"]
        assert first.interrupt  # the first item at once, before any other word
        assert not after.interrupt and after.answer  # the count and the keys after it
        keys.press(DOWN)
        assert table.output.last.text == lines[1]
        keys.press(RIGHT)  # Left and Right walk the list too
        assert table.output.last.text == lines[2]
        keys.press(LEFT)
        keys.press(UP)
        assert table.output.last.text == f"{words['top']} {lines[0]}"
        keys.press(UP)  # past the top: only the edge
        assert table.output.last.text == words["top"]
        keys.press(END)
        assert table.output.last.text == f"{lines[-1]} {words['end']}"
        keys.press(DOWN)
        assert table.output.last.text == words["end"]
        keys.press(HOME)
        assert table.output.last.text == f"{words['top']} {lines[0]}"
        keys.press(ESCAPE)
        assert table.output.last.text == words["your_turn"]
        keys.press(DOWN)  # the list is closed: Down means nothing at the table
        assert table.output.last.kind == "answer"
    help_messages = [m for m in table.output.messages if m.kind == "help"]
    assert all(m.interrupt for m in help_messages[2:])  # each arrow cuts the item before
    assert table.output.unremembered == help_messages  # list items stay out of the history
    assert table.output.calls == []  # no arrow reached the message history


@pytest.mark.parametrize(
    ("lang", "after"),
    [
        ("en", "Help: {count} lines. Up arrow and Down arrow walk it; letters find a command;"
         " Escape closes it."),
        ("es", "Ayuda: {count} líneas. {up} y {down} la recorren; las letras buscan un comando;"
         " {escape} la cierra."),
    ],
)  # fmt: skip
def test_a_list_starts_with_its_first_item_then_the_count_and_keys_short(
    lang: str, after: str
) -> None:
    table = make_table(lang=lang)
    name = table.controller.text.key_name
    with driven(table) as keys:
        keys.press("?")
    lines = table.controller.help_lines()
    first, words = table.output.messages[:2]
    assert first.text == lines[0] == WORDS[lang]["table"] and first.interrupt
    assert words.text == after.format(
        count=len(lines), up=name("up"), down=name("down"), enter=name("c-m"), escape=name("escape")
    )
    assert words.braille == lines[0]  # the display keeps the item while the words are said
    assert len(words.text) < 110  # short: the count and how to move, no preamble


def test_another_key_closes_the_list_and_does_what_it_does() -> None:
    table = your_turn()
    with driven(table) as keys:
        keys.press("o")  # the options: a list where letters are not typed
        keys.press("s")
        assert table.output.last.text == "You have 199 chips, and 1 bet this round."
        keys.press(LEFT)  # back to the message history
        assert table.output.calls == ["previous"]
        keys.press("c")  # and the betting keys act
    assert table.take_decision() == Action.call()


def test_enter_leaves_and_help_in_the_amount_entry_starts_with_its_keys() -> None:
    table = your_turn()
    text = table.controller.text
    with driven(table) as keys:
        keys.press("r")
        keys.press("h")
        assert table.output.messages[-2].text == text.help_amount_intro()  # first, at once
        keys.press(ENTER)  # leaves the list, bets nothing
        assert table.output.last.text == "List closed. You are still typing a raise amount."
        assert table.take_decision() is None
        keys.press(UP)  # the amount entry has its arrows back
        assert table.output.last.text == "12."
        before = len(table.output.messages)
        keys.press(ESCAPE)  # a second Escape cancels the amount, as without the list
    assert said(table, before)[0].startswith("Raise cancelled")


# --- the lesson and its glossary (no key: help's command list runs it) ----------------------


@pytest.mark.parametrize(
    ("lang", "terms"),
    [
        (
            "en",
            ["Button:", "Blinds:", "Under the gun, or UTG:", "Cutoff:", "Hijack:", "Lojack:",
             "Kicker:", "Side pot:", "Main pot:", "Split pot:", "Check:", "Call:", "Raise:",
             "All in:", "Showdown:", "Board:", "Flop:", "Turn:", "River:", "Big blind ante:"],
        ),
        (
            "es",
            ["Botón:", "Ciegas:", "Primero en hablar:", "Justo antes del botón:",
             "Dos asientos antes del botón:", "Tres asientos antes del botón:", "Kicker:",
             "Bote secundario:", "Bote principal:", "Bote repartido:", "Ver:", "Seguir:",
             "Subir:", "Jugar el resto:", "Mostrar las cartas:", "Mesa:", "Flop:", "Turn:",
             "River:", "Ante de la ciega grande:", "En inglés,"],
        ),
    ],
)  # fmt: skip
def test_the_lesson_ends_with_a_glossary_walked_by_arrow(lang: str, terms: list[str]) -> None:
    table = make_table(lang=lang)
    lesson = table.controller.text.lesson()
    with driven(table) as keys:
        keys.press("h")
        for char in {"en": "lesson", "es": "leccion"}[lang]:  # accents need not be typed
            keys.press(char)
        start = len(table.output.messages)
        keys.press(ENTER)
        heard = [table.output.messages[start].text]  # the first item, before any other word
        for _ in range(len(lesson) - 1):
            keys.press(DOWN)
            heard.append(table.output.last.text)
    assert heard[0] == lesson[0]
    assert heard[1].startswith(("Straight flush", "Escalera de color"))
    assert heard[-1].endswith(WORDS[lang]["end"])
    for term in terms:
        assert any(line.startswith(term) for line in heard), term
    assert all(len(line) < 240 for line in lesson)  # short, one idea an arrow


# --- the last hand (no key: help's command list runs it) ------------------------------------

HAND = [
    Message("hand_started", "Hand 3. Ana has the button."),
    Message("action_taken", "Beto raises to 6."),
    Message("action_taken", "You call 4.", braille="You call 4."),
    Message("pot_awarded", "Beto shows Ks Kd and wins 12."),
]


@pytest.mark.parametrize(
    ("lang", "opening"),
    [
        ("en", "Hand 3 again: 4 lines; the game goes on meanwhile."),
        ("es", "La mano 3 otra vez: 4 líneas; la partida sigue mientras tanto."),
    ],
)  # fmt: skip
def test_the_last_hand_is_told_one_action_per_arrow(lang: str, opening: str) -> None:
    table = your_turn(lang)
    table.controller.records.last_hand = lambda: (3, HAND)  # type: ignore[method-assign]
    with driven(table) as keys:
        run_by_name(keys, {"en": "last hand", "es": "ultima mano"}[lang])
        told = [m for m in table.output.messages if m.kind == "replay"]
        assert told[0].text == HAND[0].text  # the first action at once
        assert told[1].text.startswith(opening)
        for message in HAND[1:-1]:
            keys.press(DOWN)
            assert table.output.last.text == message.text
        keys.press(DOWN)
        assert table.output.last.text == f"{HAND[-1].text} {WORDS[lang]['end']}"
        keys.press(ESCAPE)
        assert table.output.last.text == WORDS[lang]["your_turn"]
    assert {m.kind for m in table.output.messages} == {"help", "replay"}


def test_the_last_hand_with_no_hand_finished_says_so_and_opens_nothing() -> None:
    table = make_table()
    with driven(table) as keys:
        run_by_name(keys, "last hand")  # "last" alone finds the last action first
        assert table.output.last.text == "No hand has finished yet: nothing to replay."
        keys.press(LEFT)
    assert table.output.calls == ["previous"]


# --- with the real router: table messages wait for the item, then are said ------------------


def test_table_messages_wait_for_the_item_and_list_items_stay_out_of_the_history() -> None:
    backend = RecordingBackend()
    with Router(backend) as router:
        lists = ListKeys(router, UiText("en"), default_keymap(), lambda: HelpContext.THEIR_TURN)
        router.send(Message("action_taken", "Ana calls 2."))
        router.drain()
        lists.lesson()
        router.send(Message("action_taken", "Beto folds."))  # arrives while the list is open
        assert router.drain()
        lists.key("down")
        assert router.drain()
        assert [m.text for m in router.history] == ["Ana calls 2.", "Beto folds."]
    lesson = UiText("en").lesson()
    assert backend.spoken[1:] == [lesson[0], backend.spoken[2], "Beto folds.", lesson[1]]
    assert backend.spoken[2].startswith("Lesson: 39 parts.")


# --- the message history's edges ------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "first", "last", "before", "after"),
    [
        ("en", "First message. {}", "{} Last message.", "First message: there is nothing"
         " before it.", "Last message: there is nothing after it."),
        ("es", "Primer mensaje. {}", "{} Último mensaje.", "Primer mensaje: no hay nada"
         " antes.", "Último mensaje: no hay nada después."),
    ],
)  # fmt: skip
def test_the_history_says_its_edges_and_home_goes_to_the_hands_start(
    lang: str, first: str, last: str, before: str, after: str
) -> None:
    backend = RecordingBackend()
    messages = [
        Message("welcome", "Welcome."),
        Message("hand_started", "Hand 1."),
        Message("action_taken", "Ana folds."),
        Message("hand_started", "Hand 2."),
        Message("hand_started", "You are under the gun."),  # the same start, said in two
        Message("action_taken", "Beto calls 2."),
    ]
    with Router(backend, lang=lang) as router:
        for message in messages:
            router.send(message)
        router.drain()
        start = len(backend.spoken)
        for press in (
            router.history_next,  # past the newest
            router.history_first,  # Home: the start of this hand
            router.history_first,  # Home again: the first message of the game
            router.history_previous,  # before the oldest
            router.history_next,
            router.history_last,
        ):
            press()
            assert router.drain()
    assert backend.spoken[start:] == [
        after,
        "Hand 2.",
        first.format("Welcome."),
        before,
        "Hand 1.",
        last.format("Beto calls 2."),
    ]


def test_the_history_keys_through_the_key_loop_reach_the_router() -> None:
    table = make_table()
    with driven(table) as keys:
        keys.press(HOME)
        keys.press(END)
    assert wait_until(lambda: table.output.calls == ["first", "last"])
