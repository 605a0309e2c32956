"""The server's check of a new table's setup, read from the game's facts
(:class:`engine.facts.GameFacts`): a registered game, each option one the game declares, of
its type and within its values; a refusal says which option and what it may be, and
creates nothing.

>>> checked_setup("battle", {"deck": 32}, 2)["deck"]
32
>>> checked_setup("battle", {"deck": 40}, 2)
Traceback (most recent call last):
...
audiogame.online.table_setup.SetupRefused: deck cannot be 40: it must be 52 or 32
"""

from __future__ import annotations

from typing import Any

from audiogame.catalog import game_entry

TABLE_KEYS = ("pace",)
"""Options of every online table, not of its game: ``pace``, seconds between the computer
players' moves."""


class SetupRefused(ValueError):
    """A setup refused: the message says which option and what it may be."""


def checked_setup(game: str, options: dict[str, Any], seats: int) -> dict[str, Any]:
    """The setup of a new table of ``game`` with ``seats`` seats: its options over their
    defaults (``SetupRefused`` for a game, option or value its facts do not have)."""
    try:
        entry = game_entry(game)
    except KeyError:
        raise SetupRefused(f"there is no game {game!r}") from None
    facts = entry.facts
    config: dict[str, Any] = {
        key: value for key, value in entry.defaults().items() if key not in ("level", "seed")
    }
    for key, value in options.items():
        if key == "pace":
            if not isinstance(value, int | float) or isinstance(value, bool) or not 0 <= value <= 5:
                raise SetupRefused(f"pace cannot be {value!r}: it is 0 to 5 seconds")
            config[key] = value
            continue
        if key in ("level", "seed"):  # each seat has its level; the server deals the cards
            raise SetupRefused(f"{key} cannot be {value!r}: no table chooses it")
        try:
            spec = facts.option(key)
        except KeyError as error:
            raise SetupRefused(str(error.args[0])) from None
        refusal = spec.refusal(value)
        if refusal is not None:
            raise SetupRefused(refusal)
        config[key] = value
    if entry.seat_count({**config, "players": seats}) != seats:
        raise SetupRefused(f"{facts.name} is for {facts.min_players} players, not {seats}")
    if config.get("players", seats) != seats:
        raise SetupRefused("the seats do not match the number of players")
    return config
