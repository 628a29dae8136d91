"""`audiopoker speech-test`: say through the chosen backend which speech and braille paths
are active, and print why every other one was skipped."""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from audiopoker.narration.language import LANGUAGES, resolve_language
from audiopoker.output.backends import Attempt
from audiopoker.output.factory import (
    VERBOSITY_CHOICES,
    add_output_arguments,
    router_for,
    select_backend,
)
from audiopoker.output.message import Message, Verbosity
from audiopoker.output.texts import output_catalog

WAIT_SECONDS = 15.0


def _skipped_by_reason(attempts: list[Attempt], lang: str) -> dict[str, list[str]]:
    """Skipped backends grouped by reason (said in ``lang``), in the order tried (one line
    per reason keeps the list short: most of Prism's backends are "not built for this
    system")."""
    grouped: dict[str, list[str]] = {}
    for attempt in attempts:
        if not attempt.ok and attempt.name != "none":
            grouped.setdefault(attempt.reason_in(lang), []).append(attempt.name)
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
    """Run the test; 0 when the requested output is active, 1 when it fell back."""
    out = stream if stream is not None else sys.stdout
    lang: str = resolve_language(args.lang)
    say = output_catalog(lang).text
    selection = select_backend(args.output, lang, args.rate, args.volume)
    braille = selection.braille if selection.braille != "none" else say("speech_test.none")
    router = router_for(
        selection,
        transcript=args.transcript,
        lang=lang,
        verbosity=VERBOSITY_CHOICES.get(args.verbosity, Verbosity.NORMAL),
        echo=args.echo,
        stream=out,
    )
    try:
        router.send(
            Message(
                "speech_test",
                say("speech_test.spoken", speech=selection.speech, braille=braille),
                braille=f"{selection.speech} / {braille}",
            )
        )
        router.send(Message("speech_test", say("speech_test.spoken_end")))
        lines = [
            say("speech_test.active", speech=selection.speech),
            say("speech_test.braille", braille=braille),
            say(
                "speech_test.echo",
                state=say("speech_test.on" if router.policy.echo else "speech_test.off"),
            ),
        ]
        lines += [
            say("speech_test.skipped", name=", ".join(names), reason=reason)
            for reason, names in _skipped_by_reason(selection.attempts, lang).items()
        ]
        if not selection.satisfied:
            lines.append(
                say("output.fallback", requested=selection.requested, stage=selection.stage)
            )
        for line in lines:
            out.write(line + "\n")
        out.flush()
        # Let the voice finish before the process (and a TTS thread with it) ends.
        if not router.wait_until_quiet(timeout=WAIT_SECONDS):
            out.write(say("speech_test.timeout", seconds=int(WAIT_SECONDS)) + "\n")
    finally:
        router.close()
    return 0 if selection.satisfied else 1
