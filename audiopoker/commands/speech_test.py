"""`audiopoker speech-test`: say through the chosen backend which speech and braille paths
are active, whether the console echo is on and why, and print why every other path was
skipped.

Everything printed is in the player's language: a library's own error text (English, often
with Python reprs) goes to the log, and the line says what failed and that the details are
there.
"""

from __future__ import annotations

import argparse
import logging
import re
import sys
from typing import Any, TextIO

from audiopoker.narration.language import LANGUAGES, resolve_language
from audiopoker.output.backends import Attempt
from audiopoker.output.echo import echo_choice
from audiopoker.output.factory import (
    VERBOSITY_CHOICES,
    Selection,
    add_output_arguments,
    router_for,
    select_backend,
    start_notice,
)
from audiopoker.output.message import Message, Verbosity
from audiopoker.output.output_text import output_catalog
from audiopoker.output.output_text import text as output_text
from audiopoker.output.tts import NO_SOUND_DEVICE

log = logging.getLogger(__name__)

WAIT_SECONDS = 15.0
_BYTES_REPR = re.compile(r"""\bb(['"])(.*?)\1""")


def _plain(name: str) -> str:
    """A backend's name without Python's bytes reprs or line breaks: ``b'TTY'`` is said
    as ``TTY``.

    >>> _plain("BrlAPI (b'TTY', 40 cells)")
    'BrlAPI (TTY, 40 cells)'
    """
    return " ".join(_BYTES_REPR.sub(r"\2", name).split())


def _reason(attempt: Attempt, lang: str) -> str:
    """Why ``attempt`` was skipped, in ``lang``; a library's error text goes to the log."""
    fields = dict(attempt.fields)
    if not attempt.key or "error" in fields:
        log.info("speech-test: %s skipped: %s", attempt.name, attempt.reason)
    if not attempt.key:
        return output_text("attempt.failed_see_log", lang)
    if "error" in fields:
        fields["error"] = output_text("speech_test.see_log", lang)
    return output_text(attempt.key, lang, **fields)


def _speech_name(selection: Selection, lang: str) -> str:
    """The active speech path as the player hears it: a library's or reader's name, or
    "the console"/"silence" in ``lang``."""
    if selection.stage in ("console", "silent"):
        return output_text(f"stage.{selection.stage}", lang)
    return _plain(selection.speech)


def _voice_lost(selection: Selection) -> bool:
    """True when the built-in voice lost its sound device while speaking the test."""
    backend = selection.backend
    for candidate in (backend, getattr(backend, "speech", None)):
        if getattr(candidate, "lost", ""):
            return True
    return False


def _skipped_by_reason(attempts: list[Attempt], lang: str) -> dict[str, list[str]]:
    """Skipped backends grouped by reason (said in ``lang``), in the order tried (one line
    per reason keeps the list short: most of Prism's backends are "not built for this
    system")."""
    grouped: dict[str, list[str]] = {}
    for attempt in attempts:
        if not attempt.ok and attempt.name != "none":
            grouped.setdefault(_reason(attempt, lang), []).append(_plain(attempt.name))
    return grouped


def register(subparsers: Any) -> None:
    """Add the speech-test subcommand."""
    parser = subparsers.add_parser(
        "speech-test",
        help="say which speech and braille output is active and why others were skipped",
        description="Say through the chosen output which speech and braille paths are "
        "active, and print why each other one was skipped.",
    )
    parser.add_argument(
        "--lang", choices=LANGUAGES, help="language: es or en (default: the system's)"
    )
    add_output_arguments(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace, stream: TextIO | None = None) -> int:
    """Run the test; 0 when the requested output is active, 1 when it fell back (or the
    voice turned out to have no sound device)."""
    out = stream if stream is not None else sys.stdout
    lang: str = resolve_language(args.lang)
    say = output_catalog(lang).text
    selection = select_backend(
        args.output, lang, args.rate, args.volume, screen_reader=args.screen_reader
    )
    braille = _plain(selection.braille) if selection.braille != "none" else say("speech_test.none")
    speech = _speech_name(selection, lang)
    echo = echo_choice(selection.stage, selection.reads_console, args.echo)
    router = router_for(
        selection,
        transcript=args.transcript,
        lang=lang,
        verbosity=VERBOSITY_CHOICES.get(args.verbosity, Verbosity.NORMAL),
        echo=echo.on,
        stream=out,
    )
    try:
        router.send(
            Message(
                "speech_test",
                say("speech_test.spoken", speech=speech, braille=braille),
                braille=f"{speech} / {braille}",
            )
        )
        router.send(Message("speech_test", say("speech_test.spoken_end")))
        lines = [
            say("speech_test.active", speech=speech),
            say("speech_test.braille", braille=braille),
            say(
                "speech_test.echo_why",
                state=say("speech_test.on" if echo.on else "speech_test.off"),
                reason=echo.reason_in(lang),
            ),
        ]
        lines += [
            say("speech_test.skipped", name=", ".join(names), reason=reason)
            for reason, names in _skipped_by_reason(selection.attempts, lang).items()
        ]
        notice = start_notice(selection, lang)
        if notice:
            lines.append(notice)
        for line in lines:
            out.write(line + "\n")
        out.flush()
        # Let the voice finish before the process (and a TTS thread with it) ends.
        if not router.wait_until_quiet(timeout=WAIT_SECONDS):
            out.write(say("speech_test.timeout", seconds=int(WAIT_SECONDS)) + "\n")
        lost = _voice_lost(selection)
        if lost:  # the start probe played, yet the voice could not: say the truth
            out.write(say(NO_SOUND_DEVICE) + "\n")
            out.flush()
    finally:
        router.close()
    return 0 if selection.satisfied and not lost else 1
