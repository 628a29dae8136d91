"""Heard to the end on the real speech paths: the real game in tmux speaks through a real
Speech Dispatcher that takes 30 ms a character, as a quick screen reader voice does
(../shared/speechd-recorder), once through each backend: Speech Dispatcher's own client in
Spanish, accessible-output2 in English, and Prism, which cannot say when a message ended and
is paced by estimate, in English.

In each run a blind player plays a hand by ear: calls only once the turn prompt was heard to
its end, and presses query keys while a message is being said and others wait (and X, in the
Speech Dispatcher run). What only the real path can show is checked: the answer is heard at
once, cutting the message being said; every table message is still heard to its end, in order;
no bot action is worded before what came before it was heard; X stops the voice and drops
what waits. The rules behind these (what waits, what is cut, what is said again, the grace
after an answer, when bots may act) are checked in virtual time, in milliseconds, by
tests/test_output_speech_queue.py. Latencies are printed (run with -s); the benchmark
benchmarks/bench_speech.py measures them over many presses.
"""

from __future__ import annotations

import math
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

MS_PER_CHAR = 30
# A key goes in while the message being said has at least this long to go, so that "cut in"
# and "X stopped it" are told apart from "it had ended anyway" on a slow machine.
LEFT_AT_PRESS = 1.0  # seconds
GAME_DEADLINE = 240.0  # seconds for one narrated hand, under load
GAME = ["--players", "3", "--seed", "11", "--output", "screenreader", "--bot-delay", "0"]
GAME += ["--hands", "1", "--no-save", "--no-sound"]
NO_PRISM = {"AUDIOPOKER_NO_PRISM": "1"}  # the library asked for, not Prism in front of it
Record = dict[str, object]


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
    records: list[Record]
    lines: list[Line]
    presses: list[Press] = field(default_factory=list)
    calls: list[float] = field(default_factory=list)  # when the player pressed C

    def table(self) -> list[Record]:
        return [r for r in self.records if not r["answer"] and r["speech"]]

    def said(self) -> list[Utterance]:
        return utterances(self.lines)

    def table_said(self) -> list[Utterance]:
        """What was said of the table messages: every utterance but the answers (the first
        of each answer's text after it was sent; "your cards" is both)."""
        said = self.said()
        for record in self.records:
            if record["answer"] and record["speech"]:
                text = str(record["text"])
                found = next((u for u in said if u.text == text and u.start >= wall(record)), None)
                if found is not None:
                    said.remove(found)
        return said

    def press(self, key: str) -> Press | None:
        return next((p for p in self.presses if p.key == key), None)


def wall(record: Record) -> float:
    return float(str(record["wall"]))


def natural_end(utterance: Utterance) -> float:
    """When the recorder would end it, uncut."""
    return utterance.start + len(utterance.text) * MS_PER_CHAR / 1000


def in_flight(said: list[Utterance], at: float) -> Utterance | None:
    """The message that had started by ``at`` and not ended by then."""
    going = [u for u in said if u.start <= at and (u.end is None or u.end > at)]
    return going[-1] if going else None


def heard_after(said: list[Utterance], text: str, since: float) -> bool:
    return any(u.text == text and u.end is not None and u.end >= since for u in said)


def play_by_ear(game: TmuxGame, recorder: TimedRecorder, keys: str) -> Played:
    """Play the hand as a blind player: wait to hear each turn prompt to its end, then call;
    press each of ``keys`` once, while a message is being said and table messages wait
    (X: while at least one waits behind the one being said)."""
    played = Played([], [])
    handled_turns = 0
    to_press = list(keys)
    deadline = time.monotonic() + GAME_DEADLINE
    while game.running and time.monotonic() < deadline:
        records = game.records()
        said = recorder.utterances()
        table = [r for r in records if not r["answer"]]
        texts = {str(r["text"]) for r in table}
        waiting = len(table) - sum(1 for u in said if u.end is not None and u.text in texts)
        going = in_flight(said, time.time())
        enough = 2 if to_press[:1] == ["x"] else 3
        left = natural_end(going) - time.time() if going is not None else 0.0
        if to_press and waiting >= enough and left >= LEFT_AT_PRESS:
            key = to_press.pop(0)
            at = game.press(key)
            played.presses.append(Press(key, at, in_flight(said, at)))
            time.sleep(1.0)
            continue
        turns = [r for r in table if r["kind"] == "your_turn"]
        if len(turns) > handled_turns:
            turn = turns[handled_turns]
            if heard_after(said, str(turn["text"]), wall(turn)):
                played.calls.append(game.press("c"))  # heard the whole prompt: call
                handled_turns += 1
        time.sleep(0.05)
    assert not game.running, f"the game did not end in time:\n{game.screen()}"
    assert not to_press, f"no moment came to press {to_press}: {recorder.utterances()}"
    played.records, played.lines = game.records(), recorder.lines()
    return played


