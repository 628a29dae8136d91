"""The room server: websockets on asyncio, every person in the room on one loop.

A connection to ``/`` is the lobby. It enters first (``Register``, ``Login`` or ``Resume``:
the accounts' work, a password hash, runs in a worker thread so the loop never waits on
it), then hears who is online and the tables (``Lobby``, again at each change) and the
lines said in the lobby or to it alone, and says its own (``Say``). It makes tables and
asks to sit or watch: the answer is a ``Ticket``, and a connection to ``/table/<id>`` says
Hello with it (``room_tables``), where the network table's server takes over. One account
is in the room once: entering again from another connection takes over, and the older
connection is told and closed.

Guards, as at the network table: at most ``MAX_CONNECTIONS`` open connections from one
address, frames and lines rate-limited, refused frames counted as strikes (a stream of them
closes the connection), a frame's text cleaned before anyone hears it (``net.clean``).
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
import ssl
import time

from websockets.asyncio.server import Server, ServerConnection
from websockets.exceptions import ConnectionClosed

from audiopoker.net.clean import clean_chat
from audiopoker.net.guard import Guard, address_key
from audiopoker.net.limits import RateLimit
from audiopoker.net.serving import flush, listen, write_outbox
from audiopoker.room.accounts import Accounts, Refused
from audiopoker.room.directory import Directory
from audiopoker.room.room_moderation import Moderation
from audiopoker.room.room_names import folded
from audiopoker.room.room_person import Person
from audiopoker.room.room_protocol import (
    LOBBY,
    Entered,
    Invite,
    Leave,
    Line,
    Lobby,
    Login,
    MakeTable,
    Moderate,
    Register,
    Report,
    Resume,
    RoomCode,
    RoomFrameError,
    RoomRefused,
    Say,
    Sit,
    TableInfo,
    Ticket,
    Watch,
    decode_room_client,
    encode_room,
    lobby_pages,
)
from audiopoker.room.room_tables import RoomTable, TableSpec

log = logging.getLogger(__name__)

MAX_TABLES = 500  # tables one room process holds (each a conductor thread)
TABLE_PATH = "/table/"
LOBBY_LOOK = 2.0  # seconds between looks at the tables for the lobby
LOBBY_EVERY = 0.25  # seconds at least between two lobbies told to everyone
TABLE_IDLE = 300.0  # a table nobody is connected to closes after this long (its thread ends)


class RoomServer(Moderation):
    """The room: its accounts, and who is in it (by folded name)."""

    def __init__(
        self,
        accounts: Accounts,
        max_tables: int = MAX_TABLES,
        bot_delay: float = 1.0,
        table_idle: float = TABLE_IDLE,
        look_every: float = LOBBY_LOOK,
        directory: Directory | None = None,
    ) -> None:
        self.accounts = accounts
        self.bot_delay = bot_delay  # seconds a bot waits, after everyone heard, before acting
        self.table_idle = table_idle  # seconds a table with nobody connected stays open
        self.look_every = look_every
        self.present: dict[str, Person] = {}
        self.tables: dict[str, RoomTable] = {}
        self.max_tables = max_tables
        self.loop: asyncio.AbstractEventLoop | None = None
        self._said: Lobby | None = None  # the lobby as last sent to everyone
        self._built: Lobby | None = None  # the lobby as last encoded, and its frames
        self._built_pages: list[str] = []
        self._telling: asyncio.TimerHandle | None = None  # the lobby's next telling
        self.muted: dict[str, float] = {}  # folded name -> until (monotonic), in this room
        self.guard = Guard()
        self.server: Server | None = None
        self.directory = directory  # the tables other processes on one database hold

    # --- a connection ---------------------------------------------------------------------
    async def handle(self, ws: ServerConnection) -> None:
        """One connection: a table's (``/table/<id>``), or the lobby's, from its entry to
        its end."""
        path = ws.request.path if ws.request is not None else "/"
        if path.startswith(TABLE_PATH):
            table = self.tables.get(path[len(TABLE_PATH) :])
            if table is None:
                await ws.close(1008, RoomCode.NO_TABLE.value)
                return
            await table.hosted.server.handle(ws)
            return
        remote = ws.remote_address
        person = Person(ws, address_key(str(remote[0]) if remote else "?"))
        writer = asyncio.create_task(self._write(person))
        counted = self.guard.connect(person.address)
        try:
            if not counted:
                self._refuse(person, RoomCode.RATE.value, fatal=True)
            else:
                await self._read(person)
        except ConnectionClosed:
            pass
        finally:
            if counted:
                self.guard.disconnect(person.address)
            self._gone(person)
            person.close("goodbye")
            await flush(writer)

    async def _write(self, person: Person) -> None:
        await write_outbox(person, ("goodbye", "left"))

    async def _read(self, person: Person) -> None:
        frames = RateLimit(rate=10.0, burst=30)
        lines = RateLimit(rate=0.5, burst=3)
        async for raw in person.ws:
            if person.closing is not None:
                continue  # drained unread, so the close handshake is seen
            try:
                frame = decode_room_client(raw)
            except RoomFrameError as error:
                self._refuse(person, error.code.value)
                continue
            if not frames.allow():
                self._refuse(person, RoomCode.RATE.value)
                continue
            if isinstance(frame, Register | Login | Resume):
                if person.session is not None:
                    self._refuse(person, RoomCode.ENTERED.value)
                else:
                    await self._enter(person, frame)
            elif person.session is None:
                self._refuse(person, RoomCode.NOT_ENTERED.value)
            elif isinstance(frame, Say):
                if lines.allow():
                    self._say(person, frame)
                else:
                    self._refuse(person, RoomCode.RATE.value)
            elif isinstance(frame, MakeTable):
                self._make(person, frame)
            elif isinstance(frame, Sit | Watch):
                watch = isinstance(frame, Watch)
                if self.directory is not None and frame.table in self.directory.elsewhere:
                    await self._ticket_elsewhere(person, frame.table, frame.code, watch)
                else:
                    self._ticket(person, frame.table, frame.code, watch=watch)
            elif isinstance(frame, Moderate):
                await self._moderate(person, frame)
            elif isinstance(frame, Report):
                await self._report(person, frame)
            elif isinstance(frame, Invite):
                self._invite(person, frame)
            elif isinstance(frame, Leave):
                person.close("left")
                return

    def _refuse(
        self, person: Person, code: str, wait: float = 0.0, fatal: bool = False, detail: str = ""
    ) -> None:
        person.send(RoomRefused(code=code, wait=round(wait, 1), fatal=fatal, detail=detail))
        if fatal:
            person.close(code)
        elif not person.strikes.allow():
            person.close("too many refused frames")

    # --- entering -------------------------------------------------------------------------
    async def _enter(self, person: Person, frame: Register | Login | Resume) -> None:
        accounts, address = self.accounts, person.address
        try:
            if isinstance(frame, Register):
                result = await asyncio.to_thread(
                    accounts.register, frame.name, frame.password, address
                )
            elif isinstance(frame, Login):
                result = await asyncio.to_thread(
                    accounts.login, frame.name, frame.password, address
                )
            else:
                result = await asyncio.to_thread(accounts.resume, frame.token, address)
        except Exception:  # the database failed: nothing changed, the player may try again
            log.exception("the room could not answer an entry")
            self._refuse(person, RoomCode.BUSY.value)
            return
        if isinstance(result, Refused):
            self._refuse(person, result.reason.value, result.wait)
            return
        if person.closing is not None:
            return  # gone while the accounts worked
        person.session, person.lang = result, frame.lang
        key = folded(result.account.name)
        older = self.present.get(key)
        if older is not None:  # the same account from elsewhere: this one takes over
            older.close("entered elsewhere")
        self.present[key] = person
        person.send(
            Entered(
                name=result.account.name,
                token=result.token,
                expires=result.expires,
                new=isinstance(frame, Register),
            )
        )
        self._lobby(person)

    def _gone(self, person: Person) -> None:
        if person.session is None:
            return
        key = folded(person.session.account.name)
        if self.present.get(key) is person:
            del self.present[key]
            self._lobby()

    def lobby(self) -> Lobby:
        """The lobby now: who is online, and the tables in play."""
        online = tuple(sorted((p.name for p in self.present.values()), key=folded))
        tables = tuple(_info(table) for table in self.tables.values() if not table.over)
        if self.directory is not None:
            tables += tuple(table.info for table in self.directory.elsewhere.values())
        return Lobby(online=online, tables=tables)

    def _pages(self) -> tuple[Lobby, list[str]]:
        """The lobby now and its frames, encoded once (in pages under the frame limit)."""
        lobby = self.lobby()
        if lobby != self._built:
            self._built, self._built_pages = lobby, [encode_room(p) for p in lobby_pages(lobby)]
        return self._built, self._built_pages

    def _lobby(self, newcomer: Person | None = None) -> None:
        """A newcomer hears the lobby at once; everyone hears it when it changed, at most
        once every ``LOBBY_EVERY`` seconds (many arriving together: one lobby, not one each,
        for every person in it)."""
        if newcomer is not None:
            newcomer.heard, pages = self._pages()
            for text in pages:
                newcomer.put_text(text)
        if self.loop is None:
            self._tell_lobby()
        elif self._telling is None:
            self._telling = self.loop.call_later(LOBBY_EVERY, self._tell_lobby)

    def _tell_lobby(self) -> None:
        self._telling = None
        lobby, pages = self._pages()
        if lobby == self._said:
            return
        self._said = lobby
        for person in self.present.values():
            if person.heard is not lobby:  # a newcomer may have it already
                person.heard = lobby
                for text in pages:
                    person.put_text(text)

    async def _watch_tables(self) -> None:
        """Tables change on their own (people sit down between hands, games end): the
        lobby is looked at now and then; ended tables, and tables nobody has been connected
        to for ``table_idle`` seconds, are let go (a seat's token is no good after that)."""
        while True:
            await asyncio.sleep(self.look_every)
            now = time.monotonic()
            for table_id, table in list(self.tables.items()):
                if table.hosted.server.clients:
                    table.idle_since = None
                elif table.idle_since is None:
                    table.idle_since = now
                if table.over or (
                    table.idle_since is not None and now - table.idle_since >= self.table_idle
                ):
                    del self.tables[table_id]
                    log.info("table %s closed (%s)", table_id, "over" if table.over else "idle")
                    await asyncio.to_thread(table.stop)
            if self.directory is not None:  # ours published, the others' read back
                mine = [(_info(t), t.code) for t in self.tables.values() if not t.over]
                await self.directory.look(mine)
            self._lobby()

    # --- tables ---------------------------------------------------------------------------
    def _make(self, person: Person, frame: MakeTable) -> None:
        spec = TableSpec(
            frame.seats,
            frame.chips,
            frame.small_blind,
            frame.big_blind,
            frame.bots,
            frame.private,
            frame.kind,
        )
        problem = spec.problem()
        if problem is not None:
            self._refuse(person, RoomCode.BAD_TABLE.value, detail=problem)
            return
        if len(self.tables) >= self.max_tables or self.loop is None:
            self._refuse(person, RoomCode.TABLES.value)
            return
        table = RoomTable(secrets.token_hex(4), person.name, spec, person.lang, self.bot_delay)
        self.tables[table.id] = table
        if self.directory is not None:  # its door also takes grants other processes wrote
            table.hosted.server.admit = self.directory.door(table.admit, table.id)
        table.start(self.loop)
        self._ticket(person, table.id, table.code, watch=False)
        self._lobby(person)  # its maker hears it listed at once, the others soon

    def _ticket(self, person: Person, table_id: str, code: str, watch: bool) -> None:
        table = self.tables.get(table_id)
        if table is None or table.over:
            self._refuse(person, RoomCode.NO_TABLE.value)
            return
        invited = folded(person.name) in table.invited
        if (
            table.code
            and not invited
            and not hmac.compare_digest(code.encode(), table.code.encode())
        ):
            self._refuse(person, RoomCode.TABLE_CODE.value)
            return
        if folded(person.name) in table.barred:
            self._refuse(person, RoomCode.BARRED.value)
            return
        if table.spec.sit_and_go and table.started and not watch:
            self._refuse(person, RoomCode.STARTED.value)
            return
        ticket = table.ticket(person.name, watch)
        owner = folded(table.owner) == folded(person.name)
        person.send(
            Ticket(
                table=table.id,
                path=TABLE_PATH + table.id,
                ticket=ticket,
                watch=watch,
                code=table.code if owner else "",
            )
        )

    async def _ticket_elsewhere(
        self, person: Person, table_id: str, code: str, watch: bool
    ) -> None:
        """A table another process of the room holds: a grant in the database, and a ticket
        with that process's address."""
        assert self.directory is not None
        try:
            granted = await asyncio.to_thread(
                self.directory.grant, person.name, table_id, code, watch
            )
        except Exception:  # the database failed: the player may try again
            log.exception("the room could not write a grant")
            granted = RoomCode.BUSY
        if isinstance(granted, RoomCode):
            self._refuse(person, granted.value)
            return
        person.send(
            Ticket(
                table=table_id,
                path=TABLE_PATH + table_id,
                ticket=granted.token,
                watch=watch,
                code=granted.code,
                url=granted.url,
            )
        )

    # --- speaking -------------------------------------------------------------------------
    def _say(self, person: Person, frame: Say) -> None:
        left = self.muted.get(folded(person.name), 0.0) - time.monotonic()
        if left > 0:
            self._refuse(person, RoomCode.MUTED.value, left)
            return
        text = clean_chat(frame.text)
        if not text:
            self._refuse(person, RoomCode.CHAT_EMPTY.value)
            return
        if frame.channel == LOBBY:
            line = Line(channel=LOBBY, name=person.name, text=text)
            for listener in self.present.values():
                listener.send(line)
            return
        if not frame.channel.startswith("@"):
            self._refuse(person, RoomCode.MALFORMED.value)
            return
        to = self.present.get(folded(frame.channel[1:]))
        if to is None:
            self._refuse(person, RoomCode.NOBODY.value)
            return
        # Each hears the line on the channel of the other: "@Beto" for Ana, "@Ana" for Beto.
        to.send(Line(channel=f"@{person.name}", name=person.name, text=text))
        if to is not person:
            person.send(Line(channel=f"@{to.name}", name=person.name, text=text))

    # --- serving --------------------------------------------------------------------------
    async def serve(
        self, host: str, port: int, tls: ssl.SSLContext | None, ready: asyncio.Future[int]
    ) -> None:
        """Serve until cancelled; ``ready`` gets the bound port or the OSError."""
        self.loop = asyncio.get_running_loop()
        watching = asyncio.create_task(self._watch_tables())

        def opened(server: Server) -> None:
            self.server = server

        try:
            await listen(self.handle, host, port, tls, ready, opened)
        finally:
            watching.cancel()
            if self.directory is not None:
                self.directory.withdraw()
            for table in list(self.tables.values()):
                table.hosted.close()  # tells its connections, without waiting here


def _info(table: RoomTable) -> TableInfo:
    spec = table.spec
    small, big = spec.blinds
    return TableInfo(
        id=table.id,
        owner=table.owner,
        seats=spec.seats,
        chips=spec.chips,
        small_blind=small,
        big_blind=big,
        bots=spec.bots,
        private=spec.private,
        players=table.players + table.coming,
        spectators=table.spectators,
        kind=spec.kind,
        started=table.started,
    )
