"""``audiopoker host``: open a table on the network; friends join it from their machines.

The host plays at the table from the same process (as a joiner on this machine) unless
``--no-seat``; then the table serves until Control+C or the game's end.

Saving the table meets the faults of the machine as the solo game does, and the host hears
them the same way, in words (``SaveNews``): a folder that cannot be opened at the start is
tried again after each hand, a save that cannot be written is too, what is kept and from
which hand it resumes is said, and so is the moment saving works again.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import signal
import socket
import sqlite3
import ssl
import sys
import threading
from pathlib import Path
from types import FrameType

from audiopoker.argtypes import (
    EXIT_REFUSED,
    command_text,
    int_range,
    one_line_error,
    refuse,
)
from audiopoker.bots.levels import LEVELS
from audiopoker.commands.join import add_player_arguments, choose_words, last_words, play_at
from audiopoker.commands.play import MAX_CHIPS, _blinds, _seconds, table_from_args
from audiopoker.engine.table import MAX_PLAYERS, MIN_PLAYERS
from audiopoker.i18n import Language
from audiopoker.narration.language import resolve_language
from audiopoker.net.host_news import HostNews
from audiopoker.net.hosted_table import HostedTable, HostOptions
from audiopoker.net.limits import spoken_code
from audiopoker.net.net_text import NetText
from audiopoker.net.serving import server_tls
from audiopoker.output.factory import router_from_args
from audiopoker.output.message import Message
from audiopoker.output.router import Router
from audiopoker.persistence import GameRecorder, SavedGame, StatsTooNew, Store, data_dir
from audiopoker.persistence.faults import kind_of
from audiopoker.persistence.files import LockBusy
from audiopoker.tournament.options import add_tournament_arguments
from audiopoker.ui.record_texts import RecordText

HOSTED_FOLDER = "hosted"  # the hosted table's save and histories, beside the solo game's

log = logging.getLogger(__name__)


class SaveNews:
    """What the host hears about saving the table, in the host's language: a fault in the
    player's words (what it is, what to do, what is kept and from which hand the table
    resumes), and when saving works again. The technical reason goes to the log only."""

    def __init__(self, router: Router, lang: Language) -> None:
        self.router = router
        self.text = NetText(lang)
        self.records = RecordText(lang)
        self.recorder: GameRecorder | None = None  # the hosted table's, once it is made

    def say(self, line: str, kind: str = "error") -> None:
        with contextlib.suppress(RuntimeError):  # the router closed: the host has left
            self.router.send(Message(kind, line))

    def problem(self, error: Exception) -> None:
        """Saving failed (the first time since it last worked)."""
        hand = self.recorder.resumes_at if self.recorder is not None else None
        key = "host.save_failed" if hand is not None else "host.save_failed.none"
        self.say(self.text.say(key, fault=self.records.fault(error), hand=hand))

    def recovered(self) -> None:
        """Saving works again: the table is saved (from which hand it resumes), or its
        hands are recorded beside a saved table that is kept."""
        recorder = self.recorder
        if recorder is None or recorder.over:
            return
        hand = recorder.resumes_at
        if hand is not None:
            self.say(self.text.say("host.save_works", hand=hand), "saved")
        elif recorder.store.save_kept:
            self.say(self.text.say("host.save_works.kept"), "saved")

    def cannot_open(self, folder: Path, error: Exception, kept: int | None) -> None:
        """The folder cannot be opened when the table starts (tried again after each hand)."""
        fault = self.records.fault(error)
        key = "host.cannot_save" if kept is None else "host.cannot_save.kept"
        self.say(self.text.say(key, folder=folder, fault=fault, hand=kept))

    def resumes_at(self) -> int | None:
        """The hand the saved table goes on from if it closed now; None: not saved."""
        return self.recorder.resumes_at if self.recorder is not None else None

    def closed(self) -> str:
        """The goodbye of a table served without a seat: saved (from which hand it resumes)
        or not."""
        hand = self.resumes_at()
        if hand is None:
            return self.text.say("host.closed.unsaved")
        return self.text.say("host.closed", hand=hand)


def open_table_store(folder: Path | None, news: SaveNews) -> Store | None:
    """The hosted table's store: open, or not yet when the machine keeps it from opening
    (said; the recorder tries again after each hand); a store in memory for statistics of
    a newer version (said). None when another copy hosts from the folder (said)."""
    store = Store(folder)
    try:
        store.open()
    except LockBusy:
        news.say(news.text.say("host.busy"))
        return None
    except StatsTooNew:
        news.say(news.records.stats_too_new())
        store = Store(None)
        store.open()
    except (OSError, sqlite3.Error) as error:
        log.warning("tables cannot be saved in %s (%s): %s", folder, kind_of(error).value, error)
        assert folder is not None
        news.cannot_open(folder, error, store.waiting_hand())
    return store


def saved_table(store: Store, news: SaveNews) -> SavedGame | None:
    """The saved table to resume: a file read and found unusable is kept aside, one that
    cannot be read is left as it is (and never replaced); both are said."""
    if not store.opened:
        return None  # the host heard that the saved table stays as it was
    found = store.load()
    if found.error is not None:
        news.say(news.records.save_refused(found.error, found.kept_as))
    if found.unread is not None:
        news.say(news.text.say("host.save_unread", fault=news.records.fault(found.unread)))
    return found.saved


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``host``."""
    host = subparsers.add_parser(
        "host",
        help="open a table on the network for friends to join",
        description="Open a table on the network: say the address and the invite code to "
        "your friends, who join with `audiopoker join`. Bots fill the empty seats.",
    )
    net = host.add_argument_group("network")
    net.add_argument("--port", type=int_range(0, 65535), default=7777, help="(default: 7777)")
    net.add_argument(
        "--bind",
        default="127.0.0.1",
        metavar="ADDRESS",
        help="where to listen: 127.0.0.1 (the default) lets only this computer join; "
        "0.0.0.0 lets your network join",
    )
    net.add_argument(
        "--certfile", type=Path, metavar="PEM", help="serve over TLS with this certificate"
    )
    net.add_argument("--keyfile", type=Path, metavar="PEM", help="the certificate's private key")
    net.add_argument("--no-seat", dest="seat", action="store_false", help="host without playing")
    net.add_argument(
        "--new", action="store_true", help="start a new table even when a saved one exists"
    )
    net.add_argument("--no-save", dest="save", action="store_false", help="keep nothing on disk")
    table = host.add_argument_group("table")
    table.add_argument(
        "--seats",
        type=int_range(MIN_PLAYERS, MAX_PLAYERS),
        default=6,
        metavar="N",
        help=f"seats at the table, {MIN_PLAYERS} to {MAX_PLAYERS} (default: 6)",
    )
    table.add_argument("--chips", type=int_range(1, MAX_CHIPS), default=200, metavar="N")
    table.add_argument("--blinds", type=_blinds, metavar="SMALL/BIG", help="(default: 1/2)")
    table.add_argument("--ante", type=int_range(0, MAX_CHIPS), metavar="N", help="(default: 0)")
    table.add_argument("--hands", type=int_range(1, 1_000_000), metavar="N")
    table.add_argument("--bots", choices=LEVELS, default="normal")
    table.add_argument("--seed", type=int_range(0, 2**63 - 1))
    table.add_argument("--bot-delay", type=_seconds, default=1.0, metavar="SECONDS")
    table.add_argument(
        "--turn-seconds",
        type=int_range(10, 600),
        default=60,
        metavar="SECONDS",
        help="each player's time to act (default: 60), warned at 20 and 10 seconds left",
    )
    table.add_argument(
        "--time-bank",
        type=int_range(0, 3600),
        default=60,
        metavar="SECONDS",
        help="extra seconds each player may use over the game once their time runs out "
        "(default: 60)",
    )
    add_tournament_arguments(host)
    add_player_arguments(host)
    host.set_defaults(func=run_host, data_folder="write")
    host.error = one_line_error(host)  # type: ignore[method-assign, assignment]


