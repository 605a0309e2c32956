"""The docs a newcomer reads first stay true: docs/rules.md and the tests agree (every rule id
a test names is a rule of docs/rules.md, and every rule there is named by at least one test, in
its name, ``test_bt3_…``, or in its text, ``BT-3``); docs/engine.md describes every event kind
and every value of the vocabulary (its examples run as doctests)."""

from __future__ import annotations

import re
from pathlib import Path

from engine import event_kinds, vocabulary

ROOT = Path(__file__).resolve().parent.parent
RULE = re.compile(r"\b(BT|SB|CV)-(\d+)\b")
IN_NAME = re.compile(r"(?:^|_)(bt|sb|cv)_?(\d+)(?=_|$)")


def rules_in_doc() -> set[str]:
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    return {
        f"{game}-{number}" for game, number in re.findall(r"^\*\*(BT|SB|CV)-(\d+) ", text, re.M)
    }


def rules_cited_by_tests() -> dict[str, set[str]]:
    """Rule id -> the test files that name it."""
    cited: dict[str, set[str]] = {}
    for path in sorted((ROOT / "tests").glob("*.py")):
        if path.name == Path(__file__).name:
            continue  # this file names rule ids only as examples
        text = path.read_text(encoding="utf-8")
        found = {f"{game}-{number}" for game, number in RULE.findall(text)}
        for name in re.findall(r"def (test_\w+)", text):
            found |= {f"{game.upper()}-{number}" for game, number in IN_NAME.findall(name)}
        for rule in found:
            cited.setdefault(rule, set()).add(path.name)
    return cited


def test_the_doc_holds_every_rule_once_in_order() -> None:
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    ids = re.findall(r"^\*\*((?:BT|SB|CV)-\d+) ", text, re.M)
    assert len(ids) == len(set(ids)), "a rule id appears twice"
    for prefix, last in (("BT", 11), ("SB", 16), ("CV", 14)):
        assert [i for i in ids if i.startswith(prefix)] == [
            f"{prefix}-{n}" for n in range(1, last + 1)
        ]


def test_every_rule_a_test_names_is_in_the_doc() -> None:
    unknown = set(rules_cited_by_tests()) - rules_in_doc()
    assert not unknown, f"tests name rules docs/rules.md does not have: {sorted(unknown)}"


def test_every_rule_of_the_doc_is_named_by_a_test() -> None:
    untested = rules_in_doc() - set(rules_cited_by_tests())
    assert not untested, f"rules no test names: {sorted(untested)}"


def test_the_engine_doc_describes_every_event_and_every_word_of_the_vocabulary() -> None:
    text = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    for kind, cls in event_kinds().items():
        assert f"| `{kind}` | `{cls.__name__}` |" in text, f"docs/engine.md lacks {kind}"
    for name in ("ActionKind", "TrickCause", "EndReason", "RefusalCode", "Power", "Phase",
                 "SettlementItem", "CombinationKind"):  # fmt: skip
        row = next(line for line in text.splitlines() if line.startswith(f"| `{name}` |"))
        for value in vocabulary.values(getattr(vocabulary, name)):
            assert f"`{value}`" in row, f"docs/engine.md: {name} lacks {value}"
