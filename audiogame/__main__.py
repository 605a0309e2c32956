"""``audiogame`` and ``python -m audiogame``: start the program.

The first line is spoken as soon as speech is up; everything else (the engine, the sound
mixer) loads after it.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path
from typing import Any

from audiogame import i18n
from audiogame.cli import build_parser, early_options, file_problem, folder_words, table_config
from audiogame.crash import TerminalGuard, report
from audiogame.i18n import N_, _
from audiogame.persist import folder_problem
from audiogame.saves.lock import SHARED_NOTICE, DataLock
from audiogame.saves.paths import data_dir, log_dir
from audiogame.settings import Settings, SettingsStore, config_dir
from audiogame.signals import (
    HANG_UP,
    SignalStop,
    Stopped,
    keep_sound_library_away,
    terminal_gone,
)
from audiogame.sound.cue_players import CuePlayer

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
SETTINGS_STUCK = N_(
    "The options file is damaged and could not be set aside: default options are in use, and "
    "the old file is left as it is."
)


CONFIG_FOLDER = N_(
    "The options folder {path} cannot be used: {why}. Default options are in use, and changed "
    "options are not kept."
)
DATA_FOLDER = N_(
    "The saved-games folder {path} cannot be used: {why}. Games are not saved, and none can be "
    "resumed."
)


def settings_notice(store: SettingsStore, problem: str) -> str:
    """What to say about a bad options file: "kept aside" only when the rename worked; about
    a folder that cannot be used, why."""
    if problem == "folder":
        trouble = folder_problem(store.folder)
        why = folder_words(store.folder, trouble) if trouble else _("it cannot be used")
        return _(CONFIG_FOLDER).format(path=store.folder, why=why)
    return _(SETTINGS_NOTICES[problem]) if store.aside is not None else _(SETTINGS_STUCK)


def load_settings(store: SettingsStore) -> tuple[Settings, str | None]:
    """The options and the problem to say: a folder that cannot be used is named as such,
    never as a damaged file (nothing is set aside there)."""
    if folder_problem(store.folder) is not None:
        return Settings(), "folder"
    return store.load()


def make_cues(settings: Settings, tell: Any) -> CuePlayer:
    """The sound-cue player (silent when the mixer or the device is missing)."""
    from audiogame.sound import make_cue_player

    player: CuePlayer = make_cue_player(
        enabled=settings.sound, volume=settings.cue_volume / 100, on_notice=tell
    )
    return player


def _forgiving_output() -> None:
    """A terminal that cannot show a character (``PYTHONIOENCODING=ascii`` with Italian) gets
    a replacement, never an error."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)  # a text file's; not every stream's
        with contextlib.suppress(AttributeError, ValueError, OSError):
            if reconfigure is not None:
                reconfigure(errors="replace")


