"""A replay answers a game's information keys as its table does: the same words for the same
position, the same lines in F1, the keys where the player's own bindings put them at the table;
a game whose registration names no information keys replays and answers none."""

from __future__ import annotations

import ast
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from audiogame.app.actions import INFORMATION
from audiogame.app.keys_screen import KeysScreen
from audiogame.catalog import GAMES as REGISTERED
from audiogame.catalog import offered
from audiogame.presenters.table_screen import TableScreen
from audiogame.saves import replay
from audiogame.saves.replay import ReplayScreen, replay_screens
from audiogame.settings import Settings
from audiogame.testing import Session, local_table, make_session, opening, top_screen
from tests.tiny_game import FACTS
from tests.tiny_game_front import entry

ENTER, TAB = "c-m", "c-i"
NO_ACTION = "No action on this key."

# What a player notices: which keys of each table tell the replay's position.
REPLAYED = {
    "battle": ("w", "e"),
    "scientific": ("r", "e", "c", "w"),
    "cardavia": ("l", "e", "r", "m", "w"),
}


def battle_keys(rng: random.Random) -> str:
    return " "


def open_keys(rng: random.Random) -> str:
    return rng.choice([ENTER, ENTER, "right", "left", "end"])


def scientific_keys(rng: random.Random) -> str:
    return rng.choice([ENTER, "q", ENTER, "right", "s", "3", ENTER])  # a queen: the seer's C


def cardavia_keys(rng: random.Random) -> str:
    return rng.choice([TAB, ENTER, "n", "p", ENTER])  # N: the others play at once


GAMES: dict[str, tuple[str, dict[str, Any], Callable[[random.Random], str]]] = {
    "classic battle": ("battle", {"seed": 2, "trick_limit": 100}, battle_keys),
    "open battle": ("battle", {"seed": 4, "open": True, "trick_limit": 100}, open_keys),
    "scientific": ("scientific", {"seed": 1, "players": 3}, scientific_keys),
    "cardavia": ("cardavia", {"seed": 7}, cardavia_keys),
}

EVERY = {"scientific": 1}
"""How many keys apart the table is asked (7 by default): a seer's trick is short."""

Answers = list[tuple[int, dict[str, str]]]
"""At each position asked (the number of moves played): each key pressed and what it said."""


def ask(session: Session, keys: tuple[str, ...]) -> dict[str, str]:
    said = {}
    for key in keys:
        before = len(session.spoken)
        session.app.dispatch(key)
        assert len(session.spoken) == before + 1, f"{key}: {session.spoken[before:]}"
        said[key] = session.spoken[-1]
    return said


def play_asking(
    folder: Path,
    game: str,
    config: dict[str, Any],
    next_key: Callable[[random.Random], str],
    keys: tuple[str, ...],
    settings: Settings | None = None,
) -> tuple[Path, Answers, Session]:
    """A whole game at its table, ``keys`` pressed every few moves and at the end: the file
    of the finished game and what the table said, at which position."""
    session = make_session(data_dir=folder, settings=settings)
    session.app.start(opening(session.app, game, config))
    table = top_screen(session, TableScreen)
    rng = random.Random(5)
    answers: Answers = []
    step = 0
    while not table.state.is_over:
        if step % EVERY.get(game, 7) == 0:
            answers.append((len(local_table(table).record.moves), ask(session, keys)))
        session.app.dispatch(next_key(rng))
        step += 1
    answers.append((len(local_table(table).record.moves), ask(session, keys)))
    (path,) = (folder / "finished").glob("*.json")
    return path, answers, session


def replay_of(path: Path, folder: Path, settings: Settings | None = None) -> Session:
    session = make_session(data_dir=folder, settings=settings)
    screens = replay_screens(session.app, str(path))
    assert isinstance(screens, list), screens
    session.app.start(screens)
    assert isinstance(session.app.top, ReplayScreen)
    return session


def replay_answers(session: Session, answers: Answers, keys: tuple[str, ...]) -> Answers:
    screen = top_screen(session, ReplayScreen)
    heard: Answers = []
    for position, _said in answers:
        screen.line.go_to(position)
        heard.append((position, ask(session, keys)))
    return heard


@pytest.mark.parametrize("name", sorted(GAMES))
def test_each_information_key_says_in_the_replay_what_the_table_said_there(
    tmp_path: Path, name: str
) -> None:
    """SB-16 for Battaglia scientifica's R, E, C, W; the Battaglia and Cardavia tables' own."""
    game, config, next_key = GAMES[name]
    keys = REPLAYED[game]
    path, answers, _table = play_asking(tmp_path, game, config, next_key, keys)
    assert len(answers) > 5 and answers[-1][0] > 30  # a whole game, asked along the way
    for key in keys:  # each key heard in several positions
        assert len({said[key] for _position, said in answers}) > 2, key
    session = replay_of(path, tmp_path)
    assert replay_answers(session, answers, keys) == answers
    # With Shift too, as at the tables (the replay is at the end now).
    shifted = ask(session, tuple(key.upper() for key in keys))
    assert shifted == {key.upper(): said for key, said in answers[-1][1].items()}


def keys_lines(session: Session) -> list[tuple[str, str]]:
    """F1 on the screen on top: (group, line) for each line of the list, then Escape."""
    session.app.dispatch("f1")
    keys = top_screen(session, KeysScreen)
    lines = list(zip(keys.groups, keys.lines, strict=True))
    session.app.dispatch("escape")
    return lines


