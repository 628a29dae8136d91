"""Q's question says what quitting does at this table (issue 25, play-test): a local game
quits; the host's seat closes the network table for everyone, saying whether and from which
hand it is saved; a joiner's seat is played by a bot from the next hand, with the player's
chips, and the question says how to play again. Both languages, through the real key loop;
and ``audiopoker join``'s own wiring (``play_at``) at a real hosted table in this process."""

from __future__ import annotations

import argparse
from collections.abc import Callable

import pytest
from side_support import hosted_table, recording_router, uri_of
from ui_harness import ESCAPE, driven, make_table

from audiopoker.cli import build_parser
from audiopoker.commands import join
from audiopoker.i18n import Language
from audiopoker.ui.questions import Ask, Quits
from audiopoker.ui.remote_link import ClientSession

LANGS: tuple[Language, ...] = ("en", "es")

GAME = {"en": "Press Q again to quit the game.", "es": "Pulsa Q otra vez para salir de la partida."}
TABLE = {
    "en": "Close the table for everyone? It is saved as it stands at the start of hand 4,"
    " with every seat and its chips: host again to go on from there. Press Q again to close"
    " it.",
    "es": "¿Cerrar la mesa para todos? Está guardada como estaba al principio de la mano 4,"
    " con cada asiento y sus fichas: vuelve a abrirla para seguir desde ahí. Pulsa Q otra vez"
    " para cerrarla.",
}
TABLE_UNSAVED = {
    "en": "Close the table for everyone? It is not saved, so the game ends for everyone."
    " Press Q again to close it.",
    "es": "¿Cerrar la mesa para todos? No está guardada, así que la partida se acaba para"
    " todos. Pulsa Q otra vez para cerrarla.",
}
SEAT = {
    "en": "Leave the table? From the next hand a bot plays your seat, with your chips. To"
    " play again, type the same join command. Press Q again to leave.",
    "es": "¿Dejar la mesa? Desde la próxima mano un bot juega tu asiento, con tus fichas."
    " Para volver a jugar, escribe otra vez el mismo comando join. Pulsa Q otra vez para"
    " dejar la mesa.",
}
STILL = {"en": "Still playing.", "es": "Seguimos jugando."}


def asked(lang: Language, quits: Quits, saved_at: Callable[[], int | None]) -> list[str]:
    """Q, Escape, Q, Q at a table whose Q does ``quits``: what was said, and the quit."""
    table = make_table(lang=lang)
    table.controller.questions.quits = quits
    table.controller.questions.saved_at = saved_at
    with driven(table) as keys:
        keys.press("q")
        first = table.output.last.text
        keys.press(ESCAPE)
        cancelled = table.output.last.text
        assert table.quits == []
        keys.press("q")
        keys.press("q")
    assert table.quits == [True]  # Q again does it
    return [first, cancelled]


@pytest.mark.parametrize("lang", LANGS)
def test_a_local_game_asks_to_quit_the_game(lang: Language) -> None:
    assert asked(lang, Quits.GAME, lambda: None) == [GAME[lang], STILL[lang]]


@pytest.mark.parametrize("lang", LANGS)
def test_the_hosts_seat_asks_to_close_the_table_for_everyone(lang: Language) -> None:
    hands = iter([4, None])  # saved from hand 4; then, say, saving is off (--no-save)
    assert asked(lang, Quits.TABLE, lambda: next(hands)) == [TABLE[lang], STILL[lang]]
    assert asked(lang, Quits.TABLE, lambda: None)[0] == TABLE_UNSAVED[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_a_joiners_seat_asks_to_leave_and_says_how_to_come_back(lang: Language) -> None:
    assert asked(lang, Quits.SEAT, lambda: None) == [SEAT[lang], STILL[lang]]


def join_args(lang: Language, code: str) -> argparse.Namespace:
    return build_parser().parse_args(
        ["join", "127.0.0.1", "--code", code, "--lang", lang, "--no-sound", "--name", "Zoe"]
    )


@pytest.mark.parametrize("hosting", [False, True])
def test_play_at_tells_the_question_who_is_at_the_keys(
    hosting: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``audiopoker join`` asks as a joiner; the host's seat (``audiopoker host``) as the
    table's closer, with the hand its save goes on from."""
    heard: list[str] = []

    def run(session: ClientSession) -> int:  # the key loop's place: ask, then leave
        heard.append(session.controller.questions.question(Ask.QUIT))
        session.connection.close()
        return 0

    monkeypatch.setattr(ClientSession, "run", run)
    router, _ = recording_router("en")
    with hosted_table(seats=2, hands=2) as hosted:
        extra: dict[str, object] = (
            {"close_table": lambda: None, "saved_at": lambda: 4} if hosting else {}
        )
        done = join.play_at(
            uri_of(hosted), hosted.code, join_args("en", hosted.code), router, "en", **extra
        )
    assert done == 0
    assert heard == [TABLE["en"] if hosting else SEAT["en"]]
