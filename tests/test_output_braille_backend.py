"""BrlapiBackend's glue with a fake BrlAPI connection: what it asks BRLTTY for (tty mode
kept, only the pan keys taken), what it writes, its key thread, its name and its close."""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from audiopoker.output import braille
from audiopoker.output.backends import Backend, PairBackend, RecordingBackend
from audiopoker.output.braille import BrlapiBackend, probe_brlapi
from audiopoker.output.braille_display import (
    KEY_TYPE_CMD,
    RANGE_TYPE_COMMAND,
    accepted_keys,
    segments,
)
from audiopoker.output.clock import VirtualClock

RIGHT = KEY_TYPE_CMD | 0x18
LEFT = KEY_TYPE_CMD | 0x17
HELP = KEY_TYPE_CMD | 0x31
LONG = (
    "Beto shows Qh Qd: three of a kind, queens, with the board Qs 7c 2d 9h 4s. "
    "Beto wins the pot of 180 with three queens against two pair."
)


class FakeConnection:
    """Just what BrlapiBackend uses of brlapi.Connection; keys come from ``keys``."""

    def __init__(self, size: tuple[int, int] = (40, 1), driver: object = b"TTY") -> None:
        self.displaySize = size
        self.driverName = driver
        self.written: list[str] = []
        self.calls: list[tuple[str, Any]] = []
        self.keys: queue.Queue[int] = queue.Queue()
        self.fail_writes = False
        self._changed = threading.Condition()

    def ignoreAllKeys(self) -> None:
        self.calls.append(("ignoreAllKeys", None))

    def acceptKeys(self, kind: int, codes: list[int]) -> None:
        self.calls.append(("acceptKeys", (kind, list(codes))))

    def readKeyWithTimeout(self, timeout_ms: int) -> int | None:
        try:
            return self.keys.get(timeout=timeout_ms / 1000)
        except queue.Empty:
            return None

    def writeText(self, text: str) -> None:
        if self.fail_writes:
            raise OSError("display gone")
        with self._changed:
            self.written.append(text)
            self._changed.notify_all()

    def leaveTtyMode(self) -> None:
        self.calls.append(("leaveTtyMode", None))

    def closeConnection(self) -> None:
        self.calls.append(("closeConnection", None))

    def wait_for(self, check: Callable[[list[str]], bool], seconds: float = 10.0) -> list[str]:
        """Wait until ``check(written)`` holds (the key thread writes asynchronously)."""
        deadline = time.monotonic() + seconds
        with self._changed:
            while not check(self.written):
                left = deadline - time.monotonic()
                assert left > 0, f"timed out; written so far: {self.written}"
                self._changed.wait(left)
            return list(self.written)


@pytest.fixture
def connection() -> FakeConnection:
    return FakeConnection()


@pytest.fixture
def backend(connection: FakeConnection) -> Any:
    display = BrlapiBackend(connection)
    yield display
    display.close()


def test_it_is_a_backend_with_a_plain_name(backend: BrlapiBackend) -> None:
    assert isinstance(backend, Backend)
    assert backend.name == "BrlAPI (TTY, 40 cells)"
    assert backend.cells == 40
    assert backend.is_speaking() is False
    backend.speak("nothing", True)
    backend.silence()


def test_the_display_is_named_in_the_players_language() -> None:
    display = BrlapiBackend(FakeConnection(), listen=False, lang="es")
    assert display.name == "BrlAPI (TTY, 40 celdas)"
    display.close()


@pytest.mark.parametrize(
    ("driver", "size", "name"),
    [
        ("Baum", (80, 1), "BrlAPI (Baum, 80 cells)"),
        (b"", (40, 1), "BrlAPI (BRLTTY, 40 cells)"),
        (None, None, "BrlAPI"),
    ],
)
def test_names(driver: object, size: Any, name: str) -> None:
    display = BrlapiBackend(FakeConnection(size, driver), listen=False)
    assert display.name == name
    display.close()


def test_only_the_pan_keys_are_taken_from_brltty(
    backend: BrlapiBackend, connection: FakeConnection
) -> None:
    assert connection.calls[:2] == [
        ("ignoreAllKeys", None),
        ("acceptKeys", (RANGE_TYPE_COMMAND, accepted_keys())),
    ]


