"""The speech-first terminal program: keys in, speech and sound out, over the engine.

The engine never imports this package. Data flows one way: a key becomes an action, the engine
returns events, and :mod:`audiogame.words` turns each event into one message and one cue.
"""

__version__ = "0.1.0"
