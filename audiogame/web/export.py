"""``audiogame export-web DIR``: a folder that any static host serves, in which the page plays
alone, offline, with nothing installed: the page, its scripts and cues, Pyodide (the Python of
the browser, from the npm package ``pyodide``, checked against its published SHA-512), the
program's own code in one archive, and a service worker that keeps all of it for the visits
with no network.

Pyodide comes from ``--pyodide`` (the package's ``.tgz`` or a folder holding its files), else
from the npm registry once, kept in the program's cache folder.
"""

from __future__ import annotations

import base64
import hashlib
import html
import io
import json
import shutil
import tarfile
import urllib.request
import zipfile
from collections.abc import Callable
from importlib import metadata, resources
from pathlib import Path

from audiogame.i18n import LANGUAGES, _
from audiogame.web.home_screen import home_screen_files, manifest_name

PYODIDE_VERSION = "314.0.8"
PYODIDE_URL = f"https://registry.npmjs.org/pyodide/-/pyodide-{PYODIDE_VERSION}.tgz"
PYODIDE_INTEGRITY = (
    "sha512-74Wq1kXOC+CCEzAfxuRAO701nAcCMLjf8NrwvWpu8S41dVMXwXmLQ05dYB+F4e46AdnGo0oq7YHSVUpHs"
    "oarLQ=="
)
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""What the page needs of the package: the interpreter and the standard library, no more."""

PAGE_SCRIPTS = (
    "alone.js",
    "from_file.js",
    "worker.js",
    "announce.js",
    "cues.js",
    "settings.js",
    "voice.js",
    "words.js",
    "style.css",
)
PACKAGES = ("engine", "audiogame")
"""Put in the archive the worker unpacks: the program, which needs the standard library alone
in a page (its screens run in :class:`audiogame.web.alone_host.AloneHost`)."""
DISTRIBUTIONS = ("audiogame-cards",)
LEFT_OUT = (
    "audiogame/online/",
    "audiogame/locale/audiogame.pot",
    "audiogame/app/application.py",
    "audiogame/app/display.py",
    "audiogame/testing.py",
)
"""Of no use alone in a page: the online play (the server's page does it) and the terminal
program (its application, its display, the drives of the tests), which need prompt_toolkit."""

STATIC = Path(__file__).resolve().parent / "static"


class ExportError(Exception):
    """The folder cannot be written: the reason, in words."""


def integrity(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


def pyodide_archive(
    source: str | Path | None, cache: Path, note: Callable[[str], None] = lambda text: None
) -> dict[str, bytes]:
    """Pyodide's files, from ``source`` (a ``.tgz`` or a folder), or the cache, or the npm
    registry (checked, then cached)."""
    if source is not None and Path(source).is_dir():
        folder = Path(source)
        missing = [name for name in PYODIDE_FILES if not (folder / name).is_file()]
        if missing:
            raise ExportError(f"{folder} lacks Pyodide's {', '.join(missing)}")
        return {name: (folder / name).read_bytes() for name in PYODIDE_FILES}
    if source is not None:
        data = Path(source).read_bytes()
    else:
        kept = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
        if kept.is_file() and integrity(kept.read_bytes()) == PYODIDE_INTEGRITY:
            data = kept.read_bytes()
        else:
            note(_("Downloading Pyodide {version} (about 6 MB, once)…").format(
                version=PYODIDE_VERSION))  # fmt: skip
            try:
                with urllib.request.urlopen(PYODIDE_URL, timeout=120) as answer:
                    data = answer.read()
            except OSError as error:
                raise ExportError(
                    f"Pyodide could not be downloaded from {PYODIDE_URL}: {error}"
                ) from error
            cache.mkdir(parents=True, exist_ok=True)
            if integrity(data) == PYODIDE_INTEGRITY:
                kept.write_bytes(data)
    if integrity(data) != PYODIDE_INTEGRITY:
        raise ExportError(
            f"this is not Pyodide {PYODIDE_VERSION} as published (its SHA-512 differs)"
        )
    files: dict[str, bytes] = {}
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
        for name in PYODIDE_FILES:
            member = archive.extractfile(f"package/{name}")
            if member is None:
                raise ExportError(f"the Pyodide package lacks {name}")
            files[name] = member.read()
    return files


def program_archive() -> bytes:
    """The program's code and catalogs, as one zip."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for package in PACKAGES:
            root = Path(str(resources.files(package)))
            for path in sorted(root.rglob("*")):
                if not path.is_file() or "__pycache__" in path.parts:
                    continue
                if path.suffix not in (".py", ".mo", ".json", ".txt"):
                    continue
                name = f"{package}/{path.relative_to(root).as_posix()}"
                if name.startswith(LEFT_OUT):
                    continue
                archive.writestr(entry(name), path.read_bytes())
        for distribution in DISTRIBUTIONS:  # what importlib.metadata finds of each
            version = metadata.version(distribution)
            folder = f"{distribution.replace('-', '_')}-{version}.dist-info"
            text = f"Metadata-Version: 2.1\nName: {distribution}\nVersion: {version}\n"
            archive.writestr(entry(f"{folder}/METADATA"), text)
    return out.getvalue()


def entry(name: str) -> zipfile.ZipInfo:
    """A file of the archive: compressed (an entry made by hand is stored as it is unless
    told), at one fixed time (the page's compiled copy of the program stays valid)."""
    info = zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    return info


def page(language: str) -> bytes:
    """The page alone, in ``language``."""
    from audiogame.web.alone_words import alone_words

    words = alone_words(language)
    template = (STATIC / "alone.html").read_text(encoding="utf-8")
    values = {key: html.escape(text) for key, text in words.items()}
    values["lang"] = language
    values["manifest"] = manifest_name(language)
    values["words_json"] = html.escape(json.dumps(words, ensure_ascii=False), quote=False)
    for key, value in values.items():
        template = template.replace("{{" + key + "}}", value)
    return template.encode("utf-8")


def offline_worker(files: dict[str, bytes], version: str) -> bytes:
    """The service worker (``offline.js``) keeping every file of ``files`` for ``version``,
    each with its SHA-256 integrity, so that it takes a file from the browser's cache only when
    it is this version's (``./``: either language's page, as a server chooses)."""

    def sha256(data: bytes) -> str:
        return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()

    pages = [name for name in sorted(files) if name.startswith("index")]
    listed = {"./": " ".join(sha256(files[name]) for name in pages)}
    listed.update({name: sha256(files[name]) for name in sorted(files)})
    worker = (STATIC / "offline.js").read_text(encoding="utf-8")
    worker = worker.replace('"{{files}}"', json.dumps(listed)).replace("{{version}}", version)
    return worker.encode("utf-8")


def export_web(
    folder: Path,
    pyodide: str | Path | None = None,
    cache: Path | None = None,
    note: Callable[[str], None] = lambda text: None,
) -> int:
    """Write the site into ``folder`` (a new or empty one, or an earlier export, which is
    written over); the number of files written."""
    if folder.exists() and (not folder.is_dir() or (
        any(folder.iterdir()) and not (folder / "version.json").is_file()
    )):  # fmt: skip
        raise ExportError(
            _(
                "{folder} is not empty and holds no earlier export: give a new or empty folder"
            ).format(folder=folder)
        )
    if cache is None:
        from audiogame.saves.paths import cache_dir

        cache = cache_dir()
    files: dict[str, bytes] = {}
    for name, data in pyodide_archive(pyodide, cache, note).items():
        files[f"pyodide/{name}"] = data
    for name in PAGE_SCRIPTS:
        files[f"static/{name}"] = (STATIC / name).read_bytes()
    sounds = Path(str(resources.files("sounds")))
    for path in sorted(sounds.glob("*.ogg")):
        files[f"sounds/{path.name}"] = path.read_bytes()
    files["app.zip"] = program_archive()
    for language in LANGUAGES:
        files["index.html" if language == "en" else f"index-{language}.html"] = page(language)
    files.update(home_screen_files(LANGUAGES))
    version = hashlib.sha256(b"".join(files[name] for name in sorted(files))).hexdigest()[:16]
    files["version.json"] = json.dumps(
        {"version": version, "program": metadata.version("audiogame-cards")}
    ).encode()
    files["offline.js"] = offline_worker(files, version)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for name, data in files.items():
            path = folder / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
    except OSError as error:
        raise ExportError(f"{folder} cannot be written: {error}") from error
    return len(files)


def copy_tree(source: Path, target: Path) -> None:
    shutil.copytree(source, target, dirs_exist_ok=True)
