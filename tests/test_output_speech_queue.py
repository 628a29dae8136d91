"""The speech queue: table messages one at a time, each to its end; answers cut in at once
and what they cut is said again, whole, after them; X empties it on purpose.

A fake voice that takes real time per character and reports starts, ends and cuts stands in
for Speech Dispatcher here; tests/test_output_speech_timing.py runs the real one.
"""

from __future__ import annotations

import threading
import time

import pytest

from audiopoker.output import Message, RecordingBackend, Router
from audiopoker.output.backends import Done, Ending, PairBackend
from audiopoker.output.speech_queue import Timing, estimate_seconds, timing_of

DEADLINE = 10.0


class TimedVoice:
    """Speaks each text for ``seconds_per_char`` per character on a timer thread and logs
    ("start", text) / ("end", text) / ("cut", text), like the speechd recorder."""

    name = "timed voice"

    def __init__(self, seconds_per_char: float = 0.002) -> None:
        self.seconds_per_char = seconds_per_char
        self.log: list[tuple[str, str]] = []
        self._lock = threading.Lock()
        self._current: tuple[str, threading.Timer, Done] | None = None
        self.brailled: list[tuple[str, bool]] = []
        self.silences = 0

    def speak_tracked(self, text: str, interrupt: bool, done: Done) -> None:
        if interrupt:
            self._cut()
        timer = threading.Timer(len(text) * self.seconds_per_char, self._end, args=(text,))
        with self._lock:
            assert self._current is None, "a second message was sent before the first ended"
            self._current = (text, timer, done)
            self.log.append(("start", text))
        timer.start()

    def _end(self, text: str) -> None:
        with self._lock:
            current, self._current = self._current, None
            self.log.append(("end", text))
        assert current is not None
        current[2](Ending.ENDED)

    def _cut(self) -> None:
        with self._lock:
            current, self._current = self._current, None
            if current is not None:
                current[1].cancel()
                self.log.append(("cut", current[0]))
        if current is not None:
            current[2](Ending.CUT)

    def speak(self, text: str, interrupt: bool) -> None:
        self.speak_tracked(text, interrupt, lambda ending: None)

    def braille(self, text: str, interrupt: bool = False) -> None:
        self.brailled.append((text, interrupt))

    def silence(self) -> None:
        self.silences += 1
        self._cut()

    def is_speaking(self) -> bool | None:
        with self._lock:
            return self._current is not None

    def close(self) -> None:
        self._cut()

    def wait_for(self, entry: tuple[str, str]) -> None:
        deadline = time.monotonic() + DEADLINE
        while entry not in self.log:
            assert time.monotonic() < deadline, f"{entry} never came: {self.log}"
            time.sleep(0.002)


def table(text: str) -> Message:
    return Message("action_taken", text)


def answer(text: str) -> Message:
    return Message("answer", text, interrupt=True)


def said_whole(log: list[tuple[str, str]]) -> list[str]:
    """The texts that were spoken to their end, in order."""
    return [text for what, text in log if what == "end"]


def test_table_messages_are_said_one_at_a_time_each_to_its_end() -> None:
    voice = TimedVoice()
    texts = [f"Player {n} calls {n * 2}." for n in range(8)]
    with Router(voice) as router:  # type: ignore[arg-type]
        for text in texts:
            router.send(table(text))
        assert router.drain(DEADLINE)
    # start, end, start, end: never two at once (TimedVoice asserts it too)
    assert voice.log == [entry for text in texts for entry in (("start", text), ("end", text))]


def test_an_answer_cuts_in_and_the_cut_message_is_said_again_whole_then_the_rest() -> None:
    voice = TimedVoice(seconds_per_char=0.01)
    long = "Your turn: 4 to call, 12 in the pot. C calls, R raises, F folds."
    with Router(voice) as router:  # type: ignore[arg-type]
        router.send(table(long))
        router.send(table("Ana folds."))
        voice.wait_for(("start", long))
        router.send(answer("You have 198 chips."))
        assert router.drain(DEADLINE)
    assert voice.log == [
        ("start", long),
        ("cut", long),
        ("start", "You have 198 chips."),
        ("end", "You have 198 chips."),
        ("start", long),
        ("end", long),
        ("start", "Ana folds."),
        ("end", "Ana folds."),
    ]


def test_quick_answers_cut_each_other_and_the_table_message_only_once() -> None:
    voice = TimedVoice(seconds_per_char=0.01)
    prompt = "Your turn: 2 to call. C calls, R raises, F folds."
    with Router(voice) as router:  # type: ignore[arg-type]
        router.send(table(prompt))
        voice.wait_for(("start", prompt))
        router.send(answer("Your cards: ace of spades and king of spades."))
        voice.wait_for(("start", "Your cards: ace of spades and king of spades."))
        router.send(answer("Pot: 3."))
        router.send(answer("You have 198 chips."))  # "Pot: 3." may never start
        assert router.drain(DEADLINE)
    assert [text for what, text in voice.log if what == "cut"].count(prompt) == 1
    assert said_whole(voice.log) == ["You have 198 chips.", prompt]


