"""A real speech stack: a private Speech Dispatcher whose output module writes what it is
asked to say into a file (../shared/speechd-recorder, started by tests/speechd_support.py).
Messages go through our screen-reader backends, the same code path a screen reader user
gets, in English and Spanish.

CI installs speech-dispatcher and python3-speechd; elsewhere these tests skip with the reason.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from speechd_support import Line, TimedRecorder, Utterance, timed_recorder, utterances

from audiopoker.output import Message, Router, select_backend
from audiopoker.output.screenreader import probe_accessible_output2, probe_prism
from audiopoker.output.speechd import SpeechDispatcherBackend

# python3-speechd ends its reader thread with sys.exit() when a connection closes, which the
# standard library ignores but pytest reports: that is the library's normal close, not a fault.
pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")

DEADLINE = 15.0  # seconds; a loaded CI machine is slow, but a real failure is not a wait


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> Iterator[TimedRecorder]:
    """The shared recorder, "speaking" at once (0 ms a character), as this process's
    Speech Dispatcher."""
    with timed_recorder(0) as started:
        for name, value in started.env.items():
            monkeypatch.setenv(name, value)
        yield started


def heard(recorder: TimedRecorder, count: int) -> list[Utterance]:
    """Wait until ``count`` messages were said to their end; the messages said."""

    def done(lines: list[Line]) -> bool:
        return sum(1 for u in utterances(lines) if u.end is not None) >= count

    return [u for u in utterances(recorder.wait_until(done, DEADLINE)) if u.end]


def test_the_recorders_lines_are_one_start_and_one_end_a_message() -> None:
    """What the real-path tests read: a start with its end is a message heard whole (the
    recorder no longer splits one after a number or an x); a start alone was cut."""
    hand = "Mano 1. Reparte Ana, 10 x 1 fichas en el bote."
    lines = [
        Line(1.0, "start", "es", hand),
        Line(3.0, "end", "es", hand),
        Line(3.1, "start", "es", "Luis sube a 11."),  # cut by an answer: no end
        Line(3.5, "start", "es", "Bote: 21."),
        Line(4.0, "end", "es", "Bote: 21."),
        Line(4.2, "start", "en", "Luis raises to 11."),  # still being said
    ]
    assert utterances(lines) == [
        Utterance(1.0, 3.0, hand, "es"),
        Utterance(3.1, None, "Luis sube a 11.", "es"),
        Utterance(3.5, 4.0, "Bote: 21.", "es"),
        Utterance(4.2, None, "Luis raises to 11.", "en"),
    ]


ENGLISH = ["Hand 1. Ana deals.", "Luis raises to 40.", "It's your turn: call 38 or fold."]
SPANISH = ["Mano 2. Reparte Ana.", "¿Quién gana? Luis, con trío de ases.", "Bote: 1.250 fichas."]


def speak_all(router: Router, texts: list[str]) -> None:
    for text in texts:
        router.send(Message("action_taken", text))
    assert router.drain(DEADLINE)


def test_accessible_output2_speech_dispatcher_in_english_and_spanish(
    recorder: TimedRecorder, capsys: pytest.CaptureFixture[str]
) -> None:
    expected: list[tuple[str, str]] = []
    for lang, texts in (("en", ENGLISH), ("es", SPANISH)):
        backend, attempts = probe_accessible_output2(lang)
        assert backend is not None, attempts
        assert isinstance(backend, SpeechDispatcherBackend), backend
        assert backend.name.endswith("Speech Dispatcher")
        with Router(backend, lang=lang) as router:
            speak_all(router, texts)
            expected += [(lang, text) for text in texts]
            said = heard(recorder, len(expected))
            assert [(u.lang, u.text) for u in said] == expected
    # The library's "Cannot find …" chatter never reaches the player's console.
    assert capsys.readouterr().out == ""


def test_the_default_chain_picks_speech_dispatcher_and_braille_falls_back(
    recorder: TimedRecorder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("AUDIOPOKER_NO_PRISM", "1")
    selection = select_backend("screenreader", lang="es")
    assert selection.stage == "screenreader", selection.attempts
    assert "Speech Dispatcher" in selection.speech
    # Speech Dispatcher has no braille of its own: BrlAPI or nothing, and it says which.
    assert any(a.stage == "braille" for a in selection.attempts)
    router = Router(selection.backend, lang="es")
    speak_all(router, ["Prueba de voz."])
    router.close()
    assert [u.text for u in heard(recorder, 1)] == ["Prueba de voz."]


def test_interrupting_answer_still_reaches_the_server(recorder: TimedRecorder) -> None:
    backend, attempts = probe_accessible_output2("en")
    assert backend is not None, attempts
    texts = ["Ana checks.", "Your stack is 200."]
    with Router(backend) as router:
        router.send(Message("action_taken", texts[0]))
        router.send(Message("answer", texts[1], interrupt=True))
        router.drain(DEADLINE)
        said = utterances(
            recorder.wait_until(
                lambda got: {u.text for u in utterances(got) if u.end} == set(texts), DEADLINE
            )
        )
        lines = [u.text for u in said]
    # The table message was said before the answer came, or was cut (or had not started)
    # and is said again, whole, after it: either way both are heard.
    assert lines in (
        ["Your stack is 200.", "Ana checks."],
        ["Ana checks.", "Your stack is 200."],
        ["Ana checks.", "Your stack is 200.", "Ana checks."],
    )


def test_prism_speech_dispatcher_when_installed(recorder: TimedRecorder) -> None:
    pytest.importorskip("prism", reason="prismatoid is not installed (pip install .[prism])")
    expected: list[str] = []
    for lang, texts in (("en", ENGLISH), ("es", SPANISH)):
        backend, attempts = probe_prism(lang, keys=("SPEECH_DISPATCHER",))
        assert backend is not None, f"prism could not reach the private daemon: {attempts}"
        assert not backend.has_braille
        router = Router(backend, lang=lang)
        speak_all(router, texts)
        router.close()
        expected += texts
        # Each message whole, as one utterance (Prism sets no language: the player's voice).
        assert [u.text for u in heard(recorder, len(expected))] == expected
