"""Build the stand-alone app: one folder with the game and its own Python, and a zip of it.

    pip install pyinstaller    (or: pip install -e .[app])
    python scripts/build_app.py              -> dist/audiopoker/ and
                                                dist/audiopoker-<version>-<os>-<arch>.zip

The folder carries everything the game loads at run time: the sound cues, every language
catalog, keymap.toml, the bots' data tables, and the speech backends' native parts
(prismatoid's shared library when it is installed, accessible-output2's DLLs on Windows).
A player unzips it and runs ``audiopoker`` (``audiopoker.exe``) inside; no Python needed.
"""

from __future__ import annotations

import argparse
import importlib.util
import platform
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAME = "audiopoker"


def version() -> str:
    """The version in audiopoker/__init__.py, read without importing the package."""
    for line in (ROOT / "audiopoker" / "__init__.py").read_text("utf-8").splitlines():
        if line.startswith("__version__"):
            return line.split("=", 1)[1].strip().strip("\"'")
    raise SystemExit("no __version__ in audiopoker/__init__.py")


def platform_tag() -> str:
    """``<os>-<arch>`` as players know them: windows, macos, linux; x86_64, arm64."""
    system = {"darwin": "macos", "win32": "windows"}.get(sys.platform, sys.platform)
    machine = platform.machine().lower()
    machine = {"amd64": "x86_64", "aarch64": "arm64"}.get(machine, machine)
    return f"{system.removesuffix('2')}-{machine}"  # linux2 on old Pythons


def installed(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


def pyinstaller_arguments(dist: Path, work: Path) -> list[str]:
    """The PyInstaller command line for the one-folder app."""
    separator = ";" if sys.platform == "win32" else ":"
    arguments = [
        str(ROOT / "audiopoker" / "__main__.py"),
        "--name", NAME, "--onedir", "--console", "--noconfirm", "--log-level", "WARN",
        "--distpath", str(dist), "--workpath", str(work), "--specpath", str(work),
        # Subcommands are imported by name (cli.py), so the analysis cannot see them.
        "--collect-submodules", "audiopoker",
        # Catalogs (.po of every domain), keymap.toml and bots/data/*.csv live in the package.
        "--collect-data", "audiopoker",
        # The cues sit beside the package in the source tree; the wheel puts them inside it.
        "--add-data", f"{ROOT / 'sounds'}{separator}audiopoker/sounds",
        # Speech drivers are chosen at run time by name.
        "--collect-submodules", "accessible_output2",
        "--collect-submodules", "pyttsx3",
        # Optional imports the game never uses (miniaudio tries numpy): 45 MB less.
        "--exclude-module", "numpy", "--exclude-module", "yaml", "--exclude-module", "tkinter",
    ]  # fmt: skip
    if installed("prism"):  # libprism and its cffi module, found by no import statement
        arguments += ["--collect-all", "prism"]
    if sys.platform == "win32":  # nvdaControllerClient, SAPI and JAWS helpers: DLLs as data
        arguments += ["--collect-all", "accessible_output2"]
    return arguments


def build(dist: Path, make_zip: bool = True) -> tuple[Path, Path | None]:
    """Build ``dist/audiopoker/`` and, unless told not to, its zip; return both paths."""
    if not installed("PyInstaller"):
        raise SystemExit("PyInstaller is not installed: pip install pyinstaller")
    dist.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="apbuild") as work:
        command = [sys.executable, "-m", "PyInstaller", *pyinstaller_arguments(dist, Path(work))]
        subprocess.run(command, check=True)
    folder = dist / NAME
    if not make_zip:
        return folder, None
    base = dist / f"{NAME}-{version()}-{platform_tag()}"
    archive = shutil.make_archive(str(base), "zip", root_dir=dist, base_dir=NAME)
    return folder, Path(archive)


def folder_size(folder: Path) -> int:
    """Bytes in every file under ``folder``."""
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder")
    parser.add_argument("--no-zip", action="store_true", help="build the folder only")
    options = parser.parse_args(argv)
    folder, archive = build(options.dist.resolve(), make_zip=not options.no_zip)
    print(f"app: {folder} ({folder_size(folder) / 1e6:.1f} MB)")
    if archive is not None:
        print(f"zip: {archive} ({archive.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
