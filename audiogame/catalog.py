"""The games the program offers: one registration per game (:class:`GameEntry`), found here.

A registration holds everything the front end needs of a game: its title, its setup options
(the setup menu and the command line are both built from them), its table presenter, the
module of its words, the cues of its own events, its cues in the practice mode, how its
hints are said and its table's keys that a replay answers. The games that ship are registered
by :data:`SHIPPED`, one line each, from their own module ``audiogame/games/<game>.py``;
:func:`register` adds any other (the tests register a tiny game of their own). Every list of
games (:data:`GAMES`, the practice groups, the cue map) is read from here, so that it always
holds every registered game.

A game's engine is registered with the engine (:mod:`engine.registry`: its rules, events and
computer players), under the same name, with its facts (:class:`engine.facts.GameFacts`): the
number of players, each option's values and default, the class of its views. A registration
here reads them from there (:meth:`GameEntry.facts`) and writes none of them again: the setup's
players option is :func:`players_option`, another option's default and values come from
:func:`spec_option`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, overload

from audiogame.i18n import N_, _, ngettext
from audiogame.sound import cues as sound_cues
from audiogame.table import seat as table_seat
from audiogame.table.seat import SeatState
from engine.facts import GameFacts
from engine.registry import register_game, registration, unregister_game

if TYPE_CHECKING:
    from audiogame.app.host import Host
    from audiogame.app.screen import Screen
    from audiogame.words.seats import Seats
    from engine.bots import Hint


class TableFactory(Protocol):
    """A game's ``make_table``: its table screen for ``config``, at ``seat`` of a table kept
    elsewhere when given (online), else keeping the game itself."""

    def __call__(
        self, app: Host, config: dict[str, Any], seat: SeatState | None = None
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


def players_option(game: str) -> SetupOption:
    """The setup's number of players, from the engine's facts of ``game``."""
    facts = registration(game)
    return SetupOption(
        "players",
        N_("Players"),
        tuple(range(facts.min_players, facts.max_players + 1)),
        facts.default_players,
        "--players",
        players_text,
        N_("how many play at the table, you included"),
    )


def spec_option(
    game: str,
    key: str,
    label: str,
    flag: str,
    describe: Callable[[Any], str] = str,
    help: str = "",
    steps: tuple[int, ...] = (),
) -> SetupOption:
    """A setup option of ``game`` whose default and values are its engine's (a yes/no starts
    at its default; a number with choices steps through them, one with a range from its least
    to its most, or through ``steps`` where the range is too wide to walk)."""
    spec = registration(game).option(key)
    values: tuple[Any, ...]
    if spec.is_switch:
        values = (spec.default, not spec.default)
    elif steps:
        values = steps
    elif spec.choices:
        values = spec.choices
    elif spec.minimum is not None and spec.maximum is not None:
        values = tuple(range(spec.minimum, spec.maximum + 1))
    else:
        raise ValueError(f"{game}: {key} has no end to its range: give its steps")
    if spec.default not in values or not all(spec.allows(value) for value in values):
        raise ValueError(f"{game}: the steps of {key} are not its engine's values")
    return SetupOption(key, label, values, spec.default, flag, describe, help)


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
    are in :mod:`audiogame.sound.cues`). ``practice`` is its group of the practice mode (named
    by its title, as in the menus), its cues in Listen order; ``meanings`` says what each of
    its own cues means (shared ones are in :mod:`audiogame.practice.model`). ``not_emitted``
    are shared event kinds it never emits (so they need no words). ``hint_play`` and ``hint_reason``
    name the functions (dotted names, imported when a hint is asked for) that say a hint's
    play and why (by default a card and the reasons of the card games). ``information`` names
    the function of a setup giving its table's keys that tell the position from a view
    (:mod:`audiogame.presenters.info_keys`: a replay answers them; ``watching``: a spectator's).
    ``rules`` is the folder of its rules (``<game>.<language>.txt``; by default
    ``audiogame/rules``), ``match`` whether a setup's ``deals`` make a match of several deals,
    ``paced``
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
    practice: tuple[str, ...] = ()
    meanings: Mapping[str, str] = field(default_factory=dict)
    not_emitted: frozenset[str] = frozenset()
    hint_play: str = ""
    hint_reason: str = ""
    information: str = ""
    watching: str = ""
    rules: str = ""
    match: bool = False
    paced: bool = False
    player_options: tuple[PlayerOption, ...] = ()
    code_id: int | None = None
    code_fields: Mapping[int, tuple[tuple[str, tuple[Any, ...]], ...]] = field(default_factory=dict)

    @property
    def facts(self) -> GameFacts:
        """What the engine declares of this game (:mod:`engine.facts`)."""
        return registration(self.key)

    @property
    def engine_options(self) -> tuple[str, ...]:
        """The setup options its engine takes (the others are the table's own)."""
        return self.facts.engine_options

    @property
    def view(self) -> str:
        """The class of its views (a dotted name: a seat's stream decodes them)."""
        return self.facts.view

    def defaults(self) -> dict[str, Any]:
        return {option.key: option.default for option in self.options}

    def option(self, key: str) -> SetupOption:
        return next(option for option in self.options if option.key == key)

    @property
    def table_module(self) -> str:
        return self.table or f"audiogame.presenters.{self.key}"

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
        facts = self.facts
        if facts.min_players == facts.max_players:
            return facts.min_players
        return int(config.get("players", facts.default_players))

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


@contextmanager
def offered(facts: GameFacts, entry: Callable[[], GameEntry]) -> Iterator[str]:
    """A game of its own files offered while the block runs: its engine's ``facts`` registered
    (:func:`engine.registry.register_game`), then its front end's registration, built by
    ``entry`` once they are (its setup reads them); both withdrawn at the end."""
    register_game(facts)
    try:
        register(entry())
    except BaseException:
        unregister_game(facts.name)
        raise
    try:
        yield facts.name
    finally:
        unregister(facts.name)
        unregister_game(facts.name)


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
