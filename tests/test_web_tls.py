"""The page over https when the server has a certificate: the page, its scripts and the game's
WebSocket all go through TLS (wss), and a game starts; Chromium accepts the test's self-signed
certificate only because it is told to."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from audiogame.online.server import tls_context
from tests.browser import INSTALL, chromium, wait_for
from tests.system_deps import missing_programs, need
from tests.test_online_tls import self_signed
from tests.web_support import create_table, enter_lobby, live_server, start_game, wait_said

pytestmark = pytest.mark.browser


def socket_urls(driver: Any) -> list[str]:
    """The address of every WebSocket the page opened (the performance log)."""
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.webSocketCreated":
            urls.append(str(message["params"]["url"]))
    return urls


def test_the_page_is_served_over_https_with_the_server_certificate(tmp_path: Path) -> None:
    need(missing_programs(["openssl"]), INSTALL)
    cert, key = self_signed(tmp_path)
    tls = tls_context(str(cert), str(key))
    with (
        live_server(tmp_path / "data", tls=tls) as server,
        chromium(flags=("--ignore-certificate-errors",)) as driver,
    ):
        assert server["url"].startswith("https://127.0.0.1:")
        enter_lobby(driver, server["url"], "Anna")
        assert driver.execute_script("return location.protocol") == "https:"
        assert driver.execute_script("return window.isSecureContext") is True
        create_table(driver, "cardavia")
        start_game(driver)
        wait_said(driver, "Cardavia")
        urls = socket_urls(driver)
        assert urls and all(url.startswith("wss://127.0.0.1:") for url in urls), urls


def test_without_being_told_chromium_refuses_the_self_signed_page(tmp_path: Path) -> None:
    need(missing_programs(["openssl"]), INSTALL)
    cert, key = self_signed(tmp_path)
    tls = tls_context(str(cert), str(key))
    with live_server(tmp_path / "data", tls=tls) as server, chromium() as driver:
        driver.get(server["url"])
        wait_for(lambda: driver.execute_script("return document.readyState") == "complete")
        assert not driver.find_elements("id", "name")  # Chromium's warning, not the page
