"""Building Hispania positions for tests: set the pieces directly, skip the setup.

A built position has no history, so it cannot be replayed; tests of records start from
``game.new_initial_state()`` instead.
"""

from __future__ import annotations

import importlib.util
import os
import random
import sys
from pathlib import Path
from types import ModuleType

import legatus
from legatus.core.agents import make_agent
from legatus.core.session import sample_outcome
from legatus.games.hispania.pieces import COLOURS, GENERALS, N_REVOLTS, NOT_IN_GAME, OFF
from legatus.games.hispania.rules import phases
from legatus.games.hispania.state import HispaniaState

ROOT = Path(__file__).resolve().parents[2]
TOOLS_ENV = {**os.environ, "PYTHONPATH": str(ROOT)}  # a tool run as a program imports this checkout's legatus


def script(folder: str, name: str) -> ModuleType:
    """``<folder>/<name>.py`` loaded as a module (tools and benchmarks are scripts, not packages),
    the scripts beside it importable as when it is run."""
    if str(ROOT / folder) not in sys.path:
        sys.path.insert(0, str(ROOT / folder))
    spec = importlib.util.spec_from_file_location(name, ROOT / folder / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def tool(name: str) -> ModuleType:
    """``tools/<name>.py`` loaded as a module."""
    return script("tools", name)


SETUP_EXAMPLE = [
    "roll 4", "roll 5", "roll 2", "roll 4", "roll 3", "roll 6",  # R5
    "roll II", "roll V",  # R6
    "road Corduba-Emerita", "road Emerita-Capara", "road Tarraco-Ilerda", "road Basti-Carthago Nova",  # R7
    "start Gades", "start Valentia", "start Mare Ibericum",  # R8
]


def position(
    level: str = "6-4-3-4-2",
    *,
    generals: dict[str, str | None] | None = None,
    fleets: tuple[str, ...] = ("Mare Balearicum", "Mare Ibericum", "Mare Gaditanum"),
    revolts: dict[str, int] | None = None,
    garrisons: dict[str, list[str]] | None = None,
    armies: tuple[str, ...] = (),
    roads: tuple[str, ...] = (),
    turn: int = 0,
    money: int | None = None,
    time: int = 0,
    **options: object,
) -> HispaniaState:
    """A position at the start of the Roman phase of general ``turn`` (0 = Ulterior),
    with exactly the pieces given. Generals default to Gades, Valentia and Mare Ibericum;
    give a general None to put him off the board (the proconsul: not in the game)."""
    game = legatus.load("hispania", level=level, **options)
    st = game.new_initial_state()
    board = st.board
    where = {"ulterior": "Gades", "citerior": "Valentia", "consul": "Mare Ibericum", "proconsul": None}
    where.update(generals or {})
    n = board.n_spaces
    st.revolts = [0] * n
    st.garrisons = [()] * n
    st.space_army = [-1] * n
    st.space_general = [-1] * n
    st.fleets = [0] * n
    st.army_at = [-1] * len(st.army_at)
    st.general_at = [OFF, OFF, OFF, NOT_IN_GAME]
    for sea in fleets:
        st.fleets[board.space(sea)] = 1
    for name, count in (revolts or {}).items():
        st.revolts[board.space(name)] = count
    for name in armies:
        st.put_army(st.army_at.index(-1), board.space(name))
    for name, colours in (garrisons or {}).items():
        st.garrisons[board.space(name)] = tuple(COLOURS.index(c) for c in colours)
    for g, general in enumerate(GENERALS):
        if where[general] is not None:
            st.put_general(g, board.space(where[general]))
    for road in roads:
        a, b = road.split("-")
        st.place_road(board.link(board.space(a), board.space(b)))
    st.revolt_reserve = N_REVOLTS - sum(st.revolts) - time
    if any(3 in stack for stack in st.garrisons):
        st.purple = -1  # the Legio Hispana is on the board
    st.time = time
    st.garrison_reserve = [st.level.garrisons - sum(s.count(g) for s in st.garrisons) for g in range(3)]
    st.turn = st.actor = turn
    st.stack = ((phases.ROMAN,),)  # the Roman phase, alone on the procedure stack
    st.money = st.level.denarii - st.general_at.count(-1) if money is None else money
    st.events = []
    st.forget_legal()
    return st


def waits_for(st: HispaniaState, purpose: int) -> bool:
    """Whether the game waits for the dice of ``purpose`` (a ``phases`` roll purpose)."""
    return st.phase == phases.ROLL and st.roll_for == purpose


def act(st: HispaniaState, *texts: str) -> HispaniaState:
    """Apply actions written in notation; returns the state."""
    for text in texts:
        st.apply_action(st.parse_action(text))
    return st


def legal(st: HispaniaState) -> set[str]:
    return {str(a) for a in st.legal_actions()}


def finish_setup(st: HispaniaState, seed: int = 0) -> HispaniaState:
    """Plays the rest of the setup with seeded random choices and dice, until the first
    Roman phase (or the first revolt roll, in a scenario that starts in a Hispanic phase)."""
    rng = random.Random(seed)
    while not (st.phase in (phases.ROMAN, phases.ENTER, phases.OVER) or waits_for(st, phases.REVOLT)):
        action = sample_outcome(st, rng) if st.is_chance_node() else rng.choice(st.legal_actions())
        st.apply_action(action)
    return st


def play_randomly(st: HispaniaState, rng: random.Random, max_steps: int = 10_000) -> HispaniaState:
    steps = 0
    while not st.is_terminal() and steps < max_steps:
        action = sample_outcome(st, rng) if st.is_chance_node() else rng.choice(st.legal_actions())
        st.apply_action(action)
        steps += 1
    return st


def agent_game(spec: str, seed: int, level: str = "easiest", max_steps: int | None = None) -> list[str]:
    """A game (its first ``max_steps`` actions, if given) with Rome played by the agent ``spec``,
    every choice checked legal; chance from ``seed``. Returns the actions as text."""
    game = legatus.load("hispania", level=level)
    agent = make_agent(game, spec, seed)
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal() and (max_steps is None or len(state.history()) < max_steps):
        if state.is_chance_node():
            action = sample_outcome(state, rng)
        else:
            action = agent.choose(state)
            assert action in state.legal_actions()
        state.apply_action(action)
    return [str(a) for a in state.history()]
