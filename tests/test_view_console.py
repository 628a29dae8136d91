"""The large view's full-screen layout in the game's own terminal (``--view-in console``,
issue 27 point 3): the table above a rule, the game's lines scrolling in a region below it
(DECSTBM), drawn under the console's lock, the lines printed again after a resize; refused,
and said, while a screen reader runs; and speech and braille byte for byte the same with
and without it in a seeded game played in a real pseudo-terminal."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from cli_support import ROOT
from pty_support import open_pty, set_size
from view_support import FakeRouter, FakeSide, options

from audiopoker.output.backends import ConsoleBackend
from audiopoker.ui.state import TableState
from audiopoker.view import view_options
from audiopoker.view.console_layout import ConsoleLayoutSink, split
from audiopoker.view.sample_table import NAMES, seeded_events
from audiopoker.view.table_view import view_of
from audiopoker.view.themes import THEMES

ESCAPES = re.compile(r"\x1b(?:\[[0-9;?]*[A-Za-z]|[78])")


def wait_for(drawn: list[bytes], text: str) -> str:
    for _ in range(500):
        screen = b"".join(drawn).decode("utf-8", "replace")
        if text in screen:
            return screen
        threading.Event().wait(0.01)
    raise AssertionError(f"{text!r} never drawn")


def test_the_table_is_drawn_above_and_the_lines_scroll_below_it() -> None:
    master, slave, drawn = open_pty(100, 40)
    stream = os.fdopen(os.dup(slave), "w", encoding="utf-8")
    console = ConsoleBackend(stream)
    try:
        state = TableState(NAMES, (200,) * 6, 0)
        for event in seeded_events(seed=1, hands=1):
            state.on_event(event)
        view = view_of(state.snapshot(), "en")
        console.speak("Hand 1. Ana has the button.", False)
        sink = ConsoleLayoutSink(console, THEMES["contrast"])
        sink.show(view)
        console.speak("Beto folds.", False)
        sink.show(view)
        sink.close()
        screen = wait_for(drawn, "\x1b[r")
    finally:
        stream.close()
        os.close(slave)
        os.close(master)
    top = split(40)
    region = f"\x1b[{top + 2};40r"  # the lines' region, under the table and its rule
    assert screen.index(region) < screen.index("Beto folds.")
    assert screen.index(region) < screen.rindex("Hand 1. Ana has the button.")  # again
    redraws = [part for part in screen.split("\x1b7")[1:]]
    assert len(redraws) == 2 and all("\x1b8" in part for part in redraws)  # cursor kept
    assert "Beto folds." not in redraws[0].split("\x1b8")[0]  # never inside a redraw
    table = ESCAPES.sub("", redraws[1].split("\x1b8")[0])
    assert "Rosa (you)" in table and "─" * 100 in ESCAPES.sub("", screen)


def test_a_resized_terminal_gets_the_layout_again_with_its_last_lines() -> None:
    master, slave, drawn = open_pty(100, 40)
    stream = os.fdopen(os.dup(slave), "w", encoding="utf-8")
    console = ConsoleBackend(stream)
    try:
        sink = ConsoleLayoutSink(console, THEMES["dark"])
        view = view_of(TableState(NAMES, (200,) * 6, 0).snapshot(), "es")
        sink.show(view)
        for number in range(30):
            console.speak(f"line {number}", False)
        set_size(slave, 80, 24)
        assert sink.resized()
        sink.show(view)
        region = f"\x1b[{split(24) + 2};24r"
        screen = wait_for(drawn, region)
        while "\x1b8" not in screen.split(region)[1]:  # the table drawn after the lines
            screen = wait_for(drawn, region)
    finally:
        stream.close()
        os.close(slave)
        os.close(master)
    after = screen.split(f"\x1b[{split(24) + 2};24r")[1]
    room = 24 - split(24) - 1
    again = [bool(re.search(rf"line {n}\r?\n", after)) for n in range(30)]
    assert again == [n >= 30 - room for n in range(30)]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "A screen reader is running (Orca): the large view opens in a window"),
        ("es", "Hay un lector de pantalla en marcha (Orca): la vista grande se abre"),
    ],
)
def test_a_running_screen_reader_keeps_the_console_as_it_reads_it(
    lang: str, said: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(view_options, "running_screen_readers", lambda: ("orca",))
    opened: list[str] = []
    monkeypatch.setattr(view_options, "open_window", lambda theme: opened.append(theme) or "none")
    side = FakeSide(lang, FakeRouter(ConsoleBackend()))
    view_options.start_view(side, options("--view", "large", "--view-in", "console"))  # type: ignore[arg-type]
    assert side.told[0].text.startswith(said)
    assert opened == ["dark"]  # the window was tried instead


def test_a_console_that_is_no_terminal_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(view_options, "running_screen_readers", lambda: ())
    monkeypatch.setattr(view_options, "open_window", lambda theme: "none")
    side = FakeSide("en", FakeRouter(ConsoleBackend(open(os.devnull, "w"))))  # noqa: SIM115
    view_options.start_view(side, options("--view", "large", "--view-in", "console"))  # type: ignore[arg-type]
    assert side.told[0].text.startswith("This console is not a terminal the view can draw in")


GAME = ["play", "--autopilot", "--seed", "7", "--hands", "3", "--bot-delay", "0",
        "--output", "console", "--no-sound", "--no-save", "--players", "4"]  # fmt: skip
CLOCKS = ("time", "wall")


def play_in_a_terminal(folder: Path, lang: str, extra: list[str]) -> tuple[bytes, str]:
    """The seeded game with its console a pseudo-terminal: the transcript without the
    clock fields, and what the terminal showed."""
    transcript = folder / f"t{len(extra)}.jsonl"
    env = {**os.environ, "AUDIOPOKER_DATA_DIR": str(folder / "data"), "LANG": "en_US.UTF-8"}
    master, slave, drawn = open_pty(100, 40)
    process = subprocess.Popen(
        [sys.executable, "-m", "audiopoker", *GAME, "--lang", lang, "--transcript",
         str(transcript), *extra],
        cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=slave, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        assert process.wait(timeout=120) == 0
    finally:
        if process.stdin is not None:
            process.stdin.close()
        os.close(slave)
    threading.Event().wait(0.2)  # the reader takes the last bytes
    os.close(master)
    lines = transcript.read_bytes().splitlines()
    kept = [{k: v for k, v in json.loads(line).items() if k not in CLOCKS} for line in lines]
    said = b"\n".join(json.dumps(record, ensure_ascii=False).encode() for record in kept)
    return said, b"".join(drawn).decode("utf-8", "replace")


@pytest.mark.parametrize(("lang", "title"), [("en", "Hand 3"), ("es", "Mano 3")])
def test_speech_and_braille_are_the_same_with_the_console_layout(
    lang: str, title: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    without, _ = play_in_a_terminal(tmp_path, lang, [])
    with_view, screen = play_in_a_terminal(
        tmp_path, lang, ["--view", "large", "--view-in", "console"]
    )
    assert without.count(b"\n") > 40
    assert with_view == without
    assert f"\x1b[{split(40) + 2};40r" in screen  # the layout was drawn
    assert title in ESCAPES.sub("", screen)
