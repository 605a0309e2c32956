"""The player's options, kept as JSON in the platform's user config folder.

A corrupt, unreadable or newer-version file gives the defaults and a notice to speak; the bad
file is kept aside under another name, never deleted (:mod:`audiogame.persist` reads with limits,
writes atomically and sets aside). Each value is checked against its type and range: one out of
range is brought back into it, one of the wrong type gets its default; names are cleaned of
control and bidirectional characters before they are ever shown or spoken.
"""

from __future__ import annotations

import math
import os
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from audiogame.persist import FileProblem, clean_text, read_json, set_aside, write_json

SPEECH_CHOICES = ("auto", "screenreader", "speechd", "tts", "console", "silent")
"""The speech choices a settings file may hold (audiogame.speech.chain.CHOICES)."""

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
    setups: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Each game's setup last started (no deal number): its setup menu opens on it."""
    keys: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Keys the player bound to actions in place of the defaults: ``"cardavia.hurry": ("g",)``."""
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


NAME_LIMIT = 40
"""The longest name of a computer player kept from the file."""


def _clamp(value: Any, low: int, high: int, default: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return default
    if not math.isfinite(value):
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
    if isinstance(pace, bool) or not isinstance(pace, int | float) or not 0.1 <= pace <= 10:
        pace = base.pace
    names = data.get("names", list(base.names))
    if isinstance(names, list) and all(isinstance(n, str) for n in names):
        names = [clean_text(n, NAME_LIMIT) for n in names[: len(DEFAULT_NAMES)]]
    if not (isinstance(names, list) and all(names)):
        names = list(base.names)
    names = list(names) + list(DEFAULT_NAMES[len(names) :])
    return replace(
        base,
        language=language if language in ("", "en", "it") else "",
        speech=speech if speech in SPEECH_CHOICES else "auto",
        rate=_clamp(data.get("rate"), 0, 100, base.rate),
        volume=_clamp(data.get("volume"), 0, 100, base.volume),
        pace=float(pace),
        names=tuple(names),
        sound=sound if isinstance(sound := data.get("sound"), bool) else base.sound,
        cue_volume=_clamp(data.get("cue_volume"), 0, 100, base.cue_volume),
        brief=brief if isinstance(brief := data.get("brief"), bool) else base.brief,
        auto_pass=(
            auto_pass if isinstance(auto_pass := data.get("auto_pass"), bool) else base.auto_pass
        ),
        keys=_keys(data.get("keys")),
        setups=_setups(data.get("setups")),
        extra=extra,
    )


def _setups(value: Any) -> dict[str, dict[str, Any]]:
    """Each game's last setup, plain values only (the setup menu keeps those it offers)."""
    if not isinstance(value, dict):
        return {}
    return {
        game: {
            key: item
            for key, item in setup.items()
            if isinstance(key, str) and isinstance(item, bool | int | str) and len(str(item)) < 20
        }
        for game, setup in value.items()
        if isinstance(game, str) and isinstance(setup, dict)
    }


def _keys(value: Any) -> dict[str, tuple[str, ...]]:
    """The player's key bindings; anything malformed is left out (the default keys then)."""
    if not isinstance(value, dict):
        return {}
    return {
        action: tuple(keys)
        for action, keys in value.items()
        if isinstance(action, str)
        and isinstance(keys, list)
        and keys
        and all(isinstance(key, str) and key for key in keys)
    }


class SettingsStore:
    """Loads and saves the settings file in one folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / FILE_NAME
        self.aside: Path | None = None
        """Where the last damaged file was set aside (None: not set aside, or it could not be)."""
        self.stuck = False
        """A damaged file could not be set aside: it is never written over."""

    def load(self) -> tuple[Settings, str | None]:
        """The settings and a problem code to announce: ``None``, ``"corrupt"``,
        ``"unreadable"`` or ``"newer"`` (the last three give the defaults, and the bad file is
        set aside: :attr:`aside` says where, None when the rename failed)."""
        self.aside = None
        try:
            data = read_json(self.path)
            if not isinstance(data, dict):
                raise FileProblem("corrupt", "not an object")
            version = data.get("version")
            if not isinstance(version, int) or isinstance(version, bool):
                raise FileProblem("corrupt", "no version")
            if version > SETTINGS_VERSION:
                raise FileProblem("newer", f"version {version}")
        except FileNotFoundError:
            return Settings(), None
        except FileProblem as error:
            self.aside = set_aside(self.path)
            self.stuck = self.aside is None and self.path.exists()
            return Settings(), error.problem
        return from_json(data), None

    def save(self, settings: Settings) -> None:
        """Write atomically (``OSError`` when the disk refuses)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        if self.stuck:
            self.aside = set_aside(self.path)
            self.stuck = self.aside is None and self.path.exists()
            if self.stuck:
                raise PermissionError(13, "the damaged options file could not be set aside")
        write_json(self.path, settings.to_json(), indent=2)
