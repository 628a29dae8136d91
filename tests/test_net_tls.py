"""The network table over TLS: ``host --certfile/--keyfile`` and ``join --cafile`` play;
a client that cannot check the certificate refuses the table with a clear message, and a
half-given certificate is refused by the host before it opens anything."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_net_play import _env, _host, join_command

trustme = pytest.importorskip(
    "trustme", reason="trustme is in the test extra: pip install -e .[test]"
)


def _certificate(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A throwaway authority and a certificate for 127.0.0.1: (ca, cert, key) files."""
    authority = trustme.CA()
    issued = authority.issue_cert("127.0.0.1")
    ca, cert, key = tmp_path / "ca.pem", tmp_path / "cert.pem", tmp_path / "key.pem"
    authority.cert_pem.write_to_path(str(ca))
    issued.cert_chain_pems[0].write_to_path(str(cert))
    issued.private_key_pem.write_to_path(str(key))
    return ca, cert, key


def _join(
    tmp_path: Path, address: str, code: str, *options: str
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        join_command(address, code, "Ana", *options),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=90,
        env=_env(tmp_path / "ana"),
    )


@pytest.mark.slow
def test_a_table_over_tls_plays_for_a_client_that_trusts_its_certificate(tmp_path: Path) -> None:
    ca, cert, key = _certificate(tmp_path)
    host, address, code = _host(
        tmp_path,
        "--seats",
        "3",
        "--hands",
        "3",
        "--seed",
        "2",
        "--certfile",
        str(cert),
        "--keyfile",
        str(key),
    )
    try:
        untrusting = _join(tmp_path, address, code, "--tls", "--lang", "en")
        assert untrusting.returncode == 2
        assert "Could not reach the table" in untrusting.stderr
        assert (
            "CERTIFICATE_VERIFY_FAILED" in untrusting.stderr or "certificate" in untrusting.stderr
        )
        plain = _join(tmp_path, address, code, "--lang", "en")  # ws:// to a wss:// table
        assert plain.returncode == 2
        trusting = _join(tmp_path, address, code, "--cafile", str(ca), "--lang", "en")
        assert trusting.returncode == 0, trusting.stderr
        assert host.wait(timeout=30) == 0
    finally:
        host.kill()


def test_a_certificate_without_its_key_is_refused_before_anything_opens(tmp_path: Path) -> None:
    _ca, cert, _key = _certificate(tmp_path)
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "audiopoker",
            "host",
            "--no-seat",
            "--port",
            "0",
            "--output",
            "silent",
            "--lang",
            "es",
            "--certfile",
            str(cert),
            "--no-save",
        ],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=30,
        env=_env(tmp_path / "host"),
    )
    assert done.returncode == 2
    assert "No se puede usar el certificado" in done.stderr
    assert "--keyfile" in done.stderr
    assert "join" not in done.stdout  # no table was opened
