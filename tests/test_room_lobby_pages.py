"""A room with many tables (issue 28, point 5): its lobby goes out in parts, each under the
frame limit a client accepts, and the client puts them together into one lobby, said once."""

from __future__ import annotations

from test_room_lobby import Lobbied

from audiopoker.net.protocol import MAX_FRAME
from audiopoker.room.room_protocol import (
    Lobby,
    LobbyPages,
    TableInfo,
    decode_room_server,
    encode_room,
    lobby_pages,
)

NAME = "N" * 30  # the longest name an account may have


def table(number: int) -> TableInfo:
    """A table as big as the lobby lists one: long names, every seat a person."""
    players = tuple(f"{NAME[:-3]}{seat:03d}" for seat in range(10))
    return TableInfo(f"{number:08x}", NAME, 10, 1_000_000, 5_000, 10_000, "normal", True, players)


def test_the_lobby_of_a_full_room_process_fits_the_frame_limit_in_parts() -> None:
    online = tuple(f"{NAME[:-4]}{n:04d}" for n in range(3_000))
    lobby = Lobby(online=online, tables=tuple(table(n) for n in range(500)))
    pages = lobby_pages(lobby)
    assert len(pages) > 1
    texts = [encode_room(page) for page in pages]
    assert max(len(text.encode()) for text in texts) < MAX_FRAME
    gathered = LobbyPages()
    wholes = [gathered.add(decode_room_server(text)) for text in texts]  # type: ignore[arg-type]
    assert wholes[:-1] == [None] * (len(pages) - 1)
    assert wholes[-1] == lobby


def test_an_empty_lobby_is_one_frame_and_a_part_out_of_order_starts_again() -> None:
    assert lobby_pages(Lobby(online=("Ana",))) == [Lobby(online=("Ana",))]
    first, second, third = lobby_pages(Lobby(tables=tuple(table(n) for n in range(250))))
    gathered = LobbyPages()
    assert gathered.add(first) is None
    assert gathered.add(third) is None  # the second was lost: this lobby is dropped
    assert gathered.add(second) is None
    assert gathered.add(first) is None and gathered.add(second) is None
    whole = gathered.add(third)
    assert whole is not None and len(whole.tables) == 250


def test_the_lobby_keys_hear_a_lobby_in_parts_once_it_is_whole() -> None:
    lobby = Lobbied()
    lobby.keys.on_frame(Lobby(online=("Carla",)))  # the first: the opening says it
    pages = lobby_pages(Lobby(online=("Carla", "Ana"), tables=tuple(table(n) for n in range(150))))
    lobby.keys.on_frame(pages[0])
    assert lobby.keys.lobby.tables == () and lobby.said == []
    lobby.keys.on_frame(pages[1])
    assert len(lobby.keys.lobby.tables) == 150
    assert len(lobby.said) == 1 and lobby.last.startswith("Ana came in.")
