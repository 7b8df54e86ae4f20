"""Hints: what the game's strongest agent (``Game.HINT_AGENT``) would play for the seat to move,
with why, given only what that seat may know: the terminal's ``hint`` (the web's hint button asks
the server's bounded agent turn, legatus/web/live.py, for its one choice)."""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from .actions import Action
from .agent_types import Agent
from .agents import decide, make_agent, seat_input
from .game import Game, State
from .mcts import Analysis, estimate


@runtime_checkable
class Analyser(Protocol):
    """A search agent that can list the actions it weighed."""

    last_simulations: int

    def analyse(self, state: State) -> list[Analysis]: ...


def hint_agent(game: Game, seed: int | None, max_seconds: float | None = None) -> Agent:
    """The game's strongest agent (``Game.HINT_AGENT``), as the hint asks it. Its most visited
    action, not the near-tie rule of :data:`~.ismcts.NEAR`: that rule made the advice the same
    across seeds but lost 27 of 32 paired games at 32 simulations (issue 36, docs/hannibal/agents.md),
    and a hint must be the strongest advice."""
    return make_agent(game, type(game).HINT_AGENT, seed=seed, max_seconds=max_seconds)


def hints(state: State, count: int = 3, max_seconds: float | None = None) -> list[tuple[Action, str]]:
    """The hint agent's best actions for the seat to move, best first, each with why (a search
    agent's estimated win chance; else the agent's reason for its one choice). Seeded by the
    length of the game, so the same position gets the same hint; ``max_seconds`` bounds the
    search (a server's budget). ``state`` must be a decision."""
    agent = hint_agent(state.game, len(state.history()), max_seconds)
    if not isinstance(agent, Analyser):
        action = decide(agent, state)
        return [(action, agent.reason)]
    seat = state.current_player()
    given = seat_input(state, random.Random(len(state.history())))  # only what the seat may know
    return [(option.action, estimate(state.game.win_chance(option.mean[seat]), option.visits, agent.last_simulations))
            for option in agent.analyse(given)[:count]]
