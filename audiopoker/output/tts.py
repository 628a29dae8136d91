"""The self-voicing fallback: pyttsx3 in one dedicated worker thread.

pyttsx3's runAndWait() blocks until the utterance is done and is not re-entrant, and on
Windows the SAPI engine must be used from the thread that created it. So one thread owns the
engine and everything else talks to it through a queue: speak() only enqueues and returns.

Cutting speech mid-sentence: an interrupt or silence() drops the queue and bumps a
generation counter. SAPI and NSSpeech are stopped from inside the engine's own word
callback, on the worker. pyttsx3's espeak driver (Linux) would play each utterance with
``aplay`` started by ``os.system``, which nobody can stop and whose ALSA errors reach our
terminal; so there espeak-ng writes the utterance to a file and we play it with a player
process of our own (:mod:`audiopoker.output.wavplayer`) that an interrupt kills at once.

Every utterance given to :meth:`TtsBackend.speak_tracked` is reported exactly once:
ENDED when it played to its end, CUT when an interrupt, silence() or close() stopped or
dropped it, UNKNOWN when the voice lost its sound device or the engine failed.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from audiopoker.output.backends import Attempt, Done, Ending
from audiopoker.output.output_text import text as output_text
from audiopoker.output.wavplayer import (
    default_player,
    describe_failure,
    probe_player,
    start_player,
    wav_seconds,
)

log = logging.getLogger(__name__)

DEFAULT_RATE = 200  # words per minute, pyttsx3's own default
FINISH_TIMEOUT = 10.0  # seconds, plus 0.2 s per character, for one utterance to end
RETRY_PAUSE = 0.3  # seconds before trying a failed player once more (a device busy a moment)
NO_SOUND_DEVICE = "tts.no_sound_device"  # the sentence said once when the voice has no device


class VoiceLost(OSError):
    """The voice cannot reach a sound device any more. ``notice`` says so in the player's
    language; the router prints it once and prints every message from then on."""

    def __init__(self, reason: str, notice: str) -> None:
        super().__init__(reason)
        self.notice = notice


@dataclass(slots=True)
class _Job:
    kind: str  # "say", "save", "rate", "volume"
    text: str = ""
    path: Path | None = None
    value: float = 0.0
    generation: int = 0
    done: threading.Event | None = None
    report: Done | None = None  # speak_tracked's callback, called once then cleared


class _Endings:
    """Calls the done() callbacks in order on a thread of their own: never inside the
    caller's speak() (whose locks the callback may want) and never holding up the worker."""

    def __init__(self) -> None:
        self._queue: queue.SimpleQueue[tuple[Done, Ending] | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="audiopoker-tts-ends", daemon=True)
        self._thread.start()

    def put(self, report: Done, ending: Ending) -> None:
        self._queue.put((report, ending))

    def close(self, timeout: float) -> None:
        self._queue.put(None)
        self._thread.join(timeout)

    def _run(self) -> None:
        while (item := self._queue.get()) is not None:
            report, ending = item
            try:
                report(ending)
            except Exception:
                log.exception("pyttsx3: an end-of-utterance callback failed")


def _choose_voice(voices: list[Any], lang: str) -> str | None:
    """The id of the best voice for ``lang``: exact language, then the bare language voice
    (espeak's ``gmw/en``), then a regional one; None to keep the engine's default."""
    lang = lang.lower()

    def languages(voice: Any) -> list[str]:
        found = []
        for item in getattr(voice, "languages", None) or []:
            if isinstance(item, bytes):
                item = item.decode("utf-8", "ignore")
            found.append(str(item).lower().replace("_", "-").lstrip("\x05"))
        return found

    exact = [v for v in voices if lang in languages(v)]
    bare = [v for v in voices if str(v.id).lower().rsplit("/", 1)[-1] == lang]
    regional = [v for v in voices if any(x.startswith(f"{lang}-") for x in languages(v))]
    # SAPI and NSSS voices often carry no language list, only a descriptive name or id.
    names = {"en": ("english",), "es": ("spanish", "español", "espanol")}.get(lang, ())
    named = [v for v in voices if any(n in f"{v.name} {v.id}".lower() for n in names)]
    for group in (bare, exact, regional, named):
        if group:
            return str(group[0].id)
    return None


