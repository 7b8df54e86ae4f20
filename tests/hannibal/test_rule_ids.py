"""Every rules item and card is named by a test, or exempt with a reason (issue 12)."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

from tests.hannibal.rule_ids import CARDS, EXEMPT, ITEMS, LISTS

HERE = Path(__file__).parent


def _named() -> set[str]:
    """The items and cards the tests of tests/hannibal name (see rule_ids's docstring)."""
    out: set[str] = set()
    for path in sorted(HERE.glob("test_*.py")):
        source = path.read_text()
        lines = source.splitlines(keepends=True)
        for node in ast.walk(ast.parse(source)):
            if not isinstance(node, ast.FunctionDef) or not node.name.startswith("test_"):
                continue
            words = node.name.split("_")
            out |= {f"H{w[1:]}" for w in words if re.fullmatch(r"h\d+", w)}
            if words[1].isdigit():
                out.add(f"#{words[1]}")
            text = ast.get_docstring(node) or ""
            body = "".join(lines[node.lineno - 1:node.end_lineno])
            text += "".join(t.string for t in tokenize.generate_tokens(io.StringIO(body).readline)
                            if t.type == tokenize.COMMENT)
            out |= {f"H{n}" for n in re.findall(r"(?<![0-9A-Za-z])H(\d+)(?!\d)", text)}
            out |= {f"#{n}" for n in re.findall(r"#(\d+)(?!\d)", text)}
    return out


def test_every_item_and_card_is_named_by_a_test_or_exempt() -> None:
    named = _named()
    missing = [i for i in (*ITEMS, *CARDS) if i not in named and i not in EXEMPT]
    assert missing == [], f"not named by any test in tests/hannibal, nor exempt in rule_ids.py: {missing}"


def test_an_exempt_item_is_not_also_tested_and_every_exemption_says_why() -> None:
    named = _named()
    assert set(EXEMPT) <= set(ITEMS) | set(CARDS)
    assert all(len(reason) > 20 for reason in EXEMPT.values())
    assert sorted(set(EXEMPT) & named) == []  # tested after all: drop the exemption


def test_the_items_of_the_summary_lists_are_each_named_by_a_test() -> None:
    named = _named()
    assert {k: [i for i in v if i not in named] for k, v in LISTS.items()} == {k: [] for k in LISTS}
