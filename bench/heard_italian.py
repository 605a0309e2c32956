"""One game of each kind played by ear in Italian, the way a blind player plays it: each turn
the hint (H), taken (U) and played (Enter), or P when the hint is to pass; Space in classic
Battaglia; N when the others are to play at Cardavia. Everything the program says is counted.

Reported per game: the messages said, words per message (median, p90, max), the longest
message, keys pressed, the player's turns and keys per turn, and whether any message holds
English words or a key said as "Entra" (the faults of the first play-through by ear).

    python3 bench/heard_italian.py
    python3 bench/heard_italian.py --show 40     # also print the first 40 messages of each
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from audiogame.presenters.table_screen import TableScreen  # noqa: E402
from audiogame.settings import Settings  # noqa: E402
from audiogame.testing import Session, local_table, make_session, opening, top_screen  # noqa: E402

GAMES: list[tuple[str, str, dict[str, Any]]] = [
    ("Battaglia classica", "battle", {"seed": 7, "players": 3, "trick_limit": 100}),
    ("Battaglia aperta", "battle", {"seed": 7, "open": True, "trick_limit": 100}),
    ("Battaglia scientifica", "scientific", {"seed": 3, "players": 3, "level": "hard"}),
    ("Cardavia", "cardavia", {"seed": 3, "level": "hard"}),
]
ENGLISH = re.compile(r"\b(the|you|your|press|card|cards|hand|trick|won|pile|choose)\b")
KEY_LIMIT = 3000


def play(game: str, config: dict[str, Any]) -> tuple[Session, int, int]:
    """The keys of one whole game; (session, keys pressed, the player's turns)."""
    session = make_session(language="it", settings=Settings(language="it", pace=0.0))
    session.app.start(opening(session.app, game, config))
    table = top_screen(session, TableScreen)
    seat = local_table(table)
    keys = turns = 0

    def press(key: str) -> None:
        nonlocal keys
        keys += 1
        session.app.dispatch(key)

    while not table.state.is_over and keys < KEY_LIMIT:
        state = table.state
        if 0 not in state.to_act():
            if game == "cardavia":
                press("n")
            else:  # out of the game, the others play on by themselves
                seat.hurry() if hasattr(seat, "hurry") else None
                if 0 not in state.to_act() and not state.is_over:
                    press("n" if game == "cardavia" else "t")
            continue
        turns += 1
        legal = state.legal_actions(0)
        if game == "battle" and not config.get("open"):
            press(" ")
            continue
        if all(action.kind == "pass" for action in legal):
            press("p")
            continue
        press("h")
        hint = session.spoken[-1]
        if "passare" in hint.split(".")[0]:
            press("p")
            continue
        press("u")
        if hint.startswith("Suggerimento: premi"):  # the swap of an eight
            press("s")
            continue
        press("c-m")
    return session, keys, turns


def report(title: str, session: Session, keys: int, turns: int, show: int) -> None:
    said = session.spoken
    words = [len(line.split()) for line in said]
    longest = max(said, key=lambda line: len(line.split()))
    english = [line for line in said if ENGLISH.search(line)]
    entra = [line for line in said if re.search(r"\bEntra\b(?! nella| in )", line)]
    p90 = statistics.quantiles(words, n=10)[-1] if len(words) > 1 else words[0]
    print(f"{title}: {len(said)} messages, words per message median "
          f"{statistics.median(words):.0f}, p90 {p90:.0f}, max {max(words)}; {keys} keys, "
          f"{turns} turns, {keys / max(turns, 1):.2f} keys per turn; "
          f"English in {len(english)}, 'Entra' in {len(entra)}")  # fmt: skip
    print(f"  longest: {longest}")
    for line in english[:3]:
        print(f"  english? {line}")
    for line in said[:show]:
        print(f"    | {line}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", type=int, default=0, help="messages to print for each game")
    args = parser.parse_args()
    for title, game, config in GAMES:
        session, keys, turns = play(game, config)
        report(title, session, keys, turns, args.show)
    return 0


if __name__ == "__main__":
    sys.exit(main())
