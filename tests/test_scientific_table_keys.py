"""Every key of the Battaglia scientifica table, refusals included, driven through the program.

The deal is fixed (SB-1: you hold hearts, Anna spades, Bruno diamonds) and the computer players
always choose their strongest card, so each trick below is known in advance.
"""

from __future__ import annotations

import re
from typing import cast

from audiogame.app.menus import start_screens
from audiogame.computer_players import make_bot
from audiogame.i18n import set_language
from audiogame.presenters.scientific import ScientificTable
from audiogame.testing import Session, act_for, drive, local_table, make_session, top_screen
from audiogame.words.scientific import hand_summary, refusal
from engine import Play
from engine.cards import parse_cards
from engine.errors import IllegalAction
from engine.vocabulary import RefusalCode

TWO = {"seed": 1, "players": 2}
THREE = {"seed": 1, "players": 3}


def by_hand(config: dict[str, int], keys: list[str], manual: tuple[int, ...] = ()) -> Session:
    """The table with keys sent one by one (no terminal); the seats in ``manual`` have no
    computer player, so they are waited for until the test chooses for them."""
    session = make_session()
    session.app.start(start_screens(session.app, "scientific", {"level": "greedy", **config}))
    for seat in manual:
        del local_table(session.app.top).table.bots[seat]
    for key in keys:
        session.app.dispatch(key)
    return session


def test_hand_is_read_with_arrows_digits_letters_and_the_joker_key() -> None:
    session = drive(
        ["home", "left", "right", "end", "k", "q", "0", "8", "x", "a", "*", "w"],
        game="scientific",
        config=TWO,
    )
    assert session.spoken[-12:] == [
        "two of hearts, 1 of 14",
        "First card: two of hearts.",  # the edge said, with its card and its own cue
        "three of hearts, 2 of 14",
        "joker, 14 of 14",
        "king of hearts, 12 of 14",
        "queen of hearts, 11 of 14",
        "ten of hearts, 9 of 14",
        "eight of hearts, 7 of 14",
        "joker, 14 of 14",
        "ace of hearts, 13 of 14",
        "joker, 14 of 14",
        "Your hand, 14 cards: two, three, four, five, six, seven, eight, nine, ten, jack, queen, "
        "king, ace, joker. Won pile: empty.",
    ]
    assert session.played.count("menu_edge") == 1  # Left on the first card
    # Moving through the hand is not history: F2 and Page Up repeat what happened.
    assert session.app.narrator.last is not None
    assert "of 14" not in session.app.narrator.last


def test_enter_chooses_and_the_focus_stays_in_place_after_the_reveal_sb2_sb4() -> None:
    session = drive(["end", "left", "enter", "left", "end", "right"], game="scientific", config=TWO)
    said = session.spoken
    assert said[-7:] == [
        "ace of hearts, 13 of 14",
        "You choose: ace of hearts.",
        "You and Anna: ace.",
        "War between you and Anna! 2 cards on the table.",
        "king of hearts, 12 of 13",
        "joker, 13 of 13",
        "Last card: joker.",
    ]
    assert session.played[-2:] == ["menu_move", "menu_edge"]


def test_enter_never_chooses_a_card_not_heard() -> None:
    """At the start, and after a reveal moved the hand under the focus, Enter first says the
    card; the next Enter chooses it."""
    session = drive(["enter", "enter", "enter", "enter"], game="scientific", config=TWO)
    assert session.spoken[2:9] == [
        "two of hearts, 1 of 14. Enter again chooses it.",
        "You choose: two of hearts.",
        "You: two. Anna: ace.",
        "Anna takes 2 cards.",
        "three of hearts, 1 of 13. Enter again chooses it.",
        "You choose: three of hearts.",
        "You: three. Anna: king.",
    ]


def test_a_missing_rank_is_refused_and_nothing_changes() -> None:
    session = drive(["q", "enter", "q", "t"], game="scientific", config=TWO)
    assert session.spoken[-2] == "You hold no queen."
    assert session.spoken[-1] == "Trick 2 of 500. Chosen: Anna. Still to choose: you."


