"""What one client, or one address, may cost a public server, and how a host changes it.

Every limit has a default fit for a server on the public internet (docs/public-server.md);
``audiogame serve --limits FILE`` reads a TOML file of the same names to change them:

>>> limits = Limits.from_toml('tables = 50\\nlobby_tables = 20\\n')
>>> limits.tables, limits.lobby_tables, limits.tables_per_address
(50, 20, 3)
>>> Limits.from_toml('connections = 10\\nconnections_kept = 11')
Traceback (most recent call last):
...
ValueError: limits: connections_kept must be fewer than connections
>>> Limits.from_toml('tables = "many"')
Traceback (most recent call last):
...
ValueError: limits: tables must be a whole number
>>> Limits.from_toml('tabels = 5')
Traceback (most recent call last):
...
ValueError: limits: there is no limit 'tabels'
"""

from __future__ import annotations

import dataclasses
import ipaddress
import time
import tomllib
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Limits:
    connections: int = 2000
    """Connections open at once, in all (an idle one costs the server about 21 KB, a browser
    seat about 64 KB); past them a newcomer hears that the server is busy."""
    connections_kept: int = 200
    """Of ``connections``, the last ones kept for people coming back to a seat with its token:
    past ``connections - connections_kept`` only they are let in."""
    connections_per_address: int = 16
    """Connections open at once from one address (an IPv6 address counts by its /64)."""
    connections_per_network: int = 64
    """Connections open at once from one network: an IPv4 /24, an IPv6 /48."""
    http: int = 512
    """HTTP answers (the page and its files) being sent at once, in all; past them, 503
    (32 networks to fill: 6 filled 256)."""
    http_per_address: int = 12
    """HTTP answers being sent at once to one address (a browser asks for six at a time)."""
    http_per_network: int = 16
    """HTTP answers being sent at once to one network."""
    handshake_within: float = 5.0
    """Seconds a new connection has to send its request (a page's, a WebSocket upgrade)."""
    tables: int = 400
    """Tables open on the server, in all (a started one counts until it is over or closed)."""
    tables_per_address: int = 3
    """Open tables created from one address; a table counts against the address (and the
    network) it was created from until it is gone, whoever is at it."""
    tables_per_network: int = 12
    """Open tables created from one network: an IPv4 /24, an IPv6 /48."""
    unstarted_close_after: float = 10.0
    """Seconds a table still to start is kept once every person at it has gone."""
    unstarted_idle_after: float = 600.0
    """Seconds a table still to start is kept while nobody at it does anything (sends no
    message but pings and the lobby's list); then it closes, and its people are told why."""
    unstarted_per_network: int = 6
    """Tables still to start created from one network (of its ``tables_per_network``)."""
    started_idle_after: float = 600.0
    """Seconds after which a game in play where no person has done anything may be closed to
    make room, when the server holds all the tables it may and someone creates one (its
    people are told why)."""
    lobby_tables: int = 60
    """Tables a lobby answer lists at most (tables still to start first)."""
    lobby_every: float = 1.0
    """Seconds a lobby answer is reused for (it is built once for every asker)."""
    send_bytes: int = 512 * 1024
    """Bytes waiting for a reader who does not read before it is dropped."""
    unattended_close_after: float = 120.0
    """Seconds a started table with no person connected is kept open (its computer players
    wait from the moment the last person goes); it stays saved while a seat has a token."""
    private_code_letters: int = 8
    """Letters of a private table's code (a listed table's code is no secret: 4)."""
    codes_per_minute: int = 10
    """Join or watch attempts with a code that names no table, from one address, a minute."""
    watchers_per_table: int = 12
    arrivals_per_minute: int = 20
    """Spectators arriving at one table in a minute."""
    watcher_chat_per_minute: int = 10
    """Chat lines a spectator may send in a minute."""
    passwords_per_minute: int = 5
    """Wrong passwords from one address a minute; past them the server waits before answering."""

    @classmethod
    def from_toml(cls, text: str) -> Limits:
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            raise ValueError(f"limits: {error}") from None
        return cls.from_mapping(data)

    @classmethod
    def from_mapping(cls, data: dict[str, Any]) -> Limits:
        fields = {f.name: f for f in dataclasses.fields(cls)}
        values: dict[str, Any] = {}
        for key, value in data.items():
            if key not in fields:
                raise ValueError(f"limits: there is no limit {key!r}")
            default = getattr(cls, key)
            if isinstance(default, int):
                if type(value) is not int:
                    raise ValueError(f"limits: {key} must be a whole number")
            elif isinstance(value, bool) or not isinstance(value, int | float):
                raise ValueError(f"limits: {key} must be a number")
            if value < 0 or (key == "private_code_letters" and not 6 <= value <= 16):
                raise ValueError(f"limits: {key} cannot be {value!r}")
            values[key] = type(default)(value)
        limits = cls(**values)
        if limits.connections_kept >= max(limits.connections, 1):
            raise ValueError("limits: connections_kept must be fewer than connections")
        return limits

    @classmethod
    def read(cls, path: Path) -> Limits:
        return cls.from_toml(path.read_text(encoding="utf-8"))


def address_key(host: str) -> str:
    """The address limits count by: an IPv4 address, an IPv6 /64 (one subscriber's)."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


def network_key(host: str) -> str:
    """The network limits also count by: an IPv4 /24, an IPv6 /48 (a site's, which holds
    65,536 /64s: one network, not 65,536 addresses).

    >>> network_key("203.0.113.9"), network_key("2001:db8:1:2::5"), network_key("::ffff:10.1.2.3")
    ('203.0.113.0/24', '2001:db8:1::/48', '10.1.2.0/24')
    >>> network_key(address_key("2001:db8:1:2::5"))  # an address as the limits keep it
    '2001:db8:1::/48'
    """
    address: ipaddress.IPv4Address | ipaddress.IPv6Address
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        try:
            address = ipaddress.ip_network(host, strict=False).network_address
        except ValueError:
            return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            address = address.ipv4_mapped
        else:
            return str(ipaddress.ip_network(f"{address}/48", strict=False))
    return str(ipaddress.ip_network(f"{address}/24", strict=False))


class Window:
    """Events of the last ``span`` seconds, per key: :meth:`allow` counts one if there is room.

    >>> w = Window(2, 60.0)
    >>> w.allow("a", now=0), w.allow("a", now=1), w.allow("a", now=2), w.allow("a", now=61)
    (True, True, False, True)
    """

    def __init__(self, count: int, span: float = 60.0) -> None:
        self.count, self.span = count, span
        self.seen: dict[str, deque[float]] = {}

    def _recent(self, key: str, now: float) -> deque[float]:
        times = self.seen.setdefault(key, deque())
        while times and times[0] <= now - self.span:
            times.popleft()
        if not times:
            del self.seen[key]
            times = self.seen.setdefault(key, deque())
        return times

    def full(self, key: str, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        full = len(self._recent(key, now)) >= self.count
        if not self.seen.get(key):
            self.seen.pop(key, None)
        return full

    def add(self, key: str, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        self._recent(key, now).append(now)
        if len(self.seen) > 100_000:  # a sweep from very many addresses: forget the oldest
            self.seen.pop(next(iter(self.seen)))

    def allow(self, key: str, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        if self.full(key, now):
            return False
        self.add(key, now)
        return True
