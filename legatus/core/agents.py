"""Agents: players that choose an action for the seat to move, ``agent.choose(state)``.

Every agent is seeded (same seed, same state → same choice) and explains its last choice in
``agent.reason`` (one short phrase, for the game log). Agents are named by a spec string:
``random``, ``mcts`` (or ``mcts:400`` simulations, ``mcts:2s`` seconds), and the names a game
registers (Hispania: ``heuristic``). Search agents build on another agent for their rollouts:
``mcts+heuristic:200``.
"""

from __future__ import annotations

import importlib
import math
import random
from typing import Protocol

from .actions import Action
from .errors import OptionError
from .game import Game, State


class Agent(Protocol):
    reason: str

    def choose(self, state: State) -> Action:
        """A legal action for the seat to move in ``state`` (not a chance node)."""
        ...


class RandomAgent:
    """Uniformly random among the legal actions."""

    def __init__(self, game: Game, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.reason = ""

    def choose(self, state: State) -> Action:
        self.reason = "at random"
        return self.rng.choice(state.legal_actions())


def agent_names(game: Game) -> list[str]:
    return ["random", "mcts", *type(game).AGENTS]


def make_agent(game: Game, spec: str, seed: int | None = None, max_seconds: float | None = None) -> Agent:
    """The agent named by ``spec`` for ``game``, seeded with ``seed``; ``max_seconds`` bounds
    every decision of a search agent, whatever its spec says.

    >>> import legatus
    >>> make_agent(legatus.load("hispania"), "mcts+heuristic:50", seed=1).simulations
    50
    """
    name, _, budget = spec.strip().lower().partition(":")
    base, _, rollout = name.partition("+")
    if base == "random" and not budget and not rollout:
        return RandomAgent(game, seed)
    if base == "mcts":
        from .mcts import MCTSAgent

        simulations, seconds = _budget(spec, budget)
        rollout_agent = make_agent(game, rollout, None if seed is None else seed + 1, max_seconds) if rollout else None
        return MCTSAgent(game, simulations=simulations, seconds=seconds, rollout=rollout_agent, seed=seed,
                         max_seconds=max_seconds)
    target = type(game).AGENTS.get(base)
    if target is None or budget or rollout:
        valid = ", ".join([*agent_names(game), "mcts:<simulations>", "mcts:<seconds>s", "mcts+<agent>"])
        raise OptionError(f"unknown agent '{spec}' for {game.name}; agents: {valid}")
    module, _, attr = target.partition(":")
    cls = getattr(importlib.import_module(module), attr)
    agent: Agent = cls(game, seed)
    return agent


def _budget(spec: str, budget: str) -> tuple[int | None, float | None]:
    if not budget:
        return 200, None
    try:
        if budget.endswith("s"):
            seconds = float(budget[:-1])
            if 0 < seconds < math.inf:
                return None, seconds
        elif int(budget) > 0:
            return int(budget), None
    except ValueError:
        pass
    raise OptionError(f"agent '{spec}': the budget is a number of simulations (mcts:400) or of seconds (mcts:2s)")
