"""Which screen readers run here: while one does, the console echo would be said twice.

What each system can tell without a new dependency (no psutil):

- Linux: the process list in ``/proc`` (each process's ``comm`` and ``cmdline``, so a
  Python reader started as ``python3 /usr/bin/orca`` or ``python3 -m fenrir`` counts).
  Orca and TDSR count only when they run as this user (the login screen's own Orca, run as
  ``gdm``, reads nobody's terminal); Fenrir, Speakup's ``espeakup`` and BRLTTY are system
  daemons and count whoever runs them. Speakup also counts when the kernel module is
  loaded (``/sys/module/speakup`` or ``/proc/speakup``) unless its synthesizer is
  ``none``. BRLTTY counts only when it speaks: its command line (``-s``,
  ``--speech-driver``), its ``BRLTTY_SPEECH_DRIVER`` environment (when we may read it) or
  its configuration file (``-f`` or ``/etc/brltty.conf``) names a speech driver other than
  ``no``; a BRLTTY that names none is taken as braille only (its speech is off unless
  configured), and braille alone never hears the echo.
- macOS: ``ps -axo comm=`` finding the ``VoiceOver`` process.
- Windows: the screen-reader flag readers set (``SystemParametersInfo`` with
  ``SPI_GETSCREENREADER``) and the process list (Toolhelp32 snapshot) for NVDA
  (``nvda.exe``), JAWS (``jfw.exe``) and Narrator (``narrator.exe``). Untested here: it
  runs only on Windows, and any failure means "none found".
"""

from __future__ import annotations

import contextlib
import logging
import os
import subprocess
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

from audiopoker.output.output_text import text as output_text

log = logging.getLogger(__name__)

# The order readers are named in, and their names (proper nouns, the same in every
# language; the others come from the output catalog as ``reader.<id>``).
ORDER = (
    "orca",
    "fenrir",
    "speakup",
    "tdsr",
    "brltty",
    "nvda",
    "jaws",
    "narrator",
    "voiceover",
    "windows",
)
NAMES = {
    "orca": "Orca",
    "fenrir": "Fenrir",
    "speakup": "Speakup",
    "tdsr": "TDSR",
    "nvda": "NVDA",
    "jaws": "JAWS",
    "voiceover": "VoiceOver",
}
# Linux process names: reader id, and whether it must run as this user to count.
LINUX_PROCESSES: dict[str, tuple[str, bool]] = {
    "orca": ("orca", True),
    "tdsr": ("tdsr", True),
    "fenrir": ("fenrir", False),
    "fenrir-daemon": ("fenrir", False),
    "fenrirscreenreader": ("fenrir", False),
    "espeakup": ("speakup", False),
}
WINDOWS_PROCESSES = {"nvda.exe": "nvda", "jfw.exe": "jaws", "narrator.exe": "narrator"}
INTERPRETERS = ("python", "perl", "ruby", "node", "sh", "bash")


def running_screen_readers(
    *,
    platform: str = sys.platform,
    proc: Path = Path("/proc"),
    sys_root: Path = Path("/sys"),
    etc: Path = Path("/etc"),
    uid: int | None = None,
    ps: Callable[[], str] | None = None,
) -> tuple[str, ...]:
    """The ids of the screen readers found running (see the module's note for what each
    system can tell), in :data:`ORDER`. Never raises: what cannot be read is not found."""
    found: set[str] = set()
    try:
        if platform.startswith("linux"):
            found = _linux(proc, sys_root, etc, os.getuid() if uid is None else uid)
        elif platform == "darwin":
            found = _macos(ps if ps is not None else _ps_commands)
        elif platform == "win32":
            found = _windows()
    except Exception as error:  # detection must never stop the game
        log.info("could not look for running screen readers: %s", error)
    return tuple(reader for reader in ORDER if reader in found)


def reader_names(readers: Iterable[str], lang: str) -> str:
    """The readers' names for a sentence, in ``lang`` ("Orca, Fenrir")."""
    return ", ".join(NAMES.get(r) or output_text(f"reader.{r}", lang) for r in readers)


def _read(path: Path) -> str:
    try:
        return path.read_bytes().decode("utf-8", "replace")
    except OSError:
        return ""


def _program_names(argv: list[str], comm: str) -> set[str]:
    """What a process may be called: its ``comm``, its program and, for an interpreter,
    the script or ``-m`` module it runs; lower case, without ``.py``."""
    names = {comm}
    if argv:
        names.add(Path(argv[0]).name)
        if Path(argv[0]).name.startswith(INTERPRETERS):
            args = iter(argv[1:])
            for arg in args:
                if arg == "-m":
                    names.add(next(args, "").split(".")[0])
                    break
                if not arg.startswith("-"):
                    names.add(Path(arg).name)
                    break
    return {name.lower().removesuffix(".py") for name in names if name}


