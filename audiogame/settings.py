"""The player's options, kept as JSON in the platform's user config folder.

A corrupt, unreadable or newer-version file gives the defaults and a notice to speak; the bad
file is kept aside under another name, never deleted. Writes go to a temporary file that then
replaces the old one, so that a crash mid-write never leaves a broken file.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

SETTINGS_VERSION = 1
FILE_NAME = "settings.json"
CONFIG_DIR_VARIABLE = "AUDIOGAME_CONFIG_DIR"

DEFAULT_NAMES: tuple[str, ...] = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Giulia")
PACES: tuple[float, ...] = (0.3, 0.6, 1.0, 1.5, 2.0, 3.0, 5.0)
"""Seconds between two automatic moves."""


@dataclass(frozen=True)
class Settings:
    language: str = ""
    """``"en"``, ``"it"``, or empty for the system's language."""
    speech: str = "auto"
    rate: int = 50
    volume: int = 100
    pace: float = 1.5
    names: tuple[str, ...] = DEFAULT_NAMES
    sound: bool = True
    cue_volume: int = 80
    brief: bool = False
    """Routine events in the fewest words, their cues carrying the rest."""
    auto_pass: bool = False
    """Cardavia: pass by itself, after a short cue, when passing is the only thing to do."""
    extra: dict[str, Any] = field(default_factory=dict)
    """Keys this version does not know, kept so that nothing a later feature wrote is lost."""

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        extra = data.pop("extra")
        data["names"] = list(self.names)
        return {"version": SETTINGS_VERSION, **extra, **data}


def config_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The folder of the settings: ``override``, ``$AUDIOGAME_CONFIG_DIR``, or the platform's."""
    if override is not None:
        return Path(override)
    if os.environ.get(CONFIG_DIR_VARIABLE):
        return Path(os.environ[CONFIG_DIR_VARIABLE])
    from platformdirs import user_config_dir

    return Path(user_config_dir("audiogame", appauthor=False))


def _clamp(value: Any, low: int, high: int, default: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return default
    return max(low, min(high, int(value)))


def from_json(data: dict[str, Any]) -> Settings:
    """Settings from parsed JSON; values out of range are clamped, wrong types defaulted."""
    base = Settings()
    known = {f.name for f in fields(Settings)} - {"extra"}
    extra = {k: v for k, v in data.items() if k not in known and k != "version"}
    language = data.get("language", "")
    speech = data.get("speech", base.speech)
    pace = data.get("pace", base.pace)
    names = data.get("names", list(base.names))
    if not (isinstance(names, list) and all(isinstance(n, str) and n.strip() for n in names)):
        names = list(base.names)
    names = [n.strip() for n in names] + list(DEFAULT_NAMES[len(names) :])
    return replace(
        base,
        language=language if language in ("", "en", "it") else "",
        speech=speech if speech in ("auto", "screenreader", "tts", "console", "silent") else "auto",
        rate=_clamp(data.get("rate"), 0, 100, base.rate),
        volume=_clamp(data.get("volume"), 0, 100, base.volume),
        pace=float(pace) if isinstance(pace, int | float) and 0.1 <= pace <= 10 else base.pace,
        names=tuple(names),
        sound=data.get("sound") if isinstance(data.get("sound"), bool) else base.sound,
        cue_volume=_clamp(data.get("cue_volume"), 0, 100, base.cue_volume),
        brief=data.get("brief") if isinstance(data.get("brief"), bool) else base.brief,
        auto_pass=(
            data.get("auto_pass") if isinstance(data.get("auto_pass"), bool) else base.auto_pass
        ),
        extra=extra,
    )


class SettingsStore:
    """Loads and saves the settings file in one folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / FILE_NAME

    def load(self) -> tuple[Settings, str | None]:
        """The settings and a problem code to announce: ``None``, ``"corrupt"``,
        ``"unreadable"`` or ``"newer"`` (the last three give the defaults)."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return Settings(), None
        except (OSError, UnicodeDecodeError):
            self._keep_aside()
            return Settings(), "unreadable"
        try:
            data = json.loads(text)
            if not isinstance(data, dict):
                raise ValueError("not an object")
            version = data.get("version")
            if not isinstance(version, int) or isinstance(version, bool):
                raise ValueError("no version")
        except ValueError:
            self._keep_aside()
            return Settings(), "corrupt"
        if version > SETTINGS_VERSION:
            self._keep_aside()
            return Settings(), "newer"
        return from_json(data), None

    def _keep_aside(self) -> Path | None:
        """Rename the bad file with a suffix, never overwriting an earlier one."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        for attempt in range(100):
            suffix = f".bad-{stamp}" + (f"-{attempt}" if attempt else "")
            target = self.path.with_name(self.path.name + suffix)
            if target.exists():
                continue
            with contextlib.suppress(OSError):
                os.replace(self.path, target)
                return target
            return None
        return None

    def save(self, settings: Settings) -> None:
        """Write atomically: a temporary file in the same folder, then a rename over the old."""
        self.folder.mkdir(parents=True, exist_ok=True)
        temporary = self.path.with_name(self.path.name + ".tmp")
        with open(temporary, "w", encoding="utf-8") as file:
            json.dump(settings.to_json(), file, indent=2, ensure_ascii=False)
            file.write("\n")
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, self.path)
