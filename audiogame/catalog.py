"""The games the program offers: one registration per game (:class:`GameEntry`), found here.

A registration holds everything the front end needs of a game: its title, its setup options
(the setup menu and the command line are both built from them), its table presenter, the
module of its words, the cues of its own events, its cues in the practice mode and how its
hints are said. The games that ship are registered by :data:`SHIPPED`, one line each, from
their own module ``audiogame/games/<game>.py``; :func:`register` adds any other (the tests
register a tiny game of their own). Every list of games (:data:`GAMES`, the practice groups,
the cue map) is read from here, so that it always holds every registered game.

A game's engine is registered with the engine (:mod:`engine.registry`: its rules, events and
computer players), under the same name.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, overload

from audiogame.i18n import N_, _, ngettext
from audiogame.sound import cues as sound_cues
from audiogame.table import seat as table_seat
from audiogame.table.seat import SeatState

if TYPE_CHECKING:
    from audiogame.app.screen import Program, Screen
    from audiogame.words.seats import Seats
    from engine.bots import Hint


class TableFactory(Protocol):
    """A game's ``make_table``: its table screen for ``config``, at ``seat`` of a table kept
    elsewhere when given (online), else keeping the game itself."""

    def __call__(
        self, app: Program, config: dict[str, Any], seat: SeatState | None = None
    ) -> Screen: ...


def yes_no(value: object) -> str:
    return _("yes") if value else _("no")


def players_text(value: int) -> str:
    return ngettext("{count} player", "{count} players", value).format(count=value)


def cards_text(value: int) -> str:
    return ngettext("{count} card", "{count} cards", value).format(count=value)


def tricks_text(value: int) -> str:
    return ngettext("{count} trick", "{count} tricks", value).format(count=value)


def deals_text(value: int) -> str:
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


def _function(dotted: str) -> Any:
    module, _, name = dotted.rpartition(".")
    return getattr(importlib.import_module(module), name)


CueChooser = Callable[[Any, "int | None"], str]
"""Chooses the cue of an event heard by a seat (``None``: nobody at the table plays)."""


@dataclass(frozen=True)
class PlayerOption:
    """An option of the player's own for one game, in the options menu: ``label`` (marked for
    translation), the field of :class:`audiogame.settings.Settings` it sets (the settings
    file's schema keeps its fields), and its ``values`` (yes/no said as on and off)."""

    label: str
    setting: str
    values: tuple[Any, ...] = (True, False)


@dataclass(frozen=True)
class GameEntry:
    """One game's registration.

    ``key`` is the engine's name of the game; ``title`` its name in menus, ``short_title``
    where space is short (the page's list of tables; by default the title); ``options`` its
    setup. ``table`` is the module of its table presenter (``make_table(app, config, seat)``;
    while it does not exist, the setup menu says the table is not ready yet), ``words`` the
    module that registers the words of its events (:mod:`audiogame.words.registry`).
    ``cues`` maps each event kind of its own to a cue, ``cue_variants`` the kinds whose cue
    depends on the event to every cue they can give and the chooser (the shared events' cues
    are in :mod:`audiogame.sound.cues`). ``practice_title`` and ``practice`` are its group of
    the practice mode, its cues in Listen order; ``meanings`` says what each of its own cues
    means (shared ones are in :mod:`audiogame.practice.model`). ``not_emitted`` are shared
    event kinds it never emits (so they need no words). ``hint_play`` and ``hint_reason``
    name the functions (dotted names, imported when a hint is asked for) that say a hint's
    play and why (by default a card and the reasons of the card games).
    ``engine_options`` are the setup options its engine takes, ``view`` the class of its
    views (a dotted name: a seat's stream decodes them), ``rules`` the folder of its rules
    (``<game>.<language>.txt``; by default ``audiogame/rules``), ``seats`` the number of seats
    of a setup, ``match`` whether a setup's ``deals`` make a match of several deals, ``paced``
    whether its computer players play at a pace the table's creator chooses online.
    ``player_options`` are the player's own options of this game in the options menu.
    ``code_id`` is its number in deal codes (:mod:`audiogame.saves.codes`: a released format,
    fixed for ever; ``None``: its deals have no code), ``code_fields`` its setup fields in the
    codes of each version, in code order, with their values (frozen once released)."""

    key: str
    title: str
    options: tuple[SetupOption, ...]
    short_title: str = ""
    table: str = ""
    words: str = ""
    cues: Mapping[str, str] = field(default_factory=dict)
    cue_variants: Mapping[str, tuple[tuple[str, ...], CueChooser]] = field(default_factory=dict)
    practice_title: str = ""
    practice: tuple[str, ...] = ()
    meanings: Mapping[str, str] = field(default_factory=dict)
    not_emitted: frozenset[str] = frozenset()
    hint_play: str = ""
    hint_reason: str = ""
    engine_options: tuple[str, ...] = ()
    view: str = ""
    rules: str = ""
    seats: Callable[[Mapping[str, Any]], int] | None = None
    match: bool = False
    paced: bool = False
    player_options: tuple[PlayerOption, ...] = ()
    code_id: int | None = None
    code_fields: Mapping[int, tuple[tuple[str, tuple[Any, ...]], ...]] = field(default_factory=dict)

    def defaults(self) -> dict[str, Any]:
        return {option.key: option.default for option in self.options}

    def option(self, key: str) -> SetupOption:
        return next(option for option in self.options if option.key == key)

    @property
    def table_module(self) -> str:
        return self.table or f"audiogame.tables.{self.key}"

    @property
    def words_module(self) -> str:
        return self.words or f"audiogame.words.{self.key}"

    def hint_words(self) -> tuple[Callable[[Hint], str], Callable[[Hint, Seats], str]]:
        """The functions that say a hint's play and why, for this game."""
        play = _function(self.hint_play or "audiogame.words.hints.card_play")
        reason = _function(self.hint_reason or "audiogame.words.hints.card_reason_at")
        return play, reason

    def seat_count(self, config: Mapping[str, Any]) -> int:
        """How many seats a table of this setup has."""
        return self.seats(config) if self.seats is not None else int(config["players"])

    def table_factory(self) -> TableFactory | None:
        """The table's constructor, or None while the game has no table yet."""
        name = self.table_module
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as error:
            if error.name == name:
                return None
            raise
        factory: TableFactory = module.make_table
        return factory


SHIPPED: tuple[str, ...] = (
    "audiogame.games.battle",
    "audiogame.games.scientific",
    "audiogame.games.cardavia",
)
"""The modules of the games that ship, in menu order: each holds its ``ENTRY``."""

_ENTRIES: dict[str, GameEntry] = {}
_loaded = False


def _entries() -> dict[str, GameEntry]:
    global _loaded
    if not _loaded:
        _loaded = True
        for name in SHIPPED:  # before any other: register() loads them first
            entry: GameEntry = importlib.import_module(name).ENTRY
            _ENTRIES[entry.key] = entry
    return _ENTRIES


def register(entry: GameEntry) -> None:
    """Offer ``entry``'s game (after the others); a key already taken, or a cue meaning that
    contradicts another game's, is refused (``ValueError``)."""
    entries = _entries()
    if entry.key in entries:
        raise ValueError(f"a game named {entry.key!r} is already registered")
    if entry.code_id is not None and entry.code_id in {e.code_id for e in entries.values()}:
        raise ValueError(f"the deal code number {entry.code_id} is another game's")
    for other in entries.values():
        for cue, meaning in entry.meanings.items():
            if other.meanings.get(cue, meaning) != meaning:
                raise ValueError(f"cue {cue!r} already means something else in {other.key}")
    entries[entry.key] = entry


def unregister(key: str) -> None:
    """Withdraw a game added with :func:`register` (``KeyError`` if there is none)."""
    del _entries()[key]


class _Games(Sequence[GameEntry]):
    """Every registered game, in menu order: ``for entry in GAMES``, ``GAMES[0]``."""

    @overload
    def __getitem__(self, index: int) -> GameEntry: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[GameEntry]: ...

    def __getitem__(self, index: int | slice) -> GameEntry | Sequence[GameEntry]:
        return tuple(_entries().values())[index]

    def __iter__(self) -> Iterator[GameEntry]:
        return iter(tuple(_entries().values()))

    def __len__(self) -> int:
        return len(_entries())


GAMES: Sequence[GameEntry] = _Games()


def game_entry(key: str) -> GameEntry:
    """The game called ``key`` ("battle", "scientific", "cardavia")."""
    found = _entries().get(key)
    if found is None:
        raise KeyError(f"no game {key!r}; the games are {', '.join(_entries())}")
    return found


# The layers below the registrations read what they need of the games through these two, so
# that neither imports this module (tests/test_import_graph.py).
sound_cues.read_games_from(lambda: [(entry.cues, entry.cue_variants) for entry in GAMES])
table_seat.read_views_from(lambda game: game_entry(game).view)
