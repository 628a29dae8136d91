"""Network words that are true (issue 25, point 4, and what point 1 adds to a network
seat), in both languages, at a real hosted table on loopback in this process:

- leaving (Q Q) is told as leaving, with who plays the seat next; a lost connection only
  when a connection is lost;
- when the host closes the table, nothing claims a clock runs or a connection was lost;
- a player who typed no name gets a name nobody at the table has: the host's player is
  "Diego" or "Dave" to everyone, never "Jugador" or "Player";
- a newcomer hears the hand in play while waiting (the hand, the blinds, the pot, whose
  turn);
- a network player's preferences are kept in their data folder for the next join, and a
  fault writing them is told like other save faults.
"""

from __future__ import annotations

import argparse
import asyncio
import errno
import queue
import random
import time
from pathlib import Path

import pytest
from cli_support import run_audiopoker, transcript_texts
from side_support import WAIT, hosted_table, remote_player, uri_of, wait_until

from audiopoker.bots.base import Bot
from audiopoker.bots.levels import bot_names, make_bot
from audiopoker.cli import main
from audiopoker.commands.join import kept_prefs
from audiopoker.i18n import DEFAULT_WORDS, Language, current_words, set_words
from audiopoker.net.client import Connection
from audiopoker.net.host_news import HostNews
from audiopoker.net.hosted_table import HostedTable
from audiopoker.net.protocol import Hello, ServerFrame, Waiting
from audiopoker.output.message import Verbosity
from audiopoker.persistence import data_dir
from audiopoker.ui import player_prefs
from audiopoker.ui.net_talk import arrival
from audiopoker.ui.player_prefs import PrefsFile

LANGS: tuple[Language, ...] = ("en", "es")
QUIT = ("q", "q")  # Q, and Q again: quit


def easy() -> Bot:
    return make_bot("easy", random.Random(7))


# The sentences, as each language says them.
LEAVING = {
    "en": "Zoe leaves the table. From the next hand {bot}, a bot, plays the seat.",
    "es": "Zoe deja la mesa. Desde la próxima mano juega su asiento {bot}, un bot.",
}
LEFT = {
    "en": "Zoe left the table. {bot}, a bot, plays the seat now.",
    "es": "Zoe dejó la mesa. {bot}, un bot, juega ahora el asiento.",
}
LOST = {"en": "lost the connection", "es": "perdió la conexión"}
CLOCK = {"en": "clock runs", "es": "reloj corre"}
BACK = {"en": "Xenia is back.", "es": "Xenia ha vuelto."}
CLOSED = {
    "en": "The host closed the table. It is saved: you get your seat back when it opens again.",
    "es": "Quien abre la mesa la ha cerrado. Está guardada: recuperas tu asiento cuando vuelva",
}
CLOSED_UNSAVED = {
    "en": "The host closed the table. It is not saved, so this game is over",
    "es": "Quien abre la mesa la ha cerrado. No está guardada, así que esta partida se acabó",
}
LEAVES = {"en": "leaves the table", "es": "deja la mesa"}
HAND_2 = {"en": "Hand 2", "es": "Mano 2"}
NOT_KEPT = {
    "en": "Your preferences cannot be kept on this computer for now.",
    "es": "Tus preferencias no se pueden guardar en este ordenador por ahora.",
}
FULL = {"en": "The disk is full: free some space on it.", "es": "El disco está lleno"}
KEPT_AGAIN = {
    "en": "Saving works again: your preferences are kept for the next time you join.",
    "es": "Ya se puede guardar otra vez: tus preferencias quedan guardadas",
}
NAMED = {"en": "The others hear you as {name}.", "es": "Los demás te oyen como {name}."}


def host_news(hosted: HostedTable, lang: Language) -> list[str]:
    """What a host serving without a seat hears (``host --no-seat``)."""
    said: list[str] = []
    news = HostNews(lang, lambda: hosted.table.names, lambda m: said.append(m.text))
    hosted.game.add_listener(news)
    hosted.server.news.append(news.on_event)
    return said


def drop(hosted: HostedTable, name: str) -> None:
    """``name``'s connection drops (the server's end closes, as a network fails)."""
    loop = hosted.server.loop
    assert loop is not None
    for client in list(hosted.server.clients):
        if client.person is not None and client.person.name == name:
            asyncio.run_coroutine_threadsafe(client.ws.close(), loop).result(5)


