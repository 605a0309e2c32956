"""The speech-first terminal program: keys in, speech and sound out, over the engine.

The engine never imports this package. Data flows one way: a key becomes an action, the engine
returns events, and :mod:`audiogame.words` turns each event into one message and one cue.
"""

from importlib import metadata

DISTRIBUTION = "audiogame-cards"
"""The name the program is installed under (``pip install audiogame-cards``)."""


def _installed_version() -> str:
    """The version written once, in pyproject.toml, as the installed metadata tells it."""
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:  # run from a source tree that was never installed
        return "0+unknown"


__version__ = _installed_version()
