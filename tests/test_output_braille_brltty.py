"""The braille proof on the real stack: a real BRLTTY whose ``tt`` driver draws a 40-cell
display into a tmux pane (row 0: the text, row 1: the braille dots) and reads that pane's
keys as the display's keys (Left/Right: pan, F1: BRLTTY's help). BrlapiBackend connects to it
in-process, as the game does.

Needs the Debian packages brltty, python3-brlapi and tmux; skipped, saying which is missing,
where they are not installed. Every wait polls with a deadline (no fixed sleeps), so a
loaded machine makes the tests slower, not red.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from platform_support import linux_only

from audiopoker.cards import Card
from audiopoker.narration import LANGUAGES
from audiopoker.narration.words import card_list
from audiopoker.output.braille import BrlapiBackend, probe_brlapi
from audiopoker.output.braille_display import segments
from audiopoker.output.sysmodules import import_system_module

CELLS = 40
DEADLINE = 30.0  # seconds for any one thing to show; generous for loaded CI machines
SOCKET_DIR = Path("/var/lib/BrlAPI")  # where BRLTTY puts its local BrlAPI sockets
UTF8 = {"LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
# A showdown line as the narration says it (150 characters), longer than the display.
SHOWDOWN = (
    "Carla shows As Kd: a straight, ace high. Carla wins the main pot of 240 with the "
    "higher straight; Beto shows Qh Qd, three queens, and loses 120 chips."
)


def _missing() -> str:
    """Why the real stack cannot run here ('' when it can)."""
    for tool, package in (("brltty", "brltty"), ("tmux", "tmux")):
        if shutil.which(tool) is None:
            return f"{tool} is not installed (Debian package {package})"
    try:
        import_system_module("brlapi")
    except ImportError:
        return "the brlapi module is not installed (Debian package python3-brlapi)"
    if not os.access(SOCKET_DIR if SOCKET_DIR.exists() else SOCKET_DIR.parent, os.W_OK):
        return f"BRLTTY cannot create its BrlAPI socket in {SOCKET_DIR} as this user"
    return ""


pytestmark = [
    linux_only("BRLTTY, BrlAPI and tmux"),
    pytest.mark.skipif(bool(_missing()), reason=_missing() or "runs"),
]


def wait_until(what: str, check: Callable[[], Any], seconds: float = DEADLINE) -> Any:
    """Poll ``check`` until it returns something true; fail saying ``what`` at the deadline."""
    deadline = time.monotonic() + seconds
    delay = 0.02
    while True:
        result = check()
        if result:
            return result
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {seconds:.0f} s waiting for {what}")
        time.sleep(delay)
        delay = min(delay * 1.5, 0.25)


class Display:
    """A BRLTTY ``tt`` display in a private tmux server, on a private BrlAPI socket."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.tmux_socket = folder / "tmux"
        self.log = folder / "brltty.log"
        key = folder / "brlapi.key"
        key.write_text(secrets.token_hex(16))
        key.chmod(0o600)
        self.auth = f"keyfile:{key}"
        self.host = f":{self._free_port()}"
        self.brltty: subprocess.Popen[bytes] | None = None
        self.env = {**os.environ, **UTF8}

    @staticmethod
    def _free_port() -> int:
        """A BrlAPI port (local socket name) that nothing else uses now."""
        for offset in range(500):
            number = 50 + (os.getpid() + offset) % 900
            if not (SOCKET_DIR / str(number)).exists() and not (SOCKET_DIR / f".{number}").exists():
                return number
        pytest.skip("no free BrlAPI socket name")

    def tmux(self, *args: str) -> str:
        done = subprocess.run(
            ["tmux", "-u", "-S", str(self.tmux_socket), *args],
            capture_output=True,
            env=self.env,
            timeout=DEADLINE,
            check=True,
        )
        return done.stdout.decode("utf-8", "replace")

    def start(self) -> None:
        # The pane runs a process that never reads its terminal, so BRLTTY gets every key.
        self.tmux("new-session", "-d", "-s", "brl", "-x", "60", "-y", "4", "exec sleep 86400")
        tty = self.tmux("display", "-p", "-t", "brl", "#{pane_tty}").strip()
        folder = str(self.folder)
        command = [
            "brltty", "-n", "-e", "-l", "warning", "-f", "/dev/null",
            "-F", f"{folder}/prefs", "-P", f"{folder}/brltty.pid", "-W", folder, "-U", folder,
            "-b", "tt", "-d", tty, "-B", f"term=xterm,lines=1,columns={CELLS}",
            "-x", "no", "-s", "no", "-A", f"auth={self.auth},host={self.host}",
        ]  # fmt: skip
        with self.log.open("wb") as log:
            self.brltty = subprocess.Popen(
                command, stdout=log, stderr=subprocess.STDOUT, env=self.env
            )
        wait_until("BRLTTY to draw into its pane", lambda: self.rows()[0] or self._died())
        wait_until("BrlAPI to accept a connection", self._reachable)

    def _died(self) -> bool:
        if self.brltty is not None and self.brltty.poll() is not None:
            pytest.fail(f"BRLTTY exited ({self.brltty.returncode}): {self.log.read_text()}")
        return False

    def _reachable(self) -> bool:
        brlapi = import_system_module("brlapi")
        self._died()
        try:
            connection = brlapi.Connection(self.host.encode(), self.auth.encode())
        except Exception:
            return False
        connection.closeConnection()
        return True

    def rows(self) -> tuple[str, str]:
        """(text row, braille dots row) of the display, trailing blanks removed."""
        lines = [*self.tmux("capture-pane", "-p", "-t", "brl").splitlines(), "", ""]
        return lines[0].rstrip(), lines[1].rstrip("\u2800 ")

    def text(self) -> str:
        return self.rows()[0]

    def press(self, key: str) -> None:
        self.tmux("send-keys", "-t", "brl", key)

    def stop(self) -> None:
        process = self.brltty
        if process is not None and process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:  # BRLTTY may ignore SIGTERM
                process.kill()
                process.wait(timeout=5)
        with contextlib.suppress(Exception):
            self.tmux("kill-server")


