"""Hints give a reason a player can use: a bomb kept back while another player is about to go
out, with what that player could not answer (CV-9: a pass proves there was no answer)."""

from __future__ import annotations

import re

from audiogame.i18n import set_language
from audiogame.words.hints import hint_text
from audiogame.words.seats import Seats
from engine.battle import GAME as BATTLE
from engine.bots import Hint, make
from engine.cardavia.state import CardaviaState
from engine.scientific import GAME as SCIENTIFIC
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


def _scientific_hint_at_three() -> tuple[Hint, Seats]:
    """The hard player's hint for seat 0 at the first trick of a Scientific Battle at three:
    Anna holds spades and Bruno diamonds (SB-1)."""

    state = SCIENTIFIC.new_state(seed=3, players=3)
    hint = make("scientific", "hard", 4).advise(state.view(0), state.legal_actions(0))
    return hint, Seats(("Anna", "Bruno"), 3)


def test_a_scientific_hint_at_three_names_the_cards_the_others_are_likely_to_show() -> None:
    """At a table of three or more, the hint says which card each other player is likely to
    show, from his own hand (SB-1: Anna holds spades, Bruno diamonds), in both languages."""
    hint, seats = _scientific_hint_at_three()
    try:
        set_language("en")
        english = hint_text("scientific", hint, seats)
        set_language("it")
        italian = hint_text("scientific", hint, seats)
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

    state = SCIENTIFIC.new_state(seed=3, players=2)
    hint = make("scientific", "hard", 4).advise(state.view(0), state.legal_actions(0))
    text = hint_text("scientific", hint, Seats(("Anna",), 2))
    assert "Likely" not in text and text.startswith("Hint: ")


def _open_hints(language: str) -> list[str]:
    from audiogame.testing import drive

    keys = ["h", "enter"] * 12
    spoken = drive(keys, game="battle", config={"open": True, "seed": 7}, language=language)
    return [line for line in spoken.spoken if line.startswith(("Hint:", "Suggerimento:"))]


def test_open_battle_hints_agree_with_their_advice_and_name_no_suit_bt10() -> None:
    """BT-10, BT-1: the hint's reason agrees with the card it advises (a tie is a war, not a
    lost trick), and the card is named by its rank alone, as Battaglia never names suits."""
    english = _open_hints("en")
    italian = _open_hints("it")
    assert english[0] == "Hint: ace. It should win the trick, or tie and start a war."
    assert italian[0] == (
        "Suggerimento: asso. Dovrebbe vincere la presa, o pareggiare e cominciare una battaglia."
    )
    assert len(english) == len(italian) == 12
    suits = re.compile(r"hearts|spades|diamonds|clubs|cuori|picche|quadri|fiori")
    assert not any(suits.search(line) for line in english + italian)
    for line in english:
        if "give up a weak card" in line:
            assert not line.startswith(("Hint: ace.", "Hint: king."))


def test_open_battle_gives_up_only_its_weakest_card_bt10() -> None:
    """BT-10: over seeded open games, "the trick looks lost: give up a weak card" is said only
    of the weakest card in the hand, and the strongest card is never called a sacrifice."""

    seen: set[str] = set()
    for seed in range(6):
        state = BATTLE.new_state(seed=seed, open=True)
        players = [make("battle", "hard", seed=seed + seat) for seat in range(2)]
        for _trick in range(40):
            if state.is_over:
                break
            for seat in state.to_act():
                legal = state.legal_actions(seat)
                hint = players[seat].advise(state.view(seat), legal)
                ranks = sorted({action.cards[0].rank or 0 for action in legal if action.cards})
                rank = hint.action.cards[0].rank if hint.action.cards else None
                seen.add(hint.code)
                if hint.code == "sacrifice":
                    assert rank == ranks[0], (seed, hint)
                if len(ranks) > 1 and rank == ranks[-1]:
                    assert hint.code != "sacrifice", (seed, hint)
                state.apply(seat, hint.action)
    assert "wins_cheaply" in seen and "sacrifice" in seen


