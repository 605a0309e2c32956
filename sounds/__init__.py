"""The audio cues of the game: one OGG Vorbis file per cue, made by
``recipes/make_cues.py``.

This folder is a package only so that the cue files ship inside the installed program and can
be found with :func:`importlib.resources.files`; nothing here is imported while playing.
"""
