"""The room's channels (issue 28): the lobby, private lines and a table's chat each heard by
its own speech, sound and history setting; C and 1 2 3 in the lobby change them, in both
languages, kept for the next visit; a spectator's keys; a room's line heard at a table."""

from __future__ import annotations

import contextlib
import queue
import threading
from pathlib import Path

import pytest
from room_support import running_room, visiting
from test_room_lobby import Lobbied
from test_room_server import Room, at_table, enter, send, until

from audiopoker.commands.connect import _while_at_table
from audiopoker.net.net_text import NetText
from audiopoker.output.backends import RecordingBackend
from audiopoker.output.message import Message
from audiopoker.output.router import Router
from audiopoker.room.room_link import LinkClosed
from audiopoker.room.room_protocol import (
    Invite,
    Line,
    Lobby,
    MakeTable,
    Moderate,
    Notice,
    Say,
    Sit,
    TableInfo,
    Ticket,
    Watch,
)
from audiopoker.ui.channels import LOBBY, PRIVATE, TABLE, Channels
from audiopoker.ui.chat_keys import ChatLine
from audiopoker.ui.lobby import LobbyKeys
from audiopoker.ui.player_prefs import PrefsFile
from audiopoker.ui.ui_text import UiText
from audiopoker.ui.watch_keys import WatchKeys

DOWN = "\x1b[B"  # the Down arrow, as a terminal sends it


class Heard:
    """A router on a recording backend, a chat cue counted, and a lobby for Carla."""

    def __init__(self, lang: str = "en", kept: object = None) -> None:
        self.backend = RecordingBackend()
        self.router = Router(self.backend, lang=lang)
        self.cues = 0
        self.changed = 0
        self.channels = Channels(self.router, self._cue, kept)
        self.keys = LobbyKeys(
            UiText(lang),  # type: ignore[arg-type]
            lambda frame: True,
            self.router.send,
            lambda: None,
            me="Carla",
        )
        self.keys.channels = self.channels
        self.keys.channels_changed = self._changed

    def _cue(self) -> None:
        self.cues += 1

    def _changed(self) -> None:
        self.changed += 1

    def spoken(self) -> list[str]:
        assert self.router.drain(5)
        return [call.text for call in self.backend.calls if call.method == "speak"]

    def history(self) -> list[str]:
        return [message.text for message in self.router.history]

    def close(self) -> None:
        self.router.close()


@pytest.fixture
def heard() -> Heard:
    return Heard()


def test_every_channel_is_said_with_a_sound_and_kept_by_default(heard: Heard) -> None:
    heard.keys.on_frame(Line(channel="lobby", name="Ana", text="hola"))
    heard.keys.on_frame(Line(channel="@Ana", name="Ana", text="psst"))
    heard.channels.deliver(TABLE, Message("chat", "Beto says: nice hand"))
    said = ["Ana: hola", "Ana, to you: psst", "Beto says: nice hand"]
    assert heard.spoken() == said
    assert heard.history() == said
    assert heard.cues == 3
    heard.close()


def test_c_walks_the_channels_and_1_2_3_change_the_one_heard(heard: Heard) -> None:
    heard.keys.key("c")
    assert heard.spoken()[-1] == (
        "Lobby lines: spoken, with a sound, kept in the history. "
        "1, 2 and 3 turn each on or off; C goes to the next channel."
    )
    heard.keys.key("1")
    assert heard.spoken()[-1] == "Lobby lines: not spoken."
    heard.keys.key("c")
    assert heard.spoken()[-1].startswith("Private lines: spoken, with a sound, kept")
    heard.keys.key("2")
    heard.keys.key("c")
    heard.keys.key("3")
    assert heard.spoken()[-1] == "Table chat: not kept in the history."
    heard.keys.key("c")  # round again, to the lobby, as changed
    assert heard.spoken()[-1].startswith("Lobby lines: not spoken, with a sound, kept")
    assert heard.changed == 3
    assert heard.channels.to_json() == {
        LOBBY: {"speech": False, "sound": True, "history": True},
        PRIVATE: {"speech": True, "sound": False, "history": True},
        TABLE: {"speech": True, "sound": True, "history": False},
    }
    before = len(heard.spoken())
    # The lobby's lines: a sound, into the history, not said.
    heard.keys.on_frame(Line(channel="lobby", name="Ana", text="anyone?"))
    assert heard.cues == 1 and len(heard.spoken()) == before
    assert heard.history()[-1] == "Ana: anyone?"
    # Private lines: said and kept, no sound.
    heard.keys.on_frame(Line(channel="@Ana", name="Ana", text="psst"))
    assert heard.spoken()[-1] == "Ana, to you: psst" and heard.cues == 1
    # The table's chat: said with a sound, not kept.
    heard.channels.deliver(TABLE, Message("chat", "Beto says: hi"))
    assert heard.spoken()[-1] == "Beto says: hi" and heard.cues == 2
    assert "Beto says: hi" not in heard.history()
    # One's own lines are said as sent, whatever the channel.
    heard.keys.on_frame(Line(channel="@Ana", name="Carla", text="hi Ana"))
    assert heard.spoken()[-1] == "To Ana: hi Ana"
    heard.close()