def test_the_player_as_seer_hears_the_others_choices_with_c_sb8_sb16() -> None:
    """SB-8, SB-16: after a queen the player chooses last and C says what the others chose."""
    session = drive(
        ["c", "q", "enter", "t", "c", "a", "enter", "c"], game="scientific", config=THREE
    )
    said = session.spoken
    start = said.index("The seer power is not active.")
    assert said[start + 1 :] == [
        "queen of hearts, 11 of 14",
        "You choose: queen of hearts.",
        "You: queen. Anna and Bruno: ace.",
        "War between Anna and Bruno! 3 cards on the table.",
        "Queen: you are the seer next trick.",
        "You are the seer: the others have chosen, C tells their cards.",
        "Trick 2 of 500. Chosen: Anna and Bruno. Still to choose: you.",
        "Anna and Bruno: king.",
        "ace of hearts, 12 of 13",
        "You choose: ace of hearts.",
        "You: ace. Anna and Bruno: king.",
        "You take 6 cards.",
        "The seer power is not active.",
    ]
    assert "seer_turn" in session.played
    assert "power_seer" in session.played


def test_a_computer_seer_chooses_after_the_player_sb8() -> None:
    # Anna plays ace, king, then her queen in trick 3: she is the seer of trick 4.
    session = drive(
        ["home", "enter"] * 3 + ["r", "t", "home", "enter"], game="scientific", config=TWO
    )
    assert session.spoken[-9:] == [
        "Queen: Anna is the seer next trick.",
        "Normal order: the ace is highest. No cards waiting on the table. Seer: Anna.",
        "Trick 4 of 500. Nobody has chosen yet. Still to choose: you. Then the seer: Anna.",
        "five of hearts, 1 of 11",
        "You choose: five of hearts.",
        "Anna, the seer, chooses now.",
        "You: five. Anna: jack.",
        "Revolution! The two is now highest, the ace lowest.",
        "You take 2 cards.",
    ]


def test_changing_a_choice_then_the_seer_has_seen_it_sb2_sb8() -> None:
    """SB-2: a choice may change until the seers choose; then it is refused, with why."""
    # Bruno has no computer player from trick 2 on: the test chooses his lowest card.
    session = by_hand(THREE, ["home", "c-m"], manual=(2,))
    table = session.app.top
    state = local_table(table).state

    def bruno_chooses(then_computers: bool = True) -> None:
        act_for(table, 2, Play([state.view(2).hand[0]]), then_computers)

    for _trick in range(2):
        session.app.dispatch("home")
        session.app.dispatch("c-m")
        bruno_chooses()
    assert "Queen: Anna is the seer next trick." in session.spoken
    for key in ("home", "c-m", "right", "c-m", "c-m"):
        session.app.dispatch(key)
    assert session.spoken[-4:] == [
        "You choose: five of hearts.",
        "six of hearts, 2 of 11",
        "You change to: six of hearts.",
        "Already chosen: six of hearts.",
    ]
    assert state.view(0).my_choice.rank == 6
    bruno_chooses(then_computers=False)  # now Anna, the seer, sees both choices
    assert session.spoken[-1] == "Anna, the seer, chooses now."
    session.app.dispatch("home")
    session.app.dispatch("c-m")
    assert session.spoken[-1] == "The seer has seen your choice: it can no longer change."
    assert session.played[-1] == "not_allowed"
    assert state.view(0).my_choice.rank == 6


def test_the_seer_may_not_choose_before_the_others_sb8() -> None:
    session = by_hand(THREE, ["q", "c-m", "c", "t", "k", "c-m"], manual=(2,))
    assert session.spoken[-4:] == [
        "You are the seer: the others have not all chosen yet.",
        "Trick 2 of 500. Chosen: Anna. Still to choose: Bruno. Then the seer: you.",
        "king of hearts, 11 of 13",
        "You are the seer: the others choose first.",
    ]
    table = session.app.top
    state = local_table(table).state
    act_for(table, 2, Play([state.view(2).hand[-2]]), then_computers=False)
    session.app.dispatch("c")
    assert session.spoken[-2:] == [
        "You are the seer: the others have chosen, C tells their cards.",
        "Anna and Bruno: king.",
    ]


