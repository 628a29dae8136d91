"""The two lanes: a test is ``slow`` because of what it uses, found by reading its code.

conftest marks a test ``slow`` when its function, its fixtures, or any function or class of
the test folder they reach (helpers in the test module and the ``*_support`` modules, followed
name by name) uses one of the slow things below: a process (the game in tmux, the speech
recorder, BRLTTY, a ``host``/``join``, a build), a real network connection, or a named long
run. No file has to remember a marker; ``python3 -m pytest -m "not slow"`` is the fast lane.

What the reading cannot see (a process started deep inside the package) the guard catches
when it happens: a test left in the fast lane that starts a process fails at teardown with
the command, so a missing entry here is found the first time the suite runs, never silently.
"""

from __future__ import annotations

import dis
import inspect
import multiprocessing.process
import os
import subprocess
import threading
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

TESTS = Path(__file__).resolve().parent

# Modules whose use means a real process or a real network path.
SLOW_MODULES: dict[str, str] = {
    "subprocess": "starts a process",
    "multiprocessing": "starts processes",
    "pty": "starts a process in a terminal",
    "socket": "opens a real network socket",
    "websockets": "opens a real network connection",
    "tarfile": "reads the shared corpus of 10,000 real hands",
}
# Single objects (by module and name) with the same meaning, wherever they are imported.
SLOW_OBJECTS: dict[tuple[str, str], str] = {
    ("concurrent.futures.process", "ProcessPoolExecutor"): "starts processes",
    ("asyncio.streams", "open_connection"): "opens a real network connection",
    ("asyncio.streams", "start_server"): "serves on a real network socket",
    ("asyncio.subprocess", "create_subprocess_exec"): "starts a process",
    ("posix", "fork"): "starts a process",
    ("posix", "system"): "starts a process",
}
# Attributes of harmless modules that mean a real program is run: the game or a helper
# script started as ``sys.executable``, an installed program looked up to be run.
SLOW_ATTRIBUTES: dict[tuple[str, str], str] = {
    ("sys", "executable"): "starts a Python process",
    ("shutil", "which"): "runs an installed program",
    ("ctypes", "find_library"): "uses an installed library (a real voice)",
}
# Names that are slow by what they do in the package (a whole game loop on real
# connections, long simulations): the reading does not follow the package itself.
SLOW_PACKAGE_NAMES: dict[str, str] = {
    "audiopoker.net.server": "serves a network table on a real socket",
    "audiopoker.net.client": "joins a network table over a real connection",
}


def _slow_module(name: str) -> str | None:
    for module, reason in SLOW_MODULES.items():
        if name == module or name.startswith(module + "."):
            return reason
    for module, reason in SLOW_PACKAGE_NAMES.items():
        if name == module or name.startswith(module + "."):
            return reason
    return None


def in_tests(thing: object) -> bool:
    """True when ``thing`` is defined in a module of the test folder."""
    try:
        source = inspect.getsourcefile(thing)  # type: ignore[arg-type]
    except TypeError:
        return False
    return source is not None and Path(source).resolve().parent == TESTS


def _codes(code: types.CodeType) -> Iterator[types.CodeType]:
    yield code
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            yield from _codes(constant)


def _names(code: types.CodeType) -> set[str]:
    """Every global and attribute name the code (and the code nested in it) loads."""
    found: set[str] = set()
    for inner in _codes(code):
        found.update(inner.co_names)
        for instruction in dis.get_instructions(inner):
            if instruction.opname in ("LOAD_DEREF", "LOAD_CLOSURE") and isinstance(
                instruction.argval, str
            ):
                found.add(instruction.argval)
    return found


