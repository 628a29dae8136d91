"""``audiopoker connect ADDRESS``: enter a room (issue 28, point 2) by ear.

The player comes in with the key of their last visit when this machine kept one (the
room's rotating session token, kept beside the seat tokens), else by name and password
(``--register`` makes the account): the name from ``--name`` or asked, the password from
``--password-file`` or asked without being shown, each question said and printed. Then the
lobby (``ui.lobby``): who is here, the tables, the lines said. Sitting down or watching
opens the table with the room's ticket, where the network table's client plays
(``commands.join.play_at``, the one player side); leaving the table comes back to the lobby.
"""

from __future__ import annotations

import argparse
import getpass
import logging
import queue
import threading
from pathlib import Path

from prompt_toolkit.application import Application

from audiopoker.argtypes import one_line_error
from audiopoker.audio.cues import Cue
from audiopoker.audio.listener import build_sound
from audiopoker.commands import words_choice
from audiopoker.commands.join import (
    add_player_arguments,
    choose_words,
    last_words,
    play_at,
    tls_for,
)
from audiopoker.commands.play import _no_terminal_warning
from audiopoker.narration.language import Language, resolve_language
from audiopoker.net.tokens import TokenBook
from audiopoker.output.factory import router_from_args
from audiopoker.output.message import Message
from audiopoker.output.router import Router
from audiopoker.persistence import data_dir
from audiopoker.room.room_link import LinkClosed, RoomLink
from audiopoker.room.room_protocol import (
    Entered,
    Leave,
    Lobby,
    Login,
    Register,
    Resume,
    RoomRefused,
    Ticket,
)
from audiopoker.ui.app import build_app
from audiopoker.ui.channels import PREF_KEY as CHANNELS_KEY
from audiopoker.ui.channels import TABLE, Channels
from audiopoker.ui.keymap import Keymap, load_keymap, user_keymap_path
from audiopoker.ui.lobby import LobbyKeys
from audiopoker.ui.player_prefs import KeptPrefs
from audiopoker.ui.ui_text import UiText

log = logging.getLogger(__name__)

DEFAULT_ROOM_PORT = 7778
ANSWER_WAIT = 30.0  # seconds for the room to answer an entry
PASSWORD_TRIES = 3
LOBBY_OPENING = "lobby_opening"  # the state the lobby's opening is true in


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``connect``."""
    command = subparsers.add_parser(
        "connect",
        help="enter a room: its lobby, its people and its tables",
        description="Enter a room run with `audiopoker server`: log in (or --register), hear "
        "who is there and the tables, make one, sit down or watch.",
    )
    command.add_argument("address", help=f"the room: HOST or HOST:PORT (port {DEFAULT_ROOM_PORT})")
    command.add_argument("--register", action="store_true", help="make a new account")
    command.add_argument(
        "--password-file",
        type=Path,
        metavar="FILE",
        help="read the password from the first line of FILE instead of asking for it",
    )
    command.add_argument("--tls", action="store_true", help="the room speaks TLS (wss)")
    command.add_argument("--cafile", type=Path, metavar="PEM", help="trust this certificate")
    add_player_arguments(command)
    command.set_defaults(func=run_connect, data_folder="write")
    command.error = one_line_error(command)  # type: ignore[method-assign, assignment]


def room_uri(address: str, tls: bool) -> str:
    """``ws://host:port`` for ``address`` (the room's port when none is given).

    >>> room_uri("example.org", True), room_uri("10.0.0.2:9000", False)
    ('wss://example.org:7778', 'ws://10.0.0.2:9000')
    """
    host, colon, port = address.rpartition(":")
    if not colon or not port.isdigit() or "]" in port:
        host, port = address, str(DEFAULT_ROOM_PORT)
    return f"{'wss' if tls else 'ws'}://{host}:{port}"


def run_connect(args: argparse.Namespace) -> int:
    """Enter the room, and stay in its lobby and at its tables until leaving."""
    lang = resolve_language(args.lang)
    choose_words(args)
    router = router_from_args(args, lang)
    try:
        return _visit(args, router, lang)
    finally:
        last_words(router)
        router.close()


def _visit(args: argparse.Namespace, router: Router, lang: Language) -> int:
    text = UiText(lang)
    uri = room_uri(args.address, args.tls or args.cafile is not None)
    address = uri.split("://", 1)[1]
    router.send(Message("welcome", text.catalog.text("ui.lobby.connecting", address=address)))
    try:
        link = RoomLink(uri, tls_for(uri, args.cafile))
        link.open()
    except Exception as error:  # OSError, TLS, a refused handshake, a bad address: all said
        line = text.catalog.text("ui.lobby.cannot_connect", address=address, reason=error)
        router.send(Message("error", line))
        return 1
    try:
        entered = _enter(link, args, router, text, uri)
        if entered is None:
            return 1
        return _lobby(link, entered, args, router, text, uri)
    finally:
        link.close()


def _answer(link: RoomLink) -> Entered | RoomRefused | LinkClosed:
    """The room's answer to an entry (it sends nothing else before one is answered)."""
    try:
        while True:
            frame = link.frames.get(timeout=ANSWER_WAIT)
            if isinstance(frame, Entered | RoomRefused | LinkClosed):
                return frame
            log.warning("the room sent %s before answering the entry", type(frame).__name__)
    except queue.Empty:
        return LinkClosed("no answer")


