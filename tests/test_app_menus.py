"""The program driven with keys: menus, options, history and the keys every screen shares."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from audiogame.settings import Settings
from audiogame.testing import drive
from tests.menu_games import games, main_item, main_menu


def test_main_menu_says_item_and_position() -> None:
    session = drive(["down", "down", "end", "home", "up"])
    last = len(main_menu())  # 9 with the three games that ship
    assert session.spoken == [
        f"Main menu. Battaglia (War), 1 of {last}",
        f"Battaglia scientifica (Scientific Battle), 2 of {last}",
        f"Cardavia, 3 of {last}",
        f"Quit, {last} of {last}",
        f"Battaglia (War), 1 of {last}",
        f"Quit, {last} of {last}",
    ]
    # Up from the first item goes round to the last, with the edge cue.
    assert session.played == ["menu_move"] * 4 + ["menu_edge"]


def test_first_letter_jumps_and_cycles() -> None:
    session = drive(["o", "b", "b", "z"])
    assert session.spoken[1:] == [
        main_item("Options"),  # 6 of 9 with the three games that ship
        main_item("Battaglia (War)"),
        main_item("Battaglia scientifica (Scientific Battle)"),
        "No item starts with z.",
    ]


def test_escape_on_main_menu_goes_to_quit_and_enter_quits() -> None:
    session = drive(["escape", "enter", "down"])
    assert session.spoken == [f"Main menu. {main_item('Battaglia (War)')}", main_item("Quit")]
    assert not session.app.stack  # quit: the later key reached nothing


def test_setup_menu_changes_options_and_types_the_deal_number() -> None:
    session = drive(["enter", "down", "right", "right", "down", "left", "end", "up", "4", "2"])
    said = session.spoken
    assert said[1] == "Battaglia (War): new game. Start the game, 1 of 10"
    assert said[2:6] == [
        "Players: 2 players, 2 of 10",
        "Players: 3 players",
        "Players: 4 players",
        "Deck: 52 cards, 3 of 10",
    ]
    assert said[6] == "Deck: 32 cards"
    assert said[-2:] == ["Deal number: 4", "Deal number: 42"]


def test_setup_starts_the_table_with_the_chosen_options() -> None:
    session = drive(["enter", "down", "right", "end", "up", "7", "home", "enter"])
    assert session.spoken[-3] == "Battaglia, deal number 7: you, Anna and Bruno. 17 cards each."
    assert session.spoken[-2].startswith("1 card set aside, out of play: ")
    assert session.spoken[-1] == (
        "Turn up your card: Space or Enter. Your stock and won pile: W. All the keys: F1."
    )


def test_unknown_key_says_no_action_and_changes_nothing() -> None:
    session = drive(["\x1b[15~", "!"])  # F5 and a punctuation mark
    assert session.spoken[1:] == ["No action on this key.", "No action on this key."]
    assert session.played == ["not_allowed", "not_allowed"]


def test_f1_is_a_list_of_the_keys_browsed_by_line_and_group() -> None:
    """Issue 10, item 5: F1 opens a list (Down reads on, Right the next group, Escape
    closes), grouped, each line named from its keys; it is in the history."""
    session = drive(["f1", "down", "right", "end", "down", "c-home", "escape", "down"])
    said = session.spoken
    assert said[1] == (
        "Keys of Main menu: 13 keys; Down reads on, Right goes to the next group, Escape closes."
    )
    assert said[2:6] == [
        "Moving. Up and Down arrows: move through the items.",
        "Home and End: first and last item.",
        "Choosing and playing. Left and Right arrows: change the value of an option.",
        "Control+C: quit the program.",
    ]
    assert said[6] == "Last key."
    first = f"Main menu. {main_item('Battaglia (War)')}"  # "…, 1 of 9" with three games
    assert said[7] == first  # Control Home: the history's first
    assert said[-2:] == [
        first,  # issue 25, item 10: back, it says its name
        main_item("Battaglia scientifica (Scientific Battle)"),
    ]
    assert "Control+C: quit the program." in session.app.narrator.history
    assert session.app.narrator.history[0] == first


def test_f2_history_and_silence_keys_at_the_table() -> None:
    keys = [
        "space",
        "space",
        "f2",
        "pageup",
        "pageup",
        "pagedown",
        "c-home",
        "pageup",
        "c-end",
        "f3",
    ]
    session = drive(keys, game="battle", config={"seed": 3})
    history = session.app.narrator.history
    said = session.spoken
    assert said[-7] == history[-1]  # F2
    assert said[-6] == history[-2]
    assert said[-5] == history[-3]
    assert said[-4] == history[-2]
    assert said[-3] == history[0]
    assert said[-2] == f"First message. {history[0]}"
    assert said[-1] == history[-1]
    assert session.speaker.silenced == 1
    assert history[0] == "Battaglia, deal number 3: you and Anna. 26 cards each."


def test_options_change_is_saved_and_survives_a_restart(tmp_path: Path) -> None:
    drive(["o", "enter", "down", "down", "right", "right"], config_dir=tmp_path)
    saved = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert saved["version"] == 1 and saved["rate"] == 70
    session = drive(["o", "enter", "down", "down"], config_dir=tmp_path, settings=Settings(rate=70))
    assert session.spoken[-1] == "Speech rate: 70 percent, 3 of 12"


def test_language_switch_is_live_and_persistent(tmp_path: Path) -> None:
    """Right steps to a language, named by its own name too; Enter applies it at once."""
    session = drive(["o", "enter", "right", "enter", "escape", "up"], config_dir=tmp_path)
    said = session.spoken
    assert said[-5:] == [
        "Options. Language: English, 1 of 12",
        "Language: Italian (Italiano): Enter switches to it",
        "Lingua: italiano",
        f"Menu principale. {main_item('Opzioni', 'it')}",  # 6 di 9 with three games
        main_item("Esercizio sui suoni", "it"),
    ]
    saved = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert saved["language"] == "it"


def test_a_speech_stepped_to_is_named_in_the_speech_in_use_and_taken_by_enter(
    tmp_path: Path,
) -> None:
    """Left and Right only name a speech (one step must never leave the player without a
    voice); Enter switches to it, which then says it."""
    first = drive(["o", "enter", "down", "right"], config_dir=tmp_path / "stepped")
    assert len(first.speakers) == 1 and first.app.settings.speech == "auto"
    assert first.spoken[-1] == "Speech: screen reader: Enter switches to it"
    session = drive(["o", "enter", "down", "right", "enter"], config_dir=tmp_path / "taken")
    assert session.app.narrator.speaker.name == "screenreader"
    assert session.speakers[-1].spoken == ["Speech: screen reader"]
    saved = json.loads((tmp_path / "taken" / "settings.json").read_text(encoding="utf-8"))
    assert saved["speech"] == "screenreader"


def test_a_speech_only_stepped_to_changes_nothing(tmp_path: Path) -> None:
    """Stepping to silent and leaving the options: the same voice, the same saved choice."""
    keys = ["o", "enter", "down", *["left"] * 1, "escape", "o", "enter", "down"]
    session = drive(keys, config_dir=tmp_path)
    assert len(session.speakers) == 1 and session.app.settings.speech == "auto"
    assert (
        "Speech: silent: Enter switches to it, and then nothing is said until another speech "
        "is chosen here, or the program is started with --speech auto"
    ) in session.spoken
    assert session.spoken[-1] == "Speech: automatic, 2 of 12"


def test_names_are_edited_and_used_at_the_table(tmp_path: Path) -> None:
    keys = [
        "o",
        "enter",
        "c",
        "c",
        "enter",
        "enter",
        "backspace",
        "Z",
        "o",
        "e",
        "enter",
        "escape",
        "escape",
        "home",
        "enter",
        "enter",
    ]
    session = drive(keys, config_dir=tmp_path)
    said = session.spoken
    assert "The name is empty." in said
    assert said[said.index("Saved: Zoe.") + 1] == "Computer players' names. Player 2: Zoe, 1 of 9"
    assert "Battaglia, deal" in said[-2] and "you and Zoe." in said[-2]


def test_rules_are_read_paragraph_by_paragraph_in_italian() -> None:
    session = drive(["r", "enter", "enter", "down", "end", "down"], language="it")
    said = session.spoken
    assert said[2] == f"Regole. Battaglia, 1 di {len(games())}"  # 1 di 3: each game's rules
    assert said[3].startswith("Regole di Battaglia: 9 paragrafi")
    assert said[4].startswith("Battaglia si gioca da 2 a 6 giocatori")
    assert said[-1] == "Fine del testo."
    assert session.played[-1] == "menu_edge"


def test_f4_at_the_table_reads_the_rules_and_escape_comes_back() -> None:
    session = drive(["f4", "escape"], game="battle", config={"seed": 3})
    assert session.spoken[-5].startswith("Rules of Battaglia (War): 9 paragraphs")
    assert session.spoken[-3] == "Back to the game."
    assert session.spoken[-2:] == ["Trick 1 of 2000. Your turn: press Space or Enter.",
                                   "Cards owned: you 26, Anna 26."]  # fmt: skip


def test_speech_log_keeps_every_line(tmp_path: Path) -> None:
    log = tmp_path / "speech.txt"
    session = drive(["down", "f2"], log_path=log)
    assert log.read_text(encoding="utf-8").splitlines() == session.spoken


def test_sound_options_reach_the_cue_player_at_once(tmp_path: Path) -> None:
    """Turning cues off or the cue volume down in the options is heard at once."""
    session = drive(["o", "enter"] + ["down"] * 5 + ["right"], config_dir=tmp_path)
    cues = session.cues
    assert cues is session.app.narrator.cues
    assert session.spoken[-1].startswith("Sound cues: off")
    assert cues.enabled is False
    played = len(session.played)
    session.app.narrator.cue("menu_move")
    assert len(session.played) == played, "a cue played while cues are off"


def test_a_games_setup_is_remembered_from_one_start_to_the_next(tmp_path: Path) -> None:
    """Issue 25, item 10: the setup last started (players here) is where the setup menu
    opens next time, after a restart too; the deal number is never kept."""
    from audiogame.settings import SettingsStore

    drive(["enter", "down", "right", "up", "enter"], config_dir=tmp_path)
    settings, _problem = SettingsStore(tmp_path).load()
    assert settings.setups["battle"]["players"] == 3 and "seed" not in settings.setups["battle"]
    for language, line in (("en", "Players: 3 players, 2 of 10"),
                           ("it", "Giocatori: 3 giocatori, 2 di 10")):  # fmt: skip
        again = drive(["enter", "down"], config_dir=tmp_path, language=language,
                      settings=replace(settings, language=language))  # fmt: skip
        assert again.spoken[-1] == line
    # Escape from the setup: the main menu says its name.
    back = drive(["enter", "escape"], config_dir=tmp_path).spoken
    assert back[-1] == f"Main menu. {main_item('Battaglia (War)')}"


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_speech_option_says_the_one_in_use_when_the_command_line_chose_it(
    language: str,
) -> None:
    """Issue 25, item 14: under ``--speech console`` the options do not just say "automatic"."""
    from audiogame.app.menus import MainMenu
    from audiogame.testing import make_session

    session = make_session(language=language)
    session.speaker.choice = "console"  # type: ignore[attr-defined]  # as --speech console
    session.app.start([MainMenu(session.app)])
    for key in ["o", "c-m", "down"]:
        session.app.dispatch(key)
    expected = {
        "en": "Speech: console lines for this run, from the command line; saved choice: "
        "automatic, 2 of 12",
        "it": "Voce: righe sulla console per questa volta, dalla riga di comando; scelta "
        "salvata: automatica, 2 di 12",
    }[language]
    assert session.spoken[-1] == expected
