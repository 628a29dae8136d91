"""The room server over real websockets on loopback (issue 28): entering by a new account,
a login or a session token; who is online; lines in the lobby and private ones, cleaned;
refusals that change nothing; one account in the room once."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from room_support import running_room
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from audiopoker.net.protocol import (
    Act,
    EventFrame,
    Heard,
    Hello,
    RefusalCode,
    Refused,
    Waiting,
    Welcome,
    decode_server,
    encode,
)
from audiopoker.room.room_protocol import (
    Entered,
    Leave,
    Line,
    Lobby,
    Login,
    MakeTable,
    Moderate,
    Notice,
    Register,
    Report,
    Resume,
    RoomClientFrame,
    RoomRefused,
    RoomServerFrame,
    Say,
    Sit,
    Ticket,
    Watch,
    decode_room_server,
    encode_room,
)
from audiopoker.room.room_server import RoomServer

SECRET = "a long secret"


class Room:
    """A room's address and the connections a test opened (closed at its end)."""

    def __init__(self, address: str, stack: contextlib.ExitStack, server: RoomServer) -> None:
        self.address = address
        self._stack = stack
        self.server = server

    def connect(self) -> ClientConnection:
        return self._stack.enter_context(connect(self.address))

    def connect_to(self, path: str) -> ClientConnection:
        return self._stack.enter_context(connect(self.address + path))


@pytest.fixture
def room(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Room]:
    """A room on a free loopback port (``idle``: how long its tables wait for someone)."""
    idle = getattr(request, "param", 300.0)
    with running_room(tmp_path, idle) as (port, server), contextlib.ExitStack() as stack:
        yield Room(f"ws://127.0.0.1:{port}", stack, server)


def send(ws: ClientConnection, frame: RoomClientFrame) -> None:
    ws.send(encode_room(frame))


def receive(ws: ClientConnection) -> RoomServerFrame:
    return decode_room_server(ws.recv(timeout=5))


def until(ws: ClientConnection, kind: type[RoomServerFrame]) -> RoomServerFrame:
    """The next frame of ``kind`` (others on the way skipped)."""
    while True:
        frame = receive(ws)
        if isinstance(frame, kind):
            return frame


def enter(room: Room, name: str, new: bool = True) -> tuple[ClientConnection, Entered]:
    ws = room.connect()
    send(ws, Register(name=name, password=SECRET) if new else Login(name=name, password=SECRET))
    entered = receive(ws)
    assert isinstance(entered, Entered), entered
    return ws, entered


def test_a_new_account_enters_and_hears_who_is_online(room: Room) -> None:
    ana, entered = enter(room, "Ana")
    assert entered.name == "Ana" and entered.new and len(entered.token) > 30
    assert until(ana, Lobby) == Lobby(online=("Ana",))
    beto, _ = enter(room, "Beto")
    assert until(beto, Lobby) == Lobby(online=("Ana", "Beto"))
    assert until(ana, Lobby) == Lobby(online=("Ana", "Beto"))
    send(beto, Leave())
    with pytest.raises(ConnectionClosed):
        receive(beto)
    assert until(ana, Lobby) == Lobby(online=("Ana",))


def test_lines_in_the_lobby_and_private_ones_cleaned(room: Room) -> None:
    ana, _ = enter(room, "Ana")
    beto, _ = enter(room, "Beto")
    carla, _ = enter(room, "Carla")
    send(ana, Say(text="hola\x1b[2J a todos\u202e"))
    heard = Line(channel="lobby", name="Ana", text="hola[2J a todos")
    assert until(beto, Line) == heard and until(carla, Line) == heard and until(ana, Line) == heard
    send(beto, Say(channel="@ana", text="solo para ti"))
    assert until(ana, Line) == Line(channel="@Beto", name="Beto", text="solo para ti")
    assert until(beto, Line) == Line(channel="@Ana", name="Beto", text="solo para ti")
    send(carla, Say(text="y yo"))
    assert until(ana, Line).text == "y yo"  # Carla never heard the private line
    assert until(carla, Line) == Line(channel="lobby", name="Carla", text="y yo")


def test_refusals_change_nothing_and_the_right_password_still_enters(room: Room) -> None:
    enter(room, "Ana")[0].close()
    ws = room.connect()
    send(ws, Say(text="hello"))
    assert receive(ws) == RoomRefused(code="not_entered")
    ws.send("{not json")
    assert receive(ws) == RoomRefused(code="malformed")
    send(ws, Login(name="Ana", password="not the secret"))
    assert receive(ws) == RoomRefused(code="wrong_password")
    send(ws, Login(name="Nobody", password="not the secret"))
    assert receive(ws) == RoomRefused(code="wrong_password")
    send(ws, Register(name="ANA", password=SECRET))
    assert receive(ws) == RoomRefused(code="name_taken")
    send(ws, Login(name="ana", password=SECRET))
    assert isinstance(receive(ws), Entered)
    send(ws, Login(name="ana", password=SECRET))
    assert until(ws, RoomRefused) == RoomRefused(code="entered")