def test_the_channels_in_spanish() -> None:
    heard = Heard("es")
    heard.keys.key("c")
    heard.keys.key("c")
    assert heard.spoken()[-1] == (
        "Líneas privadas: se dicen, con sonido, se guardan en el historial. "
        "1, 2 y 3 activan o desactivan cada cosa; C pasa al canal siguiente."
    )
    heard.keys.key("2")
    assert heard.spoken()[-1] == "Líneas privadas: sin sonido."
    heard.close()


def test_the_settings_are_kept_for_the_next_visit_and_bad_ones_ignored(tmp_path: Path) -> None:
    prefs = PrefsFile(tmp_path)
    prefs.write({"verbosity": "brief"})
    heard = Heard()
    heard.channels.toggle(LOBBY, "speech")
    assert prefs.update({"channels": heard.channels.to_json()}) is None
    kept = prefs.read()
    assert kept["verbosity"] == "brief"  # what else the file keeps stays
    again = Channels(heard.router, None, kept["channels"])
    assert again.settings[LOBBY].speech is False and again.settings[TABLE].speech is True
    odd = Channels(heard.router, None, {"lobby": {"speech": "no"}, "moon": {}, "table": 3})
    assert odd.to_json() == Channels(heard.router).to_json()
    heard.close()


def test_at_a_table_the_rooms_lines_are_heard_and_the_lobby_kept_quietly(heard: Heard) -> None:
    frames: queue.Queue[object] = queue.Queue()

    class Link:
        pass

    link = Link()
    link.frames = frames  # type: ignore[attr-defined]
    table = TableInfo("t1", "Ana", 6, 200, 1, 2, "normal", False)
    heard.keys.heard_lobby = True
    stop = threading.Event()
    pump = threading.Thread(target=_while_at_table, args=(link, heard.keys, stop))
    pump.start()
    frames.put(Lobby(online=("Ana", "Carla"), tables=(table,)))
    frames.put(Line(channel="@Ana", name="Ana", text="come to my table"))
    frames.put(Notice(key="table_muted", by="Ana", minutes=5))
    frames.put(LinkClosed("gone"))
    pump.join(10)
    assert not pump.is_alive()
    # (the notice is said at once, as an answer; the line in its turn)
    assert sorted(heard.spoken()) == [
        "Ana muted you at their table for 5 minutes: your lines are not heard there.",
        "Ana, to you: come to my table",
    ]
    assert heard.keys.lobby.tables == (table,)  # for the return, nothing said of it
    assert isinstance(frames.get_nowait(), LinkClosed)  # left for the lobby to say
    heard.close()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_spectator_stops_watching_with_q_twice(lang: str) -> None:
    said: list[Message] = []
    ended: list[bool] = []
    keys = WatchKeys(NetText(lang), said.append, lambda: ended.append(True))  # type: ignore[arg-type]
    keys.key("x")
    assert said[-1].text == NetText(lang).say("watch.keys")
    keys.key("q")
    assert said[-1].text == NetText(lang).say("watch.quit_ask") and not ended
    keys.key("h")  # another key: the question is dropped
    keys.key("q")
    assert not ended
    keys.key("q")
    assert ended == [True] and keys.left


