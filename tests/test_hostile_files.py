"""Hostile files never stop the program: arbitrary bytes, arbitrary JSON and real files with
one value replaced by anything, written as the options, the game in progress, a finished game
and the practice scores. The real program starts in a pseudo-terminal and reaches the main
menu every time; a file it cannot use is set aside with the same bytes and said once, a file
it can use stays as it was.

The default run tries one example of each file; ``python3 -m pytest -m slow`` 25."""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from audiogame.settings import Settings, SettingsStore
from audiogame.testing import make_session, opening
from tests.pty_program import Program

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")

VALID_SAVE: dict[str, Any] = {
    "format": "audiogame-save", "version": 1, "game": "cardavia",
    "config": {"deals": 3, "level": "easy", "seed": 77}, "names": ["Anna", "Bruno"],
    "started": "2026-11-30T10:00:00", "finished": False,
    "extras": {"match": {"seed": 77, "deals": 3, "number": 1, "totals": [0, 0, 0],
                         "counted": False, "last_scores": None, "verdict": ""}},
    "moves": [],
}  # fmt: skip
VALID_SETTINGS: dict[str, Any] = {
    "version": 1, "language": "en", "speech": "console", "rate": 50, "volume": 100,
    "pace": 1.5, "names": ["Anna", "Bruno", "Carla"], "sound": False, "cue_volume": 80,
}  # fmt: skip
FILES: dict[str, tuple[tuple[str, ...], list[str], dict[str, Any]]] = {
    "settings": (("config", "settings.json"), [], VALID_SETTINGS),
    "autosave": (("data", "autosave.json"), [], VALID_SAVE),
    "finished": (("data", "finished", "20261130-100000-cardavia-77.json"), ["replay"],
                 {**VALID_SAVE, "finished": True, "ended": "2026-11-30T10:30:00"}),
    "practice": (("config", "practice.json"), ["practice"], {"all": 7, "battle": 10}),
}  # fmt: skip
"""Each file: where it lives, the command that reads it, a valid example of it."""
MAIN_MENU_AGAIN = ("Battaglia (War), 1 of ", "Main menu. Battaglia (War), 1 of ")
"""What the main menu says when it opens again (its length grows with the program)."""
NOTICES = {
    "settings": (
        "The options file was damaged: default options are in use; the old file was kept aside.",
        "The options file could not be read: default options are in use; the old file was kept "
        "aside.",
        "The options file comes from a newer version: default options are in use; the old file "
        "was kept aside.",
    ),
    "autosave": (
        "The saved game was damaged and cannot be resumed; the file was kept aside.",
        "The saved game could not be read and cannot be resumed; the file was kept aside.",
        "The saved game comes from a newer version and cannot be resumed here; the file was "
        "kept aside.",
    ),
    "finished": ("The last saved game could not be replayed: its file was kept aside.",),
    "practice": (
        "The practice scores file was damaged: best scores start afresh; the old file was kept "
        "aside.",
    ),
}

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=24,
)  # fmt: skip
NASTY = st.sampled_from(
    [float("nan"), float("inf"), -float("inf"), 1e308, 10**30, "../../x", "\x1b[2J\u202eevil",
     [1], {"a": None}, "", -1, True]
)  # fmt: skip