@pytest.fixture(scope="module")
def display() -> Iterator[Display]:
    """One BRLTTY for the module (it takes seconds to start); each test connects anew."""
    folder = Path(tempfile.mkdtemp(prefix="apbrl"))  # short: tmux's socket path is limited
    shown = Display(folder)
    try:
        shown.start()
        yield shown
    finally:
        shown.stop()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def backend(display: Display, monkeypatch: pytest.MonkeyPatch) -> Iterator[BrlapiBackend]:
    """The game's own way in: probe_brlapi, told where BRLTTY is by BrlAPI's variables."""
    monkeypatch.setenv("BRLAPI_HOST", display.host)
    monkeypatch.setenv("BRLAPI_AUTH", display.auth)
    connected, attempt = probe_brlapi()
    assert connected is not None, attempt.reason
    try:
        yield connected
    finally:
        connected.close()


def show(backend: BrlapiBackend, display: Display, text: str) -> None:
    """Send ``text`` and wait until its first segment is on the display."""
    backend.braille(text)
    first = segments(text, CELLS)[0]
    wait_until(
        f"{first!r} on the display (shown: {display.text()!r})", lambda: display.text() == first
    )


def pan_to_change(display: Display, key: str) -> str:
    """Press a pan key and wait for the text row to change; the new text."""
    before = display.text()
    display.press(key)
    return str(
        wait_until(f"{key} to change {before!r}", lambda: (now := display.text()) != before and now)
    )


def test_the_connection_has_a_plain_name(backend: BrlapiBackend) -> None:
    assert backend.name == f"BrlAPI (TTY, {CELLS} cells)"


def test_a_long_showdown_line_is_read_whole_with_the_pan_keys(
    backend: BrlapiBackend, display: Display
) -> None:
    assert len(SHOWDOWN) == 150
    expected = segments(SHOWDOWN, CELLS)
    assert len(expected) == 4
    backend.pager.hold = DEADLINE  # a loaded machine's delays between keys end no reading
    show(backend, display, SHOWDOWN)
    read = [display.text()]
    for _ in expected[1:]:
        read.append(pan_to_change(display, "Right"))
    assert " ".join(read) == SHOWDOWN
    assert read == list(expected)
    # Past the last segment pan right brings nothing new: the Left that follows goes back
    # to the segment before the last (it would stay put had Right opened another message).
    display.press("Right")
    assert pan_to_change(display, "Left") == expected[-2]
    # A table message that arrives while the player reads waits for them to pan on.
    backend.braille("Hand 2 starts. The button is Ana.")
    assert pan_to_change(display, "Right") == expected[-1]
    assert pan_to_change(display, "Right") == "Hand 2 starts. The button is Ana."