def test_scientific_gives_up_only_its_weakest_card_sb3_sb7() -> None:
    """SB-3, SB-7: "the trick looks lost: give up a weak card" is said only of the weakest
    rank held in the order in force (a king held with twos is never "a weak card")."""

    seen: set[str] = set()
    for seed in range(4):
        state = SCIENTIFIC.new_state(seed=seed, players=3)
        players = [make("scientific", "hard", seed=seed * 10 + seat) for seat in range(3)]
        for _move in range(60):
            if state.is_over:
                break
            seat = state.to_act()[0]
            view = state.view(seat)
            hint = players[seat].advise(view, state.legal_actions(seat))
            seen.add(hint.code)
            if hint.code == "sacrifice":
                ranks = [card.rank for card in view.hand if card.rank is not None]
                weakest = max(ranks) if view.reversed else min(ranks)
                assert hint.action.cards[0].rank == weakest, (seed, hint)
            state.apply(seat, hint.action)
    assert "sacrifice" in seen or "best_average" in seen


def _said_in(language: str, hint: Hint, seats: Seats, game: str = "scientific") -> str:
    try:
        set_language(language)
        return hint_text(game, hint, seats)
    finally:
        set_language("en")


def test_a_mixed_choice_is_said_short_with_its_plural_and_the_likely_cards_that_fit() -> None:
    """A hint of a mixed choice says how often in words that agree with the number ("1 time
    in 100"), and names the likely cards only as far as the hint stays within 30 words (the
    third is left out here)."""
    from engine.actions import Play
    from engine.cards import parse_cards

    seats = Seats(("Anna", "Bruno", "Carla"), 4)
    likely = [[1, "Qs"], [2, "Qd"], [3, "Qc"]]
    once = Hint(Play(parse_cards("7h")), "mixed", {"chance": 1, "likely": likely})
    assert _said_in("en", once, seats) == (
        "Hint: seven of hearts. Vary your play: this card 1 time in 100 keeps the others "
        "guessing. Likely cards: Anna, queen of spades; Bruno, queen of diamonds."
    )
    assert _said_in("it", once, seats) == (
        "Suggerimento: sette di cuori. Varia il gioco: questa carta 1 volta su 100 lascia gli "
        "altri nel dubbio. Carte probabili: Anna, donna di picche; Bruno, donna di quadri."
    )
    often = Hint(Play(parse_cards("7h")), "mixed", {"chance": 12, "likely": likely[:1]})
    assert _said_in("en", often, seats) == (
        "Hint: seven of hearts. Vary your play: this card 12 times in 100 keeps the others "
        "guessing. Likely cards: Anna, queen of spades."
    )
    assert _said_in("it", often, seats) == (
        "Suggerimento: sette di cuori. Varia il gioco: questa carta 12 volte su 100 lascia gli "
        "altri nel dubbio. Carte probabili: Anna, donna di picche."
    )
    plain = Hint(Play(parse_cards("7h")), "wins_cheaply", {"likely": likely})
    english = _said_in("en", plain, seats)
    assert english == (
        "Hint: seven of hearts. It should win the trick. Likely cards: Anna, queen of spades; "
        "Bruno, queen of diamonds; Carla, queen of clubs."
    )
    for hint in (once, often, plain):
        for language in ("en", "it"):
            assert len(_said_in(language, hint, seats).split()) <= 30


def test_the_odds_of_a_cardavia_hint_are_said_in_words_that_agree_with_them() -> None:
    """Never "does best: 0 percent": no way out first is said as such; "1 time in 100"."""
    from engine.actions import Play
    from engine.cards import parse_cards

    seats = Seats(("Anna", "Bruno"), 3)
    params = {"kind": "single", "rank": 9, "length": 1, "deals": 48}
    never = Hint(Play(parse_cards("9h")), "best_odds", {**params, "wins": 0})
    once = Hint(Play(parse_cards("9h")), "best_odds", {**params, "wins": 1})
    assert _said_in("en", never, seats, "cardavia") == (
        "Hint: nine. In 48 deals played out from here, it does best, though you never go out first."
    )
    assert _said_in("it", never, seats, "cardavia") == (
        "Suggerimento: nove. In 48 smazzate giocate da qui è quella che rende di più, "
        "anche se non chiudi mai per primo."
    )
    assert _said_in("en", once, seats, "cardavia") == (
        "Hint: nine. In 48 deals played out from here, it does best: you go out first "
        "1 time in 100."
    )
    assert _said_in("it", once, seats, "cardavia") == (
        "Suggerimento: nove. In 48 smazzate giocate da qui è quella che rende di più: "
        "chiudi per primo 1 volta su 100."
    )
