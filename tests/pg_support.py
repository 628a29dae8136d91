"""A real PostgreSQL server for the room's tests: the one ``AUDIOPOKER_TEST_POSTGRES`` names (a
``postgresql://`` URL of a role that may create databases; CI starts one), or else a private
throwaway cluster started here when PostgreSQL's programs are installed (initdb, pg_ctl under
/usr/lib/postgresql), listening on a unix socket in a temporary folder only; otherwise the
tests that need it are skipped, saying why. Each test gets a fresh database of its own.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import psycopg

ENV = "AUDIOPOKER_TEST_POSTGRES"
BINARIES = Path("/usr/lib/postgresql")


def _binaries() -> Path | None:
    """The newest installed PostgreSQL's bin folder, or None."""
    found = sorted(
        (path for path in BINARIES.glob("*/bin") if (path / "initdb").exists()),
        key=lambda path: int(path.parent.name) if path.parent.name.isdigit() else 0,
    )
    return found[-1] if found else None


def _as_owner() -> list[str]:
    """initdb refuses to run as root: then the cluster is the ``postgres`` user's."""
    if os.geteuid() != 0:
        return []
    if shutil.which("runuser") is None:
        raise LookupError("running as root without runuser")
    return ["runuser", "-u", "postgres", "--"]


@contextlib.contextmanager
def throwaway_cluster() -> Iterator[str]:
    """A private cluster's URL while the block runs (its superuser, no password: the socket
    is in a folder only its owner can reach); stopped and removed after."""
    binaries = _binaries()
    if binaries is None:
        raise LookupError(f"no PostgreSQL under {BINARIES} (apt-get install postgresql)")
    owner = _as_owner()
    folder = Path(tempfile.mkdtemp(prefix="audiopoker-pg-"))
    try:
        if owner:
            shutil.chown(folder, "postgres", "postgres")
        data = folder / "data"
        run = [*owner, str(binaries / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust"]
        subprocess.run([*run, "--no-sync", "-E", "UTF8"], check=True, capture_output=True)
        options = f"-k {folder} -c listen_addresses='' -c fsync=off -p 5432"
        start = [*owner, str(binaries / "pg_ctl"), "-D", str(data), "-o", options, "-w"]
        log = str(folder / "log")
        subprocess.run([*start, "-l", log, "start"], check=True, capture_output=True)
        try:
            yield f"postgresql://postgres@/postgres?host={folder}&port=5432"
        finally:
            stop = [*owner, str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]
            subprocess.run(stop, check=False, capture_output=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@contextlib.contextmanager
def postgres_server() -> Iterator[str]:
    """The URL of a server the tests may create databases on (LookupError: none here)."""
    given = os.environ.get(ENV)
    if given:
        yield given
        return
    with throwaway_cluster() as url:
        yield url


def with_database(server: str, name: str) -> str:
    """``server``'s URL naming the database ``name`` instead."""
    head, _, query = server.partition("?")
    base = head.rsplit("/", 1)[0] if head.count("/") > 2 else head
    return f"{base}/{name}" + (f"?{query}" if query else "")


@contextlib.contextmanager
def fresh_database(server: str) -> Iterator[str]:
    """A new empty database on ``server`` while the block runs; dropped after."""
    name = "audiopoker_test_" + secrets.token_hex(6)
    with psycopg.connect(server, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    try:
        yield with_database(server, name)
    finally:
        with psycopg.connect(server, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
