"""The practice's best scores on disk: ``practice.json`` beside the settings, read and written
through :mod:`audiogame.persist`. A damaged file is set aside (never overwritten, never lost)
and said once; scores then start afresh."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from audiogame.i18n import N_
from audiogame.persist import FileProblem, read_json, set_aside, write_json

SCORES_FILE = "practice.json"
SCORES_ASIDE = N_(
    "The practice scores file was damaged: best scores start afresh; the old file was kept aside."
)
SCORES_STUCK = N_(
    "The practice scores file is damaged and could not be set aside: best scores start afresh "
    "and are not saved, so that the old file stays as it is."
)


class JsonScoreStore:
    """Best scores in a small JSON object (group -> score; the model checks each value)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.notice: str | None = None
        """What to say once about a damaged file (English message id), else None."""
        self.stuck = False
        """A damaged file could not be set aside: it is never written over."""

    def load(self) -> Mapping[str, Any]:
        try:
            data = read_json(self.path)
            if not isinstance(data, dict):
                raise FileProblem("corrupt", "not an object")
        except FileNotFoundError:
            return {}
        except FileProblem:
            self._set_aside()
            return {}
        return data

    def _set_aside(self) -> None:
        aside = set_aside(self.path)
        self.stuck = aside is None and self.path.exists()
        self.notice = SCORES_STUCK if self.stuck else SCORES_ASIDE

    def save(self, data: dict[str, Any]) -> None:
        if self.stuck:
            raise PermissionError(13, "the damaged scores file could not be set aside")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        write_json(self.path, data, indent=2)
