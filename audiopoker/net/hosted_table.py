"""A hosted table: the engine's table, its bots, the conductor and the table server,
saved between hands on the host's machine so a restarted server resumes it.

The conductor plays in one thread, the server's asyncio loop runs in another. The table
waits while nobody is connected (before the first hand, and between hands when everyone
left), and bots wait for every connected player's speech (``NetPacer``).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import ssl
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, cast

from audiopoker.engine.events import Event
from audiopoker.game import BotSeat, Game, GameStopped, Listener, Seat
from audiopoker.net.clean import clean_name
from audiopoker.net.limits import new_code
from audiopoker.net.protocol import CODE_LENGTH
from audiopoker.net.seat_events import SeatLeft, SeatTaken
from audiopoker.net.seats import DEFAULT_BANK, DEFAULT_TURN, Clock, NetSeat, Person
from audiopoker.net.server import TableServer
from audiopoker.persistence import GameRecorder, SavedGame, Store, new_game_id, now_text
from audiopoker.table_setup import TableOptions, bot_states, build_table
from audiopoker.tournament.schedule import Tournament

log = logging.getLogger(__name__)

CLOSE_GRACE = 0.5  # seconds the connections have to hear that the table closed
STOP_WITHIN = 2.0  # seconds stop() waits for the game and the server, whatever the clients do


def table_code(saved: str) -> str:
    """The invite code of a table: its saved one, or a new one where there is none or it is
    from before codes grew to CODE_LENGTH digits (the host hears the new one; the people
    seated come back with their tokens, which stand for the code).

    >>> table_code("123456789")
    '123456789'
    >>> len(table_code("465693")) == len(table_code("")) == CODE_LENGTH
    True
    """
    return saved if len(saved) >= CODE_LENGTH else new_code()


NET_KEY = "net"  # the save's ``extra`` entry: the code and the people's seats and tokens


@dataclass(frozen=True, slots=True)
class HostOptions(TableOptions):
    """A hosted table's options: the table's (``build_table``), then the network's."""

    bot_delay: float = 1.0
    turn_seconds: int = DEFAULT_TURN
    time_bank: int = DEFAULT_BANK
    bind: str = "127.0.0.1"
    port: int = 7777


class NetPacer:
    """Bots act once every connected player heard the table (at most HEARD_WAIT), and
    ``delay`` after; between hands the table also waits until someone is connected."""

    def __init__(self, server: TableServer, delay: float, stop: threading.Event) -> None:
        self._server = server
        self.delay = delay
        self._stop = stop

    def _sleep_until(self, deadline: float) -> None:
        if self._stop.wait(max(0.0, deadline - time.monotonic())) or self._stop.is_set():
            raise GameStopped

    def before_bot_action(self, seat: int, asked_at: float) -> None:
        """After the last connected player heard everything, the bot's delay."""
        self._sleep_until(max(self._server.wait_heard(self._stop), asked_at) + self.delay)

    def between_hands(self) -> None:
        """Let the result be heard, pause, and wait for someone to be at the table."""
        self._sleep_until(self._server.wait_heard(self._stop) + self.delay * 2)
        self.wait_for_someone()

    def wait_for_someone(self) -> None:
        """Wait until a person is connected or sitting down (a newcomer waits for it)."""
        while not self._server.someone_here.wait(0.25):
            if self._stop.is_set():
                raise GameStopped

    def wait_for_people(self, count: int) -> None:
        """Wait until ``count`` people are at the table or waiting to sit down (a room's
        sit-and-go starts when every seat has one)."""
        while self._server.gathered() < count:
            if self._stop.wait(0.25):
                raise GameStopped

    def at_end(self) -> None:
        """Let the last words be heard."""
        self._server.wait_heard(self._stop)


