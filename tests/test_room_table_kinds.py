"""The room's sit-and-go tables and its table owners' moderation (issue 28, point 1), over
real websockets on loopback: a sit-and-go deals no hand until every seat has a person and
takes no one new once begun; an owner mutes, kicks and bans at their own tables only."""

from __future__ import annotations

import contextlib
import threading

import pytest
from test_room_lobby import Lobbied
from test_room_server import (
    Room,
    at_table,
    check_or_call,
    enter,
    play_along,
    room,
    send,
    until,
)
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection

from audiopoker.net.protocol import (
    Chat,
    EventFrame,
    Heard,
    RefusalCode,
    Refused,
    Waiting,
    Welcome,
    decode_server,
    encode,
)
from audiopoker.room.room_protocol import (
    Invite,
    Lobby,
    MakeTable,
    Moderate,
    Notice,
    RoomRefused,
    Sit,
    TableInfo,
    Ticket,
    Watch,
)
from audiopoker.room.room_tables import TableSpec, sit_and_go_payouts
from audiopoker.ui.table_form import BLINDS, CHIPS, SEATS
from audiopoker.ui.ui_text import UiText

__all__ = ["room"]  # the fixture, used by name


def lobby_table(ws: ClientConnection, table_id: str, started: bool) -> TableInfo:
    """The table as the lobby lists it once it is ``started`` (or not) and has people."""
    while True:
        lobby = until(ws, Lobby)
        assert isinstance(lobby, Lobby)
        found = [t for t in lobby.tables if t.id == table_id]
        if found and found[0].players and found[0].started == started:
            return found[0]


def next_table_frame(ws: ClientConnection) -> object:
    """The table's next frame that is not a public event (each event said heard)."""
    while True:
        frame = decode_server(ws.recv(timeout=30))
        if isinstance(frame, EventFrame):
            # The server may have closed already: what it sent before is still read.
            with contextlib.suppress(ConnectionClosed):
                ws.send(encode(Heard(upto=frame.seq)))
            continue
        return frame


def two_dealt_in(room: Room, make: MakeTable) -> tuple[str, TableInfo]:
    """Ana makes ``make`` (two seats, 100 chips) and waits at it, as the lobby lists it not
    begun; Beto sits down; both are dealt in together, before any hand (no bot played one
    before Beto came), and the lobby lists it begun with the two. The table's id, and the
    table as listed while it gathered its players."""
    ana, _ = enter(room, "Ana")
    send(ana, make)
    ticket = until(ana, Ticket)
    assert isinstance(ticket, Ticket)
    ana_table = at_table(room, ticket)
    assert isinstance(next_table_frame(ana_table), Waiting)
    gathering = lobby_table(ana, ticket.table, started=False)
    assert gathering.players == ("Ana",)
    beto, _ = enter(room, "Beto")
    send(beto, Sit(table=ticket.table))
    beto_ticket = until(beto, Ticket)
    assert isinstance(beto_ticket, Ticket)
    beto_table = at_table(room, beto_ticket)
    assert isinstance(next_table_frame(beto_table), Waiting)
    for ws, name in ((ana_table, "Ana"), (beto_table, "Beto")):
        welcome = next_table_frame(ws)
        assert isinstance(welcome, Welcome), welcome
        assert welcome.names[welcome.seat] == name
        assert welcome.stacks == (100, 100)  # the chips every seat began with: no hand yet
    assert lobby_table(beto, ticket.table, started=True).players == ("Ana", "Beto")
    return ticket.table, gathering


def test_a_sit_and_go_waits_for_every_seat_then_takes_no_one_new(room: Room) -> None:
    table, gathering = two_dealt_in(room, MakeTable(seats=2, chips=100, kind="sitgo"))
    assert gathering.kind == "sitgo" and not gathering.started
    assert (gathering.small_blind, gathering.big_blind) == (1, 2)  # the first level's
    carla, _ = enter(room, "Carla")
    send(carla, Sit(table=table))
    assert until(carla, RoomRefused) == RoomRefused(code="started")
    send(carla, Watch(table=table))
    watching = until(carla, Ticket)
    assert isinstance(watching, Ticket) and watching.watch


def test_sit_and_go_prizes_follow_the_number_of_seats() -> None:
    for seats in range(2, 11):
        shares = sit_and_go_payouts(seats)
        assert sum(shares) == 100 and list(shares) == sorted(shares, reverse=True)
        assert len(shares) < seats  # never everyone paid


