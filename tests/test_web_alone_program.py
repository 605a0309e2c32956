"""The program that runs inside the page alone (audiogame/web/alone.py), here in CPython: what
it offers and refuses, when it tells the page a computer player is thinking, that a move is
saved before it is said, and the folder ``audiogame export-web`` writes (its archive plays with
nothing but the standard library beside it)."""

from __future__ import annotations

import asyncio
import io
import json
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path
from typing import Any

import pytest

from audiogame.saves.store import SaveStore
from audiogame.web.alone import PageAlone
from audiogame.web.export import PYODIDE_FILES, ExportError, export_web, pyodide_archive
from tests.menu_games import games, item, main_menu, main_menu_said

Batch = list[dict[str, Any]]


def said(batches: list[Batch]) -> list[str]:
    return [m["text"] for batch in batches for m in batch if m["type"] == "say" and m["text"]]


def program(folder: Path, language: str = "en") -> tuple[PageAlone, list[Batch], list[Batch]]:
    batches: list[Batch] = []
    now: list[Batch] = []
    alone = PageAlone(folder, language, batches.append, now.append)
    alone.start()
    return alone, batches, now


def test_the_page_offers_neither_online_play_nor_quit_and_says_why_escape_does_nothing(
    tmp_path: Path,
) -> None:
    alone, batches, _now = program(tmp_path)
    items = main_menu(page=True)  # 7 with the three games that ship
    for _step in range(len(items)):
        alone.key("down")
    alone.key("escape")
    assert items[len(games()) :] == [
        "Audio-cue practice", "Options", "Rules", "Replay the last game",
    ]  # fmt: skip
    assert said(batches) == [
        main_menu_said(page=True),
        *[item(name, items) for name in items[1:]],
        item("Battaglia (War)", items),
        "This is the main menu.",
    ]
    refusal = [m for m in batches[-1] if m["type"] == "say"]
    assert refusal[-1]["cue"] == "not_allowed"


def test_the_options_in_a_page_leave_the_voice_to_the_screen_reader(tmp_path: Path) -> None:
    alone, batches, _now = program(tmp_path)
    for name in ["down"] * main_menu(page=True).index("Options") + ["enter", "down", "down"]:
        alone.key(name)
    assert said(batches)[-3:] == [
        "Options. Language: English, 1 of 9",
        "Automatic play pace: 1.5 seconds, 2 of 9",
        "Sound cues: on, 3 of 9",
    ]


def test_a_move_is_saved_before_the_page_is_handed_its_words(tmp_path: Path) -> None:
    kept: list[int] = []

    def post(batch: Batch) -> None:
        saved, _problem = SaveStore(tmp_path / "games").load()
        kept.append(saved.move_count if saved is not None else 0)
        batches.append(batch)

    batches: list[Batch] = []
    alone = PageAlone(tmp_path, "en", post)
    alone.start()
    for name in ["enter", "end", "up", "4", "2", "home", "enter", "space", "space"]:
        alone.key(name)
    words = said(batches)
    assert any(line.startswith("You: ") for line in words[-3:]), words[-3:]  # a trick told
    saved, _problem = SaveStore(tmp_path / "games").load()
    assert saved is not None and saved.move_count >= 2
    # Each batch found on disk every move it tells: the two tricks' batches, two moves or more.
    assert kept[-2] >= 1 and kept[-1] == saved.move_count


def test_the_page_is_told_at_once_that_a_computer_player_thinks(tmp_path: Path) -> None:
    async def go() -> tuple[list[Batch], list[Batch]]:
        batches: list[Batch] = []
        now: list[Batch] = []
        alone = PageAlone(tmp_path, "en", batches.append, now.append)
        alone.start()
        for name in ["down", "down", "enter", "end", "up", "5", "home", "enter"]:
            alone.key(name)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 30
        while not now and loop.time() < deadline:
            await asyncio.sleep(0.05)
        return batches, now

    _batches, now = asyncio.run(go())
    assert now and now[0] == [{"type": "thinking"}], now[:1]