def _linux(proc: Path, sys_root: Path, etc: Path, uid: int) -> set[str]:
    found: set[str] = set()
    try:
        entries = [entry for entry in proc.iterdir() if entry.name.isdigit()]
    except OSError:
        entries = []
    for entry in entries:
        argv = [arg for arg in _read(entry / "cmdline").split("\0") if arg]
        names = _program_names(argv, _read(entry / "comm").strip())
        for name in names:
            reader, own_only = LINUX_PROCESSES.get(name, ("", False))
            if reader and (not own_only or _owner(entry) == uid):
                found.add(reader)
        if "brltty" in names and _brltty_speaks(argv, _read(entry / "environ"), etc):
            found.add("brltty")
    if _speakup_loaded(proc, sys_root):
        found.add("speakup")
    return found


def _owner(entry: Path) -> int | None:
    try:
        return entry.stat().st_uid
    except OSError:
        return None


def _speakup_loaded(proc: Path, sys_root: Path) -> bool:
    """Speakup is in the kernel (module or built in) with a synthesizer other than none."""
    if not any(path.exists() for path in (sys_root / "module/speakup", proc / "speakup")):
        return False
    synth = _read(sys_root / "accessibility/speakup/synth").strip()
    return synth != "none"


def _brltty_speaks(argv: list[str], environ: str, etc: Path) -> bool:
    """True when this BRLTTY names a speech driver other than ``no`` (see the module note)."""
    driver = ""
    config = etc / "brltty.conf"
    for item in environ.split("\0"):
        if item.startswith("BRLTTY_SPEECH_DRIVER="):
            driver = item.partition("=")[2]
    args = iter(argv[1:])
    for arg in args:
        if arg in ("-s", "--speech-driver"):
            driver = next(args, "")
        elif arg.startswith("--speech-driver="):
            driver = arg.partition("=")[2]
        elif arg.startswith("-s") and not arg.startswith("--"):
            driver = arg[2:]
        elif arg in ("-f", "--configuration-file"):
            config = Path(next(args, str(config)))
        elif arg.startswith("--configuration-file="):
            config = Path(arg.partition("=")[2])
    if not driver:
        for line in _read(config).splitlines():
            words = line.split("#", 1)[0].split()
            if len(words) >= 2 and words[0] == "speech-driver":
                driver = words[1]
    return bool(driver) and driver.lower() != "no"


def _ps_commands() -> str:
    return subprocess.run(
        ["ps", "-axo", "comm="], capture_output=True, text=True, timeout=2.0, check=False
    ).stdout


def _macos(ps: Callable[[], str]) -> set[str]:
    programs = {Path(line.strip()).name for line in ps().splitlines()}
    return {"voiceover"} if "VoiceOver" in programs else set()


def _windows() -> set[str]:  # pragma: no cover - runs only on Windows
    found: set[str] = set()
    if sys.platform != "win32":
        return found
    import ctypes
    from ctypes import wintypes

    flag = wintypes.BOOL(False)
    spi_getscreenreader = 0x0046
    user32 = ctypes.windll.user32
    if user32.SystemParametersInfoW(spi_getscreenreader, 0, ctypes.byref(flag), 0) and flag.value:
        found.add("windows")

    class ProcessEntry(ctypes.Structure):
        _fields_ = [
            ("dwSize", wintypes.DWORD),
            ("cntUsage", wintypes.DWORD),
            ("th32ProcessID", wintypes.DWORD),
            ("th32DefaultHeapID", ctypes.c_size_t),
            ("th32ModuleID", wintypes.DWORD),
            ("cntThreads", wintypes.DWORD),
            ("th32ParentProcessID", wintypes.DWORD),
            ("pcPriClassBase", ctypes.c_long),
            ("dwFlags", wintypes.DWORD),
            ("szExeFile", ctypes.c_wchar * 260),
        ]

    kernel32 = ctypes.windll.kernel32
    kernel32.CreateToolhelp32Snapshot.restype = wintypes.HANDLE
    snapshot = kernel32.CreateToolhelp32Snapshot(0x00000002, 0)  # TH32CS_SNAPPROCESS
    if not snapshot or snapshot == wintypes.HANDLE(-1).value:
        return found
    try:
        entry = ProcessEntry()
        entry.dwSize = ctypes.sizeof(ProcessEntry)
        more = kernel32.Process32FirstW(snapshot, ctypes.byref(entry))
        while more:
            reader = WINDOWS_PROCESSES.get(entry.szExeFile.lower())
            if reader:
                found.add(reader)
            more = kernel32.Process32NextW(snapshot, ctypes.byref(entry))
    finally:
        with contextlib.suppress(Exception):
            kernel32.CloseHandle(snapshot)
    if found - {"windows"}:
        found.discard("windows")  # named already: the flag adds nothing
    return found