def test_connect_watches_hears_the_lobby_at_the_table_and_goes_back_with_q_twice(
    tmp_path: Path,
) -> None:
    with running_room(tmp_path) as (port, server), contextlib.ExitStack() as stack:
        room = Room(f"ws://127.0.0.1:{port}", stack, server)
        beto, _ = enter(room, "Beto")
        send(beto, MakeTable(seats=3, bots="easy"))
        ticket = until(beto, Ticket)
        assert isinstance(ticket, Ticket)
        at_table(room, ticket)  # Beto sits: the table plays
        with visiting(tmp_path, f"127.0.0.1:{port}", "--register") as ana:
            ana.hears("In the room: 2 people. 1 table.")
            ana.press(DOWN)
            ana.hears("Beto's table: 3 seats")
            ana.press("w")
            ana.hears("You are watching the table")
            send(beto, Say(text="welcome, watcher"))
            ana.hears("Beto: welcome, watcher")  # the lobby, heard at the table
            ana.press("x")
            ana.hears("You are watching this table: you hear it as anyone at it does.")
            ana.press("qq")
            ana.hears("Stop watching and go back to the lobby?")
            ana.hears("Back in the lobby. In the room: 2 people. 1 table.")
            ana.press("qq")
            assert ana.process.wait(timeout=30) == 0
    assert not ana.said("Your cards")  # never dealt in
    assert not ana.said("Could not reach the table")  # stopping is no failure


@pytest.mark.parametrize("lang", ["en", "es"])
def test_tab_chooses_the_list_up_and_down_walk_it(lang: str) -> None:
    lobby = Lobbied(lang)
    lobby.keys.channels = Channels(Router(RecordingBackend(), lang=lang))
    table = TableInfo("t1", "Ana", 6, 200, 1, 2, "normal", False, ("Ana",))
    lobby.keys.on_frame(Lobby(online=("Ana", "Beto", "Carla"), tables=(table,)))
    catalog = UiText(lang).catalog  # type: ignore[arg-type]
    lobby.press("c-i")
    assert lobby.last == catalog.plural("ui.lobby.list.people", 3)
    lobby.press("down")
    assert lobby.last == "Ana"
    lobby.press("up")
    assert lobby.last == "Ana " + catalog.text("ui.lobby.first.person")
    lobby.press("down", "down")
    assert lobby.last == catalog.text("ui.lobby.person.you", name="Carla")
    lobby.press("down")
    assert lobby.last.endswith(catalog.text("ui.lobby.last.person"))
    lobby.press("up", "enter")  # Beto: a private line, typed like any other
    assert lobby.last == catalog.text("ui.lobby.writing_to", name="Beto")
    lobby.press(*"hola", "enter")
    assert lobby.sent[-1] == Say(channel="@Beto", text="hola")
    lobby.press("c-i")
    assert lobby.last == catalog.plural("ui.lobby.list.channels", 3)
    lobby.press("down")
    assert lobby.last.startswith(catalog.text("ui.lobby.channel.lobby"))
    lobby.press("down", "2")
    assert lobby.last == catalog.text(
        "ui.lobby.channel.changed",
        channel=catalog.text("ui.lobby.channel.private"),
        what=catalog.text("ui.lobby.channel.sound.off"),
    )
    lobby.press("c-i")  # round to the tables again
    assert lobby.last == catalog.plural("ui.lobby.list.tables", 1)
    lobby.press("down", "enter")
    assert lobby.sent[-1] == Sit(table="t1")


