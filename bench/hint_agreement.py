"""Scientific Battle at three, the hard player's hint asked for seat 0 at every trick, the other
seats played by hard players: how often what a hint or the table says disagrees with the game.

Counted over every trick of the games played:

- "give up a weak card" (codes ``sacrifice``, ``others_war``) said of a card that is not of the
  weakest rank held in the order in force (SB-3, SB-7);
- "the card that loses least" (``opponent_seer``) said of the strongest rank held;
- a likely card named for a player who does not hold it (SB-1);
- an exchange offered (SB-13) whose answer no event announces before that player's next choice.

    python3 bench/hint_agreement.py              # 6 games
    python3 bench/hint_agreement.py --games 12
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.bots import make  # noqa: E402
from engine.cards import Card  # noqa: E402
from engine.scientific import GAME as SCIENTIFIC  # noqa: E402


def _ranks(hand: tuple[Card, ...]) -> list[int]:
    return [card.rank for card in hand if card.rank is not None]


def play(seed: int) -> dict[str, int]:
    """One game; the counts of the module's docstring, and the hints asked."""
    found = {"hints": 0, "weak_not_weakest": 0, "least_of_strongest": 0, "likely": 0,
             "likely_not_held": 0, "offers": 0, "offers_unanswered": 0}  # fmt: skip
    state = SCIENTIFIC.new_state(seed=seed, players=3)
    adviser = make("scientific", "hard", seed=seed)
    players = [make("scientific", "hard", seed=seed * 10 + seat) for seat in range(3)]
    waiting: set[int] = set()  # offered, no answer heard yet
    for _move in range(400):
        if state.is_over:
            break
        seat = state.to_act()[0]
        view = state.view(seat)
        legal = state.legal_actions(seat)
        if seat == 0:
            hint = adviser.advise(view, legal)
            found["hints"] += 1
            ranks = _ranks(view.hand)
            card = hint.action.cards[0] if hint.action.kind == "play" else None
            if card is not None and card.rank is not None and len(set(ranks)) > 1:
                weakest = max(ranks) if view.reversed else min(ranks)
                strongest = min(ranks) if view.reversed else max(ranks)
                if hint.code in ("sacrifice", "others_war") and card.rank != weakest:
                    found["weak_not_weakest"] += 1
                if hint.code == "opponent_seer" and card.rank == strongest:
                    found["least_of_strongest"] += 1
            likely = hint.params.get("likely") or []
            assert isinstance(likely, list), hint
            for other, token in likely:
                found["likely"] += 1
                if Card.parse(token) not in state.hands[other]:
                    found["likely_not_held"] += 1
            action = hint.action
        else:
            action = players[seat].advise(view, legal).action
        offered = set(state.exchange)
        events = state.apply(seat, action)
        kinds = {(event.kind, getattr(event, "seat", None)) for event in events}
        for held in list(waiting):
            if ("exchanged", held) in kinds or ("exchange_declined", held) in kinds:
                waiting.discard(held)
            elif ("choice_made", held) in kinds:
                waiting.discard(held)
                found["offers_unanswered"] += 1
        if any(event.kind == "reveal" for event in events):
            new = set(state.exchange) - offered
            found["offers"] += len(new)
            waiting |= new
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    args = parser.parse_args()
    start = time.perf_counter()
    totals: dict[str, int] = {}
    for seed in range(args.games):
        for key, value in play(seed).items():
            totals[key] = totals.get(key, 0) + value
    print(f"{args.games} games at three, {totals['hints']} hints, "
          f"{time.perf_counter() - start:.0f} s")  # fmt: skip
    print(f"give up a weak card, not of the weakest: {totals['weak_not_weakest']}")
    print(f"loses least, of the strongest: {totals['least_of_strongest']}")
    print(f"likely cards named: {totals['likely']}, not held: {totals['likely_not_held']}")
    print(f"exchanges offered: {totals['offers']}, answer never announced: "
          f"{totals['offers_unanswered']}")  # fmt: skip


if __name__ == "__main__":
    main()
