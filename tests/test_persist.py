"""The one persistence helper and what uses it: atomic writes with unique, safely created
temporary names (a planted link is never followed, two writers never share a file), reads that
refuse what is not a regular file or is too large, finished games kept by the time inside,
practice scores set aside and never overwritten, a move saved before it is announced, and a
crash in a game just resumed that sets its save aside instead of looping."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from audiogame import crash, persist
from audiogame.persist import FileProblem, read_json, set_aside, write_json
from audiogame.practice import store as practice_store
from audiogame.saves.store import KEEP_FINISHED, SavedGame, SaveStore, read_save
from audiogame.speech.base import RecordingSpeaker
from audiogame.testing import local_table, make_session, opening

ROOT = Path(__file__).resolve().parent.parent
POSIX = pytest.mark.skipif(sys.platform == "win32", reason="POSIX links, devices and pipes")


def a_save(seed: int = 5, moves: int = 0) -> SavedGame:
    return SavedGame("battle", {"players": 2, "seed": seed}, ["0 flip"] * moves, ("Anna",))


@POSIX
def test_a_link_planted_at_the_old_temporary_name_is_never_written_through(
    tmp_path: Path,
) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("precious", encoding="utf-8")
    data = tmp_path / "data"
    data.mkdir()
    for name in ("autosave.json.tmp", ".autosave.json.tmp"):
        (data / name).symlink_to(outside)
    SaveStore(data).save(a_save())
    assert outside.read_text(encoding="utf-8") == "precious"
    assert read_save(data / "autosave.json") == a_save()
    assert not (data / "autosave.json").is_symlink()


def test_two_writers_and_a_reader_never_see_half_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The race forced, step by step: the first writer has written its new file but not yet
    put it in place when a reader reads and a second writer saves from start to end. The
    reader sees whole files only (the old save, then the second one), the two writers never
    share a temporary file, and once the first writer finishes its save is the one kept, with
    no temporary file left behind."""
    store = SaveStore(tmp_path)
    store.save(a_save(5, moves=1))
    real_replace = persist.replace
    seen: list[tuple[str, int]] = []
    temporaries: list[set[str]] = []

    def temporary_files() -> set[str]:
        return {path.name for path in tmp_path.iterdir() if path.name != "autosave.json"}

    def read() -> None:
        saved = read_save(store.path)  # raises on a truncated or mixed file
        seen.append((str(saved.seed), len(saved.moves)))

    def replace_after_the_others(source: str | Path, target: str | Path, **how: Any) -> None:
        if not temporaries:  # the first writer, between its write and its replace
            temporaries.append(temporary_files())
            read()
            SaveStore(tmp_path).save(a_save(2, moves=20))  # the second writer, all of it
            read()
        else:  # the second writer, between its write and its replace
            temporaries.append(temporary_files())
        real_replace(source, target, **how)

    monkeypatch.setattr(persist, "replace", replace_after_the_others)
    SaveStore(tmp_path).save(a_save(1, moves=30))
    read()
    assert seen == [("5", 1), ("2", 20), ("1", 30)]
    assert len(temporaries[0]) == 1 and len(temporaries[1]) == 2  # each writer its own file
    assert sorted(path.name for path in tmp_path.iterdir()) == ["autosave.json"]


@POSIX
@pytest.mark.parametrize("target", ["/dev/urandom", "/dev/zero", "fifo", "folder"])
def test_what_is_not_a_regular_file_is_refused_at_once(tmp_path: Path, target: str) -> None:
    if target == "fifo":
        path = tmp_path / "fifo"
        os.mkfifo(path)
    elif target == "folder":
        path = tmp_path
    else:
        path = Path(target)
    with pytest.raises(FileProblem) as refused:
        read_json(path)
    assert refused.value.problem == "unreadable"


def test_a_file_larger_than_the_cap_is_refused_without_reading_it_all(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (persist.MAX_BYTES + 1))
    with pytest.raises(FileProblem, match="more than"):
        read_json(path)


@POSIX
def test_replay_of_a_device_is_refused_with_a_reason_and_status_2(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "audiogame", "--speech", "silent", "--data-dir", str(tmp_path),
         "replay", "/dev/urandom"],
        capture_output=True, text=True, cwd=ROOT, timeout=30,
    )  # fmt: skip
    assert done.returncode == 2
    assert "cannot replay /dev/urandom" in done.stderr and "not a regular file" in done.stderr


