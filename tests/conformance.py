"""Shared conformance checks: random legal play to the end, with the invariants every game
must hold at every step (card conservation, no leaks, refusals change nothing)."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from engine import IllegalAction, State, games
from engine.actions import Action, Pass, Play
from engine.cards import Card

MAX_STEPS = 200_000


@runtime_checkable
class ZonedState(State, Protocol):
    """A game's state that also tells where every card is, zone by zone (``hand0``, ``won1``,
    ``table``...): every game's state does, and the checks here count the cards in them."""

    def zones(self) -> Mapping[str, Sequence[Card]]: ...


def zoned(state: State) -> ZonedState:
    """``state``, checked to tell its zones."""
    assert isinstance(state, ZonedState), f"{type(state).__name__} has no zones()"
    return state


_FIELDS: dict[type, tuple[str, ...]] = {}
_PLAIN = (int, str, bool, float, type(None))


def cards_in(value: Any) -> list[Card]:
    """Every card reachable from a view or an event (fields, tuples, mappings)."""
    found: list[Card] = []
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is Card:
            found.append(item)
        elif kind in (tuple, list, set, frozenset) or isinstance(item, tuple):
            stack.extend(item)  # a named tuple too (a view)
        elif kind in _PLAIN:
            continue
        elif isinstance(item, Mapping):
            stack.extend(item.keys())
            stack.extend(item.values())
        else:
            names = _FIELDS.get(kind)
            if names is None:
                is_record = dataclasses.is_dataclass(item) and not isinstance(item, type)
                names = tuple(f.name for f in dataclasses.fields(item)) if is_record else ()
                _FIELDS[kind] = names
            stack.extend(getattr(item, name) for name in names)
    return found


def all_cards(state: Any) -> Counter[Card]:
    return Counter(card for cards in state.zones().values() for card in cards)


def snapshot(state: Any) -> tuple[Any, ...]:
    return (
        state.to_act(),
        state.is_over,
        tuple(state.view(s) for s in range(state.players)),
        tuple(sorted((k, tuple(v)) for k, v in state.zones().items())),
    )


def try_illegal(state: Any, rng: random.Random) -> None:
    """Some illegal actions must be refused, leaving the state exactly as it was."""
    before = snapshot(state)
    awaited = set(state.to_act())
    attempts: list[tuple[int, Action]] = []
    idle = [s for s in range(state.players) if s not in awaited]
    if idle and not state.is_over:
        seat = rng.choice(idle)
        if not state.legal_actions(seat):
            attempts.append((seat, Pass()))
    for seat in awaited:
        legal = state.legal_actions(seat)
        stranger = Card(5, "h", deck=7)  # a card no game deals
        attempts.append((seat, Play((stranger,))))
        if Pass() not in legal:
            attempts.append((seat, Pass()))
    attempts.append((state.players + 3, Pass()))
    for seat, action in attempts:
        try:
            state.apply(seat, action)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"illegal {action} by seat {seat} was accepted")
        assert snapshot(state) == before, f"refused {action} changed the state"


BAD_SEATS: tuple[object, ...] = (-1, True, False, 1.0, "0", None)
"""Not seats at any table; ``players`` and ``players + 3`` are added per game."""


def check_bad_seats(state: Any) -> None:
    """A bad seat is refused the same way in every game and by every method: IllegalAction
    with the code ``bad_seat``, the state left exactly as it was."""
    before = snapshot(state)
    for seat in (*BAD_SEATS, state.players, state.players + 3):
        asks: tuple[Callable[[Any], object], ...] = (
            lambda seat: state.view(seat),
            lambda seat: state.legal_actions(seat),
            lambda seat: state.apply(seat, Pass()),
            lambda seat: state.apply(seat, Play((Card(5, "h"),))),
        )
        for ask in asks:
            try:
                ask(seat)
            except IllegalAction as error:
                assert error.code == "bad_seat", f"seat {seat!r}: {error.code}"
            else:
                raise AssertionError(f"seat {seat!r} was not refused")
    assert snapshot(state) == before, "a refused seat changed the state"


