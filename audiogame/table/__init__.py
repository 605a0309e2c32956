"""The table layer: one game session apart from any screen (:mod:`.session`), what each seat
may know of it (:mod:`.redact`, :mod:`.frame`), and its values on the wire (:mod:`.codec`)."""
