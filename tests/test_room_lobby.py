"""The lobby by ear (issue 28, point 2): ``ui.lobby.LobbyKeys`` with the room replaced by a
list of what it was sent, in both languages; then ``audiopoker connect`` as a process
against a real room: register, hear the lobby, talk, make a table and sit at it, leave it
and come back to the lobby, leave the room; and a second visit coming back by its kept key."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from room_support import running_room, visiting

from audiopoker.output.message import Message
from audiopoker.room.room_protocol import (
    Line,
    Lobby,
    MakeTable,
    Moderate,
    Notice,
    Report,
    RoomClientFrame,
    RoomRefused,
    Say,
    Sit,
    TableInfo,
    Ticket,
    Watch,
)
from audiopoker.ui.lobby import LobbyKeys
from audiopoker.ui.ui_text import UiText

OPEN = TableInfo("t1", "Ana", 6, 200, 1, 2, "normal", False, ("Ana",), 1)
SECRET = TableInfo("t2", "Beto", 4, 500, 5, 10, "hard", True)


class Lobbied:
    """A lobby for Carla, and what it sent and said."""

    def __init__(self, lang: str = "en") -> None:
        self.sent: list[RoomClientFrame] = []
        self.said: list[Message] = []
        self.ended = 0
        self.keys = LobbyKeys(
            UiText(lang),  # type: ignore[arg-type]
            lambda frame: self.sent.append(frame) or True,
            self.said.append,
            self.end,
            me="Carla",
        )

    def end(self) -> None:
        self.ended += 1

    @property
    def last(self) -> str:
        return self.said[-1].text

    def press(self, *keys: str) -> None:
        for key in keys:
            self.keys.key(key)


def test_arrival_then_changes_are_said() -> None:
    lobby = Lobbied()
    lobby.keys.on_frame(Lobby(online=("Ana", "Carla"), tables=(OPEN,)))
    assert lobby.said == []  # the first lobby: the opening says it
    assert lobby.keys.opening().startswith("In the room: 2 people. 1 table. Up and Down")
    lobby.keys.on_frame(Lobby(online=("Beto", "Carla"), tables=(OPEN, SECRET)))
    assert lobby.last == "Beto came in. Ana left. Beto made a table."
    lobby.keys.on_frame(Line(channel="lobby", name="Beto", text="hola"))
    assert lobby.last == "Beto: hola"
    lobby.keys.on_frame(Line(channel="@Beto", name="Beto", text="just you"))
    assert lobby.last == "Beto, to you: just you"


def test_tables_are_walked_and_asked_for() -> None:
    lobby = Lobbied()
    lobby.keys.on_frame(Lobby(online=("Carla",), tables=(OPEN, SECRET)))
    lobby.press("enter")
    assert lobby.last == "Choose a table first: Up and Down walk them."
    lobby.press("down")
    assert lobby.last == (
        "Ana's table: 6 seats, blinds 1 and 2, 200 chips, normal bots. Playing: Ana. 1 watching."
    )
    lobby.press("enter")
    assert lobby.sent == [Sit(table="t1")]
    lobby.press("down", "down")
    assert lobby.last.endswith("Last table.") and "Beto's private table" in lobby.last
    lobby.press("w")  # a private table: its code first, digits only
    assert lobby.last == "A private table: type its code, then Enter."
    lobby.press("1", "x")
    assert lobby.last == "A table's code is digits only."
    lobby.press("2", "3", "enter")
    assert lobby.sent[-1] == Watch(table="t2", code="123")
    lobby.press("n", "c-n")
    assert lobby.sent[-2:] == [MakeTable(), MakeTable(private=True)]


def test_a_line_to_the_lobby_or_to_one_person() -> None:
    lobby = Lobbied("es")
    lobby.press("t", "h", "o", "l", "a", "enter")
    assert lobby.sent == [Say(channel="lobby", text="hola")]
    lobby.press("t", *"@Ana nos vemos", "enter")
    assert lobby.sent[-1] == Say(channel="@Ana", text="nos vemos")
    lobby.press("t", "x", "escape")
    assert lobby.last == "No se dijo nada." and len(lobby.sent) == 2


def test_a_ticket_ends_the_lobby_and_a_private_code_is_said_to_its_owner() -> None:
    lobby = Lobbied()
    lobby.keys.on_frame(Ticket(table="t9", path="/table/t9", ticket="x" * 32, code="123456"))
    assert (
        lobby.last == "Your private table's code: 1 2 3 4 5 6. Give it to the friends you invite."
    )
    assert lobby.ended == 1 and lobby.keys.ticket is not None


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "That code is not the table's."),
        ("es", "Ese no es el código de la mesa."),
    ],
)
def test_refusals_are_said_in_the_players_words(lang: str, said: str) -> None:
    lobby = Lobbied(lang)
    lobby.keys.on_frame(RoomRefused(code="table_code"))
    assert lobby.last.startswith(said) and lobby.said[-1].kind == "error"


@pytest.mark.parametrize(
    ("lang", "notice", "said"),
    [
        ("en", Notice(key="muted", by="Ana", minutes=10),
         "Ana muted you for 10 minutes: your lines are not heard."),
        ("es", Notice(key="banned", by="Ana"),
         "Ana te prohibió la entrada a la sala para siempre."),
        ("en", Notice(key="done_ban", name="Beto", minutes=1), "Beto is banned for 1 minute."),
        ("es", Notice(key="report", name="Carla", by="Beto", text="insultos"),
         "Aviso de Beto sobre Carla: insultos"),
    ],
)  # fmt: skip
def test_moderation_news_in_the_players_words(lang: str, notice: Notice, said: str) -> None:
    lobby = Lobbied(lang)
    lobby.keys.on_frame(notice)
    assert lobby.last == said


def test_slash_commands_moderate_and_report_and_a_wrong_one_says_them() -> None:
    lobby = Lobbied()
    lobby.press("t", *"/kick Beto", "enter")
    lobby.press("t", *"/report Beto he shouts", "enter")
    assert lobby.sent == [
        Moderate(action="kick", name="Beto"),
        Report(name="Beto", text="he shouts"),
    ]
    lobby.press("t", *"/mute Beto", "enter")  # no minutes
    assert lobby.last.startswith("Commands: /report NAME what happened;")
    assert len(lobby.sent) == 2


def test_q_asks_then_leaves() -> None:
    lobby = Lobbied()
    lobby.press("q")
    assert lobby.last == "Press Q again to leave the room." and lobby.ended == 0
    lobby.press("p", "q")
    assert lobby.ended == 0  # another key between: asked again
    lobby.press("q")
    assert lobby.keys.left and lobby.ended == 1


# --- audiopoker connect, as a process -------------------------------------------------------


@pytest.fixture
def room(tmp_path: Path) -> Iterator[str]:
    with running_room(tmp_path) as (port, _):
        yield f"127.0.0.1:{port}"


def test_connect_registers_talks_makes_a_table_sits_and_comes_back(
    tmp_path: Path, room: str
) -> None:
    with visiting(tmp_path, room, "--register") as ana:
        ana.hears("Your account Ana is made. Welcome to the room.")
        ana.hears("In the room: 1 person. 0 tables.")
        ana.press("thello all\r")
        ana.hears("Ana: hello all")
        ana.press("n")
        ana.hears("You sit down when the next hand starts.")
        ana.hears("Your cards:")
        ana.press("qq")  # the table's Q, asked then confirmed
        ana.hears("Leave the table for the lobby?")
        ana.hears("Back in the lobby. In the room: 1 person. 1 table.")
        ana.press("qq")
        ana.hears("You left the room.")
        assert ana.process.wait(timeout=30) == 0
    with visiting(tmp_path, room) as again:  # no --register, no password asked: the kept key
        again.hears("Welcome to the room, Ana.")
        again.press("qq")
        assert again.process.wait(timeout=30) == 0
