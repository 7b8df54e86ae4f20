"""Agents: players that choose an action for the seat to move, ``agent.choose(state)``.

Every agent is seeded (same seed, same state → same choice) and explains its last choice in
``agent.reason`` (one short phrase, for the game log). Agents are named by a spec string:
``random``, ``mcts`` (or ``mcts:400`` simulations, ``mcts:2s`` seconds), ``flat`` (the
favourites compared on the same futures, :mod:`.flat`), ``ismcts`` and ``dmcts`` (for games
with secrets: information-set and determinized search), and the names a
game registers (Hispania: ``heuristic`` and ``planner``, a search of its own that takes a
budget as well: ``planner:2s``). Search agents build on another agent for their rollouts:
``mcts+heuristic:200``, and may share their budget among worker processes: ``mcts+heuristic:400@2``
(:mod:`.parallel`; :func:`close` ends them).

The agent types and :func:`decide` live in :mod:`.agent_types`; they are named here too, so that
a driver needs one import.
"""

from __future__ import annotations

import importlib
import math

from .agent_types import (
    AGENT_TRIES,
    HORIZON,
    Agent,
    Evaluator,
    RandomAgent,
    Ranker,
    Seeded,
    decide,
    deciding_seat,
    search_setting,
    seat_input,
)
from .errors import OptionError
from .flat import FlatAgent
from .game import Game, Information, State
from .ismcts import DeterminizedMCTSAgent, ISMCTSAgent
from .mcts import Analysis, MCTSAgent
from .parallel import MAX_WORKERS, RootParallel, close, share_budget, warm

__all__ = [
    "AGENT_TRIES", "HORIZON", "SEARCHES", "Agent", "Evaluator", "RandomAgent", "Ranker", "Seeded",
    "agent_names", "close", "deciding_seat", "decide", "make_agent", "own_searches", "search_setting", "seat_input",
    "warm",
]


SEARCHES = ("mcts", "flat", "ismcts", "dmcts")
"""The search agents, which take a budget and a rollout agent (``mcts+heuristic:200``)."""


def agent_names(game: Game) -> list[str]:
    """The agents of ``game``: random, its searches (those for secrets only where it has some), its own."""
    search = SEARCHES if game.information is Information.IMPERFECT else SEARCHES[:2]
    return ["random", *search, *type(game).AGENTS]


def own_searches(game: Game) -> list[str]:
    """The game's own agents that search (Hispania's ``planner``): they take a budget as the
    core's searches do, and play no rollouts of another search."""
    return [name for name, target in type(game).AGENTS.items() if _searches(_agent_class(target))]


def make_agent(game: Game, spec: str, seed: int | None = None, max_seconds: float | None = None) -> Agent:
    """The agent named by ``spec`` for ``game``, seeded with ``seed``; ``max_seconds`` bounds
    every decision of a search agent, whatever its spec says."""
    body, at, workers = spec.strip().lower().partition("@")
    if at:
        return _root_parallel(game, spec, body, workers, seed, max_seconds)
    name, _, budget = body.partition(":")
    base, _, rollout = name.partition("+")
    if base == "random" and not budget and not rollout:
        return RandomAgent(game, seed)
    if base in SEARCHES and base in agent_names(game):
        simulations, seconds = _budget(spec, budget, type(game).SEARCH_BUDGET)
        if rollout in own_searches(game):
            others = [n for n in type(game).AGENTS if n not in own_searches(game)]
            raise OptionError(f"agent '{spec}': '{rollout}' searches and cannot play a search's rollouts; "
                              f"rollout agents: {', '.join(['random', *others])}")
        rollout_agent = make_agent(game, rollout, None if seed is None else seed + 1, max_seconds) if rollout else None
        search: type[MCTSAgent | ISMCTSAgent | DeterminizedMCTSAgent] = \
            {"mcts": MCTSAgent, "flat": FlatAgent, "ismcts": ISMCTSAgent, "dmcts": DeterminizedMCTSAgent}[base]
        return search(game, simulations=simulations, seconds=seconds, rollout=rollout_agent, seed=seed,
                      max_seconds=max_seconds)
    target = type(game).AGENTS.get(base)
    cls = None if target is None or rollout else _agent_class(target)
    if cls is None or budget and not _searches(cls):
        valid = ", ".join([*agent_names(game), "<search>:<simulations>", "<search>:<seconds>s", "<search>+<agent>"])
        raise OptionError(f"unknown agent '{spec}' for {game.name}; agents: {valid}")
    if _searches(cls):  # a game's own search (Hispania's planner) takes a budget as the core's do
        simulations, seconds = _budget(spec, budget, type(game).SEARCH_BUDGET) if budget else (None, None)
        agent: Agent = cls(game, seed, simulations=simulations, seconds=seconds, max_seconds=max_seconds)
    else:
        agent = cls(game, seed)
    return agent