@pytest.mark.parametrize("lang", LANGS)
def test_leaving_is_told_as_leaving_and_a_lost_connection_only_when_lost(
    lang: Language,
) -> None:
    with hosted_table(seats=4, hands=30, lang=lang, chips=5000) as hosted:
        host = host_news(hosted, lang)
        with (
            remote_player(hosted, "Zoe", "en", autopilot=easy(), start=True) as zoe,
            remote_player(hosted, "Yago", lang, autopilot=easy(), start=True) as yago,
            remote_player(hosted, "Xenia", "es", autopilot=easy(), start=True),
        ):
            yago.wait_said("Xenia")  # all three sit down
            seat = zoe.side.link.me
            bot = hosted.seats[seat].bot_name
            zoe.press(*QUIT)
            leaving = LEAVING[lang].format(bot=bot)
            yago.wait_said(leaving)
            yago.wait_said(LEFT[lang].format(bot=bot))  # at the next hand
            drop(hosted, "Xenia")
            yago.wait_said(BACK[lang])  # it comes back by itself, with its token
            said = yago.texts()
    assert not any("Zoe" in line and LOST[lang] in line for line in said), said
    assert any(line.startswith(f"Xenia {LOST[lang]}") for line in said), said
    assert leaving in host
    assert not any("Zoe" in line and LOST[lang] in line for line in host), host
    assert any(line.startswith(f"Xenia {LOST[lang]}") for line in host), host


@pytest.mark.parametrize("saved", [True, False])
@pytest.mark.parametrize(("host_lang", "friend_lang"), [("es", "en"), ("en", "es")])
def test_the_host_closing_is_only_that_and_its_player_has_a_name(
    host_lang: Language, friend_lang: Language, saved: bool, tmp_path: Path
) -> None:
    folder = tmp_path / "hosted" if saved else None
    closed = (CLOSED if saved else CLOSED_UNSAVED)[friend_lang]
    with (  # the host's seat: no name typed, and its leaving closes the table
        hosted_table(folder, seats=3, hands=30, lang=host_lang, chips=5000) as hosted,
        remote_player(
            hosted, None, host_lang, close_table=hosted.close, autopilot=easy(), start=True
        ) as host,
        remote_player(hosted, "Zoe", friend_lang, autopilot=easy(), start=True) as friend,
    ):
        friend.wait_said(HAND_2[friend_lang])  # both play
        name = friend.side.state.snapshot().seats[host.side.link.me].name
        host.press(*QUIT)
        friend.wait_said(closed)
        wait_until(lambda: host.finished, "the host's side to end")
        # A saved table: the friend's link tries to come back, saying nothing more; one
        # not saved: the friend's game is over, nothing more to come back to.
        if saved:
            time.sleep(1.5)
            assert not friend.finished
        else:
            wait_until(lambda: friend.finished, "the friend's side to end")
        said = friend.texts()
        host_said = host.texts()
    closing = next(i for i, line in enumerate(said) if line.startswith(closed))
    assert said[closing + 1 :] == [], said[closing:]
    # A name nobody at the table had, from the host's language: a name to every listener.
    assert name not in ("Jugador", "Player") and name in bot_names(host_lang, 12), name
    assert name not in [seat.bot_name for seat in hosted.seats]
    assert any(line.startswith(name) for line in said), said
    assert NAMED[host_lang].format(name=name) in " ".join(host_said), host_said
    for words in (LOST, CLOCK, LEAVES):
        assert not any(words[friend_lang] in line for line in said), said


