"""The output router with the recording backend: channels, interrupts, ordering, history."""

from __future__ import annotations

import io
import json
import threading
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from audiopoker.output import (
    ConsoleBackend,
    Message,
    RecordingBackend,
    Router,
    RoutingPolicy,
    TranscriptWriter,
    Verbosity,
)
from audiopoker.output.backends import Call
from audiopoker.output.braille_display import group_thousands
from audiopoker.output.clock import VirtualClock
from audiopoker.output.speech_queue import POLL


class GatedBackend(RecordingBackend):
    """Records like RecordingBackend, but speak() of texts in ``hold`` waits for a release,
    so tests can keep the dispatch thread busy while they queue more messages."""

    def __init__(self, hold: set[str]) -> None:
        super().__init__()
        self.hold = hold
        self.entered = threading.Event()
        self.release = threading.Event()

    def speak(self, text: str, interrupt: bool) -> None:
        super().speak(text, interrupt)
        if text in self.hold:
            self.entered.set()
            assert self.release.wait(5), "test never released the backend"


def make_router(backend: RecordingBackend | None = None, **kwargs: object) -> Router:
    return Router(backend if backend is not None else RecordingBackend(), **kwargs)  # type: ignore[arg-type]


texts = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), min_size=1)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(texts, st.none() | texts), min_size=1, max_size=30))
def test_every_message_reaches_speech_and_braille_by_default(
    pairs: list[tuple[str, str | None]],
) -> None:
    backend = RecordingBackend()
    with Router(backend) as router:
        for text, short in pairs:
            routed = router.send(Message("action_taken", text, braille=short))
            assert routed.speech and routed.braille
        assert router.drain()
    assert backend.spoken == [text for text, _ in pairs]
    # Long numbers are grouped for braille (English separator); everything else as sent.
    assert backend.brailled == [
        group_thousands(short if short is not None else text, ",") for text, short in pairs
    ]
    assert all(not call.interrupt for call in backend.calls)


def test_speech_comes_before_braille_for_each_message_and_order_is_kept() -> None:
    backend = RecordingBackend()
    with Router(backend) as router:
        router.send(Message("a", "Ana calls 4.", braille="Ana call 4"))
        router.send(Message("b", "Luis folds."))
        router.drain()
    assert backend.calls == [
        Call("speak", "Ana calls 4."),
        Call("braille", "Ana call 4"),
        Call("speak", "Luis folds."),
        Call("braille", "Luis folds."),
    ]


def test_an_answer_is_spoken_at_once_and_waiting_table_messages_follow_it() -> None:
    backend = GatedBackend(hold={"first"})
    router = Router(backend)
    router.send(Message("action_taken", "first"))
    assert backend.entered.wait(5)  # the dispatch thread is inside speak("first")
    router.send(Message("action_taken", "second"))
    router.send(Message("action_taken", "third"))
    router.send(Message("answer", "Your stack is 200.", interrupt=True))
    backend.release.set()
    assert router.drain()
    router.close()
    speaks = [call for call in backend.calls if call.method == "speak"]
    assert speaks == [
        Call("speak", "first"),
        Call("speak", "Your stack is 200.", True),
        Call("speak", "second"),
        Call("speak", "third"),
    ]
    assert router.dropped == 0
    # Nothing is lost for the player: the history still has every message, in order.
    assert [m.text for m in router.history] == ["first", "second", "third", "Your stack is 200."]


def test_game_events_after_an_answer_queue_behind_it() -> None:
    backend = RecordingBackend()
    with Router(backend) as router:
        router.send(Message("answer", "Pot is 30.", interrupt=True))
        router.send(Message("action_taken", "Ana raises to 12."))
        router.drain()
    assert [(c.text, c.interrupt) for c in backend.calls if c.method == "speak"] == [
        ("Pot is 30.", True),
        ("Ana raises to 12.", False),
    ]


