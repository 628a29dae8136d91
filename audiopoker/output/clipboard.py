"""Copy text to the system clipboard with the platform's own command, where there is one.

No GUI toolkit is pulled in for this: Windows has ``clip``, macOS ``pbcopy``, Wayland
``wl-copy`` and X11 ``xclip`` or ``xsel``. Elsewhere (a text console, SSH) there is no
clipboard and the caller tells the player so.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ClipboardCommand:
    """A command that reads the text to copy from its standard input."""

    argv: tuple[str, ...]
    encoding: str = "utf-8"


def find_clipboard_command(
    platform: str | None = None, environ: Mapping[str, str] | None = None
) -> ClipboardCommand | None:
    """The clipboard command for this system, or None if it has none."""
    platform = sys.platform if platform is None else platform
    environ = os.environ if environ is None else environ
    if platform.startswith("win"):
        clip = shutil.which("clip")
        # clip.exe reads UTF-16 correctly when the text starts with a byte order mark.
        return ClipboardCommand((clip,), "utf-16") if clip else None
    if platform == "darwin":
        pbcopy = shutil.which("pbcopy")
        return ClipboardCommand((pbcopy,)) if pbcopy else None
    if environ.get("WAYLAND_DISPLAY") and (wl_copy := shutil.which("wl-copy")):
        return ClipboardCommand((wl_copy,))
    if environ.get("DISPLAY"):
        if xclip := shutil.which("xclip"):
            return ClipboardCommand((xclip, "-selection", "clipboard"))
        if xsel := shutil.which("xsel"):
            return ClipboardCommand((xsel, "--clipboard", "--input"))
    return None


def copy_to_clipboard(text: str, command: ClipboardCommand | None = None) -> bool:
    """Put ``text`` on the clipboard; False when there is no clipboard or the command failed."""
    command = command if command is not None else find_clipboard_command()
    if command is None:
        return False
    environment = dict(os.environ)
    environment.setdefault("LANG", "en_US.UTF-8")  # pbcopy decodes its input by the locale
    try:
        result = subprocess.run(
            command.argv,
            input=text.encode(command.encoding),
            stdout=subprocess.DEVNULL,  # xclip and wl-copy stay behind to serve the selection
            stderr=subprocess.DEVNULL,
            env=environment,
            timeout=3.0,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return result.returncode == 0
