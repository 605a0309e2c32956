"""The browser tests' server: the real ``audiogame serve`` (page and tables on one port) on
127.0.0.1 and a free port, in a thread of its own, stopped at the end; and the page driven the
way a player drives it, by keys."""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tests.browser import texts, wait_for


@contextmanager
def live_server(data_dir: Path, port: int = 0, **options: Any) -> Iterator[dict[str, Any]]:
    """``{"url": "http://127.0.0.1:PORT/", "server": Server, "stop": callable}`` (``https``
    with ``tls``, the server's certificate and key)."""
    from audiogame.online.server import run
    from tests.online_support import LOOSE

    options.setdefault("limits", LOOSE)

    ready = threading.Event()
    info: dict[str, Any] = {}

    async def main() -> None:
        stop = asyncio.Event()
        info["loop"], info["stop_event"] = asyncio.get_running_loop(), stop

        def started(server: Any) -> None:
            info["server"] = server
            scheme = "https" if options.get("tls") else "http"
            info["url"] = f"{scheme}://127.0.0.1:{server.port}/"
            ready.set()

        await run("127.0.0.1", port, data_dir, ready=started, stop=stop,
                  log_file=data_dir / "server.log", **options)  # fmt: skip

    thread = threading.Thread(target=asyncio.run, args=(main(),), daemon=True)
    thread.start()
    if not ready.wait(15):
        raise AssertionError("the server did not start")

    def stop() -> None:
        if thread.is_alive():
            info["loop"].call_soon_threadsafe(info["stop_event"].set)
            thread.join(15)

    info["stop"] = stop
    try:
        yield info
    finally:
        stop()


# ----- the page, by keys -------------------------------------------------------------------
def keys(driver: Any, *sequence: str) -> None:
    """Type ``sequence`` into whatever has the focus (names from Selenium's ``Keys``)."""
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(driver).send_keys(*sequence).perform()


def chord(driver: Any, modifier: str, key: str) -> None:
    """``key`` with ``modifier`` held (Control, Shift, Alt)."""
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(driver).key_down(modifier).send_keys(key).key_up(modifier).perform()


def history(driver: Any) -> list[str]:
    return texts(driver, "#history .message")


def said(driver: Any) -> list[str]:
    """Everything the page said: the history, then the last key's answer."""
    return [*history(driver), *texts(driver, "#echo")]


def wait_said(driver: Any, words: str, timeout: float = 20) -> None:
    wait_for(lambda: any(words in line for line in said(driver)), timeout,
             f"never said {words!r}; last said: {said(driver)[-6:]}")  # fmt: skip


def enter_lobby(driver: Any, url: str, name: str) -> None:
    """Open the page, type a name, press Enter: the lobby."""
    from selenium.webdriver.common.keys import Keys

    driver.get(url)
    field = wait_for(lambda: driver.find_element("id", "name"))
    field.clear()
    field.send_keys(name, Keys.ENTER)
    wait_said(driver, f"Connected as {name}.")
    wait_for(lambda: driver.find_element("id", "lobby").is_displayed())


def create_table(driver: Any, game: str, people: int = 1, **fields: str) -> str:
    """Fill the new table form by keys and send it; the table's code."""
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    driver.find_element("id", f"game-{game}").send_keys(Keys.SPACE)
    fields = {"pace": "0", **fields}
    for name, value in fields.items():
        element = driver.find_element("id", name)
        if element.tag_name == "select":
            Select(element).select_by_value(value)
        elif element.get_attribute("type") == "checkbox":
            if element.is_selected() != (value == "on"):
                element.send_keys(Keys.SPACE)
        else:
            element.clear()
            element.send_keys(value)
    people_field = driver.find_element("id", "people")
    people_field.clear()
    people_field.send_keys(str(people), Keys.ENTER)
    wait_for(lambda: driver.find_element("id", "table").is_displayed())
    title: str = driver.find_element("id", "play-title").text
    return title.rsplit(" ", 1)[-1]


