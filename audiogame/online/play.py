"""The connection to the server as the screens of online play use it.

:class:`audiogame.online.terminal.OnlinePlay` opens those screens (the lobby, the waiting room,
watching), so they never import it (tests/test_import_graph.py): they name what they need of
it here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from audiogame.app.application import AudioGame


class OnlinePlay(Protocol):
    """The program at one server, as its screens ask it (to send, to leave, to close)."""

    chat_on: bool
    """Whether the table's messages are said."""

    @property
    def app(self) -> AudioGame: ...

    @property
    def address(self) -> str: ...

    @property
    def closed(self) -> bool: ...

    @property
    def table_info(self) -> dict[str, Any]: ...

    @property
    def waiting(self) -> Any:
        """The waiting room shown, if any."""
        ...

    @property
    def watcher(self) -> Any:
        """The screen watching a table, if any."""
        ...

    def send(self, message: dict[str, Any]) -> None: ...

    def close(self) -> None: ...

    def leave_table(self) -> None: ...
