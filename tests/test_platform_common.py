"""What Windows and macOS share, run here with fakes: the data, log and keymap folders
platformdirs gives each system, the data folder's lock through msvcrt, and the sound cues
through miniaudio's device (no ALSA stderr juggling off Linux)."""

from __future__ import annotations

import importlib.util
import os
import sys
import types
from array import array
from pathlib import Path

import platformdirs
import platformdirs.macos
import platformdirs.windows
import pytest
from platform_fakes import FakeMiniaudio

from audiopoker import logfile
from audiopoker.audio.cues import Cue, CueBank
from audiopoker.audio.sound_backends import MiniaudioBackend, SafeBackend, SoundUnavailable
from audiopoker.persistence import files
from audiopoker.persistence.files import DATA_DIR_ENV
from audiopoker.ui.keymap import user_keymap_path

OTHERS = ("win32", "darwin")


def fake_system(monkeypatch: pytest.MonkeyPatch, platform: str, home: Path) -> None:
    """platformdirs answers as on ``platform``, for a user whose folders are under ``home``."""
    monkeypatch.delenv(DATA_DIR_ENV, raising=False)
    monkeypatch.setattr(sys, "platform", platform)
    if platform == "win32":
        known = {"CSIDL_LOCAL_APPDATA": home / "AppData" / "Local"}
        known["CSIDL_APPDATA"] = home / "AppData" / "Roaming"
        monkeypatch.setattr(platformdirs.windows, "get_win_folder", lambda name: str(known[name]))
        monkeypatch.setattr(platformdirs, "PlatformDirs", platformdirs.windows.Windows)
    else:
        monkeypatch.setenv("HOME", str(home))
        monkeypatch.setenv("USERPROFILE", str(home))  # what expanduser reads on Windows
        monkeypatch.setattr(platformdirs, "PlatformDirs", platformdirs.macos.MacOS)


def test_windows_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's %LOCALAPPDATA%\\audiopoker: local, not roaming (saves and statistics
    are this machine's); the log beside it."""
    fake_system(monkeypatch, "win32", tmp_path)
    local = tmp_path / "AppData" / "Local"
    assert files.data_dir() == local / "audiopoker"
    assert logfile.log_dir() == local / "audiopoker" / "Logs"
    assert logfile.log_path() == local / "audiopoker" / "Logs" / "audiopoker.log"
    # one audiopoker folder, not audiopoker\\audiopoker (platformdirs adds the author)
    assert user_keymap_path().parent.name == "audiopoker"
    assert user_keymap_path().parent.parent.name != "audiopoker"


def test_macos_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_system(monkeypatch, "darwin", tmp_path)
    assert files.data_dir() == tmp_path / "Library" / "Application Support" / "audiopoker"
    assert logfile.log_dir() == tmp_path / "Library" / "Logs" / "audiopoker"
    assert user_keymap_path().parent.parent == tmp_path / "Library" / "Application Support"


def test_windows_commits_renames_without_opening_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "platform", "win32")

    def refuse(*args: object) -> int:
        raise PermissionError("Windows cannot open a folder")

    monkeypatch.setattr(os, "open", refuse)
    files.fsync_dir(tmp_path)  # returns without os.open


def test_the_data_lock_on_windows_uses_msvcrt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """files.py picks msvcrt.locking on Windows: a copy of the module is loaded with the
    platform faked and an msvcrt that keeps locks by file, as Windows does."""
    locked: dict[tuple[int, int], int] = {}  # file identity -> the descriptor holding it
    calls: list[int] = []

    def locking(descriptor: int, mode: int, length: int) -> None:
        status = os.fstat(descriptor)
        identity = (status.st_dev, status.st_ino)
        calls.append(mode)
        if mode == msvcrt.LK_NBLCK:
            if identity in locked:
                raise PermissionError(36, "Resource deadlock avoided")
            locked[identity] = descriptor
        elif locked.get(identity) == descriptor:
            del locked[identity]

    msvcrt = types.SimpleNamespace(LK_NBLCK=2, LK_UNLCK=0, locking=locking)
    monkeypatch.setitem(sys.modules, "msvcrt", msvcrt)
    monkeypatch.setitem(sys.modules, "fcntl", None)  # Windows has none
    monkeypatch.setattr(sys, "platform", "win32")
    spec = importlib.util.spec_from_file_location("_windows_files", files.__file__)
    assert spec is not None and spec.loader is not None
    windows = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(windows)
    with windows.DataLock(tmp_path):
        with pytest.raises(windows.LockBusy) as busy:
            windows.DataLock(tmp_path).acquire()
        assert busy.value.owner == str(os.getpid())
    windows.DataLock(tmp_path).acquire()  # released: free again
    assert calls == [2, 2, 0, 2]  # lock, refused, unlock, lock
    assert (tmp_path / "audiopoker.lock").read_text() == str(os.getpid())


@pytest.fixture
def bank() -> CueBank:
    return CueBank.load()


@pytest.mark.parametrize("platform", OTHERS)
def test_cues_play_through_the_miniaudio_device(
    platform: str, bank: CueBank, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = FakeMiniaudio()
    fake.install(monkeypatch)
    monkeypatch.setattr(sys, "platform", platform)

    def no_fd_juggling(*args: object) -> None:
        raise AssertionError("stderr is redirected only on Linux (ALSA's messages)")

    with monkeypatch.context() as only_now:  # pytest's own capture uses dup2 later
        only_now.setattr(os, "dup2", no_fd_juggling)
        sound = MiniaudioBackend(bank)
    (device,) = fake.devices
    assert device.settings["nchannels"] == 2 and device.settings["sample_rate"] == bank.rate
    assert device.pull(64) == bytes(4 * 64)  # silence until a cue plays
    sound.play(Cue.DEAL, pan=-1.0, gain=1.0)
    frames = array("h", device.pull(256))
    left, right = frames[0::2], frames[1::2]
    assert max(map(abs, left)) > 0 and max(map(abs, right)) == 0  # hard left
    sound.stop_all()
    assert device.pull(64) == bytes(4 * 64)
    sound.close()
    assert device.closed


@pytest.mark.parametrize(
    ("fake", "words"),
    [
        (FakeMiniaudio(fail_open=True), "no audio output device"),
        (FakeMiniaudio(fail_start=True), "would not start"),
    ],
)
def test_a_device_that_fails_leaves_the_game_silent_not_broken(
    fake: FakeMiniaudio, words: str, bank: CueBank, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake.install(monkeypatch)
    monkeypatch.setattr(sys, "platform", "win32")
    with pytest.raises(SoundUnavailable, match=words):
        MiniaudioBackend(bank)
    assert all(device.closed for device in fake.devices)
    sound = SafeBackend(lambda: MiniaudioBackend(bank))
    assert not sound.working and sound.failure and words in sound.failure
    sound.play(Cue.DEAL, 0.0, 1.0)  # nothing, and no error


def test_without_miniaudio_the_reason_says_so(
    bank: CueBank, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "miniaudio", None)
    with pytest.raises(SoundUnavailable, match="not installed"):
        MiniaudioBackend(bank)
