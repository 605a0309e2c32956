"""Scripts for driving the Cardavia table with keys: the keys a whole deal (or match) needs,
and what the table must say, found with the engine and the same computer players alone."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from audiogame.computer_players import make_bot
from audiogame.i18n import set_language
from audiogame.presenters.cardavia_hand import ordered_plays
from audiogame.settings import DEFAULT_NAMES, Settings
from audiogame.words.registry import render
from audiogame.words.seats import Seats
from engine import Pass, Play
from engine.cardavia import GAME as CARDAVIA
from engine.cardavia import CardaviaState, classify
from engine.cardavia.combination import Combination
from engine.cardavia.events import Settlement
from engine.events import Event

BACKTAB = "\x1b[Z"  # what a terminal sends for Shift+Tab
SEATS = Seats(DEFAULT_NAMES, 3)
PLAY_KINDS = ("played", "bomb", "celestial_bomb")


def slow(language: str = "en") -> Settings:
    """Settings where the computer players never act on their own during a test: only
    N makes them play, so that every key lands where the script expects."""
    return Settings(language=language, pace=3600.0)


def tab_plays(state: CardaviaState) -> list[Combination]:
    """The player's legal plays in the order Tab steps through them."""
    first = state.view(0).first_play
    return ordered_plays(
        [
            combination
            for action in state.legal_actions(0)
            if action.kind == "play"
            and (combination := classify(action.cards, first_play=first)) is not None
        ]
    )


def first_play(plays: list[Combination]) -> list[str]:
    """Tab once: the first play listed (the weakest of the first kind)."""
    return ["tab", "enter"]


def last_play(plays: list[Combination]) -> list[str]:
    """Shift+Tab once: the last play listed (a bomb or the longest sequence)."""
    return [BACKTAB, "enter"]


@dataclass
class Script:
    keys: list[str] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    expected: list[str] = field(default_factory=list)
    """Every message the events must produce, in order."""
    scores: list[tuple[int, ...]] = field(default_factory=list)

    @property
    def plays(self) -> int:
        return sum(1 for event in self.events if event.kind in PLAY_KINDS)


def expected_messages(events: list[Event], seats: Seats = SEATS) -> list[str]:
    """The table's messages for ``events``: the end of the deal before its settlement, which
    says the deal's scores (its lines are on S)."""
    said: list[str] = []
    settlement: list[str] = []
    for event in events:
        if isinstance(event, Settlement):
            settlement = [render("cardavia", event, seats)]
            continue
        said.append(render("cardavia", event, seats))
        if event.kind == "game_over":
            said += settlement
    return said


def table_script(
    seed: int,
    deals: int = 1,
    choose: Callable[[list[Combination]], list[str]] = first_play,
    language: str = "en",
) -> Script:
    """The keys that play ``deals`` deals from ``seed``: Space when the others are to play,
    ``choose``'s keys on the player's turn (P when he cannot beat), Enter after each deal;
    the messages expected in ``language``."""
    set_language(language)
    script = Script()
    bots = {seat: make_bot("cardavia", "greedy", seed * 10 + seat) for seat in (1, 2)}
    for number in range(deals):
        state = CARDAVIA.new_state(seed=seed + number)
        events = list(state.opening_events())
        while not state.is_over:
            if state.to_act() == (0,):
                plays = tab_plays(state)
                if not plays:
                    script.keys.append("p")
                    events += state.apply(0, Pass())
                    continue
                keys = choose(plays)
                index = keys.count("tab") - 1 if "tab" in keys else len(plays) - 1
                script.keys += keys
                events += state.apply(0, Play(plays[index].cards))
                continue
            script.keys.append("n")  # the hurry key: the others play now
            while not state.is_over and state.to_act() != (0,):
                seat = state.to_act()[0]
                action = bots[seat].choose(state.view(seat), state.legal_actions(seat))
                events += state.apply(seat, action)
        script.keys.append("enter")
        script.events += events
        script.expected += expected_messages(events)
        script.scores.append(state.result().scores)
    return script
