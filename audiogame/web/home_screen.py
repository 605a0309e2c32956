"""What lets a phone keep the page that plays alone on its home screen: a web app manifest for
each language (its name, the page it opens, its icons) and the icons, PNG images drawn here
(a white card with a red heart on green), so that the export needs no image library.

>>> json.loads(manifest("it"))["start_url"]
'index-it.html'
>>> icon(192)[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import json
import struct
import zlib
from functools import cache

SIZES = (192, 512)
GREEN = (27, 94, 32)
WHITE = (255, 255, 255)
RED = (198, 40, 40)


def manifest_name(language: str) -> str:
    """The manifest's file name for ``language``."""
    return "manifest.json" if language == "en" else f"manifest-{language}.json"


def manifest(language: str) -> bytes:
    """The web app manifest of the page in ``language``."""
    from audiogame.web.alone_words import alone_words

    words = alone_words(language)
    icons = [
        {"src": f"icons/icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png",
         "purpose": "any maskable"}
        for size in SIZES
    ]  # fmt: skip
    return json.dumps(
        {
            "name": words["title"],
            "short_name": "Audiogame",
            "description": words["alone_heading"],
            "lang": language,
            "start_url": "index.html" if language == "en" else f"index-{language}.html",
            "scope": "./",
            "display": "standalone",
            "background_color": "#1b5e20",
            "theme_color": "#1b5e20",
            "icons": icons,
        },
        ensure_ascii=False,
        indent=1,
    ).encode("utf-8")


def _inside_heart(x: float, y: float) -> bool:
    """Whether (x, y), centred on the heart and about 1 wide, is inside it."""
    x, y = x * 1.25, -y * 1.25 + 0.15
    return (x * x + y * y - 1) ** 3 - x * x * y**3 <= 0


@cache
def icon(size: int) -> bytes:
    """A square PNG icon of ``size`` pixels: a white card with a red heart, on green, all of it
    within the circle of 80% that a phone's mask keeps."""
    half = size / 2
    card_w, card_h, corner = size * 0.23, size * 0.31, size * 0.05
    rows = []
    for row in range(size):
        y = row + 0.5 - half
        line = bytearray(b"\x00")  # each row: filter 0, then its pixels
        for column in range(size):
            x = column + 0.5 - half
            colour = GREEN
            dx, dy = abs(x) - (card_w - corner), abs(y) - (card_h - corner)
            if abs(x) <= card_w and abs(y) <= card_h and (
                dx <= 0 or dy <= 0 or dx * dx + dy * dy <= corner * corner
            ):  # fmt: skip
                colour = RED if _inside_heart(x / (size * 0.16), y / (size * 0.16)) else WHITE
            line.extend(colour)
        rows.append(bytes(line))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data))
            + kind
            + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
        )

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
        + chunk(b"IEND", b"")
    )


def home_screen_files(languages: tuple[str, ...]) -> dict[str, bytes]:
    """The manifests and icons of the exported site, by their names in it."""
    files = {manifest_name(language): manifest(language) for language in languages}
    for size in SIZES:
        files[f"icons/icon-{size}.png"] = icon(size)
    return files
