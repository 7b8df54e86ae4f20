"""Every VIAE constraint and ruling is named by a test (issue 11, "Trust"; DESIGN: tests cite the
rule they pin). The ids are the table "Every constraint and ruling" of docs/viae/rules.md (the
rulings file itself lives outside the repository); an id counts as named when it appears in a
test function of tests/viae/ — its name, docstring, body or decorators — not in a module
docstring, a helper or this file."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "viae" / "rules.md"
ID = re.compile(r"(?<![A-Za-z0-9])([CV])(\d+)(?![A-Za-z0-9])")
ROW = re.compile(r"^\| ([CV]\d+) \| [^|]+ \| (in force|dropped) \|$")
COUNTS = {"C": 51, "V": 44}  # shared/viae/RULINGS.md: C1–C51, V1–V44


def listed() -> dict[str, str]:
    """id -> status, from the docs table."""
    return {m.group(1): m.group(2) for line in RULES.read_text(encoding="utf-8").splitlines()
            if (m := ROW.match(line))}


def named_in(source: str) -> set[str]:
    """The ids named inside the test functions of one test module."""
    lines = source.splitlines()
    out: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test"):
            first = min([d.lineno for d in node.decorator_list] + [node.lineno])
            text = "\n".join(lines[first - 1:node.end_lineno])
            out |= {m.group(0) for m in ID.finditer(text)}
    return out


def named() -> dict[str, list[str]]:
    """id -> the test files of tests/viae that name it."""
    out: dict[str, list[str]] = {}
    for path in sorted(Path(__file__).parent.glob("test_*.py")):
        if path.name == Path(__file__).name:
            continue
        for cid in named_in(path.read_text(encoding="utf-8")):
            out.setdefault(cid, []).append(path.name)
    return out


def test_the_docs_list_every_id_of_the_rulings_once() -> None:
    rows = [m.group(1) for line in RULES.read_text(encoding="utf-8").splitlines() if (m := ROW.match(line))]
    expected = [f"{kind}{i}" for kind, n in COUNTS.items() for i in range(1, n + 1)]
    assert rows == expected


def test_every_id_in_force_is_named_by_a_test() -> None:
    found = named()
    missing = [cid for cid, status in listed().items() if status == "in force" and cid not in found]
    assert missing == [], f"no test in tests/viae names {', '.join(missing)}"


def test_every_id_a_test_names_exists_and_is_in_force() -> None:
    ids = listed()
    stray = {cid: files for cid, files in named().items() if ids.get(cid) != "in force"}
    assert stray == {}, f"tests name ids that are not rulings in force: {stray}"


def test_the_check_finds_ids_in_test_functions_only() -> None:
    source = '''"""C1 in a module docstring."""
import pytest

def helper():  # C2
    pass

@pytest.mark.parametrize("x", ["C3"])
def test_V4_name(x):
    """C5 in a docstring."""
    assert x  # V6 in a comment, not V77x nor XC8
'''
    assert named_in(source) == {"C3", "V4", "C5", "V6"}
