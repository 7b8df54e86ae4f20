"""Reading VIAE's TOML data files: one :class:`BoardError` naming the file and the first problem."""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

from legatus.core.errors import BoardError


def shipped_path(name: str) -> Path:
    """The path of the shipped (reconstructed) data file ``name``."""
    return Path(str(resources.files(__package__) / "data" / name))


def read_toml(kind: str, source: str) -> dict[str, Any]:
    """The parsed file; ``kind`` ("board", "tracks", "cards") names it in errors."""
    try:
        with open(source, "rb") as fh:
            return tomllib.load(fh)
    except OSError as exc:
        raise BoardError(f"cannot read {kind} file {source}: {exc.strerror or exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise BoardError(f"{kind} file {source} is not valid TOML: {exc}") from None


def known_keys(entry: dict[str, Any], keys: set[str], where: str) -> None:
    extra = sorted(set(entry) - keys)
    if extra:
        raise BoardError(f"{where} has an unknown key '{extra[0]}' (keys: {', '.join(sorted(keys))})")


def field(entry: Any, key: str, kind: type, where: str) -> Any:
    """``entry[key]``, which must be of type ``kind`` (an int is no bool, a float may be an int)."""
    if not isinstance(entry, dict):
        raise BoardError(f"{where} is not a table")
    if key not in entry:
        raise BoardError(f"{where} has no '{key}'")
    value = entry[key]
    ok = isinstance(value, int | float) if kind is float else isinstance(value, kind)
    if not ok or (isinstance(value, bool) and kind is not bool):
        raise BoardError(f"{where}: '{key}' must be {_KIND_NAMES[kind]} (found {value!r})")
    return value


def table_list(data: dict[str, Any], key: str) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list):
        raise BoardError(f"there is no '{key}' list")
    return value


def header(data: dict[str, Any], keys: set[str]) -> bool:
    """Checks the top-level keys and returns the ``reconstructed`` marker."""
    known_keys(data, keys | {"reconstructed"}, "the file")
    return bool(field(data, "reconstructed", bool, "the file"))


_KIND_NAMES: dict[type, str] = {
    int: "an integer", float: "a number", str: "a string", bool: "true or false", list: "a list", dict: "a table",
}