def _root_parallel(game: Game, spec: str, body: str, workers_text: str, seed: int | None,
                   max_seconds: float | None) -> Agent:
    """``body@workers``: the search ``body``, its budget shared among ``workers`` processes (one:
    the search itself, in this process)."""
    base = body.partition("+")[0].partition(":")[0]
    own = own_searches(game)  # a game's own searches (VIAE's guided) share their budget as the core's do
    if base not in SEARCHES and base not in own:
        raise OptionError(f"agent '{spec}': only a search ({', '.join([*SEARCHES, *own])}) takes @<worker processes>")
    if not (workers_text.isascii() and workers_text.isdigit()) or not 1 <= int(workers_text) <= MAX_WORKERS:
        raise OptionError(f"agent '{spec}': @ takes the number of worker processes, "
                          f"from 1 to {MAX_WORKERS} (mcts+heuristic:400@2)")
    workers = int(workers_text)
    name, _, budget = body.partition(":")
    simulations = _budget(spec, budget, type(game).SEARCH_BUDGET)[0]  # None: a budget in seconds
    agent = make_agent(game, body, seed, max_seconds)
    if workers == 1:
        return agent
    if base in own and not budget:  # a game's own search takes its own default (guided's 150)
        simulations = getattr(agent, "simulations", None)
    if simulations is None:
        specs = [body] * workers  # seconds: each worker searches for as long
    elif simulations < workers:
        raise OptionError(f"agent '{spec}': {simulations} simulations cannot be shared among {workers} workers")
    else:
        specs = [f"{name}:{share}" for share in share_budget(simulations, workers)]
    assert isinstance(agent, (MCTSAgent, ISMCTSAgent, DeterminizedMCTSAgent))
    # a determinized search ranks each guess's root its own way, as in one process: no shared root
    rank = None if isinstance(agent, DeterminizedMCTSAgent) else agent.root_candidates
    tie = agent.near_tie if isinstance(agent, FlatAgent) else None
    agent.parallel = RootParallel(search_share, specs, seed, max_seconds, rank, isinstance(agent, FlatAgent), tie)
    return agent


def search_share(state: State, spec: str, seed: int, max_seconds: float | None,
                 root: list[int] | None = None) -> tuple[list[Analysis], int]:
    """One worker's search (:class:`~.parallel.RootParallel`): ``spec`` seeded with ``seed`` from
    ``state``, its root's candidates ``root`` where given; its root's actions and the simulations
    it ran."""
    agent = make_agent(state.game, spec, seed, max_seconds)
    assert isinstance(agent, (MCTSAgent, ISMCTSAgent, DeterminizedMCTSAgent))
    if root is not None and not isinstance(agent, DeterminizedMCTSAgent):
        agent.root_actions = [state.game.actions[a] for a in root]
    ranked = agent.analyse(state)
    return ranked, agent.last_simulations


def _agent_class(target: str) -> type:
    module, _, attr = target.partition(":")
    cls: type = getattr(importlib.import_module(module), attr)
    return cls


def _searches(cls: type) -> bool:
    """Whether a game's agent is a search (built on the core's MCTS or IS-MCTS): it takes a
    budget, and is no rollout agent (a search in every rollout step would be unbounded)."""
    return issubclass(cls, (MCTSAgent, ISMCTSAgent))


def _budget(spec: str, budget: str, default: int) -> tuple[int | None, float | None]:
    if not budget:
        return default, None
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
