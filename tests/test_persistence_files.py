"""Crash-safe files: atomic replacement killed mid-write, torn appends, keeping bad files
aside without ever overwriting, and the data-folder lock (in one process, across
processes, and released when its holder is killed)."""

from __future__ import annotations

import datetime
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from audiopoker.persistence import files
from audiopoker.persistence.files import (
    DataLock,
    LockBusy,
    append_durably,
    atomic_write,
    data_dir,
    keep_aside,
    remove_stray_temporaries,
)

POSIX = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")


def test_atomic_write_replaces_the_whole_file(tmp_path: Path) -> None:
    target = tmp_path / "save.json"
    atomic_write(target, b"first")
    atomic_write(target, b"second, longer")
    assert target.read_bytes() == b"second, longer"
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]  # no temporary left


# The child processes load files.py alone (it imports nothing of ours): they start fast.
LOAD = textwrap.dedent(
    f"""
    import importlib.util, sys
    spec = importlib.util.spec_from_file_location("files", {str(files.__file__)!r})
    files = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(files)
    """
)

WRITER = LOAD + textwrap.dedent(
    """
    from pathlib import Path
    atomic_write = files.atomic_write
    target = Path(sys.argv[1])
    payloads = [b"A" * 300_000, b"B" * 200_000 + b"end"]
    print("ready", flush=True)
    n = 0
    while True:
        atomic_write(target, payloads[n % 2])
        n += 1
    """
)


@POSIX
def test_a_writer_killed_at_any_moment_leaves_the_old_file_or_the_new(tmp_path: Path) -> None:
    target = tmp_path / "save.json"
    atomic_write(target, b"A" * 3_000_000)
    good = {b"A" * 300_000, b"B" * 200_000 + b"end"}
    chooser = random.Random(7)
    strays = 0
    for kills in range(1, 31):
        writer = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(target)], stdout=subprocess.PIPE
        )
        assert writer.stdout is not None and writer.stdout.readline() == b"ready\n"
        time.sleep(chooser.uniform(0.0, 0.15))
        writer.send_signal(signal.SIGKILL)
        writer.wait(10)
        writer.stdout.close()
        assert target.read_bytes() in good
        strays += remove_stray_temporaries(tmp_path)
        assert [p.name for p in tmp_path.iterdir()] == ["save.json"]
        if kills >= 8 and strays >= 2:
            break
    assert strays >= 1  # kills landed inside a write, and the file was still whole


def test_append_cuts_a_torn_tail_first(tmp_path: Path) -> None:
    path = tmp_path / "game.phhs"
    size = append_durably(path, b"[1]\nhand one\n", 0)
    with open(path, "ab") as file:
        file.write(b"\n[2]\nhalf a ha")  # an append a crash cut short
    size = append_durably(path, b"\n[2]\nhand two\n", size)
    assert path.read_bytes() == b"[1]\nhand one\n\n[2]\nhand two\n"
    assert size == path.stat().st_size


def test_keep_aside_never_overwrites(tmp_path: Path) -> None:
    when = datetime.datetime(2026, 11, 29, 23, 0, 0)
    kept = []
    for content in (b"one", b"two", b"three"):
        path = tmp_path / "saved-game.json"
        path.write_bytes(content)
        kept.append(keep_aside(path, "damaged", when))
        assert not path.exists()
    assert [p.name for p in kept] == [
        "saved-game.json.damaged-20261129-230000",
        "saved-game.json.damaged-20261129-230000-2",
        "saved-game.json.damaged-20261129-230000-3",
    ]
    assert [p.read_bytes() for p in kept] == [b"one", b"two", b"three"]


def test_the_data_folder_comes_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("AUDIOPOKER_DATA_DIR", str(tmp_path / "mine"))
    assert data_dir() == tmp_path / "mine"
    monkeypatch.delenv("AUDIOPOKER_DATA_DIR")
    assert data_dir().name == "audiopoker"


def test_one_lock_at_a_time(tmp_path: Path) -> None:
    first, second = DataLock(tmp_path), DataLock(tmp_path)
    first.acquire()
    with pytest.raises(LockBusy) as busy:
        second.acquire()
    assert busy.value.path == tmp_path / "audiopoker.lock"
    first.release()
    with second:
        assert second.held
    assert not second.held


HOLDER = LOAD + textwrap.dedent(
    """
    import time
    from pathlib import Path
    lock = files.DataLock(Path(sys.argv[1]))  # held while the object lives
    lock.acquire()
    print("locked", flush=True)
    time.sleep(60)
    """
)


@POSIX
def test_the_lock_of_a_killed_process_is_free_at_once(tmp_path: Path) -> None:
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(tmp_path)], stdout=subprocess.PIPE)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == b"locked\n"
        with pytest.raises(LockBusy) as busy:
            DataLock(tmp_path).acquire()
        assert busy.value.owner == str(holder.pid)
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait(10)
        if holder.stdout is not None:
            holder.stdout.close()
    with DataLock(tmp_path) as lock:
        assert lock.held
