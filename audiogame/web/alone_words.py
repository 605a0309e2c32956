"""The words of the page that plays alone (``audiogame export-web``): those it shares with the
online page, and its own (loading, a computer player thinking, what the browser keeps). The
game's words are the program's, said by its screens in the worker.

>>> alone_words("it")["loading"]
'Il gioco si sta caricando: la prima volta ci vuole qualche secondo.'
"""

from __future__ import annotations

import gettext

from audiogame.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, N_
from audiogame.web.words import WORDS

SHARED = (
    "title", "skip", "state_heading", "hand_heading", "hand_empty", "actions_heading",
    "history_heading", "history_help", "history_position", "history_empty", "options_heading",
    "language", "voice", "rate", "volume", "no_audio", "no_voice", "voice_on", "voice_off",
    "sound_on", "sound_off",
)  # fmt: skip
"""The online page's words this page says too."""

OWN: dict[str, str] = {
    "alone_heading": N_("Play alone in this browser"),
    "alone_intro": N_(
        "The whole game runs in this page, against computer players: nothing to install, no "
        "server. Your game is kept in this browser after every move."
    ),
    "game_region": N_("The game: its keys work here"),
    "f6_help": N_(
        "In the game every key is the game's. F6 goes to the page's other controls (game files, "
        "history, options), and back to the game."
    ),
    "loading": N_("Loading the game: the first visit takes a few seconds."),
    "loading_again": N_("Loading the game."),
    "downloading": N_("Downloading the game: {percent} percent."),
    "starting_python": N_("Starting Python."),
    "starting_game": N_("Starting the game."),
    "still_starting": N_("Still starting the game."),
    "from_file": N_(
        "This page was opened as a file: a browser plays it only from a web address. Open the "
        "project's page on the web; or, in the folder that holds this page, run python3 -m "
        "http.server and open http://localhost:8000/; or serve the folder with audiogame serve "
        "--alone FOLDER."
    ),
    "still_loading": N_("Still loading: the game answers keys in a moment."),
    "failed": N_("The game cannot start in this browser: {reason}"),
    "broke": N_("Something went wrong in the game: {reason}. Reload the page: your game is kept."),
    "thinking": N_("A computer player is thinking."),
    "files_heading": N_("Game files"),
    "files_help": N_(
        "A game saved to a file plays again here or in the program installed on a computer "
        "(audiogame replay FILE)."
    ),
    "export": N_("Save the last game to a file"),
    "import": N_("Open a game file"),
    "other_tab": N_(
        "The game is open in another tab of this browser: this tab plays too, but keeps "
        "nothing. Close it and play in the other one to keep your game."
    ),
    "offline_ready": N_("This page now plays offline too, with no network."),
    "not_kept": N_(
        "This browser keeps nothing for this page: the game is lost when the page closes."
    ),
}


def alone_words(language: str) -> dict[str, str]:
    """Every word of the page alone in ``language`` (English for a language we do not have)."""
    if language not in LANGUAGES:
        language = "en"
    translation = gettext.translation(
        DOMAIN, localedir=str(LOCALE_DIR), languages=[language], fallback=True
    )
    words = {key: translation.gettext(WORDS[key]) for key in SHARED}
    words.update({key: translation.gettext(text) for key, text in OWN.items()})
    # The link to the page in the other language is named in that language.
    words["other_language"] = "English" if language == "it" else "Italiano"
    words["other_page"] = "index.html" if language == "it" else "index-it.html"
    words["other_lang"] = "en" if language == "it" else "it"
    return words