def test_a_token_brings_the_player_back_and_a_spent_one_is_refused(room: Room) -> None:
    ana, first = enter(room, "Ana")
    ana.close()
    back = room.connect()
    send(back, Resume(token=first.token))
    again = receive(back)
    assert isinstance(again, Entered) and again.name == "Ana" and not again.new
    assert again.token != first.token
    thief = room.connect()
    send(thief, Resume(token=first.token))
    assert receive(thief) == RoomRefused(code="token_reused")


def test_entering_again_elsewhere_takes_over(room: Room) -> None:
    first, _ = enter(room, "Ana")
    second, _ = enter(room, "Ana", new=False)
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            receive(first)
    assert closed.value.rcvd is not None and closed.value.rcvd.reason == "entered elsewhere"
    assert until(second, Lobby) == Lobby(online=("Ana",))


# --- tables --------------------------------------------------------------------------------


def at_table(room: Room, ticket: Ticket) -> ClientConnection:
    """The table's own connection, Hello said with the ticket."""
    ws = room.connect_to(ticket.path)
    ws.send(encode(Hello(code=ticket.ticket, name="Someone Else", lang="en")))
    return ws


def check_or_call(legal: dict[str, object]) -> tuple[str, int | None]:
    """The action ``play_along`` takes by default: a check, or a call."""
    return ("check" if legal["can_check"] else "call"), None


def play_along(
    ws: ClientConnection,
    hands: int,
    choose: Callable[[dict[str, object]], tuple[str, int | None]] = check_or_call,
) -> list[dict[str, object]]:
    """A seated player that acts as ``choose`` says (kind, and the total of a raise) every
    turn and says it heard each event, until ``hands`` hands ended or the game did; the
    events it got."""
    seat, hand, events = -1, 0, []
    while True:
        frame = decode_server(ws.recv(timeout=30))
        if isinstance(frame, Welcome):
            seat = frame.seat
            continue
        if not isinstance(frame, EventFrame):
            continue
        event = frame.event
        events.append(event)
        ws.send(encode(Heard(upto=frame.seq)))
        if event["type"] == "HandStarted":
            hand = int(str(event["hand_number"]))
        if event["type"] == "ActionRequired" and event["seat"] == seat:
            legal = event["legal"]
            assert isinstance(legal, dict)
            kind, to = choose(legal)
            ws.send(encode(Act(hand=hand, turn=frame.turn, kind=kind, to=to)))
        ended = event["type"] == "HandEnded" and int(str(event["hand_number"])) >= hands
        if ended or event["type"] == "GameEnded":
            return events


def test_a_table_seats_its_maker_by_account_name_and_a_spectator_never_hears_a_hole_card(
    room: Room,
) -> None:
    ana, _ = enter(room, "Ana")
    send(ana, MakeTable(seats=3, chips=40, bots="easy"))
    ticket = until(ana, Ticket)
    assert isinstance(ticket, Ticket) and not ticket.watch and ticket.code == ""
    seated = at_table(room, ticket)
    lobby = until(ana, Lobby)
    assert isinstance(lobby, Lobby) and [t.id for t in lobby.tables] == [ticket.table]
    beto, _ = enter(room, "Beto")
    send(beto, Watch(table=ticket.table))
    watch = until(beto, Ticket)
    assert isinstance(watch, Ticket) and watch.watch
    spectator = at_table(room, watch)
    events = play_along(seated, hands=3)
    assert any(e["type"] == "HoleCardsDealt" for e in events)  # Ana's own cards
    names = [e for e in events if e["type"] == "SeatTaken"]
    assert names and names[0]["name"] == "Ana"  # the account's name, not the Hello's
    heard: list[dict[str, object]] = []
    while not any(e["type"] == "HandEnded" and e["hand_number"] == 3 for e in heard):
        frame = decode_server(spectator.recv(timeout=30))
        if isinstance(frame, Waiting):
            heard += list(frame.events)
        elif isinstance(frame, EventFrame):
            heard.append(frame.event)
        assert not isinstance(frame, Welcome)  # never seated
    assert [e for e in heard if e["type"] == "HoleCardsDealt"] == []
    assert any(e["type"] == "PotAwarded" for e in heard)  # yet the table was heard


