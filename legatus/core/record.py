"""Records: a game as JSON ``{"game", "version", "options", "actions"}``.

A record is the save format, the replay format, a bug report and a regression fixture.
Any prefix of a game is a valid record. A game set up from a position
(``game.new_state_from``) has a ``"position"`` too: its actions start there. Replaying stops
at the first action that cannot be read or is illegal, naming its index (from 0), its text
and why.

A record may say who sat where: ``"players"``, each seat's name with ``"person"`` or the spec
of the agent that played it (``"heuristic"``, ``"mcts:200"``; never a seed nor a secret), so
that a loaded game resumes as it was. A record without it is played by people.

The full record is the referee's. A seat's record (``to_record(state, seat)``, with a
``"seat"`` key) holds the actions as that seat saw them, others' secrets redacted, and
``"decision"``, who was to decide what (``state.decision()``: public, and not always told by
the actions, for a VIAE conquest may leave a seat placing a personal Mandatum that came true,
V40, or not; a key that stays as it is when a prompt is reworded, so that the record loads in
later versions); it replays to a state consistent with both, whose ``view(seat)`` is the one
the seat had. A seat's record saved before it kept the decision has its prompt's words instead
(``"prompt"``), which must still be the same. The driver's seed never enters a record.
"""

from __future__ import annotations

import json
import os
import random
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import LegatusError, NotationError, RecordError
from .information import Information
from .registry import load
from .secrecy import at_decision, at_prompt, consistent_state, seat_actions

if TYPE_CHECKING:
    from .game import State

KEYS = ("game", "version", "options", "actions")
OPTIONAL_KEYS = ("position", "seat", "decision", "prompt", "players")
PERSON = "person"
"""A seat's player in a record's ``players`` when it is not an agent."""

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


def to_record(state: State, seat: int | None = None, players: dict[int, str] | None = None) -> dict[str, Any]:
    """The record of every action that led to ``state``: the referee's (``seat`` None), or
    as ``seat`` saw them; with ``players`` (the agents' specs by seat), who sat where."""
    game = state.game
    record: dict[str, Any] = {"game": game.name, "version": game.version, "options": game.record_options()}
    position = state.initial_position()
    if position is not None:
        if seat is not None and game.information is not Information.PERFECT:
            raise RecordError(f"a seat's record of a game of {game.name} set up from a position would show the "
                              "position's secrets; save the full record")
        record["position"] = position
    record["actions"] = seat_actions(state, seat)
    if seat is not None:
        record["seat"] = game.seats[seat]
        record["decision"] = state.decision()
    if players is not None:
        record["players"] = {name: players.get(i, PERSON) for i, name in enumerate(game.seats)}
    return record


def check_record(record: Any) -> dict[str, Any]:
    """``record`` if it has the shape of a record; else a :class:`RecordError` naming the fault."""
    if not isinstance(record, dict):
        raise RecordError(f"a record must be a JSON object with keys {', '.join(KEYS)}")
    if json_depth(record) > MAX_DEPTH:
        raise RecordError(f"the record nests more than {MAX_DEPTH} levels deep (a record needs 3)")
    missing = [k for k in KEYS if k not in record]
    if missing:
        raise RecordError(f"the record has no '{missing[0]}' key (a record has {', '.join(KEYS)})")
    extra = [k for k in record if k not in KEYS and k not in OPTIONAL_KEYS]
    if extra:
        raise RecordError(f"the record has an unknown key '{extra[0]}' (a record has {', '.join(KEYS)}, "
                          f"and may have {', '.join(OPTIONAL_KEYS)})")
    if "seat" in record and not isinstance(record["seat"], str):
        raise RecordError("the record's 'seat' must be the name of the seat whose record it is")
    for key, what in (("decision", "the decision at hand (state.decision())"),
                      ("prompt", "the text of the decision at hand (state.prompt())")):
        if key in record and ("seat" not in record or not isinstance(record[key], str)):
            raise RecordError(f"the record's '{key}' must be {what}, in a seat's record")
    players = record.get("players", {})
    if not isinstance(players, dict) or not all(isinstance(v, str) and v.strip() for v in players.values()):
        raise RecordError("the record's 'players' must be an object of seat names and players "
                          f"('{PERSON}' or an agent's spec, e.g. heuristic)")
    if not isinstance(record["game"], str):
        raise RecordError("the record's 'game' must be a game name")
    if type(record["version"]) is not int:
        raise RecordError(f"the record's 'version' must be an integer, not {record['version']!r}")
    if not isinstance(record["options"], dict):
        raise RecordError("the record's 'options' must be an object of option names and values")
    if not isinstance(record.get("position", ""), str):
        raise RecordError("the record's 'position' must be a position written by state.position() (a string)")
    actions = record["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("the record's 'actions' must be a list of action notations (strings)")
    return record


def new_game_state(record: dict[str, Any]) -> State:
    """The state a (checked) record's actions start from: its position, else the initial state."""
    try:
        game = load(record["game"], **record["options"])
    except LegatusError as exc:
        raise RecordError(f"the record's game cannot be set up: {exc}") from None
    if record["version"] != game.version:
        raise RecordError(
            f"the record is version {record['version']!r} of {game.name}; "
            f"this legatus reads version {game.version}"
        )
    if "position" in record:
        try:
            return game.new_state_from(record["position"])
        except LegatusError as exc:
            raise RecordError(f"the record's position cannot be set up: {exc}") from None
    return game.new_initial_state()


def replay(record: Any, rng: random.Random | None = None) -> State:
    """The state a record leads to; for a seat's record, a state consistent with it (its
    hidden parts drawn with ``rng``, else the first that fits).

    >>> replay({"game": "chess", "version": 1, "options": {}, "actions": []})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    legatus.core.errors.RecordError: the record's game cannot be set up: unknown game 'chess'; games: ...
    """
    record = check_record(record)
    state = new_game_state(record)
    if "seat" in record:
        try:
            seat = state.game.seat_index(record["seat"])
        except LegatusError as exc:
            raise RecordError(f"the record's seat cannot be played: {exc}") from None
        key = "decision" if "decision" in record else "prompt" if "prompt" in record else None
        fits = None if key is None else (at_decision if key == "decision" else at_prompt)(record[key])
        loaded = consistent_state(state.game, seat, record["actions"], rng, start=state, fits=fits)
        if fits is not None and not fits(loaded):
            reached = loaded.decision() if key == "decision" else loaded.prompt()
            raise RecordError(f"no state of {state.game.name} fits {record['seat']}'s record at "
                              f"'{record[key]}' (its last action leads to '{reached}')")
        return loaded
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
        text = Path(path).read_text(encoding="utf-8-sig")  # a BOM some editors write is no error
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


def write_record(state: State, path: str | os.PathLike[str], seat: int | None = None,
                 players: dict[int, str] | None = None) -> None:
    """Save ``state``'s record (the referee's, or ``seat``'s; with ``players``, who sat where)
    to ``path`` atomically: a crash never leaves half a file."""
    path = Path(path)
    data = json.dumps(to_record(state, seat, players), indent=1) + "\n"
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
