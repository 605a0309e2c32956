"""Deal codes that never open the wrong deal: a version and fixed game ids, checked settings,
insertions and deletions caught, codes of the first version and of a later one refused with
their reason, on the command line and on the "Play a deal code" screen."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from audiogame import catalog
from audiogame.app.menu import Menu
from audiogame.catalog import GAMES, GameEntry
from audiogame.saves import codes
from audiogame.saves.codes import ALPHABET, CodeError, decode, encode
from audiogame.testing import make_session, opening, top_screen
from tests.menu_games import coded_games

ROOT = Path(__file__).resolve().parent.parent
ENTER = "c-m"
BATTLE = {"players": 3, "deck": 32, "face_down": True, "open": False, "trick_limit": 2000,
          "seed": 4711}  # fmt: skip


def gf_times(a: int, b: int) -> int:
    product = 0
    while b:
        if b & 1:
            product ^= a
        b >>= 1
        a <<= 1
        if a & 32:
            a ^= 0b100101
    return product


def weighted(chars: str, power: int) -> int:
    """Sum of the characters weighted by x^(power*(i+1)) in the field of 32 elements."""
    total, weight = 0, 1
    for char in chars:
        weight = gf_times(weight, 2)
        factor = weight
        for _ in range(power - 1):
            factor = gf_times(factor, weight)
        total ^= gf_times(factor, ALPHABET.index(char))
    return total


def with_checks(head_and_body: str) -> str:
    """A code with valid check characters around any body, built as the format describes it
    (version and length in the first character, two weighted sums at the end)."""
    return (
        head_and_body + ALPHABET[weighted(head_and_body, 1)] + ALPHABET[weighted(head_and_body, 2)]
    )


def head(version: int, length: int) -> str:
    return ALPHABET[version * 4 + length % 4]


FIRST_MENUS: dict[str, tuple[tuple[str, tuple[Any, ...]], ...]] = {
    "battle": (("players", (2, 3, 4, 5, 6)), ("deck", (52, 32)), ("face_down", (True, False)),
               ("open", (False, True)), ("trick_limit", (100, 200, 500, 1000, 2000, 5000))),
    "scientific": (("players", (2, 3, 4, 5, 6, 7, 8)),
                   ("trick_limit", (100, 200, 500, 1000, 2000))),
    "cardavia": (("deals", (1, 3, 5, 10)),),
}  # fmt: skip
"""The setup menus of the first version, whose codes had no version character."""


def first_version_code(game: str, config: dict[str, Any]) -> str:
    """A code as the first version wrote it: one check character, and the game as the last
    digit of a number whose radix was the number of games (three)."""
    index = ("battle", "scientific", "cardavia").index(game)
    number = config["seed"]
    for key, values in FIRST_MENUS[game]:
        number = number * len(values) + values.index(config[key])
    number = (number * 2) * 3 + index
    body = ""
    while True:
        number, digit = divmod(number, 32)
        body = ALPHABET[digit] + body
        if not number:
            break
    return body + ALPHABET[weighted(body, 1)]


def first_version_configs(count: int) -> list[tuple[str, dict[str, Any]]]:
    rng = random.Random(1)
    return [
        (game, {**{key: rng.choice(values) for key, values in menus},
                "seed": rng.choice([rng.randrange(10**6), rng.randrange(10**15)])})
        for game, menus in FIRST_MENUS.items()
        for _ in range(count)
    ]  # fmt: skip


def real_codes(count: int) -> list[tuple[str, dict[str, Any], str]]:
    rng = random.Random(16)
    found = []
    for entry in coded_games():  # a game may have no deal code
        for _ in range(count):
            config = {
                o.key: rng.choice([rng.randrange(10**6), rng.randrange(10**15)])
                if o.is_seed
                else rng.choice(o.values)
                for o in entry.options
                if o.in_code
            }
            found.append((entry.key, config, encode(entry.key, config)))
    return found


def test_a_code_written_before_keeps_its_deal_whatever_games_and_values_are_added(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Version 1, before Cardavia's menu went from 4 to 20 match lengths: still the same deal.
    assert decode("50250DRB0") == ("battle", BATTLE)
    # Cardavia in version 1: game 2, then (deal 9 times the 4 match lengths, plus the index
    # of 3 in (1, 3, 5, 10)) times 2 for no custom value = 74, "2A" in base 32.
    old_cardavia = with_checks(head(1, 6) + "2" + "2A")
    assert decode(old_cardavia) == ("cardavia", {"deals": 3, "seed": 9})
    chess = GameEntry("chess", "Chess", (catalog.SEED,))
    monkeypatch.setattr(catalog, "GAMES", (chess, *GAMES))
    assert decode("50250DRB0") == ("battle", BATTLE)
    assert decode(encode("cardavia", {"deals": 3, "seed": 9})) == (
        "cardavia",
        {"deals": 3, "seed": 9},
    )


def test_every_insertion_and_deletion_of_one_character_is_caught() -> None:
    accepted = []
    tried = 0
    for _game, _config, code in real_codes(40):
        variants = [code[:p] + code[p + 1 :] for p in range(len(code))]
        variants += [code[:p] + c + code[p:] for p in range(len(code) + 1) for c in ALPHABET]
        for variant in variants:
            tried += 1
            try:
                decode(variant)
            except CodeError:
                continue
            accepted.append((code, variant))
    assert tried > 30_000 and accepted == []


def test_a_code_with_one_character_left_out_says_so_never_an_earlier_version() -> None:
    """Issue 25, item 5: a character left out of a code of this version is said as such, not
    as "a code of an earlier version" (which a few deletions happened to look like)."""
    reasons = []
    for _game, _config, code in real_codes(25):
        for place in range(len(code)):
            with pytest.raises(CodeError) as refused:
                decode(code[:place] + code[place + 1 :])
            reasons.append(refused.value.reason)
    assert set(reasons) == {"short"}
    for game, config in first_version_configs(20):
        with pytest.raises(CodeError) as refused:
            decode(first_version_code(game, config))
        assert refused.value.reason == "older"


def test_the_short_code_is_refused_in_italian_on_the_code_screen() -> None:
    from audiogame.i18n import set_language
    from audiogame.saves.screens import code_refusal

    with pytest.raises(CodeError) as refused:
        decode("92MD69RX")
    set_language("it")
    try:
        said = code_refusal(refused.value)
    finally:
        set_language("en")
    assert said == (
        "In questo codice della smazzata manca un carattere: controllalo carattere per carattere."
    )


def test_a_code_with_valid_checks_and_settings_out_of_range_is_refused() -> None:
    # Battle, four fields' digits all pointing past their tables, no custom flag.
    body = "0" + "ZZZZZZZ"
    code = with_checks(head(1, len(body) + 3) + body)
    with pytest.raises(CodeError) as refused:
        decode(code)
    assert refused.value.reason == "range"
    huge = "0" + "Z" * 30  # a deal number far beyond fifteen digits
    with pytest.raises(CodeError) as refused:
        decode(with_checks(head(1, len(huge) + 3) + huge))
    assert refused.value.reason == "range"


def test_codes_of_the_first_version_are_refused_never_read_as_another_deal() -> None:
    for game, config in first_version_configs(60):
        old = first_version_code(game, config)
        with pytest.raises(CodeError) as refused:
            decode(old)
        assert refused.value.reason == "older", old


def test_a_code_of_a_later_version_is_refused_as_such() -> None:
    body = "0" + "7M0"
    with pytest.raises(CodeError) as refused:
        decode(with_checks(head(codes.VERSION + 1, len(body) + 3) + body))
    assert refused.value.reason == "newer"
    unknown_game = "V" + "7M0"  # game number 27: not one this version has
    with pytest.raises(CodeError) as refused:
        decode(with_checks(head(1, len(unknown_game) + 3) + unknown_game))
    assert refused.value.reason == "newer"


def typed_on_the_code_screen(code: str) -> list[str]:
    session = make_session()
    session.app.start(opening(session.app, "cardavia", {}))
    session.app.pop()  # back to Cardavia's setup menu
    items = [item.label() for item in top_screen(session, Menu).items()]
    top_screen(session, Menu).move_to(items.index("Play a deal code"))
    for key in [ENTER, *code.lower(), ENTER]:
        session.app.dispatch(key)
    refused_with = session.played[-1]
    session.app.dispatch("c-r")  # still on the code screen: it reads the code back
    assert refused_with == "not_allowed"
    return session.spoken


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("50250DRB1", "This is not a valid deal code: check it character by character."),
        (with_checks(head(1, 11) + "0ZZZZZZZ"),
         "This is not a valid deal code: check it character by character."),
        ("6F198M", "This deal code comes from an earlier version of the program and cannot be "
         "read any more: the D key at a table gives the code of this version."),
        (with_checks(head(3, 7) + "17M0"),
         "This deal code comes from a newer version of the program: this one cannot read it."),
        ("50250DRB0" * 325, "This is not a valid deal code: check it character by character."),
        ("92MD69RX", "This deal code has a character missing: check it character by character."),
        ("A0BY9RD8B",
         "This deal code has a character missing: check it character by character."),
    ],
    ids=["typo", "out-of-range", "first-version", "newer", "2925-characters", "short", "short-2"],
)  # fmt: skip
def test_a_refused_code_on_the_code_screen_is_said_and_the_program_goes_on(
    code: str, said: str
) -> None:
    spoken = typed_on_the_code_screen(code)
    assert said in spoken[-2:]
    assert spoken[-1].replace(", ", "") == code  # Control R: the code typed is still there


@pytest.mark.parametrize(
    "code",
    [with_checks(head(1, 11) + "0ZZZZZZZ"), "6F198M", "50250DRB0" * 325, "50250DRB1"],
    ids=["out-of-range", "first-version", "2925-characters", "typo"],
)
def test_a_refused_code_on_the_command_line_exits_2_without_a_crash_log(
    code: str, tmp_path: Path
) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "audiogame", "--speech", "silent", "--data-dir", str(tmp_path),
         "play", "--code", code],
        capture_output=True, text=True, cwd=ROOT, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert "error:" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "logs").exists()


def test_the_code_tables_cover_every_value_the_menus_offer() -> None:
    for entry in coded_games():
        fields = dict(entry.code_fields[codes.VERSION])
        for option in entry.options:
            if option.in_code and not option.is_seed:
                assert set(option.values) == set(fields[option.key]), (entry.key, option.key)


def test_the_games_numbers_in_deal_codes_never_change() -> None:
    """A released format: each game's number, now in its registration, is the one its codes
    have always carried; a game registered with another game's number is refused."""
    from audiogame.catalog import GameEntry, register

    assert codes.game_ids() == {"battle": 0, "scientific": 1, "cardavia": 2}
    for game in ("battle", "scientific", "cardavia"):  # the first version's codes are read
        assert codes.fields(1, game) is not None
    impostor = GameEntry("impostor", "Impostor", (), code_id=2)
    with pytest.raises(ValueError, match="deal code number 2"):
        register(impostor)
    assert codes.decode("90250DRKN")[0] == "battle"
