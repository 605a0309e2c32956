"""The page that plays alone runs the program's own screens with the standard library alone:
no terminal library is imported in it, nor shipped to the browser (issue "One program core that
every front end shares")."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import zipfile
from pathlib import Path

from tests.test_web_alone_home_screen import exported as exported_site

ROOT = Path(__file__).resolve().parent.parent
TERMINAL = ("prompt_toolkit", "wcwidth")


def run(script: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    ran = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         env=env, cwd=ROOT, check=False)  # fmt: skip
    assert ran.returncode == 0, ran.stderr[-2000:]
    return ran.stdout.strip()


def test_importing_the_page_alone_imports_no_terminal_library() -> None:
    out = run(
        "import audiogame.web.alone, sys; "
        "print(any(m.startswith('prompt_toolkit') for m in sys.modules))"
    )
    assert out == "False"


def test_playing_every_screen_of_the_page_alone_imports_no_terminal_library(
    tmp_path: Path,
) -> None:
    """The main menu, a Battaglia table and its pause menu, the options, the practice mode, the
    rules and a replay: the terminal program's screens, none of them bringing the terminal."""
    keys = [
        "enter", "enter", "space", "escape", "down", "down", "down", "enter",  # pause, options
        "escape", "end", "enter",  # quit to the main menu
        "down", "down", "down", "enter", "escape",  # practice
        "down", "down", "enter", "enter", "escape", "escape",  # rules
        "down", "enter", "escape",  # the replay of the game left
    ]  # fmt: skip
    out = run(
        "import sys; from audiogame.web.alone import PageAlone; out = []; "
        f"a = PageAlone({str(tmp_path)!r}, 'en', out.append); a.start(); "
        f"[a.key(k) for k in {keys!r}]; "
        "said = [m['text'] for b in out for m in b if m['type'] == 'say' and m['text']]; "
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'prompt_toolkit', 'wcwidth'})); "
        "print(' | '.join(said))"
    )
    modules, said = out.split("\n", 1)
    assert modules == "[]"
    for heard in ["Pause. Resume the game, 1 of 5", "Options. Language: English, 1 of 9",
                  "The game is saved: the next start offers to resume it.",
                  "Audio-cue practice. Listen: Battaglia (War), 1 of 10",
                  "Rules of Battaglia (War): 9 paragraphs; Down arrow reads on, Escape closes.",
                  "Right arrow or Space: next move. Left arrow: previous move. F1: keys.",
                  "Main menu. Replay the last game, 7 of 7"]:  # fmt: skip
        assert heard in said, (heard, said[-600:])


def exported(tmp_path: Path) -> Path:
    """The program's archive of an export (Pyodide's files stand-ins: not opened here)."""
    return exported_site(tmp_path) / "app.zip"


def test_the_exported_program_is_compressed(tmp_path: Path) -> None:
    with zipfile.ZipFile(exported(tmp_path)) as archive:
        kinds = {info.compress_type for info in archive.infolist()}
    assert kinds == {zipfile.ZIP_DEFLATED}


def test_the_exported_program_holds_no_terminal_library(tmp_path: Path) -> None:
    with zipfile.ZipFile(exported(tmp_path)) as archive:
        names = archive.namelist()
        sources = {name: archive.read(name) for name in names if name.endswith(".py")}
    assert [name for name in names if name.startswith(TERMINAL)] == []
    assert "audiogame/web/alone_host.py" in names and "audiogame/app/menus.py" in names
    importing = []
    for name, source in sources.items():
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                modules = [node.module or ""]
            else:
                continue
            if any(module.split(".")[0] in TERMINAL for module in modules):
                importing.append(name)
    assert importing == []  # every module shipped can be imported in the page
