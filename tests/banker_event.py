"""An event with a field no frame set names (``banker``, a seat): tests/test_game_registration.py
shows the frame finds it from the facts of a game that declares it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.events import Event


@dataclass(frozen=True, slots=True)
class BankerChosen(Event):
    kind: ClassVar[str] = "banker_chosen"
    banker: int
