"""The console echo: which screen readers are found running (fake /proc trees, a fake
``ps``), and the echo each output stage gets by default, with ``--echo``/``--no-echo``."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import pytest
from platform_support import posix_only

from audiopoker.output import echo as echo_module
from audiopoker.output import factory
from audiopoker.output.backends import RecordingBackend, SilentBackend
from audiopoker.output.echo import echo_choice
from audiopoker.output.readers import reader_names, running_screen_readers

# The Linux detection reads who owns each /proc entry: the fake trees need this user's id.
FAKE_PROC = posix_only("fake /proc trees owned by this user (os.getuid)")

Process = tuple[str, list[str]] | tuple[str, list[str], list[str]]


def fake_proc(root: Path, processes: Mapping[int, Process]) -> Path:
    """A /proc with one folder per pid holding ``comm``, ``cmdline`` and ``environ``."""
    proc = root / "proc"
    proc.mkdir()
    (proc / "self").mkdir()  # not a pid: skipped
    (proc / "meminfo").write_text("MemTotal: 1 kB\n")
    for pid, (comm, argv, *environ) in processes.items():
        folder = proc / str(pid)
        folder.mkdir()
        (folder / "comm").write_text(comm + "\n")
        (folder / "cmdline").write_bytes(b"".join(arg.encode() + b"\0" for arg in argv))
        variables = environ[0] if environ else []
        (folder / "environ").write_bytes(b"".join(v.encode() + b"\0" for v in variables))
    return proc


def found(
    tmp_path: Path,
    processes: Mapping[int, Process],
    uid: int | None = None,
    brltty_conf: str | None = None,
) -> tuple[str, ...]:
    etc = tmp_path / "etc"
    etc.mkdir(exist_ok=True)
    if brltty_conf is not None:
        (etc / "brltty.conf").write_text(brltty_conf)
    return running_screen_readers(
        platform="linux",
        proc=fake_proc(tmp_path, processes),
        sys_root=tmp_path / "sys",
        etc=etc,
        uid=os.getuid() if uid is None else uid,
    )


EVERYDAY = {
    1: ("systemd", ["/sbin/init", "splash"]),
    200: ("bash", ["-bash"]),
    201: ("vim", ["vim", "/home/orca/notes-about-orca.txt"]),
    202: ("python3", ["python3", "-m", "http.server"]),
    203: ("speech-dispatch", ["/usr/bin/speech-dispatcher", "-d"]),
    204: ("orcad", ["/usr/bin/orcad"]),
}


@FAKE_PROC
def test_nothing_found_among_everyday_processes(tmp_path: Path) -> None:
    assert found(tmp_path, EVERYDAY) == ()


def test_no_proc_means_nothing_found(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere"
    assert running_screen_readers(platform="linux", proc=missing, sys_root=missing) == ()


@FAKE_PROC
@pytest.mark.parametrize(
    ("process", "reader"),
    [
        (("orca", ["/usr/bin/python3", "/usr/bin/orca", "--replace"]), "orca"),
        (("python3", ["/usr/bin/python3", "-OO", "/usr/bin/orca"]), "orca"),
        (("fenrir", ["/usr/bin/python3", "/usr/bin/fenrir", "-f"]), "fenrir"),
        (("python3", ["python3", "-m", "fenrirscreenreader.fenrir"]), "fenrir"),
        (("fenrir-daemon", ["/usr/bin/fenrir-daemon"]), "fenrir"),
        (("tdsr", ["/usr/bin/python3", "/home/u/tdsr/tdsr.py"]), "tdsr"),
        (("python3", ["python3", "/home/u/tdsr/tdsr"]), "tdsr"),
        (("espeakup", ["/usr/bin/espeakup", "--default-voice=es"]), "speakup"),
    ],
)
def test_each_linux_reader_is_found_by_its_process(
    tmp_path: Path, process: Process, reader: str
) -> None:
    assert found(tmp_path, {**EVERYDAY, 4242: process}) == (reader,)


@FAKE_PROC
def test_orca_and_tdsr_count_only_as_this_user_daemons_as_anyone(tmp_path: Path) -> None:
    """The login screen's Orca (another user) reads nobody's terminal; Fenrir and
    espeakup run as root and read the console whoever plays."""
    processes: dict[int, Process] = {
        10: ("orca", ["/usr/bin/orca"]),
        11: ("tdsr", ["/usr/bin/tdsr"]),
        12: ("fenrir", ["/usr/bin/fenrir"]),
        13: ("espeakup", ["/usr/bin/espeakup"]),
    }
    assert found(tmp_path, processes, uid=os.getuid() + 1) == ("fenrir", "speakup")


@FAKE_PROC
def test_speakup_in_the_kernel_counts_unless_its_synthesizer_is_none(tmp_path: Path) -> None:
    proc = fake_proc(tmp_path, EVERYDAY)

    def readers() -> tuple[str, ...]:
        return running_screen_readers(platform="linux", proc=proc, sys_root=tmp_path / "sys")

    assert readers() == ()
    (tmp_path / "sys/module/speakup").mkdir(parents=True)
    assert readers() == ("speakup",)
    synth = tmp_path / "sys/accessibility/speakup/synth"
    synth.parent.mkdir(parents=True)
    synth.write_text("none\n")
    assert readers() == ()
    synth.write_text("soft\n")
    assert readers() == ("speakup",)
    (tmp_path / "sys/module/speakup").rmdir()
    (proc / "speakup").mkdir()  # older kernels: /proc/speakup
    assert readers() == ("speakup",)


@FAKE_PROC
@pytest.mark.parametrize(
    ("argv", "environ", "conf", "speaks"),
    [
        (["/sbin/brltty"], [], None, False),  # braille only: nothing said twice
        (["/sbin/brltty", "-s", "es"], [], None, True),
        (["/sbin/brltty", "-ses"], [], None, True),
        (["/sbin/brltty", "--speech-driver=sd"], [], None, True),
        (["/sbin/brltty", "--speech-driver", "no"], [], None, False),
        (["/sbin/brltty", "-s", "no"], [], "speech-driver es\n", False),  # the command wins
        (["/sbin/brltty"], [], "# speech-driver es\nbraille-driver tt\n", False),
        (["/sbin/brltty"], [], "speech-driver\tes  # eSpeak-NG\n", True),
        (["/sbin/brltty"], ["LANG=C", "BRLTTY_SPEECH_DRIVER=sd"], None, True),
    ],
)
def test_brltty_counts_only_when_it_has_a_speech_driver(
    tmp_path: Path, argv: list[str], environ: list[str], conf: str | None, speaks: bool
) -> None:
    processes: dict[int, Process] = {77: ("brltty", argv, environ)}
    expected = ("brltty",) if speaks else ()
    assert found(tmp_path, processes, brltty_conf=conf) == expected


@FAKE_PROC
def test_brltty_reads_the_configuration_file_it_was_given(tmp_path: Path) -> None:
    conf = tmp_path / "mine.conf"
    conf.write_text("speech-driver sd\n")
    processes: dict[int, Process] = {77: ("brltty", ["/sbin/brltty", "-f", str(conf)])}
    assert found(tmp_path, processes, brltty_conf="speech-driver no\n") == ("brltty",)


@FAKE_PROC
def test_several_readers_are_named_in_a_fixed_order(tmp_path: Path) -> None:
    processes: dict[int, Process] = {
        5: ("tdsr", ["tdsr"]),
        6: ("orca", ["orca"]),
        7: ("brltty", ["brltty", "-s", "es"]),
    }
    readers = found(tmp_path, processes)
    assert readers == ("orca", "tdsr", "brltty")
    assert reader_names(readers, "en") == "Orca, TDSR, BRLTTY with speech"
    assert reader_names(readers, "es") == "Orca, TDSR, BRLTTY con voz"
    assert reader_names(("narrator", "windows"), "es") == (
        "Narrador, un lector de pantalla que Windows indica"
    )


def test_macos_finds_voiceover_in_ps() -> None:
    listing = "/sbin/launchd\n/System/Library/CoreServices/VoiceOver.app/Contents/MacOS/VoiceOver\n"
    assert running_screen_readers(platform="darwin", ps=lambda: listing) == ("voiceover",)
    assert running_screen_readers(platform="darwin", ps=lambda: "/sbin/launchd\n") == ()

    def broken() -> str:
        raise OSError("ps: not found")

    assert running_screen_readers(platform="darwin", ps=broken) == ()


def test_other_systems_find_nothing_here() -> None:
    assert running_screen_readers(platform="win32") == ()  # only works on Windows itself
    assert running_screen_readers(platform="sunos5") == ()


# The echo each stage gets.


def selection(stage: str, reads_console: bool = False) -> factory.Selection:
    backend = SilentBackend(stage) if stage in ("console", "silent") else RecordingBackend()
    return factory.Selection("auto", backend, backend.name, "none", stage, reads_console)


@pytest.mark.parametrize(
    ("stage", "reads_console", "readers", "on", "key"),
    [
        ("console", False, (), True, "echo.console_only"),
        ("console", False, ("orca",), True, "echo.console_only"),  # the only output
        ("silent", False, (), False, "echo.silent"),
        ("tts", False, (), True, "echo.no_reader"),
        ("tts", False, ("fenrir",), False, "echo.reader_running"),
        ("screenreader", False, (), True, "echo.no_reader"),  # Speech Dispatcher, no Orca
        ("screenreader", False, ("speakup",), False, "echo.reader_running"),
        ("screenreader", True, (), False, "echo.reads_console"),  # NVDA, JAWS, Orca
    ],
)
def test_default_echo_in_each_stage(
    monkeypatch: pytest.MonkeyPatch,
    stage: str,
    reads_console: bool,
    readers: tuple[str, ...],
    on: bool,
    key: str,
) -> None:
    monkeypatch.setattr(echo_module, "running_screen_readers", lambda: readers)
    chosen = selection(stage, reads_console)
    choice = echo_choice(stage, reads_console)
    assert (choice.on, choice.key) == (on, key)
    assert factory.default_echo(chosen) is on
    router = factory.router_for(chosen)
    try:
        assert router.policy.echo is on
    finally:
        router.close()
    for asked in (True, False):  # --echo / --no-echo win everywhere
        assert factory.router_for(chosen, echo=asked).policy.echo is asked
        assert (
            echo_choice(stage, reads_console, asked).key == f"echo.asked_{'on' if asked else 'off'}"
        )


def test_readers_are_looked_for_only_when_it_matters() -> None:
    def must_not_look() -> tuple[str, ...]:
        raise AssertionError("looked for screen readers")

    for stage, reads_console in (("console", False), ("silent", False), ("screenreader", True)):
        echo_choice(stage, reads_console, readers=must_not_look)
    echo_choice("tts", False, asked=True, readers=must_not_look)


def test_the_reason_is_said_in_the_players_language() -> None:
    choice = echo_choice("tts", False, readers=lambda: ("orca", "narrator"))
    assert choice.reason_in("es") == (
        "está en marcha un lector de pantalla que lee la terminal: Orca, Narrador"
    )
    assert echo_choice("console", False).reason_in("en") == "the console is the only output"
