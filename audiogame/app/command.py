"""A screen's action (:class:`Command`) and the names of the keys every screen uses."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

ENTER = "c-m"
TAB = "c-i"
BACKSPACE = "c-h"
ESCAPE = "escape"


@dataclass(frozen=True)
class Command:
    """An action of a screen: the keys bound to it, what it does (``help``, marked with
    ``N_``), and ``run``, which gets the key pressed.

    An action with an ``id`` is named in F1's list from its keys ("Left and Right arrows:
    move through your hand"), or from ``keys_text`` for a family of printable keys that
    :meth:`Screen.on_char` handles; its ``help`` holds no key name. ``group`` places it in
    F1's list; ``enabled`` (when given) says whether it applies at this screen now. Without an
    ``id``, ``help`` is the whole line, keys included (screens not yet named from bindings).
    ``each`` says what each key does, in the order of ``keys``, for an action whose keys go
    two ways ("first and last item.": Home "first item.", End "last item."): a page's button
    for one key says what that key does."""

    keys: tuple[str, ...]
    help: str
    run: Callable[[str], None]
    id: str = ""
    group: str = "choosing"
    enabled: Callable[[], bool] | None = None
    keys_text: str = ""
    each: tuple[str, ...] = ()

    def listed(self) -> bool:
        """Whether F1 lists it now."""
        return self.enabled is None or self.enabled()
