"""What Scientific Battle is (SB-1, SB-15): 2 to 8 players choosing at once, a trick limit."""

from __future__ import annotations

from types import MappingProxyType

from engine.facts import GameFacts, OptionSpec

FACTS = GameFacts(
    name="scientific",
    module="engine.scientific",
    rule_prefix="SB",
    min_players=2,
    max_players=8,
    default_players=2,
    view="engine.scientific.view.ScientificView",
    options=(OptionSpec("trick_limit", 500, minimum=1, maximum=100_000),),
    event_modules=("engine.scientific.events",),
    bots="engine.bots.scientific.players",
    simultaneous=True,
    # The counting power's hand sizes and the seer's view of the others' choices are the
    # privilege of the seat that holds the power.
    private=(
        ("hand", ()),
        ("won_pile", ()),
        ("my_choice", None),
        ("seen_choices", MappingProxyType({})),
        ("hand_counts", None),
        ("exchange_offered", False),
    ),
)
