"""Records: a game as JSON ``{"game", "version", "options", "actions"}``.

A record is the save format, the replay format, a bug report and a regression fixture.
Any prefix of a game is a valid record. Replaying stops at the first action that cannot be
read or is illegal, naming its index (from 0), its text and why.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from .errors import LegatusError, NotationError, RecordError
from .game import State
from .registry import load

KEYS = ("game", "version", "options", "actions")
MAX_DEPTH = 16
"""How deep a record's JSON may nest (a record needs 3: record, options, a list of variants)."""


def json_depth(value: Any) -> int:
    """How many arrays and objects deep ``value`` nests, counted without recursion."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is None:
            continue
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in children)
    return deepest


def to_record(state: State) -> dict[str, Any]:
    """The record of every action that led to ``state``."""
    game = state.game
    return {
        "game": game.name,
        "version": game.version,
        "options": game.record_options(),
        "actions": [str(a) for a in state.history()],
    }


def check_record(record: Any) -> dict[str, Any]:
    """``record`` if it has the shape of a record; else a :class:`RecordError` naming the fault."""
    if not isinstance(record, dict):
        raise RecordError(f"a record must be a JSON object with keys {', '.join(KEYS)}")
    if json_depth(record) > MAX_DEPTH:
        raise RecordError(f"the record nests more than {MAX_DEPTH} levels deep (a record needs 3)")
    missing = [k for k in KEYS if k not in record]
    if missing:
        raise RecordError(f"the record has no '{missing[0]}' key (a record has {', '.join(KEYS)})")
    extra = [k for k in record if k not in KEYS]
    if extra:
        raise RecordError(f"the record has an unknown key '{extra[0]}' (a record has {', '.join(KEYS)})")
    if not isinstance(record["game"], str):
        raise RecordError("the record's 'game' must be a game name")
    if type(record["version"]) is not int:
        raise RecordError(f"the record's 'version' must be an integer, not {record['version']!r}")
    if not isinstance(record["options"], dict):
        raise RecordError("the record's 'options' must be an object of option names and values")
    actions = record["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("the record's 'actions' must be a list of action notations (strings)")
    return record


def new_game_state(record: dict[str, Any]) -> State:
    """The initial state of the game a (checked) record names."""
    try:
        game = load(record["game"], **record["options"])
    except LegatusError as exc:
        raise RecordError(f"the record's game cannot be set up: {exc}") from None
    if record["version"] != game.version:
        raise RecordError(
            f"the record is version {record['version']!r} of {game.name}; "
            f"this legatus reads version {game.version}"
        )
    return game.new_initial_state()


def replay(record: Any) -> State:
    """The state a record leads to.

    >>> import legatus
    >>> state = replay({"game": "hispania", "version": 1, "options": {}, "actions": ["roll 4"]})
    >>> [str(a) for a in state.history()]
    ['roll 4']
    """
    record = check_record(record)
    state = new_game_state(record)
    for index, text in enumerate(record["actions"]):
        apply_text(state, index, text)
    return state


def apply_text(state: State, index: int, text: str) -> None:
    """Apply the record's action number ``index`` written ``text`` to ``state``."""
    try:
        action = state.parse_action(text)
    except NotationError as exc:
        raise RecordError(f"action {index} '{text}' cannot be read: {exc}", index, text) from None
    if state.is_terminal():
        raise RecordError(f"action {index} '{text}' is illegal: the game is already over", index, text)
    if action not in state.legal_actions():
        reason = state.explain_illegal(action)
        raise RecordError(f"action {index} '{text}' is illegal: {reason}", index, text)
    state.apply_action(action)


def read_record(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The record saved in ``path``; a :class:`RecordError` naming the file if it is not one."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read record {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise RecordError(f"record {path} is not a text file (a record is JSON in UTF-8)") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        raise RecordError(f"record {path} is not valid JSON ({where}: {exc.msg})") from None
    except RecursionError:  # the parser's own bound, far deeper than any record
        raise RecordError(f"record {path} nests its JSON too deeply to be a record") from None
    try:
        return check_record(data)
    except RecordError as exc:
        raise RecordError(f"record {path}: {exc}") from None


def write_record(state: State, path: str | os.PathLike[str]) -> None:
    """Save ``state``'s record to ``path`` atomically: a crash never leaves half a file."""
    path = Path(path)
    data = json.dumps(to_record(state), indent=1) + "\n"
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
