"""TLS: a server started with a certificate and key; the client verifies it, and only
``--insecure`` (said aloud by the program) skips the check."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
from pathlib import Path

import pytest

from audiogame.online.client import Link, LinkError, client_tls
from audiogame.online.server import tls_context
from tests.online_support import running_server

pytestmark = pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl")


def self_signed(folder: Path) -> tuple[Path, Path]:
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
         "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True,
    )  # fmt: skip
    return cert, key


def test_the_client_verifies_the_server_certificate(tmp_path: Path) -> None:
    cert, key = self_signed(tmp_path)

    async def go() -> tuple[str, str, str]:
        async with running_server(tmp_path / "data", tls=tls_context(str(cert), str(key))) as s:
            url = f"wss://127.0.0.1:{s.port}/"
            trusted = await Link(url, "Anna", tls=client_tls(cafile=str(cert))).open()
            with pytest.raises(LinkError) as unknown:
                await Link(url, "Bruno", tls=client_tls()).open()
            insecure = await Link(url, "Carla", tls=client_tls(insecure=True)).open()
            return trusted["type"], unknown.value.code, insecure["type"]

    assert asyncio.run(go()) == ("welcome", "tls", "welcome")