def test_an_owner_mutes_kicks_and_bans_at_their_table_only(room: Room) -> None:
    ana, _ = enter(room, "Ana")
    send(ana, MakeTable(seats=3, bots="easy"))
    ticket = until(ana, Ticket)
    assert isinstance(ticket, Ticket)
    beto, _ = enter(room, "Beto")
    carla, _ = enter(room, "Carla")
    # Beto owns no table: he may not moderate anyone.
    send(beto, Moderate(action="kick", name="Carla"))
    assert until(beto, RoomRefused) == RoomRefused(code="not_allowed")

    send(beto, Sit(table=ticket.table))
    beto_ticket = until(beto, Ticket)
    assert isinstance(beto_ticket, Ticket)
    beto_table = at_table(room, beto_ticket)
    welcome = next_table_frame(beto_table)
    assert isinstance(welcome, Waiting)
    assert isinstance(next_table_frame(beto_table), Welcome)  # seated at the first hand

    send(ana, Moderate(action="mute", name="beto", minutes=5))
    assert until(beto, Notice) == Notice(key="table_muted", by="Ana", minutes=5)
    assert until(ana, Notice) == Notice(key="done_table_mute", name="Beto", minutes=5)
    beto_table.send(encode(Chat(text="hello")))
    muted = next_table_frame(beto_table)
    assert isinstance(muted, Refused) and muted.code is RefusalCode.MUTED and not muted.fatal

    send(carla, Watch(table=ticket.table))
    carla_ticket = until(carla, Ticket)
    assert isinstance(carla_ticket, Ticket)
    carla_table = at_table(room, carla_ticket)
    assert isinstance(next_table_frame(carla_table), Waiting)

    send(ana, Moderate(action="kick", name="Beto"))
    assert until(beto, Notice) == Notice(key="table_kicked", by="Ana")
    assert until(ana, Notice) == Notice(key="done_table_kick", name="Beto")
    removed = next_table_frame(beto_table)
    assert isinstance(removed, Refused) and removed.code is RefusalCode.REMOVED and removed.fatal
    send(ana, Moderate(action="ban", name="Carla"))
    assert until(carla, Notice) == Notice(key="table_banned", by="Ana")
    assert until(ana, Notice) == Notice(key="done_table_ban", name="Carla")
    removed = next_table_frame(carla_table)
    assert isinstance(removed, Refused) and removed.code is RefusalCode.REMOVED
    # A kick sends away; a ban also keeps out.
    send(beto, Sit(table=ticket.table))
    assert isinstance(until(beto, Ticket), Ticket)
    send(carla, Watch(table=ticket.table))
    assert until(carla, RoomRefused) == RoomRefused(code="barred")
    send(ana, Moderate(action="unban", name="Carla"))
    assert until(ana, Notice) == Notice(key="done_table_unban", name="Carla")
    send(carla, Watch(table=ticket.table))
    assert isinstance(until(carla, Ticket), Ticket)
    # Nobody moderates themselves.
    send(ana, Moderate(action="kick", name="Ana"))
    assert until(ana, RoomRefused) == RoomRefused(code="not_allowed")


def test_an_owner_invites_and_the_invited_sits_without_the_code(room: Room) -> None:
    ana, _ = enter(room, "Ana")
    beto, _ = enter(room, "Beto")
    carla, _ = enter(room, "Carla")
    send(ana, Invite(name="Beto"))  # no table yet
    assert until(ana, RoomRefused) == RoomRefused(code="no_table")
    send(ana, MakeTable(seats=3, private=True))
    made = until(ana, Ticket)
    assert isinstance(made, Ticket) and made.code
    send(ana, Invite(name="nobody here"))
    assert until(ana, RoomRefused) == RoomRefused(code="nobody")
    send(ana, Invite(name="beto"))
    assert until(beto, Notice) == Notice(key="invited", by="Ana", text=made.table)
    assert until(ana, Notice) == Notice(key="done_invite", name="Beto")
    send(beto, Sit(table=made.table))  # no code: invited
    assert isinstance(until(beto, Ticket), Ticket)
    send(carla, Sit(table=made.table))  # not invited: the code is still asked
    assert until(carla, RoomRefused) == RoomRefused(code="table_code")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_m_chooses_every_setting_of_a_new_table_by_ear(lang: str) -> None:
    lobby = Lobbied(lang)
    words = UiText(lang).catalog.text  # type: ignore[arg-type]
    lobby.press("m")
    assert lobby.last == f"{words('ui.lobby.form.open')} {words('ui.lobby.form.kind.cash')}"
    lobby.press("left")
    assert lobby.last == f"{words('ui.lobby.form.kind.cash')} {words('ui.lobby.form.first')}"
    lobby.press("down", "right")
    assert lobby.last == words("ui.lobby.form.seats", value=7)
    lobby.press("down", *["right"] * 10)
    assert (
        lobby.last == f"{words('ui.lobby.form.chips', value=10000)} {words('ui.lobby.form.last')}"
    )
    lobby.press("down", "right", "right")
    assert lobby.last == words("ui.lobby.form.blinds", small=5, big=10)
    lobby.press("down", "right")
    bots = words("ui.lobby.bots.hard")
    assert lobby.last == words("ui.lobby.form.bots", value=bots)
    lobby.press("down", "right", "h")
    assert lobby.said[-2].text == words("ui.lobby.form.private.yes")
    assert lobby.last == words("ui.lobby.form.keys")
    lobby.press("enter")
    assert lobby.sent[-1] == MakeTable(
        seats=7, chips=10000, small_blind=5, big_blind=10, bots="hard", private=True
    )
    # A sit-and-go says its rising blinds; Escape makes nothing.
    lobby.press("m", "right", "down", "down", "down")
    assert lobby.last == words("ui.lobby.form.blinds.sitgo", small=1, big=2)
    sent = len(lobby.sent)
    lobby.press("escape")
    assert lobby.last == words("ui.lobby.form.dropped") and len(lobby.sent) == sent
    lobby.press("m", "right", "enter")
    assert lobby.sent[-1] == MakeTable(kind="sitgo")


