"""The whole program inside a page, with nothing installed and no server: the terminal game's
own screens (the main menu, every game's setup and table, the practice mode, the rules, the
options, the replays) run in the page's Web Worker under Pyodide and answer the page's keys
with the messages a server sends a browser seat (``say``, ``show``, ``hand``, ``keys``).

:class:`PageAlone` is what the worker (``audiogame/web/static/worker.js``) drives: ``key``
for each key of the game region, and ``post`` (given by the worker) for every batch of
messages, a key's or a timer's (the computer players moving at the pace of the options). The
program's folder is the worker's (``/data``, kept in the browser's IndexedDB): its options, the
interrupted game (saved after every move, before it is said, as the terminal program saves
it) and the finished games, in the terminal program's own files.

Nothing here thinks in another thread (a page's Python has none): a computer player decides
within the key or the timer that asks it, and the worker says so first (``thinking``), so that
the page can tell the player while it waits.

>>> import tempfile
>>> heard = []
>>> alone = PageAlone(tempfile.mkdtemp(), "en", heard.append)
>>> alone.start()
>>> heard[-1][0]["type"], heard[-1][0]["text"].startswith("Main menu.")
('say', True)
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from dataclasses import replace
from pathlib import Path
from typing import Any

from prompt_toolkit.input import DummyInput
from prompt_toolkit.output import DummyOutput

from audiogame import i18n
from audiogame.app.application import AudioGame
from audiogame.app.command import Command
from audiogame.app.host import Presenter
from audiogame.app.screen import ENTER
from audiogame.i18n import N_
from audiogame.narrator import HISTORY_LIMIT, Narrator
from audiogame.settings import Settings, SettingsStore
from audiogame.speech.base import RecordingSpeaker
from audiogame.web.page_keys import PAGE_KEYS, key_list
from audiogame.words.cards import card_name

Batch = list[dict[str, Any]]
Post = Callable[[Batch], None]

NO_GAME_TO_SAVE = N_("There is no game to save yet: finish or start a game first.")
GAME_SAVED = N_("{game}: saved to the file {name}.")
NOT_A_GAME = N_(
    "The file {name} is not a game this program can replay ({reason}); nothing changed."
)
GAME_OPENED = N_("Game opened: {game}. Replay the last game, in the main menu, plays it.")
MAX_FILE = 4 * 1024 * 1024
"""The largest game file the page opens (a saved game is a few kilobytes)."""

PAGE_LESS = frozenset({"silence", "quit"})
"""The program's keys of every screen that do nothing in a page (F3, Control+C)."""

PAGE_BUDGETS = {"hard": 0.4, "expert": 1.0}
"""The most seconds a computer player's decision takes in a page, by level: what the levels
promise on a computer. Python in a page runs two to six times slower (docs/page-alone.md), so
a search that would take longer answers with the best it found by then."""


class PageCues:
    """The cues as the program sees them in a page: the page plays them (``cues.js``); the
    program's options turn them on and off and set their volume."""

    available = True

    def __init__(self, enabled: bool, volume: float) -> None:
        self.enabled = enabled
        self.volume = volume

    def play(self, name: str, pan: float = 0.0) -> None:
        """Played by the page: the narrator sends the cue with its message."""

    def set_volume(self, volume: float) -> None:
        self.volume = max(0.0, min(1.0, volume))

    def set_enabled(self, enabled: bool) -> None:
        self.enabled = enabled

    def close(self) -> None:
        pass


class BatchNarrator(Narrator):
    """A narrator whose every message, cue and placing goes into the batch being gathered."""

    def __init__(self, out: Callable[[dict[str, Any]], None], cues: PageCues) -> None:
        super().__init__(RecordingSpeaker(), cues)
        self.out = out
        self.page_cues = cues

    def say(self, text: str, cue: str | None = None, pan: float = 0.0, record: bool = True) -> None:
        if record and text:
            self.history.append(text)
            del self.history[:-HISTORY_LIMIT]
        if not self.page_cues.enabled:
            cue = None
        if text or cue:
            self.out({"type": "say", "text": text, "cue": cue, "pan": pan, "record": record,
                      "urgent": cue == "your_turn"})  # fmt: skip

    def cue(self, name: str, pan: float = 0.0) -> None:
        if self.page_cues.enabled:
            self.out({"type": "say", "text": "", "cue": name, "pan": pan, "record": False})

    def speak_unrecorded(self, text: str) -> None:
        self.out({"type": "say", "text": text, "cue": None, "pan": 0.0, "record": False})


class Thinking(Executor):
    """Computer players decide at once, in the page's worker (a page's Python has no
    threads); the page is told first."""

    def __init__(self, tell: Callable[[], None]) -> None:
        self.tell = tell

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.tell()
        player: Any = args[0] if args else None
        budget = PAGE_BUDGETS.get(str(getattr(player, "level", "")))
        if budget is not None and getattr(player, "budget", 0) is None:
            player.budget = budget  # the level's promise, kept in a slower Python
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as error:  # handed to whoever waits for the answer
            future.set_exception(error)
        return future


