"""The braille display's pure logic: segments of a long message, and which message the
display shows while the player pans (audiopoker.output.braille_display), without BRLTTY."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from audiopoker.output.braille_display import (
    KEY_TYPE_CMD,
    WAITING_LIMIT,
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


def read_all(pager: Pager) -> list[str]:
    """Pan right until nothing changes; every line seen, the first included."""
    seen = [pager.line]
    while (line := pager.pan(Pan.RIGHT)) is not None:
        seen.append(line)
    return seen


def test_a_message_the_player_did_not_pan_is_replaced() -> None:
    pager = Pager(40)
    assert pager.show(SHOWDOWN) == segments(SHOWDOWN, 40)[0]
    assert pager.show("Hand 2 starts.") == "Hand 2 starts."
    assert pager.waiting == ()


def test_panning_reads_a_long_message_whole_and_stops_at_its_end() -> None:
    pager = Pager(40)
    pager.show(SHOWDOWN)
    assert read_all(pager) == list(segments(SHOWDOWN, 40))
    assert pager.pan(Pan.RIGHT) is None  # past the last: nothing new
    assert pager.position == (3, 4)


def test_pan_left_goes_back_and_stays_at_the_first_segment() -> None:
    pager = Pager(40)
    pager.show(SHOWDOWN)
    lines = segments(SHOWDOWN, 40)
    assert pager.pan(Pan.LEFT) is None
    assert pager.pan(Pan.RIGHT) == lines[1]
    assert pager.pan(Pan.LEFT) == lines[0]
    assert pager.pan(Pan.LEFT) is None
    assert pager.line == lines[0]


def test_table_messages_wait_while_the_player_reads_then_follow_in_order() -> None:
    pager = Pager(40)
    pager.show(SHOWDOWN)
    pager.pan(Pan.RIGHT)  # started reading
    assert pager.show("Hand 2 starts.") is None
    assert pager.show("Your cards: Jd Jc.") is None
    assert pager.waiting == ("Hand 2 starts.", "Your cards: Jd Jc.")
    assert pager.pan(Pan.RIGHT) == segments(SHOWDOWN, 40)[2]
    assert pager.pan(Pan.RIGHT) == segments(SHOWDOWN, 40)[3]
    assert pager.pan(Pan.RIGHT) == "Hand 2 starts."
    # reached by panning on: speech did not pace it, so it stays until the player moves on
    assert pager.show("Bot folds.") is None
    assert pager.pan(Pan.RIGHT) == "Your cards: Jd Jc."
    assert pager.pan(Pan.RIGHT) == "Bot folds."
    assert not pager.waiting
    assert pager.pan(Pan.RIGHT) is None  # caught up: read to the end
    assert pager.show("Your turn.") == "Your turn."  # and following again


def test_a_message_read_to_its_end_is_replaced_by_the_next() -> None:
    pager = Pager(40)
    pager.show(SHOWDOWN)
    read_all(pager)
    assert pager.show("Hand 2 starts.") == "Hand 2 starts."


def test_a_message_panned_to_its_last_piece_counts_as_read() -> None:
    # The player reads to the last piece and stops there: the display must not stick.
    pager = Pager(40)
    pager.show(SHOWDOWN)
    for _ in segments(SHOWDOWN, 40)[1:]:
        pager.pan(Pan.RIGHT)
    assert pager.line == segments(SHOWDOWN, 40)[-1]
    assert pager.show("Hand 2 starts.") == "Hand 2 starts."


def test_panning_back_into_a_read_message_holds_it_again() -> None:
    pager = Pager(40)
    pager.show(SHOWDOWN)
    read_all(pager)
    pager.pan(Pan.LEFT)
    assert pager.show("Hand 2 starts.") is None
    assert pager.waiting == ("Hand 2 starts.",)


def test_a_pan_on_a_one_segment_message_holds_nothing() -> None:
    pager = Pager(40)
    pager.show("Pot 30.")
    assert pager.pan(Pan.RIGHT) is None
    assert pager.pan(Pan.LEFT) is None
    assert pager.show("Flop: As Kd 2c.") == "Flop: As Kd 2c."


def test_an_answer_shows_at_once_and_the_reading_resumes_after_it() -> None:
    pager = Pager(40)
    pager.show(SHOWDOWN)
    pager.pan(Pan.RIGHT)
    pager.show("Hand 2 starts.")
    assert pager.show("Stacks: you 200.", interrupt=True) == "Stacks: you 200."
    # the message being read goes back first, from its start; nothing is lost
    assert pager.waiting == (SHOWDOWN, "Hand 2 starts.")
    assert pager.show("Bot folds.") is None  # the backlog still comes first
    assert pager.pan(Pan.RIGHT) == segments(SHOWDOWN, 40)[0]
    assert read_all(pager)[1:] == [*segments(SHOWDOWN, 40)[1:], "Hand 2 starts.", "Bot folds."]


def test_an_answer_cuts_a_table_message_nobody_was_reading() -> None:
    pager = Pager(40)
    pager.show(SHOWDOWN)
    assert pager.show("Pot 30.", interrupt=True) == "Pot 30."
    assert pager.waiting == ()  # speech said it; not kept
    assert pager.show("Bot folds.") == "Bot folds."


def test_a_table_message_said_again_after_an_answer_is_not_shown_twice() -> None:
    # Being read: it went back to the waiting ones; the router's repeat adds nothing.
    pager = Pager(40)
    pager.show(SHOWDOWN)
    pager.pan(Pan.RIGHT)
    pager.show("Pot 30.", interrupt=True)
    assert pager.show(SHOWDOWN) is None
    assert pager.waiting == (SHOWDOWN,)
    # Not being read: the repeat shows it again after the answer, once.
    pager = Pager(40)
    pager.show("Your turn: 2 to call.")
    pager.show("Pot 30.", interrupt=True)
    assert pager.show("Your turn: 2 to call.") == "Your turn: 2 to call."
    assert pager.show("Your turn: 2 to call.") is None
    assert pager.waiting == ()


def test_an_answer_cuts_an_answer() -> None:
    pager = Pager(40)
    pager.show(SHOWDOWN, interrupt=True)
    pager.pan(Pan.RIGHT)  # reading the long answer holds table messages...
    assert pager.show("Bot folds.") is None
    assert pager.show("Pot 30.", interrupt=True) == "Pot 30."  # ...but not the next answer
    assert pager.waiting == ("Bot folds.",)
    assert pager.pan(Pan.RIGHT) == "Bot folds."


def test_a_long_answer_is_panned_like_a_table_message() -> None:
    pager = Pager(20)
    pager.show("Your turn: call 20, raise to 40 or more, or fold.", interrupt=True)
    assert read_all(pager) == ["Your turn: call 20,", "raise to 40 or more,", "or fold."]


def test_blank_messages_change_nothing() -> None:
    pager = Pager(40)
    assert pager.show("  \n") is None
    assert pager.line == "" and pager.position == (0, 0)
    assert pager.pan(Pan.RIGHT) is None


def test_the_waiting_list_is_bounded() -> None:
    pager = Pager(40, limit=3)
    pager.show(SHOWDOWN)
    pager.pan(Pan.RIGHT)
    for number in range(5):
        pager.show(f"message {number}")
    assert pager.waiting == ("message 2", "message 3", "message 4")
    assert pager.dropped == 2
    assert WAITING_LIMIT >= 100


@given(
    st.lists(
        st.one_of(
            st.tuples(st.just("table"), st.integers(0, 3)),
            st.tuples(st.just("answer"), st.integers(0, 3)),
            st.tuples(st.just("pan"), st.sampled_from(list(Pan))),
        ),
        max_size=40,
    )
)
def test_no_waiting_table_message_is_ever_skipped(steps: list[tuple[str, object]]) -> None:
    """Every table message that had to wait reaches the display, in order, as the player
    pans on, whatever answers and pans came between."""
    pager = Pager(12)
    texts = ["short", "a bit longer text", "x " * 15, "one two three four five six"]
    waited: list[str] = []
    shown: list[str] = []
    for number, (kind, value) in enumerate(steps):
        if isinstance(value, Pan):
            line = pager.pan(value)
        else:
            assert isinstance(value, int)
            text = f"m{number} {texts[value]}"
            line = pager.show(text, interrupt=kind == "answer")
            if line is None:
                assert kind == "table" and pager.waiting[-1] == text
                waited.append(text)
        if line is not None:
            shown.append(line)
    shown += read_all(pager)[1:]
    lines = iter(shown)
    for text in waited:  # each first segment appears, in order (a subsequence of shown)
        assert any(line == segments(text, 12)[0] for line in lines), text
    assert pager.waiting == ()
