"""The screen never repeats what a screen reader already said; the command line refuses bad
options clearly."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input

from audiogame.app.display import LinePrinter, display_mode
from audiogame.app.menus import start_screens
from audiogame.catalog import game_entry
from audiogame.cli import build_parser, table_config
from audiogame.testing import key_bytes, make_session

ROOT = Path(__file__).resolve().parent.parent


def test_display_rule_per_backend() -> None:
    assert display_mode("screenreader", full_screen=True) == "fixed"
    assert display_mode("tts", full_screen=True) == "mirror"
    assert display_mode("silent", full_screen=True) == "mirror"
    assert display_mode("console", full_screen=False) == "lines"


def screen_text(session) -> str:  # type: ignore[no-untyped-def]
    layout = session.app.application.layout
    return "\n".join(
        "".join(text for _, text, *_ in window.content.text())
        for window in layout.find_all_windows()
        if hasattr(window.content, "text") and callable(window.content.text)
    )


def test_screen_reader_display_never_shows_the_messages() -> None:
    session = make_session()
    session.app.start(start_screens(session.app, None, {}))
    session.speaker.name = "screenreader"
    assert "Battaglia" not in screen_text(session)
    assert "screen reader" in screen_text(session)
    session.speaker.name = "tts"
    assert "Main menu. Battaglia (War), 1 of 8" in screen_text(session)


def test_console_lines_are_printed_once_above_the_program(
    capsys: pytest.CaptureFixture[str],
) -> None:
    printer = LinePrinter()
    with create_pipe_input() as pipe:
        session = make_session(input=pipe)
        from audiogame.speech import ConsoleSpeaker

        session.app.narrator.speaker = ConsoleSpeaker(printer)
        session.app.full_screen = False
        printer.app = session.app
        session.app.start(start_screens(session.app, None, {}))
        pipe.send_text(key_bytes(["down", "down", "c-c"]))
        session.app.run()
    lines = capsys.readouterr().out.splitlines()
    assert [line for line in lines if "of 8" in line] == [
        "Main menu. Battaglia (War), 1 of 8",
        "Battaglia scientifica (Scientific Battle), 2 of 8",
        "Cardavia, 3 of 8",
    ]


def test_play_options_come_from_the_setup_data() -> None:
    args = build_parser().parse_args(
        ["play", "battle", "--players", "3", "--deck", "32", "--no-face-down", "--open",
         "--trick-limit", "500", "--seed", "7", "--lang", "it"]
    )  # fmt: skip
    assert table_config(args, game_entry("battle")) == {
        "players": 3, "deck": 32, "face_down": False, "open": True, "trick_limit": 500, "seed": 7,
    }  # fmt: skip
    assert args.lang == "it"


@pytest.mark.parametrize(
    "argv",
    [["play", "battle", "--players", "9"], ["play", "battle", "--deck", "40"],
     ["play", "chess"], ["--speech", "loud"], ["play", "battle", "--trick-limit", "0"],
     ["rules"]],
)  # fmt: skip
def test_bad_options_give_a_clear_message_and_exit_2(argv: list[str]) -> None:
    done = subprocess.run([sys.executable, "-m", "audiogame", *argv], capture_output=True,
                          text=True, cwd=ROOT)  # fmt: skip
    assert done.returncode == 2
    assert "error:" in done.stderr and done.stdout == ""
