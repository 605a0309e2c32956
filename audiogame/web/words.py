"""The page's own words: labels, headings and the messages the page says by itself (connection,
sound, options). Marked here so that the catalogs hold them like every other message; the page
gets them translated into its language, in the HTML and as JSON for its scripts. The games'
short names come from their registrations (``GameEntry.short_title``).

>>> page_words("it")["lobby"]
'Tavoli'
>>> page_words("en")["reconnecting"]
'Connection lost. Trying to reconnect.'
"""

from __future__ import annotations

import gettext

from audiogame.catalog import GAMES
from audiogame.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, N_

WORDS: dict[str, str] = {
    "title": N_("Audiogame cards"),
    "skip": N_("Skip to the main content"),
    "status_heading": N_("Connection"),
    "connecting": N_("Connecting to the server…"),
    "connected": N_("Connected as {name}."),
    "unreachable": N_("The server cannot be reached. Trying again in {seconds} seconds."),
    "reconnecting": N_("Connection lost. Trying to reconnect."),
    "reconnected": N_("Connected again."),
    "seat_kept": N_("Back to your table: your seat was kept."),
    "seat_elsewhere": N_("Your seat is played in another tab of this browser."),
    "refused": N_("The server refused to let this page in."),
    "other_tab": N_(
        "This seat is now played in another tab or window. Reload this page to take it back."
    ),
    "not_understood": N_("The server sent a message this page does not understand."),
    "server_error": N_("The server refused: {message}"),
    # Entering
    "play_alone": N_("Or play alone in this browser, against computer players"),
    "enter_heading": N_("Your name"),
    "name": N_("Name"),
    "name_help": N_(
        "The name the others hear, up to 20 characters: letters, digits, spaces, hyphens and "
        "apostrophes."
    ),
    "password": N_("Server password, only if the server asks for one"),
    "enter": N_("Enter the lobby"),
    # Lobby
    "lobby": N_("Tables"),
    "refresh": N_("Refresh the list of tables"),
    "no_tables": N_("No table is open. Create one below."),
    "join": N_("Join"),
    "watch": N_("Watch"),
    "join_code_heading": N_("Join a table by its code"),
    "code": N_("Table code"),
    "table_line": N_("{game}, table {id}: {seats}. Watching: {watching}."),
    "table_started": N_("In play."),
    "table_waiting": N_("Waiting to start."),
    "free_seat": N_("a free seat"),
    "bot_seat": N_("a computer player ({level})"),
    "away": N_("{name} (away)"),
    # New table
    "create_heading": N_("New table"),
    "game": N_("Game"),
    "players": N_("Players at the table"),
    "people": N_("People, you included (the other seats go to computer players)"),
    "level": N_("Computer players' levels"),
    "seat_level": N_("Seat {number}, when a computer player plays it"),
    "easy": N_("easy"),
    "normal": N_("normal"),
    "hard": N_("hard"),
    "expert": N_("expert"),
    "pace": N_("Seconds between the computer players' moves"),
    "private": N_("Private table, joined only by its code"),
    "grace": N_("A player who loses the connection keeps the seat for"),
    "turn_timer": N_("Turn timer"),
    "turn_timer_help": N_(
        "With a turn timer, a computer player moves for a person who waits too long, after a "
        "spoken warning. Off by default: nobody is rushed."
    ),
    "timer_off": N_("off"),
    "seconds_30": N_("30 seconds"),
    "minute_1": N_("1 minute"),
    "minutes_2": N_("2 minutes"),
    "minutes_5": N_("5 minutes"),
    "create": N_("Create the table"),
    # At the table
    "table_heading": N_("Table"),
    "table_label": N_("Game table: the game keys work here"),
    "table_title": N_("{game}, table {id}"),
    "seat_line": N_("You sit at seat {seat} of {players}."),
    "watching_line": N_("You are watching."),
    "start": N_("Start the game"),
    "leave": N_("Leave the table"),
    "who": N_("Who is at the table"),
    "state_heading": N_("The table now"),
    "hand_heading": N_("Your hand"),
    "hand_empty": N_("No card in hand."),
    "under_cursor": N_("under the cursor"),
    "actions_heading": N_("Actions"),
    "history_heading": N_("History"),
    "history_help": N_("Every message, oldest first. Page Up and Page Down read them back."),
    "chat_heading": N_("Chat"),
    "message": N_("Message to the table"),
    "send": N_("Send"),
    "left_table": N_("You left the table."),
    # Keys
    "keys_heading": N_("Keys"),
    "keys_help": N_("Keys help"),
    "keys_intro": N_(
        "On the game table the keys of the terminal game work. Where the browser or the screen "
        "reader keeps a key for itself, use the other key given."
    ),
    "key_help": N_("F1 or Alt+K: this list of keys."),
    "key_repeat": N_("F2 or Alt+R: repeat the last message."),
    "key_silence": N_("F3 or Alt+X: silence the browser's voice."),
    "key_history": N_("Page Up, Page Down: previous and next message of the history."),
    "key_history_ends": N_(
        "Control+Home, Control+End, or Shift+Page Up, Shift+Page Down: first and last message."
    ),
    "key_escape": N_(
        "Escape: out of the game table to the buttons after it (in the table, Tab and "
        "Shift+Tab belong to the game)."
    ),
    "key_who": N_("F5 or Alt+W, at a table: who is at the table."),
    "key_chat": N_("F6 or Alt+C, at a table: write a message to the table."),
    "key_close_help": N_("Escape, in this list or in the rules: close them."),
    "key_close": N_("Close the keys help"),
    "key_rules": N_("F4 or Alt+U: the rules of the game."),
    "key_pause": N_(
        "Alt+M: the pause menu (back to the game, keys, rules, options, leave the table)."
    ),
    # Rules and the pause menu
    "rules_button": N_("Rules"),
    "rules_title": N_("Rules of {game}"),
    "rules_close": N_("Close the rules"),
    "pause_button": N_("Pause menu"),
    "pause_heading": N_("Pause"),
    "pause_resume": N_("Back to the game"),
    "pause_keys": N_("Keys"),
    "pause_rules": N_("Rules of the game"),
    "pause_options": N_("Options"),
    "pause_leave": N_("Leave the table"),
    "history_position": N_("{text} ({position} of {total})"),
    "history_empty": N_("No message yet."),
    # Options
    "options_heading": N_("Options"),
    "language": N_("Language"),
    "voice": N_("Speak with the browser's voice (for players without a screen reader)"),
    "rate": N_("Speech rate"),
    "volume": N_("Speech volume"),
    "cues": N_("Sound cues"),
    "cue_volume": N_("Cue volume"),
    "auto_pass": N_("Automatic pass in Cardavia"),
    "sound_on": N_("Sound cues are on."),
    "sound_off": N_("Sound cues are off."),
    "no_audio": N_("This browser cannot play the sound cues; the game goes on without them."),
    "no_voice": N_("This browser has no voice; messages still go to your screen reader."),
    "voice_on": N_("The browser's voice is on."),
    "voice_off": N_("The browser's voice is off."),
}


def page_words(language: str) -> dict[str, str]:
    """Every word of the page in ``language`` (English for a language we do not have)."""
    if language not in LANGUAGES:
        language = "en"
    translation = gettext.translation(
        DOMAIN, localedir=str(LOCALE_DIR), languages=[language], fallback=True
    )
    words = {key: translation.gettext(text) for key, text in WORDS.items()}
    for entry in GAMES:  # each game's short name, from its registration
        words[entry.key] = translation.gettext(entry.short_title or entry.title)
    return words