@pytest.mark.parametrize("name", sorted(GAMES))
def test_f1_in_the_replay_lists_the_information_keys_as_the_table_does(
    tmp_path: Path, name: str
) -> None:
    game, config, next_key = GAMES[name]
    keys = REPLAYED[game]
    path, _answers, table = play_asking(tmp_path, game, config, next_key, keys)
    at_table = [
        line
        for group, line in keys_lines(table)
        if group == INFORMATION and line.split(":")[0].lower() in keys
    ]
    in_replay = [
        line for group, line in keys_lines(replay_of(path, tmp_path)) if group == INFORMATION
    ]
    assert len(at_table) == len(keys)
    assert in_replay == at_table


# The player's own bindings, made at the table (F1, Enter on a line, the new key), and where
# they move the keys.
REBOUND: dict[str, tuple[dict[str, tuple[str, ...]], dict[str, str]]] = {
    "classic battle": ({"battle.counts": ("x",)}, {"e": "x"}),
    "scientific": ({"scientific.rules_now": ("y",), "scientific.seer": ("v",)},
                   {"r": "y", "c": "v"}),
    "cardavia": ({"cardavia.table": ("x",), "cardavia.high_cards": ("g",)},
                 {"l": "x", "m": "g"}),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(REBOUND))
def test_a_key_the_player_moved_at_the_table_tells_the_same_in_the_replay(
    tmp_path: Path, name: str
) -> None:
    """The new key says in the replay what it says at the table; the old one says nothing
    in the replay."""
    game, config, next_key = GAMES[name]
    bindings, moved = REBOUND[name]
    settings = Settings(language="en", pace=0.0, keys=bindings)
    keys = tuple(moved.get(key, key) for key in REPLAYED[game])
    path, answers, _table = play_asking(tmp_path, game, config, next_key, keys, settings)
    assert all(said[new] != NO_ACTION for _position, said in answers for new in moved.values())
    session = replay_of(path, tmp_path, settings)
    assert replay_answers(session, answers, keys) == answers
    for old in moved:
        before = len(session.spoken)
        session.app.dispatch(old)
        assert session.spoken[before:] == [NO_ACTION]


def test_an_information_key_bound_to_a_key_the_replay_moves_with_keeps_its_own_there(
    tmp_path: Path,
) -> None:
    """Left is free at a classic Battaglia table, and the player put E on it: at the table Left
    tells the cards owned; in the replay Left still goes back a move, as the replay says when
    it opens, and E tells the cards owned, as F1 lists it."""
    settings = Settings(language="en", pace=0.0, keys={"battle.counts": ("left",)})
    game, config, next_key = GAMES["classic battle"]
    path, answers, _table = play_asking(tmp_path, game, config, next_key, ("left", "w"), settings)
    session = replay_of(path, tmp_path, settings)
    screen = top_screen(session, ReplayScreen)
    position, said = answers[3]
    screen.line.go_to(position)
    assert ask(session, ("e",)) == {"e": said["left"]}
    before = len(session.spoken)
    session.app.dispatch("left")
    assert screen.line.position < position
    assert session.spoken[before].startswith(f"Move {screen.line.position} of ")
    lines = keys_lines(session)
    assert ("information", "E: how many cards each player owns.") in lines
    session.app.dispatch("f1")  # bindings are made at a table, not in a replay
    keys = top_screen(session, KeysScreen)
    keys.say_line(keys.lines.index("E: how many cards each player owns."))
    session.app.dispatch(ENTER)
    assert session.spoken[-1] == "The keys of this action cannot be changed."


def test_a_game_registered_without_information_keys_replays_and_answers_none(
    tmp_path: Path,
) -> None:
    with offered(FACTS, entry) as game:
        session = make_session(data_dir=tmp_path)
        session.app.start(opening(session.app, game, {"seed": 1, "cards": 5, "level": "normal"}))
        while not top_screen(session, TableScreen).state.is_over:
            session.app.dispatch(" ")
        (path,) = (tmp_path / "finished").glob("*.json")
        replay = replay_of(path, tmp_path)
        for key in ("right", "right"):
            replay.app.dispatch(key)
        assert replay.spoken[-3:] == [
            "Move 1 of 10, Anna.",  # her card still face down: who made the move
            "Move 2 of 10. You: queen of clubs, Anna: ace of diamonds.",  # one message a move
            "Anna takes 2 cards.",
        ]
        for key in ("w", "e", "l", "r", "m", "c"):
            before = len(replay.spoken)
            replay.app.dispatch(key)
            assert replay.spoken[before:] == [NO_ACTION]
        assert [group for group, _line in keys_lines(replay) if group == INFORMATION] == []


def test_the_replay_names_no_game() -> None:
    """A game's keys come from its registration: no line of the replay's code (its docstrings
    aside) names a game, so that a new game needs no line there."""
    tree = ast.parse(Path(replay.__file__).read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    texts = [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    ]
    names = [node.id for node in ast.walk(tree) if isinstance(node, ast.Name)]
    assert len(texts) > 20  # the replay's words and keys are read
    for game in [registered.key for registered in REGISTERED]:
        assert [text for text in [*texts, *names] if game in text.lower()] == [], game
