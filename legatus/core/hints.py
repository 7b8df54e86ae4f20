"""Hints: what the game's strongest agent (``Game.HINT_AGENT``) would play for the seat to move,
with why, given only what that seat may know: the terminal's ``hint`` (the web's hint button asks
the server's bounded agent turn, legatus/web/live.py, for its one choice)."""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from .actions import Action
from .agent_types import Agent
from .agents import SEARCHES, close, decide, make_agent, own_searches, seat_input
from .game import Game, State
from .mcts import Analysis, estimate
from .parallel import reseed


@runtime_checkable
class Analyser(Protocol):
    """A search agent that can list the actions it weighed."""

    last_simulations: int

    def analyse(self, state: State) -> list[Analysis]: ...


def hint_agent(game: Game, seed: int | None, max_seconds: float | None = None, workers: int = 1) -> Agent:
    """The game's strongest agent (``Game.HINT_AGENT``), as the hint asks it, its search shared
    among ``workers`` processes (:mod:`.parallel`). The agent as it plays: IS-MCTS without its
    near-tie rule (:data:`~.ismcts.NEAR` made the advice the same across seeds but lost 27 of 32
    paired games at 32 simulations: issue 36, docs/hannibal/agents.md; a hint must be the strongest
    advice measured), the flat search with the one its ranking carries (Hannibal's heuristic's
    ``tie``, in the games of issue 36's fifth round), on ``workers`` too."""
    return make_agent(game, hint_spec(game, workers), seed=seed, max_seconds=max_seconds)


def hint_spec(game: Game, workers: int = 1) -> str:
    """The hint agent's spec, its search shared among ``workers`` processes (``@N``), or as many
    as it has simulations, where it is a search, the core's or the game's own (``flat+heuristic:256`` on 2
    workers: ``flat+heuristic:256@2``); a game's own agent stays in one (the core's doctests load
    no game: tests/web/test_hint_workers.py)."""
    spec = type(game).HINT_AGENT
    budget = spec.partition(":")[2]
    shares = min(workers, int(budget)) if budget.isascii() and budget.isdigit() else workers
    shared = shares > 1 and spec.partition("+")[0].partition(":")[0] in (*SEARCHES, *own_searches(game))
    return f"{spec}@{shares}" if shared else spec


class Hints:
    """Hints in one game (:func:`hints`), the search shared among ``workers`` processes that are
    kept from one hint to the next (a terminal's, a benchmark's); :meth:`close` ends them. A
    position gets the same hint each time it is asked: each is seeded by the position, the root's
    candidates ranked with that seed too (a tie broken the same way). ``workers`` > 1 gives a
    root-parallel search's hint, which need not be one process's."""

    def __init__(self, game: Game, workers: int = 1, max_seconds: float | None = None) -> None:
        self.max_seconds = max_seconds
        self._kept = hint_agent(game, None, max_seconds, workers) if workers > 1 else None
        self.last_simulations = 0

    def __call__(self, state: State, count: int = 3) -> list[tuple[Action, str]]:
        """The hint agent's best actions for the seat to move, best first, each with why."""
        seed = len(state.history())
        agent = self._kept
        if agent is None:
            agent = hint_agent(state.game, seed, self.max_seconds)
        else:
            reseed(agent, seed)
        found = _hints(agent, state, count)
        self.last_simulations = agent.last_simulations if isinstance(agent, Analyser) else 0
        return found

    def close(self) -> None:
        close(self._kept)


def hints(state: State, count: int = 3, max_seconds: float | None = None) -> list[tuple[Action, str]]:
    """The hint agent's best actions for the seat to move, best first, each with why (a search
    agent's estimated win chance, and where another shows more, why the first is chosen: the
    move tried most, whose estimate is the surest; else the agent's reason for its one choice).
    Seeded by the length of the game, so the same position gets the same hint; ``max_seconds``
    bounds the search (a server's budget). ``state`` must be a decision."""
    return Hints(state.game, 1, max_seconds)(state, count)


def _hints(agent: Agent, state: State, count: int) -> list[tuple[Action, str]]:
    if not isinstance(agent, Analyser):
        action = decide(agent, state)
        return [(action, agent.reason)]
    seat = state.current_player()
    given = seat_input(state, random.Random(len(state.history())))  # only what the seat may know
    options = agent.analyse(given)[:count]
    chances = [state.game.win_chance(option.mean[seat]) for option in options]
    found = [(option.action, estimate(chance, option.visits, agent.last_simulations))
             for option, chance in zip(options, chances, strict=True)]
    above = [o for o, c in zip(options[1:], chances[1:], strict=True) if round(c * 100) > round(chances[0] * 100)]
    if above:  # an alternative shows more: why the hint is not that one
        best = options[0]
        why = ("chosen as the move tried most, the surest estimate" if all(o.visits < best.visits for o in above)
               else "chosen among near ties by the agent's own ranking")  # a flat search's (flat.settle_ties)
        found[0] = (best.action, f"{found[0][1]}; {why}")
    return found
