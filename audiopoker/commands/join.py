"""``audiopoker join HOST[:PORT] --code CODE``: take a seat at a friend's network table,
with this machine's own screen reader, language, keys and sounds."""

from __future__ import annotations

import argparse
import queue
import random
import ssl
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from audiopoker.argtypes import int_range, one_line_error, refuse
from audiopoker.audio.listener import DEFAULT_VOLUME, build_sound
from audiopoker.bots.levels import make_bot
from audiopoker.coach.bot import COACH_LEVEL
from audiopoker.commands import words_choice
from audiopoker.commands.amounts_choice import add_amounts_argument
from audiopoker.commands.play import _name, _no_terminal_warning
from audiopoker.commands.spectating import wait_for_seat, watch_table
from audiopoker.commands.words_choice import add_words_argument
from audiopoker.i18n import Language
from audiopoker.narration.amounts import PREF_KEY
from audiopoker.narration.language import LANGUAGES, resolve_language
from audiopoker.net.client import Connection
from audiopoker.net.net_text import NetText
from audiopoker.net.protocol import (
    EventFrame,
    Hello,
    RefusalCode,
    Refused,
    ServerFrame,
    Waiting,
    Welcome,
)
from audiopoker.net.tokens import TokenBook
from audiopoker.output.factory import add_output_arguments, router_from_args
from audiopoker.output.message import Message
from audiopoker.output.router import Router
from audiopoker.persistence import data_dir
from audiopoker.ui.keymap import load_keymap, user_keymap_path
from audiopoker.ui.net_record import open_record
from audiopoker.ui.net_talk import Spectator
from audiopoker.ui.player_prefs import PrefsFile
from audiopoker.ui.questions import Quits
from audiopoker.ui.record_texts import RecordText
from audiopoker.ui.reminder import DEFAULT_REMIND, MAX_REMIND
from audiopoker.ui.remote_link import ClientSession
from audiopoker.ui.ui_text import UiText
from audiopoker.view.view_options import add_view_arguments, view_beside

DEFAULT_PORT = 7777


def add_player_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of the person at the keyboard (join, and host when it plays)."""
    parser.add_argument("--name", type=_name, help="your name at the table")
    parser.add_argument("--lang", choices=LANGUAGES, help="language: es or en")
    parser.add_argument("--keymap", type=Path, metavar="FILE", help="a keymap file")
    add_words_argument(parser)
    add_amounts_argument(parser)
    parser.add_argument(
        "--remind",
        type=int_range(0, MAX_REMIND),
        metavar="SECONDS",
        help=f"a reminder after SECONDS of a quiet turn; 0 turns it off (default: "
        f"{int(DEFAULT_REMIND)}, or what you last chose)",
    )
    sound = parser.add_argument_group("sound cues")
    sound.add_argument("--no-sound", dest="sound", action="store_false", help="no sound cues")
    sound.add_argument(
        "--sound-volume",
        type=int_range(0, 100),
        default=round(DEFAULT_VOLUME * 100),
        metavar="PERCENT",
    )
    # Tests and the load benchmark: a bot of this level plays the seat, without keys.
    parser.add_argument("--autopilot", nargs="?", const="easy", help=argparse.SUPPRESS)
    parser.add_argument("--autopilot-think", type=float, default=0.0, help=argparse.SUPPRESS)
    add_output_arguments(parser)
    add_view_arguments(parser)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``join``."""
    join = subparsers.add_parser(
        "join",
        help="take a seat at a friend's network table",
        description="Join a network table opened with `audiopoker host`.",
    )
    join.add_argument(
        "address", metavar="HOST[:PORT]", help=f"the table (port {DEFAULT_PORT} if none)"
    )
    join.add_argument("--code", required=True, help="the invite code the host read to you")
    join.add_argument("--tls", action="store_true", help="the table uses TLS (wss)")
    join.add_argument(
        "--cafile", type=Path, metavar="PEM", help="trust this certificate (a self-signed table)"
    )
    add_player_arguments(join)
    join.set_defaults(func=run_join, data_folder="write")
    join.error = one_line_error(join)  # type: ignore[method-assign, assignment]


def _uri(address: str, tls: bool) -> str:
    host, colon, port = address.rpartition(":")
    if not colon or not port.isdigit() or "]" in port:
        host, port = address, str(DEFAULT_PORT)
    return f"{'wss' if tls else 'ws'}://{host}:{port}"


# Seconds at most for the last words (why the table could not be reached, goodbye).
LAST_WORDS_WAIT = 30.0


