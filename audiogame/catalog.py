"""The games the program offers, as data: each game's setup options (the setup menu and the
command line are both built from them) and where its table lives.

A game's table is the module ``audiogame.tables.<game>`` with ``make_table(app, config)``;
while that module does not exist, the setup menu says the table is not ready yet.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from audiogame.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from audiogame.app.application import AudioGame
    from audiogame.app.screen import Screen

TableFactory = Callable[["AudioGame", dict[str, Any]], "Screen"]


def _yes_no(value: object) -> str:
    return _("yes") if value else _("no")


def _players(value: int) -> str:
    return ngettext("{count} player", "{count} players", value).format(count=value)


def _cards(value: int) -> str:
    return ngettext("{count} card", "{count} cards", value).format(count=value)


def _tricks(value: int) -> str:
    return ngettext("{count} trick", "{count} tricks", value).format(count=value)


def _deals(value: int) -> str:
    return ngettext("{count} deal", "{count} deals", value).format(count=value)


def _seed(value: object) -> str:
    return _("random") if value is None else str(value)


_LEVEL_NAMES = {
    "easy": N_("easy"),
    "normal": N_("normal"),
    "hard": N_("hard"),
    "expert": N_("expert"),
}


def level_name(value: object) -> str:
    """A computer player's level in the player's language: "hard", "esperto"."""
    return _(_LEVEL_NAMES.get(str(value), str(value)))


_level = level_name


@dataclass(frozen=True)
class SetupOption:
    """One option of a game's setup. ``values`` are what Left/Right step through (a seed
    option takes typed digits instead); ``flag`` is its command-line option, which for a yes/no
    option sets the value that is not the default."""

    key: str
    label: str
    values: tuple[Any, ...]
    default: Any
    flag: str
    describe: Callable[[Any], str] = str
    help: str = ""
    in_code: bool = True
    """Part of the deal code: a bot level is not part of the deal, so it is left out."""

    @property
    def is_seed(self) -> bool:
        return self.key == "seed"

    @property
    def is_switch(self) -> bool:
        return self.values == (False, True) or self.values == (True, False)


SEED = SetupOption(
    "seed",
    N_("Deal number"),
    (None,),
    None,
    "--seed",
    _seed,
    N_("the same number deals the same cards (empty: random)"),
)


LEVEL = SetupOption(
    "level",
    N_("Computer players"),
    ("easy", "normal", "hard", "expert"),
    "normal",
    "--level",
    _level,
    N_("how well the computer players play: easy, normal, hard or expert (up to a second a move)"),
    in_code=False,
)


@dataclass(frozen=True)
class GameEntry:
    key: str
    title: str
    options: tuple[SetupOption, ...]

    def defaults(self) -> dict[str, Any]:
        return {option.key: option.default for option in self.options}

    def option(self, key: str) -> SetupOption:
        return next(option for option in self.options if option.key == key)

    def table_factory(self) -> TableFactory | None:
        """The table's constructor, or None while the game has no table yet."""
        name = f"audiogame.tables.{self.key}"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as error:
            if error.name == name:
                return None
            raise
        factory: TableFactory = module.make_table
        return factory


GAMES: tuple[GameEntry, ...] = (
    GameEntry(
        "battle",
        N_("Battaglia (War)"),
        (
            SetupOption("players", N_("Players"), (2, 3, 4, 5, 6), 2, "--players", _players),
            SetupOption(
                "deck",
                N_("Deck"),
                (52, 32),
                52,
                "--deck",
                _cards,
                N_("52 cards, or 32 from the seven up"),
            ),
            SetupOption(
                "face_down",
                N_("Face-down card in a war"),
                (True, False),
                True,
                "--no-face-down",
                _yes_no,
                N_("play without the face-down card in a war (senza incognita)"),
            ),
            SetupOption(
                "open",
                N_("Open war: choose your cards"),
                (False, True),
                False,
                "--open",
                _yes_no,
                N_("hold your cards and choose which to play"),
            ),
            SetupOption(
                "trick_limit",
                N_("Trick limit"),
                (100, 200, 500, 1000, 2000, 5000),
                2000,
                "--trick-limit",
                _tricks,
                N_("after this many tricks the player with most cards wins"),
            ),
            LEVEL,
            SEED,
        ),
    ),
    GameEntry(
        "scientific",
        N_("Battaglia scientifica (Scientific Battle)"),
        (
            SetupOption(
                "players",
                N_("Players"),
                (2, 3, 4, 5, 6, 7, 8),
                2,
                "--players",
                _players,
            ),
            SetupOption(
                "trick_limit",
                N_("Trick limit"),
                (100, 200, 500, 1000, 2000),
                500,
                "--trick-limit",
                _tricks,
                N_("after this many tricks the player with most cards wins"),
            ),
            LEVEL,
            SEED,
        ),
    ),
    GameEntry(
        "cardavia",
        N_("Cardavia"),
        (
            SetupOption(
                "deals",
                N_("Deals in the match"),
                tuple(range(1, 21)),
                1,
                "--deals",
                _deals,
                N_("several deals keep running totals"),
            ),
            LEVEL,
            SEED,
        ),
    ),
)


def game_entry(key: str) -> GameEntry:
    """The game called ``key`` ("battle", "scientific", "cardavia")."""
    for entry in GAMES:
        if entry.key == key:
            return entry
    raise KeyError(f"no game {key!r}; the games are {', '.join(g.key for g in GAMES)}")
