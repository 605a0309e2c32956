"""The command line: ``audiogame``, ``audiogame play GAME [options]``, ``audiogame play --code
CODE``, ``audiogame practice``, ``audiogame replay [FILE]``, ``audiogame rules GAME``.

The play options of each game come from the same data as its setup menu
(:mod:`audiogame.catalog`), so the two never disagree. Every word of the command line (help,
errors, argparse's own) is in the player's language: :func:`early_options` finds the language
before the parser is built (:func:`build_parser` translates as it builds).
"""

from __future__ import annotations

import argparse
import errno
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from audiogame import __version__
from audiogame.catalog import GAMES, GameEntry, SetupOption
from audiogame.i18n import N_, _
from audiogame.saves.codes import CUSTOM_LIMIT, MAX_SEED
from audiogame.speech.chain import CHOICES

EPILOG = N_("keys: F1 lists the keys of every screen. Examples:")
EXAMPLES = """  audiogame --lang it
  audiogame play battle --players 3 --deck 32 --seed 7
  audiogame play --code A98Z
  audiogame practice
  audiogame replay
  audiogame rules battle"""


def _whole(text: str, low: int, high: int) -> int:
    """``text`` as a whole number from ``low`` to ``high``, or why not in the player's words."""
    if len(text.strip()) > 20:
        raise argparse.ArgumentTypeError(
            _("must be from {low} to {high}").format(low=low, high=high)
        )
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("not a whole number: {text}").format(text=repr(text))
        ) from None
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(
            _("must be from {low} to {high}, not {value}").format(low=low, high=high, value=value)
        )
    return value


def _positive(text: str) -> int:
    return _whole(text, 1, CUSTOM_LIMIT - 1)


def _seed(text: str) -> int:
    return _whole(text, 0, MAX_SEED)


def _port(text: str) -> int:
    return _whole(text, 0, 65535)


def early_options(argv: Sequence[str] | None) -> argparse.Namespace:
    """``--lang`` and ``--config-dir`` wherever they are on the line, read before the parser
    is built so that it speaks the player's language (a wrong value is left for the parser to
    refuse, in the language of the options)."""
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--lang")
    early.add_argument("--config-dir")
    try:
        found, _rest = early.parse_known_args(argv)
    except SystemExit:  # "--lang" with nothing after it: the parser says so later
        return argparse.Namespace(lang=None, config_dir=None)
    return found


def file_problem(error: OSError) -> str:
    """What went wrong with a file, in the player's words (never "[Errno 2] ...")."""
    words = {
        errno.ENOENT: N_("the file or its folder does not exist"),
        errno.EACCES: N_("permission denied"),
        errno.EPERM: N_("permission denied"),
        errno.EISDIR: N_("it is a folder, not a file"),
        errno.ENOTDIR: N_("a part of the path is not a folder"),
        errno.ENOSPC: N_("the disk is full"),
        errno.EROFS: N_("the disk is read-only"),
        errno.ENAMETOOLONG: N_("the name is too long"),
    }
    return _(words.get(error.errno or 0, N_("the file cannot be used")))


def folder_words(folder: Path, error: OSError) -> str:
    """Why a folder cannot be used, in the player's words: which part of its path is a file,
    or what the system refused."""
    if error.errno == errno.ENOTDIR:
        if Path(error.filename or folder) == Path(folder):
            return _("it is a file, not a folder")
        return _("{part} is a file, not a folder").format(part=error.filename)
    return file_problem(error)


def _common(parser: argparse.ArgumentParser, suppress: bool) -> None:
    """Options accepted before or after the command (``audiogame play battle --lang it``)."""
    default: Any = argparse.SUPPRESS if suppress else None
    parser.add_argument(
        "--lang",
        choices=("en", "it"),
        default=default,
        help=_("language of every message (default: options, else the system's)"),
    )
    parser.add_argument(
        "--speech",
        choices=CHOICES,
        default=default,
        help=_("speech output (default: options, else auto)"),
    )
    parser.add_argument(
        "--speech-log",
        metavar=_("PATH"),
        default=default,
        help=_("append every message spoken to this file, one per line"),
    )
    parser.add_argument(
        "--config-dir",
        metavar=_("PATH"),
        default=default,
        help=_("folder of the settings file (default: the user config folder)"),
    )
    parser.add_argument(
        "--data-dir",
        metavar=_("PATH"),
        default=default,
        help=_("folder of the saved games (default: the user data folder)"),
    )


HELP_POINTER = N_("{prog} --help lists the options.")


class Parser(argparse.ArgumentParser):
    """A command line whose error says what is wrong first, then where the help is, instead
    of five lines of usage before the one line that matters."""

    def error(self, message: str) -> Any:
        pointer = _(HELP_POINTER).format(prog=self.prog)
        self.exit(2, _("%(prog)s: error: %(message)s\n") % {"prog": self.prog, "message": message}
                  + pointer + "\n")  # fmt: skip


def _is_range(values: tuple[Any, ...]) -> bool:
    """Whole numbers one after the other, too many to read out one by one: said as "1-20"."""
    whole = all(isinstance(value, int) and not isinstance(value, bool) for value in values)
    return whole and len(values) > 6 and list(values) == list(range(values[0], values[-1] + 1))


