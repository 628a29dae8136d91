"""The view's options (``--view large``, ``--view-theme``, ``--view-tty``), kept as the
player's preferences with the game's others (``PlayerSide.view_prefs``), and starting the
view beside a player side.

Where it lives: a second terminal window by default, because the player's console is the
screen reader's and must stay an append-only stream of lines; a full-screen layout there
would be read as noise, or have to be turned off whenever speech runs. ``--view-tty PATH``
draws into a terminal the player already has open instead (a tmux pane, a terminal on a
second screen: ``tty`` in it gives its PATH), for a desktop without a terminal the game
can start, or a player who places windows themselves. ``--view-in console`` is the full-screen
layout in the game's own terminal (view/console_layout.py), for a player who uses no screen
reader: refused, and said, while one runs (the view then opens in a window).
"""

from __future__ import annotations

import argparse
import contextlib
import logging
from collections.abc import Iterator
from typing import Final

from audiopoker.output.message import Message
from audiopoker.output.readers import reader_names, running_screen_readers
from audiopoker.ui.side import PlayerSide
from audiopoker.view.console_layout import ConsoleLayoutSink
from audiopoker.view.feed import Sink, TerminalSink, ViewFeed
from audiopoker.view.themes import DEFAULT_THEME, THEMES
from audiopoker.view.view_text import ViewText
from audiopoker.view.window import open_window

log = logging.getLogger(__name__)

VIEWS: Final = ("large", "off")
PLACES: Final = ("window", "console")


def add_view_arguments(parser: argparse.ArgumentParser) -> None:
    """The view's options (play and watch, join and host)."""
    group = parser.add_argument_group("large view (for low vision)")
    group.add_argument(
        "--view",
        choices=VIEWS,
        help="large: the table in big type and high contrast in a window of its own (the "
        "console stays as the screen reader reads it); off: no view (default: off, or what "
        "you last chose)",
    )
    group.add_argument(
        "--view-theme",
        choices=tuple(THEMES),
        help=f"the view's colours: {', '.join(THEMES)} (yellow on black); "
        f"default: {DEFAULT_THEME}, or what you last chose",
    )
    group.add_argument(
        "--view-in",
        choices=PLACES,
        help="window: a terminal of its own (default, or what you last chose); console: this "
        "terminal, full screen, the table above and the game's lines below (only when no "
        "screen reader runs)",
    )
    group.add_argument(
        "--view-tty",
        metavar="PATH",
        help="draw the view into a terminal you already have open (its PATH: run tty in "
        "it, e.g. /dev/pts/3) instead of a new window",
    )


def chosen(side: PlayerSide, args: argparse.Namespace) -> tuple[str, str, str]:
    """The view, theme and place to use: typed, else kept, else off, the default theme and
    a window; what is typed is kept from now on."""
    kept = side.view_prefs
    typed: str | None = getattr(args, "view", None)
    if typed is None and getattr(args, "view_tty", None) is not None:
        typed = "large"  # a place given: the view is wanted
    typed_theme: str | None = getattr(args, "view_theme", None)
    view = next((v for v in (typed, kept.get("view")) if v is not None and v in VIEWS), "off")
    given = (typed_theme, kept.get("view_theme"))
    theme = next((t for t in given if t is not None and t in THEMES), DEFAULT_THEME)
    if typed is not None:
        side.view_prefs["view"] = view  # typed: kept from now on
    if typed_theme is not None:
        side.view_prefs["view_theme"] = theme
    typed_place: str | None = getattr(args, "view_in", None)
    places = (typed_place, kept.get("view_in"))
    place = next((p for p in places if p is not None and p in PLACES), PLACES[0])
    if typed_place is not None:
        side.view_prefs["view_in"] = place
    return view, theme, place


def _console_layout(side: PlayerSide, theme: str, words: ViewText) -> Sink | None:
    """The full-screen layout in the game's terminal, or None (said) when a screen reader
    runs or the console is no terminal: the view then opens in a window."""
    readers = running_screen_readers()
    console = side.router.console
    if readers:
        names = reader_names(readers, side.lang)
        side.tell(Message("error", words.say("console.reader", readers=names)))
        return None
    try:
        if console is None:
            raise OSError("no console")
        return ConsoleLayoutSink(console, THEMES[theme])
    except OSError as error:
        log.warning("the large view cannot use the console: %r", error)
        side.tell(Message("error", words.say("console.not_terminal")))
        return None


def start_view(side: PlayerSide, args: argparse.Namespace) -> ViewFeed | None:
    """Start the view beside ``side`` when it is wanted; None when not (or it cannot start:
    then the player is told, in words, that the game goes on without it)."""
    view, theme, place = chosen(side, args)
    if view != "large":
        return None
    words = ViewText(side.lang)
    tty = getattr(args, "view_tty", None)
    sink: Sink
    console = _console_layout(side, theme, words) if place == "console" and tty is None else None
    if console is not None:
        sink = console
    elif tty is not None:
        try:
            sink = TerminalSink(tty, THEMES[theme])
        except OSError as error:
            log.warning("the large view cannot open %s: %r", tty, error)
            reason = error.strerror or str(error)
            side.tell(Message("error", words.say("tty.failed", path=tty, reason=reason)))
            return None
    else:
        opened = open_window(theme)
        if isinstance(opened, str):
            log.warning("the large view's window did not open: %s", opened)
            key = "window.none" if opened == "none" else "window.failed"
            side.tell(Message("error", words.say(key, reason=opened)))
            return None
        sink = opened
    pre = side.pre_actions
    amounts = side.amounts  # the unit the player hears, shown too (the options change it)
    feed = ViewFeed(
        side.state,
        side.lang,
        sink,
        (lambda: pre.armed) if pre else lambda: None,
        lambda: amounts.big_blind if amounts.in_big_blinds else 0,
    )
    side.listeners.insert(side.listeners.index(side.state) + 1, feed)
    if pre is not None:
        pre.on_change = feed.changed
    feed.start()
    return feed


@contextlib.contextmanager
def view_beside(side: PlayerSide, args: argparse.Namespace) -> Iterator[ViewFeed | None]:
    """The view (when wanted) for as long as ``side`` plays: ``with view_beside(side, args):
    return side.run()`` in play and join."""
    view = start_view(side, args)
    try:
        yield view
    finally:
        if view is not None:
            view.close()
