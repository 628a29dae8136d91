"""Every message still true when it is heard, in virtual time: a message true only while a
state lasts (the turn prompt, "still your turn", the amount prompt, a question, "not your
turn: Beto is to act") is cut the moment the state ends, dropped if it waits, never said
again; and the player's own action is the next thing said, at once.

The voices (tests/pacing_support.py) speak at a screen reader's pace on a VirtualClock;
tests/test_output_speech_timing.py has the real speech path.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pacing_support import DEADLINE, PacedVoice, TrackedVoice

from audiopoker.output import Message, Router
from audiopoker.output.backends import PairBackend, RecordingBackend
from audiopoker.output.clock import VirtualClock
from audiopoker.output.message import DRILL_QUESTION, QUIET_TURN, THEIR_TURN, YOUR_TURN
from audiopoker.output.speech_queue import ANSWER_GRACE

PROMPT = "Te toca: pagas 3 para igualar; hay 12 en el bote. Puedes pagar, subir o retirarte."
MINE = "Pagas 3, 5 en total."


@pytest.fixture
def clock() -> Iterator[VirtualClock]:
    with VirtualClock() as started:
        yield started


@pytest.fixture(params=["tracked", "polled", "estimated"])
def voice(request: pytest.FixtureRequest, clock: VirtualClock) -> Iterator[PacedVoice]:
    made = TrackedVoice(clock) if request.param == "tracked" else PacedVoice(clock, request.param)
    yield made
    assert made.overlaps() == [], made.plain()  # nothing ever queued behind a stale voice


def prompt(text: str = PROMPT) -> Message:
    return Message("your_turn", text, true_while=YOUR_TURN)


def table(text: str) -> Message:
    return Message("action_taken", text)


def test_an_action_mid_prompt_cuts_it_and_the_action_is_said_at_once(
    clock: VirtualClock, voice: PacedVoice
) -> None:
    with Router(voice, clock=clock) as router:
        router.send(prompt())
        voice.wait_for("start", PROMPT)
        clock.sleep(1.5)  # a second and a half into the prompt, the player presses C
        pressed = clock.now()
        router.expire(YOUR_TURN, acted=True)
        router.send(table(MINE))
        assert router.drain(DEADLINE)
    assert voice.plain() == [("start", PROMPT), ("cut", PROMPT), ("start", MINE), ("end", MINE)]
    assert voice.at("cut", PROMPT) == voice.at("start", MINE) == pressed  # at once
    assert router.speech.expired == 1 and router.speech.repeated == 0
    assert [m.text for m in router.history] == [PROMPT, MINE]  # the history keeps it


def test_a_prompt_that_waited_behind_the_table_is_dropped_when_the_turn_ends(
    clock: VirtualClock, voice: PacedVoice
) -> None:
    before = "Beto sube a 8."
    with Router(voice, clock=clock) as router:
        router.send(table(before))
        router.send(prompt())
        voice.wait_for("start", before)
        router.expire(YOUR_TURN, acted=True)  # acted while the table was still being told
        router.send(table(MINE))
        assert router.drain(DEADLINE)
    assert voice.said_whole() == [before, MINE]
    assert ("start", PROMPT) not in voice.plain()  # nothing between


def test_an_answer_cuts_the_prompt_but_it_is_not_said_again_once_the_turn_ended(
    clock: VirtualClock, voice: PacedVoice
) -> None:
    chips = "Tienes 197 fichas."
    with Router(voice, clock=clock) as router:
        router.send(prompt())
        voice.wait_for("start", PROMPT)
        router.send(Message("answer", chips, interrupt=True))
        voice.wait_for("start", chips)
        router.expire(YOUR_TURN, acted=True)  # the player acts while the answer is said
        router.send(table(MINE))
        assert router.drain(DEADLINE)
    starts = [text for what, text in voice.plain() if what == "start"]
    assert starts == [PROMPT, chips, MINE]  # the cut prompt never comes back
    # The answer is true for good: it ends, and the player's action follows it with no
    # pause for another key (the turn is over), as soon as the path can tell it ended.
    assert voice.at("start", MINE) - voice.at("end", chips) < ANSWER_GRACE / 2


def test_a_still_true_prompt_cut_by_an_answer_is_said_again(
    clock: VirtualClock, voice: PacedVoice
) -> None:
    chips = "Tienes 197 fichas."
    with Router(voice, clock=clock) as router:
        router.send(prompt())
        voice.wait_for("start", PROMPT)
        router.send(Message("answer", chips, interrupt=True))
        router.expire(THEIR_TURN)  # another state ends: the prompt is still true
        assert router.drain(DEADLINE)
    assert voice.said_whole() == [chips, PROMPT]


def test_a_reminder_cut_by_a_key_is_not_said_again_and_dies_with_the_turn(
    clock: VirtualClock, voice: PacedVoice
) -> None:
    """ "Still your turn" is true while the player is silent: a key's answer cuts it and it
    is not said again (it would push the answer off the braille display), and one still
    waiting when the turn ends is dropped."""
    still = "Sigue siendo tu turno: para seguir pones 2."
    question = "¿Cerrar la mesa para todos? Pulsa Q otra vez para cerrarla."
    with Router(voice, clock=clock) as router:
        router.send(Message("reminder", still, true_while=QUIET_TURN))
        voice.wait_for("start", still)
        router.expire(QUIET_TURN)  # the key, before its answer
        router.send(Message("question", question, interrupt=True, answer=True))
        assert router.drain(DEADLINE)
        router.send(table(MINE))
        router.send(Message("reminder", still, true_while=QUIET_TURN))
        router.expire(YOUR_TURN, acted=True)
        assert router.drain(DEADLINE)
    assert voice.said_whole() == [question, MINE]


def test_not_your_turn_dies_with_the_other_players_turn(
    clock: VirtualClock, voice: PacedVoice
) -> None:
    refusal = "No es tu turno: le toca a Beto."
    with Router(voice, clock=clock) as router:
        router.send(Message("error", refusal, interrupt=True, answer=True, true_while=THEIR_TURN))
        voice.wait_for("start", refusal)
        clock.sleep(0.3)
        router.expire(THEIR_TURN)  # Beto acts
        router.send(table("Beto se retira."))
        assert router.drain(DEADLINE)
    assert voice.plain() == [
        ("start", refusal),
        ("cut", refusal),
        ("start", "Beto se retira."),
        ("end", "Beto se retira."),
    ]


class Display(RecordingBackend):
    """A braille display that can take a message back (BrlAPI's pager)."""

    def __init__(self) -> None:
        super().__init__()
        self.withdrawn: list[str] = []

    def withdraw(self, text: str) -> None:
        self.withdrawn.append(text)


def test_a_stale_prompt_leaves_a_braille_display_that_can_tell(clock: VirtualClock) -> None:
    voice, display = TrackedVoice(clock), Display()
    with Router(PairBackend(voice, display), clock=clock) as router:
        router.send(prompt())
        voice.wait_for("start", PROMPT)
        router.expire(YOUR_TURN, acted=True)
        router.send(table(MINE))
        assert router.drain(DEADLINE)
    assert display.withdrawn == [PROMPT]
    assert [call.text for call in display.calls if call.method == "braille"][-1] == MINE


def test_a_drill_question_answered_mid_sentence_leaves_the_display(clock: VirtualClock) -> None:
    """A drill's question cut by its answer (the drill expires it, then silences) is taken
    back from the display: after the answer's hold, braille does not return to it."""
    voice, display = TrackedVoice(clock), Display()
    question = "Which hand wins? 1: Beto, 2: Carla, 3: a split."
    with Router(PairBackend(voice, display), clock=clock) as router:
        router.send(Message("drill_question", question, true_while=DRILL_QUESTION))
        voice.wait_for("start", question)
        router.expire(DRILL_QUESTION)
        router.silence()
        router.send(Message("drill_answer", "Right.", interrupt=True, answer=True))
        assert router.drain(DEADLINE)
    assert display.withdrawn == [question]


def test_a_prompt_said_to_its_end_leaves_the_display_when_the_turn_ends(
    clock: VirtualClock,
) -> None:
    """The player heard the whole prompt and acts after it: the prompt still stands on the
    display, and is taken back when the turn ends (once: a later turn does not take it
    back again); a message with no state it describes stays."""
    voice, display = TrackedVoice(clock), Display()
    with Router(PairBackend(voice, display), clock=clock) as router:
        router.send(table("Beto sube a 8."))
        router.send(prompt())
        voice.wait_for("end", PROMPT)
        assert display.withdrawn == []
        router.expire(THEIR_TURN)  # another state ending takes nothing back
        router.expire(YOUR_TURN, acted=True)
        router.send(table(MINE))
        assert router.drain(DEADLINE)
        router.expire(YOUR_TURN)
    assert display.withdrawn == [PROMPT]
