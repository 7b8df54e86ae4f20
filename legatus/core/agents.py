"""Agents: players that choose an action for the seat to move, ``agent.choose(state)``.

Every agent is seeded (same seed, same state → same choice) and explains its last choice in
``agent.reason`` (one short phrase, for the game log). Agents are named by a spec string:
``random``, ``mcts`` (or ``mcts:400`` simulations, ``mcts:2s`` seconds), ``flat`` (the
favourites compared on the same futures, :mod:`.flat`), ``ismcts`` and ``dmcts`` (for games
with secrets: information-set and determinized search), and the names a
game registers (Hispania: ``heuristic`` and ``planner``, a search of its own that takes a
budget as well: ``planner:2s``). Search agents build on another agent for their rollouts:
``mcts+heuristic:200``.

In a game with secrets an agent never gets the true state: a driver calls :func:`decide`,
which hands it a state drawn consistent with what its seat has seen (``state.resample``).
"""

from __future__ import annotations

import importlib
import math
import random
from typing import Protocol, runtime_checkable

from .actions import Action
from .errors import NoDecisionError, OptionError
from .game import Game, Information, State


class Agent(Protocol):
    reason: str

    def choose(self, state: State) -> Action:
        """A legal action for the seat to move in ``state``; :class:`NoDecisionError` at a chance
        node or the end (:func:`deciding_seat`). In a game with secrets ``state`` is a sample
        consistent with the seat's information."""
        ...


@runtime_checkable
class Ranker(Protocol):
    """An agent that can order the legal actions, best first (search keeps its favourites)."""

    def rank(self, state: State) -> list[Action]: ...


@runtime_checkable
class Evaluator(Protocol):
    """An agent that can value a position: each seat's expected return (search stops its
    rollouts early and backs this up). It may carry the settings that suit its values, where the
    search's defaults do not (:func:`search_setting`): ``horizon``, the actions a rollout plays
    before the value is taken; ``exploration``, the UCB constant of an information-set search."""

    def evaluate(self, state: State) -> list[float]: ...


HORIZON = 40
"""The actions a search's rollout plays before an evaluator values the position, by default."""
AGENT_TRIES = 3
"""How often a player of the game (the terminal, the web server) asks an agent that fails to
decide, each time on an input drawn anew, before it stops and says so."""


def deciding_seat(state: State) -> int:
    """The seat that decides in ``state``, where an agent's ``choose`` (or ``rank``, ``analyse``)
    starts: :class:`NoDecisionError` where none does, rather than an agent choosing the dice."""
    if state.is_terminal():
        raise NoDecisionError("no seat decides in a finished game: there is no action to choose")
    if state.is_chance_node():
        raise NoDecisionError("chance moves next, not a seat: the outcome is drawn "
                              "(legatus.core.session.sample_outcome) or typed in, not chosen by an agent")
    return state.current_player()


def search_setting(evaluator: Evaluator | None, name: str, given: float | None, default: float) -> float:
    """A search's setting ``name`` (``horizon``, ``exploration``): ``given`` if given, else the
    evaluator's own (its values' scale is its own), else ``default``."""
    own = getattr(evaluator, name, None)
    return given if given is not None else own if isinstance(own, (int, float)) else default


@runtime_checkable
class Seeded(Protocol):
    """An agent whose randomness is one generator (search reseeds it for common random numbers)."""

    rng: random.Random


def seat_input(state: State, rng: random.Random) -> State:
    """What the agent of the seat to move may be given: the state itself in a game without
    secrets; else a state drawn with ``rng`` among those consistent with the seat's
    information, which holds nothing the seat has not seen."""
    if state.game.information is Information.PERFECT:
        return state
    return state.resample(state.current_player(), rng)


def decide(agent: Agent, state: State, rng: random.Random | None = None) -> Action:
    """``agent``'s choice for the seat to move, given only what that seat may know.

    ``rng`` draws the hidden parts of the agent's input (by default a generator seeded by
    the length of the game, so that the same game gives the same input)."""
    if state.game.information is Information.PERFECT:
        return agent.choose(state)
    return agent.choose(seat_input(state, rng or random.Random(len(state.history()))))


class RandomAgent:
    """Uniformly random among the legal actions."""

    def __init__(self, game: Game, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.reason = ""

    def choose(self, state: State) -> Action:
        deciding_seat(state)
        self.reason = "at random"
        return self.rng.choice(state.legal_actions())


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
    name, _, budget = spec.strip().lower().partition(":")
    base, _, rollout = name.partition("+")
    if base == "random" and not budget and not rollout:
        return RandomAgent(game, seed)
    if base in SEARCHES and base in agent_names(game):
        from .flat import FlatAgent
        from .ismcts import DeterminizedMCTSAgent, ISMCTSAgent
        from .mcts import MCTSAgent

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


def _agent_class(target: str) -> type:
    module, _, attr = target.partition(":")
    cls: type = getattr(importlib.import_module(module), attr)
    return cls


def _searches(cls: type) -> bool:
    """Whether a game's agent is a search (built on the core's MCTS): it takes a budget, and
    is no rollout agent (a search in every rollout step would be unbounded)."""
    from .mcts import MCTSAgent

    return issubclass(cls, MCTSAgent)


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
