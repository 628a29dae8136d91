"""The room's deployment files stay in step with ``audiopoker server`` (issue 28, point 4):
the systemd unit's ExecStart and the Dockerfile's ENTRYPOINT are command lines the server's
own parser takes, every option spelt in full (argparse would also take a prefix, which a
later option can make ambiguous); they keep the database where the service keeps its state,
name the certificate the certbot hook writes, and listen where the image says; and the
unit's command, its files moved into a temporary folder, serves TLS and closes on the
SIGTERM a service manager sends, and the image's health check passes against it."""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import signal
import ssl
import subprocess
import sys
from pathlib import Path, PurePosixPath

import trustme
from cli_support import ROOT
from websockets.sync.client import connect

from audiopoker.commands.serve_room import loopback, register, run_server

UNIT = ROOT / "deploy" / "audiopoker-room.service"
DOCKERFILE = ROOT / "Dockerfile"
HOOK = ROOT / "deploy" / "audiopoker-room-cert"
README = ROOT / "README.md"
SERVER = ["-m", "audiopoker", "server"]


def unit_settings(text: str) -> dict[str, list[str]]:
    """``Section.Key`` -> its values in order (a key may be given more than once)."""
    settings: dict[str, list[str]] = {}
    section = ""
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            section = line.strip("[]")
            continue
        key, _, value = line.partition("=")
        settings.setdefault(f"{section}.{key.strip()}", []).append(value.strip())
    return settings


def docker_instructions(text: str) -> dict[str, list[str]]:
    """Instruction -> its arguments, continuation lines joined, comments dropped."""
    joined = re.sub(r"\\\n", " ", "\n".join(
        line for line in text.splitlines() if not line.lstrip().startswith("#")
    ))  # fmt: skip
    instructions: dict[str, list[str]] = {}
    for line in joined.splitlines():
        if line.strip():
            word, _, rest = line.strip().partition(" ")
            instructions.setdefault(word.upper(), []).append(rest.strip())
    return instructions


def server_parser() -> argparse.ArgumentParser:
    """``audiopoker server``'s own parser, as the command line registers it (without
    importing every other command)."""
    subparsers = argparse.ArgumentParser(prog="audiopoker").add_subparsers()
    register(subparsers)
    parser: argparse.ArgumentParser = subparsers.choices["server"]
    return parser


def server_arguments(options: list[str]) -> argparse.Namespace:
    """The server's reading of ``options``, each of them spelt as the server spells it."""
    parser = server_parser()
    known = {name for action in parser._actions for name in action.option_strings}
    unknown = [word for word in options if word.startswith("-") and word not in known]
    assert unknown == [], f"options the server does not know: {unknown}"
    args = parser.parse_args(options)
    assert args.func is run_server
    return args


def room_env_example() -> list[str]:
    """The room options the README puts in /etc/audiopoker/room.env."""
    found = re.search(r"ROOM_OPTIONS=\"([^\"]*)\"", README.read_text(encoding="utf-8"))
    assert found is not None, "the README shows no ROOM_OPTIONS line"
    return shlex.split(found.group(1))


def unit_command(room_options: list[str]) -> list[str]:
    """The unit's ExecStart as systemd runs it with ``room_options`` in room.env (an unbraced
    $VARIABLE is split into words at white space, as systemd does)."""
    (line,) = unit_settings(UNIT.read_text(encoding="utf-8"))["Service.ExecStart"]
    words: list[str] = []
    for word in shlex.split(line):
        words += room_options if word == "$ROOM_OPTIONS" else [word]
    assert "$" not in " ".join(words), "a variable the unit does not set"
    return words


def docker_command() -> list[str]:
    instructions = docker_instructions(DOCKERFILE.read_text(encoding="utf-8"))
    (entrypoint,) = instructions["ENTRYPOINT"]
    (cmd,) = instructions["CMD"]
    command: list[str] = json.loads(entrypoint) + json.loads(cmd)
    return command