@pytest.mark.parametrize("lang", LANGS)
def test_a_newcomer_hears_the_hand_in_play(lang: Language) -> None:
    with (
        hosted_table(seats=3, hands=3, lang="es") as hosted,
        remote_player(hosted, "Zoe", "en") as zoe,  # no keys: the table waits for her
    ):
        zoe.start()
        zoe.wait_turn(1)
        frames: queue.Queue[ServerFrame | tuple[str, str]] = queue.Queue()
        hello = Hello(code=hosted.code, name="Yago", lang=lang)
        newcomer = Connection(
            uri_of(hosted), hello, None, frames.put, lambda s, r: frames.put((s, r))
        )
        newcomer.start()
        try:
            waiting = frames.get(timeout=WAIT)
        finally:
            newcomer.close()
        hand = hosted.game.hand
        assert hand is not None and hand.actor == zoe.side.link.me
        number, pot = hosted.table.hand_number, hand.pot
    assert isinstance(waiting, Waiting)
    assert all(event["type"] != "HoleCardsDealt" for event in waiting.events)  # nobody's cards
    expected = {
        "en": [f"Hand {number}, before the flop, with blinds of 1 and 2.",
               f"Pot: {pot} chips.", "Zoe's turn."],
        "es": [f"Mano {number}, antes del flop, con ciegas de 1 y 2.",
               f"Bote: {pot} fichas.", "Le toca a Zoe."],
    }  # fmt: skip
    assert arrival(waiting, lang) == expected[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_a_network_players_preferences_are_kept_for_the_next_join(
    lang: Language, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    prefs = PrefsFile(tmp_path)
    real_write = player_prefs.atomic_write
    with (
        hosted_table(seats=3, hands=40, lang=lang, chips=5000) as hosted,
        remote_player(hosted, "Zoe", lang, prefs=prefs, autopilot=easy(), start=True) as zoe,
    ):
        side = zoe.side
        side.controller.questions.all_in_warning = False
        side.router.verbosity = Verbosity.VERBOSE
        side.link.save_prefs()  # what a key changing one does, from the key loop
        kept = prefs.read()
        assert (kept["all_in_warning"], kept["verbosity"]) == (False, "verbose")
        # The disk fills up: told once, in the player's words; the change stays.
        full = OSError(errno.ENOSPC, "No space left on device")
        monkeypatch.setattr(player_prefs, "atomic_write", _raising(full))
        side.router.verbosity = Verbosity.BRIEF
        side.link.save_prefs()
        side.link.save_prefs()
        zoe.wait_said(NOT_KEPT[lang])
        assert prefs.read()["verbosity"] == "verbose"  # the last good file, whole
        # Space again: written after the next hand, and said.
        monkeypatch.setattr(player_prefs, "atomic_write", real_write)
        zoe.wait_said(KEPT_AGAIN[lang])
        told = [t for t in zoe.texts() if t.startswith(NOT_KEPT[lang])]
    assert len(told) == 1 and FULL[lang] in told[0], told
    assert prefs.read()["verbosity"] == "brief"
    # The next join takes them back (an option typed would win: kept_prefs).
    with (
        hosted_table(seats=3, hands=2, lang=lang) as hosted,
        remote_player(hosted, "Zoe", lang) as again,
    ):
        again.side.restore_prefs(kept_prefs(prefs.read(), typed()))
        assert again.side.router.verbosity is Verbosity.BRIEF
        assert again.side.controller.questions.all_in_warning is False


def test_a_preference_typed_wins_over_the_kept_one() -> None:
    kept = {"verbosity": "brief", "remind": 5, "all_in_warning": False, "words": "poker"}
    assert kept_prefs(kept, typed()) == {"verbosity": "brief", "remind": 5,
                                         "all_in_warning": False}  # fmt: skip
    assert kept_prefs(kept, typed(verbosity="verbose", remind=20)) == {"all_in_warning": False}


def typed(verbosity: str = "normal", remind: int | None = None) -> argparse.Namespace:
    """A join command line's options: none typed unless given (their defaults)."""
    return argparse.Namespace(verbosity=verbosity, remind=remind)


def _raising(error: OSError) -> object:
    def write(path: Path, data: bytes) -> None:
        raise error

    return write


OPEN = {"en": "Table open at 127.0.0.1", "es": "Mesa abierta en 127.0.0.1"}
JOINERS_WORDS = {
    "en": ("Connecting to", "The code is right"),
    "es": ("Conectando con", "El código es correcto"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_the_host_hears_no_joiners_connection_words(lang: Language, tmp_path: Path) -> None:
    """The real ``audiopoker host`` playing at its own table: the table's news, not what a
    friend joining hears; its player, who typed no name, is told the name others hear."""
    transcript = tmp_path / "host.jsonl"
    done = run_audiopoker(
        ["host", "--lang", lang, "--port", "0", "--seats", "2", "--hands", "1", "--seed", "3",
         "--bots", "easy", "--bot-delay", "0", "--no-save", "--autopilot", "easy",
         "--output", "silent", "--no-sound", "--transcript", str(transcript)],
        tmp_path / "data",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    said = transcript_texts(transcript)
    assert said[0].startswith(OPEN[lang]), said
    assert not any(line.startswith(JOINERS_WORDS[lang]) for line in said), said
    named = [line for line in said if line.startswith(NAMED[lang].split("{")[0])]
    assert len(named) == 1 and "Jugador" not in named[0] and "Player" not in named[0], named


@pytest.mark.parametrize("typed", [[], ["--words", "sala"]])
def test_the_words_kept_are_spoken_at_the_next_join(
    monkeypatch: pytest.MonkeyPatch, typed: list[str]
) -> None:
    """The Spanish words are kept with a network player's preferences: a join with none
    typed speaks in them (chosen before any sentence is built); one typed wins."""
    import audiopoker.commands.join as join

    assert PrefsFile(data_dir()).write({"words": "poker", "verbosity": "brief"}) is None
    chosen: list[str] = []
    monkeypatch.setattr(join, "play_at", lambda *_, **__: chosen.append(current_words()) or 0)
    try:
        main(["join", "127.0.0.1", "--code", "1", "--lang", "es", "--output", "console", *typed])
    finally:
        set_words(DEFAULT_WORDS)
    assert chosen == (["poker"] if not typed else ["sala"])


def test_a_damaged_preferences_file_is_kept_aside_not_overwritten(tmp_path: Path) -> None:
    prefs = PrefsFile(tmp_path)
    assert prefs.path is not None
    prefs.path.write_text("{half a fi", encoding="utf-8")
    assert prefs.read() == {}
    kept = sorted(tmp_path.glob(f"{prefs.path.name}.damaged-*"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == "{half a fi"
    assert prefs.write({"verbosity": "brief"}) is None and prefs.read() == {"verbosity": "brief"}
