"""Every game and variant under random legal play: conservation, termination, no leaks,
determinism, refusals that change nothing, zero-sum settlements (issue: conformance suite).

The default run plays a few seeds of every configuration; ``pytest -m slow`` plays 200
(``CONFORMANCE_SEEDS`` changes that number)."""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from typing import Any

import pytest

from audiogame.i18n import set_language
from audiogame.words.registry import render
from audiogame.words.seats import Seats
from engine import GAME_NAMES, event_kinds, games
from engine.facts import GameFacts
from engine.registry import registration
from tests.conformance import play_random_game, replay, zoned

QUICK_SEEDS = 2
SEEDS = int(os.environ.get("CONFORMANCE_SEEDS", "200"))

SHORT = {"trick_limit": 60}
"""Options played at another value than their default, to keep random games short."""


def player_counts(facts: GameFacts) -> tuple[int, ...]:
    """The fewest players, one more, the middle and the most."""
    low, high = facts.min_players, facts.max_players
    return tuple(sorted({low, min(low + 1, high), (low + high + 1) // 2, high}))


def configurations(game: str) -> list[dict[str, Any]]:
    """Every combination of a game's yes/no and choice options, at each number of players of
    :func:`player_counts`; numbers with a range at their default (or :data:`SHORT`'s)."""
    facts = registration(game)
    axes: list[list[tuple[str, Any]]] = []
    if facts.min_players != facts.max_players:
        axes.append([("players", n) for n in player_counts(facts)])
    for option in facts.options:
        if option.table:
            continue  # the table's, not the engine's (a match of several deals)
        if option.is_switch:
            axes.append([(option.name, value) for value in (False, True)])
        elif option.choices:
            axes.append([(option.name, value) for value in option.choices])
        else:
            axes.append([(option.name, SHORT.get(option.name, option.default))])
    return [dict(combination) for combination in itertools.product(*axes)]


CONFIGS = [(game, options) for game in GAME_NAMES for options in configurations(game)]
IDS = [
    game + "-" + "-".join(f"{k}{v}" for k, v in options.items() if k not in SHORT)
    for game, options in CONFIGS
]


def check_seeds(game: str, options: dict[str, Any], seeds: range) -> list[list[Any]]:
    """Plays one game per seed with every invariant checked; returns each game's events."""
    played = []
    for seed in seeds:
        # Every step of the first games is checked; later games at every fifth step and at
        # the end, which keeps 200 games per configuration affordable.
        check_every = 1 if seed < 20 else 5
        state, log, events = play_random_game(game, seed, check_every=check_every, **options)
        result = state.result()
        assert result.winners, "a finished game has at least one winner"
        if game == "cardavia":
            assert sum(result.scores) == 0, "CV-14: a settlement sums to zero"
        if seed < 5:
            assert replay(game, seed, log, **options) == events, "same seed and actions differ"
        played.append(events)
    return played


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_random_play_holds_every_invariant(config: tuple[str, dict[str, Any]]) -> None:
    """Also: determinism must not come from ignoring the seed, so each seed plays another
    game, and deals other cards (but in Scientific Battle, whose deal SB-1 fixes)."""
    game, options = config
    played = check_seeds(game, options, range(QUICK_SEEDS))
    for one, other in itertools.combinations(played, 2):
        assert one != other, "two seeds played the same game"
    if game != "scientific":
        deals = [
            zoned(games[game].new_state(seed=s, **options)).zones() for s in range(QUICK_SEEDS)
        ]
        for dealt, again in itertools.combinations(deals, 2):
            assert dealt != again, "two seeds dealt the same cards"


@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_random_play_holds_every_invariant_over_many_seeds(
    config: tuple[str, dict[str, Any]],
) -> None:
    game, options = config
    check_seeds(game, options, range(QUICK_SEEDS, SEEDS))


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_engine_takes_every_value_its_facts_declare_and_refuses_the_others(game: str) -> None:
    """Each option the game declares, at its default, each of its values and the ends of its
    range, makes a game; one past an end, or a value of another type, is refused and says
    which option (the server checks a new table by the same facts)."""
    facts = registration(game)
    engine = games[game]
    assert (engine.min_players, engine.max_players) == (facts.min_players, facts.max_players)
    assert engine.new_state(seed=1).players == facts.default_players
    for option in facts.all_options():
        if option.table:
            continue
        good: list[Any] = [option.default, *option.choices]
        bad: list[Any] = ["1", 1.0, None]
        if option.is_switch:
            good += [True, False]
            bad = [0, 1, "yes", None]
        for end, past in ((option.minimum, -1), (option.maximum, 1)):
            if end is not None and not option.choices:
                good.append(end)
                bad.append(end + past)
        if option.choices:
            bad.append(max(option.choices) + 1)
        for value in good:
            assert option.allows(value)
            state = engine.new_state(seed=1, **{option.name: value})
            assert state.players == (value if option.name == "players" else facts.default_players)
        for value in bad:
            assert not option.allows(value), (option.name, value)
            with pytest.raises(ValueError, match=option.name):
                engine.new_state(seed=1, **{option.name: value})
    with pytest.raises(ValueError, match="no_such_option"):
        engine.new_state(seed=1, no_such_option=1)


@pytest.fixture
def restore_language() -> Iterator[None]:
    yield
    set_language("en")


def celestial_bomb_events() -> list[Any]:
    """A deal whose first play is the four 3s, the celestial bomb (CV-8)."""
    state = games["cardavia"].new_state(seed=1)
    zones = zoned(state).zones()
    threes = [c for seat in range(3) for c in zones[f"hand{seat}"] if c.rank == 3]
    rest = [c for seat in range(3) for c in zones[f"hand{seat}"] if c.rank != 3]
    hands = [threes + rest[:12], rest[12:28], rest[28:]]
    state = games["cardavia"].new_state(hands=hands)
    events = list(state.opening_events())
    celestial = [a for a in state.legal_actions(0) if len(a.cards) == 4 and a.cards[0].rank == 3]
    events += state.apply(0, celestial[0])
    return events


@pytest.mark.usefixtures("restore_language")
def test_every_event_of_every_game_has_words_in_both_languages() -> None:
    """Every kind of event of every game, and every cause and reason seen in random games, is
    put into words in English and in Italian: never the bare kind, never an English sentence
    left in Italian."""
    games_played: list[tuple[str, dict[str, Any], list[Any]]] = []
    for game, options in CONFIGS:
        games_played.append(
            (game, options, play_random_game(game, 0, check_every=10**9, **options)[2])
        )
    for seed in range(1, 40):
        games_played.append(
            ("cardavia", {}, play_random_game("cardavia", seed, check_every=10**9)[2])
        )
    for seed, players in itertools.product(range(10), (2, 3, 6)):
        options = {"players": players, "deck": 32, "trick_limit": 300}
        games_played.append(
            ("battle", options, play_random_game("battle", seed, check_every=10**9, **options)[2])
        )
    games_played.append(("cardavia", {}, celestial_bomb_events()))
    seen: dict[tuple[str, str], Any] = {}
    for game, options, events in games_played:
        for event in events:
            kind = event.kind + str(getattr(event, "cause", getattr(event, "reason", "")))
            seen.setdefault((game, kind), (event, options))
    kinds = {event.kind for event, _options in seen.values()}
    declared = {kind for game in GAME_NAMES for kind in event_kinds(game)}
    assert kinds == declared, "some kinds of event were never played"
    names = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco", "Giulia")
    for (game, _kind), (event, options) in seen.items():
        seats = Seats(names, options.get("players", 3), options)
        said = {}
        for language in ("en", "it"):
            set_language(language)
            said[language] = render(game, event, seats)
            assert said[language], f"{game} {event}: nothing said in {language}"
            assert said[language] != event.kind.replace("_", " "), f"{game} {event.kind}"
        assert said["it"] != said["en"], f"{game} {event}: not translated: {said['en']}"
