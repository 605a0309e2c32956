"""Play online: the server, the name and the password, then connecting."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from audiogame.app.menu import Menu, MenuItem
from audiogame.i18n import N_, _

if TYPE_CHECKING:
    from audiogame.app.application import AudioGame
    from audiogame.app.host import CoreHost

from audiogame.online.messages import MAX_NAME
from audiogame.online.text_entry import TextEntry


class ConnectMenu(Menu):
    """Main menu, Play online: the server's address and your name (kept), Connect."""

    app: AudioGame  # the terminal program's menus

    title = N_("Play online")

    def __init__(self, app: CoreHost) -> None:
        """Opened by the main menu of a program that plays online (``plays_online``: the
        terminal's, an :class:`AudioGame`)."""
        super().__init__(app)
        online = dict(app.settings.extra.get("online") or {})
        self.address = str(online.get("server") or "127.0.0.1:8765")
        self.name = str(online.get("name") or "")

    def items(self) -> Sequence[MenuItem]:
        return [
            MenuItem(
                lambda: _("Server: {address}").format(address=self.address),
                lambda: self.app.push(
                    TextEntry(self.app, _("Server address"), self.set_address, self.address)
                ),
            ),
            MenuItem(
                lambda: _("Your name: {name}").format(name=self.name or _("none")),
                lambda: self.app.push(
                    TextEntry(self.app, _("Your name"), self.set_name, self.name, limit=MAX_NAME)
                ),
            ),
            MenuItem(
                lambda: _("Password: given") if self.app.server_password else _("Password: none"),
                self.ask_password,
            ),
            MenuItem(lambda: _("Connect"), self.connect),
        ]

    def ask_password(self) -> None:
        entry = TextEntry(self.app, _("The server's password"), self.set_password, limit=200,
                          speak_keys=False)  # fmt: skip
        self.app.push(entry)

    def set_password(self, text: str) -> None:
        self.app.server_password = text
        self.resume()

    def set_address(self, text: str) -> None:
        self.address = text
        self.keep()
        self.resume()

    def set_name(self, text: str) -> None:
        self.name = text
        self.keep()
        self.resume()

    def keep(self) -> None:
        extra = {**self.app.settings.extra, "online": {"server": self.address, "name": self.name}}
        self.app.update_settings(extra=extra)

    def data_folder(self) -> Any:
        """The program's data folder (``--data-dir``, else ``$AUDIOGAME_DATA_DIR`` or the
        platform's): the seats kept there are the ones ``audiogame connect`` finds again."""
        store = getattr(self.app.autosave, "store", None)
        return getattr(store, "folder", None)

    def connect(self) -> None:
        if not self.name:
            self.app.refuse(_("Choose your name first."))
            return
        from audiogame.online.kept_seats import kept_seats
        from audiogame.online.terminal import OnlinePlay

        self.app.say(_("Connecting to {server}.").format(server=self.address))
        play = OnlinePlay(
            self.app,
            self.address,
            self.name,
            password=self.app.server_password or None,
            kept=kept_seats(self.data_folder()),
        )
        play.start()
