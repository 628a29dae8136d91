"""The files and folders a command line names, checked before anything starts.

``--transcript`` must name a file that can be written (in a folder that exists, not a
folder itself), ``--keymap`` a file that can be read, and the data folder
(``$AUDIOPOKER_DATA_DIR`` or the user data folder) must be a folder, writable where the
command saves. A bad one is refused in one line in the player's language, saying what to
name instead, before any file is created or any game starts: nothing changes.

The checks touch nothing they do not have to: a file is opened for appending without
writing a byte, a folder is tried with a temporary file that is removed at once.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

from audiopoker.argtypes import command_text, option_error, reason
from audiopoker.persistence import DATA_DIR_ENV, data_dir


def _writable_folder(folder: Path) -> OSError | None:
    """None when a file can be created in ``folder`` (tried, and removed at once)."""
    try:
        with tempfile.TemporaryFile(dir=folder, prefix=".audiopoker-probe-"):
            pass
    except OSError as error:
        return error
    return None


def transcript_problem(path: Path) -> str | None:
    """Why ``--transcript path`` cannot be written (one clause), or None."""
    if path.is_dir():
        example = path / "transcript.jsonl"
        return command_text("cli.transcript.folder", path=path, example=example)
    folder = path.parent
    if not folder.is_dir():
        return command_text("cli.transcript.no_folder", path=path, folder=folder)
    if path.exists():
        try:
            with open(path, "ab"):  # appending nothing: the file stays as it is
                pass
        except OSError as error:
            return command_text("cli.transcript.unwritable", path=path, reason=reason(error))
        return None
    problem = _writable_folder(folder)
    if problem is not None:
        return command_text("cli.transcript.unwritable", path=path, reason=reason(problem))
    return None


def keymap_problem(path: Path) -> str | None:
    """Why ``--keymap path`` cannot be read (one clause), or None."""
    if path.is_dir():
        return command_text("cli.keymap.folder", path=path)
    if not path.exists():
        return command_text("cli.no_such_file", path=path)
    try:
        with open(path, "rb") as file:
            file.read(1)
    except OSError as error:
        return command_text("cli.keymap.unreadable", path=path, reason=reason(error))
    return None


def data_problem(folder: Path, write: bool) -> str | None:
    """Why the data folder cannot be used (a whole message), or None. ``write``: the
    command saves there (the folder is made when missing, so its nearest existing parent
    must take a new entry); otherwise it only reads, and a missing folder is fine."""
    key = "cli.data.file" if os.environ.get(DATA_DIR_ENV) else "cli.data.file_default"
    if folder.exists() and not folder.is_dir():
        return command_text(key, path=folder, variable=DATA_DIR_ENV)
    if not write:
        return None
    existing = folder
    while not existing.exists() and existing.parent != existing:
        existing = existing.parent
    if not existing.is_dir():  # a file stands where a folder on the way should be
        return command_text(key, path=existing, variable=DATA_DIR_ENV)
    problem = _writable_folder(existing)
    if problem is not None:
        said = reason(problem)
        return command_text("cli.data.unwritable", path=folder, variable=DATA_DIR_ENV, reason=said)
    return None


def path_refusal(args: argparse.Namespace) -> str | None:
    """The one message refusing the paths this command line names, or None when all can
    be used. Options first (``--keymap``, ``--transcript``), then the data folder for
    the commands that keep or read games (``play`` unless ``--no-save``, ``stats``)."""
    keymap: Path | None = getattr(args, "keymap", None)
    if keymap is not None:
        problem = keymap_problem(keymap)
        if problem is not None:
            return option_error("--keymap", problem)
    transcript: Path | None = getattr(args, "transcript", None)
    if transcript is not None:
        problem = transcript_problem(transcript)
        if problem is not None:
            return option_error("--transcript", problem)
    data = getattr(args, "data_folder", None)
    if data == "write" and getattr(args, "save", True):
        return data_problem(data_dir(), write=True)
    if data == "read":
        return data_problem(data_dir(), write=False)
    return None