def _say(router: Router, text: UiText, key: str, kind: str = "error", **fields: object) -> None:
    router.send(Message(kind, text.catalog.text(key, **fields)))


def _enter(
    link: RoomLink, args: argparse.Namespace, router: Router, text: UiText, uri: str
) -> Entered | None:
    """In by the last visit's key, else by name and password (asked at most three times)."""
    book = TokenBook(data_dir())
    name: str = args.name or _ask(router, text.catalog.text("ui.lobby.name_ask"))
    key = f"{uri} room {name}"
    kept = None if args.register else book.get(key)
    if kept is not None:
        link.send(Resume(token=kept, lang=text.lang))
        got = _answer(link)
        if isinstance(got, Entered):
            book.put(key, got.token)
            _say(router, text, "ui.lobby.entered", "welcome", name=got.name)
            return got
        book.put(key, None)
        if isinstance(got, RoomRefused):
            _say(router, text, f"ui.lobby.refused.{got.code}")
    for _ in range(PASSWORD_TRIES):
        password = _password(args, router, text, name)
        entry = Register if args.register else Login
        link.send(entry(name=name, password=password, lang=text.lang))
        got = _answer(link)
        if isinstance(got, Entered):
            book.put(key, got.token)
            said = "ui.lobby.registered" if got.new else "ui.lobby.entered"
            _say(router, text, said, "welcome", name=got.name)
            return got
        if isinstance(got, LinkClosed):
            _say(router, text, "ui.lobby.closed", reason=got.reason)
            return None
        _say(router, text, f"ui.lobby.refused.{got.code}")
        if got.code != "wrong_password" or args.password_file is not None:
            return None  # nothing to type again would change it
    return None


def _ask(router: Router, prompt: str) -> str:
    router.send(Message("question", prompt))
    return input(prompt + " ").strip()


def _password(args: argparse.Namespace, router: Router, text: UiText, name: str) -> str:
    if args.password_file is not None:
        lines = Path(args.password_file).read_text(encoding="utf-8").splitlines()
        return lines[0] if lines else ""
    prompt = text.catalog.text("ui.lobby.password_for", name=name)
    router.send(Message("question", prompt))
    return getpass.getpass(prompt + " ")


def _catch_up(link: RoomLink, keys: LobbyKeys, wait: float | None = None) -> None:
    """The frames already come, to the lobby before its opening is said (so it counts the
    tables as they are now); with ``wait``, up to the next ``Lobby`` (the room sends it
    right after Entered). The connection's end is left for the key loop to say."""
    while True:
        try:
            frame = link.frames.get(timeout=wait) if wait else link.frames.get_nowait()
        except queue.Empty:
            return
        if isinstance(frame, LinkClosed):
            link.frames.put(frame)
            return
        keys.on_frame(frame)
        if wait and isinstance(frame, Lobby) and frame.part == frame.parts - 1:
            return


def _lobby(
    link: RoomLink,
    entered: Entered,
    args: argparse.Namespace,
    router: Router,
    text: UiText,
    uri: str,
) -> int:
    """The lobby, its sound and its channels (kept from the last visit), until the player
    leaves."""
    paths = [user_keymap_path()] + ([args.keymap] if args.keymap is not None else [])
    keymap, _ = load_keymap(paths)
    keys = LobbyKeys(text, link.send, router.send, lambda: None, me=entered.name)
    sound = build_sound(args.sound, args.sound_volume / 100)
    prefs = words_choice.prefs_file(True)
    cue = (lambda: sound.play_cue(Cue.CHAT)) if args.sound else None
    channels = Channels(router, cue, prefs.read().get(CHANNELS_KEY))
    keys.channels = channels
    keys.history = router
    kept = KeptPrefs(prefs, text.lang, router.send)  # a machine that refuses is said
    keys.channels_changed = lambda: kept.save({CHANNELS_KEY: channels.to_json()})
    try:
        return _visit_lobby(link, entered, args, router, text, uri, keys, keymap, channels)
    finally:
        sound.close()


