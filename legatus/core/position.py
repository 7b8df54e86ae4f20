"""Positions as text, like chess's FEN: a whole state in one line, read back checked.

A position is the game's tag (``name/version``), a word that names the configuration it
belongs to, and the state's fields as ``name=value``::

    hispania/1 6-4-3-4-2,1p revolts=[0*3,2,0*45] ... winner=N reason=""

A value is an integer, ``T``/``F`` (a bool), ``N`` (None), a JSON string, a list ``[…]``, a
tuple ``(…)`` or a dict of integers ``{k:v,…}``; in a list or tuple ``x*n`` is a run of ``n``
equal items. Games write their fields with :func:`write_position` and read them with
:func:`read_position`, which checks the tag, the configuration and each field's name and
kind against a template state, raising :class:`PositionError` with one sentence.
"""

from __future__ import annotations

import copy
import itertools
import json
import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from .errors import PositionError

if TYPE_CHECKING:
    from .game import State

_INT = re.compile(r"-?[0-9]+")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
MAX_RUN = 10_000  # the longest run ``x*n``: a guard against a short line that expands to gigabytes
_KINDS = {int: "an integer", bool: "T or F", str: "a string", list: "a list", tuple: "a tuple", dict: "a dict"}


def encode(value: Any) -> str:
    """``value`` in position notation (a TypeError for a type a position cannot hold)."""
    kind = type(value)
    if kind is int:  # the commonest first: a position is mostly lists of integers
        return str(value)
    if kind is list:
        return f"[{_items(value)}]"
    if value is True:
        return "T"
    if value is False:
        return "F"
    if value is None:
        return "N"
    if kind is str:
        return json.dumps(value)
    if kind is tuple:
        return f"({_items(value)})"
    if kind is dict:
        return "{" + ",".join(f"{encode(k)}:{encode(v)}" for k, v in value.items()) + "}"
    if isinstance(value, int):  # an IntEnum (a game's procedure id in a frame): read back as its integer
        return str(int(value))
    raise TypeError(f"a position cannot hold {kind.__name__} {value!r}")


def _items(values: Iterable[Any]) -> str:
    """Comma-separated items, a run of three or more equal ones written ``x*n``."""
    out: list[str] = []
    for text, run in itertools.groupby(map(encode, values)):  # the texts: 1 == True, but they read back differently
        count = sum(1 for _ in run)
        out.append(f"{text}*{count}" if count >= 3 else ",".join([text] * count))
    return ",".join(out)


def write_position(tag: str, config: str, fields: Iterable[tuple[str, Any]]) -> str:
    """The line of a position: ``tag``, ``config`` (no spaces) and each field as ``name=value``."""
    return " ".join([tag, config, *(f"{name}={encode(value)}" for name, value in fields)])


