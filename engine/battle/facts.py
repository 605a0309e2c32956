"""What Battaglia is (BT-1, BT-8 to BT-11): 2 to 6 players, a 52- or 32-card deck, the
variants "senza incognita" and "aperta", the trick limit."""

from __future__ import annotations

from engine.facts import GameFacts, OptionSpec

FACTS = GameFacts(
    name="battle",
    module="engine.battle",
    rule_prefix="BT",
    min_players=2,
    max_players=6,
    default_players=2,
    view="engine.battle.view.BattleView",
    options=(
        OptionSpec("deck", 52, choices=(52, 32)),
        OptionSpec("face_down", True),
        OptionSpec("open", False),
        OptionSpec("trick_limit", 2000, minimum=1, maximum=100_000),
    ),
    event_modules=("engine.battle.events",),
    bots="engine.bots.battle",
    simultaneous=True,
    private=(("hand", ()), ("my_choice", None)),
)
