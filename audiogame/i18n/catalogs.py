"""Keep the translation catalogs in step with the code.

``python -m audiogame.i18n.catalogs --update`` extracts every marked string into
``audiogame/locale/audiogame.pot``, merges it into the English and Italian ``.po`` files, and
compiles the ``.mo`` files the program loads. ``--compile`` only compiles. After ``--update``,
translate the new Italian entries (``msgstr ""``) and run ``--compile``; the tests fail while an
Italian translation is missing.
"""

from __future__ import annotations

import argparse
import sys

from babel.messages.frontend import CommandLineInterface

from audiogame.i18n import DOMAIN, LANGUAGES, LOCALE_DIR

ROOT = LOCALE_DIR.parent.parent
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"


def _pybabel(*args: str) -> None:
    CommandLineInterface().run(["pybabel", "-q", *args])


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


def compile_catalogs() -> None:
    """Compile every ``.po`` into the ``.mo`` the program reads."""
    _pybabel("compile", "-d", str(LOCALE_DIR), "-D", DOMAIN)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m audiogame.i18n.catalogs", description=__doc__)
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--update", action="store_true", help="extract, merge and compile")
    group.add_argument("--compile", action="store_true", help="only compile the .po files")
    args = parser.parse_args(argv)
    if args.update:
        extract()
        update()
    compile_catalogs()
    return 0


if __name__ == "__main__":
    sys.exit(main())
