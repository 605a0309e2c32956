"""The audio test bed: a private sound server for the whole test session (stopped after the
tests), a recording of its sink, and the real program started in a pseudo-terminal against it.
tests/conftest.py offers the fixtures to every test module, so that one server serves them all."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from audiogame.settings import Settings, SettingsStore
from tests.pty_program import Program
from tests.sound_server import PACKAGES, PROGRAMS, Recording, SoundServer
from tests.system_deps import missing_modules, missing_programs, need


def _speechd_missing() -> list[str]:
    from audiogame.speech.screenreader import import_system_speechd

    return [] if import_system_speechd() else ["python3-speechd"]


def need_audio() -> None:
    """Skip (or fail where required) without the sound server, the voices and the recorder."""
    need(missing_programs(PROGRAMS) + missing_modules(["numpy"]) + _speechd_missing(), PACKAGES)


@pytest.fixture(scope="session")
def sound(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SoundServer]:
    need_audio()
    server = SoundServer(tmp_path_factory.mktemp("sound-server"))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def recording(sound: SoundServer) -> Iterator[Recording]:
    if sound.process is None or sound.process.poll() is not None:
        sound.start()  # a test before killed it on purpose
    record = sound.record()
    try:
        yield record
    finally:
        record.stop()
        sound.stop_speech_dispatcher()


def start(
    server: SoundServer,
    folder: Path,
    args: list[str],
    speech: str = "console",
    env: dict[str, str] | None = None,
    settings: dict[str, Any] | None = None,
) -> Program:
    """The program against the private sound server, with these ``settings`` saved first."""
    folder.mkdir(parents=True, exist_ok=True)
    SettingsStore(folder / "config").save(Settings(**(settings or {})))
    program = Program(args, folder, speech=speech, env=env or server.env)
    program.wait_for(lambda said: len(said) >= 2)
    return program


def wait_quiet(record: Recording, quiet: float = 0.3, timeout: float = 20.0) -> float:
    """Wait until nothing has been heard for ``quiet`` seconds; the moment it is so."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        now = time.monotonic()
        if not record.heard(now - quiet, now):
            return now
        time.sleep(0.05)
    raise AssertionError("the sound never stopped")


def heard_after(record: Recording, moment: float, within: float = 5.0) -> bool:
    """Whether anything was heard in the ``within`` seconds after ``moment`` (it returns as soon
    as something is: a slow machine only makes a failing test slower)."""
    end = moment + within
    while True:
        now = min(time.monotonic(), end)
        if record.heard(moment, now):
            return True
        if now >= end:
            return False
        time.sleep(0.05)
