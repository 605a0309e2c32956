"""One notice when the sound output goes away or comes back, for speech and cues together.

Checked before each message (:class:`~audiogame.sound.output.OutputWatch` keeps that to one
socket connect every quarter of a second at most). When the sound server dies mid-game, a voice
in use gives way to the next backend that needs no sound (console lines), the cues go quiet,
and the player hears (or reads) one notice there; when it answers again, the voice and the cues
come back, said once too.
"""

from __future__ import annotations

from typing import Any

from audiogame.i18n import N_, _
from audiogame.sound.output import OutputWatch, output_problem

LOST_SPEECH = N_(
    "The sound output stopped working: speech goes on in {backend}, without sound cues."
)
LOST = N_("The sound output stopped working: the game goes on without sound cues.")
BACK_SPEECH = N_("The sound output is back: speech through the {backend}, and sound cues.")
BACK = N_("The sound output is back, and the sound cues with it.")


def watch_output(narrator: Any) -> OutputWatch:
    """Watch the sound output for ``narrator`` (its speech chain and its cue player); the
    narrator checks it before each message."""
    from audiogame.speech.chain import backend_label

    def lost(reason: str) -> None:
        changed = _call(narrator.speaker, "output_lost")
        _call(narrator.cues, "output_lost")
        if changed:
            text = _(LOST_SPEECH).format(backend=backend_label(narrator.speaker.active))
        else:
            text = _(LOST)
        narrator.say(text)

    def back() -> None:
        changed = _call(narrator.speaker, "output_back")
        _call(narrator.cues, "output_back")
        if changed:
            text = _(BACK_SPEECH).format(backend=backend_label(narrator.speaker.active))
        else:
            text = _(BACK)
        narrator.say(text)

    watch = OutputWatch(lost, back, probe=output_problem)
    narrator.watch = watch.check
    return watch


def _call(target: Any, method: str) -> bool:
    function = getattr(target, method, None)
    if function is None:
        return False
    return bool(function())