def last_words(router: Router) -> None:
    """Let what is still to be said be heard before the voice closes (Control+C cuts it)."""
    try:
        router.wait_until_quiet(timeout=LAST_WORDS_WAIT)
    except KeyboardInterrupt:
        router.silence()


def run_join(args: argparse.Namespace) -> int:
    """Join the table and play until leaving."""
    lang = resolve_language(args.lang)
    choose_words(args)
    router = router_from_args(args, lang)
    try:
        uri = _uri(args.address, args.tls or args.cafile is not None)
        return play_at(uri, args.code, args, router, lang)
    finally:
        last_words(router)
        router.close()


def choose_words(args: argparse.Namespace) -> None:
    """Speak in the Spanish words typed (--words, remembered), else those last chosen (the
    player's preferences), before any sentence is built: each seat narrates its own table,
    so a player's words are theirs, whatever the host's."""
    words_choice.choose_words(getattr(args, "words", None), _prefs_file(args))


def _prefs_file(args: argparse.Namespace) -> PrefsFile:
    return words_choice.prefs_file(getattr(args, "keep_seat", True))


def kept_prefs(saved: dict[str, Any], args: argparse.Namespace) -> dict[str, Any]:
    """The preferences kept from the last time, less those this command line gives (an
    option typed wins, as for a resumed game) and the words (chosen already)."""
    prefs = dict(saved)
    if getattr(args, "verbosity", "normal") != "normal":
        prefs.pop("verbosity", None)
    if args.remind is not None:
        prefs.pop("remind", None)
    if getattr(args, "amounts", None) is not None:  # typed: it wins, and is kept from now on
        prefs[PREF_KEY] = args.amounts
    prefs.pop("words", None)
    return prefs


def keep_seat(book: TokenBook, key: str, token: str, router: Router, lang: Language) -> None:
    """Keep the seat's token, to come back to it; when the machine refuses (a full disk, a
    folder that cannot be written) the player hears so in words, and plays on: the seat is
    then kept only while this program runs."""
    error = book.put(key, token)
    if error is not None:
        fault = RecordText(lang).fault(error)
        router.send(Message("error", NetText(lang).say("join.seat_not_kept", fault=fault)))


def tls_for(uri: str, cafile: Path | None) -> ssl.SSLContext | None:
    if not uri.startswith("wss:"):
        return None
    context = ssl.create_default_context(cafile=str(cafile) if cafile is not None else None)
    return context


ARRIVAL_WATCHING = "join.watching"  # a room's ticket to watch: never seated


