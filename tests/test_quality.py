"""The project's own quality gates, run with the tests: mypy --strict on the engine, ruff,
and the engine's independence from the front end."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_engine_table_layer_and_online_play_are_clean_under_mypy_strict() -> None:
    # One run: the engine is read once. The modules the layers import from the rest of the
    # front end are read, not judged; every module named here is judged in full.
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent",
         "engine", "audiogame/table", "audiogame/online", "audiogame/web", "audiogame/tables",
         "audiogame/app/host.py", "audiogame/app/program.py", "audiogame/app/utterance.py",
         "audiogame/app/screen.py", "audiogame/app/table.py", "audiogame/saves/replay.py",
         "audiogame/narrator.py", "audiogame/i18n/__init__.py"],
        cwd=ROOT, capture_output=True, text=True,
    )  # fmt: skip
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
