"""Choosing the backends and building the router: the one entry point the game wiring uses.

``--output auto`` tries a screen reader (prismatoid where installed, then accessible-output2),
then the pyttsx3 voice, then the console. Braille comes from BRLTTY's BrlAPI on Linux when it
is there, otherwise from the screen reader's own braille. Every backend tried leaves an
Attempt saying why it was chosen or skipped; ``audiopoker speech-test`` prints them.
"""

from __future__ import annotations

import argparse
import logging
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from audiopoker.argtypes import int_range
from audiopoker.output.backends import (
    Attempt,
    Backend,
    ConsoleBackend,
    PairBackend,
    SilentBackend,
)
from audiopoker.output.braille import probe_brlapi
from audiopoker.output.echo import echo_choice
from audiopoker.output.message import Message, Verbosity
from audiopoker.output.output_text import text as output_text
from audiopoker.output.router import Router, RoutingPolicy
from audiopoker.output.screenreader import (
    orca_running,
    prism_disabled,
    probe_accessible_output2,
    probe_prism,
)
from audiopoker.output.speech_queue import DEFAULT_WPM
from audiopoker.output.speechd import probe_speech_dispatcher
from audiopoker.output.transcript import TranscriptWriter
from audiopoker.output.tts import NO_SOUND_DEVICE, TtsBackend, tts_problem

log = logging.getLogger(__name__)

OUTPUT_CHOICES = ("auto", "screenreader", "tts", "console", "silent")
VERBOSITY_CHOICES = {level.name.lower(): level for level in Verbosity}


@dataclass(slots=True)
class Selection:
    """The backend chosen for an ``--output`` value, and the record of how."""

    requested: str
    backend: Backend
    speech: str  # the speech path's name: a screen reader, pyttsx3, "console" or "silent"
    braille: str  # the braille path's name, or "none"
    stage: str  # "screenreader", "tts", "console" or "silent": what actually serves
    reads_console: bool  # a screen reader already reads our terminal: echo would repeat it
    attempts: list[Attempt] = field(default_factory=list)

    @property
    def satisfied(self) -> bool:
        """False when an explicitly requested output was unavailable and we fell back."""
        return self.requested in ("auto", self.stage)


SCREEN_READER_CHOICES = ("auto", "speech-dispatcher", "prism", "accessible-output2")


def screen_reader_order(choice: str, platform: str | None = None) -> tuple[str, ...]:
    """The screen reader libraries to try, in order.

    On Linux Speech Dispatcher comes first, straight through its own client: it is what
    Orca speaks through, and the only path that says when each message ended (so bots wait
    for speech and answers cut in at once). Elsewhere Prism comes first (maintained, more
    readers, VoiceOver without extra modules), then accessible-output2.

    >>> screen_reader_order("auto", "linux")
    ('speech-dispatcher', 'prism', 'accessible-output2')
    >>> screen_reader_order("auto", "win32")
    ('prism', 'accessible-output2')
    >>> screen_reader_order("prism", "linux")
    ('prism',)
    """
    if choice != "auto":
        return (choice,)
    platform = sys.platform if platform is None else platform  # read now: tests fake it
    if platform.startswith("linux"):
        return ("speech-dispatcher", "prism", "accessible-output2")
    return ("prism", "accessible-output2")


def _screen_reader(lang: str, attempts: list[Attempt], choice: str = "auto") -> Backend | None:
    chosen: Backend | None = None
    for library in screen_reader_order(choice):
        if chosen is not None:
            attempts.append(
                Attempt.said(
                    "screen reader", library, False, "attempt.not_needed", chosen=chosen.name
                )
            )
        elif library == "speech-dispatcher":
            chosen, attempt = probe_speech_dispatcher(lang)
            if chosen is not None:
                chosen.reads_console = orca_running()
            attempts.append(attempt)
        elif library == "prism" and choice == "auto" and prism_disabled():
            attempts.append(Attempt.said("screen reader", "prism", False, "attempt.prism_disabled"))
        elif library == "prism":
            chosen, tried = probe_prism(lang)
            attempts.extend(tried)
        else:
            chosen, tried = probe_accessible_output2(lang)
            attempts.extend(tried)
    return chosen


