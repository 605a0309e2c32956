"""What a Cardavia seat knows, read from its view alone: its hand, the cards still unseen,
the situation on the table, and what each pass proved about the passer's hand then.

Everything here comes from :class:`engine.cardavia.view.CardaviaView`; nothing reads a state.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cardavia.classify import BOMB, CELESTIAL, SINGLE, TRIPLE, Key, key_of
from engine.cardavia.deck import BIT_OF, FULL_MASK, POP, RANKS_COUNT
from engine.cardavia.fast import Compact, Position
from engine.cardavia.moves import KIND_SHIFT
from engine.cardavia.view import CardaviaView
from engine.cards import Card


def mask_of_cards(cards: tuple[Card, ...]) -> int:
    """The bit mask of cards known to be of the Cardavia deck."""
    mask = 0
    for card in cards:
        mask |= BIT_OF[card]
    return mask


@dataclass(frozen=True, slots=True)
class PassProof:
    """``seat`` passed on ``table``: his hand then (his hand now plus ``later``, the cards he
    played after) had no answer to it (CV-9)."""

    seat: int
    table: Key
    later: int


@dataclass(frozen=True, slots=True)
class Habit:
    """What ``seat``'s play suggests about his hand then, if he plays like most players
    (leads his lowest cards, beats with the lowest answer): at most ``limits[r]`` cards of
    rank index ``r``. Soft knowledge: it is dropped for a seat once a card he played later
    shows he did not play that way."""

    seat: int
    limits: tuple[int, ...]
    later: int


@dataclass(frozen=True, slots=True)
class Choice:
    """``seat`` made the play ``code`` (cards and kind) on ``table`` (``None``: he led); his
    hand then was his hand now plus ``later``, the cards he played from this play on (this
    one included)."""

    seat: int
    code: int
    table: Key | None
    later: int


@dataclass(frozen=True, slots=True)
class Public:
    """One seat's knowledge of a deal. ``unseen`` are the cards in the other two hands;
    ``counts`` the hand sizes by seat; ``played_by`` the cards each seat has played."""

    seat: int
    hand: int
    unseen: int
    counts: tuple[int, int, int]
    played_by: tuple[int, int, int]
    proofs: tuple[PassProof, ...]
    habits: tuple[Habit, ...]
    table: tuple[int, Key] | None
    passes: int
    first_play: bool
    has_played: int
    claim: int
    bonuses: tuple[int, int, int]
    choices: tuple[Choice, ...] = ()
    """The other seats' plays, in order (the first play of the deal left out: it is forced
    to hold the lowest card)."""

    def position(self, hands: list[int]) -> Position:
        """The deal now, with these hands (the seat's own and two sampled ones)."""
        return Position(
            hands,
            self.seat,
            self.table,
            passes=self.passes,
            first_play=self.first_play,
            played=self.has_played,
            claim=self.claim,
            bonuses=list(self.bonuses),
        )

    def compact(self, hands: list[int]) -> Compact:
        """The deal now as a compact position (:data:`engine.cardavia.fast.Compact`), with
        these hands: what :meth:`position` holds, without building it."""
        return [
            hands[0],
            hands[1],
            hands[2],
            self.seat,
            self.table,
            self.passes,
            self.claim,
            self.has_played,
            self.first_play,
        ]


def read_view(view: CardaviaView) -> Public:
    """Everything :class:`Public` holds, from the seat's view."""
    me = view.seat
    hand = mask_of_cards(view.hand)
    played = mask_of_cards(view.played_cards)
    played_by = [0, 0, 0]
    plays: list[tuple[int, int, int]] = []  # (index, seat, mask)
    made: list[tuple[int, int, int, Key | None, Key]] = []  # (index, seat, mask, table, key)
    passes: list[tuple[int, int, Key]] = []  # (index, seat, table key)
    current: Key | None = None
    current_round = -1
    round_plays = 0
    for index, (round_number, seat, combination) in enumerate(view.history):
        if round_number != current_round:
            current_round, current, round_plays = round_number, None, 0
        if combination is None:
            if current is not None:
                passes.append((index, seat, current))
            continue
        mask = mask_of_cards(combination.cards)
        played_by[seat] |= mask
        plays.append((index, seat, mask))
        key = key_of(combination)
        if seat != me:
            made.append((index, seat, mask, current, key))
        current = key
        round_plays += 1
    proofs: list[PassProof] = []
    for index, seat, beaten in passes:
        if seat == me or (beaten[0] >= BOMB and beaten[0] != BOMB):
            continue  # nothing answers three aces or the celestial bomb: no news
        proofs.append(PassProof(seat, beaten, _later(plays, seat, index)))
    habits: list[Habit] = []
    distrusted: set[int] = set()
    for index, seat, mask, table_then, key in made:
        later = _later(plays, seat, index)
        limits = None if index == 0 else habit_limits(key, mask, table_then)
        if limits is None:
            continue
        if any(POP[later >> 4 * r & 15] > limits[r] for r in range(RANKS_COUNT)):
            distrusted.add(seat)
        habits.append(Habit(seat, limits, later))
    table: tuple[int, Key] | None = None
    trailing = 0
    claim = -1
    if view.table is not None:
        table_seat, combination = view.table
        table = (table_seat, key_of(combination))
        for round_number, _, entry in reversed(view.history):
            if round_number != view.round or entry is not None:
                break
            trailing += 1
        # A bomb stands to score only if it beat a play: it is not the round's lead (CV-13).
        if BOMB <= table[1][0] < CELESTIAL and current_round == view.round and round_plays > 1:
            claim = table_seat
    counts = view.hand_counts
    bonuses = view.bonuses
    choices = tuple(
        Choice(seat, mask | key[0] << KIND_SHIFT, table_then, mask | _later(plays, seat, index))
        for index, seat, mask, table_then, key in made
        if index
    )
    return Public(
        seat=me,
        hand=hand,
        unseen=FULL_MASK & ~hand & ~played,
        counts=(counts[0], counts[1], counts[2]),
        played_by=(played_by[0], played_by[1], played_by[2]),
        proofs=tuple(proofs),
        habits=tuple(h for h in habits if h.seat not in distrusted),
        table=table,
        passes=trailing,
        first_play=view.first_play,
        has_played=sum(1 << s for s, done in enumerate(view.has_played) if done),
        claim=claim,
        bonuses=(bonuses[0], bonuses[1], bonuses[2]),
        choices=choices,
    )


def _later(plays: list[tuple[int, int, int]], seat: int, index: int) -> int:
    """The cards ``seat`` played after history entry ``index``."""
    later = 0
    for play_index, play_seat, mask in plays:
        if play_seat == seat and play_index > index:
            later |= mask
    return later


def habit_limits(key: Key, mask: int, table: Key | None) -> tuple[int, ...] | None:
    """The most cards of each rank a player held when he made this play, if he leads his
    lowest cards and beats with the lowest answer of the kind; ``None`` when the play says
    nothing of the kind (bombs, sequences answered)."""
    kind = key[0]
    if kind >= BOMB:
        return None
    limits = [4] * RANKS_COUNT
    if table is None:
        # He led from his lowest rank: nothing lower (a club of the rank just below is
        # allowed for: the usual rule reads it as the next rank).
        low = (mask & -mask).bit_length() - 1 >> 2
        for r in range(low):
            limits[r] = 0 if r < low - 1 else 1
        return tuple(limits)
    if kind > TRIPLE or table[0] != kind:
        return None
    most = kind - SINGLE  # no lower answer of the kind: 0, 1 or 2 cards of each rank between
    for r in range(table[1] + 1, key[1]):
        limits[r] = most
    return tuple(limits)
