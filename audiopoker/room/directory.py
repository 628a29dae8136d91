"""The table directory that room processes on one database share (issue 28, point 3): each
process publishes the tables it holds (at each look at its tables, in a worker thread) and
reads the others', so every lobby lists every table; a process not seen for ``STALE``
seconds is gone, its rows ignored and then deleted.

Sitting at or watching a table another process holds: this process checks the table's code
and writes a one-time grant (a digest of a random token, the table, the account's name,
watching or not, 60 seconds to use it) and answers a ticket with the other process's
address; there, the table's door takes the token as it takes its own tickets (``door``):
one statement deletes the grant and says whom it admits, so a grant is used once.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import msgspec

from audiopoker.net.door import Admission
from audiopoker.room.room_names import folded
from audiopoker.room.room_protocol import RoomCode, TableInfo
from audiopoker.room.room_store import open_store

log = logging.getLogger(__name__)

STALE = 30.0  # seconds: a process that has not looked at its tables for this long is gone
GRANT_SECONDS = 60.0  # a grant not used by then is no good

_PUBLISH = (
    "INSERT INTO room_tables (id, process, url, owner, private, code, info, seen) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET "
    "process = excluded.process, url = excluded.url, owner = excluded.owner, "
    "private = excluded.private, code = excluded.code, info = excluded.info, "
    "seen = excluded.seen"
)
_info = msgspec.json.Decoder(TableInfo)
_encode = msgspec.json.Encoder()


@dataclass(frozen=True, slots=True)
class Elsewhere:
    """A table another process holds: as the lobby lists it, where, and its code."""

    info: TableInfo
    url: str
    code: str


@dataclass(frozen=True, slots=True)
class Granted:
    """A grant written: the token to say Hello with, the holder's address, and the table's
    code when the one granted is its owner (to give to friends)."""

    token: str
    url: str
    code: str


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Directory:
    """This room process's part of the shared directory (``public_url``: where other
    processes send players to its tables)."""

    def __init__(
        self, target: Path | str, public_url: str, clock: Callable[[], float] = time.time
    ) -> None:
        self.process = secrets.token_hex(8)
        self.public_url = public_url
        self.clock = clock  # wall time: shared by processes, where monotonic time is not
        self._store = open_store(target)  # looks and grants, from worker threads
        # The doors' own connection: a grant is redeemed on the room's loop, waiting one
        # indexed statement, never on another thread's transaction.
        self._door = open_store(target)
        self.elsewhere: dict[str, Elsewhere] = {}  # replaced whole at each look

    def publish(self, tables: Sequence[tuple[TableInfo, str]]) -> None:
        """(A worker thread.) This process's tables now, each with its code, in the
        directory; the others' read back; gone processes' rows and old grants deleted."""
        now, store = self.clock(), self._store
        with store.transaction():  # only this process writes its rows: no conflict
            for info, code in tables:
                row = (info.id, self.process, self.public_url, info.owner, int(info.private))
                store.execute(_PUBLISH, (*row, code, _encode.encode(info).decode(), now))
            held = {info.id for info, _ in tables}
            for (table_id,) in store.rows(
                "SELECT id FROM room_tables WHERE process = ?", (self.process,)
            ):
                if table_id not in held:  # closed since the last look
                    store.execute("DELETE FROM room_tables WHERE id = ?", (table_id,))
        store.execute("DELETE FROM room_tables WHERE seen < ?", (now - STALE,))
        store.execute("DELETE FROM grants WHERE expires < ?", (now,))
        found = store.rows(
            "SELECT info, url, code FROM room_tables WHERE process <> ? AND seen >= ?",
            (self.process, now - STALE),
        )
        elsewhere = {}
        for info, url, code in found:
            table = _info.decode(info)
            elsewhere[table.id] = Elsewhere(table, str(url), str(code))
        self.elsewhere = elsewhere

    async def look(self, tables: Sequence[tuple[TableInfo, str]]) -> None:
        """``publish`` in a worker thread; a database that failed is told to the log and
        tried again at the next look (the lobby keeps the others' tables as last read)."""
        try:
            await asyncio.to_thread(self.publish, tables)
        except Exception:
            log.exception("the table directory could not be updated")

    def grant(self, name: str, table_id: str, code: str, watch: bool) -> Granted | RoomCode:
        """(A worker thread.) A one-time grant for ``name`` at ``table_id``, which another
        process holds; or why not."""
        table = self.elsewhere.get(table_id)
        if table is None:
            return RoomCode.NO_TABLE
        if table.code and not hmac.compare_digest(code.encode(), table.code.encode()):
            return RoomCode.TABLE_CODE
        if table.info.kind == "sitgo" and table.info.started and not watch:
            return RoomCode.STARTED  # as the process holding it answers
        token = secrets.token_urlsafe(24)
        expires = self.clock() + GRANT_SECONDS
        self._store.execute(
            "INSERT INTO grants (digest, table_id, name, watch, expires) VALUES (?, ?, ?, ?, ?)",
            (_digest(token), table_id, name, int(watch), expires),
        )
        owner = folded(table.info.owner) == folded(name)
        return Granted(token, table.url, table.code if owner else "")

    def redeem(self, table_id: str, token: str) -> Admission | None:
        """Whom the grant ``token`` admits at ``table_id`` (this process's), once; None for
        any other token. One statement: two connections with one token cannot both pass."""
        found = self._door.rows(
            "DELETE FROM grants WHERE digest = ? AND table_id = ? AND expires > ? "
            "RETURNING name, watch",
            (_digest(token), table_id, self.clock()),
        )
        if not found:
            return None
        name, watch = found[0]
        return Admission(str(name), bool(watch))

    def door(
        self, own: Callable[[str], Admission | None], table_id: str
    ) -> Callable[[str], Admission | None]:
        """A table's door: its own tickets first, then the grants other processes wrote."""

        def admit(code: str) -> Admission | None:
            admitted = own(code)
            if admitted is not None:
                return admitted
            try:
                return self.redeem(table_id, code)
            except Exception:  # the database failed: refused like an unknown code
                log.exception("a grant could not be looked up")
                return None

        return admit

    def withdraw(self) -> None:
        """This process's tables out of the directory (it closes)."""
        try:
            self._store.execute("DELETE FROM room_tables WHERE process = ?", (self.process,))
        except Exception:  # closing anyway: other processes drop the rows when stale
            log.exception("the room's tables could not be taken out of the directory")

    def close(self) -> None:
        self._store.close()
        self._door.close()
