"""The game's side of the large view: the feed draws what the table model holds (the
armed pre-action too) on its own thread, a view that fails is logged and the game goes
on, the window's channel refuses a connection without the token, a missing terminal is
said in the player's language, and the options are kept as preferences."""

from __future__ import annotations

import logging
import os
import socket
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from pty_support import open_pty, set_size
from view_support import FakeSide, options

from audiopoker.engine.events import Event
from audiopoker.game import deliver
from audiopoker.ui.pre_actions import Armed, PreKind
from audiopoker.ui.state import TableState
from audiopoker.view import view_options
from audiopoker.view.feed import TerminalSink, ViewFeed
from audiopoker.view.sample_table import NAMES, seeded_events
from audiopoker.view.table_view import ViewTable, decode
from audiopoker.view.themes import THEMES
from audiopoker.view.window import WindowSink

WAIT = 10.0


def until(check: object, seconds: float = WAIT) -> None:
    deadline = time.monotonic() + seconds
    while not check():  # type: ignore[operator]
        assert time.monotonic() < deadline, "never happened"
        time.sleep(0.01)


@dataclass
class Kept:
    """A sink keeping every view it is shown."""

    views: list[ViewTable] = field(default_factory=list)
    closed: bool = False

    def show(self, view: ViewTable) -> None:
        self.views.append(view)

    def close(self) -> None:
        self.closed = True

    def resized(self) -> bool:
        return False


class Broken(Kept):
    """A window the player closed."""

    def show(self, view: ViewTable) -> None:
        raise BrokenPipeError(32, "Broken pipe")


def game(events: list[Event], feed: ViewFeed, state: TableState) -> list[str]:
    """Deliver a game's events as the player side does (the model, then the feed, then a
    part that notes each event, as the narration would)."""
    heard: list[str] = []

    class Narration:
        def on_event(self, event: Event) -> None:
            heard.append(type(event).__name__)

    for event in events:
        deliver([state, feed, Narration()], event)
    return heard


def test_the_feed_draws_the_table_as_it_ends_and_what_is_armed() -> None:
    state = TableState(NAMES, (200,) * 6, 0)
    armed: list[Armed | None] = [None]
    sink = Kept()
    feed = ViewFeed(state, "es", sink, lambda: armed[0])
    feed.start()
    events = seeded_events(seed=2, hands=2)
    game(events, feed, state)
    until(lambda: sink.views and sink.views[-1].over)
    armed[0] = Armed(PreKind.CALL_ANY, 4)
    feed.changed()
    until(lambda: sink.views[-1].armed is not None)
    feed.close()
    assert sink.closed and feed.failed is None
    assert sink.views[-1].armed is not None and sink.views[-1].armed.kind == "call_any"
    assert sink.views[-1].lang == "es" and sink.views[-1].hand == 2


def test_a_view_that_fails_is_logged_and_the_game_goes_on(
    caplog: pytest.LogCaptureFixture,
) -> None:
    state = TableState(NAMES, (200,) * 6, 0)
    feed = ViewFeed(state, "en", Broken())
    feed.start()
    events = seeded_events(seed=2, hands=2)
    with caplog.at_level(logging.WARNING):
        heard = game(events, feed, state)
        until(lambda: feed.failed is not None)
        feed.close()
    assert len(heard) == len(events)  # every event reached the parts after the feed
    assert isinstance(feed.failed, BrokenPipeError)
    assert "the large view stopped (the game goes on)" in caplog.text


def test_a_terminal_sink_draws_into_a_file(tmp_path: Path) -> None:
    target = tmp_path / "screen"
    target.touch()
    sink = TerminalSink(str(target), THEMES["light"])
    state = TableState(NAMES, (200,) * 6, 0)
    for event in seeded_events(seed=1, hands=1):
        state.on_event(event)
    feed = ViewFeed(state, "en", sink)
    sink.show(feed.view())
    sink.close()
    drawn = target.read_text("utf-8")
    assert drawn.startswith("\x1b[?1049h") and drawn.endswith("\x1b[?1049l")
    assert "38;2;0;0;0;48;2;255;255;255" in drawn  # black on white