def test_exchange_is_offered_taken_and_then_refused_sb13() -> None:
    """SB-13: after an eight the swap is offered in words, taken with S, and said."""
    # A jack beats Anna's ace (revolution); then in reversed order Anna's two beats the eight.
    session = drive(
        ["s", "j", "enter", "8", "enter", "r", "s", "s", "w", "r"], game="scientific", config=TWO
    )
    said = session.spoken
    start = said.index("You choose: jack of hearts.")
    assert said[start - 2] == (
        "No exchange is offered: it comes after you play an eight, with a won pile."
    )
    assert said[start:] == [
        "You choose: jack of hearts.",
        "You: jack. Anna: ace.",
        "Revolution! The two is now highest, the ace lowest.",
        "You take 2 cards.",
        "eight of hearts, 7 of 13",
        "You choose: eight of hearts.",
        "You: eight. Anna: two.",
        "Anna takes 2 cards.",
        "Still reversed: the two is highest.",
        "Eight: S swaps your hand, 12 cards, for your won pile, 2 cards.",
        "Reversed order: the two is highest, the ace lowest. No cards waiting on the table. "
        "Exchange offered: you.",
        "Swapped: now 2 cards in your hand, 12 cards in your won pile.",
        "No exchange is offered: it comes after you play an eight, with a won pile.",
        # Issue 10, item 10: the won pile the swap is decided on, by rank.
        # Issue 25, item 2: the joker is named, never hidden among the lower cards.
        # In the reversed order the strongest are the low ranks: "weaker", never "lower" (SB-7).
        "Your hand, 2 cards: jack, ace. Won pile, 12 cards: joker, two, three, four, five and 7 "
        "weaker cards.",
        "Reversed order: the two is highest, the ace lowest. No cards waiting on the table. "
        "No powers in force.",
    ]
    assert "power_exchange" in session.played
    assert "exchanged" in session.played


def test_choosing_a_card_declines_the_exchange_sb13() -> None:
    session = drive(["j", "enter", "8", "enter", "2", "enter", "s"], game="scientific", config=TWO)
    said = session.spoken
    assert said[-1] == "No exchange is offered: it comes after you play an eight, with a won pile."
    assert not any(line.startswith("Swapped") for line in said)


def test_an_eight_with_an_empty_won_pile_offers_nothing() -> None:
    session = drive(["8", "enter"], game="scientific", config=TWO)
    assert session.spoken[-1] == "Eight: your won pile is empty, there is nothing to swap."


def test_counting_power_adds_the_hands_to_e_for_one_trick_sb12() -> None:
    """SB-12: after a three, E tells the cards in hand until the end of the next trick."""
    session = drive(
        ["e", "3", "enter", "e", "2", "enter", "e", "4", "enter", "e"],
        game="scientific",
        config=TWO,
    )
    said = session.spoken
    assert said[said.index("You: three. Anna: ace.") + 2] == (
        "Three: until the end of the next trick, E also tells the cards in hand."
    )
    owned = [line for line in said if line.startswith("Cards owned")]
    assert owned == [
        "Cards owned: you 14, Anna 14.",
        "Cards owned: you 13, Anna 15. In hand: you 13, Anna 13.",
        "Cards owned: you 12, Anna 16.",
        "Cards owned: you 11, Anna 17.",
    ]


def test_a_joker_forces_a_war_and_r_counts_the_cards_waiting_sb10() -> None:
    session = drive(["x", "enter", "r"], game="scientific", config=TWO)
    assert session.spoken[-4:] == [
        "You: joker. Anna: ace.",
        "Your joker forces a war.",
        "War! 2 cards on the table.",
        "Normal order: the ace is highest. 2 cards wait on the table from wars. "
        "No powers in force.",
    ]
    assert session.played[-3:] == ["reveal", "joker_forces_war", "war"]


def test_a_joker_cancels_a_war_and_takes_the_trick_sb9() -> None:
    session = drive(["x", "enter"], game="scientific", config=THREE)
    assert session.spoken[-3:] == [
        "You: joker. Anna and Bruno: ace.",
        "Your joker cancels the war.",
        "You take 3 cards.",
    ]


def test_bad_keys_are_refused_or_silent_and_change_nothing() -> None:
    session = drive(["z", "s", "c", "e"], game="scientific", config=TWO)
    said = session.spoken
    assert said[-4:] == [
        "No action on this key.",
        "No exchange is offered: it comes after you play an eight, with a won pile.",
        "The seer power is not active.",
        "Cards owned: you 14, Anna 14.",
    ]


def test_f1_lists_every_key_in_english_and_italian() -> None:
    english = drive(["f1", *["down"] * 30], game="scientific", config=TWO).spoken
    for start in (
        "Moving. Left and Right",
        "Home and End",
        "2 to 9",
        "X or asterisk",
        "Choosing and playing. Enter: choose",
        "S: swap",
        "Information. R: the rules",
        "T: who has chosen",
        "E: how many cards each player owns",
        "C: the cards",
        "W: the cards",
        "H or question mark: a hint",
        "Escape: pause",
        "F4: the rules",
    ):
        assert any(line.startswith(start) for line in english), start
    italian = drive(["f1", *["down"] * 30], game="scientific", config=TWO, language="it").spoken
    keys = "Tasti della schermata Battaglia scientifica: 24 tasti; Freccia giù legge"
    assert italian[2].startswith(keys)
    assert any(line.startswith("C: le carte scelte dagli altri") for line in italian)
    assert any(line.startswith("X o asterisco") for line in italian)


