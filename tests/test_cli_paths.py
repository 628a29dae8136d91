"""Every command refuses a file or folder it cannot use in one line in the player's
language, with exit code 2, before it makes or starts anything: a ``--transcript`` in a
missing folder, onto a folder or where nothing can be written; a ``--keymap`` that is
missing, a folder or unreadable; a data folder (``AUDIOPOKER_DATA_DIR``) that is a file or
cannot be written. Real processes: ``python3 -m audiopoker …``."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest
from cli_support import run_audiopoker

QUICK = ["--output", "silent"]
GAME = [*QUICK, "--no-sound", "--bot-delay", "0", "--hands", "1"]
IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
# Root reads and writes past file modes (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH): a command
# run without those capabilities meets the modes as a player's account does. util-linux's
# setpriv drops them from the bounding set, which a root process's exec takes its own from.
AS_A_PLAYER = ["setpriv", "--bounding-set=-dac_override,-dac_read_search", "--"] if IS_ROOT else []
needs_modes = pytest.mark.skipif(
    sys.platform == "win32" or (IS_ROOT and shutil.which("setpriv") is None),
    reason="file modes bind root only without its capabilities: needs util-linux's setpriv",
)
# A folder nobody may write in, not even root (sysfs refuses new files).
SYS_UNWRITABLE = Path("/sys/audiopoker-test")
needs_sysfs = pytest.mark.skipif(
    not Path("/sys/kernel").is_dir(), reason="needs Linux sysfs for a folder root cannot write"
)


def run(
    arguments: list[str],
    data: Path,
    *,
    env: dict[str, str] | None = None,
    prefix: list[str] | None = None,
) -> tuple[int, list[str], str]:
    """Run the command with closed stdin (after ``prefix``, e.g. AS_A_PLAYER); its exit
    code, stderr lines and stdout."""
    done = run_audiopoker(arguments, data, env=env, prefix=prefix)
    return done.returncode, done.stderr.strip().splitlines(), done.stdout


def refused(arguments: list[str], data: Path, prefix: list[str] | None = None) -> str:
    code, lines, stdout = run(arguments, data, prefix=prefix)
    assert code == 2, (code, lines, stdout)
    assert len(lines) == 1, lines  # one line, no traceback
    assert stdout == ""
    return lines[0]


# Each command with the arguments it needs besides the one being refused.
COMMANDS = {
    "play": ["play", *GAME],
    "watch": ["watch", *GAME],
    "stats": ["stats", *QUICK],
    "replay": ["replay", "hands.phhs", *QUICK],
    "speech-test": ["speech-test", *QUICK],
}
START = {
    "es": "audiopoker {command}: no se puede empezar: la opción --transcript ",
    "en": "audiopoker {command}: error: argument --transcript: ",
}


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("lang", ["es", "en"])
def test_transcript_in_a_missing_folder(command: str, lang: str, tmp_path: Path) -> None:
    target = tmp_path / "missing" / "t.jsonl"
    line = refused([*COMMANDS[command], "--lang", lang, "--transcript", str(target)], tmp_path)
    expected = {
        "es": f"nombra un archivo en una carpeta que no existe: {target.parent}; crea antes "
        "la carpeta o elige un archivo en otra",
        "en": f"names a file in a folder that does not exist: {target.parent}; make the folder "
        "first, or name a file in another one",
    }[lang]
    assert line == START[lang].format(command=command) + expected
    assert not target.parent.exists()


@pytest.mark.parametrize("command", list(COMMANDS))
def test_transcript_onto_a_folder(command: str, tmp_path: Path) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    line = refused([*COMMANDS[command], "--lang", "es", "--transcript", str(folder)], tmp_path)
    assert line == START["es"].format(command=command) + (
        f"nombra una carpeta, no un archivo: {folder}; nombra un archivo dentro, como "
        f"{folder / 'transcript.jsonl'}"
    )
    assert list(folder.iterdir()) == []


@needs_sysfs
@pytest.mark.parametrize("lang", ["es", "en"])
def test_transcript_where_nothing_can_be_written(lang: str, tmp_path: Path) -> None:
    target = SYS_UNWRITABLE.parent / "t.jsonl"
    line = refused(["watch", *GAME, "--lang", lang, "--transcript", str(target)], tmp_path)
    expected = {
        "es": f"no puede escribir en {target} (permiso denegado); elige un archivo en una "
        "carpeta donde puedas escribir",
        "en": f"cannot write {target} (permission denied); name a file in a folder you can write",
    }[lang]
    assert line == START[lang].format(command="watch") + expected


@needs_modes
def test_transcript_file_without_write_permission(tmp_path: Path) -> None:
    target = tmp_path / "t.jsonl"
    target.write_text("kept\n", encoding="utf-8")
    target.chmod(0o444)
    arguments = ["stats", *QUICK, "--lang", "es", "--transcript", str(target)]
    line = refused(arguments, tmp_path, AS_A_PLAYER)
    assert "(permiso denegado)" in line
    assert target.read_text(encoding="utf-8") == "kept\n"


def test_a_good_transcript_still_works(tmp_path: Path) -> None:
    target = tmp_path / "t.jsonl"
    code, lines, _ = run(["stats", *QUICK, "--lang", "es", "--transcript", str(target)], tmp_path)
    assert code == 0, lines
    assert "Aún no hay partidas" in target.read_text(encoding="utf-8")


@pytest.mark.parametrize("command", ["play", "watch"])
@pytest.mark.parametrize("lang", ["es", "en"])
def test_keymap_missing_or_a_folder(command: str, lang: str, tmp_path: Path) -> None:
    missing = tmp_path / "nope.toml"
    folder = tmp_path / "keys"
    folder.mkdir()
    start = {
        "es": f"audiopoker {command}: no se puede empezar: la opción --keymap ",
        "en": f"audiopoker {command}: error: argument --keymap: ",
    }[lang]
    line = refused([*COMMANDS[command], "--lang", lang, "--keymap", str(missing)], tmp_path)
    said = {"es": f"nombra un archivo que no existe: {missing}", "en": f"no such file: {missing}"}
    assert line == start + said[lang]
    line = refused([*COMMANDS[command], "--lang", lang, "--keymap", str(folder)], tmp_path)
    said = {
        "es": f"nombra una carpeta, no un archivo de teclas: {folder}; nombra el propio "
        "archivo .toml",
        "en": f"names a folder, not a keymap file: {folder}; name the .toml file itself",
    }
    assert line == start + said[lang]


@needs_modes
def test_keymap_unreadable(tmp_path: Path) -> None:
    keymap = tmp_path / "keys.toml"
    keymap.write_text("[game]\n", encoding="utf-8")
    keymap.chmod(0)
    arguments = ["play", *GAME, "--lang", "es", "--keymap", str(keymap)]
    line = refused(arguments, tmp_path, AS_A_PLAYER)
    assert line == (
        f"audiopoker play: no se puede empezar: la opción --keymap no puede leer {keymap} "
        "(permiso denegado); elige un archivo de teclas que puedas leer"
    )


@pytest.mark.parametrize("command", ["play", "stats"])
@pytest.mark.parametrize("lang", ["es", "en"])
def test_data_folder_that_is_a_file(command: str, lang: str, tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.write_text("mine\n", encoding="utf-8")
    line = refused([*COMMANDS[command], "--lang", lang], data)
    expected = {
        "es": f"audiopoker {command}: no se puede empezar: AUDIOPOKER_DATA_DIR nombra un "
        f"archivo, no una carpeta: {data}; ponle una carpeta, o quítala para usar la de siempre",
        "en": f"audiopoker {command}: error: AUDIOPOKER_DATA_DIR names a file, not a folder: "
        f"{data}; set it to a folder, or unset it to use the usual one",
    }[lang]
    assert line == expected
    assert data.read_text(encoding="utf-8") == "mine\n"


@needs_sysfs
@pytest.mark.parametrize("lang", ["es", "en"])
def test_data_folder_that_cannot_be_written(lang: str, tmp_path: Path) -> None:
    line = refused(["play", *GAME, "--lang", lang], SYS_UNWRITABLE)
    expected = {
        "es": "audiopoker play: no se puede empezar: no se puede escribir en la carpeta de "
        f"datos {SYS_UNWRITABLE} (permiso denegado); pon en AUDIOPOKER_DATA_DIR una carpeta "
        "donde puedas escribir, o juega con --no-save",
        "en": f"audiopoker play: error: the data folder {SYS_UNWRITABLE} cannot be written "
        "(permission denied); set AUDIOPOKER_DATA_DIR to a folder you can write, or play "
        "with --no-save",
    }[lang]
    assert line == expected


@needs_modes
def test_data_folder_without_write_permission(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    data.chmod(0o555)
    try:
        line = refused(["play", *GAME, "--lang", "es"], data, AS_A_PLAYER)
    finally:
        data.chmod(0o755)
    assert "(permiso denegado)" in line and "--no-save" in line
    assert list(data.iterdir()) == []


def test_commands_that_keep_nothing_ignore_the_data_folder(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.write_text("mine\n", encoding="utf-8")
    code, lines, _ = run(["play", *GAME, "--no-save", "--autopilot", "--lang", "es"], data)
    assert code == 0, lines
    code, lines, _ = run(["watch", *GAME, "--lang", "es"], data)
    assert code == 0, lines


def test_required_arguments_are_said_in_the_players_language(tmp_path: Path) -> None:
    line = refused(["showdown", "--lang", "es"], tmp_path)
    assert line == (
        "audiopoker showdown: no se puede empezar: faltan datos obligatorios: --board, --hand"
    )
    line = refused(["replay", "--lang", "es"], tmp_path)
    assert line == "audiopoker replay: no se puede empezar: faltan datos obligatorios: FILE.phh"
