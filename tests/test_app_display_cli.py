"""The screen never repeats what a screen reader already said; the command line refuses bad
options clearly."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input

from audiogame.__main__ import main
from audiogame.app.display import LinePrinter, display_mode
from audiogame.app.menus import start_screens
from audiogame.catalog import game_entry
from audiogame.cli import build_parser, table_config
from audiogame.testing import Session, key_bytes, make_session
from tests.menu_games import main_item, main_menu, main_menu_said


def test_display_rule_per_backend() -> None:
    assert display_mode("screenreader", full_screen=True) == "fixed"
    assert display_mode("screenreader", full_screen=False) == "fixed"
    assert display_mode("tts", full_screen=True) == "mirror"
    assert display_mode("silent", full_screen=True) == "mirror"
    assert display_mode("console", full_screen=False) == "lines"


def screen_text(session: Session) -> str:
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
    assert main_menu_said() in screen_text(session)


def test_screen_reader_speech_writes_one_line_under_the_command() -> None:
    """Started with the screen reader's speech, the program keeps to the terminal's own
    screen (no screen of its own to leave at the end, which would give the terminal's earlier
    lines back to be read again): one fixed line, never a message."""
    from prompt_toolkit.output import DummyOutput

    from audiogame.app.application import AudioGame
    from audiogame.narrator import Narrator
    from audiogame.speech import RecordingSpeaker

    speaker = RecordingSpeaker()
    speaker.name = "screenreader"
    app = AudioGame(narrator=Narrator(speaker), full_screen=False, output=DummyOutput())
    app.start(start_screens(app, None, {}))
    shown = [text for window in app.application.layout.find_all_windows()
             for _, text, *_ in window.content.text()]  # type: ignore[attr-defined]  # fmt: skip
    assert shown == ["Speech goes through your screen reader. F1: keys."]
    assert app.application.full_screen is False


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
    of_last = f"of {len(main_menu())}"  # "of 9" with the three games that ship
    assert [line for line in lines if of_last in line] == [
        main_menu_said(),
        main_item("Battaglia scientifica (Scientific Battle)"),
        main_item("Cardavia"),
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
def test_bad_options_give_a_clear_message_and_exit_2(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """The program's own entry point, as ``audiogame ARGS`` calls it."""
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    done = capsys.readouterr()
    assert "error:" in done.err and done.out == ""


# The program with its standard output watched: each spoken line records how the terminal
# reads keys at the moment the line is written ("raw": one by one; "lines": a whole line).
WATCH_LINES = (
    "import sys, termios\n"
    "class Watched:\n"
    "    def __init__(self, stream, record):\n"
    "        self.stream, self.record = stream, record\n"
    "    def write(self, text):\n"
    "        if any(c.isalpha() for c in text.replace('\\x1b[', '')):\n"
    "            mode = termios.tcgetattr(0)[3] & termios.ICANON\n"
    "            self.record.write(('lines' if mode else 'raw') + '\\n')\n"
    "            self.record.flush()\n"
    "        return self.stream.write(text)\n"
    "    def __getattr__(self, name):\n"
    "        return getattr(self.stream, name)\n"
    "sys.stdout = Watched(sys.stdout, open(RECORD, 'w'))\n"
    "from audiogame.__main__ import main\n"
    "sys.exit(main(sys.argv[1:]))\n"
)


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_console_lines_are_written_while_the_terminal_still_reads_keys_one_by_one(
    tmp_path: Path,
) -> None:
    """A line said while the game runs never gives the terminal back its line mode: a key
    typed in that moment would be echoed among the lines, and Control+C would become a
    signal (or, with no controlling terminal, be lost)."""
    from tests.pty_program import Program

    record = tmp_path / "modes.txt"
    script = WATCH_LINES.replace("RECORD", repr(str(record)))
    program = Program(["play", "battle", "--seed", "7"], tmp_path, script=script)
    program.wait_for(lambda said: any("Turn up your card" in line for line in said))
    for _ in range(5):
        program.press(["w"], until=lambda new: any(line.startswith("Your stock") for line in new))
    program.press(["c-c"])
    assert program.finish()[0] == 0
    modes = record.read_text(encoding="utf-8").split()
    written_running = modes[modes.index("raw") :] if "raw" in modes else modes
    assert len(written_running) >= 5, modes
    assert set(written_running) == {"raw"}, modes


def _run_main(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[object, str, str]:
    from audiogame.i18n import set_language

    try:
        try:
            code: object = main(argv)
        except SystemExit as stopped:
            code = stopped.code
    finally:
        set_language("en")
    done = capsys.readouterr()
    return code, done.out, done.err


def test_the_command_line_speaks_italian_with_lang_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 25, item 6: argparse's help and errors and the program's own, in Italian; no raw
    error ("[Errno 2] ...") on a speech log that cannot be written."""
    home = ["--config-dir", str(tmp_path), "--data-dir", str(tmp_path)]
    code, out, err = _run_main([*home, "--lang", "it", "rules", "--help"], capsys)
    assert code == 0
    assert out.startswith("utilizzo: audiogame rules")
    assert "argomenti posizionali:" in out and "opzioni:" in out
    assert "mostra questo aiuto ed esce" in out and "il gioco" in out
    assert "show this help" not in out and "language of every message" not in out

    code, out, err = _run_main(["play", "battle", "--players", "9", "--lang", "it", *home], capsys)
    assert code == 2 and out == ""
    assert err.splitlines()[0] == (
        "audiogame play battle: errore: argomento --players: scelta non valida: 9 "
        "(scegli tra 2, 3, 4, 5, 6)"
    )
    code, out, err = _run_main(["--lang", "it", *home, "play"], capsys)
    assert err.splitlines()[0] == "audiogame: errore: play vuole un GIOCO oppure --code CODICE"
    code, out, err = _run_main(["--lang", "it", *home, "play", "--code", "92MD69RX"], capsys)
    assert err.splitlines()[0] == (
        "audiogame: errore: In questo codice della smazzata manca un carattere: controllalo "
        "carattere per carattere."
    )
    log = tmp_path / "missing" / "speech.log"
    argv = ["--lang", "it", *home, "--speech", "silent", "--speech-log", str(log), "practice"]
    code, out, err = _run_main(argv, capsys)
    assert code == 2
    assert err == (
        f"audiogame: non riesco a scrivere il registro della voce {log}: il file o la sua "
        "cartella non esiste\n"
    )
    code, out, err = _run_main(["--lang", "en", *home, "play", "battle", "--seed", "x"], capsys)
    assert err.splitlines()[0] == (
        "audiogame play battle: error: argument --seed: not a whole number: 'x'"
    )
