"""``audiopoker server``: run a room (issue 28): accounts, a lobby and many tables in one
process, until Control+C (or SIGTERM, as a service manager stops it).

A room that others reach over a network must speak TLS: bound to anything but this
machine's loopback, it refuses to start without ``--certfile`` and ``--keyfile``
(passwords and session tokens cross the wire). It prints, in the operator's language, one
line when it opens (the address, where its database is) and one when it closes; the rest
goes to the log. A room needs the ``room`` extra (argon2-cffi): without it, it says how to
install it.

On PostgreSQL (``--database postgresql://…``) several room processes share the accounts and
the table directory: each tells the others' players where its tables are (``--public-url``,
by default the address it listens on; required when that is every network, 0.0.0.0 or ::,
which is no address to connect to).
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
from urllib.parse import urlsplit, urlunsplit

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
        metavar="FILE|URL",
        help=f"the room's SQLite database (default: {DATABASE} in the data folder), or a "
        "postgresql:// URL: room processes on one PostgreSQL database share accounts and tables",
    )
    room.add_argument(
        "--public-url",
        metavar="URL",
        help="with PostgreSQL: where players reach this process (ws:// or wss://HOST:PORT), "
        "told to those sent to its tables from other processes (default: the address it "
        "listens on)",
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


def unspecified(address: str) -> bool:
    """Whether ``address`` means every network (no address to connect to).

    >>> unspecified("0.0.0.0"), unspecified("::"), unspecified("127.0.0.1")
    (True, True, False)
    """
    try:
        return ipaddress.ip_address(address).is_unspecified
    except ValueError:
        return False


def shown(target: Path | str) -> str:
    """The database as printed: a URL without its password.

    >>> shown("postgresql://room:secret@db:5432/room")
    'postgresql://room@db:5432/room'
    """
    if isinstance(target, Path):
        return str(target)
    parts = urlsplit(target)
    if parts.password is None:
        return target
    host = parts.netloc.rsplit("@", 1)[1]
    return urlunsplit(parts._replace(netloc=f"{parts.username}@{host}"))


def _tls(args: argparse.Namespace) -> ssl.SSLContext | None:
    return server_tls(args.certfile, args.keyfile)


def run_server(args: argparse.Namespace) -> int:
    """Open the room and serve until stopped."""
    lang = resolve_language(args.lang)
    try:
        from audiopoker.room.accounts import Accounts
        from audiopoker.room.directory import Directory
        from audiopoker.room.room_db import SchemaTooNew, is_postgres
        from audiopoker.room.room_server import RoomServer
        from audiopoker.room.room_store import open_store

        target: Path | str = args.database or data_dir() / DATABASE
        if is_postgres(target):
            import psycopg  # noqa: F401  (only to say what is missing, before anything)
        else:
            target = Path(target)
    except ModuleNotFoundError as error:  # the room extra is not installed
        if error.name is None or not error.name.startswith(("argon2", "psycopg")):
            raise
        print(command_text("room.needs_extra", lang), file=sys.stderr)
        return 2
    shared = is_postgres(target)
    if shared and args.public_url is None and unspecified(args.bind):
        print(command_text("room.public_url_required", lang, address=args.bind), file=sys.stderr)
        return 2
    try:
        tls = _tls(args)
    except (OSError, ssl.SSLError) as error:
        print(command_text("room.tls_failed", lang, reason=error), file=sys.stderr)
        return 2
    if tls is None and not loopback(args.bind):
        print(command_text("room.tls_required", lang, address=args.bind), file=sys.stderr)
        return 2
    path = shown(target)
    try:
        store = open_store(target)
        directory = Directory(target, args.public_url or "") if shared else None
    except SchemaTooNew:
        print(command_text("room.database_too_new", lang, path=path), file=sys.stderr)
        return 2
    except Exception as error:  # sqlite3.Error, psycopg.Error, OSError: it cannot be used
        print(command_text("room.database_failed", lang, path=path, reason=error), file=sys.stderr)
        return 2
    accounts = Accounts(store)
    for name in args.admin:
        if not accounts.set_role(name, "admin"):
            print(command_text("room.no_account", lang, name=name), file=sys.stderr)
            store.close()
            return 2
    server = RoomServer(
        accounts, max_tables=args.max_tables, bot_delay=args.bot_delay, directory=directory
    )
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
        host = f"[{args.bind}]" if ":" in args.bind else args.bind
        address = f"{scheme}://{host}:{port}"
        if directory is not None and not directory.public_url:
            directory.public_url = address  # where the others send players to our tables
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
        if directory is not None:
            directory.close()
    if code == 0:
        print(command_text("room.closed", lang), flush=True)
    return code
