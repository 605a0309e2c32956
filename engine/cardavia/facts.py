"""What Cardavia is (CV-1): three players, one deal, or a match of several deals with running
totals (an option of the table: each deal is a new engine state)."""

from __future__ import annotations

from engine.facts import GameFacts, OptionSpec

FACTS = GameFacts(
    name="cardavia",
    module="engine.cardavia",
    rule_prefix="CV",
    min_players=3,
    max_players=3,
    default_players=3,
    view="engine.cardavia.view.CardaviaView",
    options=(OptionSpec("deals", 1, minimum=1, maximum=20, table=True),),
    event_modules=("engine.cardavia.events",),
    bots="engine.bots.cardavia.players",
    private=(("hand", ()),),
)
