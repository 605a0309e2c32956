"""Speech output: a :class:`Speaker` interface and its backends, tried in order.

>>> chain = SpeechChain("console", {"console": RecordingSpeaker, "silent": SilentSpeaker})
>>> chain.active
'recording'
"""

from audiogame.speech.base import RecordingSpeaker, SilentSpeaker, Speaker, SpeechError
from audiogame.speech.chain import (
    BACKENDS,
    CHOICES,
    SpeechChain,
    backend_label,
    default_factories,
)
from audiogame.speech.console import ConsoleSpeaker

__all__ = [
    "BACKENDS",
    "CHOICES",
    "ConsoleSpeaker",
    "RecordingSpeaker",
    "SilentSpeaker",
    "Speaker",
    "SpeechChain",
    "SpeechError",
    "backend_label",
    "default_factories",
]
