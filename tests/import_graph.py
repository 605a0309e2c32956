"""The import graph of ``engine/`` and ``audiogame/``, read with ``ast`` (tests/test_import_graph.py
judges it).

An edge is every way one module makes Python run another:

- an import statement, anywhere (module level, in a function, under ``TYPE_CHECKING``);
- a package's ``__init__.py``: it is read as the package's module (``audiogame.sound``), and
  importing ``a.b.c`` runs ``a/__init__.py`` and ``a/b/__init__.py`` first, so the importer also
  has an edge to each package above what it imports, but not to its own packages: those are
  already under way (in ``sys.modules``) when it runs, and an edge from ``a.b.c`` to ``a.b``
  itself would make every package that re-exports its own modules a cycle, which Python
  resolves without trouble;
- ``importlib.import_module(...)`` or ``__import__(...)`` called with a name written there: a
  string constant is an import like any other; a constant prefix with names filled in
  (``f"engine.{game}.baseline"``) stands for every module of the project it can name
  (``engine.battle.baseline``, ``engine.cardavia.baseline``...), because the filled-in name is
  not known until it runs and the check must not miss the one that closes a cycle (the prefix's
  package alone would say nothing when the caller is inside it). Any other argument (a name
  handed in, read from a registration or a table), or one that names no module of the project,
  is a :class:`LateImport`, which the test lists with the reason it is one.
"""

from __future__ import annotations

import ast
import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "audiogame")
IMPORT_CALLS = frozenset({"import_module", "__import__"})


class Edge(NamedTuple):
    """Where one module imports another: the line, and ``through`` how if not by a statement."""

    line: int
    through: str = ""


Graph = dict[str, dict[str, Edge]]


@dataclass(frozen=True)
class LateImport:
    """An ``import_module`` (or ``__import__``) call whose module is not written where it is
    called: ``scope`` is the function (``Class.method``) that calls it, ``argument`` its source."""

    module: str
    scope: str
    line: int
    argument: str


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


def name_pattern(argument: ast.expr) -> str | None:
    """The module name ``argument`` spells, as a regular expression (a filled-in name is
    ``.+``), or None when it does not start with a name written there."""
    if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
        return re.escape(argument.value)
    if isinstance(argument, ast.JoinedStr):
        parts = []
        for value in argument.values:
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                parts.append(re.escape(value.value))
            else:
                parts.append(".+")
        pattern = "".join(parts)
    elif isinstance(argument, ast.BinOp) and isinstance(argument.op, ast.Add):
        left, right = name_pattern(argument.left), name_pattern(argument.right)
        if left is None:
            return None
        pattern = left + (".+" if right is None else right)
    else:
        return None
    # Only a constant first name (with its dot) says which package it comes from.
    return pattern if re.match(r"[A-Za-z_]\w*\\\.", pattern) else None


def call_name(call: ast.Call) -> str:
    function = call.func
    if isinstance(function, ast.Attribute):
        return function.attr
    return function.id if isinstance(function, ast.Name) else ""


class _Reader(ast.NodeVisitor):
    """Every import of one module (``found``: what it names, and where), and its late imports."""

    def __init__(self, name: str, package: str, known: set[str]) -> None:
        self.name, self.package, self.known = name, package, known
        self.scopes: list[str] = []
        self.found: list[tuple[str, Edge]] = []
        self.late: list[LateImport] = []

    def visit_scope(self, node: ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.scopes.append(node.name)
        self.generic_visit(node)
        self.scopes.pop()

    visit_ClassDef = visit_FunctionDef = visit_AsyncFunctionDef = visit_scope

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self.found.append((alias.name, Edge(node.lineno)))

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            parts = self.package.split(".")
            base = parts[: len(parts) - node.level + 1]
            module = ".".join([*base, *([node.module] if node.module else [])])
        else:
            module = node.module or ""
        for alias in node.names:
            submodule = f"{module}.{alias.name}"
            self.found.append((submodule if submodule in self.known else module, Edge(node.lineno)))

    def visit_Call(self, node: ast.Call) -> None:
        self.generic_visit(node)
        if call_name(node) not in IMPORT_CALLS or not node.args:
            return
        argument = node.args[0]
        if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
            targets = [argument.value]  # not one of ours ("speechd") is dropped with the rest
        else:
            pattern = name_pattern(argument)
            names = [] if pattern is None else sorted(self.known)
            targets = [module for module in names if re.fullmatch(pattern or "", module)]
        if not targets:
            scope = ".".join(self.scopes) or "<module>"
            self.late.append(LateImport(self.name, scope, node.lineno, ast.unparse(argument)))
        how = f"{call_name(node)}({ast.unparse(argument)})"
        for target in targets:
            self.found.append((target, Edge(node.lineno, how)))


def read_module(name: str, path: Path, known: set[str]) -> _Reader:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    reader = _Reader(name, package, known)
    reader.visit(ast.parse(path.read_text(encoding="utf-8")))
    return reader


def packages_above(module: str) -> Iterator[str]:
    """``a.b.c`` → ``a``, ``a.b``: the packages whose ``__init__`` runs before it."""
    parts = module.split(".")
    for end in range(1, len(parts)):
        yield ".".join(parts[:end])


@dataclass
class Project:
    """The graph (module → the project's modules it imports → the first line that does, and
    how), which modules are packages, and every late import."""

    graph: Graph
    packages: set[str]
    late: list[LateImport]

    def reached(self, module: str) -> dict[str, Edge]:
        """What ``module``'s imports run: its own edges and, through every package they reach,
        what that package's ``__init__`` imports (a re-export is the importer's import too)."""
        found = dict(self.graph[module])
        waiting = list(found.items())
        while waiting:
            package, edge = waiting.pop()
            if package not in self.packages:
                continue
            for target, inner in self.graph[package].items():
                if target not in found and target != module:
                    found[target] = Edge(edge.line, f"through {package}'s __init__ ({at(inner)})")
                    waiting.append((target, found[target]))
        return found


def read_project(root: Path = ROOT) -> Project:
    """Every module under ``root``'s packages, read."""
    files = module_files(root)
    known = set(files)
    project = Project({}, {name for name, path in files.items() if path.name == "__init__.py"}, [])
    for name, path in files.items():
        edges = project.graph.setdefault(name, {})
        reader = read_module(name, path, known)
        project.late.extend(reader.late)
        own = {name, *packages_above(name)}
        for target, edge in sorted(reader.found, key=lambda found: (found[1], found[0])):
            while target and target not in known:  # engine.cards.Card → engine.cards
                target = target.rpartition(".")[0]
            if not target or target == name:
                continue
            if target not in edges or edge.line < edges[target].line:
                edges[target] = edge
            for package in packages_above(target):
                if package in project.packages and package not in own and package not in edges:
                    edges[package] = Edge(edge.line, f"importing {target} runs its __init__")
    return project


def import_graph(root: Path = ROOT) -> Graph:
    """Module → the project's modules it imports → the first line that does, and how."""
    return read_project(root).graph


def cycles(graph: Graph) -> list[list[str]]:
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


def shortest_cycle(graph: Graph, group: set[str]) -> list[str]:
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


def at(edge: Edge) -> str:
    """``line 12`` or ``line 12, import_module("a.b")``."""
    return f"line {edge.line}" + (f", {edge.through}" if edge.through else "")


def described(graph: Graph, cycle: list[str]) -> str:
    """A cycle as the lines that make it: ``a (line 12) -> b``."""
    steps = [f"{a} ({at(graph[a][b])}) -> {b}" for a, b in itertools.pairwise(cycle)]
    return "\n  ".join(steps)
