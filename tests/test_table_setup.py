"""The server's check of a new table's options is read from each game's facts: a value outside
an option's declared values is refused with the reason, and a game registered later is
checked by its own options with no line of the server naming it."""

from __future__ import annotations

from typing import Any

import pytest

from audiogame.online.table_setup import SetupRefused, checked_setup
from tests.tiny_game_front import registered


@pytest.mark.parametrize(
    ("game", "options", "seats", "reason"),
    [
        ("battle", {"deck": 40}, 2, "deck cannot be 40: it must be 52 or 32"),
        ("battle", {"players": 7}, 7, "players cannot be 7: it must be a whole number from 2 to 6"),
        ("battle", {"players": 2.0}, 2, "players cannot be 2.0: it must be a whole number"),
        ("battle", {"face_down": 0}, 2, "face_down cannot be 0: it must be true or false"),
        (
            "battle",
            {"trick_limit": 0},
            2,
            "trick_limit cannot be 0: it must be a whole number from 1 to 100000",
        ),
        ("scientific", {"players": True}, 2, "players cannot be True: it must be a whole number"),
        (
            "cardavia",
            {"deals": 21},
            3,
            "deals cannot be 21: it must be a whole number from 1 to 20",
        ),
        ("cardavia", {}, 4, "cardavia is for 3 players, not 4"),
        (
            "cardavia",
            {"deck": 52},
            3,
            "cardavia has no option 'deck'; its options are players, deals",
        ),
        ("battle", {"players": 3}, 2, "the seats do not match the number of players"),
        ("battle", {"level": "hard"}, 2, "level cannot be 'hard': no table chooses it"),
        ("battle", {"pace": 9}, 2, "pace cannot be 9: it is 0 to 5 seconds"),
        ("chess", {}, 2, "there is no game 'chess'"),
    ],
)
def test_an_option_outside_its_games_facts_is_refused_with_the_reason(
    game: str, options: dict[str, Any], seats: int, reason: str
) -> None:
    with pytest.raises(SetupRefused) as refused:
        checked_setup(game, options, seats)
    assert str(refused.value).startswith(reason)


def test_every_value_the_facts_allow_is_taken_over_the_defaults() -> None:
    """Not only the setup menu's steps: the engine's trick limit is any whole number from 1."""
    assert checked_setup("battle", {"players": 3, "trick_limit": 750, "open": True}, 3) == {
        "players": 3, "deck": 52, "face_down": True, "open": True, "trick_limit": 750,
    }  # fmt: skip
    assert checked_setup("cardavia", {"deals": 20, "pace": 0.5}, 3) == {"deals": 20, "pace": 0.5}


def test_a_game_registered_later_is_checked_by_its_own_options() -> None:
    with registered() as game:
        assert checked_setup(game, {"players": 4, "cards": 5}, 4) == {"players": 4, "cards": 5}
        with pytest.raises(SetupRefused, match="cards cannot be 4: it must be 3 or 5"):
            checked_setup(game, {"cards": 4}, 2)
        with pytest.raises(SetupRefused, match="players cannot be 5"):
            checked_setup(game, {"players": 5}, 5)
    with pytest.raises(SetupRefused, match="there is no game 'high_card'"):
        checked_setup(game, {}, 2)