class HostedTable:
    """One table on the network. ``start`` serves and plays; ``stop`` ends both.

    ``on_problem`` and ``on_recovered`` hear what the recorder meets saving the table (a
    full disk, a folder that cannot be written...) and when saving works again: the host
    command says them to the host in words."""

    def __init__(
        self,
        options: HostOptions,
        store: Store,
        saved: SavedGame | None,
        tournament: Tournament | None = None,
        on_problem: Callable[[Exception], None] | None = None,
        on_recovered: Callable[[], None] | None = None,
    ) -> None:
        self.options = options
        self.store = store
        self.stopping = threading.Event()
        built = build_table(
            options,
            saved=saved,
            tournament=tournament,
        )
        self.table = built.table
        self.director = built.director
        self.resumed = saved is not None
        net: Mapping[str, Any] = saved.extra.get(NET_KEY, {}) if saved is not None else {}
        self.code = table_code(str(net.get("code") or ""))
        people = _people(net.get("people", {}))
        clock = Clock(options.turn_seconds)
        self.seats = [
            NetSeat(BotSeat(bot, seat), clock, self.stopping) for seat, bot in built.bot_seats()
        ]
        for net_seat, (name, _) in zip(self.seats, built.bots, strict=True):
            net_seat.bot_name = name
        for net_seat, name in zip(self.seats, net.get("bot_names", []), strict=False):
            net_seat.bot_name = str(name)
        self.server = TableServer(
            self.table, self.seats, self.code, people, options.turn_seconds, options.time_bank
        )
        if self.director is not None:
            self.server.tournament = self.director.state
        clock.news = self.server.clock_news
        game_id = saved.game_id if saved is not None else new_game_id()
        self.recorder = GameRecorder(
            store,
            game_id=game_id,
            started_at=saved.started_at if saved is not None else now_text(),
            names=self.table.names,
            human=None,
            settings={**dataclasses.asdict(options), "players": options.seats},
            history=store.history(game_id, saved.history if saved is not None else None),
            bot_states=lambda: bot_states(built.bot_seats(), len(self.seats)),
            prefs=dict,
            extra=self._extra,
            keep_save=True,
            on_problem=on_problem,
            on_recovered=on_recovered,
            tournament_paid=(
                len(self.director.tournament.payouts) if self.director is not None else None
            ),
        )
        self.pacer = NetPacer(self.server, options.bot_delay, self.stopping)
        # NetSeat.human is a read-only property (a person or the bot plays, by turns).
        seats = cast(list[Seat], self.seats)
        # The director changes the blinds before the server seats newcomers and tells the level.
        directing = [self.director] if self.director is not None else []
        listeners: list[Listener] = [*directing, self.server, self.recorder, _Names(self)]
        self.game = Game(self.table, seats, listeners, self.pacer)
        self.game.stopping = self.stopping
        self.port = options.port
        self._loop: asyncio.AbstractEventLoop | None = None
        self._threads: list[threading.Thread] = []
        self.error: BaseException | None = None
        # People the first hand waits for (a room's sit-and-go: every seat); 0: anyone.
        self.wait_for = 0

    def _extra(self) -> dict[str, object]:
        extra: dict[str, object] = {NET_KEY: self._net(self.server.seating()[1])}
        if self.director is not None:
            extra["tournament"] = self.director.state()
        return extra

    def _net(self, people: Mapping[int, Person]) -> dict[str, object]:
        """The save's ``net`` entry: the code, the people's seats and tokens, the bots."""
        kept = {
            str(seat): {"name": p.name, "token": p.token, "lang": p.lang, "bank": p.bank}
            for seat, p in people.items()
        }
        bot_names = [s.bot_name for s in self.seats]
        return {"code": self.code, "people": kept, "bot_names": bot_names}

    def save_seats(self) -> bool:
        """Write the last save again with the seats as they are now (a friend sat down or
        gave the seat up since it was written, between hands): the table, its chips and the
        hand it resumes at are the save's, so a friend who sat down for the hand in play
        is in it, with the chips the seat had at its start. Left as it is when it is not the
        table's last point between hands (saving failed since). True when written."""
        recorder = self.recorder
        if recorder.failed is not None:
            return False
        names, people = self.server.seating()
        played = self.table.hand_number

        def seated(last: SavedGame) -> SavedGame | None:
            # The save before the hand in play (or after the last hand, between hands).
            if last.hand_number not in (played, played - 1):
                return None
            extra = {**last.extra, NET_KEY: self._net(people)}
            return dataclasses.replace(last, names=names, extra=extra)

        return recorder.rewrite_save(seated)

    def start(self, tls: ssl.SSLContext | None = None) -> int:
        """Open the server (raises OSError when the port cannot be bound) and start the
        game; the bound port."""
        ready: asyncio.Future[int] | None = None
        failed: list[BaseException] = []
        opened = threading.Event()

        async def main() -> None:
            nonlocal ready
            self._loop = asyncio.get_running_loop()
            ready = self._loop.create_future()
            task = asyncio.create_task(self.server.serve(self.options.bind, self.port, tls, ready))
            try:
                self.port = await asyncio.shield(ready)
            except BaseException as error:
                failed.append(error)
                opened.set()
                raise
            opened.set()
            await task

        def serve() -> None:
            with contextlib.suppress(asyncio.CancelledError):
                try:
                    asyncio.run(main())
                except OSError as error:
                    failed.append(error)
                    opened.set()

        thread = threading.Thread(target=serve, name="audiopoker-server", daemon=True)
        thread.start()
        opened.wait()
        if failed:
            raise failed[0] if isinstance(failed[0], OSError) else OSError(str(failed[0]))
        self._threads.append(thread)
        game = threading.Thread(target=self._play, name="audiopoker-table", daemon=True)
        game.start()
        self._threads.append(game)
        return self.port

    def start_on(self, loop: asyncio.AbstractEventLoop) -> None:
        """Play on a loop that already serves (a room's, whose connections to this table
        reach ``server.handle``): no server of its own, only the game's thread."""
        self._loop = loop
        self.server.loop = loop
        game = threading.Thread(target=self._play, name="audiopoker-table", daemon=True)
        game.start()
        self._threads.append(game)

    def _play(self) -> None:
        try:
            self.recorder.start(self.table)
            if self.wait_for:
                self.pacer.wait_for_people(self.wait_for)
            else:
                self.pacer.wait_for_someone()
            self.game.run()
        except GameStopped:
            pass
        except BaseException as error:
            self.error = error
            log.exception("the hosted table stopped")

    @property
    def over(self) -> bool:
        """True once the game ended (or failed)."""
        return self.game.over or self.error is not None

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the game to end; True when it did."""
        self._threads[-1].join(timeout)
        return not self._threads[-1].is_alive()

    def close(self) -> None:
        """Start closing at once, from any thread, without waiting: the game stops, every
        connection is told the table closed, and from now on a connection that ends is no
        news (the host's own seat, closing with it, is not "lost" to the others)."""
        self.stopping.set()
        self.server.closing = True
        self.save_seats()  # everyone seated now, whatever sat down since the last save
        kept = self.recorder.resumes_at is not None  # saved: the seats come back to it
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self.server.close_all, kept)
                loop.call_soon_threadsafe(loop.call_later, CLOSE_GRACE, _cancel_all, loop)

    def stop(self) -> None:
        """Stop the game and close the server (between or in the middle of a hand: the
        save holds the table as it was before the hand), waiting for both."""
        if not self.server.closing:
            self.close()
        deadline = time.monotonic() + STOP_WITHIN
        for thread in self._threads:  # daemons: what is not done by then dies with the process
            thread.join(timeout=max(0.0, deadline - time.monotonic()))


class _Names:
    """Keeps the recorder's names (the hand histories) and the save as the seats change
    hands: a friend who sits down is saved at once, not only after their first hand."""

    def __init__(self, hosted: HostedTable) -> None:
        self._hosted = hosted

    def on_event(self, event: Event) -> None:
        if isinstance(event, SeatTaken | SeatLeft):
            self._hosted.recorder.names = self._hosted.table.names
            self._hosted.save_seats()


def _cancel_all(loop: asyncio.AbstractEventLoop) -> None:
    for task in asyncio.all_tasks(loop):
        task.cancel()


def _people(data: object) -> dict[int, Person]:
    """The people of a saved table (away until they come back with their tokens)."""
    people: dict[int, Person] = {}
    if not isinstance(data, dict):
        return people
    for seat, entry in data.items():
        if isinstance(entry, dict) and str(seat).isdigit():
            people[int(seat)] = Person(
                name=clean_name(str(entry.get("name", "?"))) or "?",  # saved before cleaning
                token=str(entry.get("token", "")),
                lang=str(entry.get("lang", "en")),
                bank=float(entry.get("bank", DEFAULT_BANK)),
            )
    return people
