"""``audiopoker server``: run a room (issue 28): accounts, a lobby and many tables in one
process, until Control+C (or SIGTERM, as a service manager stops it).

A room that others reach over a network must speak TLS: bound to anything but this
machine's loopback, it refuses to start without ``--certfile`` and ``--keyfile``
(passwords and session tokens cross the wire). It prints, in the operator's language, one
line when it opens (the address, where its database is) and one when it closes; the rest
goes to the log. A room needs the ``room`` extra (argon2-cffi): without it, it says how to
install it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ipaddress
import logging
import signal
import ssl
import sys
from pathlib import Path

from audiopoker.argtypes import command_text, int_range, one_line_error
from audiopoker.narration.language import LANGUAGES, resolve_language
from audiopoker.net.serving import server_tls
from audiopoker.persistence import data_dir

log = logging.getLogger(__name__)

DEFAULT_PORT = 7778
DATABASE = "audiopoker-room.sqlite3"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``server``."""
    room = subparsers.add_parser(
        "server",
        help="run a room: accounts, a lobby and many tables that players make",
        description="Run a room for many players: they register and log in, meet in the "
        "lobby, make tables, sit down and watch. TLS is required unless the room listens on "
        "this machine only.",
    )
    room.add_argument(
        "--bind",
        default="127.0.0.1",
        metavar="ADDRESS",
        help="where to listen: 127.0.0.1 (the default) for this machine only; 0.0.0.0 for "
        "every network (then --certfile and --keyfile are required)",
    )
    room.add_argument(
        "--port", type=int_range(0, 65535), default=DEFAULT_PORT, help=f"(default: {DEFAULT_PORT})"
    )
    room.add_argument("--certfile", type=Path, metavar="PEM", help="the TLS certificate")
    room.add_argument("--keyfile", type=Path, metavar="PEM", help="the certificate's key")
    room.add_argument(
        "--database",
        type=Path,
        metavar="FILE",
        help=f"the room's SQLite database (default: {DATABASE} in the data folder)",
    )
    room.add_argument(
        "--max-tables",
        type=int_range(1, 10_000),
        default=500,
        metavar="N",
        help="tables the room holds at once (default: 500)",
    )
    room.add_argument(
        "--bot-delay",
        type=float,
        default=1.0,
        metavar="SECONDS",
        help="how long bots wait, once everyone heard, before acting (default: 1)",
    )
    room.add_argument(
        "--admin",
        action="append",
        default=[],
        metavar="NAME",
        help="make the account NAME an admin of the room (mute, kick, ban); again for more",
    )
    room.add_argument("--lang", choices=LANGUAGES, help="the language of what it prints")
    room.set_defaults(func=run_server, data_folder="write")
    room.error = one_line_error(room)  # type: ignore[method-assign, assignment]


def loopback(address: str) -> bool:
    """Whether ``address`` is this machine only.

    >>> loopback("127.0.0.1"), loopback("::1"), loopback("localhost"), loopback("0.0.0.0")
    (True, True, True, False)
    """
    if address == "localhost":
        return True
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def _tls(args: argparse.Namespace) -> ssl.SSLContext | None:
    return server_tls(args.certfile, args.keyfile)


def run_server(args: argparse.Namespace) -> int:
    """Open the room and serve until stopped."""
    lang = resolve_language(args.lang)
    try:
        from audiopoker.room.accounts import Accounts
        from audiopoker.room.room_db import SchemaTooNew, Store
        from audiopoker.room.room_server import RoomServer
    except ModuleNotFoundError as error:  # the room extra is not installed
        if error.name is None or not error.name.startswith("argon2"):
            raise
        print(command_text("room.needs_extra", lang), file=sys.stderr)
        return 2
    try:
        tls = _tls(args)
    except (OSError, ssl.SSLError) as error:
        print(command_text("room.tls_failed", lang, reason=error), file=sys.stderr)
        return 2
    if tls is None and not loopback(args.bind):
        print(command_text("room.tls_required", lang, address=args.bind), file=sys.stderr)
        return 2
    path: Path = args.database if args.database is not None else data_dir() / DATABASE
    try:
        store = Store(path)
    except SchemaTooNew:
        print(command_text("room.database_too_new", lang, path=path), file=sys.stderr)
        return 2
    except Exception as error:  # sqlite3.Error, OSError: the file cannot be used
        print(command_text("room.database_failed", lang, path=path, reason=error), file=sys.stderr)
        return 2
    accounts = Accounts(store)
    for name in args.admin:
        if not accounts.set_role(name, "admin"):
            print(command_text("room.no_account", lang, name=name), file=sys.stderr)
            store.close()
            return 2
    server = RoomServer(accounts, max_tables=args.max_tables, bot_delay=args.bot_delay)
    scheme = "wss" if tls is not None else "ws"

    async def main() -> int:
        loop = asyncio.get_running_loop()
        stop = asyncio.Event()
        for number in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows
                loop.add_signal_handler(number, stop.set)
        ready: asyncio.Future[int] = loop.create_future()
        serving = asyncio.create_task(server.serve(args.bind, args.port, tls, ready))
        try:
            port = await ready
        except OSError as error:
            print(command_text("room.cannot_listen", lang, reason=error), file=sys.stderr)
            return 1
        address = f"{scheme}://{args.bind}:{port}"
        print(command_text("room.open", lang, address=address, path=path), flush=True)
        await stop.wait()
        serving.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await serving
        return 0

    try:
        code = asyncio.run(main())
    except KeyboardInterrupt:  # where signal handlers cannot be set
        code = 0
    finally:
        store.close()
    if code == 0:
        print(command_text("room.closed", lang), flush=True)
    return code
