"""The keys the page that plays alone lists (issue 32, item 11): F1 lists only keys that work
in a page, and a button for one key of a pair says what that key does, in good English and
Italian ("Home: first item.", not "Home: first and last item."; "Freccia sinistra: valore
precedente…", not "Freccia sinistra: cambiano…")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audiogame.app.keys_screen import KeysScreen
from audiogame.web.alone import PageAlone

Batch = list[dict[str, Any]]

BUTTONS = {
    "en": {
        "menu": ["Up arrow: previous item.", "Down arrow: next item.", "Home: first item.",
                 "End: last item."],
        "options": ["Left arrow: previous value of an option.",
                    "Right arrow: next value of an option."],
    },
    "it": {
        "menu": ["Freccia su: voce precedente.", "Freccia giù: voce successiva.",
                 "Inizio: prima voce.", "Fine: ultima voce."],
        "options": ["Freccia sinistra: valore precedente di un'opzione.",
                    "Freccia destra: valore successivo di un'opzione."],
    },
}  # fmt: skip
F1_LINES = {
    "en": ("F1: the keys of this screen, as a list.", "F2: repeat the last message."),
    "it": ("F1: i tasti di questa schermata, in un elenco.", "F2: ripete l'ultimo messaggio."),
}


def labels(batches: list[Batch]) -> list[str]:
    """The buttons of the last ``keys`` message."""
    keys = [m for batch in batches for m in batch if m["type"] == "keys"][-1]["keys"]
    return [entry["label"] for entry in keys if entry["button"]]


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_pair_of_keys_gets_a_button_each_saying_what_that_key_does(
    tmp_path: Path, language: str
) -> None:
    batches: list[Batch] = []
    alone = PageAlone(tmp_path, language, batches.append, lambda batch: None)
    alone.start()
    buttons = labels(batches)
    for label in BUTTONS[language]["menu"]:
        assert label in buttons, buttons
    assert not any("first and last" in label or "prima e ultima" in label for label in buttons)
    for key in ["end", "up", "up", "up", "enter"]:  # Options (the fourth from the end)
        alone.key(key)
    buttons = labels(batches)
    for label in BUTTONS[language]["options"]:
        assert label in buttons, buttons
    assert not any("cambiano" in label for label in buttons), buttons


@pytest.mark.parametrize("language", ["en", "it"])
def test_f1_in_the_page_lists_neither_f3_nor_control_c(tmp_path: Path, language: str) -> None:
    """F3 (the page's screen reader or voice speaks, not the program's) and Control+C (the
    browser keeps it) do nothing in the page: F1's list leaves them out, and keeps the rest."""
    alone = PageAlone(tmp_path, language, lambda batch: None, lambda batch: None)
    alone.start()
    alone.key("f1")
    keys = alone.program.top
    assert isinstance(keys, KeysScreen)
    lines = keys.lines
    for line in F1_LINES[language]:
        assert line in lines, lines
    assert not any(line.startswith(("F3", "Control+C", "Ctrl+C")) for line in lines), lines