def test_the_unit_runs_the_server_with_options_it_knows() -> None:
    settings = unit_settings(UNIT.read_text(encoding="utf-8"))
    command = unit_command(room_env_example())
    python = PurePosixPath(command[0])
    assert command[1:4] == SERVER
    # The venv the README makes is the one the unit runs.
    venv = python.parent.parent
    assert f"python3 -m venv {venv}" in README.read_text(encoding="utf-8")
    args = server_arguments(command[4:])
    assert args.admin == ["Ana"]  # the README's room.env example reaches the server
    # A room open to the network refuses to start without TLS (exit 2, never restarted).
    assert not loopback(args.bind) and args.certfile and args.keyfile
    assert settings["Service.RestartPreventExitStatus"] == ["2"]
    # The database and the log are in the one folder systemd lets the service write.
    (state,) = settings["Service.StateDirectory"]
    assert PurePosixPath(args.database).parent == PurePosixPath("/var/lib", state)
    assert f"AUDIOPOKER_DATA_DIR=/var/lib/{state}" in settings["Service.Environment"]
    assert settings["Service.User"] == ["audiopoker"]


def test_the_image_runs_the_server_with_options_it_knows() -> None:
    instructions = docker_instructions(DOCKERFILE.read_text(encoding="utf-8"))
    command = docker_command()
    assert command[0] == "python" and command[1:4] == SERVER
    args = server_arguments(command[4:])
    assert not loopback(args.bind) and args.certfile and args.keyfile
    (volume,) = (PurePosixPath(path) for path in json.loads(instructions["VOLUME"][0]))
    assert PurePosixPath(args.database).parent == volume
    env = dict(word.split("=", 1) for line in instructions["ENV"] for word in shlex.split(line))
    assert env["AUDIOPOKER_DATA_DIR"] == str(volume)
    assert instructions["EXPOSE"] == [str(args.port)]
    (health,) = instructions["HEALTHCHECK"]
    assert f"('127.0.0.1', {args.port})" in health
    assert instructions["USER"] != ["root"]


def test_the_unit_the_image_and_the_certbot_hook_name_the_same_files() -> None:
    unit = server_arguments(unit_command([])[4:])
    image = server_arguments(docker_command()[4:])
    for name in ("certfile", "keyfile", "database", "port"):
        assert getattr(unit, name) == getattr(image, name), name
    hook = HOOK.read_text(encoding="utf-8")
    (folder,) = re.findall(r"^tls=(\S+)$", hook, flags=re.MULTILINE)
    written = {PurePosixPath(folder, name) for name in re.findall(r'"\$tls/([^"]+)"', hook)}
    assert written == {PurePosixPath(unit.certfile), PurePosixPath(unit.keyfile)}
    assert os.access(HOOK, os.X_OK)


def test_the_units_command_serves_tls_and_closes_on_sigterm(tmp_path: Path) -> None:
    authority = trustme.CA()
    certificate = authority.issue_cert("127.0.0.1")
    certfile, keyfile = tmp_path / "fullchain.pem", tmp_path / "privkey.pem"
    certificate.private_key_pem.write_to_path(str(keyfile))
    certificate.cert_chain_pems[0].write_to_path(str(certfile))
    # The unit's own command, its files and address moved here.
    moved = {
        "--certfile": str(certfile),
        "--keyfile": str(keyfile),
        "--database": str(tmp_path / "room.sqlite3"),
        "--bind": "127.0.0.1",
        "--port": "0",
    }
    options = unit_command([])[4:]
    for index, word in enumerate(options[:-1]):
        options[index + 1] = moved.get(word, options[index + 1])
    env = {**os.environ, "AUDIOPOKER_DATA_DIR": str(tmp_path / "state"), "LANG": "en_US.UTF-8"}
    room = subprocess.Popen(
        [sys.executable, *SERVER, *options, "--lang", "en"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert room.stdout is not None
        opened = room.stdout.readline()
        found = re.match(r"Room open at (wss://127\.0\.0\.1:(\d+)) ", opened)
        assert found is not None, opened
        trust = ssl.create_default_context()
        authority.configure_trust(trust)
        with connect(found.group(1), ssl=trust, open_timeout=20):
            pass  # a websocket over TLS that the certificate's authority vouches for
        # The image's health check, against this room's port.
        (health,) = docker_instructions(DOCKERFILE.read_text(encoding="utf-8"))["HEALTHCHECK"]
        check = json.loads(health[health.index("[") :])
        assert check[:2] == ["python", "-c"]
        script = check[2].replace("7778", found.group(2))
        subprocess.run([sys.executable, "-c", script], check=True, timeout=20)
        room.send_signal(signal.SIGTERM)
        out, err = room.communicate(timeout=20)
    finally:
        room.kill()
    assert room.returncode == 0, err
    assert out == "Room closed.\n"
