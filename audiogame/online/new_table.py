"""Creating an online table: its game and options, what each other seat is, its grace period,
turn timer and pace."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from audiogame.app.menu import Menu, MenuItem, option_item
from audiogame.catalog import GAMES
from audiogame.i18n import N_, _
from audiogame.words.cards import seconds_text

if TYPE_CHECKING:
    from audiogame.app.application import AudioGame
    from audiogame.online.play import OnlinePlay

LEVELS = ("person", "bot:easy", "bot:normal", "bot:hard", "bot:expert")
"""What each other seat of a new table may be: a person, or a computer player at one of the
levels of the offline setup (audiogame.computer_players.LEVELS)."""
GRACE = (30, 60, 120, 300)
TURN_TIMER = (0, 30, 60, 120, 300)
PACES = (0, 1, 2, 3)
"""Seconds between the computer players' moves at a new table (the page's choices)."""
MAX_TYPED = 300


def seat_kind_name(kind: str) -> str:
    return {
        "person": _("a person"),
        "bot:easy": _("computer player, easy"),
        "bot:normal": _("computer player, normal"),
        "bot:hard": _("computer player, hard"),
        "bot:expert": _("computer player, expert (up to a second a move)"),
    }[kind]


class CreateMenu(Menu):
    """A new online table: the game, its options, who sits where, then Create."""

    app: AudioGame  # the terminal program's menus

    title = N_("New online table")

    def __init__(self, app: AudioGame, play: OnlinePlay) -> None:
        super().__init__(app)
        self.play = play
        self.game_index = 0
        self.private = False
        self.grace = 60
        self.turn_timer = 0
        self.pace: float = float(app.settings.pace)
        """Seconds between the computer players' moves (the options' pace until changed)."""
        most = max(entry.facts.max_players for entry in GAMES)
        self.seats = ["bot:normal"] * (most - 1)
        """The kind of every seat after the creator's, as many as the largest table's."""
        self.set_game(0)
        self.recall()

    def recall(self) -> None:
        """The choices of the last table created (kept in the settings); a value that is not
        one of the form's own is left at its default."""
        last = self.app.settings.extra.get("online_table")
        if not isinstance(last, dict):
            return
        keys = [entry.key for entry in GAMES]
        if last.get("game") in keys:
            self.set_game(keys.index(last["game"]))
        options = last.get("options")
        for option in self.entry.options:
            value = options.get(option.key) if isinstance(options, dict) else None
            if option.key in self.config and value in option.values:
                self.config[option.key] = value
        seats = last.get("seats")
        if isinstance(seats, list):
            for index, kind in enumerate(seats[: len(self.seats)]):
                if kind in LEVELS:
                    self.seats[index] = kind
        for name, values in (("grace", GRACE), ("turn_timer", TURN_TIMER), ("pace", PACES)):
            if last.get(name) in values and not isinstance(last.get(name), bool):
                setattr(self, name, last[name])
        self.private = last.get("private") is True

    def set_game(self, index: int) -> None:
        self.game_index = index % len(GAMES)
        self.entry = GAMES[self.game_index]
        self.config = {
            key: value
            for key, value in self.entry.defaults().items()
            if key not in ("level", "seed")
        }
        self._options = [
            option_item(option, self.config)
            for option in self.entry.options
            if option.key in self.config
        ]

    def players(self) -> int:
        return self.entry.seat_count(self.config)

    def items(self) -> Sequence[MenuItem]:
        seats = [self.seat_item(index) for index in range(1, self.players())]
        return [
            MenuItem(lambda: _("Create the table"), self.create),
            MenuItem(
                lambda: _("Game: {game}").format(game=_(self.entry.title)),
                change=lambda step: self.set_game(self.game_index + step),
            ),
            *self._options,
            *seats,
            MenuItem(
                lambda: _("Private table: {value}").format(
                    value=_("yes") if self.private else _("no")
                ),
                change=self.toggle_private,
            ),
            MenuItem(
                lambda: _("Grace period after a drop: {seconds} seconds").format(
                    seconds=self.grace
                ),
                change=lambda step: self.cycle("grace", GRACE, step),
            ),
            MenuItem(
                self.timer_label, change=lambda step: self.cycle("turn_timer", TURN_TIMER, step)
            ),
            *([self.pace_item()] if self.entry.paced else []),
        ]

    def pace_item(self) -> MenuItem:
        def label() -> str:
            return _("Computer players' pace: {seconds}").format(seconds=seconds_text(self.pace))

        def change(step: int) -> None:
            later = [value for value in PACES if value > self.pace]
            earlier = [value for value in PACES if value < self.pace]
            if step > 0:
                self.pace = later[0] if later else PACES[0]
            else:
                self.pace = earlier[-1] if earlier else PACES[-1]

        return MenuItem(label, change=change)

    def seat_item(self, index: int) -> MenuItem:
        def label() -> str:
            return _("Seat {number}: {kind}").format(
                number=index + 1, kind=seat_kind_name(self.seats[index - 1])
            )

        def change(step: int) -> None:
            current = LEVELS.index(self.seats[index - 1])
            self.seats[index - 1] = LEVELS[(current + step) % len(LEVELS)]

        return MenuItem(label, change=change)

    def timer_label(self) -> str:
        if not self.turn_timer:
            return _("Turn timer: off")
        return _("Turn timer: {seconds} seconds").format(seconds=self.turn_timer)

    def toggle_private(self, step: int) -> None:
        self.private = not self.private

    def cycle(self, name: str, values: tuple[int, ...], step: int) -> None:
        current = values.index(getattr(self, name))
        setattr(self, name, values[(current + step) % len(values)])

    def create(self) -> None:
        seats = ["person", *self.seats[: self.players() - 1]]
        options = dict(self.config)
        if self.entry.paced:  # the computer players play at the pace chosen here
            options["pace"] = self.pace
        last = {"game": self.entry.key, "options": dict(self.config), "seats": list(self.seats),
                "grace": self.grace, "turn_timer": self.turn_timer, "pace": self.pace,
                "private": self.private}  # fmt: skip
        if self.app.settings.extra.get("online_table") != last:
            self.app.update_settings(extra={**self.app.settings.extra, "online_table": last})
        self.app.stack.pop()
        self.play.send(
            {
                "type": "create",
                "game": self.entry.key,
                "options": options,
                "seats": seats,
                "private": self.private,
                "grace": self.grace,
                "turn_timer": self.turn_timer,
            }
        )
