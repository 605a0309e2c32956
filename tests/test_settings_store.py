"""Options on disk: defaults, round trip, clamping, and bad files kept aside with a notice."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from audiogame.settings import DEFAULT_NAMES, Settings, SettingsStore, config_dir
from audiogame.testing import make_session


def test_missing_file_gives_defaults_without_notice(tmp_path: Path) -> None:
    assert SettingsStore(tmp_path).load() == (Settings(), None)


def test_saved_settings_come_back_identical(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    chosen = Settings(
        language="it", speech="tts", rate=80, pace=0.6, names=("Zoe", *DEFAULT_NAMES[1:])
    )
    store.save(chosen)
    assert store.load() == (chosen, None)
    assert not list(tmp_path.glob("*.tmp"))  # written through a temporary file, then renamed


@pytest.mark.parametrize(
    ("content", "problem"),
    [("{not json", "corrupt"), ('["a list"]', "corrupt"), ('{"rate": 5}', "corrupt"),
     ('{"version": 99}', "newer"), (b"\xff\xfe\x00", "unreadable")],
)  # fmt: skip
def test_bad_file_gives_defaults_and_is_kept_aside(
    tmp_path: Path, content: str | bytes, problem: str
) -> None:
    path = tmp_path / "settings.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    assert SettingsStore(tmp_path).load() == (Settings(), problem)
    kept = list(tmp_path.glob("settings.json.bad-*"))
    assert len(kept) == 1 and not path.exists()
    assert kept[0].read_bytes() == (content if isinstance(content, bytes) else content.encode())


def test_two_bad_files_never_overwrite_each_other(tmp_path: Path) -> None:
    for text in ("{one", "{two"):
        (tmp_path / "settings.json").write_text(text, encoding="utf-8")
        SettingsStore(tmp_path).load()
    assert sorted(p.read_text() for p in tmp_path.glob("settings.json.bad-*")) == ["{one", "{two"]


def test_values_out_of_range_are_clamped_and_unknown_keys_kept(tmp_path: Path) -> None:
    data = {"version": 1, "rate": 400, "volume": -3, "cue_volume": "loud", "speech": "shout",
            "names": ["Ugo"], "future_option": [1, 2]}  # fmt: skip
    (tmp_path / "settings.json").write_text(json.dumps(data), encoding="utf-8")
    store = SettingsStore(tmp_path)
    settings, problem = store.load()
    assert problem is None
    assert (settings.rate, settings.volume, settings.cue_volume) == (100, 0, 80)
    assert settings.speech == "auto"
    assert settings.names == ("Ugo", *DEFAULT_NAMES[1:])
    store.save(settings)
    assert json.loads((tmp_path / "settings.json").read_text())["future_option"] == [1, 2]


def test_config_dir_comes_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("AUDIOGAME_CONFIG_DIR", str(tmp_path))
    assert config_dir() == tmp_path
    assert config_dir(tmp_path / "x") == tmp_path / "x"


def test_a_failed_save_is_spoken_and_the_game_goes_on(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    session = make_session(config_dir=blocker)
    session.app.update_settings(rate=60)
    assert session.spoken[-1].startswith("The options could not be saved:")
    assert session.app.settings.rate == 60
