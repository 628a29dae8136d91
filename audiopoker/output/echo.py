"""Whether every message is also printed on the console (the echo), and why.

Never speak twice: a screen reader that reads the terminal (Orca, NVDA, JAWS, Narrator,
VoiceOver, Fenrir, Speakup, TDSR, BRLTTY's speech) would say each printed line on top of
our own speech. So the echo is off while speech goes to such a reader or while any known
reader runs, and on where nothing reads the terminal for us; when the console is the only
output it is always on (it is the output). ``--echo``/``--no-echo`` override all of it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from audiopoker.output.output_text import text as output_text
from audiopoker.output.readers import reader_names, running_screen_readers


@dataclass(frozen=True, slots=True)
class EchoChoice:
    """The echo's setting, and the catalog sentence (``echo.*``) saying why."""

    on: bool
    key: str
    readers: tuple[str, ...] = ()

    def reason_in(self, lang: str) -> str:
        """Why, in ``lang``.

        >>> EchoChoice(False, "echo.reader_running", ("orca",)).reason_in("en")
        'a screen reader that reads the terminal is running: Orca'
        """
        if self.key == "echo.reader_running":
            return output_text(self.key, lang, readers=reader_names(self.readers, lang))
        return output_text(self.key, lang)


def echo_choice(
    stage: str,
    reads_console: bool,
    asked: bool | None = None,
    readers: Callable[[], tuple[str, ...]] | None = None,
) -> EchoChoice:
    """The echo for a selection's ``stage`` ("screenreader", "tts", "console", "silent").

    ``reads_console`` is the screen reader backend's own word that it reads our terminal;
    ``asked`` is ``--echo`` (True) or ``--no-echo`` (False), None when not given;
    ``readers`` finds the screen readers running (default :func:`running_screen_readers`;
    looked for only when it matters).

    >>> echo_choice("console", False, readers=lambda: ("orca",)).on
    True
    >>> echo_choice("tts", False, readers=lambda: ("fenrir",)).key
    'echo.reader_running'
    """
    if asked is not None:
        return EchoChoice(asked, "echo.asked_on" if asked else "echo.asked_off")
    if stage == "silent":
        return EchoChoice(False, "echo.silent")
    if stage == "console":
        return EchoChoice(True, "echo.console_only")
    if stage == "screenreader" and reads_console:
        return EchoChoice(False, "echo.reads_console")
    found = (readers or running_screen_readers)()
    if found:
        return EchoChoice(False, "echo.reader_running", found)
    return EchoChoice(True, "echo.no_reader")
