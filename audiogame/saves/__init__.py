"""Nothing lost: every table saves itself after each move, an interrupted game is offered for
resuming at the next start, finished games can be replayed move by move, and every deal has a
short code that deals the same cards again.

- :mod:`.paths`: where saves and crash logs live (overridable for tests).
- :mod:`.moves`: the move log as text (``"1 play 3h 3s"``) and the engine state that records it.
- :mod:`.store`: the save file and its schema, written atomically, set aside when damaged
  (through :mod:`audiogame.persist`, shared with the settings and the practice scores).
- :mod:`.lock`: one copy of the program per data folder.
- :mod:`.autosave`: saving after every move, cheaply, with one spoken warning on failure.
- :mod:`.rebuild`: a table or a line of engine states rebuilt from a save.
- :mod:`.codes`: deal codes (versioned, checked).
- :mod:`.screens`, :mod:`.replay`: the resume offer, the code entry and the replay screen.
"""
