"""The Windows paths, run here with fakes: the screen reader chain (NVDA and JAWS through
prismatoid, then accessible-output2, then SAPI as the built-in voice) in its documented
order with each fallback, COM on the thread that makes the calls, the readers found
running, and the console input prompt_toolkit picks on Windows."""

from __future__ import annotations

import ctypes
import sys
import threading
import types
from typing import Any

import pytest
from platform_fakes import (
    Features,
    Output,
    PrismReader,
    install_ao2,
    install_prism,
    install_voice,
    no_linux_paths,
)
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import DummyInput

from audiopoker.commands import play
from audiopoker.output import readers
from audiopoker.output.factory import default_echo, screen_reader_order, select_backend
from audiopoker.output.readers import running_screen_readers
from audiopoker.ui.app import build_app
from audiopoker.ui.keymap import default_keymap

# What prismatoid builds on Windows: readers, and engines the chain leaves to pyttsx3.
WINDOWS_PRISM = {"NVDA", "JAWS", "ZDSR", "SAPI", "ONE_CORE", "UIA"}


@pytest.fixture
def com_threads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """sys.platform is win32; the threads that initialised COM (a fake pythoncom)."""
    monkeypatch.setattr(sys, "platform", "win32")
    no_linux_paths(monkeypatch)
    initialised: list[int] = []
    pythoncom = types.ModuleType("pythoncom")
    pythoncom.CoInitialize = lambda: initialised.append(threading.get_ident())  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pythoncom", pythoncom)
    return initialised


class NVDA(Output):
    name = "NVDA"  # its controller DLL answers "not running"


class Jaws(Output):
    name = "JAWS"

    def is_active(self) -> bool:
        return True


class Sapi5(Output):
    name = "sapi5"
    priority = 101
    system_output = True


def reasons(selection: Any) -> dict[str, Any]:
    return {attempt.name: attempt for attempt in selection.attempts}


def test_windows_tries_prism_then_accessible_output2(com_threads: list[int]) -> None:
    assert screen_reader_order("auto") == ("prism", "accessible-output2")


