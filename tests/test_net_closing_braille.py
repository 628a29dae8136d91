"""The braille display when the host closes the table (issue 25, from a blind play-test): it
went back to the last table line ("Flop: ...") once the closing sentence had been shown as
an answer, so a friend whose link waits for the table to open again read a hand that no
longer is. Now the closing sentence is the last thing said and what the display keeps, as
a local quit's goodbye: at a real hosted table on loopback in this process, the friend's
router speaks into a recording backend and shows on BrlapiBackend over a fake BrlAPI
connection (its pager is the real one), in both languages, saved and not.
"""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
import side_support
from side_support import hosted_table, remote_player, wait_until

from audiopoker.bots.levels import make_bot
from audiopoker.i18n import Language
from audiopoker.output.backends import PairBackend, RecordingBackend
from audiopoker.output.braille import BrlapiBackend
from audiopoker.output.router import Router
from audiopoker.output.transcript import TranscriptWriter

CLOSED = {
    "en": "The host closed the table. It is saved: you get your seat back when it opens "
    "again. Q twice leaves.",
    "es": "Quien abre la mesa la ha cerrado. Está guardada: recuperas tu asiento cuando vuelva "
    "a abrirla. Q dos veces para salir.",
}
CLOSED_UNSAVED = {
    "en": "The host closed the table. It is not saved, so this game is over: there is no "
    "seat to come back to.",
    "es": "Quien abre la mesa la ha cerrado. No está guardada, así que esta partida se acabó: "
    "no hay asiento al que volver.",
}
HAND_2 = {"en": "Hand 2", "es": "Mano 2"}


class Display:
    """Just what BrlapiBackend uses of a BrlAPI connection: a display of 40 cells."""

    displaySize = (40, 1)
    driverName = b"TTY"

    def __init__(self) -> None:
        self.written: list[str] = []

    def writeText(self, text: str) -> None:
        self.written.append(text)

    def ignoreAllKeys(self) -> None: ...
    def acceptKeys(self, kind: int, codes: list[int]) -> None: ...
    def leaveTtyMode(self) -> None: ...
    def closeConnection(self) -> None: ...


@pytest.mark.parametrize("saved", [True, False])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_display_keeps_the_closing_sentence(
    lang: Language, saved: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    displays: list[BrlapiBackend] = []

    def router_with_braille(lang: Language) -> tuple[Router, io.StringIO]:
        display = BrlapiBackend(Display(), listen=False)
        displays.append(display)
        transcript = io.StringIO()
        backend = PairBackend(RecordingBackend(), display)
        return Router(backend, transcript=TranscriptWriter(transcript), lang=lang), transcript

    monkeypatch.setattr(side_support, "recording_router", router_with_braille)
    closed = (CLOSED if saved else CLOSED_UNSAVED)[lang]
    folder = tmp_path / "hosted" if saved else None
    bot = make_bot("easy", random.Random(7))
    with (
        hosted_table(folder, seats=3, hands=30, chips=5000, lang=lang) as hosted,
        remote_player(hosted, "Zoe", lang, autopilot=bot, start=True) as zoe,
    ):
        zoe.wait_said(HAND_2[lang])  # the table speaks: its lines are on the display
        pager = displays[0].pager
        hosted.close()
        wait_until(lambda: pager.text == closed, lambda: f"the display to show {closed!r}")
        # Nothing waits to replace it: no table line comes back after it, however long
        # the link waits for the table to open again (or the program ends).
        assert pager.waiting is None and pager.due() is None, pager.waiting
        if saved:
            assert not zoe.finished
        else:
            wait_until(lambda: zoe.finished, "the friend's side to end")
        assert zoe.texts()[-1] == closed, zoe.texts()[-4:]
        assert pager.text == closed
