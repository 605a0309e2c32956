"""The page played the way a blind player plays it, with Orca: real X keys, and every wait a
wait on what the screen reader says (its speech log) or on what the page shows, never a fixed
sleep. Shared by tests/test_screenreader_page.py and bench/screenreader_latency.py.

A key press makes Orca stop speaking (and drop what it had queued), as it does for a player:
so the player here presses a key only once everything the page has shown has been spoken,
as a player who listens to the table does."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.screenreader_bed import ROOT, WAIT, Bed, Utterance

TURN_SECONDS = 2.0
"""A "your turn" is to be heard within this long of the end of the utterance playing when it
came (docs/screen-readers.md): measured by bench/screenreader_latency.py, not asserted here."""
WORDS_AHEAD = 30
"""The words that may be said in front of a "your turn" after the utterance playing when it
came: at most one entry of the history (30 words in normal play). Nothing is hidden or held
back to say it sooner: its cue says it at once, and the messages before it are short at their
source (docs/screen-readers.md)."""


def clean(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


@dataclass(frozen=True)
class Entry:
    """One entry of the page's history: its messages, whether one is urgent, when it was shown
    (wall clock, seconds)."""

    messages: tuple[str, ...]
    urgent: bool
    shown: float
    hidden: bool = False
    """Kept from the screen reader (``hidden``, ``aria-hidden``, or the ``unsaid`` class the page
    once gave the messages before a "your turn"): the page must have none."""

    @property
    def text(self) -> str:
        return clean(" ".join(self.messages))


ENTRIES = """
return [...document.querySelectorAll('#history .entry')].map(e => {
  const messages = [...e.querySelectorAll('.message')];
  const urgent = messages.findIndex(m => m.classList.contains('urgent'));
  return {
    messages: messages.map(m => m.textContent),
    urgent: urgent >= 0,
    shown: Number(e.dataset.shown) / 1000,
    hidden: e.hidden || e.classList.contains('unsaid') || e.classList.contains('hidden')
      || Boolean(e.closest('[hidden], [aria-hidden="true"]')),
  };
});
"""


def entries(driver: Any) -> list[Entry]:
    """Every entry of the history, in order."""
    return [Entry(tuple(e["messages"]), bool(e["urgent"]), float(e["shown"]),
                  bool(e["hidden"])) for e in driver.execute_script(ENTRIES)]  # fmt: skip


def hidden_entries(driver: Any) -> list[str]:
    """The entries of the history kept from the screen reader: there must be none."""
    return [entry.text for entry in entries(driver) if entry.hidden]


def match(shown: list[Entry], said: list[Utterance]) -> list[int | None]:
    """For each entry, the index of the utterance that spoke it (in order: each after the one
    before), or None where it was never spoken."""
    found: list[int | None] = []
    at = 0
    for entry in shown:
        index = next((i for i in range(at, len(said)) if clean(said[i].text) == entry.text), None)
        found.append(index)
        if index is not None:
            at = index + 1
    return found


class Player:
    """A player at the page under Orca."""

    def __init__(self, bed: Bed, driver: Any) -> None:
        self.bed = bed
        self.driver = driver

    def active(self) -> str:
        return str(self.driver.execute_script("return document.activeElement.id"))

    def state(self) -> str:
        return " ".join(self.driver.execute_script(
            "return [...document.querySelectorAll('#state li')].map(e => e.textContent)"
        ))  # fmt: skip

    def wait_state(self, *words: str, timeout: float = WAIT) -> str:
        """Until the table's state lines show one of ``words``; the one shown."""
        deadline = time.monotonic() + timeout
        while True:
            state = self.state()
            for word in words:
                if word in state:
                    return word
            if time.monotonic() > deadline:
                raise AssertionError(f"the table never showed {words}: {state!r}")
            time.sleep(0.05)

    def wait_for(self, what: Callable[[], bool], message: str, timeout: float = WAIT) -> None:
        deadline = time.monotonic() + timeout
        while not what():
            if time.monotonic() > deadline:
                raise AssertionError(f"{message}: {self.state()!r}")
            time.sleep(0.05)

    def wait_entry(self, accepts: Callable[[Entry], bool], after: int, message: str) -> Entry:
        """The first entry of the history from index ``after`` on that ``accepts``."""
        deadline = time.monotonic() + WAIT
        while True:
            for entry in entries(self.driver)[after:]:
                if accepts(entry):
                    return entry
            if time.monotonic() > deadline:
                raise AssertionError(f"{message}: {self.state()!r}")
            time.sleep(0.05)

    def mark(self) -> int:
        return len(self.bed.utterances())

    def heard(self, accepts: Any, message: str, after: int) -> Utterance:
        return self.bed.wait_spoken(accepts, message, after=after)

    def press(self, key: str, accepts: Any, message: str) -> Utterance:
        """Press ``key`` once all is spoken; the first utterance after it that ``accepts``."""
        self.all_spoken()
        after = self.mark()
        self.bed.key(key)
        return self.heard(accepts, message, after)

    def all_spoken(self, timeout: float = WAIT) -> None:
        """Until every entry the page shows has been spoken to its end (and a moment more, for
        an entry on its way)."""
        deadline = time.monotonic() + timeout
        while True:
            said = self.bed.utterances()
            gathering = self.driver.execute_script(
                "return window.audiogame.announcer.pending.length"
            )
            shown = entries(self.driver)
            found = match(shown, said)
            if (
                not gathering
                and all(index is not None for index in found)
                and (
                    not said or (said[-1].end is not None and time.monotonic() - said[-1].end > 0.3)
                )
            ):
                return
            if time.monotonic() > deadline:
                missing = [e.text for e, i in zip(shown, found, strict=True) if i is None]
                raise AssertionError(f"never spoken: {missing[:5]}; last: {self.bed.texts()[-8:]}")
            time.sleep(0.05)

    # ----- the way in ----------------------------------------------------------------------
    def enter(self, url: str, name: str, cold: bool = False) -> None:
        """Open the page, Tab to the name field, type the name, Enter: the lobby. ``cold``: no
        key until the screen reader has finished speaking (it reads a page whole as it loads,
        with its settings out of the box)."""
        after = self.mark()
        self.driver.get(url)
        self.heard(lambda t: "Audiogame cards" in t, "the page was never announced", after)
        if cold:
            self.bed.wait_quiet(1.0, timeout=120)
        after = self.mark()
        self.bed.key("Tab")
        self.heard(lambda t: "Skip to the main content" in t, "Tab did not reach the page", after)
        self.press("Tab", lambda t: "Name entry" in t, "Tab did not reach the name field")
        self.all_spoken()
        after = self.mark()
        self.bed.type(name)
        self.bed.key("Return")
        self.heard(lambda t: t.startswith("Tables"), "the lobby was not said", after)
        self.heard(lambda t: t == f"Connected as {name}.", "the welcome was not said", after)
        assert self.active() == "lobby-h"

    def create(self, game: str, **fields: str) -> None:
        """The new-table form filled (by the page's script: the form is not what these tests
        are about) and sent with Enter; focus in the game region, said."""
        script = [f"document.getElementById('game-{game}').click();"]
        for name, value in fields.items():  # a game's own option is "<option>_<game>"
            script.append(
                f"(document.getElementById('{name}_{game}') || document.getElementById('{name}'))"
                f".value = '{value}';"
            )
        script.append("document.getElementById('people').focus();")
        after = self.mark()
        self.driver.execute_script("".join(script))
        self.heard(lambda t: "People, you included" in t, "the people field was not said", after)
        self.all_spoken()
        after = self.mark()
        self.bed.key("Return")
        self.heard(lambda t: t.startswith("Game table: the game keys work here"),
                   "the game region was not said when the table was created", after)  # fmt: skip
        assert self.active() == "play"

    def start(self) -> None:
        """Escape to the Start button, Enter: back in the game region, in focus mode."""
        self.press("Escape", lambda t: t.startswith("Start the game"),
                   "Escape did not say the Start button")  # fmt: skip
        assert self.active() == "start"
        after = self.mark()
        self.bed.key("Return")
        self.heard(lambda t: t == "Focus mode", "Orca did not switch to focus mode", after)
        assert self.active() == "play"


