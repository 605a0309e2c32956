"""A Cardavia deal in progress: turns, must-beat, rounds, bomb bonuses and going out.

Legal actions list one representative per distinct combination (see
:mod:`engine.cardavia.moves`), but :meth:`CardaviaState.apply` accepts any cards of the hand
that form a legal combination: suits never matter, so ``9h 9d`` is as good as the listed
``9s 9c``.

Per-deal data is small and never changed in place (bit-mask hands, tuples; the list of
hands is replaced, not edited), so :meth:`CardaviaState.clone` copies a dozen references and
search bots may clone freely.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action
from engine.cardavia.catalog import (
    action_of,
    answer_actions,
    catalog_get,
    lead_actions,
)
from engine.cardavia.checks import PLAYERS, checked_play, refuse_seat
from engine.cardavia.classify import (
    BOMB,
    CELESTIAL,
    Key,
)
from engine.cardavia.combination import Combination
from engine.cardavia.deck import BIT_OF, FULL_MASK, THREE_HEARTS_BIT, hand_cards
from engine.cardavia.events import (
    BombBonus,
    BombPlayed,
    CelestialBomb,
    DealStarted,
    FewCards,
    NewRound,
    Passed,
    Played,
    Settlement,
)
from engine.cardavia.moves import leads
from engine.cardavia.scoring import BOMB_BONUS, settle
from engine.cardavia.view import CardaviaView, HistoryEntry
from engine.cards import Card
from engine.errors import IllegalAction, bad_seat
from engine.events import Event, GameOver
from engine.protocol import Result

PASS = Action("pass")
_new = tuple.__new__
"""Builds a named tuple from its fields in one call (what its own ``__new__`` does, without
that extra Python frame: a view is built at every decision)."""
_HAS_PLAYED = tuple(tuple(bool(bits >> s & 1) for s in range(PLAYERS)) for bits in range(8))


def next_seat(seat: int) -> int:
    """Counter-clockwise: 0 -> 2 -> 1 -> 0 (CV-3)."""
    return (seat - 1) % PLAYERS


_NEXT = tuple(next_seat(seat) for seat in range(PLAYERS))


class CardaviaState:
    """One deal of Cardavia; build it with ``engine.games["cardavia"].new_state``."""

    __slots__ = (
        "_awaiting",
        "_bonus_seats",
        "_bonuses",
        "_claim",
        "_counts",
        "_first_play",
        "_hand_cards",
        "_hands",
        "_has_played",
        "_history",
        "_leader",
        "_legal",
        "_passes",
        "_played",
        "_public_table",
        "_result",
        "_round",
        "_table",
        "_to_act",
        "_turn",
        "is_over",
    )

    _hands: list[int]
    _hand_cards: list[tuple[Card, ...] | None]
    """Each seat's hand as cards, built when a view first asks for it. A hand that changes
    gets a new list (clones may share this one); filling a seat in is safe when shared, as
    the same mask gives the same cards."""
    _turn: int
    _to_act: tuple[int, ...]
    """``(turn,)``, or ``()`` once the deal is over (what ``to_act()`` and views say)."""
    _awaiting: int | None
    _leader: int
    _table: tuple[int, Key, Combination] | None
    _public_table: tuple[int, Combination] | None
    """What views show of ``_table``: who played what."""
    _counts: tuple[int, ...]
    """Cards in each hand."""
    _passes: int
    _first_play: bool
    _has_played: int
    _claim: tuple[int, Combination] | None
    _bonus_seats: tuple[int, ...]
    _bonuses: tuple[int, ...]
    _history: tuple[HistoryEntry, ...]
    _played: tuple[Card, ...]
    _round: int
    _result: Result | None
    is_over: bool
    """Whether the deal has ended (a plain attribute: it is read before every decision)."""
    _legal: list[Action] | None

    def __init__(self, hands: Sequence[int]) -> None:
        """``hands``: one bit mask per seat (see :mod:`engine.cardavia.deck`)."""
        self._hands = list(hands)
        self._hand_cards = [None] * PLAYERS
        holders = [seat for seat, hand in enumerate(hands) if hand & THREE_HEARTS_BIT]
        self._leader = self._turn = self._awaiting = holders[0] if holders else 0
        self._to_act = (self._turn,)
        self._table = self._public_table = None
        self._counts = tuple(h.bit_count() for h in self._hands)
        self._passes = 0
        self._first_play = True
        self._has_played = 0
        self._claim = None
        self._bonus_seats = ()
        self._bonuses = (0,) * PLAYERS
        self._history = ()
        self._played = ()
        self._round = 1
        self._result = None
        self.is_over = False
        self._legal = None

    # ---- the protocol -------------------------------------------------------------------

    @property
    def players(self) -> int:
        return PLAYERS

    def to_act(self) -> tuple[int, ...]:
        """The seat whose play or pass is awaited; empty once the deal is over."""
        return self._to_act

    def opening_events(self) -> list[Event]:
        return [DealStarted(self._leader, self._counts)]

    def legal_actions(self, seat: int) -> list[Action]:
        """One play per distinct combination, or ``[Pass()]`` when there is no answer.

        Empty for a seat that is not to act. Pass is never listed beside a play (CV-9) and
        never for a leader (CV-10)."""
        if type(seat) is not int or seat != self._turn or self._result is not None:
            if type(seat) is not int or not 0 <= seat < PLAYERS:
                raise bad_seat(seat, PLAYERS)
            return []
        return list(self._legal or self._legal_now())

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Play or pass for ``seat``; the events it caused, in order. A refusal raises
        :class:`engine.IllegalAction` and changes nothing."""
        if seat != self._turn or type(seat) is not int or self._result is not None:
            refuse_seat(seat, self._result is not None)
        kind = action.kind
        if kind == "play":
            key, mask, combination = checked_play(
                self._hands[self._turn], action, self._first_play, self._table
            )
            return self._play(seat, key, mask, combination)
        if kind == "pass":
            self._check_pass()
            return self._pass(seat)
        raise IllegalAction(
            "in Cardavia you can only play cards or pass", code="wrong_action", kind=kind
        )

    def view(self, seat: int) -> CardaviaView:
        """What ``seat`` may know: his hand, and the public counts, table and history."""
        if type(seat) is not int or not 0 <= seat < PLAYERS:
            raise bad_seat(seat, PLAYERS)
        cards = self._hand_cards[seat]
        if cards is None:
            cards = self._hand_cards[seat] = hand_cards(self._hands[seat])
        counts = self._counts
        return _new(
            CardaviaView,
            (
                seat,
                PLAYERS,
                cards,
                counts,
                counts,
                self._public_table,
                self._leader,
                self._to_act,
                self._awaiting,
                self._round,
                self._first_play,
                self._history,
                self._played,
                _HAS_PLAYED[self._has_played],
                self._bonuses,
                self.is_over,
            ),
        )

    def result(self) -> Result:
        """Winner, totals and settlement lines; ``ValueError`` before the deal ends."""
        if self._result is None:
            raise ValueError("the deal is not over yet")
        return self._result

    def clone(self) -> CardaviaState:
        """An independent copy; cheap, as all per-deal data is immutable."""
        other = CardaviaState.__new__(CardaviaState)
        other._hands = self._hands
        other._hand_cards = self._hand_cards
        other._turn = self._turn
        other._to_act = self._to_act
        other._awaiting = self._awaiting
        other._leader = self._leader
        other._table = self._table
        other._public_table = self._public_table
        other._counts = self._counts
        other._passes = self._passes
        other._first_play = self._first_play
        other._has_played = self._has_played
        other._claim = self._claim
        other._bonus_seats = self._bonus_seats
        other._bonuses = self._bonuses
        other._history = self._history
        other._played = self._played
        other._round = self._round
        other._result = self._result
        other.is_over = self.is_over
        other._legal = self._legal
        return other

    # ---- extras for tests, bots and the front end ---------------------------------------

    def bonuses(self) -> tuple[int, ...]:
        """Points each seat got from bomb bonuses so far (CV-13)."""
        return self._bonuses

    def zones(self) -> dict[str, tuple[Card, ...]]:
        """Where every card is: ``hand0``..``hand2``, ``played``, and ``unused`` (cards of
        the deck not dealt, only when ``hands=`` dealt fewer than 48)."""
        zones = {f"hand{s}": hand_cards(h) for s, h in enumerate(self._hands)}
        zones["played"] = self._played
        dealt = 0
        for h in self._hands:
            dealt |= h
        for card in self._played:
            dealt |= BIT_OF[card]
        zones["unused"] = hand_cards(FULL_MASK & ~dealt)
        return zones

    # ---- checks (never change the state) ------------------------------------------------

    def _legal_now(self) -> list[Action]:
        """The legal actions of the seat to act (kept until the state changes)."""
        legal = self._legal
        if legal is None:
            hand = self._hands[self._turn]
            table = self._table
            if table is not None:
                legal = answer_actions(hand, table[1]) or [PASS]
            elif self._first_play:
                legal = [
                    catalog_get(code) or action_of(code) for code in leads(hand, first_play=True)
                ]
            else:
                legal = lead_actions(hand)
            self._legal = legal
        return legal

    def _check_pass(self) -> None:
        if self._table is None:
            raise IllegalAction("the leader cannot pass", code="leader_cannot_pass")
        if self._legal_now()[0] is not PASS:
            raise IllegalAction("you must beat the play on the table", code="must_beat")

    # ---- changes ------------------------------------------------------------------------

    def _play(self, seat: int, key: Key, mask: int, combination: Combination) -> list[Event]:
        table = self._table
        kind = key[0]
        events: list[Event]
        if kind < BOMB:
            events = [Played(seat, combination, None if table is None else table[2])]
        elif kind == CELESTIAL:
            events = [CelestialBomb(seat, combination)]
        else:
            events = [BombPlayed(seat, combination, None if table is None else table[2])]
            # Only a bomb played on another's combination may earn the bonus; a stronger
            # bomb in the same round takes the claim over (CV-13).
            self._claim = None if table is None else (seat, combination)
        hands = self._hands = self._hands[:]  # copied: clones may share the old list
        hand = hands[seat] = hands[seat] & ~mask
        cards = self._hand_cards = self._hand_cards[:]
        cards[seat] = None
        left = hand.bit_count()
        counts = self._counts
        self._counts = (
            left if seat == 0 else counts[0],
            left if seat == 1 else counts[1],
            left if seat == 2 else counts[2],
        )
        self._table = (seat, key, combination)
        self._public_table = (seat, combination)
        self._passes = 0
        self._first_play = False
        self._has_played |= 1 << seat
        self._history += ((self._round, seat, combination),)
        self._played += combination.cards
        self._legal = None
        if left > 2:
            self._turn = self._awaiting = turn = _NEXT[seat]
            self._to_act = (turn,)
        elif left:
            events.append(FewCards(seat, left))
            self._turn = self._awaiting = turn = _NEXT[seat]
            self._to_act = (turn,)
        else:
            self._go_out(seat, events)
        return events

    def _pass(self, seat: int) -> list[Event]:
        events: list[Event] = [Passed(seat)]
        self._history += ((self._round, seat, None),)
        self._legal = None
        if self._passes == 0:
            self._passes = 1
            self._turn = self._awaiting = turn = _NEXT[seat]
            self._to_act = (turn,)
            return events
        # Both others have passed in turn: the last player who played leads (CV-10).
        table = self._table
        assert table is not None  # a leader cannot pass
        self._settle_claim(events)
        self._round += 1
        self._leader = self._turn = self._awaiting = table[0]
        self._to_act = (table[0],)
        self._table = self._public_table = None
        self._passes = 0
        events.append(NewRound(table[0]))
        return events

    def _settle_claim(self, events: list[Event]) -> None:
        claim = self._claim
        if claim is not None:
            self._claim = None
            bomber = claim[0]
            self._bonus_seats += (bomber,)
            self._bonuses = tuple(
                points + (BOMB_BONUS if s == bomber else -BOMB_BONUS // 2)
                for s, points in enumerate(self._bonuses)
            )
            events.append(BombBonus(bomber, claim[1], BOMB_BONUS))

    def _go_out(self, seat: int, events: list[Event]) -> None:
        """CV-11: the deal ends at once; a standing bomb claim is settled first (CV-13)."""
        self._settle_claim(events)
        lines, totals = settle(
            seat,
            self._hands,
            has_played=[bool(self._has_played >> s & 1) for s in range(PLAYERS)],
            bonus_seats=self._bonus_seats,
        )
        events.append(Settlement(lines, totals))
        events.append(GameOver((seat,), "went_out", totals))
        self._result = Result((seat,), totals, "went_out", lines)
        self.is_over = True
        self._turn = -1
        self._to_act = ()
        self._awaiting = None