def test_escape_pauses_and_shared_keys_keep_working() -> None:
    session = drive(
        ["2", "enter", "escape", "enter", "f2", "pageup", "pageup"], game="scientific", config=TWO
    )
    said = session.spoken
    assert "Pause. Resume the game, 1 of 5" in said
    assert said[-7:] == [
        "Back to the game.",
        "Trick 2 of 500. Chosen: Anna. Still to choose: you.",
        "Cards owned: you 13, Anna 15.",
        "Normal order: the ace is highest. No cards waiting on the table. No powers in force.",
        "Normal order: the ace is highest. No cards waiting on the table. No powers in force.",
        "Cards owned: you 13, Anna 15.",  # Page Up, twice: back through the history
        "Trick 2 of 500. Chosen: Anna. Still to choose: you.",
    ]


def test_enter_after_the_end_goes_back_to_the_setup() -> None:
    session = drive(
        ["home", "enter", "t", "enter"], game="scientific", config={**TWO, "trick_limit": 1}
    )
    said = session.spoken
    assert said[-2] == "The game is over. Press Enter to go back to the game setup."
    assert said[-1].startswith(
        "Battaglia scientifica (Scientific Battle): new game. Start the game, 1 of "
    )
    assert session.played.count("game_lost") == 1


def test_refusal_words_for_each_code() -> None:
    assert refusal(IllegalAction("x", code="game_over"), seer=False) == "The game is over."
    unknown = cast(RefusalCode, "other")  # a code no game gives: the message is said as it is
    assert refusal(IllegalAction("plain words", code=unknown), seer=False) == "plain words"


def test_player_out_hears_only_the_rest_summarised_sb6() -> None:
    """SB-6: once the player is out, the others play on and only the end is spoken."""
    for seed in range(1, 60):
        session = by_hand({"seed": seed, "players": 3}, [])
        table = top_screen(session, ScientificTable)
        local_table(table).table.bots = {
            seat: make_bot("scientific", "random", seed * 10 + seat) for seat in (1, 2)
        }
        for _trick in range(200):
            if table.state.is_over or 0 in table.state.view(0).eliminated:
                break
            session.app.dispatch("end")
            session.app.dispatch("c-m")
        said = session.spoken
        if "The others play on to the end." in said:
            break
    out = said.index("The others play on to the end.")
    assert said[out - 1] == "You have no cards left: you are out of the game."
    assert all(
        re.match(r"(Game over|The trick limit|Press Enter|\w+ has no cards left)", line)
        for line in said[out + 1 :]
    )
    session.app.dispatch("t")
    assert session.spoken[-1] == "The game is over. Press Enter to go back to the game setup."


def test_eight_players_hear_ties_and_powers_in_one_message_each_sb1_sb8() -> None:
    """SB-1: eight players (two decks); neighbours with the same rank, the same power gained
    by several computer players, and a war of all, are each said once."""
    session = drive(
        ["home", "enter", "home", "enter", "q", "enter", "c"],
        game="scientific",
        config={"seed": 1, "players": 8},
    )
    said = session.spoken
    others = "Anna, Bruno, Carla, Dario, Elena, Fabio and Giulia"
    assert f"You: two. {others}: ace." in said
    assert "War between all the others! 8 cards on the table." in said
    assert said[-7:] == [
        "queen of hearts, 9 of 12",
        "You choose: queen of hearts.",
        f"You, {others}: queen.",
        "War between everybody! 24 cards on the table.",
        "Queen: you are the seer next trick.",
        f"Queen: {others} are seers next trick.",
        "Everybody still in is a seer this trick: nobody chooses first.",
    ]


def test_the_hand_summary_counts_repeated_ranks() -> None:
    assert hand_summary(parse_cards("2h 2s 5h 5s 5d Jh joker joker#1")) == (
        "2 twos, 3 fives, jack, 2 jokers"
    )
    set_language("it")
    try:
        assert hand_summary(parse_cards("Qh Qs Ah As")) == "2 donne, 2 assi"
    finally:
        set_language("en")


