"""A real browser for the tests marked ``browser``: headless Chromium driven by Selenium through
Debian's chromedriver, a fresh profile each time, the accessibility tree through the DevTools
protocol and axe-core injected into the page.

Where Chromium, its driver, selenium or axe-core is missing the tests skip with the reason
(``scripts/install-browser-test-deps`` installs them); with ``AUDIOGAME_REQUIRE_SYSTEM_TESTS=1``
they fail instead.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.system_deps import missing_modules, missing_programs, need

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
DRIVER = "/usr/bin/chromedriver"
INSTALL = "scripts/install-browser-test-deps"
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--autoplay-policy=user-gesture-required",
    "--window-size=1280,900",
)
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
PHONE = {
    "deviceMetrics": {"width": 412, "height": 800, "pixelRatio": 2.625, "touch": True,
                      "mobile": True},
    "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like "
                 "Gecko) Chrome/130.0.0.0 Mobile Safari/537.36",
}  # fmt: skip
"""What ``chromium(phone=True)`` emulates: a phone of 412 by 800 CSS pixels, with touch."""
WAIT = 15.0
"""Seconds a test waits for the page before it fails: generous, for a loaded machine."""


def require_browser() -> None:
    """Skip (or fail, where required) unless everything a browser test needs is here."""
    missing = missing_programs(["chromium"]) + missing_modules(["selenium"])
    if not Path(DRIVER).exists():
        missing.append(DRIVER)
    if not AXE.exists():
        missing.append("axe-core (node_modules/axe-core)")
    need(missing, INSTALL)


@contextmanager
def chromium(
    language: str = "en",
    flags: tuple[str, ...] = (),
    profile: Path | None = None,
    phone: bool = False,
) -> Iterator[Any]:
    """A headless Chromium with a fresh profile, closed afterwards; ``flags`` are more of its
    command-line options. With ``profile``, that folder is its profile, kept afterwards (a
    browser started again with it finds its storage). With ``phone``, it plays a phone:
    Chromium's mobile emulation (a narrow screen, touch events, a phone's user agent)."""
    require_browser()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    folder = str(profile) if profile is not None else tempfile.mkdtemp(prefix="audiogame-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "chromium"
    for flag in (*CHROMIUM_FLAGS, *flags):
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={folder}")
    options.add_argument(f"--lang={language}")
    options.add_experimental_option("prefs", {"intl.accept_languages": language})
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    if phone:
        options.add_experimental_option("mobileEmulation", PHONE)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.set_script_timeout(WAIT)
    try:
        yield driver
    finally:
        driver.quit()
        if profile is None:
            shutil.rmtree(folder, ignore_errors=True)


def wait_for(what: Callable[[], Any], timeout: float = WAIT, message: str = "") -> Any:
    """``what()`` once it is true (polled); an ``AssertionError`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = what()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(message or f"still waiting after {timeout} s")
        time.sleep(0.05)


def axe_violations(driver: Any) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is now (WCAG 2.2 A and AA, best practices)."""
    driver.execute_script(AXE.read_text(encoding="utf-8"))
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}})"
        ".then(r => done(JSON.stringify(r.violations)), e => done(JSON.stringify("
        "[{id: 'axe-error', help: String(e), nodes: []}])));",
        AXE_TAGS,
    )
    violations: list[dict[str, Any]] = json.loads(result)
    return violations


def describe(violations: list[dict[str, Any]]) -> str:
    return "; ".join(
        f"{v['id']}: {v['help']} at {[n.get('target') for n in v.get('nodes', [])][:3]}"
        for v in violations
    )


def ax_nodes(driver: Any) -> list[dict[str, Any]]:
    """Chromium's full accessibility tree of the page, through the DevTools protocol."""
    nodes: list[dict[str, Any]] = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    return nodes


def ax_value(node: dict[str, Any], key: str) -> Any:
    return (node.get(key) or {}).get("value")


def ax_property(node: dict[str, Any], name: str) -> Any:
    for prop in node.get("properties", []):
        if prop.get("name") == name:
            return (prop.get("value") or {}).get("value")
    return None


CONTROLS = frozenset(
    {"button", "textbox", "checkbox", "radio", "combobox", "slider", "spinbutton", "link",
     "application", "listbox", "option", "menuitem", "tab", "switch", "searchbox"}
)  # fmt: skip


def unnamed_controls(driver: Any) -> list[str]:
    """Controls (and focusable elements) of the visible page with no role or no name."""
    bad = []
    for node in ax_nodes(driver):
        if node.get("ignored"):
            continue
        role = ax_value(node, "role") or ""
        focusable = ax_property(node, "focusable")
        if role in CONTROLS or (
            focusable and role not in ("RootWebArea", "main", "heading", "log", "region", "generic")
        ):
            name = (ax_value(node, "name") or "").strip()
            if not role or not name:
                bad.append(f"{role or '?'} #{node.get('backendDOMNodeId')}")
    return bad


def live_regions(driver: Any) -> dict[str, str]:
    """The roots of the page's live regions (by id) and how live each is."""
    regions = {}
    for node in ax_nodes(driver):
        live = ax_property(node, "live")
        if not live or node.get("ignored"):
            continue
        element = driver.execute_cdp_cmd(
            "DOM.resolveNode", {"backendNodeId": node["backendDOMNodeId"]}
        )["object"]
        ident = driver.execute_cdp_cmd(
            "Runtime.callFunctionOn",
            {
                "objectId": element["objectId"],
                "functionDeclaration": "function() { return this.id; }",
                "returnByValue": True,
            },
        )["result"].get("value")
        if ident:
            regions[ident] = str(live)
    return regions


def texts(driver: Any, selector: str) -> list[str]:
    """The text of each element matching ``selector`` (hidden ones too)."""
    found: list[str] = driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map(e => e.textContent.trim());",
        selector,
    )
    return found


def sockets(driver: Any) -> dict[str, dict[str, list[str]]]:
    """Every WebSocket frame since the last call (the performance log), by socket: its
    ``sent`` and ``received`` payloads."""
    found: dict[str, dict[str, list[str]]] = {}
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        method = message.get("method", "")
        if method in ("Network.webSocketFrameReceived", "Network.webSocketFrameSent"):
            params = message["params"]
            frames = found.setdefault(params["requestId"], {"sent": [], "received": []})
            way = "received" if method.endswith("Received") else "sent"
            frames[way].append(params["response"]["payloadData"])
    return found


def frames_received(driver: Any) -> list[str]:
    """Every WebSocket frame the page received since the last call (the performance log)."""
    frames = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.webSocketFrameReceived":
            frames.append(message["params"]["response"]["payloadData"])
    return frames


@pytest.fixture(scope="module")
def shared_chromium() -> Iterator[Any]:
    """One Chromium for a test module (starting one takes seconds). Each test's server listens
    on a port of its own, so the page's storage starts empty for each test."""
    with chromium() as driver:
        yield driver


@pytest.fixture
def browser(shared_chromium: Any) -> Iterator[Any]:
    """The module's Chromium, on one blank window, for one test."""
    driver = shared_chromium
    yield driver
    windows = driver.window_handles
    for handle in windows[1:]:
        driver.switch_to.window(handle)
        driver.close()
    driver.switch_to.window(windows[0])
    driver.get("about:blank")
    driver.get_log("performance")
