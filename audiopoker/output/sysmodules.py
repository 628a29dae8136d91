"""Import a module that the operating system's packages provide but this Python cannot see.

Debian ships the Speech Dispatcher client (``speechd``, package python3-speechd) and the
BrlAPI bindings (``brlapi``, package python3-brlapi) only in the system Python's
dist-packages, which a virtualenv or a separately installed Python does not search. Adding
that whole folder to ``sys.path`` would shadow our own dependencies with old copies, so the
folder is added only for the one import and removed right after; the imported package keeps
its own absolute ``__path__`` for later submodule imports.
"""

from __future__ import annotations

import importlib
import sys
import threading
from pathlib import Path
from types import ModuleType

# Where Linux distributions keep packages for the system Python (Debian/Ubuntu first).
SYSTEM_PACKAGE_DIRS: tuple[str, ...] = (
    "/usr/lib/python3/dist-packages",
    f"/usr/lib/python{sys.version_info.major}.{sys.version_info.minor}/site-packages",
    f"/usr/lib64/python{sys.version_info.major}.{sys.version_info.minor}/site-packages",
    f"/usr/lib/python{sys.version_info.major}.{sys.version_info.minor}/dist-packages",
)

_lock = threading.Lock()


def _provides(folder: Path, name: str) -> bool:
    """True if ``folder`` holds a package or module called ``name``."""
    if (folder / name / "__init__.py").is_file() or (folder / f"{name}.py").is_file():
        return True
    return any(folder.glob(f"{name}.*.so")) or (folder / f"{name}.so").is_file()


def import_system_module(name: str, folders: tuple[str, ...] = SYSTEM_PACKAGE_DIRS) -> ModuleType:
    """Import ``name`` normally, else from the first system package folder that has it.

    Raises ImportError (with the folders searched) when no folder provides it or when the
    system copy cannot load in this Python (e.g. a compiled module for another version).
    """
    try:
        return importlib.import_module(name)
    except ImportError as error:
        first_error: ImportError = error
    with _lock:
        for folder in folders:
            path = Path(folder)
            if not path.is_dir() or not _provides(path, name):
                continue
            added = folder not in sys.path
            if added:
                sys.path.append(folder)  # last, so nothing of ours is shadowed meanwhile
            try:
                return importlib.import_module(name)
            except ImportError as error:
                first_error = error
            finally:
                if added:
                    sys.path.remove(folder)
    raise ImportError(
        f"module {name!r} not found in this Python nor in {', '.join(folders)}: {first_error}",
        name=name,
    )
