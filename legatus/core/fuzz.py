"""Fuzzing: random legal play across random options, every game's invariants checked after
every action (``game.invariants(state)``), looking for crashes, dead ends (a position that is
not over but has no legal action), runaway games (longer than a game can be) and loops (a
position met again with no chance action between: choices that undo each other, which an agent
may repeat for ever, as a search did in a Hannibal game: docs/hannibal/agents.md). In a game
with secrets it also draws the input an agent of every seat would be given (``state.resample``:
what the web server's agents, hints and every search do), the mover's and the others' (a bug may
hide from the mover alone: issue 30's VIAE draws failed only for the seats watching another's
Mandatum claim), which must decide and keep what the seat sees: at a share of the decisions, and
at the first decision of each kind a game meets, so that a rare step (that claim: one decision
in thousands) is drawn in every game that reaches it.

A failure is kept as a minimal record: the options and the actions up to the one that failed,
so that ``legatus replay`` (or ``legatus.replay``) reproduces it.
"""

from __future__ import annotations

import random
import traceback
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .actions import Action
from .errors import OptionError
from .game import Information, State
from .record import to_record
from .registry import game_class, load
from .session import sample_outcome

MAX_STEPS = 20_000
MAX_DRAWS = 100
"""Draws of options that may fail to fit the fixed ones before a fuzzed game gives up."""
RESAMPLE_SHARE = 0.02
"""The share of a game with secrets' decisions at which the fuzz draws every seat's input too
(besides the first decision of each kind: :func:`decision_kind`)."""
LOOP_SHARE = 0.25
"""The share of games whose positions are compared for loops (writing a Hannibal position costs
about three times its action: a quarter of the games nearly doubles the fuzz)."""


@dataclass(frozen=True)
class Failure:
    kind: str  # "crash", "invariant", "dead end", "runaway", "loop", "replay", "resample"
    message: str
    record: dict[str, Any]

    def as_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "message": self.message, "record": self.record}


def fuzz_game(name: str, seed: int, fixed: dict[str, Any] | None = None) -> dict[str, Any]:
    """One fuzzed game: its options (but the ``fixed`` ones) and policy drawn from ``seed``.
    Returns counts and, if something failed, the failure."""
    rng = random.Random(seed)
    cls = game_class(name)
    for _ in range(MAX_DRAWS):
        # The game draws a valid combination; a fixed option may not fit it: draw again.
        options = {**cls.fuzz_options(rng), **(fixed or {})}
        try:
            game = load(name, **options)
        except OptionError as exc:
            reason = str(exc)
        else:
            break
    else:
        raise OptionError(f"no options of {name} drawn in {MAX_DRAWS} tries fit {fixed}: {reason}")
    state = game.new_initial_state()
    eager = rng.random() < 0.5  # half the games prefer the game's "busy" actions: they last longer
    # The inputs are drawn with a generator of their own: the game a seed plays stays the same.
    inputs = random.Random(f"inputs {seed}") if game.information is not Information.PERFECT else None
    kinds: set[str] = set()  # the kinds of decision met in this game
    steps = 0
    failure: Failure | None = None
    watched = random.Random(f"loops {seed}").random() < LOOP_SHARE and _writes_positions(state)
    since_chance: set[str] | None = set() if watched else None  # the positions met since a chance action
    while not state.is_terminal():
        if steps >= MAX_STEPS:
            failure = Failure("runaway", f"no end after {MAX_STEPS} actions", to_record(state))
            break
        legal = state.chance_outcomes() if state.is_chance_node() else state.legal_actions()
        if not legal:
            failure = Failure("dead end", f"no legal action in a position that is not over: {state.prompt()}",
                              to_record(state))
            break
        if state.is_chance_node():
            action = sample_outcome(state, rng)
            if since_chance is not None:
                since_chance.clear()
        else:
            if since_chance is not None:
                position = state.position()
                if position in since_chance:
                    failure = Failure("loop", f"a position met again with no chance action between: {state.prompt()}",
                                      to_record(state))
                    break
                since_chance.add(position)
            if inputs is not None:
                kind = decision_kind(state.legal_actions())
                first = kind not in kinds
                kinds.add(kind)
                if first or inputs.random() < RESAMPLE_SHARE:
                    failure = resample_failure(state, inputs)
                    if failure is not None:
                        break
            action = game.fuzz_choice(state, rng) if eager else rng.choice(state.legal_actions())
        try:
            state.apply_action(action)
        except Exception:
            record = to_record(state)
            record["actions"].append(str(action))
            failure = Failure("crash", traceback.format_exc(limit=6), record)
            break
        steps += 1
        broken = game.invariants(state)
        if broken:
            failure = Failure("invariant", f"after '{action}': {'; '.join(broken)}", to_record(state))
            break
    if failure is None:
        from .record import replay

        try:
            if replay(to_record(state)).view() != state.view():
                failure = Failure("replay", "the record replays to another view", to_record(state))
        except Exception:
            failure = Failure("replay", traceback.format_exc(limit=6), to_record(state))
    return {"seed": seed, "steps": steps, "options": options, "outcome": state.summary()["outcome"],
            "failure": failure.as_json() if failure else None}


def _writes_positions(state: State) -> bool:
    """Whether the game writes positions, which the loop check compares (VIAE does not)."""
    try:
        state.position()
    except NotImplementedError:
        return False
    return True


def decision_kind(legal: Sequence[Action]) -> str:
    """A decision's kind: the first word of its first legal action (``complete`` where a VIAE
    seat places a completed Mandatum, ``to`` where a Hannibal army moves)."""
    return str(legal[0]).split(" ", 1)[0]


def resample_failure(state: State, rng: random.Random) -> Failure | None:
    """A failure if a seat's input (the mover's or another's) cannot be drawn or shows it
    another position."""
    mover = state.current_player()
    for seat in range(state.game.num_players()):
        whose = f"seat {seat}" + (" (to move)" if seat == mover else f" (seat {mover} to move)")
        try:
            drawn = state.resample(seat, rng)
        except Exception:
            return Failure("resample", f"the input of {whose}: {traceback.format_exc(limit=6)}", to_record(state))
        if drawn.view(seat) != state.view(seat):
            return Failure("resample", f"the input drawn for {whose} shows it another view", to_record(state))
        if drawn.decision() != state.decision():  # a seat's record keeps the decision: it must be public
            return Failure("resample", f"the input drawn for {whose} is at another decision "
                           f"('{drawn.decision()}', not '{state.decision()}')", to_record(state))
    return None


def fuzz_batch(name: str, seeds: Sequence[int], fixed: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    return [fuzz_game(name, s, fixed) for s in seeds]
