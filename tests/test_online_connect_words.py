"""What ``audiogame connect`` says first: "Connecting to ..." (never the main menu before it),
then the lobby, or the server's refusal followed by the main menu. A password server refuses
a program with no password, and one with a wrong password file, in words that say why."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.menu_games import main_menu_said
from tests.online_support import ServerThread

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")

NEEDS = "This server needs a password: give it with --password-file, or in Play online."
WRONG = "Wrong password for this server."


def words_of(args: list[str], folder: Path, until: str) -> list[str]:
    from tests.pty_program import Program

    program = Program(args, folder)
    try:
        return program.wait_for(lambda said: until in " ".join(said), 90.0)
    finally:
        program.close()


@pytest.mark.parametrize("given", ["none", "wrong"])
def test_a_password_server_refuses_after_connecting_is_said_then_the_main_menu(
    tmp_path: Path, given: str
) -> None:
    server = ServerThread(tmp_path / "server", password="secret")
    assert server.server is not None
    args = ["connect", f"127.0.0.1:{server.server.port}", "--name", "Bruno"]
    if given == "wrong":
        (tmp_path / "password").write_text("guessed\n", encoding="utf-8")
        args += ["--password-file", str(tmp_path / "password")]
    try:
        said = words_of(args, tmp_path, "Main menu.")
    finally:
        server.close()
    first = said.index(f"Connecting to 127.0.0.1:{server.server.port}.")
    assert said[first + 1 :] == [NEEDS if given == "none" else WRONG,
                                 main_menu_said()]  # fmt: skip
    assert not any(text.startswith("Main menu.") for text in said[:first])


def test_connecting_is_said_before_anything_of_the_main_menu_then_the_lobby(
    tmp_path: Path,
) -> None:
    server = ServerThread(tmp_path / "server")
    assert server.server is not None
    args = ["connect", f"127.0.0.1:{server.server.port}", "--name", "Bruno"]
    try:
        said = words_of(args, tmp_path, "tables open.")
    finally:
        server.close()
    assert not any("Main menu" in text for text in said), said
    assert said.index(f"Connecting to 127.0.0.1:{server.server.port}.") < said.index(
        f"Connected to 127.0.0.1:{server.server.port} as Bruno."
    )
