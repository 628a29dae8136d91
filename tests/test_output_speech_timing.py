"""Heard to the end: the real game in tmux, speaking through a real Speech Dispatcher that
takes 50 ms a character, as a screen reader's voice does (../shared/speechd-recorder).

A player presses S while table messages wait: the answer cuts in at once and every table
message is still spoken to its end, in order; no bot acts before the table message before
it was heard to its end; X empties the queue. The same through accessible-output2's Speech
Dispatcher output, and with prismatoid installed; Prism itself (which cannot say when it
stopped) is paced by estimate. Latencies are printed (run with -s); the benchmark
benchmarks/bench_speech.py measures them over many presses.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest
from speechd_support import (
    Line,
    TimedRecorder,
    TmuxGame,
    Utterance,
    game_in_tmux,
    timed_recorder,
    utterances,
)

# python3-speechd ends its reader thread with sys.exit() when a connection closes.
pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")

MS_PER_CHAR = 50
GAME_DEADLINE = 240.0  # seconds for one narrated hand at 50 ms a character, under load
GAME = ["--players", "3", "--seed", "11", "--output", "screenreader", "--bot-delay", "0"]
GAME += ["--hands", "1", "--no-save", "--no-sound", "--lang", "en"]


@pytest.fixture
def recorder() -> Iterator[TimedRecorder]:
    with timed_recorder(MS_PER_CHAR) as started:
        yield started


@dataclass
class Press:
    key: str
    at: float  # wall clock
    in_flight: Utterance | None  # the table message being said when the key went in


@dataclass
class Played:
    records: list[dict[str, object]]
    lines: list[Line]
    presses: list[Press] = field(default_factory=list)

    def table(self) -> list[dict[str, object]]:
        return [r for r in self.records if not r["answer"] and r["speech"]]

    def said(self) -> list[Utterance]:
        return utterances(self.lines)


def in_flight(said: list[Utterance], at: float) -> Utterance | None:
    """The message that had started by ``at`` and not ended by then."""
    going = [u for u in said if u.start <= at and (u.end is None or u.end > at)]
    return going[-1] if going else None


def heard_after(said: list[Utterance], text: str, since: float) -> bool:
    return any(u.text == text and u.end is not None and u.end >= since for u in said)


def play_by_ear(
    game: TmuxGame, recorder: TimedRecorder, queries: str = "s", x: bool = False
) -> Played:
    """Play the hand as a blind player: wait to hear each turn prompt to its end, then call;
    press each query key (and X) once, while table messages are still waiting."""
    played = Played([], [])
    handled_turns = 0
    to_press = list(queries) + (["x"] if x else [])
    deadline = time.monotonic() + GAME_DEADLINE
    while game.running and time.monotonic() < deadline:
        records = game.records()
        said = recorder.utterances()
        table = [r for r in records if not r["answer"]]
        waiting = len(table) - sum(1 for u in said if u.end is not None)
        if to_press and waiting >= 3 and in_flight(said, time.time()) is not None:
            key = to_press.pop(0)
            at = game.press(key)
            played.presses.append(Press(key, at, in_flight(said, at)))
            time.sleep(1.0)
            continue
        turns = [r for r in table if r["kind"] == "your_turn"]
        if len(turns) > handled_turns:
            turn = turns[handled_turns]
            if heard_after(said, str(turn["text"]), float(str(turn["wall"]))):
                game.press("c")  # heard the whole prompt: call
                handled_turns += 1
        time.sleep(0.05)
    assert not game.running, f"the game did not end in time:\n{game.screen()}"
    played.records, played.lines = game.records(), recorder.lines()
    return played


def answer_start(played: Played, press: Press) -> float:
    answers = [r for r in played.records if r["interrupt"] and float(str(r["wall"])) >= press.at]
    assert answers, f"no answer to {press.key}"
    text = str(answers[0]["text"])
    starts = [u.start for u in played.said() if u.text == text and u.start >= press.at]
    assert starts, f"the answer {text!r} was never spoken"
    return starts[0]


def check_answers_cut_in(played: Played) -> None:
    for press in played.presses:
        assert press.in_flight is not None, "the key should go in while a message is said"
        start = answer_start(played, press)
        latency = start - press.at
        going = press.in_flight
        natural_end = going.start + len(going.text) * MS_PER_CHAR / 1000
        print(f"{press.key}: answer started {latency * 1000:.0f} ms after the key")
        # It cut in: it did not wait for the message being said to finish.
        assert start < natural_end, (latency, going)


def check_every_table_message_heard_in_order(played: Played) -> list[Utterance]:
    """Every table message was said to its end, in transcript order; the utterances
    returned match the table messages one to one."""
    expected = [str(r["text"]) for r in played.table()]
    matched: list[Utterance] = []
    for utterance in played.said():
        if utterance.end is None:
            continue
        if len(matched) < len(expected) and utterance.text == expected[len(matched)]:
            matched.append(utterance)
    missing = expected[len(matched) :]
    assert not missing, f"never heard to the end: {missing}"
    return matched


def check_no_bot_outran_speech(played: Played, heard: list[Utterance]) -> int:
    checked = 0
    for index, record in enumerate(played.table()[1:], start=1):
        text = str(record["text"])
        if record["kind"] != "action_taken" or text.startswith("You "):
            continue
        before = heard[index - 1]
        assert before.end is not None
        sent = float(str(record["wall"]))
        assert sent >= before.end, (
            f"{text!r} was sent {before.end - sent:.3f} s before {before.text!r} ended"
        )
        checked += 1
    return checked


@pytest.mark.parametrize(
    ("library", "env"),
    [
        ("speech-dispatcher", {"AUDIOPOKER_NO_PRISM": "1"}),
        ("accessible-output2", {"AUDIOPOKER_NO_PRISM": "1"}),
        ("auto", {}),  # prismatoid installed (the test extra): Linux still takes Speech Dispatcher
    ],
)
def test_answers_cut_in_and_every_table_message_is_heard_to_its_end(
    recorder: TimedRecorder, library: str, env: dict[str, str]
) -> None:
    if library == "auto":
        pytest.importorskip("prism", reason="prismatoid is not installed (pip install .[prism])")
    arguments = [*GAME, "--screen-reader", library]
    with game_in_tmux(arguments, {**recorder.env, **env}) as game:
        played = play_by_ear(game, recorder, queries="sd")
    check_answers_cut_in(played)
    heard = check_every_table_message_heard_in_order(played)
    assert check_no_bot_outran_speech(played, heard) >= 1, "this seed has bot actions"


def test_x_drops_what_waits_and_nothing_more_is_said_until_the_next_message(
    recorder: TimedRecorder,
) -> None:
    arguments = [*GAME, "--screen-reader", "speech-dispatcher"]
    with game_in_tmux(arguments, {**recorder.env, "AUDIOPOKER_NO_PRISM": "1"}) as game:
        played = play_by_ear(game, recorder, queries="", x=True)
    (press,) = played.presses
    assert press.in_flight is not None
    later = [r for r in played.records if float(str(r["wall"])) > press.at]
    assert later, "the game goes on after X"
    next_sent = float(str(later[0]["wall"]))
    grace = 0.3  # the cancel reaching the server
    cut_short = [
        ln for ln in played.lines if ln.what == "end" and press.at + grace < ln.time < next_sent
    ]
    assert cut_short == [], "something went on being said after X"
    assert not heard_after(played.said(), press.in_flight.text, press.at + grace), (
        "the message being said when X went in was not cut"
    )


def test_prism_on_speech_dispatcher_answers_at_once_and_is_paced_by_estimate(
    recorder: TimedRecorder,
) -> None:
    pytest.importorskip("prism", reason="prismatoid is not installed (pip install .[prism])")
    # Prism cannot say when Speech Dispatcher finished: the game waits by estimate, at the
    # rate the player gives (a little slower than the voice here, as a margin).
    arguments = [*GAME, "--screen-reader", "prism", "--rate", "170"]
    with game_in_tmux(arguments, recorder.env) as game:
        played = play_by_ear(game, recorder, queries="s")
    check_answers_cut_in(played)
    check_every_table_message_heard_in_order(played)