def _add_option(parser: argparse.ArgumentParser, option: SetupOption) -> None:
    if option.is_switch:
        parser.add_argument(
            option.flag,
            dest=option.key,
            action="store_const",
            const=not option.default,
            default=argparse.SUPPRESS,
            help=_(option.help) if option.help else None,
        )
    elif option.is_seed:
        parser.add_argument(
            option.flag,
            dest=option.key,
            type=_seed,
            metavar="N",
            default=argparse.SUPPRESS,
            help=_(option.help) if option.help else None,
        )
    elif option.key == "trick_limit":
        parser.add_argument(
            option.flag,
            dest=option.key,
            type=_positive,
            metavar="N",
            default=argparse.SUPPRESS,
            help=_(option.help) if option.help else None,
        )
    elif _is_range(option.values):
        low, high = option.values[0], option.values[-1]
        parser.add_argument(
            option.flag,
            dest=option.key,
            type=lambda text: _whole(text, low, high),
            metavar=f"{low}-{high}",
            default=argparse.SUPPRESS,
            help=_(option.help) if option.help else None,
        )
    else:
        parser.add_argument(
            option.flag,
            dest=option.key,
            type=str if isinstance(option.default, str) else int,
            choices=option.values,
            default=argparse.SUPPRESS,
            help=_(option.help) if option.help else None,
        )


def _add_game(commands: Any, entry: GameEntry) -> None:
    game = commands.add_parser(entry.key, help=_(entry.title))
    _common(game, suppress=True)
    for option in entry.options:
        _add_option(game, option)


def build_parser() -> argparse.ArgumentParser:
    """The command line, its words in the current language (set it first)."""
    from audiogame.i18n.argparse_words import install

    install()
    parser = Parser(
        prog="audiogame",
        description=_(
            "Accessible card games played by ear: Battaglia, Battaglia scientifica, Cardavia."
        ),
        epilog=_(EPILOG) + "\n" + EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _common(parser, suppress=False)
    parser.add_argument(
        "--version", action="version", version=f"%(prog)s {__version__}", help=_("show the version")
    )
    commands = parser.add_subparsers(dest="command", metavar=_("COMMAND"))
    play = commands.add_parser("play", help=_("start a table directly (a GAME, or --code)"))
    _common(play, suppress=True)
    play.add_argument(
        "--code",
        metavar=_("CODE"),
        help=_("the deal code a table tells with D: the same cards again"),
    )
    games = play.add_subparsers(dest="game", metavar=_("GAME"))
    for entry in GAMES:
        _add_game(games, entry)
    practice = commands.add_parser("practice", help=_("learn the sound cues (listen and quiz)"))
    _common(practice, suppress=True)
    rules = commands.add_parser("rules", help=_("print the rules of a game"))
    _common(rules, suppress=True)
    rules.add_argument(
        "game", metavar=_("GAME"), choices=[entry.key for entry in GAMES], help=_("the game")
    )
    replay = commands.add_parser("replay", help=_("replay a saved or finished game move by move"))
    _common(replay, suppress=True)
    replay.add_argument(
        "file",
        metavar=_("FILE"),
        nargs="?",
        help=_("a saved game (default: the game in progress, else the last finished one)"),
    )
    _add_online(commands)
    export = commands.add_parser(
        "export-web", help=_("write a folder in which a browser plays alone, offline")
    )
    _common(export, suppress=True)
    export.add_argument("folder", metavar=_("FOLDER"), help=_("the folder to write"))
    export.add_argument(
        "--pyodide",
        metavar=_("FILE"),
        help=_("the Pyodide package (.tgz) or its folder (default: downloaded once)"),
    )
    return parser


def _add_online(commands: Any) -> None:
    """``serve`` and ``connect``: online tables."""
    serve = commands.add_parser("serve", help=_("hold online tables for others to join"))
    _common(serve, suppress=True)
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help=_(
            "address to listen on (default 127.0.0.1: this computer only; 0.0.0.0: every "
            "network this computer is on)"
        ),
    )
    serve.add_argument("--port", type=_port, default=8765, help=_("port (0: any free port)"))
    serve.add_argument(
        "--public-name",
        action="append",
        default=[],
        metavar=_("NAME"),
        help=_(
            "a name players reach this server by, such as cards.example.org (again for "
            "another); addresses and localhost need none"
        ),
    )
    serve.add_argument("--tls-cert", metavar=_("FILE"), help=_("TLS certificate (with --tls-key)"))
    serve.add_argument("--tls-key", metavar=_("FILE"), help=_("TLS private key"))
    serve.add_argument("--password-file", metavar=_("FILE"), help=_("the server's password"))
    serve.add_argument(
        "--limits", metavar=_("FILE"), help=_("a TOML file of limits (see docs/public-server.md)")
    )
    serve.add_argument(
        "--alone",
        metavar=_("FOLDER"),
        help=_("a folder written by export-web: the page also offers to play alone"),
    )
    connect = commands.add_parser("connect", help=_("sit at a server's online tables"))
    _common(connect, suppress=True)
    connect.add_argument("address", metavar=_("HOST[:PORT]"), help=_("the server (port 8765)"))
    connect.add_argument("--name", required=True, help=_("your name at the tables"))
    connect.add_argument("--password-file", metavar=_("FILE"), help=_("the server's password"))
    connect.add_argument("--tls", action="store_true", help=_("a server with a certificate"))
    connect.add_argument(
        "--insecure", action="store_true", help=_("do not verify the certificate (tests only)")
    )


def table_config(args: argparse.Namespace, entry: GameEntry) -> dict[str, Any]:
    """The options given on the command line for ``entry`` (the rest keep their defaults)."""
    return {
        option.key: getattr(args, option.key)
        for option in entry.options
        if hasattr(args, option.key)
    }