def test_a_long_message_is_read_by_the_display_pan_keys(
    backend: BrlapiBackend, connection: FakeConnection
) -> None:
    lines = segments(LONG, 40)
    backend.braille(LONG)
    assert connection.written == [lines[0]]
    for _ in lines:
        connection.keys.put(RIGHT)
    connection.keys.put(LEFT)
    written = connection.wait_for(lambda written: len(written) == len(lines) + 1)
    assert written == [*lines, lines[-2]]
    assert " ".join(written[: len(lines)]) == LONG


def test_other_keys_change_nothing(backend: BrlapiBackend, connection: FakeConnection) -> None:
    backend.braille(LONG)
    connection.keys.put(HELP)  # BRLTTY keeps it; if one arrived anyway it is ignored
    connection.keys.put(RIGHT)
    written = connection.wait_for(lambda written: len(written) == 2)
    assert written[1] == segments(LONG, 40)[1]


def test_a_table_message_waits_while_the_player_pans_then_shows_by_the_timer() -> None:
    """The timer thread shows the newest waiting message once the player stopped panning
    for the hold, on the injected clock (virtual seconds: the same on a busy machine)."""
    with VirtualClock() as clock:
        connection = FakeConnection()
        display = BrlapiBackend(connection, listen=False, clock=clock)
        lines = segments(LONG, 40)
        display.braille(LONG)
        clock.sleep(2.0)
        display.on_key(RIGHT)  # reading, at 2 s
        display.braille("Hand 4 starts.")
        display.braille("Ana raises to 8.")  # replaces the waiting one
        clock.sleep(3.9)
        assert connection.written == list(lines[:2])
        display.on_key(RIGHT)  # 5.9 s: still reading, the hold starts again
        clock.sleep(3.9)
        assert connection.written == list(lines[:3])
        clock.sleep(0.2)  # 4 s after the last pan: the newest, never the one it replaced
        assert connection.written == [*lines[:3], "Ana raises to 8."]
        display.braille("Pot 30.", interrupt=True)  # an answer shows at once
        assert connection.written[-1] == "Pot 30."
        display.close()


def test_a_quick_message_stays_the_minimum_and_the_newest_follows() -> None:
    with VirtualClock() as clock:
        connection = FakeConnection()
        display = BrlapiBackend(connection, listen=False, lang="es", clock=clock)
        display.braille("Beto sube a 8.")
        clock.sleep(0.7)
        display.braille("Ana paga 8.")
        clock.sleep(0.7)
        assert connection.written == ["Beto sube a 8."]
        clock.sleep(0.2)  # 1.5 s after the first
        assert connection.written == ["Beto sube a 8.", "Ana paga 8."]
        display.close()


def test_withdraw_takes_a_message_back_from_the_display() -> None:
    with VirtualClock() as clock:
        connection = FakeConnection()
        display = BrlapiBackend(connection, listen=False, clock=clock)
        pair = PairBackend(RecordingBackend(), display)
        display.braille("Your turn: call 8, raise or fold.")
        display.on_key(LEFT)  # the player reads the prompt
        display.braille("Beto raises to 20.")
        assert braille.withdraw_braille(pair, "Your turn: call 8, raise or fold.")
        assert connection.written[-1] == "Beto raises to 20."
        display.braille("Your turn: call 20, raise or fold.")
        display.withdraw("Your turn: call 20, raise or fold.")  # waiting: dropped
        clock.sleep(10)
        assert connection.written[-1] == "Beto raises to 20."
        assert not braille.withdraw_braille(RecordingBackend(), "anything")
        display.close()


def test_pair_backend_brailles_through_it(connection: FakeConnection) -> None:
    display = BrlapiBackend(connection, listen=False)
    speech = RecordingBackend()
    pair = PairBackend(speech, display)
    assert pair.name == "recording + BrlAPI (TTY, 40 cells)"
    pair.braille("Your cards: As Kd.")
    assert connection.written == ["Your cards: As Kd."]
    pair.close()
    assert speech.closed and ("closeConnection", None) in connection.calls