@contextmanager
def busy_core(seconds: float = 400) -> Iterator[None]:
    """One core kept busy (a load generator: a process spinning for at most ``seconds``)."""
    spin = subprocess.Popen([sys.executable, "-c",
                             f"import time\nend = time.monotonic() + {seconds}\n"
                             "while time.monotonic() < end: pass"])  # fmt: skip
    try:
        yield
    finally:
        spin.kill()
        spin.wait(5)


LONG = 30
"""Words from which a message is long (a deal's opening, a deal's scores)."""


@dataclass(frozen=True)
class TurnDelay:
    """How long after the end of the utterance playing when a "your turn" was shown (or after
    it was shown, when nothing was playing) it started to be spoken, and whether a long
    message was queued in front of it (the screen reader says it in full first)."""

    seconds: float
    behind_long: bool


def turn_delays(shown: list[Entry], said: list[Utterance]) -> list[TurnDelay]:
    found = match(shown, said)
    delays = []
    for entry, index in zip(shown, found, strict=True):
        if not entry.urgent or index is None:
            continue
        ready = entry.shown
        for utterance in said[:index]:
            if utterance.wall <= entry.shown and utterance.end is not None:
                end = utterance.wall + (utterance.end - utterance.start)
                if end > entry.shown:
                    ready = max(ready, end)
        ahead = [u for u in said[:index] if u.wall >= ready - 0.05]
        long = any(len(u.text.split()) >= LONG for u in ahead)
        delays.append(TurnDelay(said[index].wall - ready, long))
    return delays


