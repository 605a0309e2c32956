"""The project's own quality gates, run with the tests: mypy --strict on all the code (the
engine, the front ends, the tests and the benches), ruff, and the engine's independence from
the front end."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_all_the_code_is_clean_under_mypy_strict() -> None:
    # One run over every package, so that each module is read once and judged in full; the
    # few exceptions (libraries without types) are in pyproject.toml's [tool.mypy].
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "engine", "audiogame", "tests", "bench"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_ruff_is_clean_everywhere() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "."], cwd=ROOT, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_ruff_format_leaves_every_file_as_it_is() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "ruff", "format", "--check", "."],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_engine_never_imports_the_front_end_or_io() -> None:
    forbidden = {
        "audiogame",
        "prompt_toolkit",
        "pygame",
        "gettext",
        "accessible_output2",
        "pyttsx3",
        "platformdirs",
        "os",
        "sys",
        "io",
        "pathlib",
        "subprocess",
    }
    for path in (ROOT / "engine").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in forbidden, f"{path.name} imports {name}"