def check_answers_cut_in(played: Played) -> None:
    """Each query key's answer started before the message being said would have ended."""
    for press in played.presses:
        if press.key == "x":
            continue
        assert press.in_flight is not None, "the key should go in while a message is said"
        answers = [r for r in played.records if r["interrupt"] and wall(r) >= press.at]
        assert answers, f"no answer to {press.key}"
        text = str(answers[0]["text"])
        starts = [u.start for u in played.said() if u.text == text and u.start >= press.at]
        assert starts, f"the answer {text!r} was never spoken"
        print(f"{press.key}: answer started {(starts[0] - press.at) * 1000:.0f} ms after the key")
        assert starts[0] < natural_end(press.in_flight), (press, starts[0])


def check_every_table_message_heard_in_order(
    played: Played,
) -> list[tuple[Record, Utterance | None]]:
    """Every table message was said to its end, in transcript order: all of them; with X,
    those heard before it and every one sent after it, while what X dropped (the message
    being said and the ones waiting) was never said after it. Each table message with the
    utterance that said it (None: dropped by X)."""
    table = played.table()
    texts = {str(r["text"]) for r in table}
    x = played.press("x")
    x_at = x.at if x is not None else math.inf
    heard = [u for u in played.table_said() if u.end is not None and u.text in texts]
    before = [r for r in table if wall(r) < x_at]
    after = [r for r in table if wall(r) >= x_at]
    matched: list[tuple[Record, Utterance | None]] = []
    for utterance in (u for u in heard if u.start < x_at):
        if len(matched) < len(before) and utterance.text == before[len(matched)]["text"]:
            matched.append((before[len(matched)], utterance))
        else:
            raise AssertionError(f"heard out of order: {utterance.text!r} after {matched[-1:]}")
    dropped = before[len(matched) :]
    if x is None:
        assert not dropped, f"never heard to the end: {[r['text'] for r in dropped]}"
    else:
        assert dropped, "X went in while a message was being said: it was not cut"
        assert not any(heard_after(heard, str(r["text"]), x_at) for r in dropped), (
            "X dropped a message that was then said after all"
        )
        matched += [(record, None) for record in dropped]
    later = [u for u in heard if u.start >= x_at]
    expected = [str(r["text"]) for r in after]
    assert [u.text for u in later] == expected, "after X: not every message heard, in order"
    matched += list(zip(after, later, strict=True))
    return matched


def check_no_bot_outran_speech(played: Played, heard: list[tuple[Record, Utterance | None]]) -> int:
    """A bot's action was worded only once the table message before it was heard to its end
    (the player's own action, sent when C went in, is not a bot's)."""
    actions = [r for r in played.records if r["kind"] == "action_taken" and not r["answer"]]
    own = {id(next((r for r in actions if wall(r) >= at), None)) for at in played.calls}
    checked = 0
    last_end: float | None = None
    for record, utterance in heard:
        if record["kind"] == "action_taken" and id(record) not in own and last_end is not None:
            assert wall(record) >= last_end, (
                f"{record['text']!r} was sent {last_end - wall(record):.3f} s before what "
                "came before it ended"
            )
            checked += 1
        if utterance is not None:
            last_end = utterance.end
    return checked


def check_x_stopped_the_voice(played: Played) -> None:
    """X cut the message being said short, and what was said after X was only what was
    sent after it (X dropped what waited; the game went on)."""
    x = played.press("x")
    assert x is not None and x.in_flight is not None
    cut = x.in_flight
    said = played.said()
    assert not any(u.start == cut.start and u.end is not None for u in said), (
        f"{cut.text!r}, being said when X went in, was said to its end"
    )
    sent_after = {str(r["text"]) for r in played.records if wall(r) > x.at}
    assert sent_after, "the game goes on after X"
    stale = [u.text for u in said if u.start >= x.at and u.text not in sent_after]
    assert stale == [], "said after X, though sent before it"


RUNS = [
    pytest.param("speech-dispatcher", "es", "sdx", NO_PRISM, [], id="speechd-es"),
    pytest.param("accessible-output2", "en", "sd", NO_PRISM, [], id="ao2-en"),
    # Prism cannot say when Speech Dispatcher finished: the game waits by estimate, at the
    # rate the player gives (a little slower than this voice's 333 words a minute).
    pytest.param("prism", "en", "sd", {}, ["--rate", "280"], id="prism-en"),
]


@pytest.mark.parametrize(("library", "lang", "keys", "env", "extra"), RUNS)
def test_a_hand_by_ear_is_heard_to_the_end_with_answers_at_once(
    recorder: TimedRecorder,
    library: str,
    lang: str,
    keys: str,
    env: dict[str, str],
    extra: list[str],
) -> None:
    if library == "prism":
        pytest.importorskip("prism", reason="prismatoid is not installed (pip install .[prism])")
    arguments = [*GAME, "--lang", lang, "--screen-reader", library, *extra]
    with game_in_tmux(arguments, {**recorder.env, **env}) as game:
        played = play_by_ear(game, recorder, keys)
    if library != "prism":  # (Prism sets no language: the player's own voice speaks)
        assert {u.lang for u in played.said()} == {lang}
    check_answers_cut_in(played)
    heard = check_every_table_message_heard_in_order(played)
    assert check_no_bot_outran_speech(played, heard) >= 1, "this seed has bot actions"
    if "x" in keys:
        check_x_stopped_the_voice(played)
