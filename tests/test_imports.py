"""No import cycle anywhere in `legatus/` (issue 34; DESIGN.md "One turn machine").

The graph counts every import of a `legatus` module, those inside functions included, and skips
those under `if TYPE_CHECKING:` (never executed). An edge goes to the module named, not to the
packages above it: `from legatus.core import game` points at `legatus.core.game`.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "legatus"


def module_names() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name)."""
    names: dict[str, Path] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """The import statements under `node`, at any depth, except in `if TYPE_CHECKING:` bodies."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.Import, ast.ImportFrom)):
            yield child
        elif isinstance(child, ast.If) and _is_type_checking(child.test):
            for other in child.orelse:
                yield from _imports(ast.Module(body=[other], type_ignores=[]))
        else:
            yield from _imports(child)


def imported_modules(name: str, path: Path, modules: set[str]) -> set[str]:
    """The package's modules that module `name` imports."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for stmt in _imports(ast.parse(path.read_text(), str(path))):
        if isinstance(stmt, ast.Import):
            found.update(alias.name for alias in stmt.names if alias.name in modules)
            continue
        if stmt.level:
            base = name.split(".") if is_package else name.split(".")[:-1]
            base = base[: len(base) - (stmt.level - 1)]
            source = ".".join(base + ([stmt.module] if stmt.module else []))
        else:
            source = stmt.module or ""
        for alias in stmt.names:
            submodule = f"{source}.{alias.name}"
            if submodule in modules:
                found.add(submodule)
            elif source in modules:
                found.add(source)
    found.discard(name)
    return found


def import_graph() -> dict[str, set[str]]:
    names = module_names()
    modules = set(names)
    return {name: imported_modules(name, path, modules) for name, path in names.items()}


def cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            for target in edges:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component: set[str] = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(frozenset(component))
    return found


def describe(component: frozenset[str]) -> str:
    return f"{len(component)} modules: " + ", ".join(sorted(component))


def test_the_graph_sees_imports_inside_functions_and_skips_type_checking():
    graph = {
        "a": {"b"},
        "b": {"c"},
        "c": {"a"},
        "d": {"a"},
    }
    assert cycles(graph) == [frozenset({"a", "b", "c"})]
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from legatus.core import game\n"
        "def f():\n    from legatus.core.record import to_record\n"
        "from . import errors\n"
    )
    tree = ast.parse(source)
    names = {stmt.module for stmt in _imports(tree) if isinstance(stmt, ast.ImportFrom)}
    assert names == {"typing", "legatus.core.record", None}


def test_no_import_cycle_in_legatus():
    found = sorted(cycles(import_graph()), key=sorted)
    assert not found, "\n".join(f"import cycle of {describe(c)}" for c in found)
