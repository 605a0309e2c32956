"""The page played the way a blind player plays it, with Orca: real X keys, and every wait a
wait on what the screen reader says (its speech log) or on what the page shows, never a fixed
sleep. Shared by tests/test_screenreader_page.py and bench/screenreader_latency.py.

A key press makes Orca stop speaking (and drop what it had queued), as it does for a player:
so the player here presses a key only once everything the page has shown has been spoken,
as a player who listens to the table does."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from tests.screenreader_bed import WAIT, Bed, Utterance


def clean(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


@dataclass(frozen=True)
class Entry:
    """One entry of the page's history: its messages, whether one is urgent, when it was shown
    (wall clock, seconds)."""

    messages: tuple[str, ...]
    urgent: bool
    shown: float
    ahead: int = 0
    """Words in the entry before its urgent message."""
    unsaid: bool = False
    """Kept in the history but not said: the messages a "your turn" came after, beyond the
    words the page says ahead of it (announce.js, ``WORDS_AHEAD``)."""

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
    ahead: messages.slice(0, Math.max(0, urgent)).map(m => m.textContent).join(' ')
      .split(/\\s+/).filter(Boolean).length,
    unsaid: e.classList.contains('unsaid'),
  };
});
"""


def every_entry(driver: Any) -> list[Entry]:
    """Every entry of the history, the unsaid ones included."""
    return [Entry(tuple(e["messages"]), bool(e["urgent"]), float(e["shown"]), int(e["ahead"]),
                  bool(e["unsaid"])) for e in driver.execute_script(ENTRIES)]  # fmt: skip


def entries(driver: Any) -> list[Entry]:
    """The entries of the history the page has said (every one but the unsaid)."""
    return [entry for entry in every_entry(driver) if not entry.unsaid]


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
    def enter(self, url: str, name: str) -> None:
        """Open the page, Tab to the name field, type the name, Enter: the lobby."""
        after = self.mark()
        self.driver.get(url)
        self.heard(lambda t: "Audiogame cards" in t, "the page was never announced", after)
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


def words_ahead(shown: list[Entry], said: list[Utterance]) -> list[int]:
    """For each "your turn" spoken, the words the page had queued before it, said after the
    utterance that was playing when it was shown: those of the history entries spoken in front
    of it, and those of its own entry before it. (What the screen reader says of its own, such
    as a focus move the player made, is not the page's queue.)"""
    found = match(shown, said)
    texts = {entry.text for entry in shown}
    counts = []
    for entry, index in zip(shown, found, strict=True):
        if not entry.urgent or index is None:
            continue
        ahead = [u for u in said[:index] if u.wall > entry.shown and clean(u.text) in texts]
        counts.append(sum(len(u.text.split()) for u in ahead) + entry.ahead)
    return counts


def shown_to_spoken(shown: list[Entry], said: list[Utterance]) -> list[float]:
    """For each entry spoken, seconds from shown to its speech starting."""
    found = match(shown, said)
    return [said[i].wall - e.shown for e, i in zip(shown, found, strict=True) if i is not None]


def my_move(entry: Entry) -> bool:
    """An entry after which the player moves: their turn (said urgently, or "you lead" after
    everyone passed), or a deal over."""
    return entry.urgent or "you lead" in entry.text or "Deal scores:" in entry.text


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
    """``key`` pressed once all is spoken; until the history holds its answer (said, or kept
    unsaid when a "your turn" came right after it)."""
    player.all_spoken()
    before = len(every_entry(player.driver))
    player.bed.key(key)
    player.wait_for(lambda: any(m.startswith(starts) for e in every_entry(player.driver)[before:]
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
