"""The braille proof on the real stack: a real BRLTTY whose ``tt`` driver draws a 40-cell
display into a tmux pane and reads that pane's keys as the display's keys (brltty_support).
BrlapiBackend connects to it in-process, as the game does, and is fed by hand here; the
whole game on it, with speech, is tests/test_output_braille_game.py.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest
from brltty_support import (
    CELLS,
    DEADLINE,
    Display,
    brltty_display,
    brltty_marks,
    on_display,
    wait_until,
)

from audiopoker.cards import Card
from audiopoker.narration import LANGUAGES
from audiopoker.narration.words import card_list
from audiopoker.output.braille import BrlapiBackend, probe_brlapi
from audiopoker.output.braille_display import segments

# A showdown line as the narration says it (150 characters), longer than the display.
SHOWDOWN = (
    "Carla shows As Kd: a straight, ace high. Carla wins the main pot of 240 with the "
    "higher straight; Beto shows Qh Qd, three queens, and loses 120 chips."
)

pytestmark = brltty_marks()


@pytest.fixture(scope="module")
def display() -> Iterator[Display]:
    """One BRLTTY for the module (it takes seconds to start); each test connects anew."""
    with brltty_display() as shown:
        yield shown


@pytest.fixture
def backend(display: Display, monkeypatch: pytest.MonkeyPatch) -> Iterator[BrlapiBackend]:
    """The game's own way in: probe_brlapi, told where BRLTTY is by BrlAPI's variables."""
    for name, value in display.brlapi_env.items():
        monkeypatch.setenv(name, value)
    connected, attempt = probe_brlapi()
    assert connected is not None, attempt.reason
    try:
        yield connected
    finally:
        connected.close()


def show(backend: BrlapiBackend, display: Display, text: str) -> None:
    """Send ``text`` and wait until its first segment is on the display."""
    backend.braille(text)
    first = segments(text, CELLS)[0]
    wait_until(
        f"{first!r} on the display (shown: {display.text()!r})", lambda: display.text() == first
    )


def pan_to_change(display: Display, key: str) -> str:
    """Press a pan key and wait for the text row to change; the new text."""
    before = display.text()
    display.press(key)
    return str(
        wait_until(f"{key} to change {before!r}", lambda: (now := display.text()) != before and now)
    )


def test_the_connection_has_a_plain_name(backend: BrlapiBackend) -> None:
    assert backend.name == f"BrlAPI (TTY, {CELLS} cells)"


def test_a_long_showdown_line_is_read_whole_with_the_pan_keys(
    backend: BrlapiBackend, display: Display
) -> None:
    assert len(SHOWDOWN) == 150
    expected = segments(SHOWDOWN, CELLS)
    assert len(expected) == 4
    backend.pager.hold = DEADLINE  # a loaded machine's delays between keys end no reading
    show(backend, display, SHOWDOWN)
    read = [display.text()]
    for _ in expected[1:]:
        read.append(pan_to_change(display, "Right"))
    assert " ".join(read) == SHOWDOWN
    assert read == list(expected)
    # Past the last segment pan right brings nothing new: the Left that follows goes back
    # to the segment before the last (it would stay put had Right opened another message).
    display.press("Right")
    assert pan_to_change(display, "Left") == expected[-2]
    # A table message that arrives while the player reads waits for them to pan on.
    backend.braille("Hand 2 starts. The button is Ana.")
    assert pan_to_change(display, "Right") == expected[-1]
    assert pan_to_change(display, "Right") == "Hand 2 starts. The button is Ana."


def test_brltty_help_key_still_works_while_the_game_holds_the_display(
    backend: BrlapiBackend, display: Display
) -> None:
    """F1 is BRLTTY's: it answers with its "Help Screen" message over our text (the help
    pages themselves stay behind a BrlAPI client that holds the display, as with any
    client), then our message is back and the pan keys are still ours."""
    show(backend, display, SHOWDOWN)
    display.press("F1")  # the tt driver's help key
    wait_until("BRLTTY's help message", lambda: display.text().startswith("Help"))
    first = segments(SHOWDOWN, CELLS)[0]
    wait_until("the message back after BRLTTY's", lambda: display.text() == first)
    assert pan_to_change(display, "Right") == segments(SHOWDOWN, CELLS)[1]


def test_cards_of_all_four_suits_have_their_own_cells(
    backend: BrlapiBackend, display: Display
) -> None:
    # The check itself sees the problem: a suit symbol shows as the placeholder cell ⣿.
    show(backend, display, "Flop: J♦ J♣")
    assert "⣿" in display.rows()[1]
    cards = [Card(card) for card in ("Jd", "Jc", "Jh", "Js", "Th")]
    # Each language's suit letters: English d c h s, Spanish p c d t (picas, corazones…).
    written = {"en": "Flop: Jd Jc Jh Js 10h.", "es": "Flop: Jd Jt Jc Jp 10c."}
    for lang in LANGUAGES:
        text = f"Flop: {card_list(cards, lang, brief=True)}."
        assert text == written[lang]
        backend.braille(text, interrupt=True)
        wait_until(f"{text!r} on the display", partial(lambda shown: display.text() == shown, text))
        dots = display.rows()[1]
        assert "⣿" not in dots
        assert len(dots) == len(text)
        jacks = dots.split("\u2800")[1:5]  # a blank cell between cards
        assert len(set(jacks)) == 4, jacks  # J♦ J♣ J♥ J♠ all read differently


GOLDEN = Path(__file__).parent / "golden" / "game_seed9.es.txt"
PACE = 0.02  # seconds a character, as the speech that paces the table would take (compressed)


def hand_messages(count: int) -> list[str]:
    """The first ``count`` table messages of the Spanish golden game, as narration says them."""
    lines = GOLDEN.read_text(encoding="utf-8").splitlines()
    return [line.split("] ", 1)[1] for line in lines if line.startswith("[")][:count]


def test_the_real_display_is_never_more_than_one_message_behind(
    backend: BrlapiBackend, display: Display
) -> None:
    """A hand's messages at the pace speech says them: after each one is sent the real tt
    display shows it or the one before (the minimum keeps a short one readable), never an
    older one; a player who pans keeps their message while only the newest waits, and sees
    it when they pan on or stop panning; an answer shows at once. Bounded: 24 messages at
    20 ms a character. The hold is stretched where the test checks that a message stays, so
    a loaded machine cannot make it red (the 4 s themselves are checked in virtual time)."""
    messages = hand_messages(24)
    assert messages[0] == "Mano 1. Tienes el botón."
    behind = 0
    for number, text in enumerate(messages[:12]):
        backend.braille(text)
        recent = messages[max(number - 1, 0) : number + 1]
        shown = wait_until(f"{text!r} or the one before", partial(on_display, display, recent))
        behind += shown != text
        time.sleep(len(text) * PACE)
    assert behind > 0  # short messages did stay their minimum
    # The player pans: their message stays while newer ones come; only the newest waits.
    panned = threading.Event()
    backend.pan_listeners.append(panned.set)

    def pan(key: str) -> None:
        panned.clear()
        display.press(key)
        wait_until(f"{key} to reach the game", panned.is_set)

    backend.pager.hold = DEADLINE
    reading = display.text()
    pan("Left")
    for later in messages[12:16]:
        backend.braille(later)
    assert backend.pager.waiting == messages[15]
    assert display.text() == reading
    # Panning on past the end of the message read: the newest at once, and held in turn.
    backend.pager.hold = 0.5
    newest = segments(messages[15], CELLS)[0]
    for _ in range(5):
        pan("Right")
        if display.text() == newest or backend.pager.waiting is None:
            break
    wait_until("the newest on a pan", lambda: display.text() == newest)
    # A pan, then a pause: the newest shows once the (here short) hold is over.
    pan("Left")
    backend.braille(messages[16])
    backend.braille(messages[17])
    last = segments(messages[17], CELLS)[0]
    wait_until("the newest after the pause", lambda: display.text() == last)
    backend.braille("Bote: 45.", interrupt=True)
    wait_until("the answer at once", lambda: display.text() == "Bote: 45.")
