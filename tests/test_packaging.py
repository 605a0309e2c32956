"""What is installed: one version, told by ``--version``; a wheel with everything the program
reads at run time (cues, catalogs, rules, the page) and none of the developer's tools; an sdist
that carries its own tests and documentation. Building takes a few seconds and the build
backend from the package index: the builds are in the slow run (CI's ``pytest -m slow``)."""

from __future__ import annotations

import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

from audiogame.__main__ import main
from tests.system_deps import need

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def test_version_is_written_once_and_told_by_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert PROJECT["version"] not in (ROOT / "audiogame" / "__init__.py").read_text("utf-8")
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"audiogame {PROJECT['version']}"


def test_the_test_run_does_not_import_numpy() -> None:
    """numpy is for the audio tests' measurements and for making the cues, not for every run."""
    run = subprocess.run(
        [sys.executable, "-c", "import sys, tests.conftest; print('numpy' in sys.modules)"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert run.stdout.strip() == "False"


def _build(kind: str, folder: Path) -> Path:
    """The wheel (pip, with the build backend from the package index) or the sdist (``build``:
    ``-P`` so that a ``build/`` folder left in the tree is not taken for it)."""
    if kind == "sdist":
        found = subprocess.run([sys.executable, "-P", "-c", "import build.__main__"], check=False)
        need([] if found.returncode == 0 else ["build"], "python3 -m pip install build")
    command = (
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(folder), "."]
        if kind == "wheel"
        else [sys.executable, "-P", "-m", "build", "--sdist", "--outdir", str(folder), "."]
    )
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True)
    return next(folder.glob("*.whl" if kind == "wheel" else "*.tar.gz"))


@pytest.mark.slow
def test_the_wheel_holds_what_the_program_needs_and_no_developer_tool(tmp_path: Path) -> None:
    wheel = _build("wheel", tmp_path)
    names = set(zipfile.ZipFile(wheel).namelist())
    tops = {name.split("/")[0] for name in names if not name.split("/")[0].endswith(".dist-info")}
    assert tops == {"engine", "audiogame", "sounds"}
    for language in ("en", "it"):
        assert f"audiogame/locale/{language}/LC_MESSAGES/audiogame.mo" in names
        for game in ("battle", "scientific", "cardavia"):
            assert f"audiogame/rules/{game}.{language}.txt" in names
    assert any(
        name.startswith("audiogame/web/static/") and name.endswith(".html") for name in names
    )
    assert {f"sounds/{cue.name}" for cue in (ROOT / "sounds").glob("*.ogg")} <= names
    assert not [name for name in names if "recipes" in name or "make_cues" in name]
    assert not [name for name in names if name.endswith(".pot")], "the template is not installed"
    info = next(name.split("/")[0] for name in names if name.endswith(".dist-info/METADATA"))
    metadata = zipfile.ZipFile(wheel).read(f"{info}/METADATA").decode()
    assert f"Version: {PROJECT['version']}\n" in metadata
    assert "License-Expression: MIT" in metadata
    assert f"{info}/licenses/LICENSE" in names
    entry = zipfile.ZipFile(wheel).read(f"{info}/entry_points.txt").decode()
    assert "audiogame = audiogame.__main__:main" in entry


@pytest.mark.slow
def test_the_sdist_carries_its_tests_docs_and_licence(tmp_path: Path) -> None:
    sdist = _build("sdist", tmp_path)
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    for needed in ("LICENSE", "CHANGELOG.md", "pyproject.toml", "tests/conftest.py",
                   "docs/architecture.md", "sounds/recipes/make_cues.py", "babel.cfg",
                   "audiogame/locale/audiogame.pot"):  # fmt: skip
        assert needed in names, needed
    assert "--speech" not in names and not any("__pycache__" in name for name in names)
    # Every file the repository tracks is in it (what its own tests read included), but the
    # file that lists what goes in and the one that tells git what to ignore.
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    if tracked.returncode == 0:  # a checkout (an unpacked sdist has no repository)
        left_out = set(tracked.stdout.split()) - names - {".gitignore", "MANIFEST.in"}
        assert not left_out, sorted(left_out)