def _quiet_print(*values: object, **options: object) -> None:
    """Stands in for print() inside pyttsx3's espeak driver ("Audio saved to …",
    "Playback error: …"): its words go to our log, never onto the game's console."""
    log.debug("pyttsx3 espeak: %s", " ".join(str(value) for value in values))


class TtsBackend:
    """pyttsx3 speech with a queue, interrupt, rate (words per minute) and volume (0-100).

    ``player`` is the command that plays a synthesized WAV file (the file's path is added):
    None picks ``aplay -q`` for espeak on Linux and lets SAPI/NSSpeech play by themselves;
    tests pass a fake player.
    """

    def __init__(
        self,
        lang: str = "en",
        rate: int | None = None,
        volume: int | None = None,
        driver: str | None = None,
        start_timeout: float = 10.0,
        engine_factory: Callable[[], Any] | None = None,
        player: Sequence[str] | None = None,
    ) -> None:
        self.lang = lang
        self.name = "pyttsx3"
        self.voice: str | None = None
        self._driver = driver
        self._engine_factory = engine_factory  # tests pass a fake engine
        self._player: tuple[str, ...] | None = tuple(player) if player else None
        self._workdir: Path | None = None
        self._playing: subprocess.Popen[bytes] | None = None
        self._lost = ""  # why the voice lost its sound device ("" while it has one)
        self._jobs: deque[_Job] = deque()
        self._cond = threading.Condition()
        self._generation = 0
        self._busy = False
        self._closing = False
        self._ready = threading.Event()
        self._start_error: BaseException | None = None
        self._engine: Any = None
        self._current_generation = 0  # generation of the utterance being spoken
        self._completed = True  # the engine's word on the last utterance (finished-utterance)
        self._tokens: list[Any] = []
        self._finished = threading.Event()
        self._await_finish = False
        self._endings = _Endings()
        if rate is not None:
            self._jobs.append(_Job("rate", value=rate))
        if volume is not None:
            self._jobs.append(_Job("volume", value=volume))
        self._thread = threading.Thread(target=self._run, name="audiopoker-tts", daemon=True)
        self._thread.start()
        if not self._ready.wait(start_timeout):
            raise TimeoutError("the speech engine did not start in time")
        if self._start_error is not None:
            self._endings.close(1.0)
            raise self._start_error

    # The caller's side: everything here only touches the queue (and kills the player).

    def speak(self, text: str, interrupt: bool) -> None:
        """Queue ``text``; with ``interrupt`` drop everything queued and stop current speech.
        Raises VoiceLost once the sound device is gone."""
        self._queue_speech(text, interrupt, None)

    def speak_tracked(self, text: str, interrupt: bool, done: Done) -> None:
        """Like speak(), and ``done`` is called once with how the utterance finished."""
        self._queue_speech(text, interrupt, done)

    def braille(self, text: str, interrupt: bool = False) -> None:
        """A speech engine has no braille display."""

    def silence(self) -> None:
        """Stop current speech (mid-sentence) and drop queued speech."""
        with self._cond:
            self._drop_speech()
            self._cond.notify()

    def is_speaking(self) -> bool | None:
        """True while an utterance plays or waits in the queue."""
        with self._cond:
            return self._busy or any(job.kind == "say" for job in self._jobs)

    @property
    def lost(self) -> str:
        """Why the voice lost its sound device (for the log), or "" while it has one."""
        return self._lost

    def set_rate(self, words_per_minute: int) -> None:
        """Change the rate from the next utterance on."""
        self._enqueue(_Job("rate", value=max(50, min(words_per_minute, 500))))

    def set_volume(self, percent: int) -> None:
        """Change the volume (0-100) from the next utterance on."""
        self._enqueue(_Job("volume", value=max(0, min(percent, 100))))

    def save_to_file(self, text: str, path: Path, timeout: float = 30.0) -> bool:
        """Synthesize ``text`` into a WAV file on the worker thread; True when it was written
        in time. For tests and diagnostics: it waits."""
        done = threading.Event()
        self._enqueue(_Job("save", text, path=Path(path), done=done))
        return done.wait(timeout) and Path(path).is_file()

    def close(self) -> None:
        """Drop queued speech, stop the worker and wait briefly for it."""
        with self._cond:
            self._drop_speech()
            self._closing = True
            self._cond.notify()
        self._thread.join(timeout=5.0)
        self._endings.close(timeout=5.0)
        if self._workdir is not None:
            shutil.rmtree(self._workdir, ignore_errors=True)

    def _queue_speech(self, text: str, interrupt: bool, report: Done | None) -> None:
        with self._cond:
            if self._lost:
                raise VoiceLost(self._lost, output_text(NO_SOUND_DEVICE, self.lang))
            if interrupt:
                self._drop_speech()
            if text:
                self._jobs.append(_Job("say", text, generation=self._generation, report=report))
            elif report is not None:
                self._endings.put(report, Ending.ENDED)  # nothing to say is said at once
            self._cond.notify()

    def _enqueue(self, job: _Job) -> None:
        with self._cond:
            self._jobs.append(job)
            self._cond.notify()

    def _drop_speech(self, ending: Ending = Ending.CUT) -> None:
        """Caller holds the lock. Settings and file jobs stay; speech goes, each dropped
        utterance reported as ``ending``, and the one playing is killed mid-sentence."""
        self._generation += 1
        kept = []
        for job in self._jobs:
            if job.kind == "say":
                self._report(job, ending)
            else:
                kept.append(job)
        self._jobs.clear()
        self._jobs.extend(kept)
        if self._playing is not None:
            with contextlib.suppress(OSError):
                self._playing.kill()

    def _report(self, job: _Job, ending: Ending) -> None:
        report, job.report = job.report, None
        if report is not None:
            self._endings.put(report, ending)

    # The worker's side: the only thread that touches the engine.

    def _run(self) -> None:
        try:
            self._start_engine()
        except BaseException as error:  # any engine failure means "fall through"
            self._start_error = error
            self._ready.set()
            return
        self._ready.set()
        while True:
            with self._cond:
                while not self._jobs and not self._closing:
                    self._cond.wait()
                if self._closing:
                    self._release_engine()
                    return
                job = self._jobs.popleft()
                self._busy = job.kind in ("say", "save")
            try:
                self._do(job)
            except Exception as error:
                log.warning("pyttsx3: %s failed: %s", job.kind, error)
            finally:
                self._report(job, Ending.UNKNOWN)  # only if nothing reported it yet
                with self._cond:
                    self._busy = False
                if job.done is not None:
                    job.done.set()

    def _start_engine(self) -> None:
        if self._engine_factory is not None:
            self._engine = self._engine_factory()
        else:
            self._engine = importlib.import_module("pyttsx3").init(self._driver)
        engine = self._engine
        self.name = f"pyttsx3 {engine}"
        self.voice = _choose_voice(list(engine.getProperty("voices") or []), self.lang)
        if self.voice is not None:
            engine.setProperty("voice", self.voice)
        self._tokens = [
            engine.connect("started-word", self._on_word),
            engine.connect("finished-utterance", self._on_finished),
        ]
        if str(engine) == "espeak":
            # pyttsx3 2.99's espeak driver can return from runAndWait() while espeak-ng is
            # still synthesizing on its own thread; its finished-utterance marks the end.
            self._await_finish = True
            driver = getattr(getattr(engine, "proxy", None), "_driver", None)
            module = sys.modules.get(type(driver).__module__) if driver is not None else None
            if module is not None:
                module.print = _quiet_print  # type: ignore[attr-defined]
            if self._player is None:
                self._player = default_player()
        if self._player is not None:
            self._workdir = Path(tempfile.mkdtemp(prefix="audiopoker-tts-"))

    def _do(self, job: _Job) -> None:
        engine = self._engine
        if job.kind == "rate":
            engine.setProperty("rate", int(job.value))
        elif job.kind == "volume":
            engine.setProperty("volume", job.value / 100.0)
        elif job.kind == "say" and self._player is not None and self._workdir is not None:
            self._say_through_player(job, self._player, self._workdir / "utterance.wav")
        elif job.kind == "say":
            self._synthesize(job, None)
            with self._cond:
                stale = job.generation != self._generation
            self._report(job, Ending.CUT if stale or not self._completed else Ending.ENDED)
        elif job.kind == "save" and job.path is not None:
            job.generation = self._generation
            self._synthesize(job, job.path)

    def _synthesize(self, job: _Job, path: Path | None) -> None:
        """Speak ``job.text`` in the engine, or write it to ``path``; returns at its end."""
        engine = self._engine
        self._current_generation = job.generation
        self._completed = True
        self._finished.clear()
        if path is None:
            engine.say(job.text)
        else:
            engine.save_to_file(job.text, str(path))
        engine.runAndWait()
        self._wait_finished(job.text)
        if path is not None:
            # The espeak driver keeps the file name and would write later speech there too.
            driver = getattr(getattr(engine, "proxy", None), "_driver", None)
            if driver is not None and hasattr(driver, "_save_file"):
                driver._save_file = None

    def _say_through_player(self, job: _Job, player: tuple[str, ...], path: Path) -> None:
        """Synthesize to ``path``, then play it with a process an interrupt can kill."""
        path.unlink(missing_ok=True)
        self._synthesize(job, path)
        for attempt in (1, 2):
            with self._cond:
                if job.generation != self._generation:
                    self._report(job, Ending.CUT)
                    return
                if not path.is_file():
                    log.warning("pyttsx3: espeak-ng wrote no sound for %r", job.text[:40])
                    self._report(job, Ending.UNKNOWN)
                    return
                try:
                    self._playing = start_player(player, path)
                except OSError as error:
                    self._playing = None
                    self._lose(f"{player[0]} could not start: {error}", job)
                    return
                process = self._playing
            try:
                _, stderr = process.communicate(timeout=wav_seconds(path) + FINISH_TIMEOUT)
            except subprocess.TimeoutExpired:
                process.kill()
                _, stderr = process.communicate()
                log.warning("pyttsx3: %s hung playing %r; stopped", player[0], job.text[:40])
                self._report(job, Ending.UNKNOWN)
                return
            finally:
                with self._cond:
                    self._playing = None
                    stale = job.generation != self._generation
            if process.returncode == 0:
                self._report(job, Ending.ENDED)
                return
            if stale:
                self._report(job, Ending.CUT)  # killed by an interrupt, silence() or close()
                return
            failure = describe_failure(player[0], process.returncode, stderr)
            if process.returncode < 0 or attempt == 2:
                break  # killed by someone else, or failed twice: no retry
            log.info("pyttsx3: %s; trying once more", failure)
            with self._cond:
                self._cond.wait(RETRY_PAUSE)  # an interrupt's notify ends the pause early
        if process.returncode < 0:
            log.warning("pyttsx3: %s", failure)
            self._report(job, Ending.UNKNOWN)
        else:
            self._lose(failure, job)

    def _lose(self, reason: str, job: _Job) -> None:
        """The player cannot open the sound device: say so once (the next speak raises
        VoiceLost for the router) and report everything still queued as UNKNOWN."""
        log.warning("pyttsx3: the voice has no sound device: %s", reason)
        with self._cond:
            self._lost = reason
            self._report(job, Ending.UNKNOWN)
            self._drop_speech(Ending.UNKNOWN)

    def _wait_finished(self, text: str) -> None:
        if self._await_finish and not self._finished.wait(FINISH_TIMEOUT + 0.2 * len(text)):
            log.warning("pyttsx3: no end of utterance reported for %r", text[:40])

    def _on_finished(self, **details: object) -> None:
        self._completed = details.get("completed", True) is not False
        self._finished.set()

    def _on_word(self, **details: object) -> None:
        """Called by the engine while it speaks (or synthesizes): stop if an interrupt came
        meanwhile."""
        with self._cond:
            stale = self._current_generation != self._generation
        engine = self._engine
        if stale and engine is not None:
            engine.stop()

    def _release_engine(self) -> None:
        """Disconnect our callbacks: pyttsx3 shares one engine per driver in a process, and
        a later backend must not be stopped by this one's stale callbacks."""
        engine, self._engine = self._engine, None
        for token in self._tokens:
            with contextlib.suppress(Exception):
                engine.disconnect(token)


def tts_problem() -> Attempt | None:
    """The skipped attempt saying why pyttsx3 could not make sound here, or None if it
    looks usable. On Linux the voice plays through aplay: a missing aplay, or an aplay
    that cannot play 10 ms of silence on the default device, means no voice (the player's
    own error text goes to the log)."""
    if not sys.platform.startswith("linux"):
        return None  # SAPI and NSSpeech play by themselves; nothing to probe cheaply
    player = default_player()
    if player is None:
        # pyttsx3's espeak driver plays each utterance with aplay; without it, no sound.
        return Attempt.said("tts", "pyttsx3", False, "attempt.no_aplay")
    failure = probe_player(player)
    if failure:
        log.info("pyttsx3: no sound device: %s", failure)
        return Attempt.said("tts", "pyttsx3", False, "attempt.no_sound_device")
    return None