def test_every_table_the_form_can_make_is_one_the_room_accepts() -> None:
    for chips in CHIPS:
        for small, big in BLINDS:
            for seats in SEATS:
                assert TableSpec(seats, chips, small, big).problem() is None


def shove(legal: dict[str, object]) -> tuple[str, int | None]:
    """All in whenever the player may (else a check or a call)."""
    if legal["raise_kind"] is None:
        return check_or_call(legal)
    return str(legal["raise_kind"]).lower(), int(str(legal["max_raise_to"]))


def shove_along(ws: ClientConnection, hands: int) -> None:
    """``play_along`` going all in, until the table closes with the test's end."""
    with contextlib.suppress(ConnectionClosed, TimeoutError):
        play_along(ws, hands, shove)


def spectator_events(
    ws: ClientConnection, until_hand: int, showdown: bool = False
) -> list[dict[str, object]]:
    """Every event a spectator got (its Waiting's too) until ``until_hand`` ended (with
    ``showdown``: and a hand was turned face up), or the game did; never seated."""
    heard: list[dict[str, object]] = []

    def done() -> bool:
        over = any(e["type"] == "GameEnded" for e in heard)
        far = any(
            e["type"] == "HandEnded" and int(str(e["hand_number"])) >= until_hand for e in heard
        )
        shown = any(e["type"] in ("HandShown", "HandRevealed") for e in heard)
        return over or (far and (shown or not showdown))

    while not done():
        frame = decode_server(ws.recv(timeout=30))
        assert not isinstance(frame, Welcome)
        if isinstance(frame, Waiting):
            heard += list(frame.events)
        elif isinstance(frame, EventFrame):
            heard.append(frame.event)
    return heard


def test_a_spectator_never_hears_a_hole_card_through_all_ins_and_a_rejoin(room: Room) -> None:
    ana, _ = enter(room, "Ana")
    send(ana, MakeTable(seats=3, chips=40, bots="easy"))
    ticket = until(ana, Ticket)
    assert isinstance(ticket, Ticket)
    seated = at_table(room, ticket)
    beto, _ = enter(room, "Beto")
    send(beto, Watch(table=ticket.table))
    first = until(beto, Ticket)
    assert isinstance(first, Ticket)
    watching = at_table(room, first)
    played = threading.Thread(target=shove_along, args=(seated, 60), daemon=True)
    played.start()
    heard = spectator_events(watching, until_hand=2)
    watching.close()  # gone mid-game, then back with a new ticket
    send(beto, Watch(table=ticket.table))
    again = until(beto, Ticket)
    assert isinstance(again, Ticket)
    heard += spectator_events(at_table(room, again), until_hand=4, showdown=True)
    assert [e for e in heard if e["type"] == "HoleCardsDealt"] == []
    assert any(e["type"] == "PotAwarded" for e in heard)
    # The only cards a spectator hears: the board, and hands turned face up (an all-in's
    # before the board is out, a showdown's).
    carded = {str(e["type"]) for e in heard if "cards" in e}
    assert carded <= {"StreetDealt", "HandRevealed", "HandShown"}
    assert "HandShown" in carded or "HandRevealed" in carded  # all-ins were shown down


def test_a_cash_table_without_bots_waits_for_a_person_in_every_seat(room: Room) -> None:
    _, gathering = two_dealt_in(room, MakeTable(seats=2, chips=100, bots="none"))
    assert gathering.kind == "cash" and gathering.bots == "none" and not gathering.started


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_table_without_bots_is_said_so_in_the_lobby(lang: str) -> None:
    lobby = Lobbied(lang)
    table = TableInfo("t1", "Ana", 4, 200, 1, 2, "none", False, ("Ana",), 0, "cash", False)
    said = lobby.keys.table_words(table)
    catalog = UiText(lang).catalog  # type: ignore[arg-type]
    assert said.startswith(
        catalog.text(
            "ui.lobby.table.nobots", owner="Ana", seats=4, small=1, big=2, chips=200, bots=""
        )
    )
    assert catalog.plural("ui.lobby.table.gathering", 3) in said