def test_a_damaged_save_is_set_aside_said_and_never_lost(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    program(tmp_path)
    assert SaveStore(games).load() == (None, None)
    SaveStore(games).path.write_text("{not json", encoding="utf-8")
    _alone, batches, _now = program(tmp_path)
    words = said(batches)
    assert any("could not be read" in line or "damaged" in line for line in words), words
    assert words[-1] == main_menu_said(page=True)
    aside = [path for path in games.iterdir() if path.read_text(errors="replace") == "{not json"]
    assert aside, list(games.iterdir())


def test_a_card_clicked_at_cardavia_is_selected_as_space_would(tmp_path: Path) -> None:
    async def go() -> tuple[PageAlone, list[Batch]]:
        alone, batches, _now = program(tmp_path)
        for name in ["down", "down", "enter", "end", "up", "9", "home", "enter"]:
            alone.key(name)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 30
        while "Your turn." not in said(batches) and loop.time() < deadline:
            await asyncio.sleep(0.05)
        return alone, batches

    alone, batches = asyncio.run(go())
    assert "Your turn." in said(batches)
    alone.pick(0)
    after = [m for batch in batches for m in batch if m["type"] == "hand"][-1]
    assert [card["selected"] for card in after["cards"]][:1] == [True], after
    alone.pick(99)
    assert said(batches)[-1] == "That card is no longer in your hand."


# ----- the exported folder --------------------------------------------------------------------
@pytest.fixture
def fake_pyodide(tmp_path: Path) -> Path:
    """A folder holding files named as Pyodide's (their content does not matter here)."""
    folder = tmp_path / "pyodide"
    folder.mkdir()
    for name in PYODIDE_FILES:
        (folder / name).write_bytes(f"fake {name}".encode())
    return folder


def test_a_pyodide_package_that_is_not_the_published_one_is_refused(tmp_path: Path) -> None:
    data = io.BytesIO()
    with tarfile.open(fileobj=data, mode="w:gz") as archive:
        for name in PYODIDE_FILES:
            body = b"not pyodide"
            info = tarfile.TarInfo(f"package/{name}")
            info.size = len(body)
            archive.addfile(info, io.BytesIO(body))
    package = tmp_path / "pyodide.tgz"
    package.write_bytes(data.getvalue())
    with pytest.raises(ExportError, match="SHA-512 differs"):
        pyodide_archive(package, tmp_path / "cache")
    site = tmp_path / "site"
    with pytest.raises(ExportError):
        export_web(site, package, cache=tmp_path / "cache")
    assert not site.exists()  # nothing written


def test_a_pyodide_folder_missing_a_file_is_named(fake_pyodide: Path, tmp_path: Path) -> None:
    (fake_pyodide / "python_stdlib.zip").unlink()
    with pytest.raises(ExportError, match=r"python_stdlib\.zip"):
        export_web(tmp_path / "site", fake_pyodide, cache=tmp_path / "cache")


def test_the_exported_folder_holds_the_pages_the_program_and_an_offline_list_of_it(
    fake_pyodide: Path, tmp_path: Path
) -> None:
    site = tmp_path / "site"
    export_web(site, fake_pyodide, cache=tmp_path / "cache")
    written = sorted(
        path.relative_to(site).as_posix() for path in site.rglob("*") if path.is_file()
    )
    for name in ["index.html", "index-it.html", "app.zip", "offline.js", "static/alone.js",
                 "static/worker.js", "pyodide/pyodide.asm.wasm",
                 "sounds/your_turn.ogg"]:  # fmt: skip
        assert name in written
    assert '<html lang="it">' in (site / "index-it.html").read_text(encoding="utf-8")
    offline = (site / "offline.js").read_text(encoding="utf-8")
    listed = json.loads(offline.split("const FILES = ", 1)[1].split(";\n", 1)[0])
    assert sorted(name for name in listed if name != "./") == [
        name for name in written if name != "offline.js"
    ]
    with zipfile.ZipFile(site / "app.zip") as archive:
        names = archive.namelist()
    assert "audiogame/web/alone.py" in names and "engine/cardavia/state.py" in names
    assert not [name for name in names if name.startswith("audiogame/online/")]
    assert "audiogame/locale/it/LC_MESSAGES/audiogame.mo" in names


def test_the_program_archive_plays_with_the_standard_library_alone(
    fake_pyodide: Path, tmp_path: Path
) -> None:
    """What the worker unpacks is enough: a Python that sees only the archive (no site
    packages) starts the program and plays a Battaglia trick."""
    site = tmp_path / "site"
    export_web(site, fake_pyodide, cache=tmp_path / "cache")
    unpacked = tmp_path / "app"
    with zipfile.ZipFile(site / "app.zip") as archive:
        archive.extractall(unpacked)
    script = (
        "import sys; sys.path[:] = [p for p in sys.path if 'site-packages' not in p];"
        f"sys.path.insert(0, {str(unpacked)!r});"
        "from audiogame.web.alone import PageAlone; out = [];"
        f"a = PageAlone({str(tmp_path / 'data')!r}, 'en', out.append); a.start();"
        "[a.key(k) for k in ['enter', 'enter', 'space']];"
        "print(' | '.join(m['text'] for b in out for m in b if m['type'] == 'say'))"
    )
    ran = subprocess.run([sys.executable, "-S", "-c", script], capture_output=True, text=True,
                         check=False)  # fmt: skip
    assert ran.returncode == 0, ran.stderr[-2000:]
    assert "Battaglia, deal number" in ran.stdout and " | You: " in ran.stdout, ran.stdout


def test_a_game_saved_to_a_file_replays_in_the_terminal_and_a_bad_file_changes_nothing(
    tmp_path: Path,
) -> None:
    from audiogame.saves.replay import replay_screens
    from audiogame.testing import make_session

    alone, batches, _now = program(tmp_path / "page")
    alone.export_game()
    assert said(batches)[-1] == "There is no game to save yet: finish or start a game first."
    for name in ["enter", "end", "up", "4", "2", "home", "enter", "space", "space"]:
        alone.key(name)
    alone.export_game()
    file = [m for batch in batches for m in batch if m["type"] == "file"][-1]
    assert file["name"] == "audiogame-battle-42.json"
    assert said(batches)[-1].startswith("Battaglia (War), deal number 42, after ")
    # The terminal program replays the file.
    saved = tmp_path / file["name"]
    saved.write_text(file["text"], encoding="utf-8")
    session = make_session()
    screens = replay_screens(session.app, str(saved))
    assert not isinstance(screens, str), screens
    session.app.start(screens)
    assert any("deal number 42" in line for line in session.spoken), session.spoken[-3:]
    # Opened again in another page: kept with the finished games; a damaged one is refused.
    other, other_batches, _now = program(tmp_path / "other")
    finished = tmp_path / "other" / "games" / "finished"
    other.import_game("broken.json", b'{"game": "battle"')
    assert said(other_batches)[-1].startswith("The file broken.json is not a game this program")
    assert not finished.exists() or not list(finished.iterdir())
    other.import_game(file["name"], file["text"].encode())
    assert said(other_batches)[-1].startswith("Game opened: Battaglia (War), deal number 42")
    assert len(list(finished.iterdir())) == 1


def test_the_server_serves_the_page_alone_only_when_offered_and_only_its_files(
    fake_pyodide: Path, tmp_path: Path
) -> None:
    from audiogame.web import pages

    site = tmp_path / "site"
    export_web(site, fake_pyodide, cache=tmp_path / "cache")
    assert pages.answer("/alone/", {})[0] == 404  # not offered
    online = pages.answer("/", {})[2]
    assert isinstance(online, bytes) and b'id="alone" hidden' in online
    assert pages.serve_alone(tmp_path) is not None  # not an exported folder
    assert pages.serve_alone(site) is None
    try:
        status, headers, body = pages.answer("/alone/", {"Accept-Language": "it"})
        assert status == 200 and isinstance(body, bytes) and b'<html lang="it">' in body
        assert "'wasm-unsafe-eval'" in headers["Content-Security-Policy"]
        status, headers, _body = pages.answer("/alone/pyodide/pyodide.asm.wasm", {})
        assert (status, headers["Content-Type"]) == (200, "application/wasm")
        for bad in ["/alone/../app.zip", "/alone/%2e%2e/x", "/alone/.hidden", "/alone/a/b/c/d.js",
                    "/alone/static/missing.js", "/alone/version.txt"]:  # fmt: skip
            assert pages.answer(bad, {})[0] == 404, bad
        online = pages.answer("/", {})[2]
        assert isinstance(online, bytes) and b'id="alone">' in online  # the page links to it
    finally:
        pages._ALONE.clear()
        pages.page.cache_clear()


def test_in_a_page_the_hard_and_expert_players_keep_their_levels_time_promise() -> None:
    from audiogame.computer_players import make_bot
    from audiogame.table.driver import think
    from audiogame.table.session import Table
    from audiogame.web.alone import Thinking

    told: list[str] = []
    thinking = Thinking(lambda: told.append("thinking"))
    table = Table("cardavia", {}, 3, {1: "hard", 2: "expert"})
    found: dict[str, object] = {}
    while not table.is_over and len(found) < 2:
        for seat in table.to_act():
            bot = table.thinker(seat)
            if bot is None:
                table.apply(seat, table.legal(seat)[0])
                continue
            _, view, legal = table.bot_turn(seat)
            choice, player = thinking.submit(think, bot, view, legal).result()
            found[str(getattr(player, "level", ""))] = getattr(player, "budget", "none")
            table.apply(seat, choice)
    assert found == {"hard": 0.4, "expert": 1.0}
    assert told and set(told) == {"thinking"}
    normal = make_bot("cardavia", "normal", 1)
    assert (
        getattr(normal, "budget", "none") is None
    )  # a level that promises no time is left as it is


def test_the_export_refuses_a_folder_holding_other_files_and_writes_over_an_earlier_export(
    fake_pyodide: Path, tmp_path: Path
) -> None:
    other = tmp_path / "notes"
    other.mkdir()
    (other / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(ExportError, match="not empty"):
        export_web(other, fake_pyodide, cache=tmp_path / "cache")
    assert sorted(path.name for path in other.iterdir()) == ["notes.txt"]
    site = tmp_path / "site"
    first = export_web(site, fake_pyodide, cache=tmp_path / "cache")
    assert export_web(site, fake_pyodide, cache=tmp_path / "cache") == first  # again: over it
