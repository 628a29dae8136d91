"""A real speech stack: a private Speech Dispatcher whose output module writes what it is
asked to say into a file (recipe in ../shared/speechd-recorder). Messages go through our
screen-reader backends, the same code path a screen reader user gets, in English and Spanish.

CI installs speech-dispatcher and python3-speechd; elsewhere these tests skip with the reason.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from audiopoker.output import Message, Router, select_backend
from audiopoker.output.screenreader import probe_accessible_output2, probe_prism
from audiopoker.output.speechd import SpeechDispatcherBackend

# python3-speechd ends its reader thread with sys.exit() when a connection closes, which the
# standard library ignores but pytest reports: that is the library's normal close, not a fault.
pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")

DEADLINE = 15.0  # seconds; a loaded CI machine is slow, but a real failure is not a wait


def shared_dir() -> Path | None:
    candidates = [Path(__file__).resolve().parents[2] / "shared"]
    if os.environ.get("AUDIOPOKER_SHARED"):
        candidates.append(Path(os.environ["AUDIOPOKER_SHARED"]))
    for candidate in candidates:
        if (candidate / "speechd-recorder" / "speechd.conf").is_file():
            return candidate
    return None


@dataclass
class Recorder:
    spoken: Path

    def lines(self) -> list[str]:
        if not self.spoken.exists():
            return []
        return self.spoken.read_bytes().decode("utf-8").splitlines()

    def wait_until(self, done: Callable[[list[str]], bool]) -> list[str]:
        """Poll the file until ``done(lines)`` or the deadline passes; return the lines."""
        deadline = time.monotonic() + DEADLINE
        while time.monotonic() < deadline:
            lines = self.lines()
            if done(lines):
                return lines
            time.sleep(0.05)
        return self.lines()

    def wait_for(self, count: int) -> list[str]:
        """Poll until ``count`` lines were spoken or the deadline passes."""
        return self.wait_until(lambda lines: len(lines) >= count)


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> Iterator[Recorder]:
    yield from start_recorder(monkeypatch, language_tags=False)


@pytest.fixture
def tagged_recorder(monkeypatch: pytest.MonkeyPatch) -> Iterator[Recorder]:
    yield from start_recorder(monkeypatch, language_tags=True)


def start_recorder(monkeypatch: pytest.MonkeyPatch, language_tags: bool) -> Iterator[Recorder]:
    daemon = shutil.which("speech-dispatcher")
    if daemon is None:
        pytest.skip("speech-dispatcher is not installed (apt-get install speech-dispatcher)")
    shared = shared_dir()
    if shared is None:
        pytest.skip("../shared/speechd-recorder not found (set AUDIOPOKER_SHARED)")
    # Short paths: a Unix socket path must stay under about 100 bytes.
    conf = Path(tempfile.mkdtemp(prefix="apconf"))
    runtime = Path(tempfile.mkdtemp(prefix="aprun"))
    shutil.copytree(shared / "speechd-recorder", conf, dirs_exist_ok=True)
    spoken = conf / "spoken.txt"
    template = (conf / "modules" / "recorder.conf.in").read_text()
    # UTF-8 to the file for both languages (sd_generic would recode to Latin-1 otherwise).
    module_conf = template.replace("@SPOKEN@", str(spoken))
    if language_tags:  # prefix each line with the language the module was asked to speak
        module_conf = module_conf.replace("$DATA", "$LANGUAGE $DATA")
    module_conf += '\nGenericLanguage "en" "en" "utf-8"\nGenericLanguage "es" "es" "utf-8"\n'
    # One line per message: by default the module cuts text into pieces at punctuation.
    module_conf += 'GenericDelimiters "|"\nGenericMaxChunkLength 100000\n'
    (conf / "modules" / "recorder.conf").write_text(module_conf)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    monkeypatch.setenv("AUDIOPOKER_NO_PRISM", "1")  # tests choose the library explicitly
    log = (conf / "daemon.log").open("wb")
    process = subprocess.Popen(
        [daemon, "-C", str(conf), "-s", "-t", "60"],
        stdout=log,
        stderr=subprocess.STDOUT,
        env={**os.environ, "XDG_RUNTIME_DIR": str(runtime)},
    )
    try:
        socket = runtime / "speech-dispatcher" / "speechd.sock"
        deadline = time.monotonic() + DEADLINE
        while not socket.exists() and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        if not socket.exists():
            pytest.fail(f"private speech-dispatcher did not start: {(conf / 'daemon.log')}")
        yield Recorder(spoken)
    finally:
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)
        log.close()
        shutil.rmtree(conf, ignore_errors=True)
        shutil.rmtree(runtime, ignore_errors=True)


ENGLISH = ["Hand 1. Ana deals.", "Luis raises to 40.", "It's your turn: call 38 or fold."]
SPANISH = ["Mano 2. Reparte Ana.", "¿Quién gana? Luis, con trío de ases.", "Bote: 1.250 fichas."]


def speak_all(router: Router, texts: list[str]) -> None:
    for text in texts:
        router.send(Message("action_taken", text))
    assert router.drain(DEADLINE)


def test_accessible_output2_speech_dispatcher_in_english_and_spanish(
    tagged_recorder: Recorder, capsys: pytest.CaptureFixture[str]
) -> None:
    expected: list[str] = []
    for lang, texts in (("en", ENGLISH), ("es", SPANISH)):
        backend, attempts = probe_accessible_output2(lang)
        assert backend is not None, attempts
        assert isinstance(backend, SpeechDispatcherBackend), backend
        assert backend.name.endswith("Speech Dispatcher")
        with Router(backend, lang=lang) as router:
            speak_all(router, texts)
            expected += [f"{lang} {text}" for text in texts]
            assert tagged_recorder.wait_for(len(expected)) == expected
    # The library's "Cannot find …" chatter never reaches the player's console.
    assert capsys.readouterr().out == ""


def test_the_default_chain_picks_speech_dispatcher_and_braille_falls_back(
    recorder: Recorder,
) -> None:
    selection = select_backend("screenreader", lang="es")
    assert selection.stage == "screenreader", selection.attempts
    assert "Speech Dispatcher" in selection.speech
    # Speech Dispatcher has no braille of its own: BrlAPI or nothing, and it says which.
    assert any(a.stage == "braille" for a in selection.attempts)
    router = Router(selection.backend, lang="es")
    speak_all(router, ["Prueba de voz."])
    router.close()
    assert recorder.wait_for(1) == ["Prueba de voz."]


def test_interrupting_answer_still_reaches_the_server(recorder: Recorder) -> None:
    backend, attempts = probe_accessible_output2("en")
    assert backend is not None, attempts
    with Router(backend) as router:
        router.send(Message("action_taken", "Ana checks."))
        router.send(Message("answer", "Your stack is 200.", interrupt=True))
        router.drain(DEADLINE)
        lines = recorder.wait_until(lambda got: {"Your stack is 200.", "Ana checks."} <= set(got))
    # The table message was said before the answer came, or was cut (or had not started)
    # and is said again, whole, after it: either way both are heard.
    assert lines in (
        ["Your stack is 200.", "Ana checks."],
        ["Ana checks.", "Your stack is 200."],
        ["Ana checks.", "Your stack is 200.", "Ana checks."],
    )


def words(lines: list[str]) -> list[str]:
    return " ".join(lines).split()


def test_prism_speech_dispatcher_when_installed(recorder: Recorder) -> None:
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
        # Prism hands Speech Dispatcher one sentence at a time: compare the words.
        count = len(words(expected))
        got = recorder.wait_until(lambda lines, count=count: len(words(lines)) >= count)
        assert words(got) == words(expected)