def _tls(args: argparse.Namespace) -> ssl.SSLContext | None:
    return server_tls(args.certfile, args.keyfile)


def lan_address(bind: str) -> str:
    """The address friends type: the bound one, or for 0.0.0.0 this machine's address on
    its network (no packet is sent to find it)."""
    if bind not in ("0.0.0.0", "::", ""):
        return bind
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("10.255.255.255", 1))
        return str(probe.getsockname()[0])
    return socket.gethostname()


def run_host(args: argparse.Namespace) -> int:
    """Open the table, say how to join, and play at it (or serve it)."""
    lang = resolve_language(args.lang)
    choose_words(args)
    text = NetText(lang)
    args.players = args.seats  # what the tournament's options are checked against
    tournament, refusal = table_from_args(args, lang)
    if refusal is not None:
        print(
            command_text("cli.error", lang, prog="audiopoker host", message=refusal),
            file=sys.stderr,
        )
        return EXIT_REFUSED
    router = router_from_args(args, lang)
    saving = SaveNews(router, lang)
    store: Store | None = None
    try:
        store = open_table_store(data_dir() / HOSTED_FOLDER if args.save else None, saving)
        if store is None:
            return refuse("host", text.say("host.busy"))
        saved = None
        if args.save and not args.new:
            saved = saved_table(store, saving)
        try:
            tls = _tls(args)
        except (OSError, ssl.SSLError) as error:
            line = text.say("host.tls", reason=error.strerror or str(error))
            router.send(Message("error", line))
            return refuse("host", line)
        small, big = args.blinds if args.blinds is not None else (1, 2)
        options = HostOptions(
            seats=args.seats,
            chips=args.chips,
            small_blind=small,
            big_blind=big,
            ante=args.ante or 0,
            hands=args.hands,
            bots=args.bots,
            seed=args.seed,
            lang=lang,
            bot_delay=args.bot_delay,
            turn_seconds=args.turn_seconds,
            time_bank=args.time_bank,
            bind=args.bind,
            port=args.port,
            bot_time_budget=None if args.seed is not None else 0.08,
        )
        hosted = HostedTable(options, store, saved, tournament, saving.problem, saving.recovered)
        saving.recorder = hosted.recorder
        try:
            port = hosted.start(tls)
        except OSError as error:
            line = text.say(
                "host.cannot_open",
                port=args.port,
                address=args.bind,
                reason=error.strerror or str(error),
            )
            router.send(Message("error", line))
            return refuse("host", line)
        address = lan_address(args.bind)
        code = hosted.code
        router.send(
            Message(
                "welcome", text.say("host.open", address=address, port=port, code=spoken_code(code))
            )
        )
        if hosted.resumed:
            router.send(
                Message("welcome", text.say("host.resumed", hand=hosted.table.hand_number + 1))
            )
        if args.bind in ("127.0.0.1", "localhost", "::1"):
            router.send(Message("welcome", text.say("host.loopback")))
        print(text.say("host.command", address=address, port=port, code=code), flush=True)
        try:
            if args.seat:
                scheme = "wss" if tls is not None else "ws"
                target = "127.0.0.1" if args.bind in ("0.0.0.0", "") else args.bind
                # The host's seat: leaving closes the table, and says whether it is saved.
                return play_at(
                    f"{scheme}://{target}:{port}",
                    code,
                    args,
                    router,
                    lang,
                    close_table=hosted.close,
                    farewell=lambda: [saving.closed()],
                    saved_at=saving.resumes_at,
                )
            news = HostNews(lang, lambda: hosted.table.names, router.send)
            hosted.game.add_listener(news)
            hosted.server.news.append(news.on_event)
            return _serve(hosted, router, saving)
        finally:
            hosted.stop()
    finally:
        if store is not None:
            store.close()
        last_words(router)
        router.close()


def _serve(hosted: HostedTable, router: Router, saving: SaveNews) -> int:
    """Serve until the game ends, Control+C or SIGTERM."""
    done = threading.Event()

    def stop(signum: int, frame: FrameType | None) -> None:
        done.set()

    with contextlib.suppress(ValueError):  # not the main thread (tests)
        signal.signal(signal.SIGTERM, stop)
    try:
        while not done.is_set() and not hosted.over:
            hosted.wait(0.5)
    except KeyboardInterrupt:
        pass
    if not hosted.over:  # the end of the game was said as it came
        router.send(Message("goodbye", saving.closed()))
    return 1 if hosted.error is not None else 0
