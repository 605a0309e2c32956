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


def read_password(path: str | None) -> str | None:
    """The first line of a password file (``None`` without a file)."""
    if path is None:
        return None
    return Path(path).read_text(encoding="utf-8").splitlines()[0].strip()


def serve_command(args: argparse.Namespace) -> int:
    """Serve until SIGTERM or Control C; tables are kept in the data folder."""
    from audiogame.online.server import run, tls_context
    from audiogame.saves.paths import data_dir, log_dir

    if bool(args.tls_cert) != bool(args.tls_key):
        print("audiogame serve: give both --tls-cert and --tls-key", file=sys.stderr)
        return 2
    try:
        password = read_password(args.password_file)
        tls = tls_context(args.tls_cert, args.tls_key) if args.tls_cert else None
    except (OSError, IndexError, ValueError) as error:
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
    from audiogame.online.kept_seats import kept_seats
    from audiogame.online.terminal import OnlinePlay

    password = read_password(args.password_file)
    tls = client_tls(args.insecure) if args.tls or args.insecure else None
    kept = kept_seats(getattr(args, "data_dir", None))
    play = OnlinePlay(app, args.address, args.name, password=password, tls=tls, kept=kept)
    if password:  # the main menu's Play online connects again with it
        from audiogame.online.screens import ConnectMenu

        ConnectMenu.password = password

    def begin() -> None:
        if args.insecure:
            app.say(_("Warning: the server's certificate is not checked."))
        app.say(_("Connecting to {server}.").format(server=args.address))
        play.start()

    app.application.pre_run_callables.append(begin)
    return [MainMenu(app)]
