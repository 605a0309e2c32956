"""No product file of more than 400 lines: a module that long holds several things, each of
which would be easier to find, read and change in a file of its own (docs/architecture.md)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 400


def lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def product_files() -> list[Path]:
    return sorted(
        path for folder in ("engine", "audiogame") for path in (ROOT / folder).rglob("*.py")
    )


def name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def test_no_product_file_is_over_400_lines() -> None:
    too_long = {name(path): lines(path) for path in product_files() if lines(path) > LIMIT}
    assert too_long == {}, f"over {LIMIT} lines, split by what they hold: {too_long}"
