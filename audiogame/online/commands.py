"""``audiogame serve`` and ``audiogame connect``."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from audiogame.app.application import AudioGame
    from audiogame.app.screen import Screen


class BlankPassword(ValueError):
    """A password file whose first line is blank (it would let everyone in)."""

    def __init__(self, path: str) -> None:
        super().__init__(f"the first line of {path} is blank: write the password there")


def read_password(path: str | None) -> str | None:
    """The first line of a password file (``None`` without a file); a file whose first line
    is blank is refused (it would let everyone in)."""
    if path is None:
        return None
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    password = lines[0].strip() if lines else ""
    if not password:
        raise BlankPassword(path)
    return password


def serve_command(args: argparse.Namespace) -> int:
    """Serve until SIGTERM or Control C; tables are kept in the data folder."""
    from audiogame.cli import file_problem
    from audiogame.i18n import _
    from audiogame.online.limits import Limits
    from audiogame.online.server import run, tls_context
    from audiogame.saves.paths import data_dir, log_dir

    if bool(args.tls_cert) != bool(args.tls_key):
        print(_("audiogame serve: give both --tls-cert and --tls-key"), file=sys.stderr)
        return 2
    try:
        password = read_password(args.password_file)
        tls = tls_context(args.tls_cert, args.tls_key) if args.tls_cert else None
    except (OSError, IndexError, ValueError) as error:
        if isinstance(error, OSError):
            problem = file_problem(error)
        elif isinstance(error, IndexError):
            problem = _("the password file is empty")
        elif isinstance(error, BlankPassword):
            problem = _("the first line of the password file is blank: write the password there")
        else:
            problem = _("the password file is not text")
        print(f"audiogame serve: {problem}", file=sys.stderr)
        return 2
    try:
        limits = Limits.read(Path(args.limits)) if getattr(args, "limits", None) else Limits()
    except OSError as error:
        print(f"audiogame serve: {file_problem(error)}", file=sys.stderr)
        return 2
    except ValueError as error:
        print(f"audiogame serve: {error}", file=sys.stderr)
        return 2
    folder = data_dir(getattr(args, "data_dir", None)) / "server"

    def ready(server: Any) -> None:
        scheme = "wss" if tls else "ws"
        print(f"audiogame serve: listening on {scheme}://{args.host}:{server.port}/", flush=True)
        page = "https" if tls else "http"
        print(f"audiogame serve: players with a browser open {page}://{args.host}:{server.port}/",
              flush=True)  # fmt: skip

    try:
        asyncio.run(
            run(
                args.host,
                args.port,
                folder,
                password=password,
                tls=tls,
                log_file=log_dir(getattr(args, "data_dir", None)) / "server.log",
                ready=ready,
                limits=limits,
            )
        )
    except KeyboardInterrupt:
        pass
    except OSError as error:
        print(f"audiogame serve: {error}", file=sys.stderr)
        return 1
    return 0


def connect_screens(app: AudioGame, args: argparse.Namespace) -> list[Screen]:
    """The main menu, and the connection to the server once the program runs."""
    from audiogame.app.menus import MainMenu
    from audiogame.i18n import _
    from audiogame.online.client import client_tls
    from audiogame.online.terminal import OnlinePlay

    password = read_password(args.password_file)
    tls = client_tls(args.insecure) if args.tls or args.insecure else None
    play = OnlinePlay(app, args.address, args.name, password=password, tls=tls)

    def begin() -> None:
        if args.insecure:
            app.say(_("Warning: the server's certificate is not checked."))
        app.say(_("Connecting to {server}.").format(server=args.address))
        play.start()

    app.application.pre_run_callables.append(begin)
    return [MainMenu(app)]