def _tts(
    lang: str, rate: int | None, volume: int | None, attempts: list[Attempt]
) -> Backend | None:
    problem = tts_problem()
    if problem is not None:
        attempts.append(problem)
        return None
    try:
        backend = TtsBackend(lang=lang, rate=rate, volume=volume)
    except Exception as error:  # no engine, no espeak library, COM failure, …
        log.info("pyttsx3 could not start: %s: %s", type(error).__name__, error)
        attempts.append(
            Attempt.said("tts", "pyttsx3", False, "attempt.could_not_start", error=error)
        )
        return None
    name = backend.name
    if backend.voice:
        attempts.append(Attempt.said("tts", name, True, "attempt.voice", voice=backend.voice))
    else:
        attempts.append(Attempt.said("tts", name, True, "attempt.voice_default"))
    return backend


def select_backend(
    output: str = "auto",
    lang: str = "en",
    rate: int | None = None,
    volume: int | None = None,
    use_brlapi: bool = True,
    screen_reader: str = "auto",
) -> Selection:
    """Pick the backend for ``output``; an explicit choice that is unavailable falls back to
    the console (the player is never left without output) and ``satisfied`` is False.
    ``screen_reader`` names the one screen reader library to try (default: the chain of
    :func:`screen_reader_order`)."""
    if output not in OUTPUT_CHOICES:
        raise ValueError(f"unknown output {output!r}; choose one of {', '.join(OUTPUT_CHOICES)}")
    attempts: list[Attempt] = []
    if output == "silent":
        return Selection(output, SilentBackend(), "silent", "none", "silent", False, attempts)
    speech: Backend | None = None
    stage = "console"
    reads_console = False
    if output in ("auto", "screenreader"):
        speech = _screen_reader(lang, attempts, screen_reader)
        if speech is not None:
            stage = "screenreader"
            reads_console = bool(getattr(speech, "reads_console", True))
    if speech is None and output in ("auto", "tts"):
        speech = _tts(lang, rate, volume, attempts)
        stage = "tts" if speech is not None else stage
    if speech is None:
        # The console sink prints every message; speech itself goes nowhere.
        speech = SilentBackend("console")
        if output == "console":
            attempts.append(Attempt.said("console", "console", True, "attempt.requested"))
        else:
            attempts.append(Attempt.said("console", "console", True, "attempt.nothing_else"))
    backend: Backend = speech
    braille = "none"
    if use_brlapi and output != "console" and sys.platform.startswith("linux"):
        display, attempt = probe_brlapi(lang)
        attempts.append(attempt)
        if display is not None:
            backend, braille = PairBackend(speech, display), display.name
    if braille == "none" and getattr(speech, "has_braille", False):
        braille = f"{speech.name} braille"
        attempts.append(Attempt.said("braille", braille, True, "attempt.own_braille"))
    elif braille == "none":
        attempts.append(Attempt.said("braille", "none", False, "attempt.no_braille"))
    return Selection(output, backend, speech.name, braille, stage, reads_console, attempts)


def build_router(
    output: str = "auto",
    transcript: Path | str | TextIO | None = None,
    lang: str = "en",
    verbosity: Verbosity = Verbosity.NORMAL,
    echo: bool | None = None,
    rate: int | None = None,
    volume: int | None = None,
    stream: TextIO | None = None,
    screen_reader: str = "auto",
) -> Router:
    """The router the game uses. ``echo`` None picks the default: off when a screen reader
    already reads the terminal (it would say every line twice) and for ``silent``, on
    otherwise. ``stream`` is where the console prints (stdout by default).

    When the requested output is not available, the router's first message says so in the
    player's language (``audiopoker speech-test`` tells why)."""
    selection = select_backend(output, lang, rate, volume, screen_reader=screen_reader)
    router = router_for(selection, transcript, lang, verbosity, echo, stream, rate)
    if not selection.satisfied:
        log.info(
            "--output %s is not available here, using %s: %s",
            output,
            selection.stage,
            "; ".join(f"{a.name}: {a.reason}" for a in selection.attempts if not a.ok),
        )
    notice = start_notice(selection, lang)
    if notice:
        router.send(Message("output_fallback", notice))
    return router