def test_the_exchange_offer_is_said_after_the_other_powers_sb13_sb14() -> None:
    """The offer asks for a key, so it comes last, after the others' powers of that trick."""
    # A joker takes the first war; a jack in trick 4 turns the order, so the computer
    # players lead with their twos, then their threes against the player's eight.
    session = drive(
        ["x", "enter", *["home", "enter"] * 4, "8", "enter"],
        game="scientific",
        config={"seed": 1, "players": 4},
    )
    assert session.spoken[-4:] == [
        "War between all the others! 8 cards on the table.",
        "Three: Anna, Bruno and Carla may count the cards in hand next trick.",
        "Still reversed: the two is highest.",  # issue 25, item 15: said each trick it lasts
        "Eight: S swaps your hand, 8 cards, for your won pile, 16 cards.",
    ]
    assert session.played[-2:] == ["power_counting", "power_exchange"]


def test_the_examples_in_the_table_modules_hold() -> None:
    """The docstring examples of the hand cursor, the information keys and the words."""
    import doctest

    from audiogame.presenters import hand_cursor, scientific_info
    from audiogame.words import scientific

    for module in (hand_cursor, scientific_info, scientific):
        assert doctest.testmod(module).failed == 0, module.__name__


def test_w_always_names_the_joker_in_a_long_won_pile_sb9() -> None:
    """SB-9: W shortens a won pile of more than 8 cards to its highest ranks, but a joker
    there is always named (it cancels a war: it matters at an 8's swap), never counted among
    the weaker cards. SB-7: the order is reversed here, the twos strongest, said first."""
    keys = ["*", "enter", "a", "enter", "k", "enter", "q", "enter", "0", "enter", "9", "enter"]
    keys += ["2", "enter", "3", "enter", "w"]
    english = drive(keys, game="scientific", config=TWO).spoken[-1]
    italian = drive(keys, game="scientific", config=TWO, language="it").spoken[-1]
    assert english.endswith("Won pile, 10 cards: joker, two, three, four, five and 5 weaker cards.")
    assert italian.endswith(
        "Carte vinte, 10 carte: jolly, due, tre, quattro, cinque e 5 carte più deboli."
    )


def test_c_names_the_seer_when_the_power_is_another_players_sb8() -> None:
    """SB-8: after a queen of Anna's, C says Anna holds the seer power, as R does, never that
    the power is not active."""
    keys = ["*", "enter", "a", "enter", "k", "enter", "c", "r"]
    english = drive(keys, game="scientific", config=TWO).spoken
    italian = drive(keys, game="scientific", config=TWO, language="it").spoken
    assert english[-2:] == [
        "Anna has the seer power: only the seer hears the others' cards.",
        "Normal order: the ace is highest. No cards waiting on the table. Seer: Anna.",
    ]
    assert italian[-2:] == [
        "Anna ha il potere del veggente: solo il veggente sente le carte degli altri.",
        "Ordine normale: l'asso è il più alto. Nessuna carta in attesa sul tavolo. "
        "Potere del veggente: Anna.",
    ]


def test_a_reveal_says_everyone_showing_a_rank_together_sb2_sb5() -> None:
    """SB-2, SB-5: the tie is heard at once: "You and Carla: nine. Bruno: four.", not only
    neighbours grouped."""
    from audiogame.words.registry import render
    from audiogame.words.seats import Seats
    from engine.events import Reveal

    cards = parse_cards("9h 4s 9d")
    reveal = Reveal(cards=((0, cards[0]), (1, cards[1]), (2, cards[2])))
    seats = Seats(("Bruno", "Carla"), 3)
    assert render("scientific", reveal, seats) == "You and Carla: nine. Bruno: four."
    set_language("it")
    try:
        assert render("scientific", reveal, seats) == "Tu e Carla: nove. Bruno: quattro."
    finally:
        set_language("en")


def test_the_reversed_order_is_said_with_every_trick_while_it_lasts_sb7() -> None:
    """SB-7, issue 25, item 15: after a revolution, each later trick ends with "Reversed
    order." (R need not be pressed trick after trick); the trick of the jack says it once."""
    keys = ["j", "enter", "8", "enter", "2", "enter"]
    english = drive(keys, game="scientific", config=TWO).spoken
    italian = drive(keys, game="scientific", config=TWO, language="it").spoken
    turned = english.index("Revolution! The two is now highest, the ace lowest.")
    assert "Still reversed: the two is highest." not in english[: turned + 2]
    assert english[turned:].count("Still reversed: the two is highest.") == 2
    assert italian.count("Sempre rovesciato: il due è il più alto.") == 2
