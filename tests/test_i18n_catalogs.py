"""Both languages have every message: catalogs complete, in step with the code, compiled."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from audiogame.i18n import LOCALE_DIR, set_language, system_language
from audiogame.words.battle import GAME
from audiogame.words.registry import missing_renderers

ROOT = Path(__file__).resolve().parent.parent
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def catalog(language: str) -> Catalog:
    with open(LOCALE_DIR / language / "LC_MESSAGES" / "audiogame.po", "rb") as file:
        return read_po(file, locale=language)


def keys(language: str) -> set[object]:
    return {(m.context, m.id) for m in catalog(language) if m.id}


def test_english_and_italian_have_the_same_messages() -> None:
    assert keys("en") == keys("it")


def test_every_message_has_an_italian_translation_with_the_same_placeholders() -> None:
    missing, broken = [], []
    for message in catalog("it"):
        if not message.id:
            continue
        ids = (message.id,) if isinstance(message.id, str) else tuple(message.id)
        raw = message.string
        strings = (raw,) if raw is None or isinstance(raw, str) else tuple(raw)
        if not all(strings) or "fuzzy" in message.flags:
            missing.append(ids[0])
            continue
        wanted = set(PLACEHOLDER.findall(ids[-1]))
        if any(set(PLACEHOLDER.findall(s)) != wanted for s in strings if s):
            broken.append(ids[0])
    assert missing == [], f"untranslated: {missing}"
    assert broken == [], f"placeholders differ: {broken}"


def test_catalogs_hold_every_string_of_the_code() -> None:
    """A string marked in the code but not in the catalogs: run the catalogs script."""
    method_map = [("**.py", "python")]
    found = {
        (context, msgid if len(msgid) > 1 else msgid[0])
        for _, _, msgid, _, context in (
            (f, ln, m if isinstance(m, tuple) else (m,), c, ctx)
            for f, ln, m, c, ctx in extract_from_dir(str(ROOT / "audiogame"), method_map)
        )
    }
    assert found - keys("it") == set(), "run: python -m audiogame.i18n.catalogs --update"


def test_compiled_catalogs_match_the_po_files() -> None:
    for language in ("en", "it"):
        with open(LOCALE_DIR / language / "LC_MESSAGES" / "audiogame.mo", "rb") as file:
            compiled: dict[tuple[str | None, object], object] = {
                (m.context, tuple(m.id) if isinstance(m.id, list | tuple) else m.id):
                tuple(m.string) if isinstance(m.string, list | tuple) else m.string
                for m in read_mo(file) if m.id
            }  # fmt: skip
        source: dict[tuple[str | None, object], object] = {
            (m.context, m.id): m.string
            for m in catalog(language)
            if m.id
            and "fuzzy" not in m.flags
            and all(m.string if isinstance(m.string, tuple) else (m.string,))
        }
        stale = {key for key, text in source.items() if compiled.get(key) != text}
        stale |= set(compiled) - {(m.context, m.id) for m in catalog(language)}
        assert not stale, f"run: python -m audiogame.i18n.catalogs --compile ({language})"


def test_every_battle_event_has_words() -> None:
    assert missing_renderers(GAME) == set()


def test_system_language_follows_the_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    assert system_language() == "it"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert system_language() == "en"


def test_rules_command_prints_the_rules_in_italian() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "audiogame", "rules", "battle", "--lang", "it"],
        capture_output=True, text=True, check=True, cwd=ROOT,
    )  # fmt: skip
    assert done.stdout.startswith("Battaglia si gioca da 2 a 6 giocatori")
    set_language("en")
