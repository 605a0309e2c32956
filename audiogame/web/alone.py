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

The program is the terminal's own screens in a host of the page's
(:class:`audiogame.web.alone_host.AloneHost`, built on the browser seat's), with no terminal:
prompt_toolkit is neither imported nor shipped. Nothing here thinks in another thread (a page's
Python has none): a computer player decides within the key or the timer that asks it, and the
worker says so first (``thinking``), so that the page can tell the player while it waits.

>>> import tempfile
>>> heard = []
>>> alone = PageAlone(tempfile.mkdtemp(), "en", heard.append)
>>> alone.start()
>>> heard[-1][0]["type"], heard[-1][0]["text"].startswith("Main menu.")
('say', True)
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from dataclasses import replace
from pathlib import Path
from typing import Any

from audiogame import i18n
from audiogame.i18n import N_
from audiogame.presenters.table_screen import HandShown, TableScreen
from audiogame.settings import SettingsStore
from audiogame.table.local import InlineExecutor
from audiogame.web.alone_host import AloneHost
from audiogame.web.page_host import Showing
from audiogame.web.page_keys import PAGE_KEYS, key_list

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

NO_HAND = HandShown((), 0, frozenset())
"""What the page shows of the hand on a screen that is no table (a menu, the rules)."""

PAGE_BUDGETS = {"hard": 0.4, "expert": 1.0}
"""The most seconds a computer player's decision takes in a page, by level: what the levels
promise on a computer. Python in a page runs two to six times slower (docs/page-alone.md), so
a search that would take longer answers with the best it found by then."""


class Thinking(InlineExecutor):
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
        return super().submit(fn, *args, **kwargs)


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
        self.showing = Showing(self.hold)
        store = SettingsStore(self.folder / "config")
        settings, self.problem = store.load()
        if language in i18n.LANGUAGES and settings.language != language:
            # The page opened in a language is the language (its link to the other language
            # is how the player changes it, as well as the program's own option).
            settings = replace(settings, language=language)
        i18n.set_language(settings.language or "en")
        thinking = Thinking(lambda: self.now([{"type": "thinking"}]))
        self.program = AloneHost(self.gather, settings, store, self.batch, thinking)

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

    def hold(self, message: dict[str, Any]) -> None:
        """A message of the screen's state, sent with the batch it ends."""
        self.pending.append(message)

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
        """A card of the hand clicked or tapped: the table's screen goes there and plays or
        chooses it as its keys would (as for a browser seat), or only says it."""
        with self.batch():
            top = self.program.top if self.program.stack else None
            if not isinstance(top, TableScreen) or not 0 <= index < len(top.shown_hand().cards):
                self.program.refuse(i18n._("That card is no longer in your hand."))
                return
            key = top.pick(index)
            if key is not None:
                self.program.dispatch(PAGE_KEYS.get(key, key))

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
        """The program's options the page follows, the screen's title, state lines, hand and
        keys, each only when it changed (a browser seat's own messages)."""
        if not self.program.stack:
            return
        top = self.program.top
        settings = self.program.settings
        self.showing.changed({"type": "options", "language": settings.language or "en",
                              "cue_volume": settings.cue_volume / 100})  # fmt: skip
        self.showing.changed({"type": "screen", "title": str(top.heading())})
        hand = top.shown_hand() if isinstance(top, TableScreen) else NO_HAND
        self.showing.screen(top.status(), hand, key_list(top.bound_commands()))


def encode(batch: Batch) -> str:
    """A batch as the worker hands it to the page."""
    return json.dumps(batch, ensure_ascii=False)