def test_on_key_by_hand_without_the_thread(connection: FakeConnection) -> None:
    display = BrlapiBackend(connection, listen=False)
    assert connection.calls == []  # no keys taken
    display.braille(LONG)
    display.on_key(RIGHT)
    display.on_key(0x18)  # a keysym, not the pan command
    assert connection.written == list(segments(LONG, 40)[:2])
    display.close()


def test_pan_keys_reach_the_pan_listeners_through_a_pair(connection: FakeConnection) -> None:
    display = BrlapiBackend(connection, listen=False)
    pans: list[str] = []

    def broken() -> None:
        raise RuntimeError("a listener's bug")

    assert braille.watch_panning(PairBackend(RecordingBackend(), display), broken)
    assert braille.watch_panning(display, lambda: pans.append("pan"))
    display.braille(LONG)
    display.on_key(RIGHT)
    display.on_key(HELP)  # not a pan key: not the player's panning
    display.on_key(LEFT)
    assert pans == ["pan", "pan"]
    assert connection.written == [
        segments(LONG, 40)[0],
        segments(LONG, 40)[1],
        segments(LONG, 40)[0],
    ]
    assert not braille.watch_panning(RecordingBackend(), lambda: None)  # a screen reader's
    display.close()


def test_close_stops_the_key_thread_and_gives_the_display_back(
    connection: FakeConnection,
) -> None:
    display = BrlapiBackend(connection)
    started = time.monotonic()
    display.close()
    assert time.monotonic() - started < braille.KEY_POLL_MS / 1000 + 1.5
    assert not [thread for thread in threading.enumerate() if thread.name == "braille-keys"]
    assert connection.calls[-2:] == [("leaveTtyMode", None), ("closeConnection", None)]
    display.braille("after close")  # ignored, no error
    display.close()  # twice is fine
    assert connection.written == []


def test_a_failing_display_does_not_stop_the_game(
    connection: FakeConnection, caplog: pytest.LogCaptureFixture
) -> None:
    display = BrlapiBackend(connection, listen=False)
    connection.fail_writes = True
    display.braille("one")
    display.braille("two", interrupt=True)
    assert [record.message for record in caplog.records].count(
        "BrlAPI: writing failed: display gone"
    ) == 1
    display.close()


def test_refused_keys_leave_every_key_to_brltty(connection: FakeConnection) -> None:
    def refuse(kind: int, codes: list[int]) -> None:
        raise OSError("refused")

    connection.acceptKeys = refuse  # type: ignore[method-assign]
    display = BrlapiBackend(connection)
    assert [call[0] for call in connection.calls] == ["ignoreAllKeys", "ignoreAllKeys"]
    display.braille("Pot 30.")
    assert connection.written == ["Pot 30."]
    display.close()


def test_a_suit_symbol_is_logged(
    connection: FakeConnection, caplog: pytest.LogCaptureFixture
) -> None:
    display = BrlapiBackend(connection, listen=False)
    display.braille("A♠")
    display.braille("K♠")
    assert sum("'♠'" in record.message for record in caplog.records) == 1
    display.close()


def test_probe_without_brltty_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    class Module:
        @staticmethod
        def Connection() -> Any:
            raise ConnectionError("connect: No such file or directory")

    monkeypatch.setattr(braille, "import_system_module", lambda name: Module)
    display, attempt = probe_brlapi()
    assert display is None and not attempt.ok
    assert attempt.key == "attempt.brltty_unreachable"


def test_probe_takes_the_display_and_the_pan_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[FakeConnection] = []

    class Connection(FakeConnection):
        def enterTtyModeWithPath(self) -> None:
            self.calls.append(("enterTtyModeWithPath", None))

    class Module:
        @staticmethod
        def Connection() -> Any:
            made.append(Connection())
            return made[-1]

    monkeypatch.setattr(braille, "import_system_module", lambda name: Module)
    display, attempt = probe_brlapi()
    assert display is not None and attempt.ok and attempt.name == "BrlAPI (TTY, 40 cells)"
    assert [call[0] for call in made[0].calls][:3] == [
        "enterTtyModeWithPath",
        "ignoreAllKeys",
        "acceptKeys",
    ]
    display.close()
