"""Issue 32, item 9: the Scientific Battle table names the card at the edge of the hand and lets
Enter choose it, chooses a last card at the first Enter, tells a trick's eights together after
what else the trick did, and says a won pile taken up in one shape for every seat; in English
and Italian."""

from __future__ import annotations

import pytest

from audiogame.app.menus import start_screens
from audiogame.i18n import set_language
from audiogame.presenters.scientific_events import telling_order
from audiogame.testing import drive, local_table, make_session
from audiogame.words.registry import render
from audiogame.words.seats import Seats
from engine.cards import parse_cards
from engine.events import PileTakenUp, Reveal, War
from engine.scientific import GAME
from engine.scientific.events import PowerGained

TWO = {"seed": 1, "players": 2}


def staged(
    language: str, hands: list[str], won: list[str], keys: list[str], reversed: bool = False
) -> list[str]:
    """A table of three whose hands and won piles (and order: ``reversed``) are set before
    the player's keys; what is said after them."""
    session = make_session(language=language)
    config = {"level": "greedy", "seed": 1, "players": len(hands)}
    session.app.start(start_screens(session.app, "scientific", config))
    local = local_table(session.app.top)
    state = GAME.new_state(hands=[parse_cards(hand) for hand in hands])
    for seat, pile in enumerate(won):
        state.won[seat] = list(parse_cards(pile))
    state.reversed = reversed
    local.table.state = state
    local.send("update", [])  # the seat sees the table as set
    start = len(session.spoken)
    for key in keys:
        session.app.dispatch(key)
    return session.spoken[start:]


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", ["joker, 14 of 14", "Last card: joker.", "You choose: joker.",
                "You: joker. Anna: ace."]),
        ("it", ["jolly, 14 di 14", "Ultima carta: jolly.", "Hai scelto: jolly.",
                "Tu: jolly. Anna: asso."]),
    ],
)  # fmt: skip
def test_the_edge_of_the_hand_names_its_card_and_enter_then_chooses_it_sb2(
    language: str, expected: list[str]
) -> None:
    """SB-2: Right on the last card says which card it is; the next Enter chooses it at once
    (it never answers "Enter again chooses it", as if Enter had failed)."""
    said = drive(["end", "right", "enter"], game="scientific", config=TWO, language=language)
    assert said.spoken[-6:-2] == expected
    assert "menu_edge" in said.played


@pytest.mark.parametrize(
    ("language", "chosen"),
    [("en", "You choose: nine of hearts."), ("it", "Hai scelto: nove di cuori.")],
)
def test_a_last_card_in_hand_is_chosen_by_the_first_enter_sb2(language: str, chosen: str) -> None:
    """With one card in hand there is nothing to choose between: Enter chooses it, and the
    words name it, although the player never moved onto it."""
    said = staged(language, ["9h", "2s", "3d"], ["", "", ""], ["c-m"])
    assert said[0] == chosen


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", ["eight of hearts, 2 of 2", "You choose: eight of hearts.",
                "You and Anna: eight. Bruno: two.",
                "War between you and Anna! 3 cards on the table.",
                "Bruno takes up their won pile: 2 cards.",
                "Anna does not swap.",
                "Eight: S swaps your hand, 1 card, for your won pile, 2 cards."]),
        ("it", ["otto di cuori, 2 di 2", "Hai scelto: otto di cuori.",
                "Tu e Anna: otto. Bruno: due.",
                "Battaglia tra te e Anna! 3 carte sul tavolo.",
                "Bruno riprende le sue carte vinte: 2 carte.",
                "Anna non scambia.",
                "Otto: vuoi scambiare la tua mano, 1 carta, con le tue carte vinte, 2 carte? "
                "Premi S."]),
    ],
)  # fmt: skip
def test_a_tricks_eights_are_told_together_after_a_won_pile_taken_up_sb13_sb14(
    language: str, expected: list[str]
) -> None:
    """SB-13, SB-14: you and Anna play an eight, Bruno his last card. Bruno's won pile taken
    up is said first; then the eights: Anna's answer (she answers in the same move: it says
    her offer) and the player's offer, last, since it asks for a key."""
    said = staged(language, ["8h 2h", "8s 3s", "2d"], ["4h 5h", "4s 5s", "4d 5d"], ["8", "c-m"])
    assert said == expected


def test_the_eights_go_after_the_tricks_other_news_and_before_the_next_choices() -> None:
    """The order the table tells a trick in: its eights last and together (an offer not yet
    answered is said there too), where the trick's own events end."""
    eight, two = parse_cards("8h 2d")
    reveal = Reveal(((0, eight), (1, eight), (2, two)))
    war = War((0, 1), 8, 3)
    mine, annas = PowerGained(0, "exchange"), PowerGained(1, "exchange")
    bruno = PileTakenUp(2, 2)
    ordered, end = telling_order([reveal, war, mine, annas, bruno])
    assert ordered == [reveal, war, bruno, mine, annas]
    assert end == 3
    assert telling_order([war]) == ([war], None)


@pytest.mark.parametrize("game", ["scientific", "battle"])
@pytest.mark.parametrize(
    ("language", "yours", "brunos"),
    [
        ("en", "You take up your won pile: 9 cards.", "Bruno takes up their won pile: 22 cards."),
        ("it", "Riprendi le tue carte vinte: 9 carte.",
         "Bruno riprende le sue carte vinte: 22 carte."),
    ],
)  # fmt: skip
def test_a_won_pile_taken_up_has_one_shape_for_every_seat(
    game: str, language: str, yours: str, brunos: str
) -> None:
    """One event, one shape: who, "takes up", whose won pile, how many cards."""
    seats = Seats(("Anna", "Bruno"), 3)
    set_language(language)
    try:
        assert render(game, PileTakenUp(0, 9), seats) == yours
        assert render(game, PileTakenUp(2, 22), seats) == brunos
    finally:
        set_language("en")


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", ["You choose: two of hearts.", "You: two. Anna: nine.", "You take 2 cards.",
                "You take up your won pile: 2 cards.",
                "Anna has no cards left and is out of the game.",
                "Game over: you win, everybody else is out!",
                "Press Enter to go back to the game setup."]),
        ("it", ["Hai scelto: due di cuori.", "Tu: due. Anna: nove.", "Prendi 2 carte.",
                "Riprendi le tue carte vinte: 2 carte.",
                "Anna non ha più carte ed è fuori dal gioco.",
                "Partita finita: vinci tu, tutti gli altri sono fuori!",
                "Premi Invio per tornare alla preparazione della partita."]),
    ],
)  # fmt: skip
def test_the_reversed_order_is_not_said_once_the_game_is_over_sb7(
    language: str, expected: list[str]
) -> None:
    """SB-7: the reversed order is said after a trick while it is in force; the trick that
    ends the game ends it too: "Reversed order." is not said after "Game over"."""
    said = staged(language, ["2h", "9s"], ["", ""], ["c-m"], reversed=True)
    assert said == expected
