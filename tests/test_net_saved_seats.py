"""The save a host's closing leaves holds everyone seated (issue 25, from a blind play-test):
a friend who sat down for the hand in play was not in it (the table was saved only after
each hand), so "It is saved: you get your seat back when it opens again" was false for
them. Proved at a real hosted table on loopback in this process, in both languages: the
table closes in the friend's first hand, is opened again from its save, and the friend
comes back with the seat's token to the same seat, name and chips; closed again after
coming back, the save still holds them.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from side_support import Player, hosted_table, remote_player, wait_until

from audiopoker.bots.base import Bot
from audiopoker.bots.levels import make_bot
from audiopoker.commands.host import SaveNews
from audiopoker.i18n import Language
from audiopoker.net.hosted_table import NET_KEY, HostedTable, HostOptions
from audiopoker.persistence import SavedGame, Store

LANGS: tuple[Language, ...] = ("en", "es")
SETTINGS: dict[str, Any] = dict(seats=3, hands=30, chips=500)
CLOSED = {
    "en": "The host closed the table. It is saved: you get your seat back when it opens again.",
    "es": "Quien abre la mesa la ha cerrado. Está guardada: recuperas tu asiento cuando vuelva",
}
HOST_CLOSED = {
    "en": "The table is closed. It is saved as it stood at the start of hand 1, with every seat "
    "and its chips: host again to go on from there.",
    "es": "La mesa está cerrada. Está guardada como estaba al principio de la mano 1, con cada "
    "asiento y sus fichas: vuelve a abrirla para seguir desde ahí.",
}
BACK = {"en": "Back at the table.", "es": "De vuelta en la mesa."}
SEAT = {
    "en": "You are at seat {seat} with {chips} chips.",
    "es": "Estás en el asiento {seat} con {chips} fichas.",
}


def easy() -> Bot:
    return make_bot("easy", random.Random(7))


def saved_in(folder: Path) -> SavedGame:
    store = Store(folder)
    store.open()
    try:
        saved = store.load().saved
    finally:
        store.close()
    assert saved is not None
    return saved


@contextlib.contextmanager
def reopened(folder: Path, lang: Language) -> Iterator[HostedTable]:
    """The host opens the saved table again (``audiopoker host`` with the same folder)."""
    store = Store(folder)
    store.open()
    saved = store.load().saved
    assert saved is not None
    options = HostOptions(
        **SETTINGS, lang=lang, bots="easy", bot_delay=0.0, port=0, seed=1,
        turn_seconds=600, time_bank=0, bot_time_budget=None,
    )  # fmt: skip
    hosted = HostedTable(options, store, saved)
    hosted.start()
    try:
        yield hosted
    finally:
        hosted.stop()
        store.close()


def close_on(hosted: HostedTable, friend: Player, lang: Language) -> None:
    """The host closes the table while it waits for the friend's turn."""
    hosted.close()
    friend.wait_said(CLOSED[lang])


def token_of(friend: Player) -> str:
    return str(friend.side.link.first.token)  # type: ignore[attr-defined]


def assert_holds(saved: SavedGame, seat: int, name: str, token: str, chips: int) -> None:
    people = saved.extra[NET_KEY]["people"]
    assert people[str(seat)]["token"] == token, people
    assert people[str(seat)]["name"] == name
    assert saved.names[seat] == name, saved.names
    assert saved.table.stacks[seat] == chips, saved.table.stacks


@pytest.mark.parametrize("lang", LANGS)
def test_a_friend_seated_for_the_hand_in_play_gets_the_seat_back(
    lang: Language, tmp_path: Path
) -> None:
    folder = tmp_path / "hosted"
    with (
        hosted_table(folder, lang=lang, **SETTINGS) as hosted,
        remote_player(hosted, "Zoe", lang) as zoe,  # no keys: the table waits for her
    ):
        zoe.start()
        zoe.wait_turn(1)  # her first hand, the table's first: nothing saved after a hand
        seat, token, chips = zoe.side.link.me, token_of(zoe), SETTINGS["chips"]
        assert hosted.table.hand_number == 1
        close_on(hosted, zoe, lang)
        host_words = SaveNews(zoe.router, lang)  # what the host hears on closing
        host_words.recorder = hosted.recorder
        assert host_words.closed() == HOST_CLOSED[lang]
    saved = saved_in(folder)
    assert saved.hand_number == 0  # the table resumes at the start of hand 1
    assert_holds(saved, seat, "Zoe", token, chips)
    # The host opens it again: Zoe comes back with her token to her seat and chips.
    with reopened(folder, lang) as hosted, remote_player(hosted, "Zoe", lang, token=token) as zoe:
        zoe.start()
        said = zoe.wait_said(BACK[lang])
        assert zoe.side.link.me == seat
        assert SEAT[lang].format(seat=seat + 1, chips=chips) in said, said
        assert zoe.side.state.snapshot().seats[seat].name == "Zoe"
        zoe.wait_turn(1)  # hand 1 again, from its start
        close_on(hosted, zoe, lang)  # closed again after coming back: still hers
    assert_holds(saved_in(folder), seat, "Zoe", token, chips)


@pytest.mark.parametrize("lang", LANGS)
def test_a_friend_who_left_is_not_kept_in_the_save(lang: Language, tmp_path: Path) -> None:
    """Q twice gives the seat up: the save the closing writes gives it to its bot."""
    folder = tmp_path / "hosted"
    with (
        hosted_table(folder, lang=lang, **SETTINGS) as hosted,
        remote_player(hosted, "Zoe", lang, autopilot=easy(), start=True) as zoe,
        remote_player(hosted, "Yago", lang, autopilot=easy(), start=True) as yago,
    ):
        zoe.wait_said("Yago")  # both seated
        seat, yago_seat = zoe.side.link.me, yago.side.link.me
        bot = hosted.seats[seat].bot_name
        token = token_of(yago)
        zoe.press("q", "q")
        wait_until(lambda: seat not in hosted.server.seating()[1], "Zoe to leave")
        hosted.close()
        yago.wait_said(CLOSED[lang])
    saved = saved_in(folder)
    people = saved.extra[NET_KEY]["people"]
    assert str(seat) not in people and saved.names[seat] == bot, (people, saved.names)
    assert people[str(yago_seat)]["token"] == token
    assert saved.names[yago_seat] == "Yago"
