"""The presenters depend on a small host, not on the terminal program: the server loads no
terminal, the presenters play with the standard library alone, and each browser seat speaks
its own player's language at the same table."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from audiogame import i18n
from audiogame.web.seat import BrowserSeat
from tests.online_support import running_server
from tests.test_online_seats import two_at_battle

ROOT = Path(__file__).resolve().parent.parent


def test_importing_the_server_loads_no_terminal_voice_or_terminal_program() -> None:
    run = subprocess.run(
        [sys.executable, "-c", "import audiogame.online.server, sys; print(sorted(name for name "
         "in sys.modules if name.split('.')[0] == 'prompt_toolkit' or name in ("
         "'audiogame.app.application', 'audiogame.speech')))"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert run.stdout.strip() == "[]"


def test_every_presenter_plays_a_whole_deal_with_the_standard_library_alone() -> None:
    run = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "standalone_presenters.py")],
        cwd=ROOT, capture_output=True, text=True, env={"PYTHONPATH": str(ROOT)}, timeout=120,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    *plays, refused = [json.loads(line) for line in run.stdout.splitlines()]
    assert refused == {"refused": []}  # nothing even tried to load a refused module
    heard = {play["game"]: [tuple(said) for said in play["said"]] for play in plays}
    assert all(play["over"] for play in plays)
    battle = heard["battle"]
    assert battle[0] == ("Battaglia, deal number 3: you and Anna. 16 cards each.", None)
    assert battle[2] == ("You: eight. Anna: seven.", "reveal")
    assert battle[-4:] == [
        ("Anna takes 2 cards.", "trick_won"),
        ("The trick limit of 100 is reached. Cards owned: you 28, Anna 4.", "trick_limit"),
        ("Game over: you win with the most cards!", "game_won"),
        ("Press Enter to go back to the game setup.", None),
    ]
    scientific = heard["scientific"]
    assert scientific[0] == ("Battaglia scientifica: you and Anna. 14 cards each.", None)
    assert ("The trick limit of 40 is reached. Cards owned: you 16, Anna 12.", "trick_limit") in (
        scientific
    )
    cardavia = heard["cardavia"]
    assert cardavia[1] == (
        "You lead, with the three of hearts.",
        "deal_started",
    )
    end = [text for text, _cue in cardavia].index(
        "Deal scores: you plus 9, Bruno minus 1, Anna minus 8."
    )
    assert cardavia[end - 1] == ("You go out and win the deal!", "game_won")


def test_an_italian_and_an_english_page_seat_at_one_table_each_hear_their_own_language(
    tmp_path: Path,
) -> None:
    async def play() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        async with running_server(tmp_path) as server:
            anna, bruno, _table = await two_at_battle(f"ws://127.0.0.1:{server.port}/")
            for link in (anna, bruno):
                await link.send({"type": "act", "action": "flip"})
            for link in (anna, bruno):  # each flip reaches both seats
                await link.expect("update")
                await link.expect("update")
            await anna.close()
            await bruno.close()
            return anna.messages, bruno.messages

    to_anna, to_bruno = asyncio.run(play())
    i18n.set_language("it")  # the server's own language is neither seat's business
    try:
        anna_page: list[dict[str, Any]] = []
        bruno_page: list[dict[str, Any]] = []
        anna = BrowserSeat(anna_page.append, "it")
        bruno = BrowserSeat(bruno_page.append, "en")
        for index in range(max(len(to_anna), len(to_bruno))):  # the two seats' messages in turn
            for seat, messages in ((anna, to_anna), (bruno, to_bruno)):
                if index < len(messages):
                    seat.outgoing(messages[index])
        anna.key("x")
        bruno.key("x")
        assert i18n.language() == "it"
    finally:
        i18n.set_language("en")
    anna_heard = [m["text"] for m in anna_page if m["type"] == "say" and m["text"]]
    bruno_heard = [m["text"] for m in bruno_page if m["type"] == "say" and m["text"]]
    assert anna_heard[:3] == [
        "Bruno si siede al tavolo.",
        "Battaglia online: tu e Bruno. 16 carte a testa.",
        "Scopri la tua carta: Spazio o Invio. Mazzetto e carte vinte: W. Tutti i tasti: F1.",
    ]
    assert anna_heard[-1] == "Nessuna azione su questo tasto."
    assert any(text.startswith("Tu: ") for text in anna_heard)
    assert bruno_heard[:2] == [
        "Battaglia online: you and Anna. 16 cards each.",
        "Turn up your card: Space or Enter. Your stock and won pile: W. All the keys: F1.",
    ]
    assert bruno_heard[-1] == "No action on this key."
    assert any(text.startswith("You: ") for text in bruno_heard)
    anna_shown = [m["lines"] for m in anna_page if m["type"] == "show"][-1]
    bruno_shown = [m["lines"] for m in bruno_page if m["type"] == "show"][-1]
    assert anna_shown[1].startswith("Carte possedute: tu ")
    assert bruno_shown[1].startswith("Cards owned: you ")


def test_one_event_is_heard_the_same_wherever_it_is_heard() -> None:
    """A deal's settlement: line by line in a replay (the cue with the first line only), its
    scores in one short message at the table and for a watcher (issue 32); a trick in brief
    mode in the fewest words, with its cue and pan."""
    from audiogame.app.utterance import Utterance, utterances
    from audiogame.words.seats import Seats
    from engine.cardavia.events import Settlement
    from engine.cards import parse_cards
    from engine.events import TrickWon
    from engine.protocol import SettlementLine

    i18n.set_language("en")
    seats = Seats(("Anna", "Bruno"), 3, {})
    lines = (SettlementLine(1, "cards", -2, 2), SettlementLine(2, "cards", -3, 3),
             SettlementLine(0, "winner", 5))  # fmt: skip
    settlement = Settlement(lines=lines, totals=(5, -2, -3))
    heard = utterances("cardavia", settlement, seats)
    assert len(heard) > 1
    assert heard[0].cue == "settlement" and {said.cue for said in heard[1:]} == {None}
    assert [said.text for said in heard] == [
        "Bruno: 3 cards left, minus 3; this deal minus 3.",
        "Anna: 2 cards left, minus 2; this deal minus 2.",
        "You: the penalties of the others, plus 5; this deal plus 5.",
        "Deal scores: you plus 5, Bruno minus 3, Anna minus 2.",
    ]
    scores = "Deal scores: you plus 5, Bruno minus 3, Anna minus 2."
    watched = utterances("cardavia", settlement, seats, None, by_line=False)
    at_the_table = utterances("cardavia", settlement, seats, by_line=False)
    assert watched == at_the_table == (Utterance(scores, "settlement", 0.0),)
    won = TrickWon(seat=1, cards=tuple(parse_cards("7h 9s")))
    two = Seats(("Anna",), 2, {})
    assert utterances("battle", won, two) == (Utterance("Anna takes 2 cards.", "trick_won", -1.0),)
    assert utterances("battle", won, two, brief=True)[0].text != "Anna takes 2 cards."
