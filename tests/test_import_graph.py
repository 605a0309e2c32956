"""The import graph of ``engine/`` and ``audiogame/``: no cycle, and the layers of
docs/architecture.md ("Layers and imports") import only downwards.

Every import counts: at module level, inside a function and under ``TYPE_CHECKING``. A cycle
deferred into a function still ties the two modules together (neither can be read, tested or
moved without the other), and a type-only one still makes mypy read them as one. So does one
through a package's ``__init__`` (importing ``a.b.c`` runs ``a/b/__init__.py`` first, and what
it re-exports) and one through ``importlib.import_module("a.b")``: how each is counted is in
:mod:`tests.import_graph`.

A module found by a name that is not written where it is imported (a registration names it, a
table of screens holds it) is the way a lower layer reaches a higher one without importing it
(docs/architecture.md: "handed in or found, never imported"): each such call is listed in
:data:`LATE_IMPORTS` with the reason, and a new one fails until it is.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from audiogame.app.places import PLACES, screen_class
from audiogame.app.screen import Screen
from tests.import_graph import (
    Edge,
    LateImport,
    Project,
    at,
    cycles,
    described,
    import_graph,
    read_project,
)

# Each call of import_module whose module is not written there: (module, function) -> why.
LATE_IMPORTS = {
    ("engine.registry", "_games"): "the games that ship, by the modules SHIPPED names: a "
    "game's facts import the registry's GameFacts, so the registry names them as data",
    ("engine.facts", "GameFacts.game"): "a game's module, as its facts name it (each game's "
    "package imports its facts)",
    ("engine.facts", "GameFacts.view_class"): "the class of a game's views, as its facts name it",
    ("engine.facts", "GameFacts.event_classes"): "a game's events modules, as its facts name them",
    ("engine.bots", "make"): "a game's computer players, as its facts name them (a game "
    "registered by the tests brings its own)",
    ("audiogame.catalog", "_entries"): "the registrations that ship, by the modules SHIPPED "
    "names: each registration imports the catalog's GameEntry",
    ("audiogame.catalog", "GameEntry.table_factory"): "a game's table presenter, as its "
    "registration names it (the presenters import the catalog)",
    ("audiogame.catalog", "_function"): "the functions that say a hint, as a registration "
    "names them",
    ("audiogame.words.registry", "renderers"): "a game's words module, as its registration "
    "names it (the words modules import the registry)",
    ("audiogame.table.seat", "view_class"): "the class of a game's views, as the catalog "
    "names it (the table layer never imports the registrations)",
    ("audiogame.app.places", "screen_class"): "the main menu, the setup and pause menus, the "
    "rules and the keys, by the names in PLACES: the screens below them reach them here",
}


def test_no_module_imports_itself_through_others() -> None:
    graph = the_product().graph
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


def breaches(project: Project, layer: str) -> list[str]:
    """Each import of ``layer`` that it may never make, with its line (and the ``__init__``
    that makes it, where a package's re-export does)."""
    return [
        f"{module} ({at(edge)}) imports {target}"
        for module in sorted(project.graph)
        if within(module, layer)
        for target, edge in sorted(project.reached(module).items())
        if any(within(target, forbidden) for forbidden in LAYERS[layer])
    ]


@functools.cache
def the_product() -> Project:
    return read_project()


@pytest.mark.parametrize("layer", sorted(LAYERS))
def test_each_layer_imports_only_what_lies_below_it(layer: str) -> None:
    assert breaches(the_product(), layer) == []


def test_the_layer_check_sees_an_import_inside_a_function(tmp_path: Path) -> None:
    (tmp_path / "engine").mkdir()
    (tmp_path / "audiogame" / "words").mkdir(parents=True)
    (tmp_path / "audiogame" / "__init__.py").write_text("")
    (tmp_path / "audiogame" / "words" / "__init__.py").write_text("")
    (tmp_path / "audiogame" / "catalog.py").write_text("")
    (tmp_path / "audiogame" / "words" / "x.py").write_text(
        "def f():\n    from audiogame.catalog import GAMES\n"
    )
    assert import_graph(tmp_path)["audiogame.words.x"] == {"audiogame.catalog": Edge(2)}


def write_tree(root: Path, files: dict[str, str]) -> None:
    """A tree of modules under ``root`` (``engine/`` always there, empty)."""
    (root / "engine").mkdir(exist_ok=True)
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def test_the_finder_sees_a_cycle_through_a_package_that_re_exports(tmp_path: Path) -> None:
    # The ledger imports a module of the shop that imports nothing: only the shop's
    # __init__, which runs first and re-exports the till, closes the cycle.
    write_tree(
        tmp_path,
        {
            "audiogame/__init__.py": "",
            "audiogame/shop/__init__.py": "from audiogame.shop.till import Till\n",
            "audiogame/shop/till.py": "from audiogame.ledger import Ledger\n",
            "audiogame/shop/prices.py": "",
            "audiogame/ledger.py": "import json\nfrom audiogame.shop.prices import PRICES\n",
        },
    )
    graph = import_graph(tmp_path)
    assert [described(graph, c) for c in cycles(graph)] == [
        "audiogame.ledger (line 2, importing audiogame.shop.prices runs its __init__)"
        " -> audiogame.shop\n"
        "  audiogame.shop (line 1) -> audiogame.shop.till\n"
        "  audiogame.shop.till (line 1) -> audiogame.ledger"
    ]


def test_a_package_that_re_exports_its_own_modules_is_no_cycle(tmp_path: Path) -> None:
    # The till's own package is already under way when the till runs: importing its
    # neighbour does not run the shop's __init__ again.
    write_tree(
        tmp_path,
        {
            "audiogame/__init__.py": "",
            "audiogame/shop/__init__.py": "from audiogame.shop.till import Till\n",
            "audiogame/shop/till.py": "from audiogame.shop.prices import PRICES\n",
            "audiogame/shop/prices.py": "from . import tax\n",
            "audiogame/shop/tax.py": "",
        },
    )
    graph = import_graph(tmp_path)
    assert cycles(graph) == []
    assert graph["audiogame.shop.till"] == {"audiogame.shop.prices": Edge(1)}


def test_the_finder_sees_cycles_through_import_module(tmp_path: Path) -> None:
    write_tree(
        tmp_path,
        {
            "audiogame/__init__.py": "",
            "audiogame/menus.py": "import importlib\n\n\n"
            "def lobby():\n    return importlib.import_module('audiogame.lobby')\n",
            "audiogame/lobby.py": "from audiogame.menus import lobby\n",
            "audiogame/games/__init__.py": "",
            "audiogame/games/chess.py": "",
            "audiogame/games/go.py": "from audiogame.registry import register\n",
            "audiogame/registry.py": "from importlib import import_module\n\n\n"
            "def load(name):\n    return import_module(f'audiogame.games.{name}')\n",
        },
    )
    graph = import_graph(tmp_path)
    assert [described(graph, c) for c in cycles(graph)] == [
        "audiogame.games.go (line 1) -> audiogame.registry\n"
        "  audiogame.registry (line 5, import_module(f'audiogame.games.{name}'))"
        " -> audiogame.games.go",
        "audiogame.lobby (line 1) -> audiogame.menus\n"
        "  audiogame.menus (line 5, import_module('audiogame.lobby')) -> audiogame.lobby",
    ]
    # A name filled in stands for every module it can name, and their package runs first.
    assert set(graph["audiogame.registry"]) == {
        "audiogame.games",
        "audiogame.games.chess",
        "audiogame.games.go",
    }


def test_the_layer_check_sees_what_a_package_re_exports(tmp_path: Path) -> None:
    # The catalog may import what a host is, never the terminal program: the app's
    # __init__, run by the first import, would bring it in.
    write_tree(
        tmp_path,
        {
            "audiogame/__init__.py": "",
            "audiogame/app/__init__.py": "\nfrom audiogame.app.application import AudioGame\n",
            "audiogame/app/application.py": "",
            "audiogame/app/host.py": "",
            "audiogame/catalog.py": "from audiogame.app.host import Host\n",
        },
    )
    assert breaches(read_project(tmp_path), "audiogame.catalog") == [
        "audiogame.catalog (line 1, through audiogame.app's __init__ (line 2)) imports "
        "audiogame.app.application"
    ]


def unlisted(late: list[LateImport]) -> list[str]:
    """Each late import LATE_IMPORTS does not give a reason for, with its line."""
    return [
        f"{call.module} (line {call.line}, in {call.scope}) imports the module {call.argument}"
        for call in late
        if (call.module, call.scope) not in LATE_IMPORTS
    ]


def test_every_module_found_by_a_name_not_written_there_has_its_reason() -> None:
    late = the_product().late
    assert unlisted(late) == [], "give each its reason in LATE_IMPORTS"
    listed_but_gone = set(LATE_IMPORTS) - {(call.module, call.scope) for call in late}
    assert listed_but_gone == set()


def test_a_new_late_import_is_named_with_its_line(tmp_path: Path) -> None:
    write_tree(
        tmp_path,
        {
            "audiogame/__init__.py": "",
            "audiogame/plugins.py": "import importlib\n\n\nclass Plugins:\n"
            "    def load(self, name):\n"
            "        importlib.import_module('speechd')\n"
            "        return importlib.import_module(name)\n",
            "audiogame/nowhere.py": "__import__(f'audiogame.extras.{1}')\n",
        },
    )
    assert unlisted(read_project(tmp_path).late) == [
        "audiogame.nowhere (line 1, in <module>) imports the module f'audiogame.extras.{1}'",
        "audiogame.plugins (line 7, in Plugins.load) imports the module name",
    ]


@pytest.mark.parametrize("place", sorted(PLACES))
def test_every_place_names_a_screen_of_the_program(place: str) -> None:
    # A name mistyped in audiogame.app.places would otherwise be found by a player, on the
    # key that opens it.
    assert issubclass(screen_class(place), Screen)


def test_a_place_no_one_named_is_refused_with_the_places_there_are() -> None:
    with pytest.raises(KeyError, match="main_menu"):
        screen_class("lobby")
