"""``audiogame`` and ``python -m audiogame``: start the program.

The first line is spoken as soon as speech is up; everything else (the engine, the sound
mixer) loads after it.
"""

from __future__ import annotations

import sys
from typing import Any

from audiogame import i18n
from audiogame.cli import build_parser, table_config
from audiogame.cues import CuePlayer
from audiogame.i18n import N_, _
from audiogame.settings import Settings, SettingsStore, config_dir

SETTINGS_NOTICES = {
    "corrupt": N_(
        "The options file was damaged: default options are in use; the old file was kept aside."
    ),
    "unreadable": N_(
        "The options file could not be read: default options are in use; the old "
        "file was kept aside."
    ),
    "newer": N_(
        "The options file comes from a newer version: default options are in use; the "
        "old file was kept aside."
    ),
}


def make_cues(settings: Settings, tell: Any) -> CuePlayer:
    """The sound-cue player (silent when the mixer or the device is missing)."""
    from audiogame.sound import make_cue_player

    player: CuePlayer = make_cue_player(
        enabled=settings.sound, volume=settings.cue_volume / 100, on_notice=tell
    )
    return player


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    store = SettingsStore(config_dir(args.config_dir))
    settings, problem = store.load()
    i18n.set_language(args.lang or settings.language or i18n.system_language())
    if args.command == "rules":
        from audiogame.app.texts import rules_text

        print(rules_text(args.game))
        return 0
    try:
        return run(args, store, settings, problem)
    except KeyboardInterrupt:
        return 130


def run(args: Any, store: SettingsStore, settings: Settings, problem: str | None) -> int:
    from audiogame.app.display import LinePrinter
    from audiogame.narrator import Narrator
    from audiogame.speech import ConsoleSpeaker, SpeechChain, backend_label, default_factories

    printer = LinePrinter()

    def speech(choice: str, current: Settings) -> SpeechChain:
        factories = default_factories(current.rate, current.volume)
        factories["console"] = lambda: ConsoleSpeaker(printer)
        return SpeechChain(choice, factories)

    chain = speech(args.speech or settings.speech, settings)
    try:
        narrator = Narrator(chain, log_path=args.speech_log)
    except OSError as error:
        chain.close()
        print(f"audiogame: cannot write the speech log {args.speech_log}: {error}", file=sys.stderr)
        return 2
    narrator.say(_("Audiogame. Speech: {backend}.").format(backend=backend_label(chain.active)))
    if chain.choice != "auto" and chain.failures:
        narrator.say(
            _("The {failed} could not start: using {backend}.").format(
                failed=backend_label(chain.failures[0][0]), backend=backend_label(chain.active)
            )
        )
    if problem is not None:
        narrator.say(_(SETTINGS_NOTICES[problem]))
    from audiogame.speech.screenreader import quiet_stdout

    # The audio libraries print to the terminal when there is no device: keep the screen clean.
    notices: list[str] = []
    with quiet_stdout():
        narrator.cues = make_cues(settings, notices.append)
    for notice in notices:
        narrator.say(_(notice))

    from audiogame.app.application import AudioGame
    from audiogame.app.menus import start_screens
    from audiogame.catalog import game_entry

    app = AudioGame(
        narrator=narrator,
        settings=settings,
        store=store,
        speech_factory=speech,
        full_screen=chain.active != "console",
    )
    printer.app = app
    game = getattr(args, "game", None) if args.command == "play" else None
    config = table_config(args, game_entry(game)) if game else {}
    if args.command == "practice":
        from audiogame.practice import practice_screens

        app.start(practice_screens(app))
    else:
        app.start(start_screens(app, game, config))
    try:
        app.run()
    finally:
        narrator.cues.close()
        narrator.speaker.close()
        narrator.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
