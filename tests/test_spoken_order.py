"""A deal's end is said in its order for a player and a spectator alike: who went out and won
the deal, then the deal's scores (the engine gives the settlement first)."""

from __future__ import annotations

import pytest

from audiogame import catalog  # noqa: F401  (the games' registrations)
from audiogame.app.utterance import spoken_order, utterances
from audiogame.i18n import set_language
from audiogame.words.seats import Seats
from engine import games


def deal_end_events() -> list[object]:
    """The events of the move that ends Cardavia deal number 45, each seat playing its first
    legal action."""
    state = games["cardavia"].new_state(seed=45)
    while True:
        seat = state.to_act()[0]
        events = state.apply(seat, state.legal_actions(seat)[0])
        if state.is_over:
            return list(events)


@pytest.mark.parametrize(("language", "won", "scores"), [
    ("en", " the deal", "Deal scores: "),
    ("it", " la smazzata", "Punti della smazzata: "),
])  # fmt: skip
def test_a_spectator_hears_who_won_the_deal_before_its_scores(
    language: str, won: str, scores: str
) -> None:
    events = deal_end_events()
    kinds = [event.kind for event in events]  # type: ignore[attr-defined]
    assert kinds.index("settlement") < kinds.index("game_over")  # as the engine gives them
    set_language(language)
    seats = Seats.watching(("Anna", "Bruno", "Carla"))
    said = [u.text for e in spoken_order(events) for u in utterances(  # type: ignore[arg-type]
        "cardavia", e, seats, None, by_line=False)]  # fmt: skip
    first_won = next(i for i, text in enumerate(said) if won in text)
    first_scores = next(i for i, text in enumerate(said) if text.startswith(scores))
    assert first_won < first_scores, said


def watched_match(language: str) -> list[list[str]]:
    """A page watches a Cardavia match of two deals (seeded table 45, each seat playing its
    first legal action): what it says at each deal's end, on S after it, and at the next deal,
    in order."""
    from audiogame.table.session import Table
    from audiogame.table.stream import seat_message
    from audiogame.web.seat import BrowserSeat

    names = ["Anna", "Bruno", "Carla"]
    table = Table("cardavia", {"deals": 2}, 45, {})
    out: list[dict[str, object]] = []
    page = BrowserSeat(out.append, language)
    page.outgoing({"type": "joined", "seat": None, "names": names,
                   "table": {"id": "t", "game": "cardavia", "options": {"deals": 2}}})  # fmt: skip
    page.outgoing(seat_message(table, None, table.opening_events(), "started", names=names))

    def said() -> list[str]:
        texts = [str(m["text"]) for m in out if m["type"] == "say" and m["text"]]
        out.clear()
        return texts

    heard: list[list[str]] = []
    said()
    while True:
        while not table.is_over:
            seat = table.to_act()[0]
            events = table.apply(seat, table.legal(seat)[0])
            page.outgoing(seat_message(table, None, events, "update", by=seat))
            texts = said()
        heard.append(texts[1:])  # (the last play before)
        page.key("s")
        heard.append(said())
        if table.deal_number == table.deals:
            return heard
        page.outgoing(seat_message(table, None, table.next_deal(), "dealt"))
        heard.append(said())


def test_a_spectator_hears_the_match_as_the_players_do_cv1() -> None:
    """CV-1: a spectator of a match hears each deal's number, the match totals after each
    deal and who won the match; S says what a player's S says (the deal's lines once it is
    over, the match totals), a message each."""
    set_language("en")
    assert watched_match("en") == [
        ["Anna goes out and wins the deal.",
         "Deal scores: Anna plus 28, Carla minus 14, Bruno minus 14.",
         "Match totals: Anna plus 28, Carla minus 14, Bruno minus 14."],
        ["Carla: 4 cards left, minus 4; Anna's bomb, minus 10; this deal minus 14.",
         "Bruno: 4 cards left, minus 4; Anna's bomb, minus 10; this deal minus 14.",
         "Anna: bomb bonus, plus 20; the penalties of the others, plus 8; this deal plus 28.",
         "Deal scores: Anna plus 28, Carla minus 14, Bruno minus 14.",
         "Deal 1 of 2. Match totals: Anna plus 28, Carla minus 14, Bruno minus 14."],
        ["Deal 2 of 2.", "Carla holds the three of hearts and leads."],
        ["Carla goes out and wins the deal.",
         "Deal scores: Anna minus 7, Carla plus 10, Bruno minus 3.",
         "Match totals: Anna plus 21, Carla minus 4, Bruno minus 17.",
         "Anna wins the match with plus 21."],
        ["Anna: 7 cards left, minus 7; this deal minus 7.",
         "Bruno: 3 cards left, minus 3; this deal minus 3.",
         "Carla: the penalties of the others, plus 10; this deal plus 10.",
         "Deal scores: Anna minus 7, Carla plus 10, Bruno minus 3.",
         "Deal 2 of 2. Match totals: Anna plus 21, Carla minus 4, Bruno minus 17."],
    ]  # fmt: skip
    italian = watched_match("it")
    assert italian[0][2] == "Totali della partita: Anna più 28, Carla meno 14, Bruno meno 14."
    assert italian[1][2] == ("Anna: premio bomba, più 20; le penalità degli altri, più 8; "
                             "in questa smazzata più 28.")  # fmt: skip
    assert italian[1][4] == ("Smazzata 1 di 2. Totali della partita: Anna più 28, Carla meno 14, "
                             "Bruno meno 14.")  # fmt: skip
    assert italian[2][0] == "Smazzata 2 di 2."
    assert italian[3][3] == "Anna vince la partita con più 21."
