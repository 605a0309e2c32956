"""The hint key of the Cardavia and Battaglia scientifica tables: what the hard computer
player would do in the player's place, and why, spoken as one message.

Each table keeps one hard player for its hints, so that it follows the whole game (in
Battaglia scientifica it learns the others' hands and habits trick after trick); the same
position asked twice gives the same hint at once. It thinks in the program's worker thread, on
the seat's view, so that no key waits for it; a hint whose position has passed by the time it
is found is not said.
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any

from audiogame.i18n import _
from audiogame.table.local import InlineExecutor, workers
from audiogame.words.hints import hint_text
from audiogame.words.seats import HUMAN
from engine.bots import Bot, Hint, make


class HintKey:
    """The hints of one table."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self._bot: Bot | None = None
        self._last: tuple[Any, Future[Hint]] | None = None
        self._said: tuple[Any, Hint] | None = None  # the hint last spoken, where it was said

    def hint(self) -> Future[Hint] | None:
        """The hint for the player now, being thought (in the program's worker thread, so that
        no key waits for it) or known already; ``None`` when he has nothing to choose."""
        table = self.table
        state = table.state
        if state.is_over:
            return None
        legal = state.legal_actions(HUMAN)
        if not legal:
            return None
        position = self.position()
        if self._last is not None and self._last[0] == position:
            return self._last[1]
        if self._bot is None:
            self._bot = make(table.game, "hard", seed=table.seed)
        app = table.app
        executor = app.thinkers or (workers(app).thinking() if app.running else InlineExecutor())
        found: Future[Hint] = executor.submit(self._bot.advise, state.view(HUMAN), legal)
        self._last = (position, found)
        return found

    def position(self) -> tuple[Any, ...]:
        """What the player sees and may do now: a hint holds while this does not change."""
        state = self.table.state
        return (self.table.game, repr(state.view(HUMAN)), tuple(state.legal_actions(HUMAN)))

    def say(self, key: str = "") -> None:
        """The key: the hint, or why there is none."""
        table = self.table
        thought = self.hint()
        if thought is None:
            if table.state.is_over:
                table.app.refuse(_("The game is over."))
            elif HUMAN in getattr(table.view, "eliminated", ()):
                table.app.refuse(_("You are out of the game."))
            else:
                table.app.refuse(_("There is nothing for you to choose now."))
            return
        position = self.position()
        if thought.done():
            self.tell(position, thought)
        else:  # said once thought, if the game has not moved on meanwhile
            thought.add_done_callback(
                lambda done: table.app.from_thread(lambda: self.tell(position, done))
            )

    def tell(self, position: tuple[Any, ...], thought: Future[Hint]) -> None:
        table = self.table
        if position != self.position() or table.app.top is not table:
            return
        found = thought.result()
        # Only a game with a swap action advises one.
        swap = table.key_for("swap") if found.action.kind == "exchange" else ""
        table.app.say(hint_text(table.game, found, table.seats, swap_key=swap))
        self._said = (position, found)

    def take(self, key: str = "") -> None:
        """The take-hint key: the hint just given becomes the selection (Cardavia) or the card
        under the cursor (Battaglia scientifica, aperta); Enter then plays it."""
        table = self.table
        said = self._said
        if said is None:
            table.app.refuse(
                _("No hint to take: {key} asks for one.").format(key=table.key_for("hint"))
            )
            return
        if table.state.is_over or said[0] != self.position():
            self._said = None
            table.app.refuse(
                _("The game has moved on since the hint: {key} asks for a new one.").format(
                    key=table.key_for("hint")
                )
            )
            return
        table.take_hint(said[1].action)


def hint_key(table: Any) -> HintKey:
    """The table's hint key, made the first time it is asked for."""
    found: HintKey | None = table.__dict__.get("_hint_key")
    if found is None:
        found = table.__dict__["_hint_key"] = HintKey(table)
    return found