@dataclass(frozen=True)
class Ahead:
    """What was said in front of one "your turn" after the utterance playing when it was shown:
    the history's messages queued before it (entries spoken in front of it, and those of its
    own entry before it), and their words."""

    turn: str
    before: tuple[str, ...]

    @property
    def words(self) -> int:
        return sum(len(text.split()) for text in self.before)


def queued_ahead(shown: list[Entry], said: list[Utterance]) -> list[Ahead]:
    """For each "your turn" spoken, what the page had queued before it. (What the screen
    reader says of its own, such as a focus move the player made, is not the page's queue.)"""
    found = match(shown, said)
    texts = {entry.text for entry in shown}
    queued = []
    for entry, index in zip(shown, found, strict=True):
        if not entry.urgent or index is None:
            continue
        ahead = [clean(u.text) for u in said[:index] if u.wall > entry.shown
                 and clean(u.text) in texts]  # fmt: skip
        # The urgent message ends its entry (announce.js): the messages before it are queued.
        own = [clean(m) for m in entry.messages[:-1]]
        queued.append(Ahead(clean(entry.messages[-1]), (*ahead, *own)))
    return queued


def words_ahead(shown: list[Entry], said: list[Utterance]) -> list[int]:
    """For each "your turn" spoken, the words the page had queued before it."""
    return [ahead.words for ahead in queued_ahead(shown, said)]


def shown_to_spoken(shown: list[Entry], said: list[Utterance]) -> list[float]:
    """For each entry spoken, seconds from shown to its speech starting."""
    found = match(shown, said)
    return [said[i].wall - e.shown for e, i in zip(shown, found, strict=True) if i is not None]


def check_spoken(player: Player, first: int, turns: bool = True, since: float = 0.0) -> None:
    """Every entry shown spoken once, in order, none hidden, each "your turn" in its place with
    at most ``WORDS_AHEAD`` words queued in front of it; ``first``: the utterance from which
    the page was open."""
    player.all_spoken()
    said = player.bed.utterances()[first:]
    # ``since`` (wall clock): the entries shown from then on (a page read whole by the screen
    # reader as it loaded says the entries it holds then once more, as page text).
    shown = [entry for entry in entries(player.driver) if entry.shown >= since]
    assert hidden_entries(player.driver) == [], "entries kept from the screen reader"
    found = match(shown, said)
    never = [e.text for e, i in zip(shown, found, strict=True) if i is None]
    assert never == [], f"never spoken: {never}"
    texts = [clean(u.text) for u in said]
    shown_texts = [e.text for e in shown]
    twice = sorted({t for t in shown_texts if texts.count(t) > shown_texts.count(t)})
    assert twice == [], f"spoken more than once: {twice}"
    # Said to its end: the player presses a key only once all is said, so no entry may be cut
    # short by the next (Orca cuts a live message off with the next one).
    cut = [
        e.text for e, i in zip(shown, found, strict=True) if i is not None and said[i].end is None
    ]
    assert cut == [], f"cut short by the next entry: {cut}"
    # How soon each "your turn" is spoken is measured by bench/screenreader_latency.py, not
    # asserted here: a time limit in a test fails with the machine's load, not with the page.
    # What the page and the game decide is asserted: each one spoken, once, in its place,
    # with at most the utterance playing when it came and WORDS_AHEAD words before it.
    queued = queued_ahead(shown, said)
    assert queued or not turns, "no 'your turn' was spoken"
    long = [(ahead.words, ahead.before, ahead.turn) for ahead in queued
            if ahead.words > WORDS_AHEAD]  # fmt: skip
    assert long == [], f"more than {WORDS_AHEAD} words queued in front of 'your turn': {long}"


def my_move(entry: Entry) -> bool:
    """An entry after which the player moves: their turn (said urgently, or "you lead" after
    everyone passed), or a deal over."""
    return entry.urgent or "you lead" in entry.text.lower() or "Deal scores:" in entry.text