def test_a_private_table_needs_its_code_and_a_ticket_works_once(room: Room) -> None:
    ana, _ = enter(room, "Ana")
    send(ana, MakeTable(seats=4, private=True))
    made = until(ana, Ticket)
    assert isinstance(made, Ticket) and len(made.code) == 6  # said to its owner only
    beto, _ = enter(room, "Beto")
    send(beto, Sit(table=made.table))
    assert until(beto, RoomRefused) == RoomRefused(code="table_code")
    send(beto, Sit(table=made.table, code=made.code))
    ticket = until(beto, Ticket)
    assert isinstance(ticket, Ticket) and ticket.code == ""
    first = at_table(room, ticket)
    assert isinstance(decode_server(first.recv(timeout=10)), Waiting)
    again = at_table(room, ticket)  # the same ticket a second time
    refused = decode_server(again.recv(timeout=10))
    assert isinstance(refused, Refused) and refused.code is RefusalCode.BAD_CODE
    send(beto, Sit(table="nothing"))
    assert until(beto, RoomRefused) == RoomRefused(code="no_table")


@pytest.mark.parametrize(
    ("make", "field"),
    [
        (MakeTable(seats=1), "seats"),
        (MakeTable(seats=11), "seats"),
        (MakeTable(small_blind=5, big_blind=2), "blinds"),
        (MakeTable(chips=1), "chips"),
        (MakeTable(bots="grandmaster"), "bots"),
    ],
)
def test_a_table_the_room_cannot_make_is_refused_with_the_field(
    room: Room, make: MakeTable, field: str
) -> None:
    ana, _ = enter(room, "Ana")
    send(ana, make)
    assert until(ana, RoomRefused) == RoomRefused(code="bad_table", detail=field)


# --- moderation ------------------------------------------------------------------------------


def test_an_admin_mutes_kicks_and_bans_and_a_player_cannot(room: Room) -> None:
    enter(room, "Ana")[0].close()
    assert room.server.accounts.set_role("Ana", "admin")
    ana, _ = enter(room, "Ana", new=False)  # the role counts from the next login
    beto, _ = enter(room, "Beto")
    send(beto, Moderate(action="kick", name="Ana"))
    assert until(beto, RoomRefused) == RoomRefused(code="not_allowed")
    send(ana, Moderate(action="mute", name="beto", minutes=5))
    assert until(beto, Notice) == Notice(key="muted", by="Ana", minutes=5)
    assert until(ana, Notice) == Notice(key="done_mute", name="Beto", minutes=5)
    send(beto, Say(text="still here"))
    refused = until(beto, RoomRefused)
    assert isinstance(refused, RoomRefused) and refused.code == "muted" and refused.wait > 290
    send(ana, Moderate(action="ban", name="Beto", minutes=0))
    assert until(beto, Notice) == Notice(key="banned", by="Ana")
    assert until(ana, Notice) == Notice(key="done_ban", name="Beto")
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            receive(beto)
    assert closed.value.rcvd is not None and closed.value.rcvd.reason == "banned"
    again = room.connect()
    send(again, Login(name="Beto", password=SECRET))
    assert receive(again) == RoomRefused(code="banned")
    send(ana, Moderate(action="unban", name="Beto"))
    assert until(ana, Notice) == Notice(key="done_unban", name="Beto")
    send(again, Login(name="Beto", password=SECRET))
    assert isinstance(receive(again), Entered)


def test_any_player_reports_and_the_admins_online_hear_it(room: Room) -> None:
    enter(room, "Ana")[0].close()
    room.server.accounts.set_role("Ana", "admin")
    ana, _ = enter(room, "Ana", new=False)
    beto, _ = enter(room, "Beto")
    carla, _ = enter(room, "Carla")
    send(beto, Report(name="carla", text="insults \x1b[2Jin the lobby"))
    assert until(beto, Notice) == Notice(key="reported", name="Carla")
    assert until(ana, Notice) == Notice(
        key="report", name="Carla", by="Beto", text="insults [2Jin the lobby"
    )
    send(carla, Report(name="Nobody", text="x"))
    assert until(carla, RoomRefused) == RoomRefused(code="nobody")


@pytest.mark.parametrize("room", [0.3], indirect=True)
def test_a_table_nobody_comes_to_closes_and_leaves_the_lobby(room: Room) -> None:
    ana, _ = enter(room, "Ana")
    send(ana, MakeTable(seats=3))
    ticket = until(ana, Ticket)
    assert isinstance(ticket, Ticket)
    lobby = until(ana, Lobby)
    assert isinstance(lobby, Lobby) and len(lobby.tables) == 1  # the ticket is never used
    lobby = until(ana, Lobby)
    assert isinstance(lobby, Lobby) and lobby.tables == ()
    assert room.server.tables == {}