def _print_rules(game: str) -> int:
    """``audiogame rules GAME``: the text on standard output; a pager that stopped early is
    not an error, an output that cannot be written (a full disk) is said in one line."""
    from audiogame.app.texts import rules_text

    try:
        sys.stdout.write(rules_text(game) + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()
        return 0
    except OSError as error:
        _silence_stdout()
        with contextlib.suppress(OSError):
            problem = _("cannot write the rules: {problem}").format(problem=file_problem(error))
            print(f"audiogame: {problem}", file=sys.stderr)
        return 1
    return 0


def _export_web(folder: str, pyodide: str | None) -> int:
    from audiogame.web.export import ExportError, export_web

    try:
        count = export_web(Path(folder), pyodide, note=print)
    except ExportError as error:
        print(f"audiogame: {error}", file=sys.stderr)
        return 2
    done = _(
        "{count} files written in {folder}. To try it here: python3 -m http.server --directory "
        "{folder}, then open http://localhost:8000/ in a browser; to publish it, put the "
        "folder on any web space."
    )
    print(done.format(count=count, folder=folder))
    return 0


def _silence_stdout() -> None:
    """Point stdout at the null device so that the flush at exit does not fail again."""
    with contextlib.suppress(OSError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def main(argv: list[str] | None = None) -> int:
    _forgiving_output()
    early = early_options(argv)
    store = SettingsStore(config_dir(early.config_dir))
    settings, problem = load_settings(store)
    chosen = early.lang if early.lang in i18n.LANGUAGES else None
    i18n.set_language(chosen or settings.language or i18n.system_language())
    parser = build_parser()  # in the player's language, its errors too
    args = parser.parse_args(argv)
    if args.config_dir != early.config_dir:  # given twice: the parser's reading is the one
        store = SettingsStore(config_dir(args.config_dir))
        settings, problem = load_settings(store)
    if args.command == "rules":
        return _print_rules(args.game)
    if args.command == "export-web":
        return _export_web(args.folder, args.pyodide)
    if args.command == "serve":
        from audiogame.online.commands import serve_command

        return serve_command(args)
    args.code_config = None
    if args.command == "play" and args.code:
        from audiogame.catalog import game_entry
        from audiogame.saves.codes import CodeError, decode
        from audiogame.saves.screens import code_refusal

        try:
            game, args.code_config = decode(args.code)
        except CodeError as error:
            parser.error(code_refusal(error))
        if args.game not in (None, game):
            parser.error(
                _("the code {code} is a deal of {game}, not of {other}").format(
                    code=args.code,
                    game=_(game_entry(game).title),
                    other=_(game_entry(args.game).title),
                )
            )
        args.game = game
    elif args.command == "play" and not args.game:
        parser.error(_("play needs a GAME or --code CODE"))
    if args.command == "connect" and args.password_file:
        try:
            from audiogame.online.commands import BlankPassword, read_password

            read_password(args.password_file)
        except (OSError, IndexError, UnicodeDecodeError, BlankPassword) as error:
            if isinstance(error, OSError):
                why = file_problem(error)
            elif isinstance(error, BlankPassword):
                why = _("its first line is blank")
            else:
                why = _("it is empty")
            parser.error(
                _("cannot read the password file {path}: {problem}").format(
                    path=args.password_file, problem=why
                )
            )
    terminal = TerminalGuard()
    stop = SignalStop()
    stop.install()
    try:
        code = run(args, store, settings, problem, terminal, stop)
    except Stopped as stopped:
        terminal.restore()
        return 128 + stopped.signum
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # before speech was up or after it closed: no voice to tell
        return report(error, log_folder=log_dir(args.data_dir), terminal=terminal)
    if stop.exit_code is not None:
        terminal.restore()
        return stop.exit_code
    return code


def refuse(narrator: Any, active: str, problem: str) -> None:
    """An error once speech is up: said through the speech chain (and so into the speech log),
    and on standard error for a script, unless the console lines just printed it."""
    narrator.say(problem[:1].upper() + problem[1:] + ("" if problem.endswith(".") else "."))
    if active != "console":
        with contextlib.suppress(OSError):
            print(f"audiogame: {problem}", file=sys.stderr)


def run(
    args: Any,
    store: SettingsStore,
    settings: Settings,
    problem: str | None,
    terminal: TerminalGuard | None = None,
    stop: SignalStop | None = None,
) -> int:
    from audiogame.app.display import LinePrinter
    from audiogame.narrator import Narrator
    from audiogame.speech import ConsoleSpeaker, SpeechChain, backend_label, default_factories

    printer = LinePrinter()

    def speech(choice: str, current: Settings) -> SpeechChain:
        factories = default_factories(current.rate, current.volume)
        factories["console"] = lambda: ConsoleSpeaker(printer)
        chain = SpeechChain(choice, factories)
        chain.notify = lambda text: narrator.say(text)  # a voice lost mid-game: one message
        return chain

    chain = speech(args.speech or settings.speech, settings)
    try:
        narrator = Narrator(chain, log_path=args.speech_log)
    except OSError as error:
        chain.close()
        problem = _("cannot write the speech log {path}: {problem}").format(
            path=args.speech_log, problem=file_problem(error)
        )
        print(f"audiogame: {problem}", file=sys.stderr)
        return 2
    from audiogame.app.log_file import log_to_file

    log_to_file(log_dir(args.data_dir))  # read out on the terminal, a log line is noise
    narrator.say(_("Audiogame. Speech: {backend}.").format(backend=backend_label(chain.active)))
    if chain.choice != "auto" and chain.failures:
        narrator.say(
            _("The {failed} could not start: using {backend}.").format(
                failed=backend_label(chain.failures[0][0]), backend=backend_label(chain.active)
            )
        )
    if problem is not None:
        narrator.say(settings_notice(store, problem))
    from audiogame.speech.screenreader import quiet_stdout

    # The audio libraries print to the terminal when there is no device: keep the screen clean.
    notices: list[str] = []
    tell = notices.append  # at start, said below; later (a device lost mid-game) at once
    keep_sound_library_away()
    with quiet_stdout():
        narrator.cues = make_cues(settings, lambda notice: tell(notice))
    if stop is not None:
        stop.install()  # again: the sound mixer may have put its own in place
    for notice in notices:
        narrator.say(_(notice))
    from audiogame.sound.watch import watch_output

    watch_output(narrator)

    from audiogame.app.application import AudioGame
    from audiogame.app.menus import start_screens
    from audiogame.catalog import game_entry

    app = AudioGame(
        narrator=narrator,
        settings=settings,
        store=store,
        speech_factory=speech,
        # Console lines are printed, and the screen reader's one line is written, under the
        # command (app/display.py): the other speech shows its messages on a screen of its own.
        full_screen=chain.active not in ("console", "screenreader"),
    )
    printer.app = app
    tell = lambda notice: app.say(_(notice))  # noqa: E731
    from audiogame.saves.autosave import Autosaver
    from audiogame.saves.screens import opening_screens
    from audiogame.saves.store import SaveStore

    if stop is not None:
        stop.app = app
    folder = data_dir(args.data_dir)
    lock = DataLock(folder)
    trouble = folder_problem(folder)
    if trouble is not None:  # no save, no resume offer: said once, with the reason
        app.say(_(DATA_FOLDER).format(path=folder, why=folder_words(folder, trouble)))
        shared = True
    else:
        shared = not lock.acquire()
        if shared:
            app.say(_(SHARED_NOTICE))
    app.autosave = Autosaver(
        app, SaveStore(folder), log_folder=log_dir(args.data_dir), shared=shared
    )
    game = getattr(args, "game", None) if args.command == "play" else None
    config = args.code_config or (table_config(args, game_entry(game)) if game else {})
    try:
        if args.command == "practice":
            from audiogame.practice import practice_screens

            app.start(practice_screens(app))
        elif args.command == "replay":
            from audiogame.saves.replay import replay_screens

            screens = replay_screens(app, args.file)
            if isinstance(screens, str):
                refuse(narrator, chain.active, screens)
                return 2
            app.start(screens)
        elif args.command == "connect":
            from audiogame.online.commands import connect_screens

            app.start(connect_screens(app, args))
        else:
            app.start(opening_screens(app, start_screens(app, game, config)))
        app.run()
    except Exception as error:
        if terminal_gone(error):  # the window was closed: nothing to tell, nobody to tell it
            with contextlib.suppress(Exception):
                if app.autosave is not None:
                    app.autosave.flush()
            return 128 + HANG_UP
        return report(error, app=app, log_folder=log_dir(args.data_dir), terminal=terminal)
    finally:
        narrator.cues.close()
        narrator.speaker.close()
        narrator.close()
        lock.release()
    return 0


if __name__ == "__main__":
    sys.exit(main())
