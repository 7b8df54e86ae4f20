"""Reading Hannibal's TOML data files: one clear :class:`BoardError` for every bad entry."""

from __future__ import annotations

import tomllib
from collections.abc import Collection
from importlib import resources
from pathlib import Path
from typing import Any

from legatus.core.errors import BoardError


def default_path(name: str) -> Path:
    """The shipped data file ``name`` (e.g. ``"map.toml"``)."""
    return Path(str(resources.files(__package__) / "data" / name))


def read_toml(source: str) -> dict[str, Any]:
    try:
        with open(source, "rb") as fh:
            return tomllib.load(fh)
    except OSError as exc:
        raise BoardError(f"cannot read data file {source}: {exc.strerror or exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise BoardError(f"data file {source} is not valid TOML: {exc}") from None


def top_level(data: dict[str, Any], lists: tuple[str, ...], tables: tuple[str, ...] = ()) -> None:
    """The file holds exactly these lists and tables."""
    for key in lists:
        if not isinstance(data.get(key), list):
            raise BoardError(f"there is no '{key}' list")
    for key in tables:
        if not isinstance(data.get(key), dict):
            raise BoardError(f"there is no [{key}] table")
    unknown = sorted(set(data) - set(lists) - set(tables))
    if unknown:
        raise BoardError(f"unknown top-level key '{unknown[0]}' (expected {', '.join(lists + tables)})")


def known_keys(entry: dict[str, Any], keys: Collection[str], where: str) -> None:
    extra = sorted(set(entry) - set(keys))
    if extra:
        raise BoardError(f"{where} has an unknown key '{extra[0]}' (keys: {', '.join(sorted(keys))})")


_NAMES = {str: "text", int: "a whole number", bool: "true or false", list: "a list"}


def field(entry: Any, key: str, kind: type, where: str, default: Any = None) -> Any:
    """``entry[key]``, which must be of ``kind``; ``default`` when absent, if one is given."""
    if not isinstance(entry, dict):
        raise BoardError(f"{where} is not a table of keys")
    if key not in entry:
        if default is None:
            raise BoardError(f"{where} has no '{key}'")
        return default
    value = entry[key]
    # bool is an int to Python, never to a person writing the file
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise BoardError(f"{where}: '{key}' must be {_NAMES[kind]} (found {value!r})")
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
