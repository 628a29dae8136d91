"""Lines a command prints, also spoken: the output router of ``--output`` says them, and
prints them (its console echo), or they are printed here when the echo is off (a screen
reader reading the terminal, or ``--no-echo``), so nothing is printed twice or lost."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Final

from audiopoker.narration.language import Language
from audiopoker.output.factory import router_from_args
from audiopoker.output.message import Message

SPEECH_WAIT: Final = 120.0  # seconds the voice may take to finish before it is closed


def say_lines(args: argparse.Namespace, lang: Language, lines: Sequence[str], kind: str) -> None:
    """Say and print ``lines`` (one message each, the first cutting earlier speech), then
    wait until they are heard before the voice closes."""
    router = router_from_args(args, lang)
    try:
        for index, line in enumerate(lines):
            router.send(Message(kind, line, interrupt=index == 0))
            if not router.policy.echo:  # the console echo prints it otherwise
                print(line)
        router.wait_until_quiet(timeout=SPEECH_WAIT)
    finally:
        router.close()