class Reader:
    """Reads what test code reaches, with a memory of what it has read."""

    def __init__(self) -> None:
        self._seen: dict[int, str | None] = {}

    def why_slow(self, thing: object) -> str | None:
        """Why ``thing`` (a test function, fixture, helper or class) is slow, or None."""
        key = id(thing)
        if key in self._seen:
            return self._seen[key]
        self._seen[key] = None  # a cycle of helpers reads as fast until proven slow
        reason = self._read(thing)
        self._seen[key] = reason
        return reason

    def _read(self, thing: object) -> str | None:
        direct = _direct_reason(thing)
        if direct is not None:
            return direct
        if isinstance(thing, type):
            return self._read_class(thing)
        function = _function_of(thing)
        if function is None or not in_tests(function):
            return None
        scope: dict[str, Any] = dict(function.__globals__)
        if function.__closure__:
            free = function.__code__.co_freevars
            for name, cell in zip(free, function.__closure__, strict=False):
                try:
                    scope[name] = cell.cell_contents
                except ValueError:
                    continue
        names = _names(function.__code__)
        for name in names:
            if name not in scope:
                continue
            value = scope[name]
            reason = self._reached(value, names)
            if reason is not None:
                return f"{name}: {reason}"
        return None

    def _reached(self, value: object, names: set[str]) -> str | None:
        if isinstance(value, types.ModuleType):
            reason = _slow_module(value.__name__)
            if reason is not None:
                return reason
            for (module, attribute), why in SLOW_ATTRIBUTES.items():
                if value.__name__ == module and attribute in names:
                    return why
            if not in_tests(value):
                return None
            for name in names:  # a helper module: the names this code takes from it
                member = getattr(value, name, None)
                if member is not None and not isinstance(member, types.ModuleType):
                    inner = self.why_slow(member)
                    if inner is not None:
                        return f"{name}: {inner}"
            return None
        return self.why_slow(value)

    def _read_class(self, cls: type) -> str | None:
        if not in_tests(cls):
            return None
        for name, member in vars(cls).items():
            if isinstance(member, property):
                member = member.fget
            reason = self.why_slow(member)
            if reason is not None:
                return f"{cls.__name__}.{name}: {reason}"
        return None


def _function_of(thing: object) -> types.FunctionType | None:
    if isinstance(thing, (staticmethod, classmethod)):
        thing = thing.__func__
    while hasattr(thing, "__wrapped__"):  # contextmanager, functools.wraps
        thing = thing.__wrapped__
    return thing if isinstance(thing, types.FunctionType) else None


def _direct_reason(thing: object) -> str | None:
    """A slow thing itself: an object of a slow module or one of SLOW_OBJECTS."""
    if isinstance(thing, types.ModuleType):
        return _slow_module(thing.__name__)
    module = getattr(thing, "__module__", None)
    name = getattr(thing, "__name__", None)
    if not isinstance(module, str) or not isinstance(name, str):
        return None
    if (module, name) in SLOW_OBJECTS:
        return SLOW_OBJECTS[(module, name)]
    if module.startswith("audiopoker."):
        return _slow_module(module) if callable(thing) else None
    return _slow_module(module) if module.split(".")[0] in SLOW_MODULES else None


# --- the guard: a process started by a test the reading left in the fast lane ---------


# ctypes.util.find_library asks ldconfig where a library is: a look-up, not a program used.
LOOKUPS = ("ldconfig",)


class ProcessGuard:
    """Notes every process started while a fast test runs, from its own thread or from a
    thread it started (a thread an earlier test left running is that test's business)."""

    def __init__(self) -> None:
        self.fast_test_running = False
        self.started: list[str] = []
        self._earlier_threads: set[int] = set()
        self._lock = threading.Lock()
        self._originals: list[tuple[object, str, Callable[..., Any]]] = []

    def begin(self, fast: bool) -> None:
        """A test starts: ``fast`` says whether it is in the fast lane."""
        main = threading.main_thread().ident
        self._earlier_threads = {t.ident for t in threading.enumerate() if t.ident != main}
        self.take()
        self.fast_test_running = fast

    def note(self, what: str) -> None:
        if not self.fast_test_running or threading.get_ident() in self._earlier_threads:
            return
        if any(lookup in what for lookup in LOOKUPS):
            return
        with self._lock:
            self.started.append(what)

    def install(self) -> None:
        guard = self
        popen_init = subprocess.Popen.__init__

        def watched_popen(self: subprocess.Popen[Any], args: Any, *rest: Any, **kw: Any) -> None:
            guard.note(f"a process: {args!r}")
            popen_init(self, args, *rest, **kw)

        start = multiprocessing.process.BaseProcess.start

        def watched_start(self: multiprocessing.process.BaseProcess) -> None:
            guard.note("a multiprocessing worker")
            start(self)

        fork = os.fork

        def watched_fork() -> int:
            guard.note("os.fork()")
            return fork()

        self._swap(subprocess.Popen, "__init__", popen_init, watched_popen)
        self._swap(multiprocessing.process.BaseProcess, "start", start, watched_start)
        self._swap(os, "fork", fork, watched_fork)

    def _swap(self, owner: object, name: str, old: Callable[..., Any], new: object) -> None:
        self._originals.append((owner, name, old))
        setattr(owner, name, new)

    def uninstall(self) -> None:
        for owner, name, old in reversed(self._originals):
            setattr(owner, name, old)
        self._originals.clear()

    def take(self) -> list[str]:
        with self._lock:
            started, self.started = self.started, []
        return started
