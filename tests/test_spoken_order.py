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
