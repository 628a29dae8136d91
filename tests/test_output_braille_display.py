"""The braille display's pure logic: segments of a long message, and which message the
display shows while the player pans (audiopoker.output.braille_display), without BRLTTY."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from audiopoker.output.braille_display import (
    HOLD_SECONDS,
    KEY_TYPE_CMD,
    MINIMUM_SECONDS,
    Pager,
    Pan,
    accepted_keys,
    pan_of,
    segments,
    unreadable,
)
from audiopoker.output.sysmodules import import_system_module

SHOWDOWN = (
    "Carla shows As Kd: a straight, ace high, with the board Qh Js 10c 4d 2s. "
    "Carla wins the main pot of 240 with the higher straight; Beto loses 120."
)

words = st.text(alphabet="abcdefghijklmnopqrstuvwxyz.,:0123456789", min_size=1, max_size=60)


# ------------------------------------------------------------------ segments


def test_a_short_message_is_one_segment() -> None:
    assert segments("Your cards: As Kd.", 40) == ("Your cards: As Kd.",)


def test_a_long_message_breaks_at_spaces_and_reads_whole() -> None:
    lines = segments(SHOWDOWN, 40)
    assert len(lines) == 4
    assert all(0 < len(line) <= 40 for line in lines)
    assert " ".join(lines) == SHOWDOWN
    assert lines[0] == "Carla shows As Kd: a straight, ace high,"


def test_a_word_longer_than_the_display_is_cut() -> None:
    assert segments("x" * 45 + " end", 40) == ("x" * 40, "xxxxx end")


def test_line_breaks_and_runs_of_spaces_become_one_space() -> None:
    assert segments("Help:\n  S  stacks\tD deal", 40) == ("Help: S stacks D deal",)


def test_empty_text_is_one_empty_line() -> None:
    assert segments("", 40) == ("",)
    assert segments("abc", 0) == ("a", "b", "c")  # a nonsense width still terminates


@given(st.lists(words, min_size=1, max_size=30), st.integers(min_value=1, max_value=80))
def test_segments_keep_every_character_in_order(parts: list[str], width: int) -> None:
    text = " ".join(parts)
    lines = segments(text, width)
    assert all(len(line) <= width for line in lines)
    assert all(line == line.strip() for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    if all(len(part) <= width for part in parts):
        assert " ".join(lines) == text  # words are never cut when they fit


@given(st.lists(words, min_size=1, max_size=30), st.integers(min_value=1, max_value=80))
def test_segments_are_filled_greedily(parts: list[str], width: int) -> None:
    """No segment could have taken the next word too: no needless extra pan."""
    lines = segments(" ".join(parts), width)
    for line, following in itertools.pairwise(lines):
        next_word = following.split(" ")[0]
        assert len(line) + 1 + len(next_word) > width or len(next_word) > width


# ------------------------------------------------------------------ keys


def test_pan_keys_are_recognised_and_nothing_else() -> None:
    assert pan_of(KEY_TYPE_CMD | 0x17) is Pan.LEFT
    assert pan_of(KEY_TYPE_CMD | 0x18) is Pan.RIGHT
    assert pan_of(KEY_TYPE_CMD | 0x19) is Pan.LEFT  # FWINLTSKIP
    assert pan_of(KEY_TYPE_CMD | 0x1A) is Pan.RIGHT  # FWINRTSKIP
    assert pan_of(KEY_TYPE_CMD | 0x31) is None  # HELP stays BRLTTY's
    assert pan_of(KEY_TYPE_CMD | 0x10000 | 0x18) is None  # a routing key, argument 24
    assert pan_of(0x18) is None  # a keysym, not a command
    assert sorted(pan_of(code) is not None for code in accepted_keys()) == [True] * 4


def test_key_constants_match_the_installed_brlapi() -> None:
    try:
        brlapi = import_system_module("brlapi")
    except ImportError:
        pytest.skip("python3-brlapi is not installed: the constants are checked where it is")
    assert accepted_keys() == [
        brlapi.KEY_TYPE_CMD | brlapi.KEY_CMD_FWINLT,
        brlapi.KEY_TYPE_CMD | brlapi.KEY_CMD_FWINLTSKIP,
        brlapi.KEY_TYPE_CMD | brlapi.KEY_CMD_FWINRT,
        brlapi.KEY_TYPE_CMD | brlapi.KEY_CMD_FWINRTSKIP,
    ]
    assert brlapi.rangeType_command == 2
    code = brlapi.KEY_TYPE_CMD | brlapi.KEY_CMD_FWINRT
    assert brlapi.expandKeyCode(code)["command"] == 0x18


def test_unreadable_characters() -> None:
    assert unreadable("Flop: Jd 10c As. ¿Cuánto? ¡Sí! Año, pingüino") == ""
    assert unreadable("A♠ K♦ K♦ “quoted” …") == "♠♦“”…"


# ------------------------------------------------------------------ the pager
# Time is passed in: the pager reads a fake clock the tests move by hand.


class Time:
    """A clock the test moves: ``now`` for the pager, ``+=`` to let seconds pass."""

    def __init__(self) -> None:
        self.seconds = 1000.0

    def __call__(self) -> float:
        return self.seconds

    def __iadd__(self, seconds: float) -> Time:
        self.seconds += seconds
        return self


def pager_and_time(width: int = 40) -> tuple[Pager, Time]:
    clock = Time()
    return Pager(width, clock), clock


def read_all(pager: Pager) -> list[str]:
    """Pan right to the end of the message shown; every line seen, the first included."""
    seen = [pager.line]
    while pager.position[0] + 1 < pager.position[1]:
        line = pager.pan(Pan.RIGHT)
        assert line is not None
        seen.append(line)
    return seen


def test_the_chosen_timeouts() -> None:
    # NVDA's default message timeout; a short line stays long enough to be touched.
    assert HOLD_SECONDS == 4.0
    assert MINIMUM_SECONDS == 1.5
    pager = Pager(40)
    assert (pager.hold, pager.minimum) == (HOLD_SECONDS, MINIMUM_SECONDS)


@pytest.mark.parametrize(
    ("first", "second"),
    [("Beto sube a 8.", "Te toca: pagar 8, subir o retirarte."),
     ("Beto raises to 8.", "Your turn: call 8, raise or fold.")],
)  # fmt: skip
def test_a_message_nobody_pans_stays_the_minimum_then_the_newest_shows(
    first: str, second: str
) -> None:
    pager, clock = pager_and_time()
    assert pager.show(first) == first
    clock += 0.7  # speech said it in 0.7 s: the display keeps it
    assert pager.show(second) is None
    assert pager.waiting == second
    assert pager.due() == clock.seconds - 0.7 + MINIMUM_SECONDS
    clock += 0.7
    assert pager.tick() is None
    clock += 0.1
    assert pager.tick() == segments(second, 40)[0]
    assert pager.waiting is None and pager.due() is None
    clock += 5
    assert pager.show(first) == first  # after the minimum: at once


def test_a_fast_run_of_messages_leaves_the_display_one_behind_at_most() -> None:
    pager, clock = pager_and_time()
    pager.show("Hand 3 starts.")
    for number in range(10):
        clock += 0.3
        pager.show(f"Bot {number} folds.")
        assert pager.text == "Hand 3 starts." or pager.text.startswith("Bot")
        assert pager.waiting in (None, f"Bot {number} folds.")
        if line := pager.tick():
            assert pager.text == f"Bot {number} folds." == line
    clock += MINIMUM_SECONDS
    assert pager.tick() == "Bot 9 folds."
    assert pager.passed_over > 0  # the ones in between are in the history, not on the display


def test_while_the_player_pans_only_the_newest_message_waits() -> None:
    pager, clock = pager_and_time()
    pager.show(SHOWDOWN)
    clock += 2
    assert pager.pan(Pan.RIGHT) == segments(SHOWDOWN, 40)[1]
    for text in ("Hand 2 starts.", "Your cards: Jd Jc.", "Ana raises to 8."):
        clock += 1
        assert pager.show(text) is None
    assert pager.waiting == "Ana raises to 8."
    assert pager.passed_over == 2
    assert pager.line == segments(SHOWDOWN, 40)[1]  # the reading is not flashed away
    assert pager.tick() is None  # 3 s since the pan
    clock += 1
    assert pager.tick() == "Ana raises to 8."  # the player stopped for 4 s: the newest


def test_each_pan_restarts_the_hold() -> None:
    pager, clock = pager_and_time()
    pager.show(SHOWDOWN)
    pager.pan(Pan.RIGHT)
    pager.show("Hand 2 starts.")
    for _ in range(3):
        clock += 3
        pager.pan(Pan.LEFT)
        assert pager.tick() is None
    assert pager.due() == clock.seconds + HOLD_SECONDS
    clock += HOLD_SECONDS
    assert pager.tick() == "Hand 2 starts."


def test_panning_past_the_end_shows_the_waiting_message_at_once_and_holds_it() -> None:
    pager, clock = pager_and_time()
    pager.show(SHOWDOWN)
    read_all(pager)
    pager.show("Hand 2 starts.")
    assert pager.pan(Pan.RIGHT) == "Hand 2 starts."
    # reached by panning: the player reads it, so the next waits for them again
    clock += 2
    assert pager.show("Your cards: Jd Jc.") is None
    clock += 2
    assert pager.tick() == "Your cards: Jd Jc."


def test_panning_past_the_end_with_nothing_waiting_lets_the_next_show_at_once() -> None:
    pager, clock = pager_and_time()
    pager.show("Pot 30.")
    assert pager.pan(Pan.RIGHT) is None  # done with it
    clock += 0.1
    assert pager.show("Flop: As Kd 2c.") == "Flop: As Kd 2c."
    clock += 2
    assert pager.pan(Pan.LEFT) is None  # reading again (nothing to go back to): it holds
    assert pager.show("Ana checks.") is None


def test_panning_reads_a_long_message_whole_and_stops_at_its_end() -> None:
    pager, _ = pager_and_time()
    pager.show(SHOWDOWN)
    assert read_all(pager) == list(segments(SHOWDOWN, 40))
    assert pager.pan(Pan.RIGHT) is None  # past the last: nothing new
    assert pager.position == (3, 4)


def test_pan_left_goes_back_and_stays_at_the_first_segment() -> None:
    pager, _ = pager_and_time()
    pager.show(SHOWDOWN)
    lines = segments(SHOWDOWN, 40)
    assert pager.pan(Pan.LEFT) is None
    assert pager.pan(Pan.RIGHT) == lines[1]
    assert pager.pan(Pan.LEFT) == lines[0]
    assert pager.pan(Pan.LEFT) is None
    assert pager.line == lines[0]


def test_an_answer_shows_at_once_and_the_reading_resumes_after_it() -> None:
    pager, clock = pager_and_time()
    pager.show(SHOWDOWN)
    pager.pan(Pan.RIGHT)
    assert pager.show("Stacks: you 200.", interrupt=True) == "Stacks: you 200."
    assert pager.waiting == SHOWDOWN  # where the player was: its second segment
    assert pager.pan(Pan.RIGHT) == segments(SHOWDOWN, 40)[1]
    # without panning, the table comes back once the answer has had its time
    pager.show("Pot 30.", interrupt=True)
    clock += HOLD_SECONDS - 0.1
    assert pager.tick() is None
    clock += 0.1
    assert pager.tick() == segments(SHOWDOWN, 40)[1]


def test_an_answer_keeps_the_newest_table_message_waiting() -> None:
    pager, clock = pager_and_time()
    pager.show(SHOWDOWN)
    pager.pan(Pan.RIGHT)
    pager.show("Hand 2 starts.")
    assert pager.show("Stacks: you 200.", interrupt=True) == "Stacks: you 200."
    assert pager.waiting == "Hand 2 starts."  # not the older one the player was reading
    assert pager.show("Hand 2 starts.") is None  # the router's repeat adds nothing
    clock += HOLD_SECONDS
    assert pager.tick() == "Hand 2 starts."


def test_a_table_message_said_again_after_an_answer_is_not_shown_twice() -> None:
    pager, clock = pager_and_time()
    pager.show("Your turn: 2 to call.")
    pager.show("Pot 30.", interrupt=True)
    clock += 0.7
    assert pager.show("Your turn: 2 to call.") is None  # already waiting behind the answer
    clock += HOLD_SECONDS
    assert pager.tick() == "Your turn: 2 to call."
    clock += HOLD_SECONDS
    assert pager.show("Your turn: 2 to call.") is None
    assert pager.waiting is None


def test_an_answer_cuts_an_answer() -> None:
    pager, clock = pager_and_time()
    pager.show("Bot folds.")
    pager.show(SHOWDOWN, interrupt=True)
    pager.pan(Pan.RIGHT)
    assert pager.show("Pot 30.", interrupt=True) == "Pot 30."  # at once, even while panning
    assert pager.waiting == "Bot folds."  # the answer before is not kept
    clock += HOLD_SECONDS
    assert pager.tick() == "Bot folds."


def test_a_long_answer_is_panned_like_a_table_message() -> None:
    pager, _ = pager_and_time(20)
    pager.show("Your turn: call 20, raise to 40 or more, or fold.", interrupt=True)
    assert read_all(pager) == ["Your turn: call 20,", "raise to 40 or more,", "or fold."]


def test_withdraw_drops_a_waiting_message() -> None:
    pager, clock = pager_and_time()
    pager.show("Ana raises to 8.")
    pager.show("Your turn: call 8, raise or fold.")
    assert pager.withdraw("Your turn: call 8, raise or fold.") is None
    assert pager.waiting is None and pager.due() is None
    clock += 10
    assert pager.tick() is None
    assert pager.text == "Ana raises to 8."


def test_withdraw_of_the_shown_message_shows_the_waiting_one() -> None:
    pager, _ = pager_and_time()
    pager.show("Tu turno: pagar 8, subir o retirarte.")
    pager.pan(Pan.LEFT)
    pager.show("Beto sube a 20.")
    assert pager.withdraw("Tu turno: pagar 8, subir o retirarte.") == "Beto sube a 20."
    assert pager.waiting is None


def test_withdraw_of_the_shown_message_alone_lets_the_next_show_at_once() -> None:
    pager, clock = pager_and_time()
    pager.show("Your turn: call 8, raise or fold.")
    pager.pan(Pan.LEFT)  # even while the player reads it
    assert pager.withdraw("Your turn: call 8, raise or fold.") is None
    assert pager.text == "Your turn: call 8, raise or fold."  # stays until the next
    assert pager.withdraw("Something never shown.") is None
    clock += 0.1
    assert pager.show("You call 8.") == "You call 8."


def test_blank_messages_change_nothing() -> None:
    pager, _ = pager_and_time()
    assert pager.show("  \n") is None
    assert pager.line == "" and pager.position == (0, 0)
    assert pager.pan(Pan.RIGHT) is None
    assert pager.tick() is None and pager.withdraw("") is None


step = st.one_of(
    st.tuples(st.just("table"), st.integers(0, 3)),
    st.tuples(st.just("answer"), st.integers(0, 3)),
    st.tuples(st.just("pan"), st.sampled_from(list(Pan))),
    st.tuples(st.just("wait"), st.floats(0.0, 6.0)),
    st.tuples(st.just("withdraw"), st.integers(0, 3)),
)


@given(st.lists(step, max_size=60))
def test_the_display_is_never_more_than_one_table_message_behind(
    steps: list[tuple[str, object]],
) -> None:
    """Whatever answers, pans, pauses and withdrawals come between: only the newest table
    message ever waits, and when it is not on the display it waits; a withdrawn message
    never comes back; once the player leaves the display alone for the hold, the newest
    table message shows."""
    pager, clock = pager_and_time(12)
    texts = ["short", "a bit longer text", "x " * 15, "one two three four five six"]
    newest: str | None = None  # the newest table message, unless it was withdrawn
    withdrawn: set[str] = set()
    for number, (kind, value) in enumerate(steps):
        before = pager.text
        if kind == "wait":
            assert isinstance(value, float)
            clock += value
            line = pager.tick()
        elif isinstance(value, Pan):
            line = pager.pan(value)
        else:
            assert isinstance(value, int)
            text = f"m{number} {texts[value]}"
            if kind == "withdraw":
                text = newest or text
                withdrawn.add(text)
                line = pager.withdraw(text)
                newest = None if text == newest else newest
            else:
                line = pager.show(text, interrupt=kind == "answer")
                newest = text if kind == "table" else newest
        if line is not None and pager.text != before:  # panning in it stays possible
            assert pager.text not in withdrawn
        assert pager.waiting not in withdrawn
        if newest is not None:
            assert newest in (pager.waiting, pager.text), (pager.text, pager.waiting, newest)
    clock += HOLD_SECONDS
    pager.tick()
    assert pager.waiting is None
    if newest is not None:
        assert pager.text == newest