def test_nvda_through_prism_speaks_and_brailles_on_a_com_thread(
    com_threads: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    nvda = PrismReader("NVDA", Features(supports_braille=True))
    prism = install_prism(monkeypatch, WINDOWS_PRISM, {"NVDA": nvda, "JAWS": PrismReader("JAWS")})
    install_ao2(monkeypatch, [NVDA, Jaws, Sapi5])
    selection = select_backend("auto")
    assert prism.created == ["NVDA"]  # JAWS is not started; SAPI and OneCore never are
    assert (selection.speech, selection.stage) == ("prism NVDA", "screenreader")
    assert selection.braille == "prism NVDA braille"  # NVDA's own display, no BrlAPI
    assert default_echo(selection) is False  # NVDA reads the console: no echo
    said = reasons(selection)
    assert said["prism jaws"].key == said["accessible-output2"].key == "attempt.not_needed"
    assert Output.instances == []  # accessible-output2 was never loaded
    selection.backend.speak("Your turn.", True)
    selection.backend.braille("Your turn")
    selection.backend.close()  # waits for what was posted
    assert nvda.said == [("Your turn.", True)] and nvda.brailled == ["Your turn"]
    assert nvda.threads and nvda.threads <= set(com_threads)  # COM initialised there
    assert threading.get_ident() not in nvda.threads


def test_jaws_through_prism_when_nvda_is_not_running(
    com_threads: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    prism = install_prism(monkeypatch, WINDOWS_PRISM, {"JAWS": PrismReader("JAWS")})
    selection = select_backend("auto")
    assert prism.created == ["NVDA", "JAWS"]
    assert selection.speech == "prism JAWS"
    assert "NVDA is not running" in reasons(selection)["prism nvda"].reason


def test_without_prism_accessible_output2_finds_jaws_and_leaves_sapi_to_the_voice(
    com_threads: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "prism", None)  # the [prism] extra is not installed
    install_ao2(monkeypatch, [NVDA, Jaws, Sapi5])
    selection = select_backend("auto")
    assert selection.speech == "accessible-output2 JAWS"
    said = reasons(selection)
    assert said["prism"].key == "attempt.prism_missing"
    assert said["accessible-output2 NVDA"].key == "attempt.not_running"
    assert said["accessible-output2 sapi5"].key == "attempt.speech_engine"
    selection.backend.speak("Pot 30.", False)
    selection.backend.silence()  # JAWS has no silence(): an empty interrupting utterance
    selection.backend.close()
    jaws = next(output for output in Output.instances if isinstance(output, Jaws))
    assert jaws.said == [("Pot 30.", False), (" ", True)]
    assert jaws.threads <= set(com_threads)


def test_no_reader_running_falls_to_the_sapi_voice_then_the_console(
    com_threads: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    install_prism(monkeypatch, WINDOWS_PRISM, {})
    install_ao2(monkeypatch, [NVDA, Sapi5])
    install_voice(monkeypatch, "pyttsx3 sapi5")
    selection = select_backend("auto")
    assert (selection.speech, selection.stage, selection.satisfied) == (
        "pyttsx3 sapi5",
        "tts",
        True,
    )  # no aplay probe: SAPI plays by itself (no_linux_paths would have failed)
    install_voice(monkeypatch, None)  # SAPI's COM class is not registered
    selection = select_backend("auto")
    assert (selection.stage, selection.satisfied) == ("console", True)
    assert "Invalid class string" in reasons(selection)["pyttsx3"].reason


def test_an_explicit_screen_reader_never_falls_to_the_voice(
    com_threads: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    install_prism(monkeypatch, WINDOWS_PRISM, {})
    install_ao2(monkeypatch, [NVDA])
    started = install_voice(monkeypatch, "pyttsx3 sapi5")
    selection = select_backend("screenreader")
    assert started == [] and selection.stage == "console" and not selection.satisfied


def test_running_readers_come_from_the_process_list(monkeypatch: pytest.MonkeyPatch) -> None:
    """NVDA and JAWS by process name; Windows' own screen reader flag adds nothing then."""
    listing = ["explorer.exe", "nvda.exe", "JFW.EXE"]
    programs = iter(listing)

    def next_process(snapshot: int, entry: Any) -> int:
        name = next(programs, None)
        if name is None:
            return 0
        entry._obj.szExeFile = name  # byref() keeps the structure it points at
        return 1

    def screen_reader_flag(action: int, param: int, flag: Any, ini: int) -> int:
        flag._obj.value = True
        return 1

    class Snapshot:
        restype: Any = None

        def __call__(self, flags: int, pid: int) -> int:
            nonlocal programs
            programs = iter(listing)  # each snapshot lists every process again
            return 7

    kernel32 = types.SimpleNamespace(
        CreateToolhelp32Snapshot=Snapshot(),
        Process32FirstW=next_process,
        Process32NextW=next_process,
        CloseHandle=lambda handle: 1,
    )
    user32 = types.SimpleNamespace(SystemParametersInfoW=screen_reader_flag)
    monkeypatch.setattr(
        ctypes, "windll", types.SimpleNamespace(kernel32=kernel32, user32=user32), raising=False
    )
    monkeypatch.setattr(sys, "platform", "win32")
    assert readers._windows() == {"nvda", "jaws"}
    assert running_screen_readers(platform="win32") == ("nvda", "jaws")


class Keys:
    def key(self, name: str) -> None:
        """Unused: no key is pressed."""


@pytest.fixture
def win32_input(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """sys.platform is win32 and prompt_toolkit's Win32Input a fake (msvcrt is Windows');
    the stdin each one was made for."""
    made: list[object] = []

    class Win32Input(DummyInput):
        def __init__(self, stdin: object = None) -> None:
            super().__init__()
            made.append(stdin)

    module = types.ModuleType("prompt_toolkit.input.win32")
    module.Win32Input = Win32Input  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "prompt_toolkit.input.win32", module)
    monkeypatch.setattr(sys, "platform", "win32")
    return made


def test_the_key_loop_reads_the_windows_console(
    win32_input: list[object], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without an input given, prompt_toolkit picks Win32Input on Windows (its VT100 input
    cannot load there); the game's start-up skips its VT100-only warning quietly."""
    monkeypatch.setitem(sys.modules, "prompt_toolkit.input.vt100", None)
    play._no_terminal_warning()  # returns: nothing to mark on Windows
    with create_app_session():
        app = build_app(Keys(), default_keymap())
        assert type(app.input).__name__ == "Win32Input"
    assert win32_input == [sys.stdin]


def test_without_a_console_there_are_no_keys(
    win32_input: list[object], monkeypatch: pytest.MonkeyPatch
) -> None:
    """pythonw.exe, or an app built without a console, has no stdin: prompt_toolkit then
    gives a DummyInput that ends the loop at once, so the stand-alone app needs a console."""
    monkeypatch.setattr(sys, "stdin", None)
    with create_app_session():
        app = build_app(Keys(), default_keymap())
        assert type(app.input) is DummyInput
    assert win32_input == []