def nested(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth


def contents(kind: str) -> st.SearchStrategy[bytes]:
    valid = FILES[kind][2]
    one_value_replaced = st.tuples(st.sampled_from(sorted(valid)), JSON | NASTY).map(
        lambda pair: json.dumps({**valid, pair[0]: pair[1]}).encode()
    )
    return st.one_of(
        st.binary(max_size=64),
        JSON.map(lambda value: json.dumps(value).encode()),
        one_value_replaced,
        st.integers(20, 6000).map(nested),
    )


def reaches_the_main_menu(kind: str, content: bytes) -> None:
    relative, command, _valid = FILES[kind]
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        path = folder.joinpath(*relative)
        path.parent.mkdir(parents=True)
        path.write_bytes(content)
        program = Program(command, folder)
        try:
            said = program.wait_for(
                lambda said: any(
                    line.startswith(("Main menu", "Audio-cue practice", "Replay: ",
                                     "An interrupted game"))
                    for line in said
                )
            )  # fmt: skip
            if not any(line.startswith("Main menu") for line in said):
                program.press(["escape"])  # leave the practice, the replay or the offer
                said = program.wait_for(lambda said: said[-1].startswith(MAIN_MENU_AGAIN))
            program.press(["c-c"])
            code, errors = program.finish()
        finally:
            program.close()
        assert code == 0, errors
        assert "Traceback" not in errors and not (folder / "logs").exists()
        notices = [line for line in said if line in NOTICES[kind]]
        aside = list(path.parent.glob(path.name + ".bad-*"))
        if notices:
            assert len(notices) == 1 and not path.exists()
            assert len(aside) == 1 and aside[0].read_bytes() == content
        else:
            assert aside == [] and path.read_bytes() == content


def check_many(kind: str, examples: int) -> None:
    test = settings(
        max_examples=examples,
        deadline=None,
        database=None,
        phases=[Phase.explicit, Phase.generate],  # no shrinking: each example starts a program
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )(given(content=contents(kind))(lambda content: reaches_the_main_menu(kind, content)))
    test()


@pytest.mark.parametrize("kind", sorted(FILES))
def test_any_file_content_still_reaches_the_main_menu(kind: str) -> None:
    check_many(kind, 1)


@pytest.mark.slow
@pytest.mark.parametrize("kind", sorted(FILES))
def test_any_file_content_still_reaches_the_main_menu_many_examples(kind: str) -> None:
    check_many(kind, 25)


@pytest.mark.parametrize(
    ("kind", "content"),
    [("settings", b'{"version": 1, "rate": 1e400}'), ("autosave", nested(5000))],
)
def test_damaged_files_seen_at_every_start_now_reach_the_main_menu(
    kind: str, content: bytes
) -> None:
    reaches_the_main_menu(kind, content)


@pytest.mark.parametrize(
    "content",
    [b'{"version": 1, "rate": 1e400}', b'{"version": 1, "volume": NaN}',
     b'{"version": 1, "cue_volume": -Infinity}', nested(5000)],
)  # fmt: skip
def test_settings_with_non_finite_numbers_or_deep_nesting_are_set_aside(
    tmp_path: Path, content: bytes
) -> None:
    (tmp_path / "settings.json").write_bytes(content)
    assert SettingsStore(tmp_path).load() == (Settings(), "corrupt")
    aside = list(tmp_path.glob("settings.json.bad-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == content


def damaged(**changes: Any) -> bytes:
    return json.dumps({**VALID_SAVE, **changes}).encode()


@pytest.mark.parametrize(
    "content",
    [damaged(config={"seed": "abc"}), damaged(config={"seed": "../../x"}),
     damaged(config={"seed": [1]}), damaged(config={"seed": float("nan")}),
     damaged(config={"seed": float("inf")}), damaged(config={"seed": 10**16}),
     damaged(config={"seed": 5, "deals": 1000}), nested(5000),
     damaged(extras={"match": {**VALID_SAVE["extras"]["match"], "totals": "abc"}}),
     damaged(extras={"match": {**VALID_SAVE["extras"]["match"], "totals": [1]}}),
     damaged(extras={"match": {**VALID_SAVE["extras"]["match"], "last_scores": ["a", "b"]}})],
    ids=["seed-abc", "seed-path", "seed-list", "seed-nan", "seed-inf", "seed-huge",
         "deals-1000", "nested", "totals-abc", "totals-short", "last-scores-text"],
)  # fmt: skip
def test_a_save_with_a_value_of_the_wrong_type_or_range_is_set_aside_at_start(
    tmp_path: Path, content: bytes
) -> None:
    (tmp_path / "autosave.json").write_bytes(content)
    session = make_session(data_dir=tmp_path)
    session.app.start(opening(session.app, "battle", {"seed": 1}))  # play battle --seed 1
    assert session.spoken[0] == NOTICES["autosave"][0]
    assert session.spoken[1].startswith("Battaglia, deal number 1")
    aside = list(tmp_path.glob("autosave.json.bad-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == content


def test_a_name_with_escape_sequences_never_reaches_the_terminal_or_the_voice(
    tmp_path: Path,
) -> None:
    hostile = "\x1b[2J\x1b[31mUgo\u202e\u200b\x07"
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text(
        json.dumps({**VALID_SETTINGS, "names": [hostile, "Bruno"]}), encoding="utf-8"
    )
    program = Program(["play", "battle", "--seed", "5"], tmp_path)
    said = program.wait_for(lambda said: any("Turn up your card" in line for line in said))
    program.press(["e"], until=lambda new: any(line.startswith("Cards owned") for line in new))
    said = program.said()
    program.press(["c-c"])
    program.finish()
    assert any("[2J[31mUgo" in line for line in said)  # the name, its letters only
    assert not any(char in line for line in said for char in "\x1b\u202e\u200b\x07")
    assert b"\x1b[31mUgo" not in program.output and b"\x1b[2J\x1b[31m" not in program.output