def test_the_table_waits_a_moment_after_an_answer_for_the_next_key() -> None:
    # Walking a list: each arrow's answer ends, and the next comes a moment later; the cut
    # table message is not started (and cut again) in between, only after the last.
    voice = TimedVoice(seconds_per_char=0.005)
    prompt = "Your turn: 2 to call. C calls, R raises, F folds."
    with Router(voice) as router:  # type: ignore[arg-type]
        router.speech.answer_grace = 0.5
        router.send(table(prompt))
        voice.wait_for(("start", prompt))
        for item in ("S: your chips.", "V: what calling costs.", "D: your two cards."):
            router.send(answer(item))
            voice.wait_for(("end", item))
            time.sleep(0.1)  # the player's next key, well within the grace
        assert router.drain(DEADLINE)
    assert [text for what, text in voice.log if what == "start"] == [
        prompt,
        "S: your chips.",
        "V: what calling costs.",
        "D: your two cards.",
        prompt,
    ]


def test_x_empties_the_queue_and_nothing_more_is_said_until_the_next_message() -> None:
    voice = TimedVoice(seconds_per_char=0.01)
    with Router(voice) as router:  # type: ignore[arg-type]
        for text in ("Hand 3.", "Bea posts the small blind, 1.", "Carl posts the big blind, 2."):
            router.send(table(text))
        voice.wait_for(("start", "Hand 3."))
        router.silence()
        assert router.drain(DEADLINE)
        assert voice.log[-1] == ("cut", "Hand 3.")
        assert voice.silences == 1
        router.send(table("Bea folds."))
        assert router.drain(DEADLINE)
    assert said_whole(voice.log) == ["Bea folds."]
    # The history keeps what X dropped, for the arrows and M.
    assert [m.text for m in router.history][:3] == [
        "Hand 3.",
        "Bea posts the small blind, 1.",
        "Carl posts the big blind, 2.",
    ]


def test_bots_wait_for_the_table_but_not_for_answers() -> None:
    voice = TimedVoice(seconds_per_char=0.005)
    with Router(voice) as router:  # type: ignore[arg-type]
        router.send(table("Dan raises to 6."))
        assert router.is_busy()
        ended = router.wait_for_table(DEADLINE)
        assert ended is not None and ("end", "Dan raises to 6.") in voice.log
        assert not router.is_busy()
        router.send(answer("Pot: 9. A long answer that takes a while to say, to be sure."))
        voice.wait_for(("start", "Pot: 9. A long answer that takes a while to say, to be sure."))
        assert not router.is_busy()  # an answer holds no bot: its action queues behind it
        assert router.wait_for_table(0.01) == ended


def test_waiting_for_the_table_stops_when_the_game_stops() -> None:
    voice = TimedVoice(seconds_per_char=1.0)  # a message that would take a minute
    stop = threading.Event()
    with Router(voice) as router:  # type: ignore[arg-type]
        router.send(table("x" * 60))
        threading.Timer(0.05, stop.set).start()
        start = time.monotonic()
        assert router.wait_for_table(DEADLINE, stop) is None
        assert time.monotonic() - start < 2
        router.silence()


def test_braille_follows_the_message_being_said_and_answers_are_marked() -> None:
    voice = TimedVoice()
    with Router(voice) as router:  # type: ignore[arg-type]
        router.send(Message("street_dealt", "Flop: ace of hearts…", braille="Flop: Ah 7c 2d"))
        assert router.drain(DEADLINE)
        router.send(answer("Board: ace of hearts, seven of clubs, two of diamonds."))
        assert router.drain(DEADLINE)
    assert voice.brailled == [
        ("Flop: Ah 7c 2d", False),
        ("Board: ace of hearts, seven of clubs, two of diamonds.", True),
    ]


def test_a_path_that_cannot_tell_is_waited_for_by_estimate() -> None:
    backend = RecordingBackend(speech_timing="estimated")
    text = "x" * 40
    with Router(backend, words_per_minute=2000) as router:  # 5 ms a character: 0.2 s
        start = time.monotonic()
        router.send(table(text))
        router.send(table("next"))
        ended = router.wait_for_table(DEADLINE)
        assert ended is not None
        assert ended - start >= estimate_seconds(text, 2000)
    assert backend.spoken == [text, "next"]


def test_a_polled_path_ends_when_seen_speaking_then_quiet() -> None:
    backend = RecordingBackend(speech_timing="polled")
    backend.speaking = True
    with Router(backend) as router:
        router.send(table("Eva checks."))
        router.send(table("Flop."))
        assert not router.drain(0.3)  # still speaking the first: the second waits
        assert backend.spoken == ["Eva checks."]
        backend.speaking = False
        assert router.drain(DEADLINE)
    assert backend.spoken == ["Eva checks.", "Flop."]


def test_a_path_that_loses_a_message_does_not_hold_the_game_forever() -> None:
    class Mute(TimedVoice):
        def speak_tracked(self, text: str, interrupt: bool, done: Done) -> None:
            self.log.append(("start", text))  # and never reports an end

    voice = Mute()
    with Router(voice, words_per_minute=100_000) as router:  # type: ignore[arg-type]
        router.speech.lost_after = 0.1
        router.send(table("Lost."))
        router.send(table("Next."))
        assert router.drain(DEADLINE)
    assert voice.log == [("start", "Lost."), ("start", "Next.")]


@pytest.mark.parametrize(
    ("backend", "timing"),
    [
        (TimedVoice(), Timing.TRACKED),
        (RecordingBackend(), Timing.INSTANT),
        (RecordingBackend(speech_timing="polled"), Timing.POLLED),
        (RecordingBackend(speech_timing="nonsense"), Timing.ESTIMATED),
    ],
)
def test_timing_of_each_kind_of_path(backend: object, timing: Timing) -> None:
    assert timing_of(backend) is timing  # type: ignore[arg-type]
    braille = RecordingBackend("braille")
    assert timing_of(PairBackend(backend, braille).speech) is timing  # type: ignore[arg-type]