def test_at_a_table_room_lines_and_commands_go_to_the_room_and_j_takes_an_invitation() -> None:
    lobby = Lobbied()
    assert lobby.keys.room_line("@Ana are you there?")
    assert lobby.sent[-1] == Say(channel="@Ana", text="are you there?")
    assert lobby.keys.room_line("/invite Beto")
    assert lobby.sent[-1] == Invite(name="Beto")
    assert lobby.keys.room_line("/kick Beto")
    assert lobby.sent[-1] == Moderate(action="kick", name="Beto")
    sent = len(lobby.sent)
    assert not lobby.keys.room_line("nice hand")  # the table's chat keeps it
    assert not lobby.keys.room_line("@")
    assert len(lobby.sent) == sent
    lobby.press("j")
    assert lobby.last == "Nobody has invited you to a table yet."
    lobby.keys.on_frame(Notice(key="invited", by="Ana", text="t9"))
    assert lobby.last == "Ana invites you to their table: J sits you at it, no code needed."
    lobby.press("j")
    assert lobby.sent[-1] == Sit(table="t9")
    # Walked to, the table one was invited to asks no code either (to sit or to watch).
    private = TableInfo("t9", "Ana", 6, 200, 1, 2, "normal", True)
    lobby.keys.on_frame(Lobby(online=("Ana", "Carla"), tables=(private,)))
    lobby.press("down", "w")
    assert lobby.sent[-1] == Watch(table="t9")


def test_a_chat_line_the_room_takes_never_reaches_the_table() -> None:
    sent: list[str] = []
    router = Router(RecordingBackend())
    chat = ChatLine(sent.append, router, UiText("en"))  # type: ignore[arg-type]
    lobby = Lobbied()
    chat.divert = lobby.keys.room_line
    for line in ("/invite Beto", "good luck"):
        chat.open()
        for char in line:
            chat.key(char)
        chat.key("c-m")
    assert sent == ["good luck"]
    assert lobby.sent == [Invite(name="Beto")]
    router.close()


def test_keys_pressed_while_waiting_for_a_seat_are_answered_and_q_twice_goes_back(
    tmp_path: Path,
) -> None:
    with running_room(tmp_path) as (port, server), contextlib.ExitStack() as stack:
        room = Room(f"ws://127.0.0.1:{port}", stack, server)
        beto, _ = enter(room, "Beto")
        send(beto, MakeTable(seats=2, kind="sitgo"))  # waits for two people: Beto never sits
        assert isinstance(until(beto, Ticket), Ticket)
        with visiting(tmp_path, f"127.0.0.1:{port}", "--register") as ana:
            ana.hears("In the room: 2 people. 1 table.")
            ana.press(DOWN)
            ana.hears("Beto's sit-and-go: 2 seats")
            ana.press("\r")
            ana.hears("You sit down when the next hand starts.")
            ana.press("a")  # all in, were it kept for the table: it is not
            ana.hears("You are waiting for a seat: you sit down when the next hand")
            ana.press("qq")
            ana.hears("Stop waiting for a seat and go back to the lobby?")
            ana.hears("Back in the lobby.")
            ana.press("qq")
            assert ana.process.wait(timeout=30) == 0


def test_watching_a_table_one_left_takes_no_seat_back(tmp_path: Path) -> None:
    with (
        running_room(tmp_path) as (port, _),
        visiting(tmp_path, f"127.0.0.1:{port}", "--register") as ana,
    ):
        ana.hears("In the room: 1 person. 0 tables.")
        ana.press("n")
        ana.hears("Your cards:")
        ana.press("qq")
        ana.hears("Back in the lobby.")
        ana.press(DOWN + "w")  # her own table, to watch it
        ana.hears("You are watching the table")
        dealt = ana.said("Your cards:")
        ana.press("qq")
        ana.hears("Stop watching and go back to the lobby?")
        assert ana.said("Your cards:") == dealt
        ana.hears("Back in the lobby.")
        ana.press("qq")
        assert ana.process.wait(timeout=30) == 0
    assert not ana.said("is back") and not ana.said("You are back")
    assert not ana.said("Could not reach the table")


def test_a_line_kept_without_being_said_is_read_with_the_history_keys(heard: Heard) -> None:
    heard.keys.history = heard.router
    heard.channels.toggle(LOBBY, "speech")
    heard.keys.on_frame(Line(channel="lobby", name="Ana", text="anyone for a game?"))
    assert "Ana: anyone for a game?" not in heard.spoken()
    heard.keys.key("end")
    assert heard.spoken()[-1] == "First message. Ana: anyone for a game?"
    heard.close()