def play_random_game(
    game_name: str, seed: int, *, check_every: int = 1, **options: Any
) -> tuple[Any, list[tuple[int, Action]], list[Any]]:
    """Random legal play to the end with the invariants checked; returns state, log, events."""
    game = games[game_name]
    state = game.new_state(seed=seed, **options)
    rng = random.Random(seed * 7919 + 1)
    deck = all_cards(state)
    assert all(n == 1 for n in deck.values()), "every physical card must be distinct"
    log: list[tuple[int, Action]] = []
    events: list[Any] = list(state.opening_events())
    public: set[Card] = set()
    for event in events:
        public.update(cards_in(event))
    check_bad_seats(state)
    # A clone taken now and then must be independent and play on exactly like the original.
    twin: Any = None
    twin_left = 0
    steps = 0
    while not state.is_over:
        steps += 1
        assert steps < MAX_STEPS, "the game did not terminate"
        awaited = state.to_act()
        assert awaited, "a game that is not over must await someone"
        seat = rng.choice(awaited)
        legal = state.legal_actions(seat)
        assert legal, f"seat {seat} is awaited but has no legal action"
        action = rng.choice(legal)
        if twin is None and steps % (check_every * 25) == 1:
            twin, twin_left = state.clone(), 10
            assert snapshot(twin) == snapshot(state), "a clone differs from its original"
        new_events = state.apply(seat, action)
        if twin is not None:
            assert twin.apply(seat, action) == new_events, "a clone played on differently"
            assert snapshot(twin) == snapshot(state), "a clone differs from its original"
            twin_left -= 1
            if twin_left == 0:
                twin = None
        log.append((seat, action))
        events.extend(new_events)
        for event in new_events:
            assert isinstance(event.kind, str)
            public.update(cards_in(event))
        if steps % check_every == 0:
            assert all_cards(state) == deck, "cards were created or lost"
            check_no_leak(state, public)
            if steps % (check_every * 25) == 0:
                try_illegal(state, rng)
                check_bad_seats(state)
    assert state.to_act() == ()
    assert all_cards(state) == deck
    try_illegal(state, rng)
    check_bad_seats(state)
    assert events[-1].kind == "game_over"
    return state, log, events


def check_no_leak(state: Any, public: set[Card]) -> None:
    """No seat's view holds a card hidden from it: another seat's unrevealed hand or stock
    cards, or another seat's current secret choice (a seer's privilege aside)."""
    zones = state.zones()
    views = [state.view(seat) for seat in range(state.players)]
    private: dict[int, set[Card]] = {seat: set() for seat in range(state.players)}
    for name, cards in zones.items():
        for prefix in ("hand", "stock"):
            suffix = name[len(prefix) :]
            if name.startswith(prefix) and suffix.isdigit():
                private[int(suffix)].update(cards)
    for seat, view in enumerate(views):
        choice = getattr(view, "my_choice", None)
        # A card shown earlier (a reveal, a trick won) may be chosen again: it is public.
        if isinstance(choice, Card):
            private[seat].add(choice)
    for seat, view in enumerate(views):
        secret: set[Card] = set()
        for other, cards in private.items():
            if other != seat:
                secret |= cards
        secret -= public
        seen = set(cards_in(view))
        seer_sees = set(cards_in(getattr(view, "seen_choices", {})))
        leaked = (seen & secret) - seer_sees
        assert not leaked, f"seat {seat} sees hidden cards {sorted(map(str, leaked))}"


def replay(game_name: str, seed: int, log: list[tuple[int, Action]], **options: Any) -> list[Any]:
    state = games[game_name].new_state(seed=seed, **options)
    events: list[Any] = list(state.opening_events())
    for seat, action in log:
        events.extend(state.apply(seat, action))
    return events
