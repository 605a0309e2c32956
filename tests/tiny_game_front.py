"""The front end of the tests' own game ("high card", :mod:`tests.tiny_game`): its words,
cues, setup, practice group and table, given to the program by one registration each side
(:func:`register`), to prove that a game needs nothing else.

The words are English only: the game exists only in the tests.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

from audiogame.app.screen import ENTER, Command
from audiogame.catalog import (
    LEVEL,
    SEED,
    GameEntry,
    offered,
    players_option,
    spec_option,
)
from audiogame.presenters.table_screen import TableScreen
from audiogame.words.cards import card_name
from audiogame.words.registry import renderer
from audiogame.words.seats import HUMAN, Seats, capitalize
from engine.actions import Flip
from engine.errors import IllegalAction
from engine.events import Event
from tests.tiny_game import FACTS

GAME = "high_card"


# ----- words ---------------------------------------------------------------------------------
@renderer(GAME, "reveal")
def _reveal(event: Any, seats: Seats) -> str:
    shown = [f"{seats.subject(seat)}: {card_name(card)}" for seat, card in event.cards]
    return capitalize(", ".join(shown)) + "."


@renderer(GAME, "high_card_tie")
def _tie(event: Any, seats: Seats) -> str:
    return f"A tie between {seats.objects(event.seats)}: the first takes it."


@renderer(GAME, "trick_won")
def _trick_won(event: Any, seats: Seats) -> str:
    if event.seat == HUMAN:
        return f"You take {len(event.cards)} cards."
    return f"{seats.subject(event.seat)} takes {len(event.cards)} cards."


@renderer(GAME, "game_over")
def _game_over(event: Any, seats: Seats) -> str:
    won = ", ".join(f"{seats.subject(s)} {n}" for s, n in enumerate(event.scores))
    if len(event.winners) > 1:
        return f"High card is over: a draw. Cards won: {won}."
    return f"High card is over: {seats.subject(event.winners[0])} won. Cards won: {won}."


# ----- table ---------------------------------------------------------------------------------
def make_table(app: Any, config: dict[str, Any], seat: Any = None) -> HighCardTable:
    return HighCardTable(app, config, seat)


class HighCardTable(TableScreen):
    """Space or Enter turns up your card; the computer players turn up theirs at once."""

    game = GAME

    def __init__(self, app: Any, config: dict[str, Any], seat: Any = None) -> None:
        super().__init__(app, config, int(config["players"]), seat)

    def heading(self) -> str:
        return "High card"

    def enter(self) -> None:
        names = self.seats.subjects(list(range(self.seats.players)))
        self.app.say(f"High card, deal {self.seed}: {names}. Turn up your card: Space.")
        self.announce(self.state.opening_events())
        self.open_table()  # the computer players turn up their cards

    def commands(self) -> list[Command]:
        return [
            Command((" ", ENTER), "turn up your card.", self.play, "play"),
            *self.common_commands(),
        ]

    def play(self, key: str = "") -> None:
        if self.state.is_over:
            self.app.pop()
            return
        try:
            self.state.apply(HUMAN, Flip())  # the events come back through on_stream
        except IllegalAction as error:
            self.app.refuse(str(error))

    def on_stream(self, events: list[Event], mine: bool) -> None:
        self.announce(events)
        if self.state.is_over:
            self.app.say(self.back_hint())

    def status(self) -> list[str]:
        owned = self.state.view(HUMAN).owned
        return [f"You own {owned[HUMAN]} cards."]


# ----- the registration ----------------------------------------------------------------------
def entry() -> GameEntry:
    """The game's registration with the front end: built once its engine's facts are
    registered (its setup reads them)."""
    return GameEntry(
        GAME,
        "High card",
        (players_option(GAME), spec_option(GAME, "cards", "Cards each", "--cards"), LEVEL, SEED),
        table=__name__,
        words=__name__,
        cues={"high_card_tie": "war"},
        practice=("reveal", "war", "trick_won"),
        not_emitted=frozenset({"war", "pile_taken_up", "choice_made", "eliminated", "trick_limit"}),
        rules=str(Path(__file__).resolve().parent / "tiny_rules"),
    )


def registered() -> AbstractContextManager[str]:
    """The tiny game offered (its engine's facts and its front end's registration) while the
    block runs."""
    return offered(FACTS, entry)
