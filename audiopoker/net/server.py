"""The table server: websockets on asyncio, authoritative over one table.

The conductor (``audiopoker.game.Game``) plays the table in its own thread, exactly as in a
local game; this module is its network face, run on an asyncio loop in another thread:

- a connection says ``Hello`` with the invite code (and its seat token when it comes back;
  the server's door, ``net.door``, checks them); a newcomer hears where the hand in play
  stands, follows its public events as a spectator (never a hole card), and sits down
  between hands in a bot's seat, taking over its chips (under a name nobody at the table
  has, when the player gave none);
- an event reaches a seated client only if that seat may see it (``Event.visible_to``);
- actions are checked against the seat's current turn here, then by the engine;
- frames are rate-limited; a client that keeps sending garbage is dropped. Nothing a
  client sends reaches the conductor but a well-formed action for its own current turn.

Every mutable table fact is owned by the loop's thread; the conductor's thread hands
events over with ``call_soon_threadsafe``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import ssl
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from websockets.asyncio.server import Server, ServerConnection
from websockets.exceptions import ConnectionClosed

from audiopoker.engine.actions import Action
from audiopoker.engine.events import ActionRequired, ActionTaken, Event, HandEnded, HandStarted
from audiopoker.engine.table import Table
from audiopoker.errors import PokerError
from audiopoker.net.clean import clean_client_frame
from audiopoker.net.conn import Client
from audiopoker.net.door import Door
from audiopoker.net.guard import Guard, address_key
from audiopoker.net.limits import RateLimit
from audiopoker.net.protocol import (
    Act,
    Bye,
    Chat,
    ChatFrame,
    ClockFrame,
    EventFrame,
    FrameError,
    Heard,
    Level,
    RefusalCode,
    Refused,
    ServerFrame,
    Welcome,
    decode_client,
)
from audiopoker.net.seat_events import (
    GuessingLocked,
    NotWaited,
    PlayerAway,
    PlayerLeaving,
    SeatLeft,
    SeatTaken,
)
from audiopoker.net.seats import DEFAULT_BANK, NetSeat, Person, Turn
from audiopoker.net.serving import flush, listen, write_outbox
from audiopoker.net.wire import WireError, decode_action, encode_event

log = logging.getLogger(__name__)

HEARD_WAIT = 20.0  # seconds the table waits for a client's speech before it goes on
# Seconds one client may keep the table waiting in all of one hand; past it the table goes
# on without waiting for that client's speech until it catches up (else a player whose
# speech is always late would hold every hand 20 s at each bot's turn).
HAND_WAIT = 30.0


class TableServer(Door):
    """The network side of one table. The conductor calls ``on_event``, ``before_hand``
    (listeners) and the pacer's ``wait_heard``; everything else runs on ``loop``."""

    def __init__(
        self,
        table: Table,
        seats: Sequence[NetSeat],
        code: str,
        people: dict[int, Person],
        turn_seconds: int,
        bank_seconds: int = DEFAULT_BANK,
    ) -> None:
        self.table = table
        self.seats = tuple(seats)
        self.code = code
        self.people = dict(people)  # seat -> person, kept across connections
        self.turn_seconds = turn_seconds
        self.bank_seconds = bank_seconds
        self.loop: asyncio.AbstractEventLoop | None = None
        self.clients: list[Client] = []
        self.hand_events: list[Event] = []
        self.turn = 0
        self.current: Turn | None = None
        self.waiting: list[Client] = []  # newcomers: they sit down before the next hand
        self._lock = threading.Lock()  # guards ``waiting`` and ``people`` across threads
        self._heard = threading.Condition()
        # Events handed to the loop and events it has sent: the table waits for the
        # players' speech only once the loop caught up (else it would see nothing to wait for).
        self._scheduled = 0
        self._sent = 0
        self.someone_here = threading.Event()
        # A tournament's state (its director's), told before each hand and in each Welcome.
        self.tournament: Callable[[], dict[str, Any]] | None = None
        # Who else hears the connections' news (away, back): the host serving without a seat.
        self.news: list[Callable[[Event], None]] = []
        self.server: Server | None = None
        # The host is closing the table: connections ending now are not news (nobody lost
        # a connection; everyone is told the table closed).
        self.closing = False
        self.guard = Guard(news=self._locked)
        self.admit = None  # a room's table sets it (net.door.Admission)
        # A room's table: whether a name's lines are muted here (its owner's say).
        self.silenced: Callable[[str], bool] | None = None
        for seat in self.seats:
            seat.on_refused = self._refused
            seat.person = self.people.get(seat.seat)

    # --- the conductor's side (its thread) ------------------------------------------------
    def on_event(self, event: Event) -> None:
        """Every table event, in order: sent on the loop's thread."""
        with self._heard:
            self._scheduled += 1  # wait_heard waits until the loop has sent it
        if isinstance(event, ActionRequired):
            self.turn += 1
            hand = self.table.hand_number
            turn = Turn(hand, self.turn, event.seat)
            self.seats[event.seat].turn = turn
            self._call(self._broadcast, event, turn)
        else:
            self._call(self._broadcast, event, None)

    def before_hand(self, table: Table) -> Iterable[Event]:
        """Between hands: the people who left give their seats back to the bots, the
        newcomers sit down. Their Welcome is sent before the events that say so."""
        events: list[Event] = []
        if self.tournament is not None:
            self._call(self._tell_level, self.tournament())
        with self._lock:
            for held, person in list(self.people.items()):
                if person.leaving:
                    del self.people[held]
                    net_seat = self.seats[held]
                    net_seat.person = None
                    events.append(SeatLeft(held, person.name, net_seat.bot_name))
                    self._rename(held, net_seat.bot_name)
            for client in list(self.waiting):
                seat = self._free_seat(table)
                if seat is None:  # the seat it waited for is gone (its bot went broke)
                    self.waiting.remove(client)
                    self._call(self._refuse, client, RefusalCode.TABLE_FULL, "no seat", True)
                    continue
                self.waiting.remove(client)
                newcomer = client.person
                assert newcomer is not None
                previous = table.names[seat]
                self.people[seat] = newcomer
                self.seats[seat].person = newcomer
                self._rename(seat, newcomer.name)
                client.seat = seat
                events.append(SeatTaken(seat, newcomer.name, previous, table.stacks[seat]))
                self._call(self._welcome, client, False)
            self._presence()
        return events

    def seating(self) -> tuple[tuple[str, ...], dict[int, Person]]:
        """Who sits where now, as a save keeps it: the table's names and the people (from
        any thread). A person who said goodbye is not kept: their seat is its bot's."""
        with self._lock:
            names = list(self.table.names)
            people: dict[int, Person] = {}
            for seat, person in self.people.items():
                if person.leaving:
                    names[seat] = self.seats[seat].bot_name
                else:
                    people[seat] = person
        return tuple(names), people

    def wait_heard(self, stop: threading.Event) -> float:
        """Wait (at most HEARD_WAIT, and at most what is left of each late client's
        HAND_WAIT) until every seated client said it heard all it was sent; the monotonic
        time the last of them finished."""
        deadline = time.monotonic() + HEARD_WAIT
        with self._heard:
            scheduled = self._scheduled
            at = time.monotonic()
            while not stop.is_set():
                if self._sent < scheduled and time.monotonic() < deadline:
                    self._heard.wait(0.05)  # the loop is still sending what came before
                    continue
                now = time.monotonic()
                late = [c for c in self.clients if c.seated and not c.deaf and c.heard < c.seq]
                for client in late:
                    client.waited += now - at
                at = now
                if not late:
                    return max((c.heard_at for c in self.clients), default=0.0)
                spent = [c for c in late if c.waited >= HAND_WAIT or now >= deadline]
                for client in spent:
                    client.deaf = True
                    self._call(self._tell_host, NotWaited(client.seat or 0))
                if spent:
                    log.info("%d client(s) did not say they heard in time", len(spent))
                    continue
                left = min(deadline - now, *(HAND_WAIT - c.waited for c in late))
                self._heard.wait(min(left, 0.25))
        return time.monotonic()

    def clock_news(self, seat: int, left: int, bank: bool, out: bool) -> None:
        """The seat's clock: its warnings go to the seat's own client, the timeout to all."""
        self._call(self._clock_news, seat, left, bank, out)

    def _refused(self, seat: int, action: Action, error: PokerError) -> None:
        self._call(self._send_to_seat, seat, Refused(code=RefusalCode.ILLEGAL, detail=str(error)))

    def _call(self, function: object, *args: object) -> None:
        loop = self.loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed under us: shutting down
                loop.call_soon_threadsafe(function, *args)  # type: ignore[arg-type]

    def _rename(self, seat: int, name: str) -> None:
        names = list(self.table.names)
        names[seat] = name
        self.table.names = tuple(names)

    # --- the loop's side ------------------------------------------------------------------
    def _broadcast(self, event: Event, turn: Turn | None) -> None:
        try:
            self._send_event(event, turn)
        finally:
            with self._heard:
                self._sent += 1
                self._heard.notify_all()

    def _send_event(self, event: Event, turn: Turn | None) -> None:
        if isinstance(event, HandStarted):
            self.hand_events = []
            with self._heard:
                for client in self.clients:
                    client.waited = 0.0  # each hand has its own bound
        self.hand_events.append(event)
        if turn is not None:
            self.current = turn
        elif isinstance(event, ActionTaken | HandEnded):
            self.current = None  # the turn is over: a late action for it is stale
        data = encode_event(event)
        public = event.visible_to(None)
        for client in self.clients:
            if client.seated and event.visible_to(client.seat):
                client.seq += 1
                number = turn.number if turn is not None and turn.seat == client.seat else 0
                client.send(EventFrame(seq=client.seq, turn=number, event=data))
            elif client.watching and public:  # a newcomer follows the hand in play
                client.seq += 1
                client.send(EventFrame(seq=client.seq, event=data))

    def _tell_level(self, state: dict[str, Any]) -> None:
        for client in self.clients:
            if client.seated:
                client.send(Level(state=state))

    def _tell_host(self, event: Event) -> None:
        """News for the host only (the table stopped waiting for someone's speech)."""
        for listener in self.news:
            listener(event)

    def _tell_all(self, event: Event) -> None:
        """A net event (away, back): said to everyone, not recorded in the hand."""
        for listener in self.news:
            listener(event)
        data = encode_event(event)
        for client in self.clients:
            if client.seated or client.watching:
                client.seq += 1
                client.send(EventFrame(seq=client.seq, event=data))

    def _welcome(self, client: Client, back: bool) -> None:
        person, seat = client.person, client.seat
        if person is None or seat is None or client not in self.clients:
            return
        events = [e for e in self.hand_events if e.visible_to(seat)] if back else []
        client.seq = len(events)
        client.heard = client.seq
        client.seated = True
        client.watching = False  # from here on, the seat's own events
        current = self.current
        client.send(
            Welcome(
                seat=seat,
                token=person.token,
                names=self.table.names,
                people=tuple(s in self.people for s in range(len(self.table.names))),
                stacks=self.table.stacks if not back else self._stacks_at_start(),
                hand_limit=self.table.config.hand_limit,
                back=back,
                turn_seconds=self.turn_seconds,
                time_bank=round(person.bank),
                events=tuple(encode_event(e) for e in events),
                seq=client.seq,
                turn=current.number if back and current and current.seat == seat else 0,
                tournament=self.tournament() if self.tournament is not None else None,
            )
        )

    def _send_to_seat(self, seat: int, frame: ServerFrame) -> None:
        for client in self.clients:
            if client.seat == seat and client.seated:
                client.send(frame)

    def _clock_news(self, seat: int, left: int, bank: bool, out: bool) -> None:
        frame = ClockFrame(seat=seat, seconds=left, bank=bank, expired=out)
        if out:
            for client in self.clients:
                if client.seated:
                    client.send(frame)
        else:
            self._send_to_seat(seat, frame)

    def _heard_from(self, client: Client, upto: int) -> None:
        """A Heard of this connection's numbers. Only one that goes further counts: a stale
        or repeated one changes nothing, and a client the table stopped waiting for is
        waited for again only once it caught up with everything it was sent."""
        with self._heard:
            if upto <= client.heard:
                return
            client.heard = min(upto, client.seq)
            client.heard_at = time.monotonic()
            if client.heard >= client.seq:
                client.deaf = False
            self._heard.notify_all()

    # --- connections ----------------------------------------------------------------------
    def _locked(self, address: str, failures: int, seconds: float) -> None:
        log.warning("%d wrong codes from %s: refused for %d s", failures, address, seconds)
        self._tell_host(GuessingLocked(address, failures, round(seconds / 60)))

    async def handle(self, ws: ServerConnection) -> None:
        """One connection, from Hello to its end."""
        remote = ws.remote_address
        client = Client(ws, address=address_key(str(remote[0]) if remote else "?"))
        writer = asyncio.create_task(self._write(client))
        counted = self.guard.connect(client.address)
        try:
            if not counted:
                self._refuse(client, RefusalCode.RATE, "too many connections", fatal=True)
            elif await self._hello(client):
                await self._read(client)
        except ConnectionClosed:
            pass
        finally:
            if counted:
                self.guard.disconnect(client.address)
            self._gone(client)
            client.close("goodbye")  # the writer sends what waits (a refusal), then closes
            await flush(writer)

    async def _write(self, client: Client) -> None:
        await write_outbox(client)

    async def _read(self, client: Client) -> None:
        limit = RateLimit(rate=10.0, burst=30)  # frames other than in-turn actions
        heard_limit = RateLimit(rate=200.0, burst=400)  # one a table event at most
        chat_limit = RateLimit(rate=0.5, burst=3)
        async for raw in client.ws:
            if client.closing is not None:
                continue  # refused for good: drained unread, so the close handshake is seen
            try:
                frame = clean_client_frame(decode_client(raw))
            except FrameError as error:
                self._refuse(client, error.code, error.detail)  # strikes: a flood is dropped
                continue
            if isinstance(frame, Heard):
                if heard_limit.allow():
                    self._heard_from(client, frame.upto)
                else:  # noted without waking the table (it looks again within 0.25 s)
                    client.heard = max(client.heard, min(frame.upto, client.seq))
                continue
            if isinstance(frame, Act) and self._in_turn(client, frame):
                self._act(client, frame)  # one a turn at most: the turn is its own limit
                continue
            if not limit.allow():
                self._refuse(client, RefusalCode.RATE, "too many frames")
                continue
            if isinstance(frame, Act):
                self._act(client, frame)
            elif isinstance(frame, Chat):
                self._chat(client, frame, chat_limit)
            elif isinstance(frame, Bye):
                self._bye(client)
                return
            else:
                self._refuse(client, RefusalCode.MALFORMED, "hello once only")

    def _in_turn(self, client: Client, frame: Act) -> bool:
        current = self.current
        return (
            client.seated
            and current is not None
            and current.seat == client.seat
            and (frame.hand, frame.turn) == (current.hand, current.number)
        )

    def _act(self, client: Client, frame: Act) -> None:
        current = self.current
        if client.seat is None or not client.seated:
            self._refuse(client, RefusalCode.NOT_SEATED, "you have no seat yet")
            return
        mine = current is not None and current.seat == client.seat
        if (
            current is None
            or not mine
            or (frame.hand, frame.turn) != (current.hand, current.number)
        ):
            stale = mine or 0 < frame.turn < self.turn
            code = RefusalCode.STALE if stale else RefusalCode.NOT_YOUR_TURN
            self._refuse(client, code, "that turn is over" if stale else "it is not your turn")
            return
        try:
            action = decode_action({"kind": frame.kind, "to": frame.to})
        except WireError as error:
            self._refuse(client, RefusalCode.MALFORMED, error.detail)
            return
        self.seats[client.seat].offer(current, action)

    def _chat(self, client: Client, frame: Chat, limit: RateLimit) -> None:
        if client.seat is None or client.person is None or not client.seated:
            self._refuse(client, RefusalCode.NOT_SEATED, "you have no seat yet")
            return
        if not limit.allow():
            self._refuse(client, RefusalCode.RATE, "too much chat")
            return
        if self.silenced is not None and self.silenced(client.person.name):
            self._refuse(client, RefusalCode.MUTED, "muted at this table")
            return
        text = frame.text  # cleaned as it was read
        if not text:
            self._refuse(client, RefusalCode.CHAT_EMPTY, "nothing to say")
            return
        said = ChatFrame(seat=client.seat, name=client.person.name, text=text)
        for other in self.clients:
            if other.seated:
                other.send(said)

    def _bye(self, client: Client) -> None:
        """The player leaves for good: told as leaving, with who plays the seat next."""
        with self._lock:
            person, seat = client.person, client.seat
            if client in self.waiting:
                self.waiting.remove(client)
                return
            if person is None or seat is None or self.people.get(seat) is not person:
                return
            person.leaving = True
        if not self.table.is_over and not self.closing:
            self._tell_all(PlayerLeaving(seat, person.name, self.seats[seat].bot_name))

    def send_away(self, client: Client) -> None:
        """A room's table sends a person away (loop thread): a seated one leaves as after a
        goodbye (the bot plays the seat from the next hand), and the connection is told
        and closed."""
        self._bye(client)
        self._refuse(client, RefusalCode.REMOVED, "sent away from this table", fatal=True)

    def _gone(self, client: Client) -> None:
        """The connection ended: a seated person is away (the seat, chips and clock stay)."""
        if client in self.clients:
            self.clients.remove(client)
        with self._lock:
            if client in self.waiting:
                self.waiting.remove(client)
                self._presence()
            person, seat = client.person, client.seat
            if person is None or seat is None or self.people.get(seat) is not person:
                return
            person.connected = False
            self._presence()
        # After the game's end, while the table closes, or after a goodbye (told as
        # leaving), a connection that ends is no news: nobody's clock runs for it.
        if not (self.table.is_over or self.closing or person.leaving):
            self._tell_all(PlayerAway(seat))
        with self._heard:
            self._heard.notify_all()

    def close_all(self, kept: bool = True) -> None:
        """The table is closing: every connection is told so, then closed (loop thread).
        A seated player's client waits for the host to open the table again (not fatal)
        when it is ``kept`` (saved to resume); a table not saved is gone for good (fatal);
        after the game's end the seated heard it already and are only closed."""
        over = self.table.is_over
        self.closing = True
        for client in list(self.clients):
            if not (over and client.seated):
                detail = "the game is over" if over else "the table closed"
                gone = over or not kept
                client.send(Refused(code=RefusalCode.CLOSED, detail=detail, fatal=gone))
            client.close("the table closed")

    # --- running --------------------------------------------------------------------------
    async def serve(
        self, host: str, port: int, tls: ssl.SSLContext | None, ready: asyncio.Future[int]
    ) -> None:
        """Serve until cancelled; ``ready`` gets the bound port, or the OSError that kept
        the port from being opened (in use, not this machine's address)."""
        self.loop = asyncio.get_running_loop()

        def opened(server: Server) -> None:
            self.server = server

        await listen(self.handle, host, port, tls, ready, opened)
