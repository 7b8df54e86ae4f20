"""Reading a game's TOML data files (board, cards, tables): one :class:`BoardError` naming the file
and the first problem, so that an owner correcting a transcription knows what to fix."""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Collection, Container, Mapping
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from legatus.core.errors import BoardError


def shipped(package: str | None, name: str) -> Path:
    """The data file ``name`` shipped in ``package``'s ``data/`` folder."""
    assert package is not None
    return Path(str(resources.files(package) / "data" / name))


def read_toml(source: str, kind: str = "data") -> dict[str, Any]:
    """The parsed file; ``kind`` ("board", "cards", …) names it in errors."""
    try:
        with open(source, "rb") as fh:
            return tomllib.load(fh)
    except OSError as exc:
        raise BoardError(f"cannot read {kind} file {source}: {exc.strerror or exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise BoardError(f"{kind} file {source} is not valid TOML: {exc}") from None


T = TypeVar("T")


def load_data(source: str, kind: str, build: Callable[[dict[str, Any], str], T]) -> T:
    """``build`` (which checks as it builds) applied to the parsed file; any error names the file."""
    data = read_toml(source, kind)
    try:
        return build(data, source)
    except BoardError as exc:
        raise BoardError(f"{kind} file {source}: {exc}") from None


def header(data: dict[str, Any], keys: set[str]) -> bool:
    """Checks the top-level keys and returns the ``reconstructed`` marker."""
    known_keys(data, keys | {"reconstructed"}, "the file")
    return bool(field(data, "reconstructed", bool, "the file"))


def top_level(data: dict[str, Any], lists: tuple[str, ...], tables: tuple[str, ...] = ()) -> None:
    """The file holds exactly these lists and tables."""
    for key in lists:
        table_list(data, key)
    for key in tables:
        if not isinstance(data.get(key), dict):
            raise BoardError(f"there is no [{key}] table")
    unknown = sorted(set(data) - set(lists) - set(tables))
    if unknown:
        raise BoardError(f"unknown top-level key '{unknown[0]}' (expected {', '.join(lists + tables)})")


def table_list(data: dict[str, Any], key: str) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list):
        raise BoardError(f"there is no '{key}' list")
    return value


def known_keys(entry: Any, keys: Collection[str], where: str) -> None:
    if not isinstance(entry, dict):
        raise BoardError(f"{where} is not a table of keys")
    extra = sorted(set(entry) - set(keys))
    if extra:
        raise BoardError(f"{where} has an unknown key '{extra[0]}' (keys: {', '.join(sorted(keys))})")


_KIND_NAMES: dict[type, str] = {
    int: "a whole number",
    float: "a number",
    str: "text",
    bool: "true or false",
    list: "a list",
    dict: "a table",
}


def field(entry: Any, key: str, kind: type, where: str, default: Any = None) -> Any:
    """``entry[key]``, which must be of ``kind`` (a float may be written as an integer); ``default``
    when absent, if one is given."""
    if not isinstance(entry, dict):
        raise BoardError(f"{where} is not a table of keys")
    if key not in entry:
        if default is None:
            raise BoardError(f"{where} has no '{key}'")
        return default
    value = entry[key]
    ok = isinstance(value, int | float) if kind is float else isinstance(value, kind)
    # bool is an int to Python, never to a person writing the file
    if not ok or (isinstance(value, bool) and kind is not bool):
        raise BoardError(f"{where}: '{key}' must be {_KIND_NAMES[kind]} (found {value!r})")
    return value


def choice(entry: Any, key: str, options: tuple[str, ...], where: str, default: str | None = None) -> str:
    value: str = field(entry, key, str, where, default)
    if value not in options:
        raise BoardError(f"{where}: '{key}' is '{value}'; it must be one of {', '.join(options)}")
    return value


def in_range(entry: Any, key: str, low: int, high: int, where: str, default: int | None = None) -> int:
    value: int = field(entry, key, int, where, default)
    if not low <= value <= high:
        raise BoardError(f"{where}: '{key}' is {value}; it must be from {low} to {high}")
    return value


def count(found: int, expected: int, what: str, rule: str) -> None:
    if found != expected:
        raise BoardError(f"there are {found} {what}; there must be {expected} ({rule})")


def edge_ends(entry: Any, kind: str, number: int, index: Mapping[str, int], names: tuple[str, ...],
              listed: Container[tuple[int, int]]) -> tuple[int, int, str]:
    """The two ends ('a' and 'b', names in any case) of the ``number``-th ``kind`` entry (a link, a
    connection) as space numbers, and the name errors call it by; checked: each end a known
    space, not a loop, not ``listed`` before (in either order: an edge runs both ways)."""
    ends = []
    for end in ("a", "b"):
        label = field(entry, end, str, f"{kind} {number}")
        if label.lower() not in index:
            raise BoardError(f"{kind} {number} names an unknown space '{label}'")
        ends.append(index[label.lower()])
    a, b = ends
    where = f"{kind} {names[a]}-{names[b]}"
    if a == b:
        raise BoardError(f"{where} joins a space to itself")
    if (a, b) in listed or (b, a) in listed:
        raise BoardError(f"{where} is listed twice")
    return a, b, where
