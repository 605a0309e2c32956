"""``audiogame serve`` and ``audiogame connect``."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ipaddress
import signal
import socket
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from audiogame.i18n import N_, ngettext

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


EVERY_ADDRESS = ("0.0.0.0", "::", "")
LISTENING = N_("audiogame serve: listening on {url}")
LISTENING_EVERYWHERE = N_(
    "audiogame serve: listening on every network of this computer, port {port}"
)
BROWSER = N_("audiogame serve: players with a browser open {url}")
BROWSER_HERE = N_("audiogame serve: players on this computer open {url}")
BROWSER_NO_ADDRESS = N_(
    "audiogame serve: players on other computers open this computer's address, port {port}"
)
ONLY_HERE = N_("audiogame serve: only this computer can join; --host 0.0.0.0 lets others in")
STOPPED = N_("audiogame serve: server stopped; tables saved.")


def _usable(address: str) -> bool:
    """An address another computer can reach: not this computer's loopback, not link-local."""
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified)


SIOCGIFADDR = 0x8915
"""Linux's request for an interface's address."""


def _interface_addresses() -> list[str]:
    """Linux: each network interface's IPv4 address, asked of the system (nothing is sent)."""
    if not sys.platform.startswith("linux"):
        return []
    import fcntl
    import struct

    found = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for _index, name in socket.if_nameindex():
            with contextlib.suppress(OSError):
                request = struct.pack("256s", name[:15].encode())
                packed = fcntl.ioctl(probe.fileno(), SIOCGIFADDR, request)
                found.append(socket.inet_ntoa(packed[20:24]))
    return found


def machine_addresses(family: int = socket.AF_INET) -> list[str]:
    """This computer's addresses that others on its networks can reach, best first."""
    found: list[str] = list(_interface_addresses()) if family == socket.AF_INET else []
    with contextlib.suppress(OSError, UnicodeError):
        for info in socket.getaddrinfo(socket.gethostname(), None, family):
            found.append(str(info[4][0]))
    return [address for address in dict.fromkeys(found) if _usable(address)]


def ready_lines(
    host: str, port: int, tls: bool, addresses: Callable[[int], Iterable[str]] = machine_addresses
) -> list[str]:
    """What the host hears once the server listens: the addresses to give to the others."""
    from audiogame.i18n import _

    page = "https" if tls else "http"

    def url(scheme: str, address: str) -> str:
        shown = f"[{address}]" if ":" in address else address
        return f"{scheme}://{shown}:{port}/"

    if host not in EVERY_ADDRESS:
        lines = [_(LISTENING).format(url=url("wss" if tls else "ws", host))]
        lines.append(_(BROWSER).format(url=url(page, host)))
        if _is_loopback(host):
            lines.append(_(ONLY_HERE))
        return lines
    family = socket.AF_INET6 if host == "::" else socket.AF_INET
    lines = [_(LISTENING_EVERYWHERE).format(port=port)]
    others = list(addresses(family))
    lines += [_(BROWSER).format(url=url(page, address)) for address in others]
    if not others:
        lines.append(_(BROWSER_NO_ADDRESS).format(port=port))
    here = "::1" if family == socket.AF_INET6 else "127.0.0.1"
    lines.append(_(BROWSER_HERE).format(url=url(page, here)))
    return lines


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def resumed_line(count: int) -> str:
    """What the host hears when tables kept by an earlier run are served again.

    >>> resumed_line(2)
    'audiogame serve: 2 tables resumed, waiting for their players.'
    """
    return ngettext(
        "audiogame serve: {count} table resumed, waiting for its players.",
        "audiogame serve: {count} tables resumed, waiting for their players.",
        count,
    ).format(count=count)


def look_alikes_known() -> bool:
    """Whether the library that tells look-alike names apart is installed (it is wherever it
    has a wheel: pyproject.toml)."""
    try:
        import disarm  # noqa: F401
    except ImportError:
        return False
    return True


def serve_command(args: argparse.Namespace) -> int:
    """Serve until SIGTERM or Control C; tables are kept in the data folder."""
    from audiogame.i18n import _

    if not look_alikes_known():
        print(_("audiogame serve: the server needs the package disarm to tell look-alike names "
                "apart, and it has none for this computer's processor: host the tables on "
                "another computer"), file=sys.stderr)  # fmt: skip
        return 2
    from audiogame.cli import file_problem
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
    if getattr(args, "alone", None):
        from audiogame.web.pages import serve_alone

        refused = serve_alone(Path(args.alone))
        if refused is not None:
            print(f"audiogame serve: {refused}", file=sys.stderr)
            return 2

    def ready(server: Any) -> None:
        for line in ready_lines(args.host, server.port, tls is not None):
            print(line, flush=True)
        if server.resumed:
            print(resumed_line(server.resumed), flush=True)

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
                names=getattr(args, "public_name", None) or (),
            )
        )
    except KeyboardInterrupt:  # before the server's own handler was in place: nothing to save
        pass
    except OSError as error:
        print(f"audiogame serve: {error}", file=sys.stderr)
        return 1
    finally:
        # A second Control+C while the program closes (its threads ending) is not an error.
        with contextlib.suppress(ValueError, OSError):
            signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(OSError):
        print(_(STOPPED), flush=True)
    return 0


def connect_screens(app: AudioGame, args: argparse.Namespace) -> list[Screen]:
    """The main menu, and the connection to the server once the program runs."""
    from audiogame.app.places import main_menu
    from audiogame.i18n import _
    from audiogame.online.client import client_tls
    from audiogame.online.kept_seats import kept_seats
    from audiogame.online.screens import Connecting
    from audiogame.online.terminal import OnlinePlay

    password = read_password(args.password_file)
    tls = client_tls(args.insecure) if args.tls or args.insecure else None
    kept = kept_seats(getattr(args, "data_dir", None))
    play = OnlinePlay(app, args.address, args.name, password=password, tls=tls, kept=kept)
    if password:  # the main menu's Play online connects again with it
        app.server_password = password

    def begin() -> None:
        if args.insecure:
            app.say(_("Warning: the server's certificate is not checked."))
        play.start()

    app.application.pre_run_callables.append(begin)
    # "Connecting to ..." is what the player hears first; the main menu beneath speaks only
    # when the connection is refused or given up.
    return [main_menu()(app), Connecting(app, play)]
