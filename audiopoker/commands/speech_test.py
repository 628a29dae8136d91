"""`audiopoker speech-test`: say through the chosen backend which speech and braille paths
are active, and print why every other one was skipped."""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from audiopoker.output.backends import Attempt
from audiopoker.output.factory import (
    VERBOSITY_CHOICES,
    add_output_arguments,
    router_for,
    select_backend,
)
from audiopoker.output.message import Message, Verbosity

# The sentences of this command, until the narration's catalogs take them over.
STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "spoken": "Speech test. Speaking through {speech}. Braille: {braille}.",
        "spoken_end": "If you can hear or read this, output works.",
        "none": "none",
        "active": "Active speech: {speech}",
        "braille": "Braille: {braille}",
        "echo": "Console echo: {state}",
        "on": "on",
        "off": "off",
        "skipped": "Skipped {name}: {reason}",
        "fallback": "The requested output ({requested}) is not available; using {stage}.",
        "timeout": "Speech did not finish within {seconds} seconds.",
    },
    "es": {
        "spoken": "Prueba de voz. Hablo a través de {speech}. Braille: {braille}.",
        "spoken_end": "Si puedes oír o leer esto, la salida funciona.",
        "none": "ninguno",
        "active": "Voz activa: {speech}",
        "braille": "Braille: {braille}",
        "echo": "Eco en la consola: {state}",
        "on": "activado",
        "off": "desactivado",
        "skipped": "Descartado {name}: {reason}",
        "fallback": "La salida pedida ({requested}) no está disponible; uso {stage}.",
        "timeout": "La voz no terminó en {seconds} segundos.",
    },
}

WAIT_SECONDS = 15.0


def _say(lang: str, key: str, **values: Any) -> str:
    table = STRINGS.get(lang, STRINGS["en"])
    return table[key].format(**values)


def _skipped_by_reason(attempts: list[Attempt]) -> dict[str, list[str]]:
    """Skipped backends grouped by reason, in the order tried (one line per reason keeps
    the list short: most of Prism's backends are "not built for this system")."""
    grouped: dict[str, list[str]] = {}
    for attempt in attempts:
        if not attempt.ok and attempt.name != "none":
            grouped.setdefault(attempt.reason, []).append(attempt.name)
    return grouped


def register(subparsers: Any) -> None:
    """Add the speech-test subcommand."""
    parser = subparsers.add_parser(
        "speech-test",
        help="say which speech and braille output is active and why others were skipped",
        description="Say through the chosen output which speech and braille paths are "
        "active, and print why each other one was skipped.",
    )
    parser.add_argument("--lang", choices=tuple(STRINGS), default="en", help="language")
    add_output_arguments(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace, stream: TextIO | None = None) -> int:
    """Run the test; 0 when the requested output is active, 1 when it fell back."""
    out = stream if stream is not None else sys.stdout
    lang: str = args.lang
    selection = select_backend(args.output, lang, args.rate, args.volume)
    braille = selection.braille if selection.braille != "none" else _say(lang, "none")
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
                _say(lang, "spoken", speech=selection.speech, braille=braille),
                braille=f"{selection.speech} / {braille}",
            )
        )
        router.send(Message("speech_test", _say(lang, "spoken_end")))
        lines = [
            _say(lang, "active", speech=selection.speech),
            _say(lang, "braille", braille=braille),
            _say(lang, "echo", state=_say(lang, "on" if router.policy.echo else "off")),
        ]
        lines += [
            _say(lang, "skipped", name=", ".join(names), reason=reason)
            for reason, names in _skipped_by_reason(selection.attempts).items()
        ]
        if not selection.satisfied:
            lines.append(
                _say(lang, "fallback", requested=selection.requested, stage=selection.stage)
            )
        for line in lines:
            out.write(line + "\n")
        out.flush()
        # Let the voice finish before the process (and a TTS thread with it) ends.
        if not router.wait_until_quiet(timeout=WAIT_SECONDS):
            out.write(_say(lang, "timeout", seconds=int(WAIT_SECONDS)) + "\n")
    finally:
        router.close()
    return 0 if selection.satisfied else 1
