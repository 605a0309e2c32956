"""Keep the translation catalogs in step with the code.

``python -m audiogame.i18n.catalogs --update`` extracts every marked string into
``audiogame/locale/audiogame.pot``, merges it into the English and Italian ``.po`` files, and
compiles the ``.mo`` files the program loads. ``--compile`` only compiles. After ``--update``,
translate the new Italian entries (``msgstr ""``) and run ``--compile``; the tests fail while an
Italian translation is missing. ``--merge it FILE.po`` (with ``--update``) copies the
translations of a small catalog of new entries into the Italian catalog, so that several pieces
of work can each keep their new translations apart and merge them in one step.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po, write_po

from audiogame.i18n import DOMAIN, LANGUAGES, LOCALE_DIR

ROOT = LOCALE_DIR.parent.parent
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"


def _pybabel(*args: str) -> None:
    # Babel's command line has no annotations.
    CommandLineInterface().run(["pybabel", "-q", *args])  # type: ignore[no-untyped-call]


def extract() -> None:
    """Write the template of every marked string."""
    _pybabel(
        "extract",
        "-F",
        str(ROOT / "babel.cfg"),
        "-o",
        str(TEMPLATE),
        "--no-location",
        "--sort-output",
        "--project",
        "audiogame",
        "-c",
        "TRANSLATORS:",
        "-k",
        "NP_:1c,2",
        str(ROOT / "audiogame"),
    )


def update() -> None:
    """Merge the template into each language's catalog (new languages are created)."""
    for language in LANGUAGES:
        po = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"
        command = "update" if po.exists() else "init"
        args = [command, "-i", str(TEMPLATE), "-d", str(LOCALE_DIR), "-D", DOMAIN, "-l", language]
        if command == "update":
            args += ["--no-fuzzy-matching", "--ignore-obsolete"]
        _pybabel(*args)


def merge(language: str, fragment: Path) -> int:
    """Copy the translated entries of ``fragment`` into ``language``'s catalog; returns how many."""
    po = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"
    with po.open("rb") as handle:
        catalog = read_po(handle, locale=language)
    with fragment.open("rb") as handle:
        extra = read_po(handle, locale=language)
    merged = 0
    for message in extra:
        if not message.id or not message.string:
            continue
        target = catalog.get(message.id, message.context)
        if target is not None:
            target.string = message.string
            merged += 1
    with po.open("wb") as handle:
        write_po(handle, catalog, width=100, sort_output=True, omit_header=False)
    return merged


def compile_catalogs() -> None:
    """Compile every ``.po`` into the ``.mo`` the program reads."""
    _pybabel("compile", "-d", str(LOCALE_DIR), "-D", DOMAIN)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m audiogame.i18n.catalogs", description=__doc__)
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--update", action="store_true", help="extract, merge and compile")
    group.add_argument("--compile", action="store_true", help="only compile the .po files")
    parser.add_argument(
        "--merge",
        nargs=2,
        metavar=("LANGUAGE", "FILE"),
        action="append",
        default=[],
        help="after updating, copy the translations found in FILE (a .po) into LANGUAGE",
    )
    args = parser.parse_args(argv)
    if args.update:
        extract()
        update()
    for language, fragment in args.merge:
        print(f"{merge(language, Path(fragment))} translations merged into {language}")
    compile_catalogs()
    return 0


if __name__ == "__main__":
    sys.exit(main())