def test_brltty_help_key_still_works_while_the_game_holds_the_display(
    backend: BrlapiBackend, display: Display
) -> None:
    """F1 is BRLTTY's: it answers with its "Help Screen" message over our text (the help
    pages themselves stay behind a BrlAPI client that holds the display, as with any
    client), then our message is back and the pan keys are still ours."""
    show(backend, display, SHOWDOWN)
    display.press("F1")  # the tt driver's help key
    wait_until("BRLTTY's help message", lambda: display.text().startswith("Help"))
    first = segments(SHOWDOWN, CELLS)[0]
    wait_until("the message back after BRLTTY's", lambda: display.text() == first)
    assert pan_to_change(display, "Right") == segments(SHOWDOWN, CELLS)[1]


def test_cards_of_all_four_suits_have_their_own_cells(
    backend: BrlapiBackend, display: Display
) -> None:
    # The check itself sees the problem: a suit symbol shows as the placeholder cell ⣿.
    show(backend, display, "Flop: J♦ J♣")
    assert "⣿" in display.rows()[1]
    cards = [Card(card) for card in ("Jd", "Jc", "Jh", "Js", "Th")]
    # Each language's suit letters: English d c h s, Spanish p c d t (picas, corazones…).
    written = {"en": "Flop: Jd Jc Jh Js 10h.", "es": "Flop: Jd Jt Jc Jp 10c."}
    for lang in LANGUAGES:
        text = f"Flop: {card_list(cards, lang, brief=True)}."
        assert text == written[lang]
        backend.braille(text, interrupt=True)
        wait_until(f"{text!r} on the display", partial(lambda shown: display.text() == shown, text))
        dots = display.rows()[1]
        assert "⣿" not in dots
        assert len(dots) == len(text)
        jacks = dots.split("\u2800")[1:5]  # a blank cell between cards
        assert len(set(jacks)) == 4, jacks  # J♦ J♣ J♥ J♠ all read differently


GOLDEN = Path(__file__).parent / "golden" / "game_seed9.es.txt"
PACE = 0.02  # seconds a character, as the speech that paces the table would take (compressed)


def hand_messages(count: int) -> list[str]:
    """The first ``count`` table messages of the Spanish golden game, as narration says them."""
    lines = GOLDEN.read_text(encoding="utf-8").splitlines()
    return [line.split("] ", 1)[1] for line in lines if line.startswith("[")][:count]


def on_display(display: Display, texts: list[str]) -> str | None:
    """Which of ``texts`` the display shows now (any of its segments), or None."""
    now = display.text()
    return next((text for text in texts if now in segments(text, CELLS)), None)


def test_the_real_display_is_never_more_than_one_message_behind(
    backend: BrlapiBackend, display: Display
) -> None:
    """A hand's messages at the pace speech says them: after each one is sent the real tt
    display shows it or the one before (the minimum keeps a short one readable), never an
    older one; a player who pans keeps their message while only the newest waits, and sees
    it when they pan on or stop panning; an answer shows at once. Bounded: 24 messages at
    20 ms a character. The hold is stretched where the test checks that a message stays, so
    a loaded machine cannot make it red (the 4 s themselves are checked in virtual time)."""
    messages = hand_messages(24)
    assert messages[0] == "Mano 1. Tienes el botón."
    behind = 0
    for number, text in enumerate(messages[:12]):
        backend.braille(text)
        recent = messages[max(number - 1, 0) : number + 1]
        shown = wait_until(f"{text!r} or the one before", partial(on_display, display, recent))
        behind += shown != text
        time.sleep(len(text) * PACE)
    assert behind > 0  # short messages did stay their minimum
    # The player pans: their message stays while newer ones come; only the newest waits.
    panned = threading.Event()
    backend.pan_listeners.append(panned.set)

    def pan(key: str) -> None:
        panned.clear()
        display.press(key)
        wait_until(f"{key} to reach the game", panned.is_set)

    backend.pager.hold = DEADLINE
    reading = display.text()
    pan("Left")
    for later in messages[12:16]:
        backend.braille(later)
    assert backend.pager.waiting == messages[15]
    assert display.text() == reading
    # Panning on past the end of the message read: the newest at once, and held in turn.
    backend.pager.hold = 0.5
    newest = segments(messages[15], CELLS)[0]
    for _ in range(5):
        pan("Right")
        if display.text() == newest or backend.pager.waiting is None:
            break
    wait_until("the newest on a pan", lambda: display.text() == newest)
    # A pan, then a pause: the newest shows once the (here short) hold is over.
    pan("Left")
    backend.braille(messages[16])
    backend.braille(messages[17])
    last = segments(messages[17], CELLS)[0]
    wait_until("the newest after the pause", lambda: display.text() == last)
    backend.braille("Bote: 45.", interrupt=True)
    wait_until("the answer at once", lambda: display.text() == "Bote: 45.")