def test_send_never_waits_for_a_slow_backend() -> None:
    backend = GatedBackend(hold={"slow"})
    router = Router(backend)
    router.send(Message("x", "slow"))
    assert backend.entered.wait(5)
    for number in range(100):  # would deadlock if send() waited for the backend
        router.send(Message("x", f"queued {number}"))
    assert router.is_busy()
    backend.release.set()
    assert router.drain()
    router.close()
    assert backend.spoken == ["slow"] + [f"queued {n}" for n in range(100)]


@pytest.mark.parametrize("slow_start", [True, False])
def test_thousand_messages_with_interrupts_arriving_lose_nothing_in_history(
    slow_start: bool,
) -> None:
    # slow_start: the backend is stuck in its first utterance while everything is queued;
    # otherwise the dispatch thread races the two producers.
    backend = GatedBackend(hold={"event 0"} if slow_start else set())
    transcript = io.StringIO()
    router = Router(backend, transcript=TranscriptWriter(transcript))
    events = [Message("action_taken", f"event {n}") for n in range(1000)]
    answers = [Message("answer", f"answer {n}", interrupt=True) for n in range(50)]
    start = threading.Barrier(2)

    def produce(messages: list[Message]) -> None:
        start.wait()
        for message in messages:
            router.send(message)

    threads = [threading.Thread(target=produce, args=(m,)) for m in (events, answers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    backend.release.set()
    assert router.drain()
    router.close()
    history = list(router.history)
    assert len(history) == 1050
    if backend.entered.is_set():
        assert router.dropped > 0
    # Each producer's messages appear in the history exactly once, in the order sent.
    assert [m for m in history if m.kind == "action_taken"] == events
    assert [m for m in history if m.kind == "answer"] == answers
    # The backend got each lane in the order sent (an answer cuts in ahead of the table
    # messages still waiting, which are said after it); everything it did not get was
    # superseded by an interrupt, and whatever came after the last interrupt was spoken.
    spoken = backend.spoken
    position = {m.text: i for i, m in enumerate(history)}
    for lane in ("event", "answer"):
        indices = [position[text] for text in spoken if text.startswith(lane)]
        assert indices == sorted(indices), (lane, [position[text] for text in spoken])
    assert len(spoken) + router.dropped == len(history)
    last_answer = max(position[a.text] for a in answers)
    assert {m.text for m in history[last_answer:]} <= set(spoken)
    # The transcript has every message too, in history order.
    records = [json.loads(line) for line in transcript.getvalue().splitlines()]
    assert [r["text"] for r in records] == [m.text for m in history]


def test_verbosity_filters_by_policy_and_the_transcript_says_so() -> None:
    backend = RecordingBackend()
    transcript = io.StringIO()
    router = Router(backend, transcript=TranscriptWriter(transcript))
    chatty = Message("bot_thinking", "Luis is thinking.", min_verbosity=Verbosity.VERBOSE)
    assert router.verbosity is Verbosity.NORMAL
    first = router.send(chatty)
    router.verbosity = Verbosity.VERBOSE
    second = router.send(chatty)
    router.drain()
    router.close()
    assert (first.speech, first.braille) == (False, False)
    assert (second.speech, second.braille) == (True, True)
    assert backend.spoken == ["Luis is thinking."]
    assert len(router.history) == 1
    records = [json.loads(line) for line in transcript.getvalue().splitlines()]
    assert [(r["speech"], r["braille"]) for r in records] == [(False, False), (True, True)]


def test_cycle_verbosity_wraps_around() -> None:
    with make_router() as router:
        seen = [router.cycle_verbosity() for _ in range(3)]
    assert seen == [Verbosity.VERBOSE, Verbosity.BRIEF, Verbosity.NORMAL]


def test_braille_only_player_gets_braille_and_interrupts_silence_speech() -> None:
    backend = RecordingBackend()
    with Router(backend, policy=RoutingPolicy(speech=False)) as router:
        routed = router.send(Message("answer", "Pot 30", interrupt=True))
        router.drain()
    assert (routed.speech, routed.braille) == (False, True)
    assert backend.calls == [Call("silence"), Call("braille", "Pot 30")]


def test_transcript_records_exactly_the_contract_fields(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "t.jsonl"
    router = Router(RecordingBackend(), transcript=TranscriptWriter(path))
    router.send(Message("hand_started", "Mano 3. Reparte Ana.", braille="Mano 3"))
    router.send(Message("answer", "Bote: 1.250 fichas ♠", interrupt=True))
    router.close()
    lines = path.read_text(encoding="utf-8").splitlines()
    records = [json.loads(line) for line in lines]
    assert [list(r) for r in records] == [
        ["time", "wall", "kind", "text", "speech", "braille", "interrupt", "answer"]
    ] * 2
    assert records[1]["answer"] is True and records[0]["answer"] is False
    assert 0 <= records[1]["wall"] - records[0]["wall"] < 5
    assert records[0]["kind"] == "hand_started" and records[0]["text"] == "Mano 3. Reparte Ana."
    assert records[1]["interrupt"] is True and records[0]["interrupt"] is False
    assert 0 <= records[0]["time"] <= records[1]["time"]
    assert "♠" in lines[1]  # written as UTF-8, not escaped


def test_console_echo_is_one_plain_line_per_message() -> None:
    stream = io.StringIO()
    router = Router(
        RecordingBackend(), policy=RoutingPolicy(echo=True), console=ConsoleBackend(stream)
    )
    router.send(Message("a", "Flop: A♠ K♦ 7♣."))
    router.send(Message("b", "Two\nlines"))
    router.send(Message("c", "Pot 30", interrupt=True))
    router.close()
    assert stream.getvalue() == "Flop: A♠ K♦ 7♣.\nTwo lines\nPot 30\n"
    assert "\x1b" not in stream.getvalue() and "\r" not in stream.getvalue()


def test_console_echo_off_prints_nothing() -> None:
    stream = io.StringIO()
    router = Router(RecordingBackend(), console=ConsoleBackend(stream))
    router.send(Message("a", "hello"))
    router.close()
    assert stream.getvalue() == ""


def test_history_walk_repeat_and_edges() -> None:
    backend = RecordingBackend()
    router = Router(backend)
    for text in ("one", "two", "three"):
        router.send(Message("x", text, braille=text.upper()))
    router.drain()

    def press(key: Callable[[], Message | None]) -> Message | None:
        result = key()
        router.drain()  # a person presses keys slower than the dispatch thread
        return result

    assert press(router.repeat_last) == Message("x", "three", braille="THREE")
    assert press(router.history_previous) == Message("x", "two", braille="TWO")
    assert router.history.position == (2, 3)
    press(router.history_previous)
    assert router.history.at_start
    press(router.history_previous)  # stays on the oldest, and says only the edge
    assert router.history.current == Message("x", "one", braille="ONE")
    press(router.history_next)
    press(router.history_last)
    assert router.history.at_end
    press(router.history_first)
    router.close()
    replays = [c for c in backend.calls if c.method == "speak"][3:]
    before, first, last = (
        "First message: there is nothing before it.",
        "First message. {}",
        "{} Last message.",
    )
    assert [c.text for c in replays] == [
        "three", "two", first.format("one"), before, "two", last.format("three"),
        first.format("one"),
    ]  # fmt: skip
    assert all(c.interrupt for c in replays)  # review keys answer at once
    assert backend.brailled[3:] == [
        "THREE", "TWO", first.format("ONE"), before, "TWO", last.format("THREE"),
        first.format("ONE"),
    ]  # fmt: skip
    assert len(router.history) == 3  # replays do not enter the history


def test_rapid_review_keys_speak_only_the_latest() -> None:
    backend = GatedBackend(hold={"three"})
    router = Router(backend)
    for text in ("one", "two", "three"):
        router.send(Message("x", text))
    assert backend.entered.wait(5)
    router.history_previous()
    router.history_previous()
    backend.release.set()
    router.close()
    assert backend.spoken == ["one", "two", "three", "First message. one"]


def test_new_message_puts_the_cursor_back_on_the_newest() -> None:
    with make_router() as router:
        for text in ("one", "two", "three"):
            router.send(Message("x", text))
        router.history_first()
        router.send(Message("x", "four"))
        assert router.history_previous() == Message("x", "three")


@pytest.mark.parametrize(
    ("lang", "expected"), [("en", "No messages yet."), ("es", "Todavía no hay mensajes.")]
)
def test_empty_history_says_so_in_the_players_language(lang: str, expected: str) -> None:
    backend = RecordingBackend()
    with Router(backend, lang=lang) as router:
        assert router.repeat_last() is None
        router.drain()
    assert backend.spoken == [expected]


def test_copy_current_uses_the_clipboard_and_reports() -> None:
    copied: list[str] = []

    def clipboard(text: str) -> bool:
        copied.append(text)
        return True

    backend = RecordingBackend()
    with Router(backend, clipboard=clipboard, lang="es") as router:
        router.send(Message("x", "uno"))
        router.send(Message("x", "dos"))
        router.drain()
        router.history_previous()
        assert router.copy_current() is True
        router.drain()
    assert copied == ["uno"]
    assert backend.spoken[-1] == "Copiado al portapapeles."


def test_copy_without_a_clipboard_says_it_is_not_available() -> None:
    backend = RecordingBackend()
    with Router(backend, clipboard=lambda text: False) as router:
        router.send(Message("x", "uno"))
        router.drain()
        assert router.copy_current() is False
        router.drain()
    assert backend.spoken[-1] == "The clipboard is not available on this system."


def test_clipboard_answers_come_in_spanish_from_the_output_catalog() -> None:
    """Nothing to copy, and no clipboard: said (and brailled) in Spanish, never stored in
    the history the player walks."""
    backend = RecordingBackend()
    with Router(backend, clipboard=lambda text: False, lang="es") as router:
        assert router.copy_current() is False
        router.drain()  # an answer cuts off what is queued: let each be heard
        router.send(Message("x", "uno"))
        router.drain()
        assert router.copy_current() is False
        router.drain()
        assert [message.text for message in router.history] == ["uno"]
    assert backend.spoken == [
        "Todavía no hay nada que copiar.",
        "uno",
        "El portapapeles no está disponible en este sistema.",
    ]
    assert backend.brailled == backend.spoken


def test_an_unknown_language_falls_back_to_english() -> None:
    backend = RecordingBackend()
    with Router(backend, lang="fr") as router:
        router.history_previous()
        router.drain()
    assert backend.spoken == ["No messages yet."]


class ExplodingBackend(RecordingBackend):
    def speak(self, text: str, interrupt: bool) -> None:
        if text == "boom":
            raise OSError("the reader went away")
        super().speak(text, interrupt)


def test_a_failing_backend_does_not_stop_later_messages() -> None:
    backend = ExplodingBackend()
    with Router(backend) as router:
        router.send(Message("x", "boom"))
        router.send(Message("x", "after"))
        router.drain()
        assert router.errors == 1
    assert backend.spoken == ["after"]
    assert backend.brailled == ["boom", "after"]


class LostVoice(RecordingBackend):
    """Fails every utterance from the second on, with the voice's own notice."""

    def speak(self, text: str, interrupt: bool) -> None:
        if self.spoken:
            error = OSError("aplay: no device")
            error.notice = "The built-in voice has no sound device."  # type: ignore[attr-defined]
            raise error
        super().speak(text, interrupt)


def test_a_voice_lost_mid_game_is_said_once_and_nothing_it_dropped_goes_unprinted() -> None:
    stream = io.StringIO()
    backend = LostVoice()
    policy = RoutingPolicy(echo=False)
    with Router(backend, policy=policy, console=ConsoleBackend(stream)) as router:
        router.send(Message("x", "Hand 1."))
        router.send(Message("x", "Ana calls 2."))
        router.send(Message("x", "Bob folds."))
        router.drain()
        router.send(Message("x", "Flop."))  # echo is on now: printed once, when sent
        router.drain()
    assert stream.getvalue().splitlines() == [
        "The built-in voice has no sound device.",
        "Ana calls 2.",
        "Bob folds.",
        "Flop.",
    ]
    assert backend.spoken == ["Hand 1."]


def test_close_delivers_what_is_queued_then_refuses() -> None:
    backend = RecordingBackend()
    router = Router(backend)
    for number in range(20):
        router.send(Message("x", str(number)))
    router.close()
    assert backend.spoken == [str(n) for n in range(20)]
    assert backend.closed
    with pytest.raises(RuntimeError):
        router.send(Message("x", "late"))


def test_silence_drops_queue_and_silences_backend() -> None:
    backend = GatedBackend(hold={"long"})
    router = Router(backend)
    router.send(Message("x", "long"))
    assert backend.entered.wait(5)
    router.send(Message("x", "pending"))
    router.silence()
    backend.release.set()
    router.close()
    assert [c.method for c in backend.calls] == ["speak", "braille", "silence"]


class AdjustableBackend(RecordingBackend):
    def __init__(self) -> None:
        super().__init__()
        self.settings: list[tuple[str, int]] = []

    def set_rate(self, words_per_minute: int) -> None:
        self.settings.append(("rate", words_per_minute))

    def set_volume(self, percent: int) -> None:
        self.settings.append(("volume", percent))


def test_rate_and_volume_reach_only_adjustable_backends() -> None:
    adjustable = AdjustableBackend()
    with Router(adjustable) as router:
        assert router.set_rate(250) and router.set_volume(40)
    assert adjustable.settings == [("rate", 250), ("volume", 40)]
    with make_router() as router:
        assert not router.set_rate(250)


def test_wait_until_quiet_follows_a_backend_that_tells_when_it_speaks() -> None:
    backend = RecordingBackend(speech_timing="polled")
    backend.speaking = True
    with VirtualClock() as clock, Router(backend, clock=clock) as router:
        router.send(Message("x", "a message long enough to outlast the wait below"))
        assert not router.wait_until_quiet(timeout=5.0)  # still speaking after 5 s
        assert clock.now() == 5.0
        assert router.is_busy()
        backend.speaking = False
        assert router.wait_until_quiet(timeout=5.0)
        assert clock.now() <= 5.0 + POLL + 1e-9  # heard quiet at the next question
        assert not router.is_busy()


def test_routed_and_transcript_times_are_the_routers_clock() -> None:
    transcript = io.StringIO()
    with VirtualClock(start=100.0) as clock:
        router = Router(RecordingBackend(), transcript=TranscriptWriter(transcript), clock=clock)
        first = router.send(Message("x", "Hand 1."))
        clock.sleep(2.5)
        second = router.send(Message("x", "Ana folds."))
        router.close()
    assert (first.time, second.time) == (0.0, 2.5)  # seconds since the router started
    records = [json.loads(line) for line in transcript.getvalue().splitlines()]
    assert [r["time"] for r in records] == [0.0, 2.5]


@pytest.mark.parametrize(
    ("lang", "braille"),
    [("en", "Ana raises to 12,500. Pot: 1,250,000; hand 1000."),
     ("es", "Ana raises to 12.500. Pot: 1.250.000; hand 1000.")],
)  # fmt: skip
def test_long_numbers_are_grouped_in_braille_and_plain_in_speech(lang: str, braille: str) -> None:
    """Issue 17: replayed stacks run to tens of thousands. Braille, read by touch, groups
    them in threes with the language's separator; speech keeps plain digits, which every
    voice reads as the whole number (a separator is a decimal point to some voices)."""
    backend = RecordingBackend()
    text = "Ana raises to 12500. Pot: 1250000; hand 1000."
    with Router(backend, lang=lang) as router:
        router.send(Message("action_taken", text))
        assert router.drain()
    assert backend.spoken == [text]
    assert backend.brailled == [braille]
