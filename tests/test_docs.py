"""The docs a newcomer reads first stay true: docs/rules.md and the tests agree (every rule id
a test names is a rule of docs/rules.md, and every rule there is named by at least one test
function that asserts something: in its name, ``test_bt3_…``, its docstring or a marker,
``BT-3``); docs/engine.md describes every event kind and every value of the vocabulary (its
examples run as doctests). The rules' prefixes are the games' own (their facts'
``rule_prefix``)."""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

from engine import GAME_NAMES, event_kinds, vocabulary
from engine.registry import registration

ROOT = Path(__file__).resolve().parent.parent
PREFIXES = tuple(registration(game).rule_prefix for game in GAME_NAMES)
ALTERNATIVES = "|".join(PREFIXES)
RULE = re.compile(rf"\b({ALTERNATIVES})-(\d+)\b")
IN_NAME = re.compile(rf"(?:^|_)({ALTERNATIVES.lower()})_?(\d+)(?=_|$)")
IN_DOC = re.compile(rf"^\*\*((?:{ALTERNATIVES})-\d+) ", re.M)

Function = ast.FunctionDef | ast.AsyncFunctionDef


def rules_in_doc() -> list[str]:
    return IN_DOC.findall((ROOT / "docs" / "rules.md").read_text(encoding="utf-8"))


def checks_something(function: Function, helpers: dict[str, Function], depth: int = 0) -> bool:
    """Whether the test asserts, expects an exception, or calls a helper of its file that does
    (two calls deep at most)."""
    for node in ast.walk(function):
        if isinstance(node, ast.Assert):
            return True
        if isinstance(node, ast.Call):
            called = node.func
            name = getattr(called, "attr", getattr(called, "id", ""))
            if name in ("raises", "fail", "warns"):
                return True
            helper = helpers.get(name)
            deeper = depth < 2 and helper is not None and helper is not function
            if deeper and helper is not None and checks_something(helper, helpers, depth + 1):
                return True
    return False


def named_rules(function: Function) -> set[str]:
    """The rule ids a test function names: in its name, its docstring, its markers."""
    found = {f"{game.upper()}-{number}" for game, number in IN_NAME.findall(function.name)}
    texts = [ast.get_docstring(function) or ""]
    texts += [ast.unparse(decorator) for decorator in function.decorator_list]
    for text in texts:
        found |= {f"{game}-{number}" for game, number in RULE.findall(text)}
    return found


def rules_cited_by_tests(source: str) -> set[str]:
    """The rule ids named by the test functions of one file that check something."""
    tree = ast.parse(source)
    helpers = {node.name: node for node in ast.walk(tree) if isinstance(node, Function)}
    cited: set[str] = set()
    for name, function in helpers.items():
        if name.startswith("test_") and checks_something(function, helpers):
            cited |= named_rules(function)
    return cited


@functools.cache
def all_cited() -> dict[str, set[str]]:
    """Rule id -> the test files whose test functions name it."""
    cited: dict[str, set[str]] = {}
    for path in sorted((ROOT / "tests").glob("*.py")):
        if path.name == Path(__file__).name:
            continue  # this file names rule ids only as examples
        for rule in rules_cited_by_tests(path.read_text(encoding="utf-8")):
            cited.setdefault(rule, set()).add(path.name)
    return cited


def test_a_rule_counts_as_tested_only_where_a_test_that_checks_something_names_it() -> None:
    source = '''
import pytest

def helper(x):
    assert x

def test_cv3_in_its_name():
    helper(1)

def test_in_its_docstring():
    """SB-7: the jack."""
    with pytest.raises(ValueError):
        int("x")

@pytest.mark.rule("BT-4")
def test_by_a_marker():
    assert True

def test_bt5_that_checks_nothing():
    print("BT-6")  # a rule named in a body, or in a test that asserts nothing, is not tested

def test_sb1_a_comment_elsewhere():
    x = 1  # CV-9
    assert x
'''
    assert rules_cited_by_tests(source) == {"CV-3", "SB-7", "BT-4", "SB-1"}


def test_the_doc_holds_every_rule_of_every_game_once_in_order() -> None:
    ids = rules_in_doc()
    assert len(ids) == len(set(ids)), "a rule id appears twice"
    for prefix in PREFIXES:
        mine = [i for i in ids if i.startswith(f"{prefix}-")]
        assert mine, (
            f"docs/rules.md has no rule of {prefix}: a game added writes its rules there, in a "
            f"section of its own, each with its id ({prefix}-1, {prefix}-2, ...), and its tests "
            f"name the rule each one proves"
        )
        assert mine == [f"{prefix}-{n}" for n in range(1, len(mine) + 1)]


def test_every_rule_a_test_names_is_in_the_doc() -> None:
    unknown = set(all_cited()) - set(rules_in_doc())
    assert not unknown, f"tests name rules docs/rules.md does not have: {sorted(unknown)}"


@pytest.mark.parametrize("prefix", PREFIXES)
def test_every_rule_of_the_doc_is_named_by_a_test_that_checks_it(prefix: str) -> None:
    cited = all_cited()
    untested = [rule for rule in rules_in_doc() if rule.startswith(prefix) and rule not in cited]
    assert not untested, f"rules no test function names and checks: {untested}"


def test_the_engine_doc_describes_every_event_and_every_word_of_the_vocabulary() -> None:
    text = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    for kind, cls in event_kinds().items():
        assert f"| `{kind}` | `{cls.__name__}` |" in text, (
            f"docs/engine.md lacks {kind}: add its row to the table of events, "
            f"| `{kind}` | `{cls.__name__}` | its fields | what it means |"
        )
    for name in ("ActionKind", "TrickCause", "EndReason", "RefusalCode", "Power", "Phase",
                 "SettlementItem", "CombinationKind"):  # fmt: skip
        row = next(line for line in text.splitlines() if line.startswith(f"| `{name}` |"))
        for value in vocabulary.values(getattr(vocabulary, name)):
            assert f"`{value}`" in row, f"docs/engine.md: {name} lacks {value}"
