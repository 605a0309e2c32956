"""Hints give a reason a player can use: a bomb kept back while another player is about to go
out, with what that player could not answer (CV-9: a pass proves there was no answer)."""

from __future__ import annotations

import re

from audiogame.i18n import set_language
from audiogame.words.hints import hint_text
from audiogame.words.seats import Seats
from engine.bots import make
from engine.cardavia.state import CardaviaState
from tests.test_cardavia_helpers import deal, pass_, play


def _bomb_or_two() -> CardaviaState:
    """The player answers Anna's ace with the 2 of spades or the bomb of fives; Anna has one
    card left, and she and Bruno passed on the player's pair of nines (CV-9)."""
    state = deal("9h 9s 5h 5s 5d 5c Jh 2s Qd", "3h 3s 7h As", "4h 6d Kh")
    play(state, 1, "3h 3s")
    play(state, 0, "9h 9s")
    pass_(state, 2)
    pass_(state, 1)
    play(state, 0, "Jh")
    play(state, 2, "Kh")
    play(state, 1, "As")
    return state


def test_the_bomb_waits_for_the_player_about_to_go_out_cv9() -> None:
    state = _bomb_or_two()
    assert [str(action) for action in state.legal_actions(0)] == ["play 2s", "play 5h 5s 5d 5c"]
    hint = make("cardavia", "normal", 1).advise(state.view(0), state.legal_actions(0))
    assert str(hint.action) == "play 2s"
    assert hint.code == "bomb_kept"
    assert hint.params["seat"] == 1 and hint.params["cards"] == 1
    assert hint.params["bomb"] == {"kind": "bomb", "rank": 5, "length": 4}
    assert hint.params["passed"] == {"kind": "pair", "rank": 9, "length": 2}


def test_the_kept_bomb_is_said_with_who_is_close_and_what_they_passed_on() -> None:
    state = _bomb_or_two()
    hint = make("cardavia", "normal", 1).advise(state.view(0), state.legal_actions(0))
    seats = Seats(("Anna", "Bruno"), 3)
    try:
        set_language("en")
        english = hint_text("cardavia", hint, seats)
        set_language("it")
        italian = hint_text("cardavia", hint, seats)
    finally:
        set_language("en")
    assert english == (
        "Hint: two. Keep your bomb of fives: Anna has 1 card left. "
        "Anna passed on the pair of nines."
    )
    assert italian == (
        "Suggerimento: due. Tieni la tua bomba di cinque: Anna ha ancora 1 carta. "
        "Anna ha passato sulla coppia di nove."
    )


def _scientific_hint_at_three() -> tuple[object, Seats]:
    """The hard player's hint for seat 0 at the first trick of a Scientific Battle at three:
    Anna holds spades and Bruno diamonds (SB-1)."""
    from engine import games

    state = games["scientific"].new_state(seed=3, players=3)
    hint = make("scientific", "hard", 4).advise(state.view(0), state.legal_actions(0))
    return hint, Seats(("Anna", "Bruno"), 3)


def test_a_scientific_hint_at_three_names_the_cards_the_others_are_likely_to_show() -> None:
    """At a table of three or more, the hint says which card each other player is likely to
    show, from his own hand (SB-1: Anna holds spades, Bruno diamonds), in both languages."""
    hint, seats = _scientific_hint_at_three()
    try:
        set_language("en")
        english = hint_text("scientific", hint, seats)  # type: ignore[arg-type]
        set_language("it")
        italian = hint_text("scientific", hint, seats)  # type: ignore[arg-type]
    finally:
        set_language("en")
    spade = r"(joker|\w+ of spades)"
    diamond = r"(joker|\w+ of diamonds)"
    assert re.fullmatch(
        rf"Hint: [\w ]+\. [^.]+\. Likely cards: Anna, {spade}; Bruno, {diamond}\.", english
    ), english
    picche, quadri = r"(jolly|[\w']+ di picche)", r"(jolly|[\w']+ di quadri)"
    assert re.fullmatch(
        rf"Suggerimento: [\w' ]+\. [^.]+\. Carte probabili: Anna, {picche}; Bruno, {quadri}\.",
        italian,
    ), italian


def test_a_scientific_hint_between_two_names_no_likely_cards() -> None:
    """Between two players the hint keeps its one sentence of reason."""
    from engine import games

    state = games["scientific"].new_state(seed=3, players=2)
    hint = make("scientific", "hard", 4).advise(state.view(0), state.legal_actions(0))
    text = hint_text("scientific", hint, Seats(("Anna",), 2))
    assert "Likely" not in text and text.startswith("Hint: ")