def start_game(driver: Any) -> None:
    """From the game region: Escape to the Start button, Enter; back in the game region."""
    from selenium.webdriver.common.keys import Keys

    assert driver.switch_to.active_element.get_attribute("id") == "play"
    keys(driver, Keys.ESCAPE)
    assert driver.switch_to.active_element.get_attribute("id") == "start"
    keys(driver, Keys.ENTER)
    wait_for(lambda: driver.switch_to.active_element.get_attribute("id") == "play")


LISTEN = """
const heard = [];
window.heardSinceKey = heard;
const observer = new MutationObserver(changes => {
  for (const change of changes) for (const node of change.addedNodes) {
    const messages = node.querySelectorAll ? [...node.querySelectorAll(".message")] : [];
    if (messages.length) for (const message of messages) heard.push(message.textContent);
    else heard.push(node.textContent.trim());  // the echo's same words twice end in a space
  }
});
for (const id of ["history", "echo"]) {
  observer.observe(document.getElementById(id), {childList: true});
}
window.stopHearing = () => observer.disconnect();
"""


def heard_after(driver: Any, act: Callable[[], None], accepts: Callable[[str], bool]) -> str:
    """Do ``act`` (a key, a message sent) and wait for the page to say what ``accepts``.

    Other players' moves and "Your turn." may be said between the act and its answer: every
    message added to the history or the answer regions after the act is heard, and the first
    that ``accepts`` is returned."""
    driver.execute_script(LISTEN)
    heard: list[str] = []
    try:
        act()
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            heard = driver.execute_script("return window.heardSinceKey.slice()")
            if any(accepts(text) for text in heard):
                break
            time.sleep(0.05)
    finally:
        driver.execute_script("window.stopHearing()")
    answers = [text for text in heard if accepts(text)]
    assert answers, f"no answer in 20 s; heard {heard!r}"
    return answers[0]


def answer_to(driver: Any, *sequence: str, accepts: Callable[[str], bool] | None = None) -> str:
    """Press a key (or, given two, hold the first for the second) and wait for its answer: the
    first message said after it that ``accepts`` (by default the first of all)."""

    def press() -> None:
        if len(sequence) == 2:
            chord(driver, *sequence)
        else:
            keys(driver, *sequence)

    return heard_after(driver, press, accepts or (lambda text: bool(text)))


def play_or_pass(said: str) -> bool:
    """Tab's answer in Cardavia: the first play the hand allows ("pair of nines, 1 of 4"), or
    that there is none ("... P passes.")."""
    return "P passes" in said or ", 1 of " in said


def play_first_or_pass(driver: Any) -> None:
    """A Cardavia turn by keys: Tab selects the first play the hand allows and Enter plays it,
    or, when Tab says there is none, P passes. Returns once the move is told."""
    from selenium.webdriver.common.keys import Keys

    before = driver.execute_script("return window.audiogame.announcer.recorded")
    if "P passes" in answer_to(driver, Keys.TAB, accepts=play_or_pass):
        keys(driver, "p")
    else:
        wait_for(lambda: texts(driver, "#hand button[aria-pressed=true]"))
        keys(driver, Keys.ENTER)
    wait_for(lambda: driver.execute_script("return window.audiogame.announcer.recorded") > before,
             message="the move was not told")  # fmt: skip


class Friend:
    """A protocol client on the same server (a terminal seat, as the server sees it), its
    messages read in turn."""

    def __init__(self, url: str, name: str) -> None:
        from websockets.sync.client import connect

        self.closing = contextlib.ExitStack()
        self.ws = self.closing.enter_context(connect(url.replace("http", "ws"), open_timeout=10))
        self.send({"type": "hello", "version": 1, "name": name, "password": None,
                   "token": None})  # fmt: skip
        assert self.expect("welcome")

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))

    def expect(self, kind: str, check: Any = None) -> dict[str, Any]:
        while True:
            message = json.loads(self.ws.recv(timeout=30))
            if message.get("type") == kind and (check is None or check(message)):
                return dict(message)

    def close(self) -> None:
        self.closing.close()


def focused(driver: Any) -> str:
    """The id of the element that has the focus."""
    return str(driver.switch_to.active_element.get_attribute("id"))
