"""The options menu: every change is spoken, saved at once and applied live; the language and
the speech, stepped to with Left and Right, only once Enter confirms them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from audiogame import i18n
from audiogame.app.actions import EVERYWHERE
from audiogame.app.menu import Menu, MenuItem
from audiogame.app.screen import BACKSPACE, ENTER, ESCAPE, Command, Screen
from audiogame.catalog import GAMES
from audiogame.i18n import N_, _
from audiogame.settings import DEFAULT_NAMES, PACES
from audiogame.speech.chain import CHOICES, backend_label
from audiogame.words.cards import seconds_text

if TYPE_CHECKING:
    from audiogame.app.host import CoreHost

NAME_LENGTH = 20
LANGUAGE_NAMES = {"en": N_("English"), "it": N_("Italian")}
"""Each language by its name in the language spoken now (lower case in Italian)."""
OWN_NAMES = {"en": "English", "it": "Italiano"}
"""Each language by its own name, the one its speakers know it by whatever is spoken now."""


def _language_name(language: str) -> str:
    return _(LANGUAGE_NAMES[language])


def _language_label(value: str) -> str:
    """The language chosen, and the one in use when ``--lang`` chose another for this run."""
    if not value:
        chosen = _("system ({language})").format(language=_language_name(i18n.system_language()))
    else:
        chosen = _language_name(value)
    in_use = i18n.language()
    if in_use == (value or i18n.system_language()):
        return chosen
    return _("{language} for this run, from the command line; saved choice: {chosen}").format(
        language=_language_name(in_use), chosen=chosen
    )


def _pending_language_label(value: str) -> str:
    """A language stepped to and not yet applied: named in the language spoken now and by its
    own name, so that a player who does not understand the one spoken now still finds his."""
    language = value or i18n.system_language()
    name, own = _language_name(language), OWN_NAMES[language]
    if not value:
        both = name if name.casefold() == own.casefold() else f"{name}, {own}"
        name = _("system ({language})").format(language=both)
    elif name.casefold() != own.casefold():
        name = f"{name} ({own})"
    if language == i18n.language():
        return _("{language}: Enter saves this choice").format(language=name)
    return _("{language}: Enter switches to it").format(language=name)


def _percent(value: int) -> str:
    return _("{value} percent").format(value=value)


def _seconds(value: float) -> str:
    return seconds_text(value)


class OptionsMenu(Menu):
    app: CoreHost  # the program's own menus
    title = N_("Options")

    def __init__(self, app: CoreHost) -> None:
        super().__init__(app)
        self.pending: dict[str, str] = {}
        """The language or the speech stepped to with Left and Right, not yet taken by Enter."""

    def _pending_item(
        self,
        label: str,
        setting: str,
        values: Sequence[str],
        describe: Callable[[str], str],
        describe_pending: Callable[[str], str],
        take: Callable[[str], None],
    ) -> MenuItem:
        """An option whose values Left and Right only step to (each named by
        ``describe_pending``, in the language and the speech in use) and Enter takes (``take``
        puts it in use over the command line's choice): one step must never leave the player
        in a language he may not understand, or without a voice (silent, or console lines
        that his screen reader does not read where he is)."""

        def text() -> str:
            pending = self.pending.get(setting)
            if pending is None:
                value = describe(getattr(self.app.settings, setting))
            else:
                value = describe_pending(pending)
            return _("{option}: {value}").format(option=_(label), value=value)

        def change(step: int) -> None:
            current = self.pending.get(setting, getattr(self.app.settings, setting))
            index = values.index(current) if current in values else 0
            self.pending[setting] = values[(index + step) % len(values)]

        def apply() -> None:
            chosen = self.pending.pop(setting, getattr(self.app.settings, setting))
            self.app.update_settings(**{setting: chosen})
            take(chosen)
            self.app.say(text())  # in the language, and through the speech, chosen

        return MenuItem(text, activate=apply, change=change)

    def _language_item(self) -> MenuItem:
        def take(chosen: str) -> None:
            i18n.set_language(chosen or i18n.system_language())  # over --lang too

        return self._pending_item(N_("Language"), "language", ("", "en", "it"),
                                  _language_label, _pending_language_label, take)  # fmt: skip

    def _speech_item(self) -> MenuItem:
        def pending(value: str) -> str:
            speech = backend_label(value)
            if value == "silent":  # said before it is chosen, in the speech still heard
                return _(
                    "{speech}: Enter switches to it, and then nothing is said until another "
                    "speech is chosen here, or the program is started with --speech auto"
                ).format(speech=speech)
            if value == getattr(self.app.narrator.speaker, "choice", None):
                return _("{speech}: Enter saves this choice").format(speech=speech)
            return _("{speech}: Enter switches to it").format(speech=speech)

        def take(chosen: str) -> None:
            if getattr(self.app.narrator.speaker, "choice", chosen) != chosen:
                self.app.use_speech(chosen)  # the saved choice, over --speech

        return self._pending_item(N_("Speech"), "speech", CHOICES, self._speech_label,
                                  pending, take)  # fmt: skip

    def back(self) -> None:
        self.pending.clear()  # a value only stepped to changes nothing
        super().back()

    def _choice(
        self, label: str, key: str, values: Sequence[Any], describe: Callable[[Any], str]
    ) -> MenuItem:
        def text() -> str:
            return _("{option}: {value}").format(
                option=_(label), value=describe(getattr(self.app.settings, key))
            )

        def change(step: int) -> None:
            current = getattr(self.app.settings, key)
            index = values.index(current) if current in values else 0
            index = index + step
            if isinstance(values[0], bool):
                index %= len(values)
            else:  # numbers stop at their ends rather than wrap from loudest to silent
                index = max(0, min(len(values) - 1, index))
            self.app.update_settings(**{key: values[index]})

        return MenuItem(text, change=change)

    def _speech_label(self, value: str) -> str:
        """The speech chosen, and the one in use when ``--speech`` chose another for this
        run (as for the language)."""
        in_use = getattr(self.app.narrator.speaker, "choice", value)
        if in_use == value:
            return backend_label(value)
        return _("{speech} for this run, from the command line; saved choice: {chosen}").format(
            speech=backend_label(in_use), chosen=backend_label(value)
        )

    def game_choices(self) -> list[MenuItem]:
        """The player's own options of each game, from its registration."""
        return [
            self._choice(option.label, option.setting, option.values,
                         _on_off if isinstance(option.values[0], bool) else str)
            for entry in GAMES for option in entry.player_options
        ]  # fmt: skip

    def items(self) -> Sequence[MenuItem]:
        tens = tuple(range(0, 101, 10))
        voice = [
            self._speech_item(),
            self._choice(N_("Speech rate"), "rate", tens, _percent),
            self._choice(N_("Speech volume"), "volume", tens, _percent),
        ]
        return [
            self._language_item(),
            *(voice if self.app.own_voice else []),
            self._choice(N_("Automatic play pace"), "pace", PACES, _seconds),
            self._choice(N_("Sound cues"), "sound", (True, False), _on_off),
            self._choice(N_("Cue volume"), "cue_volume", tens, _percent),
            self._choice(N_("Brief mode"), "brief", (True, False), _on_off),
            *self.game_choices(),
            MenuItem(
                lambda: _("Computer players' names"), lambda: self.app.push(NamesMenu(self.app))
            ),
            MenuItem(
                lambda: _("Keys of the tables"), lambda: self.app.push(TableKeysMenu(self.app))
            ),
            MenuItem(lambda: _("Back"), self.back),
        ]


def _on_off(value: bool) -> str:
    return _("on") if value else _("off")


class TableKeysMenu(Menu):
    """A game, then its table's keys: Enter on a key binds another one (see F1's list)."""

    app: CoreHost  # the program's own menus

    title = N_("Keys of the tables")

    def items(self) -> Sequence[MenuItem]:
        from audiogame.catalog import GAMES

        return [
            *(
                MenuItem(partial(_, entry.title), partial(self.open_keys, entry))
                for entry in GAMES
            ),
            MenuItem(lambda: _("Back"), self.back),
        ]  # fmt: skip

    def open_keys(self, entry: Any) -> None:
        from audiogame.app.keys_screen import KeysScreen

        factory = entry.table_factory()
        if factory is None:
            self.app.refuse(_("This table is not ready yet."))
            return
        # A table of that game, never opened: only its keys are read.
        table = factory(self.app, {**entry.defaults(), "seed": 1})
        self.app.push(KeysScreen(self.app, table))


class NamesMenu(Menu):
    app: CoreHost  # the program's own menus
    title = N_("Computer players' names")

    def items(self) -> Sequence[MenuItem]:
        names = self.app.settings.names
        return [
            *(
                MenuItem(partial(self._name_label, seat), partial(self._edit_name, seat))
                for seat in range(len(names))
            ),
            MenuItem(lambda: _("Restore the default names"), self.restore),
            MenuItem(lambda: _("Back"), self.back),
        ]

    def _name_label(self, seat: int) -> str:
        return _("Player {number}: {name}").format(
            number=seat + 2, name=self.app.settings.names[seat]
        )

    def _edit_name(self, seat: int) -> None:
        self.app.push(NameEditor(self.app, seat))

    def restore(self) -> None:
        self.app.update_settings(names=DEFAULT_NAMES)
        self.app.say(_("Default names restored."))


class NameEditor(Screen):
    """Type a name: each letter is echoed, Backspace deletes, Enter saves, Escape cancels."""

    app: CoreHost  # the program's own screen (its narrator, its tables)

    def __init__(self, app: CoreHost, index: int) -> None:
        super().__init__(app)
        self.index = index
        self.text = ""

    def heading(self) -> str:
        return _("New name for player {number}").format(number=self.index + 2)

    def enter(self) -> None:
        self.app.say(
            _("{title}, now {name}. Type the name, Enter to save, Escape to cancel.").format(
                title=self.heading(), name=self.app.settings.names[self.index]
            )
        )

    def commands(self) -> list[Command]:
        return [
            Command((), N_("type the name."), self.save, "type", keys_text=N_("Letters")),
            Command((BACKSPACE,), N_("delete the last letter."), self.delete, "delete"),
            Command((ENTER,), N_("save the name."), self.save, "save"),
            Command((ESCAPE,), N_("cancel."), lambda key: self.app.pop(), "cancel", EVERYWHERE),
        ]

    def on_char(self, char: str) -> bool:
        if len(self.text) >= NAME_LENGTH:
            self.app.refuse(_("The name is long enough."))
            return True
        self.text += char
        self.app.narrator.speak_unrecorded(_("space") if char == " " else char)
        return True

    def delete(self, key: str) -> None:
        if not self.text:
            self.app.refuse(_("The name is empty."))
            return
        removed, self.text = self.text[-1], self.text[:-1]
        self.app.narrator.speak_unrecorded(_("{letter} deleted").format(letter=removed))

    def save(self, key: str) -> None:
        name = " ".join(self.text.split())
        if not name:
            self.app.refuse(_("Type at least one letter, or Escape to cancel."))
            return
        names = list(self.app.settings.names)
        if name in names[: self.index] + names[self.index + 1 :] or name.casefold() in (
            _("you").casefold(),
        ):
            self.app.refuse(_("Another player is already called {name}.").format(name=name))
            return
        names[self.index] = name
        self.app.update_settings(names=tuple(names))
        self.app.say(_("Saved: {name}.").format(name=name))
        self.app.pop()

    def status(self) -> list[str]:
        return [self.text]