def play_at(
    uri: str,
    code: str,
    args: argparse.Namespace,
    router: Router,
    lang: Language,
    *,
    close_table: Callable[[], None] | None = None,
    farewell: Callable[[], list[str]] = list,
    saved_at: Callable[[], int | None] = lambda: None,
    arrival: str = "join.waiting",
    in_room: bool = False,
    chat_line: Callable[[Message], None] | None = None,
    room_line: Callable[[str], bool] | None = None,
) -> int:
    """Connect to the table at ``uri``, wait for a seat, and play at it. ``close_table``:
    the host's own seat (its leaving closes the table; the joiner's connecting words are
    not the host's to hear); ``farewell``: said on quitting, before goodbye; ``saved_at``:
    the host's, the hand its saved table goes on from (None: not saved), for Q's question;
    ``arrival``: what is said once the table let the player in (a room's ticket: to sit,
    ``join.waiting.room``, or only to watch, ``join.watching``: followed with its own keys,
    ``commands.spectating``); ``in_room``: a room's table, which Q Q leaves for the lobby;
    ``chat_line``: how others' chat lines reach the player (a room's table channel);
    ``room_line``: a typed line the room takes instead of the table (True when it did)."""
    text = NetText(lang)
    address = uri.split("://", 1)[1]
    hosting = close_table is not None
    if not hosting:
        router.send(Message("welcome", text.say("join.connecting", address=address)))
    try:
        tls = tls_for(uri, getattr(args, "cafile", None))
    except (OSError, ssl.SSLError) as error:
        return refuse("join", text.say("join.failed", address=address, reason=str(error)))
    first: queue.Queue[ServerFrame | tuple[str, str]] = queue.Queue()
    session: ClientSession | None = None
    switch = threading.Lock()  # frames go to ``first`` until the session takes over, in order

    def on_frame(frame: ServerFrame) -> None:
        with switch:
            (session.on_frame if session is not None else first.put)(frame)

    def on_link(state: str, reason: str) -> None:
        with switch:
            if session is not None:
                session.on_link(state, reason)
            else:
                first.put((state, reason))

    # No name typed: the table gives one nobody there has ("Jugador" is no name to others).
    named = args.name is not None
    name = args.name or UiText(lang).default_name()
    book = TokenBook(data_dir() if getattr(args, "keep_seat", True) else None)
    seat_key = f"{uri} {name}"  # two friends on one machine keep two seats
    # The seat this player had at this table, taken back; never by a spectator (found
    # playing: watching a table one had left took the seat back, and nothing was said).
    token = None if arrival == ARRIVAL_WATCHING else book.get(seat_key)
    hello = Hello(code=code, name=name, named=named, lang=lang, token=token)
    connection = Connection(uri, hello, tls, on_frame, on_link)
    connection.start()
    spectator = Spectator(lang, router)
    if arrival == ARRIVAL_WATCHING:  # never seated: the spectator's own keys
        keymap, _ = load_keymap([user_keymap_path()] + ([args.keymap] if args.keymap else []))
        return watch_table(first, connection, spectator, router, text, keymap, arrival)

    def settle(stop: threading.Event) -> Welcome | int:
        """The table's frames until a seat (its Welcome) or the end (an exit code); 0
        when ``stop`` is set (a room's player went back to the lobby while waiting)."""
        nonlocal first, connection, token
        while True:
            try:
                got = first.get(timeout=0.2)
            except queue.Empty:
                if stop.is_set():
                    connection.close()
                    return 0
                continue
            if isinstance(got, tuple):
                line = text.say("join.failed", address=address, reason=got[1])
                router.send(Message("error", line))
                return refuse("join", line)
            if isinstance(got, Refused) and got.code is RefusalCode.BAD_TOKEN and token:
                connection.close()  # the table does not know that seat any more: a new one
                book.put(seat_key, None)
                token = None
                first = queue.Queue()
                hello = Hello(code=code, name=name, named=named, lang=lang)
                connection = Connection(uri, hello, tls, on_frame, on_link)
                connection.start()
            elif isinstance(got, Refused):
                closed = got.code is RefusalCode.CLOSED  # before a seat: nothing to come to
                line = text.say("join.closed" if closed else f"refused.{got.code.value}")
                router.send(Message("error", line))
                if got.fatal or got.code is RefusalCode.CLOSED:
                    connection.close()
                    return refuse("join", line)
            elif isinstance(got, Waiting):
                if not hosting:
                    router.send(Message("welcome", text.say(arrival)))
                spectator.waiting(got)  # where the hand being played meanwhile stands
            elif isinstance(got, EventFrame):
                spectator.follow(got)  # and what happens in it, as to a spectator
            elif isinstance(got, Welcome):
                keep_seat(book, seat_key, got.token, router, lang)
                return got

    if in_room:  # keys answered while waiting, Q Q back to the lobby
        keymap, _ = load_keymap([user_keymap_path()] + ([args.keymap] if args.keymap else []))
        settled = wait_for_seat(settle, router, text, keymap)
    else:
        try:
            settled = settle(threading.Event())
        except KeyboardInterrupt:
            connection.close()
            return 1
    if not isinstance(settled, Welcome):
        return settled
    got = settled
    _no_terminal_warning()
    paths = [user_keymap_path()] + ([args.keymap] if args.keymap is not None else [])
    keymap, problems = load_keymap(paths)
    sound = build_sound(True, args.sound_volume / 100, seat=got.seat) if args.sound else None
    autopilot = None
    if args.autopilot:
        autopilot = make_bot(args.autopilot, random.Random(), more_levels=COACH_LEVEL)
    prefs = _prefs_file(args)
    record = None
    if getattr(args, "save", True):  # the host's --no-save keeps nothing on disk
        record = open_record(data_dir(), text, lambda line: router.send(Message("error", line)))
    made = ClientSession(
        got,
        connection,
        router,
        keymap,
        lang,
        keymap_problems=problems,
        sound=sound,
        autopilot=autopilot,
        think=args.autopilot_think,
        remind=float(args.remind if args.remind is not None else DEFAULT_REMIND),
        named=named,
        close_table=close_table,
        farewell=farewell,
        saved_at=saved_at,
        prefs=prefs,
        record=record,
    )
    made.restore_prefs(kept_prefs(prefs.read(), args))
    if in_room:
        made.controller.questions.quits = Quits.ROOM_SEAT
    if chat_line is not None:
        made.remote.talk.chat_line = chat_line
    made.remote.chat.divert = room_line
    with switch:
        while not first.empty():  # what came while the session was being made
            early = first.get()
            if isinstance(early, tuple):
                made.on_link(*early)
            else:
                made.on_frame(early)
        session = made
    with view_beside(made, args):  # the large view, when wanted (issue 27)
        return made.run()
