"""The move log: each move one short line of text.

A move is the seat and the action with its cards as tokens (copies kept, ``"9h#1"``); a new
deal within the same table (the next deal of a Cardavia match) is the line ``deal`` with the
hands dealt, seat by seat, so that it can be dealt again exactly.

>>> from engine.actions import Flip, Play
>>> from engine.cards import parse_cards
>>> move_text(1, Play(parse_cards("9s 9h#1")))
'1 play 9h#1 9s'
>>> seat, action = parse_move("1 play 9h#1 9s")
>>> seat, action == Play(parse_cards("9s 9h#1"))
(1, True)
>>> parse_move("0 flip") == (0, Flip())
True
>>> parse_move("0 dance")
Traceback (most recent call last):
ValueError: not a move: '0 dance'
>>> [len(hand) for hand in parse_deal(deal_text([parse_cards("3h 4h"), parse_cards("5h")]))]
[2, 1]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeGuard

from engine import games
from engine.actions import Action
from engine.cards import Card
from engine.vocabulary import ActionKind, values

DEAL = "deal"


def move_text(seat: int, action: Action) -> str:
    """One move as a line of the log."""
    return " ".join([str(seat), action.kind, *(card.token() for card in action.cards)])


def parse_move(text: str) -> tuple[int, Action]:
    """A line of the log back into ``(seat, action)``; ``ValueError`` when it is not a move."""
    parts = text.split()
    if len(parts) < 2 or not parts[0].isdigit():
        raise ValueError(f"not a move: {text!r}")
    kind = parts[1]
    if not _is_action_kind(kind):
        raise ValueError(f"not a move: {text!r}")
    return int(parts[0]), Action.make(kind, (Card.parse(token) for token in parts[2:]))


def _is_action_kind(word: str) -> TypeGuard[ActionKind]:
    return word in values(ActionKind)


def is_deal(text: str) -> bool:
    return text.split(" ", 1)[0] == DEAL


def deal_text(hands: Sequence[Sequence[Card]]) -> str:
    """A new deal as a line of the log: the hands, seat by seat."""
    return DEAL + " " + "/".join(" ".join(card.token() for card in hand) for hand in hands)


def parse_deal(text: str) -> list[tuple[Card, ...]]:
    """The hands of a ``deal`` line."""
    if not is_deal(text):
        raise ValueError(f"not a deal: {text!r}")
    body = text[len(DEAL) :].strip()
    return [tuple(Card.parse(token) for token in hand.split()) for hand in body.split("/")]


def snapshot(state: Any) -> tuple[Any, ...]:
    """Everything a seat could notice of a state, to tell two states apart."""
    return (
        state.to_act(),
        state.is_over,
        tuple(repr(state.view(seat)) for seat in range(state.players)),
        tuple(sorted((name, tuple(cards)) for name, cards in state.zones().items())),
        tuple(repr(event) for event in state.opening_events()),
    )


def deal_recipe(game: str, state: Any) -> str | None:
    """The ``deal`` line that deals ``state`` again from its hands, or None when dealing those
    hands would not give exactly the same state (the deal cannot be saved that way)."""
    try:
        zones = state.zones()
        hands = [zones[f"hand{seat}"] for seat in range(state.players)]
        again = games[game].new_state(hands=hands)
        if snapshot(again) == snapshot(state):
            return deal_text(hands)
    except (KeyError, ValueError, TypeError, AttributeError):
        pass
    return None