def _while_at_table(link: RoomLink, keys: LobbyKeys, stop: threading.Event) -> None:
    """At a table the room goes on: its lines and notices are heard by their channels'
    settings; the lobby's changes are kept quietly for the return (nothing to act on now)."""
    while not stop.is_set():
        try:
            frame = link.frames.get(timeout=0.2)
        except queue.Empty:
            continue
        if isinstance(frame, LinkClosed):
            link.frames.put(frame)  # the lobby says it on return
            return
        if isinstance(frame, Lobby):
            whole = keys.pages.add(frame)
            if whole is not None:
                keys.lobby = whole
        elif not isinstance(frame, Ticket):
            keys.on_frame(frame)


def _visit_lobby(
    link: RoomLink,
    entered: Entered,
    args: argparse.Namespace,
    router: Router,
    text: UiText,
    uri: str,
    keys: LobbyKeys,
    keymap: Keymap,
    channels: Channels,
) -> int:
    """The lobby's key loop, and each table visited from it, until the player leaves."""
    # The opening (counts and keys) is true until the player acts: not said again after.
    keys.on_key = lambda: router.expire(LOBBY_OPENING)
    _catch_up(link, keys, ANSWER_WAIT)
    _no_terminal_warning()
    arrived = True
    while True:
        if not arrived:  # back from a table: what the room said meanwhile
            _catch_up(link, keys)
        app = build_app(keys, keymap)
        keys.done = app.exit
        keys.ticket, keys.quitting = None, False
        closed: list[LinkClosed] = []

        def pump(app: Application[None] = app, closed: list[LinkClosed] = closed) -> None:
            """The room's frames to the lobby, on the key loop's thread; a ticket ends it
            (at the table, ``_while_at_table`` takes over)."""
            loop = app.loop
            assert loop is not None
            while app.is_running:
                try:
                    frame = link.frames.get(timeout=0.2)
                except queue.Empty:
                    continue
                try:
                    if isinstance(frame, LinkClosed):
                        closed.append(frame)
                        loop.call_soon_threadsafe(app.exit)
                        return
                    loop.call_soon_threadsafe(keys.on_frame, frame)
                except RuntimeError:  # the key loop ended meanwhile: nothing is lost
                    link.frames.put(frame)  # (the lobby takes it when it comes back)
                    return
                if isinstance(frame, Ticket):
                    return

        def start(app: Application[None] = app, arrived: bool = arrived) -> None:
            back = "" if arrived else text.catalog.text("ui.lobby.back")
            opening = f"{back} {keys.opening()}".strip()
            router.send(Message("lobby", opening, true_while=LOBBY_OPENING))
            threading.Thread(target=pump, args=(app,), name="room-lobby", daemon=True).start()

        try:
            app.run(pre_run=start, handle_sigint=False)
        except (EOFError, KeyboardInterrupt):  # the keyboard's input ended
            keys.left = True
        arrived = False
        if closed:
            _say(router, text, "ui.lobby.closed", reason=closed[0].reason)
            return 1
        if keys.left:
            link.send(Leave())
            _say(router, text, "ui.lobby.left", "goodbye")
            return 0
        ticket = keys.ticket
        if ticket is not None:
            table = argparse.Namespace(**{**vars(args), "name": entered.name})
            arrival = "join.watching" if ticket.watch else "join.waiting.room"
            # Another process of the room may hold the table: its address, not ours.
            path, entry = (ticket.url or uri) + ticket.path, ticket.ticket
            stop = threading.Event()
            room = threading.Thread(
                target=_while_at_table, args=(link, keys, stop), name="room-at-table", daemon=True
            )
            room.start()
            try:
                play_at(
                    path,
                    entry,
                    table,
                    router,
                    text.lang,
                    arrival=arrival,
                    in_room=True,
                    chat_line=lambda line: channels.deliver(TABLE, line),
                    room_line=keys.room_line,
                )
            finally:
                stop.set()
                room.join()
