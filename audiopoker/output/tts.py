"""The self-voicing fallback: pyttsx3 in one dedicated worker thread.

pyttsx3's runAndWait() blocks until the utterance is done and is not re-entrant, and on
Windows the SAPI engine must be used from the thread that created it. So one thread owns the
engine and everything else talks to it through a queue: speak() only enqueues and returns.
An interrupt clears the queue and bumps a generation counter; the worker stops the current
utterance from inside the engine's own word callback, on its own thread. (With the espeak
driver on Linux an utterance already handed to the audio player cannot be cut short; the
queue is still cleared, so at most one sentence plays out.)
"""

from __future__ import annotations

import contextlib
import importlib
import io
import logging
import shutil
import sys
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from audiopoker.output.backends import Attempt

log = logging.getLogger(__name__)

DEFAULT_RATE = 200  # words per minute, pyttsx3's own default
FINISH_TIMEOUT = 10.0  # seconds, plus 0.2 s per character, for one utterance to end


@dataclass(slots=True)
class _Job:
    kind: str  # "say", "save", "rate", "volume"
    text: str = ""
    path: Path | None = None
    value: float = 0.0
    generation: int = 0
    done: threading.Event | None = None


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


class TtsBackend:
    """pyttsx3 speech with a queue, interrupt, rate (words per minute) and volume (0-100)."""

    def __init__(
        self,
        lang: str = "en",
        rate: int | None = None,
        volume: int | None = None,
        driver: str | None = None,
        start_timeout: float = 10.0,
        engine_factory: Callable[[], Any] | None = None,
    ) -> None:
        self.lang = lang
        self.name = "pyttsx3"
        self.voice: str | None = None
        self._driver = driver
        self._engine_factory = engine_factory  # tests pass a fake engine
        self._jobs: deque[_Job] = deque()
        self._cond = threading.Condition()
        self._generation = 0
        self._busy = False
        self._closing = False
        self._ready = threading.Event()
        self._start_error: BaseException | None = None
        self._engine: Any = None
        self._current_generation = 0  # generation of the utterance being spoken
        self._tokens: list[Any] = []
        self._finished = threading.Event()
        self._await_finish = False
        if rate is not None:
            self._jobs.append(_Job("rate", value=rate))
        if volume is not None:
            self._jobs.append(_Job("volume", value=volume))
        self._thread = threading.Thread(target=self._run, name="audiopoker-tts", daemon=True)
        self._thread.start()
        if not self._ready.wait(start_timeout):
            raise TimeoutError("the speech engine did not start in time")
        if self._start_error is not None:
            raise self._start_error

    # The caller's side: everything here only touches the queue.

    def speak(self, text: str, interrupt: bool) -> None:
        """Queue ``text``; with ``interrupt`` drop everything queued and stop current speech."""
        with self._cond:
            if interrupt:
                self._drop_speech()
            if text:
                self._jobs.append(_Job("say", text, generation=self._generation))
            self._cond.notify()

    def braille(self, text: str, interrupt: bool = False) -> None:
        """A speech engine has no braille display."""

    def silence(self) -> None:
        """Stop current speech and drop queued speech."""
        with self._cond:
            self._drop_speech()
            self._cond.notify()

    def is_speaking(self) -> bool | None:
        """True while an utterance plays or waits in the queue."""
        with self._cond:
            return self._busy or any(job.kind == "say" for job in self._jobs)

    def set_rate(self, words_per_minute: int) -> None:
        """Change the rate from the next utterance on."""
        self._enqueue(_Job("rate", value=max(50, min(words_per_minute, 500))))

    def set_volume(self, percent: int) -> None:
        """Change the volume (0-100) from the next utterance on."""
        self._enqueue(_Job("volume", value=max(0, min(percent, 100))))

    def save_to_file(self, text: str, path: Path, timeout: float = 30.0) -> bool:
        """Synthesize ``text`` into a WAV file on the worker thread; True when it was written
        in time. For tests and diagnostics: it waits, and while it runs sys.stdout is
        redirected (pyttsx3 prints there), so only writers holding their own stream print."""
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

    def _enqueue(self, job: _Job) -> None:
        with self._cond:
            self._jobs.append(job)
            self._cond.notify()

    def _drop_speech(self) -> None:
        """Caller holds the lock. Settings and file jobs stay; speech goes."""
        self._generation += 1
        kept = [job for job in self._jobs if job.kind != "say"]
        self._jobs.clear()
        self._jobs.extend(kept)

    # The worker's side: the only thread that touches the engine.

    def _run(self) -> None:
        try:
            if self._engine_factory is not None:
                self._engine = self._engine_factory()
            else:
                self._engine = importlib.import_module("pyttsx3").init(self._driver)
            self.name = f"pyttsx3 {self._engine}"
            self.voice = _choose_voice(list(self._engine.getProperty("voices") or []), self.lang)
            if self.voice is not None:
                self._engine.setProperty("voice", self.voice)
            self._tokens = [
                self._engine.connect("started-word", self._on_word),
                self._engine.connect("finished-utterance", self._on_finished),
            ]
            # pyttsx3 2.99's espeak driver can return from runAndWait() while espeak-ng is
            # still synthesizing on its own thread (always on a fresh engine); its
            # finished-utterance notification marks the real end.
            self._await_finish = str(self._engine) == "espeak"
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
                if job.kind == "say" and job.generation != self._generation:
                    continue  # dropped by an interrupt after it was queued
                self._busy = job.kind in ("say", "save")
            try:
                self._do(job)
            except Exception as error:
                log.warning("pyttsx3: %s failed: %s", job.kind, error)
            finally:
                with self._cond:
                    self._busy = False
                if job.done is not None:
                    job.done.set()

    def _do(self, job: _Job) -> None:
        engine = self._engine
        if job.kind == "rate":
            engine.setProperty("rate", int(job.value))
        elif job.kind == "volume":
            engine.setProperty("volume", job.value / 100.0)
        elif job.kind == "say":
            self._current_generation = job.generation
            self._finished.clear()
            engine.say(job.text)
            engine.runAndWait()
            self._wait_finished(job.text)
        elif job.kind == "save" and job.path is not None:
            self._current_generation = self._generation
            self._finished.clear()
            # pyttsx3's espeak driver prints "Audio saved to …": keep it off the console.
            with contextlib.redirect_stdout(io.StringIO()):
                engine.save_to_file(job.text, str(job.path))
                engine.runAndWait()
                self._wait_finished(job.text)
            # The espeak driver keeps the file name and would write later speech there too.
            driver = getattr(getattr(engine, "proxy", None), "_driver", None)
            if driver is not None and hasattr(driver, "_save_file"):
                driver._save_file = None

    def _wait_finished(self, text: str) -> None:
        if self._await_finish and not self._finished.wait(FINISH_TIMEOUT + 0.2 * len(text)):
            log.warning("pyttsx3: no end of utterance reported for %r", text[:40])

    def _on_finished(self, **details: object) -> None:
        self._finished.set()

    def _on_word(self, **details: object) -> None:
        """Called by the engine while it speaks: stop if an interrupt came meanwhile."""
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
    looks usable."""
    if sys.platform.startswith("linux") and not any(shutil.which(player) for player in ("aplay",)):
        # pyttsx3's espeak driver plays each utterance with aplay; without it, no sound.
        return Attempt.said("tts", "pyttsx3", False, "attempt.no_aplay")
    return None
