"""Words for everything the games do, in the player's language: cards, seats, events."""