def cardavia_turn(player: Player) -> None:
    """Tab: the first play the hand allows, Enter plays it; or P passes (Tab says there is
    none)."""
    answer = player.press("Tab", lambda t: "P passes" in t or ", 1 of " in t,
                          "Tab's answer was not spoken")  # fmt: skip
    assert player.active() == "play"
    if "P passes" in answer.text:
        move(player, "p", "You pass", "P did not pass")
    else:
        move(player, "Return", "You: ", "Enter did not play")
    assert player.active() == "play"


def move(player: Player, key: str, starts: str, message: str) -> None:
    """``key`` pressed once all is spoken; until the history holds its answer."""
    player.all_spoken()
    before = len(entries(player.driver))
    player.bed.key(key)
    player.wait_for(lambda: any(m.startswith(starts) for e in entries(player.driver)[before:]
                                for m in e.messages), message)  # fmt: skip


def play_cardavia(player: Player, deals: int) -> None:
    """Play Cardavia from the deal under way until ``deals`` deals are over (Tab and Enter, or
    P, at each turn; Enter for the next deal)."""
    done = 0
    turns = 0
    seen = 0
    while True:
        step = player.wait_entry(my_move, seen, "the game stopped")
        seen = len(entries(player.driver))
        player.all_spoken()
        if "Deal scores:" in step.text:
            done += 1
            if done == deals:
                return
            at = entries(player.driver).index(step)
            player.wait_entry(lambda e: "Press Enter for deal" in e.text, at, "no next deal")
            player.all_spoken()
            move(player, "Return", "Your whole hand: W.", "no next deal")
            continue
        cardavia_turn(player)
        turns += 1
        assert turns < 100 * deals


# ----- the page that plays alone ---------------------------------------------------------
PYODIDE = ROOT / "node_modules" / "pyodide"

ALONE_CARDAVIA = ["Down", "Down", "Down", "Down", "Return", "Down", "Left", "Left", "Left",
                  "Escape", "Up", "Up", "Return", "End", "Up", "5", "Home", "Return"]  # fmt: skip
"""From the main menu: the options' pace at its quickest (0.3 s), then Cardavia deal number 5,
which lasts beyond the player's fourth turn (tests/test_web_alone.py, CARDAVIA_FAST)."""


@contextmanager
def exported_site(folder: Path) -> Iterator[str]:
    """The page alone exported into ``folder`` and served by Python's static file server."""
    if not (PYODIDE / "pyodide.asm.wasm").exists():
        from tests.system_deps import need

        need(["pyodide (node_modules/pyodide)"], "scripts/install-browser-test-deps")
    exported = subprocess.run(
        [sys.executable, "-m", "audiogame", "export-web", str(folder), "--pyodide", str(PYODIDE)],
        capture_output=True, text=True, check=False, cwd=ROOT,
    )  # fmt: skip
    assert exported.returncode == 0, exported.stderr
    server = subprocess.Popen(
        [sys.executable, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1",
         "--directory", str(folder)],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    try:
        assert server.stdout is not None
        port = re.search(r"port (\d+)", server.stdout.readline())
        assert port
        yield f"http://127.0.0.1:{port.group(1)}/"
    finally:
        server.terminate()
        server.wait(10)


def key_answered(player: Player, key: str) -> None:
    """``key`` pressed once all is spoken; until the program has answered it (a batch), focus
    still in the game region."""
    player.all_spoken()
    before = player.driver.execute_script("return window.audiogame.batches")
    player.bed.key(key)
    player.wait_for(lambda: player.driver.execute_script("return window.audiogame.batches")
                    > before, f"{key} did not reach the game")  # fmt: skip
    assert player.active() == "play", f"focus left the game region on {key}"


def open_alone(player: Player, url: str) -> None:
    """A cold visit: the page opened, no key until the main menu has been said and the screen
    reader has finished speaking (whatever it reads of the page as it loads)."""
    player.driver.get(url)
    player.wait_entry(lambda e: e.text.startswith("Main menu."), 0, "no main menu")
    player.all_spoken(timeout=120)
    player.bed.wait_quiet(1.0, timeout=120)


def play_alone_cardavia(player: Player, turns: int) -> None:
    """From the main menu: Cardavia deal number 5 at the quickest pace, then the player's
    ``turns`` turns (Tab and Enter, or P), or up to the deal's end."""
    for key in ALONE_CARDAVIA:
        key_answered(player, key)
    seen = 0
    for _turn in range(turns):
        step = player.wait_entry(my_move, seen, "the game stopped")
        seen = len(entries(player.driver))
        if "Deal scores:" in step.text:
            return
        cardavia_turn(player)
