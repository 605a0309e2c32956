"""What a new player meets on a fresh machine: errors said first and aloud, only true words
about saving, folders that cannot be used, help that is quick to listen to."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from audiogame.__main__ import main
from audiogame.i18n import set_language
from audiogame.online.commands import machine_addresses, ready_lines
from audiogame.testing import drive
from tests.menu_games import main_menu

ROOT = Path(__file__).resolve().parent.parent


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[object, str, str]:
    try:
        code: object = main(argv)
    except SystemExit as stopped:
        code = stopped.code
    done = capsys.readouterr()
    return code, done.out, done.err


# ----- item 2: the line that says what is wrong comes first, and is spoken ---------------------
@pytest.mark.parametrize(
    ("lang", "first", "pointer"),
    [
        ("en", "audiogame: error: This is not a valid deal code: check it character by "
               "character.", "audiogame --help lists the options."),
        ("it", "audiogame: errore: Questo non è un codice di smazzata valido: controllalo "
               "carattere per carattere.", "audiogame --help elenca le opzioni."),
    ],
)  # fmt: skip
def test_a_bad_option_is_said_in_one_line_first_then_where_the_help_is(
    lang: str, first: str, pointer: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    home = ["--config-dir", str(tmp_path), "--data-dir", str(tmp_path), "--lang", lang]
    code, out, err = _run([*home, "play", "--code", "ZZZZ"], capsys)
    assert code == 2 and out == ""
    assert err.splitlines() == [first, pointer]


def test_an_error_after_speech_started_goes_into_the_speech_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "speech.txt"
    missing = tmp_path / "nonexistent.json"
    home = ["--config-dir", str(tmp_path), "--data-dir", str(tmp_path), "--speech", "silent"]
    code, _out, err = _run([*home, "--speech-log", str(log), "replay", str(missing)], capsys)
    assert code == 2
    said = log.read_text(encoding="utf-8").splitlines()
    assert said[0].startswith("Audiogame. Speech: ")
    assert said[-1] == f"Cannot replay {missing}: the file or its folder does not exist."
    assert err == f"audiogame: cannot replay {missing}: the file or its folder does not exist\n"
    _code, _out, err = _run([*home, "--lang", "it", "--speech-log", str(log), "replay",
                           str(missing)], capsys)  # fmt: skip
    said = log.read_text(encoding="utf-8").splitlines()
    assert said[-1] == f"Non riesco a rivedere {missing}: il file o la sua cartella non esiste."


# ----- item 3: "saved" only when it is ------------------------------------------------------------
def test_quitting_before_any_move_says_nothing_was_saved(tmp_path: Path) -> None:
    session = drive(["escape", "end", "enter"], game="cardavia", config={"seed": 3, "deals": 3},
                    data_dir=tmp_path)  # fmt: skip
    assert "The game is saved: the next start offers to resume it." not in session.spoken
    assert "No move was made: nothing was saved." in session.spoken
    assert not (tmp_path / "autosave.json").exists()
    italian = drive(["escape", "end", "enter"], game="cardavia", config={"seed": 3},
                    data_dir=tmp_path, language="it")  # fmt: skip
    assert "Nessuna mossa fatta: non è stato salvato niente." in italian.spoken


def test_an_earlier_save_is_not_said_to_be_this_game(tmp_path: Path) -> None:
    drive(["space", "escape", "end", "enter"], game="battle", config={"seed": 3},
          data_dir=tmp_path)  # fmt: skip
    before = (tmp_path / "autosave.json").read_bytes()
    # The interrupted game is left for later; a new Cardavia deal is quit before any move.
    later = drive(["down", "enter", "escape", "end", "enter"], game="cardavia",
                  config={"seed": 5}, data_dir=tmp_path)  # fmt: skip
    assert later.spoken[2].endswith(", 2 of 2")
    assert "The game is saved: the next start offers to resume it." not in later.spoken
    assert "No move was made: nothing was saved." in later.spoken
    assert (tmp_path / "autosave.json").read_bytes() == before


# ----- item 10: help that is quick to listen to ------------------------------------------------
def test_help_says_ranges_as_ranges_and_every_option_has_a_description(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = _run(["play", "cardavia", "--help"], capsys)
    assert code == 0
    assert "--deals 1-20" in out and "1, 2, 3" not in out and "{1,2" not in out
    code, out, err = _run(["play", "scientific", "--help"], capsys)
    players = next(line for line in out.splitlines() if line.strip().startswith("--players"))
    assert players.split() == ["--players", "2-8", "how", "many", "play", "at", "the", "table,",
                               "you", "included"]  # fmt: skip
    code, out, err = _run(["serve", "--help"], capsys)
    assert "default 127.0.0.1: this computer only" in " ".join(out.split())
    code, out, err = _run(["play", "cardavia", "--deals", "99"], capsys)
    assert code == 2
    assert err.splitlines()[0] == (
        "audiogame play cardavia: error: argument --deals: must be from 1 to 20, not 99"
    )


# ----- item 4: Italian wording ------------------------------------------------------------------
NAME_AFTER_A = re.compile(r"(?<![\w'])a \{(name|player|winner|leader|seat|who)\}")


def test_italian_never_puts_a_bare_a_before_a_name() -> None:
    """ "Tocca a Anna" is wrong Italian ("ad Anna"): no line puts "a" before a name."""
    po = ROOT / "audiogame" / "locale" / "it" / "LC_MESSAGES" / "audiogame.po"
    lines = [line for line in po.read_text(encoding="utf-8").splitlines()
             if line.startswith("msgstr") and NAME_AFTER_A.search(line)]  # fmt: skip
    assert lines == []
    said = drive(["enter"], game="cardavia", config={"seed": 3}, language="it").spoken
    assert said[-1] == "È il turno di Anna. N fa giocare subito gli altri."


def test_italian_options_read_yes_or_no_whatever_the_gender() -> None:
    options = main_menu("it").index("Opzioni")  # 5 downs with the three games that ship
    said = drive(["down"] * options + ["enter"] + ["down"] * 8, language="it").spoken
    assert "Modalità breve: no, 8 di 12" in said
    assert "Passaggio automatico in Cardavia: no, 9 di 12" in said
    assert not any("spenti" in line or "Entra" in line for line in said)


# ----- item 5: hosting messages -------------------------------------------------------------------
def test_a_server_on_every_network_gives_the_addresses_others_can_use() -> None:
    lines = ready_lines("0.0.0.0", 41613, False, addresses=lambda family: ["192.0.2.7"])
    assert lines == [
        "audiogame serve: listening on every network of this computer, port 41613",
        "audiogame serve: players with a browser open http://192.0.2.7:41613/",
        "audiogame serve: players on this computer open http://127.0.0.1:41613/",
    ]
    assert not any("0.0.0.0" in line for line in lines)
    alone = ready_lines("0.0.0.0", 8765, True, addresses=lambda family: [])
    assert alone[1] == (
        "audiogame serve: players on other computers open this computer's address, port 8765"
    )
    set_language("it")
    try:
        italian = ready_lines("127.0.0.1", 8765, False)
    finally:
        set_language("en")
    assert italian == [
        "audiogame serve: in ascolto su ws://127.0.0.1:8765/",
        "audiogame serve: chi gioca dal browser apre http://127.0.0.1:8765/",
        "audiogame serve: può entrare solo questo computer; con --host 0.0.0.0 entrano anche "
        "gli altri",
    ]


def test_this_computers_addresses_are_never_loopback_or_unspecified() -> None:
    for address in machine_addresses():
        assert not address.startswith(("127.", "0.")), address


@pytest.mark.skipif(sys.platform == "win32", reason="Control+C is SIGINT on POSIX")
@pytest.mark.parametrize(
    ("lang", "stopped"),
    [("en", "audiogame serve: server stopped; tables saved."),
     ("it", "audiogame serve: server fermato; tavoli salvati.")],
)  # fmt: skip
def test_control_c_stops_the_server_with_a_word_and_no_traceback(
    lang: str, stopped: str, tmp_path: Path
) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "audiogame", "--lang", lang, "--config-dir", str(tmp_path),
         "--data-dir", str(tmp_path), "serve", "--port", "0"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)}, start_new_session=True,
    )  # fmt: skip
    assert process.stdout is not None
    first = process.stdout.readline()  # the server listens: its handler is in place
    assert ":" in first
    os.killpg(process.pid, signal.SIGINT)  # as Control+C: the whole group hears it
    out, err = process.communicate(timeout=60)
    assert process.returncode == 0
    assert out.splitlines()[-1] == stopped
    assert err == ""


# ----- item 8: the deal's number is never its place in a match ------------------------------------
@pytest.mark.parametrize(
    ("language", "single", "match"),
    [("en", "Cardavia, deal number 3. Order of play: ",
      "Cardavia, a match of 3 deals. Order of play: "),
     ("it", "Cardavia, smazzata numero 3. Ordine di gioco: ",
      "Cardavia, una partita di 3 smazzate. Ordine di gioco: ")],
)  # fmt: skip
def test_the_seed_is_said_as_a_deal_number_apart_from_the_place_in_a_match(
    language: str, single: str, match: str
) -> None:
    """A single deal is said by its number; a match by its deals, its first deal's number on
    D (the opening stays short), and never a deal number taken for a place in the match."""
    said = drive([], game="cardavia", config={"seed": 3}, language=language).spoken
    assert said[0].startswith(single)
    said = drive([], game="cardavia", config={"seed": 3, "deals": 3}, language=language).spoken
    assert said[0].startswith(match)
    assert not any(line.startswith(("Deal 1 of 3", "Smazzata 1 di 3")) for line in said)
    said = drive([], game="battle", config={"seed": 3}, language=language).spoken
    assert said[0].startswith(
        {"en": "Battaglia, deal number 3: ", "it": "Battaglia, smazzata numero 3: "}[language]
    )


# ----- item 9: a folder that cannot be used is named, with the reason -------------------------
def _heard_at_start(tmp_path: Path, *argv: str) -> list[str]:
    log = tmp_path / "speech.txt"
    done = subprocess.run(
        [sys.executable, "-m", "audiogame", "--speech", "silent", "--speech-log", str(log),
         *argv, "play", "battle", "--seed", "3"],
        cwd=ROOT, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return log.read_text(encoding="utf-8").splitlines()


def test_folders_that_are_files_are_said_to_be_unusable_and_why(tmp_path: Path) -> None:
    afile = tmp_path / "afile"
    afile.write_text("not a folder", encoding="utf-8")
    said = _heard_at_start(tmp_path, "--config-dir", str(afile), "--data-dir", str(afile / "sub"))
    assert said[1] == (
        f"The options folder {afile} cannot be used: it is a file, not a folder. Default "
        "options are in use, and changed options are not kept."
    )
    assert (
        f"The saved-games folder {afile / 'sub'} cannot be used: {afile} is a file, not a "
        "folder. Games are not saved, and none can be resumed."
    ) in said
    assert not any("damaged" in line or "cannot be resumed," in line for line in said)
    assert not any("could not be saved" in line for line in said)
    assert afile.read_text(encoding="utf-8") == "not a folder"  # nothing changed


def test_an_unusable_folder_is_said_in_italian(tmp_path: Path) -> None:
    afile = tmp_path / "afile"
    afile.write_text("", encoding="utf-8")
    said = _heard_at_start(tmp_path, "--lang", "it", "--data-dir", str(afile))
    assert (
        f"Non si può usare la cartella delle partite salvate {afile}: è un file, non una "
        "cartella. Le partite non vengono salvate, e non se ne può riprendere nessuna."
    ) in said


# ----- item 12: H at every table, classic War too --------------------------------------------
@pytest.mark.parametrize(
    ("language", "answer"),
    [("en", "No choice to make in classic War: every card is turned up from the top of your "
            "stock. Space or Enter turns up yours."),
     ("it", "Nella Battaglia classica non c'è nessuna scelta da fare: ogni carta si scopre "
            "dalla cima del mazzetto. Spazio o Invio scopre la tua.")],
)  # fmt: skip
def test_the_hint_key_in_classic_war_says_there_is_no_choice(language: str, answer: str) -> None:
    session = drive(["h", "?"], game="battle", config={"seed": 3}, language=language)
    assert session.spoken[-2:] == [answer, answer]
    assert "No action on this key." not in session.spoken
    assert session.app.autosave is None or session.app.autosave.table is None  # no move made


# ----- item 6: what a fresh machine needs, said in the README ------------------------------------
def test_the_readme_says_what_a_fresh_machine_needs() -> None:
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert "sudo apt install python3-venv" in readme  # Debian's venv is a package of its own
    assert readme.count("pipx ensurepath") >= 2  # after pipx install, on Linux and macOS
    assert "Microsoft Store" in readme and "write `py`" in readme
    assert "**Narrator** (Windows)" in readme and "--speech console" in readme
