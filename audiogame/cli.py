"""The command line: ``audiogame``, ``audiogame play GAME [options]``, ``audiogame play --code
CODE``, ``audiogame practice``, ``audiogame replay [FILE]``, ``audiogame rules GAME``.

The play options of each game come from the same data as its setup menu
(:mod:`audiogame.catalog`), so the two never disagree.
"""

from __future__ import annotations

import argparse
from typing import Any

from audiogame.catalog import GAMES, GameEntry, SetupOption
from audiogame.saves.codes import CUSTOM_LIMIT, MAX_SEED
from audiogame.speech.chain import CHOICES

EPILOG = """keys: F1 lists the keys of every screen. Examples:
  audiogame --lang it
  audiogame play battle --players 3 --deck 32 --seed 7
  audiogame play --code A98Z
  audiogame practice
  audiogame replay
  audiogame rules battle"""


def _positive(text: str) -> int:
    if len(text.strip()) > 20:
        raise argparse.ArgumentTypeError(f"must be from 1 to {CUSTOM_LIMIT - 1}")
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 1 <= value < CUSTOM_LIMIT:
        raise argparse.ArgumentTypeError(f"must be from 1 to {CUSTOM_LIMIT - 1}, got {value}")
    return value


def _seed(text: str) -> int:
    if len(text.strip()) > 20:
        raise argparse.ArgumentTypeError(f"must be from 0 to {MAX_SEED}")
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"must be from 0 to {MAX_SEED}, got {value}")
    return value


def _common(parser: argparse.ArgumentParser, suppress: bool) -> None:
    """Options accepted before or after the command (``audiogame play battle --lang it``)."""
    default: Any = argparse.SUPPRESS if suppress else None
    parser.add_argument(
        "--lang",
        choices=("en", "it"),
        default=default,
        help="language of every message (default: options, else the system's)",
    )
    parser.add_argument(
        "--speech",
        choices=CHOICES,
        default=default,
        help="speech output (default: options, else auto)",
    )
    parser.add_argument(
        "--speech-log",
        metavar="PATH",
        default=default,
        help="append every message spoken to this file, one per line",
    )
    parser.add_argument(
        "--config-dir",
        metavar="PATH",
        default=default,
        help="folder of the settings file (default: the user config folder)",
    )
    parser.add_argument(
        "--data-dir",
        metavar="PATH",
        default=default,
        help="folder of the saved games (default: the user data folder)",
    )


def _add_option(parser: argparse.ArgumentParser, option: SetupOption) -> None:
    if option.is_switch:
        parser.add_argument(
            option.flag,
            dest=option.key,
            action="store_const",
            const=not option.default,
            default=argparse.SUPPRESS,
            help=option.help or None,
        )
    elif option.is_seed:
        parser.add_argument(
            option.flag,
            dest=option.key,
            type=_seed,
            metavar="N",
            default=argparse.SUPPRESS,
            help=option.help or None,
        )
    elif option.key == "trick_limit":
        parser.add_argument(
            option.flag,
            dest=option.key,
            type=_positive,
            metavar="N",
            default=argparse.SUPPRESS,
            help=option.help or None,
        )
    else:
        parser.add_argument(
            option.flag,
            dest=option.key,
            type=str if isinstance(option.default, str) else int,
            choices=option.values,
            default=argparse.SUPPRESS,
            help=option.help or None,
        )


def _add_game(commands: Any, entry: GameEntry) -> None:
    game = commands.add_parser(entry.key, help=entry.title)
    _common(game, suppress=True)
    for option in entry.options:
        _add_option(game, option)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="audiogame",
        description="Accessible card games played by ear: Battaglia, Battaglia scientifica, "
        "Cardavia.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _common(parser, suppress=False)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    play = commands.add_parser("play", help="start a table directly (a GAME, or --code)")
    _common(play, suppress=True)
    play.add_argument(
        "--code", metavar="CODE", help="the deal code a table tells with D: the same cards again"
    )
    games = play.add_subparsers(dest="game", metavar="GAME")
    for entry in GAMES:
        _add_game(games, entry)
    practice = commands.add_parser("practice", help="learn the sound cues (listen and quiz)")
    _common(practice, suppress=True)
    rules = commands.add_parser("rules", help="print the rules of a game")
    _common(rules, suppress=True)
    rules.add_argument("game", choices=[entry.key for entry in GAMES])
    replay = commands.add_parser("replay", help="replay a saved or finished game move by move")
    _common(replay, suppress=True)
    replay.add_argument(
        "file", metavar="FILE", nargs="?", help="a saved game (default: the latest one)"
    )
    _add_online(commands)
    return parser


def _add_online(commands: Any) -> None:
    """``serve`` and ``connect``: online tables."""
    serve = commands.add_parser("serve", help="hold online tables for others to join")
    _common(serve, suppress=True)
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on")
    serve.add_argument("--port", type=int, default=8765, help="port (0: any free port)")
    serve.add_argument("--tls-cert", metavar="FILE", help="TLS certificate (with --tls-key)")
    serve.add_argument("--tls-key", metavar="FILE", help="TLS private key")
    serve.add_argument("--password-file", metavar="FILE", help="the server's password")
    serve.add_argument(
        "--limits", metavar="FILE", help="a TOML file of limits (see docs/public-server.md)"
    )
    connect = commands.add_parser("connect", help="sit at a server's online tables")
    _common(connect, suppress=True)
    connect.add_argument("address", metavar="HOST[:PORT]", help="the server (port 8765)")
    connect.add_argument("--name", required=True, help="your name at the tables")
    connect.add_argument("--password-file", metavar="FILE", help="the server's password")
    connect.add_argument("--tls", action="store_true", help="a server with a certificate")
    connect.add_argument(
        "--insecure", action="store_true", help="do not verify the certificate (tests only)"
    )


def table_config(args: argparse.Namespace, entry: GameEntry) -> dict[str, Any]:
    """The options given on the command line for ``entry`` (the rest keep their defaults)."""
    return {
        option.key: getattr(args, option.key)
        for option in entry.options
        if hasattr(args, option.key)
    }