def test_a_terminal_that_changes_size_is_drawn_again_at_its_new_size() -> None:
    master, slave, drawn = open_pty(80, 24)
    sink = TerminalSink(os.ttyname(slave), THEMES["dark"])
    state = TableState(NAMES, (200,) * 6, 0)
    feed = ViewFeed(state, "en", sink)
    feed.start()
    try:
        until(lambda: feed.drawn == 1)
        assert not sink.resized()
        set_size(slave, 120, 40)
        until(lambda: feed.drawn == 2)  # no event came: the new size alone redraws
        until(lambda: "\x1b[40;1H" in b"".join(drawn).decode("utf-8", "replace"))
    finally:
        feed.close()
        os.close(slave)
        os.close(master)


def test_the_window_channel_needs_the_token(tmp_path: Path) -> None:
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(2)
    port = listener.getsockname()[1]
    (tmp_path / "token").write_text("secret", "ascii")
    sink = WindowSink(listener, "secret", tmp_path)
    stranger = socket.create_connection(("127.0.0.1", port))
    stranger.sendall(b"guess\n")
    viewer = socket.create_connection(("127.0.0.1", port))
    viewer.sendall(b"secret\n")
    view = ViewTable(lang="en", seats=())
    sink.show(view)
    assert stranger.recv(10) == b""  # refused: closed without a word
    assert decode(viewer.makefile("rb").readline()) == view
    viewer.close()
    with pytest.raises(OSError):  # the window closed: the feed logs it and stops
        for _ in range(50):
            sink.show(view)
            time.sleep(0.01)
    sink.close()
    assert not tmp_path.exists()
    stranger.close()


def test_the_options_are_kept_and_what_is_typed_wins() -> None:
    side = FakeSide()
    assert view_options.chosen(side, options()) == ("off", "dark", "window")  # type: ignore[arg-type]
    assert side.view_prefs == {}  # nothing typed, nothing kept
    view_options.chosen(side, options("--view", "large", "--view-theme", "contrast"))  # type: ignore[arg-type]
    assert side.view_prefs == {"view": "large", "view_theme": "contrast"}
    assert view_options.chosen(side, options()) == ("large", "contrast", "window")  # type: ignore[arg-type]
    assert view_options.chosen(side, options("--view", "off"))[:2] == ("off", "contrast")  # type: ignore[arg-type]
    side.view_prefs["view_theme"] = "sepia"  # a kept value this version does not know
    assert view_options.chosen(side, options()) == ("off", "dark", "window")  # type: ignore[arg-type]
    view_options.chosen(side, options("--view-in", "console"))  # type: ignore[arg-type]
    assert view_options.chosen(side, options())[2] == "console"  # type: ignore[arg-type]


def test_no_terminal_is_said_and_the_game_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(view_options, "open_window", lambda theme: "none")
    side = FakeSide()
    assert view_options.start_view(side, options("--view", "large")) is None  # type: ignore[arg-type]
    assert [message.kind for message in side.told] == ["error"]
    assert "La partida sigue sin la vista" in side.told[0].text
    assert side.listeners == [side.state, "narration"]


def test_a_tty_that_cannot_be_opened_is_said(tmp_path: Path) -> None:
    side = FakeSide(lang="en")
    missing = str(tmp_path / "no-such-tty")
    assert view_options.start_view(side, options("--view-tty", missing)) is None  # type: ignore[arg-type]
    assert "The game goes on without the view" in side.told[0].text


def test_the_feed_listens_right_after_the_table_model(tmp_path: Path) -> None:
    side = FakeSide(lang="en")
    target = tmp_path / "screen"
    target.touch()
    feed = view_options.start_view(side, options("--view-tty", str(target)))  # type: ignore[arg-type]
    assert feed is not None
    try:
        assert side.listeners == [side.state, feed, "narration"]
    finally:
        feed.close()
    assert target.read_text("utf-8").endswith("\x1b[?1049l")
