"""The audio-cue practice mode: learn what each sound means (Listen) and test it (Quiz)."""
