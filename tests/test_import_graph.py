"""The import graph of ``engine/`` and ``audiogame/``: no cycle, and the layers of
docs/architecture.md ("Layers and imports") import only downwards.

Every import counts: at module level, inside a function and under ``TYPE_CHECKING``. A cycle
deferred into a function still ties the two modules together (neither can be read, tested or
moved without the other), and a type-only one still makes mypy read them as one.
"""

from __future__ import annotations

import ast
import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest

from audiogame.app.places import PLACES, screen_class
from audiogame.app.screen import Screen

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "audiogame")


def module_files(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the packages, by dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def imported_names(name: str, path: Path, known: set[str]) -> Iterator[tuple[str, int]]:
    """The modules ``name`` imports, each with its line, relative forms resolved and ``from x
    import y`` taken as the module ``x.y`` where there is one."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            for alias in node.names:
                submodule = f"{module}.{alias.name}"
                yield (submodule if submodule in known else module), node.lineno


def import_graph(root: Path = ROOT) -> dict[str, dict[str, int]]:
    """Module → the project's modules it imports → the line of the first such import."""
    files = module_files(root)
    known = set(files)
    graph: dict[str, dict[str, int]] = {}
    for name, path in files.items():
        edges = graph.setdefault(name, {})
        for target, line in imported_names(name, path, known):
            while target and target not in known:  # engine.cards.Card → engine.cards
                target = target.rpartition(".")[0]
            if target and target != name:
                edges.setdefault(target, line)
    return graph


def cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """One cycle of each strongly connected group of modules, in import order, the first
    module repeated at the end (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.add(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(group)
    return [shortest_cycle(graph, group) for group in groups]


def shortest_cycle(graph: dict[str, dict[str, int]], group: set[str]) -> list[str]:
    """The shortest way from the group's first module back to itself, within the group."""
    first = min(group)
    came_from: dict[str, str] = {}
    frontier = [first]
    while frontier:
        following = []
        for node in frontier:
            for target in sorted(graph[node]):
                if target == first:
                    path = [node]
                    while path[-1] != first:
                        path.append(came_from[path[-1]])
                    return [*reversed(path), first]
                if target in group and target not in came_from:
                    came_from[target] = node
                    following.append(target)
        frontier = following
    raise AssertionError(f"no cycle in {sorted(group)}")


def described(graph: dict[str, dict[str, int]], cycle: list[str]) -> str:
    """A cycle as the lines that make it: ``a (line 12) -> b``."""
    steps = [f"{a} (line {graph[a][b]}) -> {b}" for a, b in itertools.pairwise(cycle)]
    return "\n  ".join(steps)


def test_no_module_imports_itself_through_others() -> None:
    graph = import_graph()
    found = [described(graph, cycle) for cycle in cycles(graph)]
    assert found == [], "import cycles:\n  " + "\n\n  ".join(found)


def test_the_finder_sees_cycles_in_functions_and_under_type_checking(tmp_path: Path) -> None:
    package = tmp_path / "audiogame"
    (package / "low").mkdir(parents=True)
    (tmp_path / "engine").mkdir()
    (package / "__init__.py").write_text("")
    (package / "low" / "__init__.py").write_text("")
    (package / "high.py").write_text("from audiogame.low.deep import thing\n")
    (package / "low" / "deep.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..middle import Middle\n"
    )
    (package / "middle.py").write_text("def f():\n    from audiogame import high\n")
    graph = import_graph(tmp_path)
    assert [described(graph, c) for c in cycles(graph)] == [
        "audiogame.high (line 1) -> audiogame.low.deep\n"
        "  audiogame.low.deep (line 3) -> audiogame.middle\n"
        "  audiogame.middle (line 2) -> audiogame.high"
    ]


# Each layer (a package or a module, with everything under it) and what it may never import,
# as docs/architecture.md ("Layers and imports") states them.
FRONT_ENDS = (
    "audiogame.app",
    "audiogame.online",
    "audiogame.web",
    "audiogame.presenters",
    "audiogame.practice",
    "audiogame.saves.screens",
    "audiogame.saves.replay",
    "audiogame.cli",
    "audiogame.__main__",
)
BELOW_THE_GAMES = (*FRONT_ENDS, "audiogame.catalog", "audiogame.games")
LAYERS = {
    "engine": ("audiogame",),
    "audiogame.i18n": (*BELOW_THE_GAMES, "audiogame.words", "audiogame.table", "audiogame.sound"),
    "audiogame.words": (*FRONT_ENDS, "audiogame.sound", "audiogame.speech", "audiogame.table"),
    "audiogame.table": (*FRONT_ENDS, "audiogame.sound", "audiogame.speech"),
    # A seat's stream is read by the browser seat and the online terminal alike.
    "audiogame.table.seat": BELOW_THE_GAMES,
    "audiogame.sound": (*BELOW_THE_GAMES, "audiogame.table"),
    "audiogame.speech": (*BELOW_THE_GAMES, "audiogame.table"),
    "audiogame.narrator": BELOW_THE_GAMES,
    "audiogame.sound.cue_players": BELOW_THE_GAMES,
    # The registrations name screens through what a screen is, never the program itself.
    "audiogame.catalog": (*FRONT_ENDS[1:], "audiogame.app.application", "audiogame.app.menus"),
    # The program imports its screens; what every screen is never imports the program.
    "audiogame.app.host": ("audiogame.app.application", "audiogame.app.screen"),
    "audiogame.app.command": ("audiogame.app.application", "audiogame.app.screen"),
    "audiogame.app.program": ("audiogame.app.application", "audiogame.app.menus"),
    "audiogame.app.screen": ("audiogame.app.application",),
    "audiogame.app.actions": ("audiogame.app.application", "audiogame.app.screen"),
    "audiogame.app.display": ("audiogame.app.application",),
    "audiogame.app.menu": ("audiogame.app.application", "audiogame.app.menus"),
    "audiogame.app.places": ("audiogame.app.application", "audiogame.app.menus"),
    # The screens below the main menu reach it (and the setup and pause menus) through
    # audiogame.app.places, never by importing it.
    "audiogame.online": ("audiogame.app.menus",),
    "audiogame.practice": ("audiogame.app.menus",),
    "audiogame.saves": ("audiogame.app.menus",),
    "audiogame.presenters": ("audiogame.app.menus",),
    "audiogame.web": ("audiogame.app.menus",),
    # The screens of online play never import the connection that opens them.
    **{
        f"audiogame.online.{screens}": (
            "audiogame.online.terminal",
            "audiogame.online.terminal_link",
            "audiogame.online.connect_menu",
        )
        for screens in ("screens", "lobby_menu", "new_table", "text_entry", "play")
    },
}


def within(module: str, layer: str) -> bool:
    return module == layer or module.startswith(layer + ".")


@pytest.mark.parametrize("layer", sorted(LAYERS))
def test_each_layer_imports_only_what_lies_below_it(layer: str) -> None:
    graph = import_graph()
    broken = [
        f"{module} (line {line}) imports {target}"
        for module, targets in sorted(graph.items())
        if within(module, layer)
        for target, line in sorted(targets.items())
        if any(within(target, forbidden) for forbidden in LAYERS[layer])
    ]
    assert broken == []


def test_the_layer_check_sees_an_import_inside_a_function(tmp_path: Path) -> None:
    (tmp_path / "engine").mkdir()
    (tmp_path / "audiogame" / "words").mkdir(parents=True)
    (tmp_path / "audiogame" / "__init__.py").write_text("")
    (tmp_path / "audiogame" / "words" / "__init__.py").write_text("")
    (tmp_path / "audiogame" / "catalog.py").write_text("")
    (tmp_path / "audiogame" / "words" / "x.py").write_text(
        "def f():\n    from audiogame.catalog import GAMES\n"
    )
    assert import_graph(tmp_path)["audiogame.words.x"] == {"audiogame.catalog": 2}


@pytest.mark.parametrize("place", sorted(PLACES))
def test_every_place_names_a_screen_of_the_program(place: str) -> None:
    # A name mistyped in audiogame.app.places would otherwise be found by a player, on the
    # key that opens it.
    assert issubclass(screen_class(place), Screen)


def test_a_place_no_one_named_is_refused_with_the_places_there_are() -> None:
    with pytest.raises(KeyError, match="main_menu"):
        screen_class("lobby")