def event_loop() -> asyncio.AbstractEventLoop | None:
    """The loop timers run in: the running one, else the page's (Pyodide sets one for the
    worker), else none."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    try:
        return asyncio.get_event_loop_policy().get_event_loop()
    except RuntimeError:
        return None


class PageProgram(AudioGame):
    """The program without a terminal: its timers run in the worker's event loop, each as a
    turn of the program whose messages go out as one batch."""

    def __init__(self, alone: PageAlone, settings: Settings, store: SettingsStore) -> None:
        cues = PageCues(settings.sound, settings.cue_volume / 100)
        super().__init__(narrator=BatchNarrator(alone.gather, cues), settings=settings,
                         store=store, full_screen=False, input=DummyInput(),
                         output=DummyOutput())  # fmt: skip
        self.alone = alone
        self.plays_online = False  # the server's own page plays online
        self.own_voice = False  # the player's screen reader, or the page's voice, speaks
        self.running = True  # the worker's loop runs whenever Python is called
        self.farewell = True

    def call_later(self, delay: float, callback: Callable[[], None]) -> asyncio.TimerHandle | None:
        loop = event_loop()
        if loop is None:  # no loop (a test driving the program by hand): no timer
            return None
        run = self._as_turn(callback)

        def timer() -> None:
            with self.alone.batch():
                run()

        return loop.call_later(delay, timer)

    def from_thread(self, callback: Callable[[], None]) -> None:
        self.call_later(0, callback)

    def when_running(self, callback: Callable[[], None]) -> None:
        callback()

    def global_commands(self) -> list[Command]:
        """The keys of every screen that work in a page: not F3 (the screen reader or the
        page's voice speaks, and has its own key to stop) nor Control+C (the browser's: the
        page never sends it), which F1 would list to no purpose."""
        return [c for c in super().global_commands() if c.id not in PAGE_LESS]

    def quit(self, goodbye: bool = False) -> None:
        """The page cannot close itself: the main menu opens again at the next key."""
        super().quit(goodbye)
        self.alone.gather({"type": "quit"})

    def fail(self, error: BaseException) -> None:
        raise error


class PageAlone:
    """The program of one page, kept in ``folder``; ``post`` takes every batch of messages."""

    def __init__(
        self, folder: str | Path, language: str, post: Post, now: Post | None = None
    ) -> None:
        self.folder = Path(folder)
        self.post = post
        self.now = now or post
        """Hands the page a message at once, while the program goes on (a computer player
        thinking): ``post`` waits for the batch to be kept first."""
        self.pending: Batch = []
        self.depth = 0
        self.shown: dict[str, dict[str, Any]] = {}
        store = SettingsStore(self.folder / "config")
        settings, self.problem = store.load()
        if language in i18n.LANGUAGES and settings.language != language:
            # The page opened in a language is the language (its link to the other language
            # is how the player changes it, as well as the program's own option).
            settings = replace(settings, language=language)
        i18n.set_language(settings.language or "en")
        self.program = PageProgram(self, settings, store)
        self.program.thinkers = Thinking(lambda: self.now([{"type": "thinking"}]))

    # ----- batches -------------------------------------------------------------------------
    def gather(self, message: dict[str, Any]) -> None:
        self.pending.append(message)
        if not self.depth:  # said outside a key or a timer: out at once
            self.send_pending()

    @contextlib.contextmanager
    def batch(self) -> Iterator[None]:
        """What happens inside goes out as one batch, the screen's state after it."""
        self.depth += 1
        try:
            yield
        finally:
            self.depth -= 1
            if not self.depth:
                self.publish()
                self.send_pending()

    def send_pending(self) -> None:
        batch, self.pending = self.pending, []
        if batch:
            self.post(batch)

    # ----- the program ---------------------------------------------------------------------
    def start(self) -> None:
        """The main menu, after the offer to resume an interrupted game if there is one."""
        from audiogame.app.places import main_menu
        from audiogame.saves.autosave import Autosaver
        from audiogame.saves.screens import opening_screens
        from audiogame.saves.store import SaveStore

        with self.batch():
            program = self.program
            saves = self.folder / "games"
            program.autosave = Autosaver(program, SaveStore(saves), log_folder=saves / "logs")
            program.stack.clear()
            program.start(opening_screens(program, [main_menu()(program)]))

    def key(self, key: str) -> None:
        """A key of the page's game region, by the terminal's name (or the page's)."""
        with self.batch():
            if not self.program.stack:
                self.start()
                return
            self.program.dispatch(PAGE_KEYS.get(key, key))

    def pick(self, index: int) -> None:
        """A card of the hand clicked or tapped: go there and play or choose it, as the keys
        would (Cardavia: select it; Battaglia scientifica: hear it, then choose it)."""
        with self.batch():
            top: Any = self.program.top if self.program.stack else None
            cards, _cursor, _selected = hand_of(top)
            if top is None or not 0 <= index < len(cards):
                self.program.refuse(i18n._("That card is no longer in your hand."))
                return
            hand = getattr(top, "hand", None)
            if hand is not None and hasattr(hand, "focus"):  # Cardavia
                hand.focus = index
                if top.view.awaiting != 0:  # Space would make the others play: say the card
                    top.hand_keys.say_focus()
                    return
                self.program.dispatch(" ")
            elif hasattr(top, "cursor"):
                top.cursor.hear(cards, index)
                self.program.dispatch(ENTER)
            else:
                top.focus = index
                self.program.dispatch(ENTER)

    # ----- game files ----------------------------------------------------------------------
    def export_game(self) -> None:
        """The last finished game (else the one in progress) as a file the page offers for
        download, in the terminal program's format (``audiogame replay FILE`` plays it)."""
        from audiogame.saves.screens import describe
        from audiogame.saves.store import SaveError, read_save

        with self.batch():
            store = self.program.autosave.store if self.program.autosave else None
            path = store.latest() if store is not None else None
            try:
                saved = read_save(path) if path is not None else None
            except (OSError, SaveError):
                saved = None
            if path is None or saved is None:
                self.program.refuse(i18n._(NO_GAME_TO_SAVE))
                return
            name = f"audiogame-{saved.game}-{saved.seed}.json"
            self.gather({"type": "file", "name": name, "text": path.read_text(encoding="utf-8")})
            self.program.say(i18n._(GAME_SAVED).format(game=describe(saved), name=name))

    def import_game(self, name: str, data: bytes) -> None:
        """A game file the player opened (one the terminal program or a page saved): kept
        with the finished games, so that "Replay the last game" plays it; a file that is no
        such game is refused with the reason, and nothing changes."""
        from audiogame.persist import FileProblem, parse_json
        from audiogame.saves.screens import describe
        from audiogame.saves.store import SavedGame, SaveError

        data = bytes(data)  # the worker hands a buffer
        with self.batch():
            try:
                if len(data) > MAX_FILE:
                    raise SaveError("corrupt", f"larger than {MAX_FILE // 1024} KB")
                saved = SavedGame.from_json(parse_json(data))
            except (FileProblem, SaveError) as error:
                reason = error.detail
                self.program.refuse(i18n._(NOT_A_GAME).format(name=name, reason=reason))
                return
            store = self.program.autosave.store if self.program.autosave else None
            if store is None:
                return
            store.archive(saved)
            self.program.say(i18n._(GAME_OPENED).format(game=describe(saved)))

    # ----- what the page shows -------------------------------------------------------------
    def publish(self) -> None:
        if not self.program.stack:
            return
        top = self.program.top
        settings = self.program.settings
        self.changed({"type": "options", "language": settings.language or "en",
                      "cue_volume": settings.cue_volume / 100})  # fmt: skip
        self.changed({"type": "screen", "title": self.title(top)})
        self.changed({"type": "show", "lines": [str(line) for line in top.status()]})
        cards, cursor, selected = hand_of(top)
        self.changed({"type": "hand", "cursor": cursor if cards else None,
                      "cards": [{"name": card_name(card), "selected": card in selected}
                                for card in cards]})  # fmt: skip
        self.changed({"type": "keys", "keys": key_list(top.bound_commands())})

    @staticmethod
    def title(screen: Presenter) -> str:
        return str(screen.heading())

    def changed(self, message: dict[str, Any]) -> None:
        if self.shown.get(message["type"]) != message:
            self.shown[message["type"]] = message
            self.pending.append(message)


def hand_of(screen: Any) -> tuple[list[Any], int, set[Any]]:
    """A table screen's hand in the order it moves through it, its cursor and selection."""
    hand = getattr(screen, "hand", None)
    if hand is not None and hasattr(hand, "cards") and hasattr(hand, "focus"):  # Cardavia
        return list(hand.cards), int(hand.focus), set(hand.selected)
    view = getattr(screen, "view", None)
    cards = list(getattr(view, "hand", ()) or ()) if view is not None else []
    if not cards:
        return [], 0, set()
    if hasattr(screen, "cursor"):  # Battaglia scientifica
        assert view is not None
        chosen = {view.my_choice} if getattr(view, "my_choice", None) else set()
        return cards, int(screen.cursor.index), chosen
    return cards, int(getattr(screen, "focus", 0)), set()


def encode(batch: Batch) -> str:
    """A batch as the worker hands it to the page."""
    return json.dumps(batch, ensure_ascii=False)