def test_set_aside_keeps_the_bytes_and_never_overwrites_an_earlier_one(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    kept = []
    for content in (b"{one", b"{two", b"\xff"):
        path.write_bytes(content)
        aside = set_aside(path)
        assert aside is not None and not path.exists()
        kept.append(aside.read_bytes())
    assert kept == [b"{one", b"{two", b"\xff"]
    assert set_aside(tmp_path / "missing.json") is None


def test_the_finished_folder_keeps_its_own_games_and_never_the_other_files(
    tmp_path: Path,
) -> None:
    store = SaveStore(tmp_path)
    store.finished_dir.mkdir()
    others = [store.finished_dir / f"notes-{number}.json" for number in range(25)]
    for other in others:
        other.write_text("{}", encoding="utf-8")
    olds = []
    for number in range(KEEP_FINISHED + 3):
        old = SavedGame("battle", {"seed": number}, [], (), finished=True,
                        ended=f"2026-01-01T00:00:{number:02d}")  # fmt: skip
        # Named so that the names sort the other way round from the times inside.
        path = store.finished_dir / f"2099{99 - number:04d}-000000-battle-{number}.json"
        write_json(path, old.to_json())
        olds.append(path)
    just = store.archive(SavedGame("cardavia", {"seed": 9}, [], (), finished=True,
                                   ended="2026-01-01T00:00:00"))  # fmt: skip
    assert just.exists() and all(other.exists() for other in others)
    kept = [path for path in olds if path.exists()]
    assert kept == olds[-(KEEP_FINISHED - 1) :]  # the oldest by the time inside went first


def test_damaged_practice_scores_are_set_aside_and_said_once(tmp_path: Path) -> None:
    (tmp_path / "practice.json").write_bytes(b"[1, 2")
    session = make_session(config_dir=tmp_path)
    from audiogame.practice import practice_screens

    session.app.start(practice_screens(session.app))
    assert session.spoken[0] == (
        "The practice scores file was damaged: best scores start afresh; the old file was kept "
        "aside."
    )
    assert session.spoken[1].startswith("Audio-cue practice. ")
    aside = list(tmp_path.glob("practice.json.bad-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == b"[1, 2"


def test_practice_scores_that_cannot_be_set_aside_are_never_overwritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "practice.json"
    path.write_bytes(b"{broken")
    monkeypatch.setattr(practice_store, "set_aside", lambda path: None)  # a read-only folder
    store = practice_store.JsonScoreStore(path)
    assert store.load() == {}
    assert store.notice == practice_store.SCORES_STUCK and "kept aside" not in store.notice
    with pytest.raises(OSError):
        store.save({"all": 9})
    assert path.read_bytes() == b"{broken"


class SaveChecker(RecordingSpeaker):
    """Records, at each message, how many moves the file on disk holds."""

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.folder = folder
        self.on_disk: list[int] = []

    def speak(self, text: str, interrupt: bool = False) -> None:
        path = self.folder / "autosave.json"
        moves = json.loads(path.read_text(encoding="utf-8"))["moves"] if path.exists() else []
        self.on_disk.append(len(moves))
        super().speak(text, interrupt)


def test_every_move_is_on_the_disk_before_it_is_announced(tmp_path: Path) -> None:
    session = make_session(data_dir=tmp_path)
    checker = SaveChecker(tmp_path)
    session.app.narrator.speaker = checker
    session.app.start(opening(session.app, "battle", {"seed": 5}))
    table: Any = session.app.top

    async def keys() -> None:  # in the program's loop, where saving waits for the key's end
        for _ in range(6):
            before = len(checker.on_disk)
            session.app.dispatch(" ")
            assert len(checker.on_disk) > before
            # The key's first message: the file already held every move the key made.
            assert checker.on_disk[before] == len(local_table(table).record.moves)

    asyncio.run(keys())


def test_a_crash_in_a_game_just_resumed_sets_its_save_aside(tmp_path: Path) -> None:
    first = make_session(data_dir=tmp_path)
    first.app.start(opening(first.app, "battle", {"seed": 5}))
    first.app.dispatch(" ")
    first.app.autosave.flush()
    original = (tmp_path / "autosave.json").read_bytes()
    again = make_session(data_dir=tmp_path)
    again.app.start(opening(again.app, None, {}))
    again.app.dispatch("c-m")  # Resume the game
    assert any(line.startswith("Game resumed: ") for line in again.spoken)
    code = crash.report(RuntimeError("boom"), app=again.app, log_folder=tmp_path / "logs")
    assert code == crash.EXIT_CRASH
    assert any("its save was set aside" in line for line in again.spoken)
    assert not (tmp_path / "autosave.json").exists()
    aside = list(tmp_path.glob("autosave.json.bad-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == original
    third = make_session(data_dir=tmp_path)
    third.app.start(opening(third.app, None, {}))
    assert third.spoken[0].startswith("Main menu")  # no offer, no crash: no loop


def test_a_save_that_breaks_the_loading_itself_is_set_aside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    SaveStore(tmp_path).save(a_save())

    def broken(self: object) -> object:
        raise RuntimeError("a case this version does not foresee")

    monkeypatch.setattr(SaveStore, "load", broken)
    session = make_session(data_dir=tmp_path)
    session.app.start(opening(session.app, None, {}))
    assert len(session.spoken) == 2
    assert session.spoken[0] == (
        "The saved game was damaged and cannot be resumed; the file was kept aside."
    )
    assert session.spoken[1].startswith("Main menu. Battaglia (War), 1 of ")
    assert len(list(tmp_path.glob("autosave.json.bad-*"))) == 1
    assert len(list((tmp_path / "logs").glob("crash-*.log"))) == 1


def test_options_that_cannot_be_set_aside_are_said_so_and_never_overwritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from audiogame import settings as settings_module
    from audiogame.__main__ import settings_notice

    path = tmp_path / "settings.json"
    path.write_bytes(b'{"version": 1, "rate": NaN}')
    monkeypatch.setattr(settings_module, "set_aside", lambda path: None)  # a read-only folder
    store = settings_module.SettingsStore(tmp_path)
    assert store.load() == (settings_module.Settings(), "corrupt")
    notice = settings_notice(store, "corrupt")
    assert "could not be set aside" in notice and "kept aside" not in notice
    with pytest.raises(OSError):
        store.save(settings_module.Settings(rate=70))
    assert path.read_bytes() == b'{"version": 1, "rate": NaN}'


def test_a_save_that_cannot_be_set_aside_is_said_so_and_never_overwritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from audiogame.saves import store as store_module

    path = tmp_path / "autosave.json"
    path.write_bytes(b'{"format": "audiogame-save", "version": 1, "game": [1]}')
    monkeypatch.setattr(store_module, "set_aside", lambda path: None)  # a read-only folder
    session = make_session(data_dir=tmp_path)
    session.app.start(opening(session.app, "battle", {"seed": 3}))
    assert session.spoken[0] == (
        "The saved game cannot be resumed, and its file could not be set aside: it is left as "
        "it is, and no game is saved until it can be."
    )
    session.app.dispatch(" ")  # a move: saving it would write over the damaged file
    session.app.autosave.flush()
    assert path.read_bytes() == b'{"format": "audiogame-save", "version": 1, "game": [1]}'


def test_a_resume_that_never_finished_sets_the_save_aside_at_the_next_start(
    tmp_path: Path,
) -> None:
    store = SaveStore(tmp_path)
    store.save(a_save(moves=0))
    original = store.path.read_bytes()
    store.begin_resume()  # then the program died in the middle, unseen by any handler
    session = make_session(data_dir=tmp_path)
    session.app.start(opening(session.app, None, {}))
    assert session.spoken[0] == (
        "The saved game was damaged and cannot be resumed; the file was kept aside."
    )
    assert session.spoken[1].startswith("Main menu")
    aside = list(tmp_path.glob("autosave.json.bad-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == original
    assert sorted(path.name for path in tmp_path.iterdir()) == [aside[0].name]


def test_a_resume_that_finished_leaves_no_mark(tmp_path: Path) -> None:
    first = make_session(data_dir=tmp_path)
    first.app.start(opening(first.app, "battle", {"seed": 5}))
    first.app.dispatch(" ")
    again = make_session(data_dir=tmp_path)
    again.app.start(opening(again.app, None, {}))
    again.app.dispatch("c-m")  # Resume the game
    assert any(line.startswith("Game resumed: ") for line in again.spoken)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["autosave.json"]
