"""The speech queue's rules, in virtual time: table messages one at a time, each to its end;
answers cut in at once and what they cut is said again, whole, after them; the table waits a
moment after an answer for the player's next key; X empties the queue; bots wait for the
table but not for answers; a path that cannot tell is paced by estimate or by asking, and a
lost message holds nothing forever.

The voices (tests/pacing_support.py) speak at a screen reader's pace on a VirtualClock, so
each rule is checked to the millisecond it promises, in milliseconds of real time, the same
on a busy machine. tests/test_output_speech_timing.py runs the real speech paths.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator

import pytest
from pacing_support import DEADLINE, PacedVoice, TrackedVoice

from audiopoker.output import Message, RecordingBackend, Router
from audiopoker.output.backends import Backend, Done, PairBackend
from audiopoker.output.clock import VirtualClock
from audiopoker.output.speech_queue import (
    ANSWER_GRACE,
    DEFAULT_WPM,
    ESTIMATE_PAD,
    ESTIMATE_STRETCH,
    LOST_AFTER,
    POLL,
    Timing,
    estimate_seconds,
    timing_of,
)

PROMPT = "Your turn: 4 to call, 12 in the pot. C calls, R raises, F folds."


@pytest.fixture
def clock() -> Iterator[VirtualClock]:
    with VirtualClock() as started:
        yield started


@pytest.fixture
def voices(clock: VirtualClock) -> Iterator[dict[str, PacedVoice]]:
    """A voice of each kind of path; none may be sent a message while it says another."""
    made = {
        "tracked": TrackedVoice(clock),
        "polled": PacedVoice(clock, "polled"),
        "estimated": PacedVoice(clock, "estimated"),
    }
    yield made
    for voice in made.values():
        assert voice.overlaps() == [], voice.plain()


@pytest.fixture
def voice(voices: dict[str, PacedVoice]) -> PacedVoice:
    """The tracked voice (Speech Dispatcher's kind)."""
    return voices["tracked"]


class TimedBackend(RecordingBackend):
    """A recording backend that notes the virtual time of each speak call."""

    def __init__(self, clock: VirtualClock, speech_timing: str) -> None:
        super().__init__(speech_timing=speech_timing)
        self.clock = clock
        self.times: list[float] = []

    def speak(self, text: str, interrupt: bool) -> None:
        self.times.append(self.clock.now())
        super().speak(text, interrupt)


class MuteVoice(TimedBackend):
    """A tracked path that never reports the end of what it was asked to say."""

    def speak_tracked(self, text: str, interrupt: bool, done: Done) -> None:
        self.speak(text, interrupt)


def table(text: str) -> Message:
    return Message("action_taken", text)


def answer(text: str) -> Message:
    return Message("answer", text, interrupt=True)


def end_by_estimate(text: str, words_per_minute: int = DEFAULT_WPM) -> float:
    """How long after its start a message on a path that cannot tell counts as said."""
    return estimate_seconds(text, words_per_minute) * ESTIMATE_STRETCH + ESTIMATE_PAD


def test_table_messages_are_said_one_at_a_time_each_to_its_end(
    clock: VirtualClock, voice: PacedVoice
) -> None:
    texts = [f"Player {n} calls {n * 2}." for n in range(8)]
    with Router(voice, clock=clock) as router:
        for text in texts:
            router.send(table(text))
        assert router.drain(DEADLINE)
    assert voice.plain() == [entry for text in texts for entry in (("start", text), ("end", text))]
    # Each starts the moment the one before ended: heard whole, and no dead air between.
    assert [voice.at("start", text) for text in texts[1:]] == [
        voice.at("end", text) for text in texts[:-1]
    ]
    assert voice.at("end", texts[-1]) == pytest.approx(sum(map(voice.duration, texts)))


@pytest.mark.parametrize("timing", ["tracked", "polled", "estimated"])
def test_an_answer_cuts_in_at_once_and_the_cut_message_is_said_again_whole_after_it(
    clock: VirtualClock, voices: dict[str, PacedVoice], timing: str
) -> None:
    voice = voices[timing]
    reply = "You have 198 chips."
    with Router(voice, clock=clock) as router:
        router.send(table(PROMPT))
        router.send(table("Ana folds."))
        voice.wait_for("start", PROMPT)
        clock.sleep(1.0)  # a second into the prompt, the player presses S
        pressed = clock.now()
        router.send(answer(reply))
        assert router.drain(DEADLINE)
    assert voice.plain() == [
        ("start", PROMPT),
        ("cut", PROMPT),
        ("start", reply),
        ("end", reply),
        ("start", PROMPT),
        ("end", PROMPT),
        ("start", "Ana folds."),
        ("end", "Ana folds."),
    ]
    assert voice.at("cut", PROMPT) == voice.at("start", reply) == pressed  # at once
    assert router.speech.repeated == 1
    # The prompt comes back once the answer was said (as far as the path can tell) and
    # the player had the moment of grace to press another key.
    again = voice.at("start", PROMPT, 1)
    if timing == "tracked":
        assert again == pytest.approx(voice.at("end", reply) + ANSWER_GRACE)
    elif timing == "polled":  # seen quiet at the next question
        assert 0 <= again - (voice.at("end", reply) + ANSWER_GRACE) <= POLL + 1e-9
    else:
        assert again == pytest.approx(pressed + end_by_estimate(reply) + ANSWER_GRACE)


def test_quick_answers_cut_each_other_and_the_table_message_only_once(
    clock: VirtualClock, voice: PacedVoice
) -> None:
    cards = "Your cards: ace of spades and king of spades."
    with Router(voice, clock=clock) as router:
        router.send(table(PROMPT))
        voice.wait_for("start", PROMPT)
        router.send(answer(cards))
        voice.wait_for("start", cards)
        router.send(answer("Pot: 3."))
        router.send(answer("You have 198 chips."))  # "Pot: 3." may never start
        assert router.drain(DEADLINE)
    assert [text for what, text in voice.plain() if what == "cut"].count(PROMPT) == 1
    assert voice.said_whole() == ["You have 198 chips.", PROMPT]


def test_the_table_waits_a_moment_after_an_answer_for_the_next_key(
    clock: VirtualClock, voice: PacedVoice
) -> None:
    # Walking a list: each arrow's answer ends, and the next key comes a moment later; the
    # cut table message is not started (and cut again) in between, only after the last.
    items = ("S: your chips.", "V: what calling costs.", "D: your two cards.")
    with Router(voice, clock=clock) as router:
        router.send(table(PROMPT))
        voice.wait_for("start", PROMPT)
        for item in items:
            router.send(answer(item))
            voice.wait_for("end", item)
            clock.sleep(ANSWER_GRACE - 0.1)  # the player's next key, within the grace
        assert router.drain(DEADLINE)
    assert [text for what, text in voice.plain() if what == "start"] == [PROMPT, *items, PROMPT]
    assert voice.at("start", PROMPT, 1) == pytest.approx(voice.at("end", items[-1]) + ANSWER_GRACE)


def test_after_the_grace_the_cut_message_comes_back_and_a_later_key_cuts_it_again(
    clock: VirtualClock, voice: PacedVoice
) -> None:
    with Router(voice, clock=clock) as router:
        router.send(table(PROMPT))
        voice.wait_for("start", PROMPT)
        router.send(answer("S: your chips."))
        voice.wait_for("end", "S: your chips.")
        clock.sleep(ANSWER_GRACE + 0.5)  # the player listens on: the prompt is back
        assert voice.plain()[-1] == ("start", PROMPT)
        router.send(answer("V: what calling costs."))
        assert router.drain(DEADLINE)
    starts = [text for what, text in voice.plain() if what == "start"]
    assert starts == [PROMPT, "S: your chips.", PROMPT, "V: what calling costs.", PROMPT]
    assert voice.said_whole()[-1] == PROMPT and router.speech.repeated == 2


def test_x_empties_the_queue_and_nothing_more_is_said_until_the_next_message(
    clock: VirtualClock, voice: PacedVoice
) -> None:
    hand = ("Hand 3.", "Bea posts the small blind, 1.", "Carl posts the big blind, 2.")
    with Router(voice, clock=clock) as router:
        for text in hand:
            router.send(table(text))
        voice.wait_for("start", "Hand 3.")
        clock.sleep(0.2)
        router.silence()
        assert router.drain(DEADLINE)
        clock.sleep(30.0)  # however long the player waits: nothing more is said
        assert voice.plain() == [("start", "Hand 3."), ("cut", "Hand 3.")]
        assert voice.at("cut", "Hand 3.") == 0.2  # stopped at once
        assert voice.silences == 1 and router.dropped == 2 and router.speech.repeated == 0
        sent = clock.now()
        router.send(table("Bea folds."))
        assert router.drain(DEADLINE)
    assert voice.said_whole() == ["Bea folds."]
    assert voice.at("start", "Bea folds.") == sent
    # The history keeps what X dropped, for the arrows and M.
    assert [m.text for m in router.history] == [*hand, "Bea folds."]


def test_bots_wait_for_the_table_but_not_for_answers(
    clock: VirtualClock, voice: PacedVoice
) -> None:
    long_answer = "Pot: 9. A long answer that takes a while to say, to be sure."
    with Router(voice, clock=clock) as router:
        router.send(table("Dan raises to 6."))
        assert router.is_busy()
        ended = router.wait_for_table(DEADLINE)
        assert ended == voice.at("end", "Dan raises to 6.")  # waited exactly to its end
        assert not router.is_busy()
        router.send(answer(long_answer))
        voice.wait_for("start", long_answer)
        assert not router.is_busy()  # an answer holds no bot: its action queues behind it
        asked = clock.now()
        assert router.wait_for_table(DEADLINE) == ended
        assert clock.now() == asked and ("end", long_answer) not in voice.plain()


def test_no_bot_acts_before_what_came_before_was_heard_even_when_an_answer_cuts_in(
    clock: VirtualClock, voice: PacedVoice
) -> None:
    """The conductor's order at a table (SpeechPacer over wait_for_table, bot delay 0): a
    hand's opening, then each bot acts once the table was heard; the player asks in the
    middle of it, which cuts a message that must still be heard before the next bot acts."""
    opening = ["Hand 1. Ana deals.", "Bea posts the small blind, 1.", "Carl posts 2."]
    bots = ["Dan raises to 6.", "Eva folds.", "Ana calls 6."]
    waited: list[float | None] = []

    def conductor(router: Router) -> None:
        for text in opening:
            router.send(table(text))
        for text in bots:
            waited.append(router.wait_for_table(DEADLINE))
            router.send(table(text))

    with Router(voice, clock=clock) as router:
        thread = clock.start_thread(lambda: conductor(router), "conductor")
        voice.wait_for("start", opening[1])
        clock.sleep(0.5)
        router.send(answer("Pot: 3."))
        voice.wait_for("end", bots[-1])
        assert router.drain(DEADLINE)
    thread.join(5)
    said = [*opening, *bots]
    assert voice.said_whole() == [opening[0], "Pot: 3.", *opening[1:], *bots]
    assert [text for what, text in voice.plain() if what == "cut"] == [opening[1]]
    for index, bot in enumerate(bots):
        heard = voice.at("end", said[len(opening) + index - 1])
        assert waited[index] == heard == voice.at("start", bot)  # and not a moment later


def test_waiting_for_the_table_stops_when_the_game_stops(clock: VirtualClock) -> None:
    voice = TrackedVoice(clock, seconds_per_char=1.0)  # a message that takes a minute
    stop = threading.Event()
    with Router(voice, clock=clock) as router:
        router.send(table("x" * 60))
        clock.call_later(0.5, stop.set)
        assert router.wait_for_table(DEADLINE, stop) is None
        assert 0.5 <= clock.now() <= 0.5 + 0.05 + 1e-9  # at the next look at ``stop``
        assert router.is_busy()
        router.silence()


def test_braille_follows_the_message_being_said_and_answers_are_marked(
    clock: VirtualClock, voice: PacedVoice
) -> None:
    with Router(voice, clock=clock) as router:
        router.send(Message("street_dealt", "Flop: ace of hearts…", braille="Flop: Ah 7c 2d"))
        assert router.drain(DEADLINE)
        router.send(answer("Board: ace of hearts, seven of clubs, two of diamonds."))
        assert router.drain(DEADLINE)
    assert voice.brailled == [
        ("Flop: Ah 7c 2d", False),
        ("Board: ace of hearts, seven of clubs, two of diamonds.", True),
    ]


@pytest.mark.parametrize("words_per_minute", [DEFAULT_WPM, 120])
def test_a_path_that_cannot_tell_is_waited_for_by_estimate_at_the_players_rate(
    clock: VirtualClock, voices: dict[str, PacedVoice], words_per_minute: int
) -> None:
    voice = voices["estimated"]  # says 50 ms a character: 200 words a minute
    text = "Ana raises to 12. Luis folds."
    with Router(voice, clock=clock) as router:
        router.set_rate(words_per_minute)  # --rate: a screen reader's own setting
        router.send(table(text))
        router.send(table("next"))
        ended = router.wait_for_table(DEADLINE)
    assert voice.said_whole() == [text, "next"]
    # A little more than the estimate, so a voice slower than the rate or slow to start
    # is not still speaking when the next message is sent (the fixture checks it is not),
    # and not so much that the player waits on silence.
    estimate = estimate_seconds(text, words_per_minute)
    assert estimate < voice.at("start", "next") <= estimate * 1.2 + 0.2
    assert voice.at("start", "next") == pytest.approx(end_by_estimate(text, words_per_minute))
    assert ended == pytest.approx(
        voice.at("start", "next") + end_by_estimate("next", words_per_minute)
    )


def test_a_polled_path_follows_the_voice_not_the_estimate(clock: VirtualClock) -> None:
    voice = PacedVoice(clock, "polled", seconds_per_char=0.1)  # twice as slow as the rate
    with Router(voice, clock=clock) as router:
        router.send(table("Eva checks."))
        router.send(table("Flop."))
        assert router.drain(DEADLINE)
    assert voice.plain() == [
        ("start", "Eva checks."),
        ("end", "Eva checks."),
        ("start", "Flop."),
        ("end", "Flop."),
    ]
    gap = voice.at("start", "Flop.") - voice.at("end", "Eva checks.")
    assert 0 <= gap <= POLL + 1e-9  # seen quiet at the next question
    # By estimate, "Flop." would have been sent while "Eva checks." was still being said.
    assert voice.at("start", "Flop.") > end_by_estimate("Eva checks.") + 0.3


@pytest.mark.parametrize("answers", [False, None], ids=["never speaking", "cannot tell"])
def test_a_polled_path_never_seen_speaking_falls_back_on_the_estimate(
    clock: VirtualClock, answers: bool | None
) -> None:
    backend = TimedBackend(clock, speech_timing="polled")
    backend.speaking = answers
    text = "Hand 2. Bea deals."
    with Router(backend, clock=clock) as router:
        router.send(table(text))
        router.send(table("Flop."))
        assert router.drain(DEADLINE)
    assert backend.spoken == [text, "Flop."]
    started = backend.times[1]
    estimate = estimate_seconds(text, DEFAULT_WPM)
    assert 0 <= started - estimate <= POLL + 1e-9


@pytest.mark.parametrize("timing", ["tracked", "polled"])
def test_a_path_that_loses_a_message_holds_the_game_only_so_long(
    clock: VirtualClock, timing: str
) -> None:
    """Three times the estimate and ten seconds more, then the message counts as lost:
    a server that never answers, a voice that says it speaks forever."""
    backend = MuteVoice(clock, "tracked") if timing == "tracked" else TimedBackend(clock, "polled")
    backend.speaking = True  # (the polled one speaks forever)
    with Router(backend, clock=clock) as router:
        router.send(table("Lost."))
        router.send(table("Next."))
        assert router.drain(DEADLINE)
    assert backend.spoken == ["Lost.", "Next."]
    lost = 3 * estimate_seconds("Lost.", DEFAULT_WPM) + 10.0
    assert lost == 3 * estimate_seconds("Lost.", DEFAULT_WPM) + LOST_AFTER
    if timing == "tracked":
        assert backend.times[1] == pytest.approx(lost)
    else:
        assert 0 <= backend.times[1] - lost <= POLL + 1e-9


@pytest.mark.parametrize(
    ("make", "timing"),
    [
        (lambda clock: TrackedVoice(clock), Timing.TRACKED),
        (lambda clock: RecordingBackend(), Timing.INSTANT),
        (lambda clock: RecordingBackend(speech_timing="polled"), Timing.POLLED),
        (lambda clock: PacedVoice(clock, "estimated"), Timing.ESTIMATED),
        (lambda clock: RecordingBackend(speech_timing="nonsense"), Timing.ESTIMATED),
    ],
)
def test_timing_of_each_kind_of_path(
    clock: VirtualClock, make: Callable[[VirtualClock], Backend], timing: Timing
) -> None:
    backend = make(clock)
    assert timing_of(backend) is timing
    braille = RecordingBackend("braille")
    assert timing_of(PairBackend(backend, braille).speech) is timing