def read_position(text: str, tag: str, config: str, template: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of position ``text``, checked: its tag and configuration word must be
    ``tag`` and ``config``, its fields exactly the names of ``template``, in any order, each
    of the kind of the template's value (None stands in for any kind, either side)."""
    if not isinstance(text, str):
        raise PositionError(f"a position must be a line of text, not {type(text).__name__}")
    words = text.strip().split(" ", 2)
    name = tag.split("/")[0]
    if not words[0]:
        raise PositionError(f"the position is empty; a {name} position starts with '{tag}'")
    if words[0] != tag:
        if words[0].split("/")[0] == name:
            raise PositionError(f"the position is version '{words[0]}'; this legatus reads '{tag}'")
        raise PositionError(f"the position starts with '{words[0][:40]}', not '{tag}': it is not a {name} position")
    if len(words) < 2:
        raise PositionError(f"the position ends after its tag; the configuration '{config}' and the fields follow it")
    if words[1] != config:
        raise PositionError(f"the position is for the configuration '{words[1]}', not this game's '{config}': "
                            f"load the game with the options it names")
    try:
        values = _Reader(words[2] if len(words) == 3 else "").fields()
    except RecursionError:
        raise PositionError("the position cannot be read: its values nest too deep") from None
    missing = [n for n in template if n not in values]
    if missing:
        raise PositionError(f"the position has no field '{missing[0]}' (a position has every field that "
                            f"state.position() writes)")
    for key, value in values.items():
        if key not in template:
            raise PositionError(f"the position has an unknown field '{key}' (fields: {', '.join(template)})")
        like = template[key]
        if value is not None and like is not None and type(value) is not type(like):
            raise PositionError(f"the position's field {key}={encode(value)[:40]} must be {_KINDS[type(like)]}")
    return values


class _Reader:
    """A recursive-descent reader of the fields, naming the field and character of a fault."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0
        self.field = ""

    def fail(self, expected: str) -> PositionError:
        found = repr(self.text[self.at:self.at + 12]) if self.at < len(self.text) else "the end of the line"
        where = f"field '{self.field}'" if self.field else "the fields"
        return PositionError(f"the position cannot be read: in {where}, {expected} expected at {found}")

    def fields(self) -> dict[str, Any]:
        values: dict[str, Any] = {}
        text = self.text
        while self.at < len(text):
            match = _NAME.match(text, self.at)
            if not match or not text.startswith("=", match.end()):
                raise self.fail("a field 'name=value'")
            self.field = match.group()
            if self.field in values:
                raise PositionError(f"the position has the field '{self.field}' twice")
            self.at = match.end() + 1
            values[self.field] = self.value()
            if self.at < len(text):
                if text[self.at] != " ":
                    raise self.fail("a space before the next field")
                self.at += 1
        return values

    def value(self) -> Any:
        text, at = self.text, self.at
        char = text[at:at + 1]
        if char in ("T", "F", "N"):
            self.at += 1
            return {"T": True, "F": False, "N": None}[char]
        if char == '"':
            try:
                value, self.at = json.JSONDecoder().raw_decode(text, at)
            except json.JSONDecodeError:
                raise self.fail("a closed string") from None
            return value
        if char in ("[", "("):
            items = self.items("]" if char == "[" else ")")
            return items if char == "[" else tuple(items)
        if char == "{":
            return self.mapping()
        match = _INT.match(text, at)
        if not match:
            raise self.fail("a value (an integer, T, F, N, a string, [list], (tuple) or {dict})")
        self.at = match.end()
        return int(match.group())

    def items(self, close: str) -> list[Any]:
        self.at += 1
        items: list[Any] = []
        if self.text.startswith(close, self.at):
            self.at += 1
            return items
        while True:
            item = self.value()
            if self.text.startswith("*", self.at):
                self.at += 1
                match = _INT.match(self.text, self.at)
                if not match or not 1 <= int(match.group()) <= MAX_RUN:
                    raise self.fail(f"a count of repeats from 1 to {MAX_RUN}")
                self.at = match.end()
                items.append(item)  # the copies must not share a mutable item
                items.extend(copy.deepcopy(item) for _ in range(int(match.group()) - 1))
            else:
                items.append(item)
            if self.text.startswith(",", self.at):
                self.at += 1
            elif self.text.startswith(close, self.at):
                self.at += 1
                return items
            else:
                raise self.fail(f"',' or '{close}'")

    def mapping(self) -> dict[int, Any]:
        self.at += 1
        mapping: dict[int, Any] = {}
        while not self.text.startswith("}", self.at):
            if mapping:
                if not self.text.startswith(",", self.at):
                    raise self.fail("',' or '}'")
                self.at += 1
            key = self.value()
            if type(key) is not int or not self.text.startswith(":", self.at):
                raise self.fail("an integer key and ':'")
            self.at += 1
            mapping[key] = self.value()
        self.at += 1
        return mapping


def check_state(state: State) -> None:
    """Raises :class:`PositionError` unless ``state``, just read from a position, keeps the
    rules of its game's components and answers the contract's calls."""
    try:
        state.current_player()
        state.chance_outcomes()
        state.legal_actions()
        state.view()
        broken = state.game.invariants(state)
    except Exception as exc:  # any fault of a field out of range: the text is untrusted input
        raise PositionError(f"the position cannot be played: its fields do not fit together "
                            f"({type(exc).__name__}: {exc})") from None
    if broken:
        raise PositionError(f"the position's pieces are inconsistent: {broken[0]}")