def start_notice(selection: Selection, lang: str) -> str:
    """What the game says once at start about its output, in ``lang``, or "": that the
    built-in voice has no sound device (every message is printed instead), else that the
    requested ``--output`` is not available."""
    if selection.stage == "console" and any(
        attempt.key == "attempt.no_sound_device" for attempt in selection.attempts
    ):
        return output_text(NO_SOUND_DEVICE, lang)
    if selection.satisfied:
        return ""
    stage = output_text(f"stage.{selection.stage}", lang)
    return output_text("output.fallback", lang, requested=selection.requested, stage=stage)


def default_echo(selection: Selection) -> bool:
    """Echo each message on the console unless a screen reader would say it twice (speech
    goes to one that reads the terminal, or any known reader runs) or the output is
    silent; always when the console is the only output (:func:`echo_choice` says why)."""
    return echo_choice(selection.stage, selection.reads_console).on


def router_for(
    selection: Selection,
    transcript: Path | str | TextIO | None = None,
    lang: str = "en",
    verbosity: Verbosity = Verbosity.NORMAL,
    echo: bool | None = None,
    stream: TextIO | None = None,
    rate: int | None = None,
) -> Router:
    """A router over an existing selection (speech-test reuses its selection's report).
    ``rate`` (words per minute) is also the pace by which speech that cannot say when it
    ended is waited for."""
    policy = RoutingPolicy(
        verbosity=verbosity,
        echo=default_echo(selection) if echo is None else echo,
    )
    return Router(
        selection.backend,
        policy=policy,
        console=ConsoleBackend(stream),
        transcript=TranscriptWriter(transcript) if transcript is not None else None,
        lang=lang,
        braille_name=selection.braille,
        words_per_minute=rate if rate is not None else DEFAULT_WPM,
    )


def add_output_arguments(parser: argparse.ArgumentParser) -> None:
    """Add --output, --transcript, --echo/--no-echo, --verbosity, --rate and --volume."""
    group = parser.add_argument_group("speech and braille")
    group.add_argument(
        "--output",
        choices=OUTPUT_CHOICES,
        default="auto",
        help="where speech goes: auto tries a screen reader, then the built-in voice, "
        "then the console (default: auto)",
    )
    group.add_argument(
        "--screen-reader",
        choices=SCREEN_READER_CHOICES,
        default="auto",
        help="which screen reader library speaks (default: auto — on Linux Speech "
        "Dispatcher, then Prism, then accessible-output2; elsewhere Prism, then "
        "accessible-output2)",
    )
    group.add_argument(
        "--transcript",
        type=Path,
        metavar="FILE",
        help="write every message as one JSON object a line to FILE",
    )
    group.add_argument(
        "--echo",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="also print every message on the console (default: off while a screen reader "
        "that reads the terminal runs or speaks for us, since it would say every line "
        "twice; on otherwise, and always when the console is the only output)",
    )
    group.add_argument(
        "--verbosity",
        choices=tuple(VERBOSITY_CHOICES),
        default="normal",
        help="how much is said (default: normal)",
    )
    group.add_argument(
        "--rate",
        type=int_range(50, 500),
        metavar="WPM",
        help="speech rate in words per minute: the built-in voice's rate; with a screen reader "
        "that cannot say when it finished a message (NVDA, JAWS, Prism's readers) how long "
        "the game waits for each (default: 200; screen readers keep their own settings)",
    )
    group.add_argument(
        "--volume",
        type=int_range(0, 100),
        metavar="PERCENT",
        help="volume of the built-in voice, 0 to 100",
    )


def router_from_args(args: argparse.Namespace, lang: str, stream: TextIO | None = None) -> Router:
    """build_router from the options add_output_arguments added."""
    return build_router(
        output=args.output,
        transcript=args.transcript,
        lang=lang,
        verbosity=VERBOSITY_CHOICES[args.verbosity],
        echo=args.echo,
        rate=args.rate,
        volume=args.volume,
        stream=stream,
        screen_reader=args.screen_reader,
    )
